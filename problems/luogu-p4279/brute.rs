// The brute force of `grundy stress`: misere Nim played out, a memoized win/lose search over
// whole positions (the player who takes the last stone loses, so the player facing no stones
// has won).
use std::collections::HashMap;
use templates::fast_io::{Scanner, Writer};

/// Whether the player to move wins on the sorted nonempty piles `piles`.
fn mover_wins(piles: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if piles.is_empty() {
        return true;
    }
    if let Some(&wins) = memo.get(&piles) {
        return wins;
    }
    let mut wins = false;
    'moves: for i in 0..piles.len() {
        for left in 0..piles[i] {
            let mut next = piles.clone();
            next[i] = left;
            next.retain(|&p| p > 0);
            next.sort_unstable();
            if !mover_wins(next, memo) {
                wins = true;
                break 'moves;
            }
        }
    }
    memo.insert(piles, wins);
    wins
}

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut memo = HashMap::new();
    for _ in 0..input.usize() {
        let n = input.usize();
        let mut piles: Vec<u64> = (0..n).map(|_| input.u64()).collect();
        piles.sort_unstable();
        let wins = mover_wins(piles, &mut memo);
        out.str(if wins { "John\n" } else { "Brother\n" });
    }
}
