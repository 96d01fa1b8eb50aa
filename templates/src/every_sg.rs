//! Description: Every-SG. Several games on finite DAGs are played at once, and on each turn
//! the mover must move in EVERY component that still has a move; whoever cannot move loses,
//! so only the longest-lasting component matters. The winner of a component wants it to last
//! long, the loser wants it short: a terminal vertex has step 0, a winning vertex (some
//! successor losing) has step 1 + the largest step among its losing successors, a losing
//! vertex has step 1 + the smallest step among all successors. A vertex is winning iff its
//! step is odd, and the first player wins the sum iff the largest step among the start
//! positions is odd. Grundy values play no part here.
//!
//! Usage:
//! ```
//! use templates::every_sg::{every_sg_steps, first_player_wins};
//! // 0 -> 1 -> 2 and 0 -> 2. Vertex 1 is winning, so 0 can only win by moving to 2 at once.
//! let steps = every_sg_steps(&[vec![1, 2], vec![2], vec![]]);
//! assert_eq!(steps, [1, 1, 0]);
//! // A path of 4 vertices lasts 3 moves; with a second game lasting 1, 3 is odd: first wins.
//! let path = every_sg_steps(&[vec![1], vec![2], vec![3], vec![]]);
//! assert!(first_player_wins([path[0], steps[0]]));
//! assert!(!first_player_wins([path[1], steps[0]]));
//! ```
//!
//! Time: O(V + E), iterative (no recursion, so deep DAGs are fine).
//!
//! Memory: O(V) besides the graph.
//!
//! Source: C. A. B. Smith, "Graphs and composite games" (1966); "Winning Ways", ch. 9
//! (conjunctive compounds; the step is Smith's remoteness). Corrects the seed that defines
//! the step as the most turns a game can last: a losing component ends as soon as it can,
//! which changes the maximum over components.
//!
//! Status: exhaustive: 300 random DAGs of at most 9 vertices, every pair and every triple of
//! start vertices, and the Euclid game of hdu3595 with every pair of games with piles at most
//! 12 and every triple with piles at most 6, all against a search of the product game; a
//! case where the longest play gives the wrong answer; a 10^6-vertex path. Problems: hdu3595.

/// Step value of every vertex of the DAG `adj` (`adj[v]` lists the moves from `v`).
pub fn every_sg_steps(adj: &[Vec<usize>]) -> Vec<u32> {
    // Marks kept in `step` itself until a vertex is finished.
    const UNSEEN: u32 = u32::MAX;
    const ON_STACK: u32 = u32::MAX - 1;
    let n = adj.len();
    let mut step = vec![UNSEEN; n];
    let mut losing = vec![false; n];
    // Depth-first search with an explicit stack of (vertex, next successor to visit).
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for root in 0..n {
        if step[root] != UNSEEN {
            continue;
        }
        step[root] = ON_STACK;
        stack.push((root, 0));
        while let Some(top) = stack.last_mut() {
            let v = top.0;
            if let Some(&w) = adj[v].get(top.1) {
                top.1 += 1;
                assert!(
                    w < n,
                    "every_sg: vertex {v} has a move to {w}, beyond {n} vertices"
                );
                assert!(
                    step[w] != ON_STACK,
                    "every_sg: the graph has a cycle through {w}"
                );
                if step[w] == UNSEEN {
                    step[w] = ON_STACK;
                    stack.push((w, 0));
                }
                continue;
            }
            stack.pop();
            let longest_win = adj[v]
                .iter()
                .filter(|&&w| losing[w])
                .map(|&w| step[w])
                .max();
            let shortest_loss = adj[v].iter().map(|&w| step[w]).min();
            (losing[v], step[v]) = match (longest_win, shortest_loss) {
                (Some(s), _) => (false, s + 1),
                (None, Some(s)) => (true, s + 1),
                (None, None) => (true, 0),
            };
        }
    }
    step
}

