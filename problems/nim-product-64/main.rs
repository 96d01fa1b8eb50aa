// problem: https://judge.yosupo.jp/problem/nim_product_64
use templates::fast_io::{Scanner, Writer};
use templates::nimber::NimProduct;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let nim = NimProduct::new();
    for _ in 0..input.usize() {
        let (a, b) = (input.u64(), input.u64());
        out.u64(nim.mul(a, b)).byte(b'\n');
    }
}
