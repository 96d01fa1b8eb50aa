// The brute force of `grundy stress`: GG and MM played out over whole positions (each turn
// makes one move in every game not yet ended, a move taking a multiple of the smaller pile
// from the larger), by a memoized win/lose search.
use std::collections::HashMap;
use templates::fast_io::{Scanner, Writer};

/// Whether the player to move wins with the unfinished games `games`, each (larger,
/// smaller) and sorted.
fn mover_wins(games: Vec<(u64, u64)>, memo: &mut HashMap<Vec<(u64, u64)>, bool>) -> bool {
    if games.is_empty() {
        return false;
    }
    if let Some(&wins) = memo.get(&games) {
        return wins;
    }
    // Every combination of one move in each game: the games still going after it.
    let mut after: Vec<Vec<(u64, u64)>> = vec![Vec::new()];
    for &(big, small) in &games {
        let moves: Vec<Option<(u64, u64)>> = (1..=big / small)
            .map(|k| {
                let rest = big - k * small;
                (rest > 0).then(|| (rest.max(small), rest.min(small)))
            })
            .collect();
        after = after
            .iter()
            .flat_map(|partial| {
                moves.iter().map(move |game| {
                    let mut next = partial.clone();
                    next.extend(*game);
                    next
                })
            })
            .collect();
    }
    let wins = after.into_iter().any(|mut next| {
        next.sort_unstable();
        !mover_wins(next, memo)
    });
    memo.insert(games, wins);
    wins
}

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut memo = HashMap::new();
    while let Some(n) = input.try_usize() {
        let mut games: Vec<(u64, u64)> = (0..n)
            .map(|_| {
                let (p, q) = (input.u64(), input.u64());
                (p.max(q), p.min(q))
            })
            .collect();
        games.sort_unstable();
        out.str(if mover_wins(games, &mut memo) {
            "MM\n"
        } else {
            "GG\n"
        });
    }
}