/// Whether the first player wins the Every-sum of components with these start steps.
pub fn first_player_wins(steps: impl IntoIterator<Item = u32>) -> bool {
    steps.into_iter().max().unwrap_or(0) % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use std::collections::HashMap;

    /// Whether the mover wins the product game at `pos`: every component with a move must
    /// move; with no component able to move, the mover loses.
    fn wins(pos: Vec<usize>, adj: &[Vec<usize>], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
        if let Some(&w) = memo.get(&pos) {
            return w;
        }
        let live: Vec<usize> = (0..pos.len())
            .filter(|&i| !adj[pos[i]].is_empty())
            .collect();
        let mut result = false;
        if !live.is_empty() {
            // Odometer over one choice of move per live component.
            let mut choice = vec![0; live.len()];
            'all: loop {
                let mut next = pos.clone();
                for (j, &i) in live.iter().enumerate() {
                    next[i] = adj[pos[i]][choice[j]];
                }
                if !wins(next, adj, memo) {
                    result = true;
                    break;
                }
                for (j, &i) in live.iter().enumerate() {
                    choice[j] += 1;
                    if choice[j] < adj[pos[i]].len() {
                        continue 'all;
                    }
                    choice[j] = 0;
                }
                break;
            }
        }
        memo.insert(pos, result);
        result
    }

    fn check_all_starts(adj: &[Vec<usize>], starts: &[usize], max_components: usize) {
        let steps = every_sg_steps(adj);
        let mut memo = HashMap::new();
        for &u in starts {
            for &v in starts {
                let pair = [steps[u], steps[v]];
                assert_eq!(first_player_wins(pair), wins(vec![u, v], adj, &mut memo));
                if max_components < 3 {
                    continue;
                }
                for &w in starts {
                    let triple = [steps[u], steps[v], steps[w]];
                    let searched = wins(vec![u, v, w], adj, &mut memo);
                    assert_eq!(first_player_wins(triple), searched, "{adj:?} {u} {v} {w}");
                }
            }
            assert_eq!(
                steps[u] % 2 == 1,
                wins(vec![u], adj, &mut memo),
                "{adj:?} {u}"
            );
        }
    }

    #[test]
    fn random_dags_match_product_game_search() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..300 {
            let n = 1 + rng.below(9);
            // Edges only go to higher vertices, listed in descending order.
            let adj: Vec<Vec<usize>> = (0..n)
                .map(|v| {
                    let mut out: Vec<usize> =
                        (v + 1..n).filter(|_| rng.next_u64() % 3 == 0).collect();
                    out.reverse();
                    out
                })
                .collect();
            let starts: Vec<usize> = (0..n).collect();
            check_all_starts(&adj, &starts, 3);
        }
    }

    /// hdu3595's game on piles (x, y), x <= y: take a positive multiple of x from y; a game
    /// with an empty pile is over. Vertices are all pairs with piles at most `max`.
    fn euclid_dag(max: usize) -> (Vec<Vec<usize>>, Vec<usize>) {
        let id = |x: usize, y: usize| y * (y + 1) / 2 + x;
        let mut adj = vec![Vec::new(); id(max, max) + 1];
        let mut starts = Vec::new();
        for y in 1..=max {
            for x in 1..=y {
                let after = |k: usize| id(x.min(y - k * x), x.max(y - k * x));
                adj[id(x, y)] = (1..=y / x).map(after).collect();
                starts.push(id(x, y));
            }
        }
        (adj, starts)
    }

    #[test]
    fn euclid_game_of_hdu3595_matches_product_game_search() {
        let (adj, starts) = euclid_dag(12);
        check_all_starts(&adj, &starts, 2);
        let (adj, starts) = euclid_dag(6);
        check_all_starts(&adj, &starts, 3);
    }

    #[test]
    fn step_is_not_the_longest_play() {
        // 1, 3 win and 0, 2, 4 lose; 4 can last 4 turns (4 -> 3 -> 2 -> 1 -> 0) but need not.
        let adj = vec![vec![], vec![0], vec![1], vec![2], vec![1, 3]];
        fn longest(v: usize, adj: &[Vec<usize>]) -> u32 {
            adj[v]
                .iter()
                .map(|&w| 1 + longest(w, adj))
                .max()
                .unwrap_or(0)
        }
        let (first_wins, steps) = (
            wins(vec![4, 3], &adj, &mut HashMap::new()),
            every_sg_steps(&adj),
        );
        assert!(first_wins && first_player_wins([steps[4], steps[3]]));
        assert_eq!((longest(4, &adj), longest(3, &adj)), (4, 3)); // even maximum: would say "loses"
    }

    #[test]
    fn long_path_needs_no_recursion() {
        let n = 1_000_000;
        let adj: Vec<Vec<usize>> = (0..n)
            .map(|v| if v + 1 < n { vec![v + 1] } else { vec![] })
            .collect();
        let steps = every_sg_steps(&adj);
        // On a path every move is forced: from v the game lasts exactly n - 1 - v moves.
        assert!((0..n).all(|v| steps[v] as usize == n - 1 - v));
    }

    #[test]
    #[should_panic(expected = "cycle")]
    fn rejects_cycles() {
        every_sg_steps(&[vec![1], vec![2], vec![0]]);
    }
}
