// The brute force of `grundy stress`: Moore's Nim played out over whole positions (a move
// takes at least one stone from each of 1 to k nonempty piles), Grundy values by `MemoSg`.
use templates::fast_io::{Scanner, Writer};
use templates::memo_sg::MemoSg;

/// Every position reached by taking from some of `piles[from..]` (each taken pile losing
/// 1 or more), at most `left` more piles, into `options`; `taken` says whether one was.
fn take(piles: &mut Vec<u64>, from: usize, left: usize, taken: bool, options: &mut Vec<Vec<u64>>) {
    if from == piles.len() || left == 0 {
        if taken {
            let mut option = piles.clone();
            option.sort_unstable();
            options.push(option);
        }
        return;
    }
    take(piles, from + 1, left, taken, options);
    let size = piles[from];
    for remaining in 0..size {
        piles[from] = remaining;
        take(piles, from + 1, left - 1, true, options);
    }
    piles[from] = size;
}

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    for _ in 0..input.usize() {
        let (n, k) = (input.usize(), input.usize());
        let mut piles: Vec<u64> = (0..n).map(|_| input.u64()).collect();
        piles.sort_unstable();
        // A position: its piles, sorted; k is the case's.
        let mut game = MemoSg::new(|piles: &Vec<u64>, options: &mut Vec<Vec<u64>>| {
            take(&mut piles.clone(), 0, k, false, options)
        });
        out.str(if game.grundy(piles) != 0 {
            "First\n"
        } else {
            "Second\n"
        });
    }
}
