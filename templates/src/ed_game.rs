//! Description: E&D (SDOI2009). Stones lie in groups of two piles `(a, b)`. A move picks a
//! group, discards one of its piles and splits the other into two nonempty piles, which
//! become the group; whoever cannot move loses. The Grundy value of a group is the number of
//! trailing one bits of `(a - 1) | (b - 1)`; groups combine by xor.
//!
//! Usage:
//! ```
//! use templates::ed_game::{first_player_wins, grundy};
//! assert_eq!(grundy(1, 1), 0); // nothing to split
//! assert_eq!(grundy(2, 1), 1); // (a-1)|(b-1) = 0b1
//! assert_eq!(grundy(4, 6), 3); // 3 | 5 = 0b111
//! assert!(!first_player_wins(&[(2, 1), (1, 2)]));
//! ```
//!
//! Time: O(1) per group.
//!
//! Memory: O(1).
//!
//! Source: SDOI2009 "E&D"; the trailing-ones rule is the known solution pattern, found from
//! a table of small values and checked here by search.
//!
//! Status: exhaustive: every group with both piles at most 64 against a mex search over the
//! real moves; every sum of two groups with piles at most 8 against a win/lose search of the
//! whole position. Problems: luogu-p2148.

/// Grundy value of the group `(a, b)`; both piles must be at least 1.
pub fn grundy(a: u64, b: u64) -> u32 {
    assert!(a >= 1 && b >= 1, "ed_game: empty pile in group ({a}, {b})");
    ((a - 1) | (b - 1)).trailing_ones()
}

/// Whether the player to move wins the sum of these groups.
pub fn first_player_wins(groups: &[(u64, u64)]) -> bool {
    groups.iter().fold(0, |acc, &(a, b)| acc ^ grundy(a, b)) != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mex::Mex;

    /// The groups reachable from `(a, b)`: keep one pile's worth, split into (c, rest).
    fn moves(a: usize, b: usize) -> Vec<(usize, usize)> {
        let splits = |x: usize| (1..x).map(move |c| (c, x - c));
        splits(a).chain(splits(b)).collect()
    }

    #[test]
    fn every_group_up_to_64_matches_mex_search() {
        const MAX: usize = 64;
        let mut sg = vec![vec![0u32; MAX + 1]; MAX + 1];
        let mut mex = Mex::new();
        // Every move leads to a group with a smaller total, so go by total.
        for total in 2..=2 * MAX {
            for a in total.saturating_sub(MAX).max(1)..=(total - 1).min(MAX) {
                let b = total - a;
                let values: Vec<u32> = moves(a, b).into_iter().map(|(c, d)| sg[c][d]).collect();
                sg[a][b] = mex.of(&values);
                assert_eq!(grundy(a as u64, b as u64), sg[a][b], "({a}, {b})");
            }
        }
    }

    #[test]
    fn sums_of_two_groups_match_game_search() {
        const MAX: usize = 8;
        // wins[a][b][c][d]: the mover wins groups (a, b) and (c, d); totals only shrink.
        let mut wins = vec![vec![vec![vec![false; MAX + 1]; MAX + 1]; MAX + 1]; MAX + 1];
        for total in 4..=4 * MAX {
            for a in 1..=MAX {
                for b in 1..=MAX {
                    for c in 1..=MAX {
                        let Some(d) = total
                            .checked_sub(a + b + c)
                            .filter(|&d| (1..=MAX).contains(&d))
                        else {
                            continue;
                        };
                        let first = moves(a, b).into_iter().any(|(x, y)| !wins[x][y][c][d]);
                        let second = moves(c, d).into_iter().any(|(x, y)| !wins[a][b][x][y]);
                        wins[a][b][c][d] = first || second;
                        let groups = [(a as u64, b as u64), (c as u64, d as u64)];
                        assert_eq!(first_player_wins(&groups), wins[a][b][c][d], "{groups:?}");
                    }
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "empty pile")]
    fn rejects_empty_piles() {
        grundy(0, 3);
    }
}
