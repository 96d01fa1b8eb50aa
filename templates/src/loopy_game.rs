//! Description: Games on a directed graph that may have cycles ("loopy" games): a token sits
//! on a vertex, a move follows an edge, and the player to move at a vertex without moves
//! loses. Every vertex is WIN (some move reaches a LOSE vertex), LOSE (every move reaches a
//! WIN vertex) or DRAW (play can go on forever: neither player can force a win). Retrograde
//! analysis: start from the vertices without moves, walk edges backwards, and count for each
//! vertex how many of its moves still lead to undecided or WIN vertices; whatever is never
//! decided is DRAW. The catch: Grundy values do not exist here (use `dag_sg` on acyclic
//! graphs); parallel edges and self-loops are fine (a self-loop is a pass that can draw).
//!
//! Usage:
//! ```
//! use templates::loopy_game::{loopy_outcomes, Outcome};
//! // 0 -> 1 -> 2 (2 has no move), and 3 <-> 4 forever.
//! let outcomes = loopy_outcomes(5, &[(0, 1), (1, 2), (3, 4), (4, 3)]);
//! assert_eq!(outcomes[..3], [Outcome::Lose, Outcome::Win, Outcome::Lose]);
//! assert_eq!(outcomes[3], Outcome::Draw);
//! ```
//!
//! Time: O(n + m) for n vertices and m edges.
//!
//! Memory: O(n + m).
//!
//! Source: retrograde analysis (Ströhlein 1970; Thompson 1986 for chess endgames); outcome
//! classes of loopy games in Berlekamp, Conway and Guy, Winning Ways, vol. 2, ch. 11 (1982).
//!
//! Status: exhaustive: every directed graph (self-loops included) on up to 4 vertices,
//! against a fixpoint iteration of the rules and a depth-bounded minimax; 3000 random
//! multigraphs on up to 10 vertices and 50 on 2000 vertices against the fixpoint; a chain
//! and a cycle of 10^6 vertices. Problems: none in the set yet (general tool).

/// Result for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Lose,
    Draw,
}

