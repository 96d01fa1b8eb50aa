//! Description: Nim: piles of stones; a move takes any positive number of stones from one
//! pile; whoever cannot move loses. The player to move loses iff the nim-sum (xor of all
//! piles) is 0. A winning move leaves `pile ^ sum` in a pile where that is smaller than the
//! pile, i.e. in every pile holding the highest set bit of the sum. By Sprague-Grundy, the
//! Grundy value of a sum of games is the xor of the components' values, so `nim_sum` also
//! combines Grundy values of any independent games (convert `u32` values with `u64::from`).
//!
//! Usage:
//! ```
//! use templates::nim::{first_player_wins, nim_sum, winning_move_count, winning_moves};
//! let piles = [3, 4, 5];
//! assert_eq!(nim_sum(&piles), 2);
//! assert!(first_player_wins(&piles));
//! assert_eq!(winning_moves(&piles), vec![(0, 1)]); // leave 1 stone in pile 0
//! assert_eq!(winning_move_count(&piles), 1);
//! assert!(!first_player_wins(&[7, 7]));
//! ```
//!
//! Time: O(number of piles).
//!
//! Memory: O(1), plus the returned moves.
//!
//! Source: Bouton (1901), Nim, a game with a complete mathematical theory; Sprague (1935)
//! and Grundy (1939) for sums of games.
//!
//! Status: exhaustive: all positions of up to 3 piles of size <= 7 and of 4 piles of size
//! <= 4 (outcome, every winning move, their count), against a memoized game search.
//! Problems: luogu-p2197, poj2234, poj2975, hdu2176, hdu1848, hdu1536.

/// Xor of all piles (or of the Grundy values of independent games).
pub fn nim_sum(piles: &[u64]) -> u64 {
    piles.iter().fold(0, |acc, &p| acc ^ p)
}

/// Whether the player to move wins normal-play Nim.
pub fn first_player_wins(piles: &[u64]) -> bool {
    nim_sum(piles) != 0
}

/// Every winning move as (pile index, stones to leave there), in pile order.
pub fn winning_moves(piles: &[u64]) -> Vec<(usize, u64)> {
    let sum = nim_sum(piles);
    piles
        .iter()
        .enumerate()
        .filter(|&(_, &p)| p ^ sum < p)
        .map(|(i, &p)| (i, p ^ sum))
        .collect()
}

/// The number of winning moves, without allocating.
pub fn winning_move_count(piles: &[u64]) -> usize {
    let sum = nim_sum(piles);
    piles.iter().filter(|&&p| p ^ sum < p).count()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Whether the player to move wins, trying every real move (also the oracle of
    /// `xor_convolution`'s tests).
    pub(crate) fn wins(piles: &mut Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(piles) {
            return w;
        }
        let mut win = false;
        'search: for i in 0..piles.len() {
            let size = piles[i];
            for leave in 0..size {
                piles[i] = leave;
                let opponent_wins = wins(piles, memo);
                piles[i] = size;
                if !opponent_wins {
                    win = true;
                    break 'search;
                }
            }
        }
        memo.insert(piles.clone(), win);
        win
    }

    fn naive_winning_moves(piles: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> Vec<(usize, u64)> {
        let mut moves = Vec::new();
        let mut after = piles.to_vec();
        for i in 0..piles.len() {
            for leave in 0..piles[i] {
                after[i] = leave;
                if !wins(&mut after, memo) {
                    moves.push((i, leave));
                }
            }
            after[i] = piles[i];
        }
        moves
    }

    fn check_all(count: usize, max: u64, memo: &mut HashMap<Vec<u64>, bool>) -> usize {
        let mut piles = vec![0u64; count];
        let mut checked = 0;
        loop {
            let expected = naive_winning_moves(&piles, memo);
            assert_eq!(
                first_player_wins(&piles),
                wins(&mut piles.clone(), memo),
                "{piles:?}"
            );
            assert_eq!(winning_moves(&piles), expected, "{piles:?}");
            assert_eq!(winning_move_count(&piles), expected.len(), "{piles:?}");
            checked += 1;
            // Next position, odometer style.
            let Some(i) = piles.iter().position(|&p| p < max) else {
                return checked;
            };
            piles[..i].iter_mut().for_each(|p| *p = 0);
            piles[i] += 1;
        }
    }

    #[test]
    fn every_small_position() {
        let mut memo = HashMap::new();
        let mut checked = 0;
        for count in 0..=3 {
            checked += check_all(count, 7, &mut memo);
        }
        checked += check_all(4, 4, &mut memo);
        assert_eq!(checked, 1 + 8 + 64 + 512 + 625);
    }

    #[test]
    fn combines_grundy_values_of_a_sum() {
        // Sum of a Nim heap and a heap of the game "take 1 or 2": the search over the real
        // sum agrees with the xor of the components' values, each found by its own mex.
        fn sum_wins(a: u64, b: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
            if let Some(&w) = memo.get(&(a, b)) {
                return w;
            }
            let nim_moves = (0..a).map(|x| (x, b));
            let take_moves = (1..=2).filter(|&t| t <= b).map(|t| (a, b - t));
            let moves: Vec<_> = nim_moves.chain(take_moves).collect();
            let w = moves.into_iter().any(|(x, y)| !sum_wins(x, y, memo));
            memo.insert((a, b), w);
            w
        }
        let mut take_sg: Vec<u64> = Vec::new();
        for b in 0..20 {
            let options: Vec<u64> = (1..=2)
                .filter(|&t| t <= b)
                .map(|t| take_sg[b - t])
                .collect();
            take_sg.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        let mut memo = HashMap::new();
        for a in 0..8 {
            for b in 0..20 {
                let values = [a, take_sg[b as usize]];
                assert_eq!(nim_sum(&values) != 0, sum_wins(a, b, &mut memo), "{a} {b}");
            }
        }
    }
}
