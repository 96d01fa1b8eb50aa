// The brute force of `grundy stress`: the nim product by its definition, the minimum
// excludant of (a' * b) ^ (a * b') ^ (a' * b') over a' < a, b' < b, tabled for a, b < 32.
use templates::fast_io::{Scanner, Writer};

const SIDE: usize = 32;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut product = [[0u64; SIDE]; SIDE];
    for a in 0..SIDE {
        for b in 0..SIDE {
            let mut seen = Vec::new();
            for x in 0..a {
                for y in 0..b {
                    seen.push(product[x][b] ^ product[a][y] ^ product[x][y]);
                }
            }
            product[a][b] = (0..).find(|v| !seen.contains(v)).expect("a mex exists");
        }
    }
    for _ in 0..input.usize() {
        let (a, b) = (input.usize(), input.usize());
        assert!(
            a < SIDE && b < SIDE,
            "the brute force knows products below {SIDE} only"
        );
        out.u64(product[a][b]).byte(b'\n');
    }
}
