//! Description: Staircase Nim: coins on steps 1..=n; a move slides any positive number of
//! coins from one step i down to step i - 1 (step 0 is the floor, where coins stay out of
//! play); whoever cannot move loses. The player to move wins iff the xor of the coin counts
//! on the ODD steps is nonzero: a move on an odd step is a Nim move, and a move from an
//! even step can be undone by moving the same coins one step further. Chessmen on a line
//! (POJ 1704): distinct cells >= 1; a move shifts one chessman left by at least one cell,
//! never onto or over another, never below cell 1. Sort, pair from the right (the rightmost
//! with its left neighbour, and so on; an odd one out on the left pairs with the wall at
//! cell 0) and xor the numbers of empty cells inside each pair: nonzero means the player to
//! move wins. Repeated cells or cell 0 panic with a message.
//!
//! Usage:
//! ```
//! use templates::staircase_nim::{chessmen_first_player_wins, first_player_wins};
//! // coins[i] lies on step i + 1: odd steps hold 3 and 3.
//! assert!(!first_player_wins(&[3, 5, 3]));
//! assert!(!first_player_wins(&[0, 7])); // only an even step: lost
//! // Pairs (1, 2) and (5, 9): gaps 0 and 3.
//! assert!(chessmen_first_player_wins(&[9, 1, 5, 2]));
//! assert!(!chessmen_first_player_wins(&[1, 2, 5, 6]));
//! ```
//!
//! Time: O(n) for the staircase; O(m log m) for m chessmen (sorting).
//!
//! Memory: O(1) for the staircase; O(m) for the chessmen.
//!
//! Source: folklore (staircase Nim, e.g. Berlekamp, Conway and Guy, Winning Ways, 1982);
//! chessmen as staircase Nim on the gaps, counted from the right.
//!
//! Status: exhaustive: every staircase of up to 4 steps with up to 4 coins per step, and
//! every placement of up to 4 chessmen on cells 1..=10, each against a memoized search of
//! the real game; random placements of up to 8 chessmen on cells 1..=14.
//! Problems: poj1704.

/// Whether the player to move wins; `coins[i]` is the number of coins on step i + 1.
pub fn first_player_wins(coins: &[u64]) -> bool {
    coins.iter().step_by(2).fold(0, |acc, &c| acc ^ c) != 0
}

/// Whether the player to move wins the chessmen game; `cells` in any order.
pub fn chessmen_first_player_wins(cells: &[u64]) -> bool {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    assert!(
        sorted.first() != Some(&0) && sorted.windows(2).all(|w| w[0] < w[1]),
        "staircase_nim: chessmen need distinct cells >= 1, got {cells:?}"
    );
    let mut sum = 0;
    let mut right = sorted.len();
    while right > 0 {
        let left_neighbour = if right >= 2 { sorted[right - 2] } else { 0 };
        sum ^= sorted[right - 1] - left_neighbour - 1;
        right = right.saturating_sub(2);
    }
    sum != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use std::collections::HashMap;

    /// Normal-play search: a move slides 1..=c coins from step i + 1 to step i (or off).
    fn stairs_win(coins: &mut Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(coins) {
            return w;
        }
        let mut win = false;
        for i in 0..coins.len() {
            for t in 1..=coins[i] {
                coins[i] -= t;
                if i > 0 {
                    coins[i - 1] += t;
                }
                win |= !stairs_win(coins, memo);
                if i > 0 {
                    coins[i - 1] -= t;
                }
                coins[i] += t;
            }
        }
        memo.insert(coins.clone(), win);
        win
    }

    /// Normal-play search: shift one chessman to any free cell between its left neighbour
    /// (or cell 0) and itself.
    fn chessmen_win(cells: &mut Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(cells) {
            return w;
        }
        let mut win = false;
        for i in 0..cells.len() {
            let (from, floor) = (cells[i], if i > 0 { cells[i - 1] } else { 0 });
            for to in floor + 1..from {
                cells[i] = to;
                win |= !chessmen_win(cells, memo);
            }
            cells[i] = from;
        }
        memo.insert(cells.clone(), win);
        win
    }

    #[test]
    fn every_small_staircase() {
        let mut memo = HashMap::new();
        for steps in 0..=4 {
            let mut coins = vec![0u64; steps];
            loop {
                let expected = stairs_win(&mut coins.clone(), &mut memo);
                assert_eq!(first_player_wins(&coins), expected, "{coins:?}");
                let Some(i) = coins.iter().position(|&c| c < 4) else {
                    break;
                };
                coins[..i].iter_mut().for_each(|c| *c = 0);
                coins[i] += 1;
            }
        }
    }

    #[test]
    fn every_placement_of_up_to_four_chessmen_on_ten_cells() {
        let mut memo = HashMap::new();
        let mut checked = 0;
        for mask in 0u32..1 << 10 {
            if mask.count_ones() > 4 {
                continue;
            }
            let mut cells: Vec<u64> = (1..=10).filter(|c| mask >> (c - 1) & 1 == 1).collect();
            let expected = chessmen_win(&mut cells.clone(), &mut memo);
            cells.reverse(); // any input order
            assert_eq!(chessmen_first_player_wins(&cells), expected, "{cells:?}");
            checked += 1;
        }
        assert_eq!(checked, 1 + 10 + 45 + 120 + 210);
    }

    #[test]
    fn random_placements_of_up_to_eight_chessmen() {
        let mut rng = Rng::new(0x5eed_0fc0_ffee_1234);
        let mut memo = HashMap::new();
        for _ in 0..300 {
            let mask = rng.next_u64() % (1 << 14);
            if mask.count_ones() > 8 {
                continue;
            }
            let cells: Vec<u64> = (1..=14).filter(|c| mask >> (c - 1) & 1 == 1).collect();
            let expected = chessmen_win(&mut cells.clone(), &mut memo);
            assert_eq!(chessmen_first_player_wins(&cells), expected, "{cells:?}");
        }
    }

    #[test]
    #[should_panic(expected = "distinct cells >= 1")]
    fn repeated_cell_is_rejected() {
        chessmen_first_player_wins(&[3, 5, 3]);
    }

    #[test]
    #[should_panic(expected = "distinct cells >= 1")]
    fn cell_zero_is_rejected() {
        chessmen_first_player_wins(&[0, 4]);
    }
}