/// Outcome of every vertex of the game graph on `0..n`; `moves` are edges `(from, to)`.
pub fn loopy_outcomes(n: usize, moves: &[(usize, usize)]) -> Vec<Outcome> {
    // Reverse adjacency in compressed form: predecessors of v are back[start[v]..start[v+1]].
    let mut start = vec![0usize; n + 1];
    let mut open_moves = vec![0usize; n];
    for &(from, to) in moves {
        assert!(
            from < n && to < n,
            "move ({from}, {to}) has a vertex outside 0..{n}"
        );
        start[to] += 1;
        open_moves[from] += 1;
    }
    for v in 0..n {
        start[v + 1] += start[v];
    }
    let mut back = vec![0usize; moves.len()];
    for &(from, to) in moves {
        start[to] -= 1;
        back[start[to]] = from;
    }
    let mut outcome = vec![Outcome::Draw; n];
    let mut decided = vec![false; n];
    let mut queue: Vec<usize> = (0..n).filter(|&v| open_moves[v] == 0).collect();
    queue
        .iter()
        .for_each(|&v| (outcome[v], decided[v]) = (Outcome::Lose, true));
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        for &u in &back[start[v]..start[v + 1]] {
            if decided[u] {
                continue;
            }
            if outcome[v] == Outcome::Lose {
                outcome[u] = Outcome::Win;
            } else {
                // u's move to v is a losing one; u loses when no other move is left.
                open_moves[u] -= 1;
                if open_moves[u] > 0 {
                    continue;
                }
                outcome[u] = Outcome::Lose;
            }
            decided[u] = true;
            queue.push(u);
        }
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    fn successors(n: usize, moves: &[(usize, usize)]) -> Vec<Vec<usize>> {
        let mut next = vec![Vec::new(); n];
        moves.iter().for_each(|&(a, b)| next[a].push(b));
        next
    }

    /// Applies the WIN/LOSE rules to every vertex again and again until nothing changes.
    fn fixpoint(n: usize, moves: &[(usize, usize)]) -> Vec<Outcome> {
        let next = successors(n, moves);
        let mut known: Vec<Option<Outcome>> = vec![None; n];
        loop {
            let mut changed = false;
            for v in 0..n {
                if known[v].is_some() {
                    continue;
                }
                if next[v].iter().any(|&u| known[u] == Some(Outcome::Lose)) {
                    known[v] = Some(Outcome::Win);
                } else if next[v].iter().all(|&u| known[u] == Some(Outcome::Win)) {
                    known[v] = Some(Outcome::Lose);
                } else {
                    continue;
                }
                changed = true;
            }
            if !changed {
                return known.iter().map(|k| k.unwrap_or(Outcome::Draw)).collect();
            }
        }
    }

    /// Minimax looking `plies` moves ahead: Win/Lose if forced within that many moves.
    fn minimax(n: usize, moves: &[(usize, usize)]) -> Vec<Outcome> {
        let next = successors(n, moves);
        // A forced result takes fewer than n moves (optimal play never repeats a vertex).
        let plies = n + 1;
        let mut memo = vec![vec![None; n]; plies + 1];
        fn search(
            v: usize,
            plies: usize,
            next: &[Vec<usize>],
            memo: &mut [Vec<Option<Outcome>>],
        ) -> Outcome {
            if let Some(known) = memo[plies][v] {
                return known;
            }
            let result = if next[v].is_empty() {
                Outcome::Lose
            } else if plies == 0 {
                Outcome::Draw
            } else {
                let replies: Vec<Outcome> = next[v]
                    .iter()
                    .map(|&u| search(u, plies - 1, next, memo))
                    .collect();
                if replies.contains(&Outcome::Lose) {
                    Outcome::Win
                } else if replies.iter().all(|&r| r == Outcome::Win) {
                    Outcome::Lose
                } else {
                    Outcome::Draw
                }
            };
            memo[plies][v] = Some(result);
            result
        }
        (0..n).map(|v| search(v, plies, &next, &mut memo)).collect()
    }

    #[test]
    fn every_small_graph_matches_fixpoint_and_minimax() {
        let mut graphs = 0;
        for n in 1..=4usize {
            for mask in 0u32..1 << (n * n) {
                let moves: Vec<(usize, usize)> = (0..n * n)
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| (i / n, i % n))
                    .collect();
                let outcomes = loopy_outcomes(n, &moves);
                assert_eq!(outcomes, fixpoint(n, &moves), "{moves:?}");
                assert_eq!(outcomes, minimax(n, &moves), "{moves:?}");
                graphs += 1;
            }
        }
        assert_eq!(graphs, 2 + 16 + 512 + 65536);
    }

    #[test]
    fn random_multigraphs_match_fixpoint() {
        let mut rng = Rng::new(0x5151_a7a7_0c0c_9e9e);
        for round in 0..3050 {
            let n = if round < 3000 {
                1 + rng.below(10)
            } else {
                2000
            };
            let m = rng.below(3 * n);
            let moves: Vec<(usize, usize)> = (0..m).map(|_| (rng.below(n), rng.below(n))).collect();
            let outcomes = loopy_outcomes(n, &moves);
            assert_eq!(outcomes, fixpoint(n, &moves), "{moves:?}");
            if n <= 10 {
                assert_eq!(outcomes, minimax(n, &moves), "{moves:?}");
            }
        }
    }

    #[test]
    fn long_chain_and_long_cycle() {
        let n = 1_000_000;
        // Chain 0 -> 1 -> ... -> n-1: the last vertex loses, then they alternate.
        let chain: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
        let outcomes = loopy_outcomes(n, &chain);
        for (v, &o) in outcomes.iter().enumerate() {
            let expected = if (n - 1 - v) % 2 == 0 {
                Outcome::Lose
            } else {
                Outcome::Win
            };
            assert_eq!(o, expected, "{v}");
        }
        // Closing the chain into a cycle: nobody can ever be stuck.
        let mut cycle = chain;
        cycle.push((n - 1, 0));
        assert!(loopy_outcomes(n, &cycle)
            .iter()
            .all(|&o| o == Outcome::Draw));
    }
}
