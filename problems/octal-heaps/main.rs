// problem: custom
// Statement: octal-heaps/README.md.
use templates::fast_io::{Scanner, Writer};
use templates::octal::Octal;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let code = String::from_utf8_lossy(input.token().expect("an octal code")).into_owned();
    let game = Octal::parse(&code).unwrap_or_else(|e| panic!("{e}"));
    // The statement promises a period provable from G(0..5000) (Guy-Smith).
    let grundy = game
        .proven_grundy(5000)
        .expect("a period proven within 5000 values");
    let q = input.usize();
    for _ in 0..q {
        let h = input.usize();
        let xor = (0..h).fold(0, |x, _| x ^ grundy.value(input.u64()));
        out.str(if xor != 0 { "First\n" } else { "Second\n" });
    }
}
