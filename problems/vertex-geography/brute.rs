// The brute force of `grundy stress`: the token moved along the graph's edges to unvisited
// vertices, every line of play searched (memoized on the token's vertex and the visited set).
use std::collections::HashMap;
use templates::fast_io::{Scanner, Writer};

/// Whether the player to move wins with the token on `at`, `visited` holding it.
fn mover_wins(
    at: usize,
    visited: u32,
    neighbours: &[Vec<usize>],
    memo: &mut HashMap<(usize, u32), bool>,
) -> bool {
    if let Some(&wins) = memo.get(&(at, visited)) {
        return wins;
    }
    let wins = neighbours[at]
        .iter()
        .filter(|&&next| visited & 1 << next == 0)
        .any(|&next| !mover_wins(next, visited | 1 << next, neighbours, memo));
    memo.insert((at, visited), wins);
    wins
}

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let (n, m) = (input.usize(), input.usize());
    assert!(
        n <= 20,
        "the brute force knows graphs of at most 20 vertices"
    );
    let mut neighbours = vec![Vec::new(); n];
    for _ in 0..m {
        let (u, v) = (input.usize() - 1, input.usize() - 1);
        neighbours[u].push(v);
        neighbours[v].push(u);
    }
    let mut memo = HashMap::new();
    for start in 0..n {
        let wins = mover_wins(start, 1 << start, &neighbours, &mut memo);
        out.byte(if wins { b'W' } else { b'L' });
    }
    out.byte(b'\n');
}
