// The brute force of `grundy stress`: Wythoff's game played out (take from one pile, or the
// same number from both), Grundy values by `MemoSg`.
use templates::fast_io::{Scanner, Writer};
use templates::memo_sg::MemoSg;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut game = MemoSg::new(|&(a, b): &(u64, u64), options: &mut Vec<(u64, u64)>| {
        options.extend((0..a).map(|left| (left, b)));
        options.extend((0..b).map(|left| (a, left)));
        options.extend((1..=a.min(b)).map(|take| (a - take, b - take)));
    });
    while let Some(a) = input.try_u64() {
        let b = input.u64();
        out.str(if game.grundy((a, b)) != 0 {
            "1\n"
        } else {
            "0\n"
        });
    }
}
