// problem: custom (after Codeforces 1310F "Bad Cryptography")
// Statement: nim-log/README.md. Discrete log by Pohlig-Hellman; at most 100 queries.
use templates::fast_io::{Scanner, Writer};
use templates::nimber_field::NimField;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let field = NimField::new();
    for _ in 0..input.usize() {
        let (a, b) = (input.u64(), input.u64());
        match field.log(a, b) {
            Some(x) => out.u64(x),
            None => out.str("-1"),
        };
        out.byte(b'\n');
    }
}
