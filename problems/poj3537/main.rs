// problem: http://poj.org/problem?id=3537
use templates::fast_io::{Scanner, Writer};
use templates::octal::Octal;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut strips = Vec::new();
    while let Some(n) = input.try_usize() {
        if n < 3 {
            eprintln!("poj3537: a strip needs at least 3 cells, got {n}");
            std::process::exit(1);
        }
        strips.push(n);
    }
    // Treblecross is the octal game 0.11337 on the cells where an X is still safe.
    let treblecross = Octal::parse("0.11337").expect("a valid octal code");
    let values = treblecross.grundy_values(strips.iter().copied().max().unwrap_or(0));
    for n in strips {
        out.str(if values[n] != 0 { "1\n" } else { "2\n" });
    }
}
