// The brute force of `grundy stress`: the coin game played out on the cells with both
// coordinates below 4 (a move picks a head at (x, y) and a cell (a, b), a < x, b < y, and
// turns over the four corners), the heads as a 16-bit mask, Grundy values by `MemoSg`.
use templates::fast_io::{Scanner, Writer};
use templates::memo_sg::MemoSg;

const SIDE: u64 = 4;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let bit = |x: u64, y: u64| 1u16 << (y * SIDE + x);
    let mut game = MemoSg::new(|&heads: &u16, options: &mut Vec<u16>| {
        for x in 0..SIDE {
            for y in 0..SIDE {
                if heads & bit(x, y) == 0 {
                    continue;
                }
                for a in 0..x {
                    for b in 0..y {
                        options.push(heads ^ bit(x, y) ^ bit(a, y) ^ bit(x, b) ^ bit(a, b));
                    }
                }
            }
        }
    });
    for _ in 0..input.usize() {
        let mut heads = 0;
        for _ in 0..input.usize() {
            let (x, y) = (input.u64(), input.u64());
            assert!(
                x < SIDE && y < SIDE,
                "the brute force knows cells below {SIDE} only"
            );
            heads |= bit(x, y);
        }
        out.str(if game.grundy(heads) != 0 {
            "First\n"
        } else {
            "Second\n"
        });
    }
}
