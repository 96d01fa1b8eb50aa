// The brute force of `grundy stress`: Lasker's Nim played out over whole positions (a move
// takes stones from one pile, or splits one pile in two), Grundy values by `MemoSg`.
use templates::fast_io::{Scanner, Writer};
use templates::memo_sg::MemoSg;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    // A position: its nonempty piles, sorted.
    let mut game = MemoSg::new(|piles: &Vec<u64>, options: &mut Vec<Vec<u64>>| {
        for i in 0..piles.len() {
            let others = || {
                piles
                    .iter()
                    .enumerate()
                    .filter(move |&(j, _)| j != i)
                    .map(|(_, &p)| p)
            };
            let mut reached = Vec::new();
            for left in 0..piles[i] {
                reached.push(others().chain([left]).collect::<Vec<u64>>());
            }
            for part in 1..piles[i] {
                reached.push(others().chain([part, piles[i] - part]).collect());
            }
            for mut option in reached {
                option.retain(|&p| p > 0);
                option.sort_unstable();
                options.push(option);
            }
        }
    });
    for _ in 0..input.usize() {
        let n = input.usize();
        let mut piles: Vec<u64> = (0..n).map(|_| input.u64()).collect();
        piles.sort_unstable();
        out.str(if game.grundy(piles) != 0 {
            "Alice\n"
        } else {
            "Bob\n"
        });
    }
}
