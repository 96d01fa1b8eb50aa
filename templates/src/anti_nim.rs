//! Description: Anti-Nim (misere Nim): Nim where whoever takes the last stone LOSES (the
//! player unable to move wins). The player to move wins iff either every pile is at most 1
//! and the nim-sum is 0 (an even number of ones), or some pile exceeds 1 and the nim-sum is
//! nonzero. Play it like Nim until the move that would leave only piles of at most 1, then
//! leave an odd number of ones.
//!
//! Usage:
//! ```
//! use templates::anti_nim::first_player_wins;
//! assert!(!first_player_wins(&[1])); // must take the last stone
//! assert!(first_player_wins(&[1, 1]));
//! assert!(first_player_wins(&[3])); // leave 1
//! assert!(!first_player_wins(&[2, 2]));
//! assert!(first_player_wins(&[])); // no move: the player to move has won
//! ```
//!
//! Time: O(number of piles).
//!
//! Memory: O(1).
//!
//! Source: classical misere Nim (Berlekamp, Conway and Guy, Winning Ways, 1982); it is the
//! special case of the SJ theorem (Jia Zhihao, 2009, see `anti_sg`) where every component
//! is a Nim heap.
//!
//! Status: exhaustive: all positions of up to 4 piles of size <= 6, against a memoized
//! misere search over the real moves.
//! Problems: luogu-p4279.

use crate::nim::nim_sum;

/// Whether the player to move wins Nim when taking the last stone loses.
pub fn first_player_wins(piles: &[u64]) -> bool {
    let all_small = piles.iter().all(|&p| p <= 1);
    (nim_sum(piles) == 0) == all_small
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Misere search: with no stones left the player to move has won.
    fn wins(piles: &mut Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(piles) {
            return w;
        }
        let mut any_move = false;
        let mut win = false;
        for i in 0..piles.len() {
            let size = piles[i];
            for leave in 0..size {
                any_move = true;
                piles[i] = leave;
                win |= !wins(piles, memo);
                piles[i] = size;
            }
        }
        let w = win || !any_move;
        memo.insert(piles.clone(), w);
        w
    }

    #[test]
    fn every_position_up_to_four_piles_of_six() {
        let mut memo = HashMap::new();
        let mut checked = 0;
        for count in 0..=4 {
            let mut piles = vec![0u64; count];
            loop {
                assert_eq!(
                    first_player_wins(&piles),
                    wins(&mut piles.clone(), &mut memo),
                    "{piles:?}"
                );
                checked += 1;
                let Some(i) = piles.iter().position(|&p| p < 6) else {
                    break;
                };
                piles[..i].iter_mut().for_each(|p| *p = 0);
                piles[i] += 1;
            }
        }
        assert_eq!(checked, 1 + 7 + 49 + 343 + 2401);
    }
}
