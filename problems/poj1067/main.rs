// problem: http://poj.org/problem?id=1067
use templates::fast_io::{Scanner, Writer};
use templates::wythoff::is_cold;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(a) = input.try_u64() {
        let b = input.u64();
        let answer = if is_cold(a, b) { "0" } else { "1" };
        out.str(answer).byte(b'\n');
    }
}
