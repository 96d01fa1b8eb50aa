// The brute force of `grundy stress`: powers of a listed one by one with the nim product by
// its definition (the minimum excludant of (a' * b) ^ (a * b') ^ (a' * b'), tabled below 16,
// a field), until b appears or the powers come round again.
use templates::fast_io::{Scanner, Writer};

const SIDE: usize = 16;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut product = [[0usize; SIDE]; SIDE];
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
            "the brute force knows nimbers below {SIDE} only"
        );
        let mut power = 1;
        let mut seen = Vec::new();
        let mut x = 0u64;
        let log = loop {
            if power == b {
                break Some(x);
            }
            if seen.contains(&power) {
                break None;
            }
            seen.push(power);
            power = product[power][a];
            x += 1;
        };
        match log {
            Some(x) => out.u64(x),
            None => out.str("-1"),
        };
        out.byte(b'\n');
    }
}
