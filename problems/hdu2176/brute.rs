// The brute force of `grundy stress`: every move of every Nim position tried, each result
// decided by a game search over whole positions (Grundy values by `MemoSg`); the winning
// moves are those that leave a lost position.
use templates::fast_io::{Scanner, Writer};
use templates::memo_sg::MemoSg;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    // A position: its piles, sorted.
    let mut game = MemoSg::new(|piles: &Vec<u64>, options: &mut Vec<Vec<u64>>| {
        for i in 0..piles.len() {
            for left in 0..piles[i] {
                let mut option = piles.clone();
                option[i] = left;
                option.sort_unstable();
                options.push(option);
            }
        }
    });
    let sorted = |mut piles: Vec<u64>| {
        piles.sort_unstable();
        piles
    };
    loop {
        let m = input.usize();
        if m == 0 {
            break;
        }
        let piles: Vec<u64> = (0..m).map(|_| input.u64()).collect();
        let mut winning = Vec::new();
        for i in 0..m {
            for left in 0..piles[i] {
                let mut after = piles.clone();
                after[i] = left;
                if game.grundy(sorted(after)) == 0 {
                    winning.push((piles[i], left));
                }
            }
        }
        if winning.is_empty() {
            out.str("No\n");
        } else {
            out.str("Yes\n");
            for (size, left) in winning {
                out.u64(size).byte(b' ').u64(left).byte(b'\n');
            }
        }
    }
}
