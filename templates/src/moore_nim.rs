//! Description: Moore's Nim_k: piles of stones; a move takes a positive number of stones
//! from each of 1..=k nonempty piles (amounts may differ). Normal play (last taker wins):
//! the player to move loses iff, for every bit position, the number of piles with that bit
//! set is divisible by k + 1. Misere play (last taker loses): if every pile is at most 1,
//! the player to move loses iff the number of ones is 1 mod (k + 1); otherwise the normal
//! rule decides. k = 1 is Nim. k = 0 (a move touching at most 0 piles: no game) panics
//! with "k must be at least 1" in both functions, whatever the piles (even `&[]`). The seed text inverts the normal rule into
//! "every bit count is not a multiple of k + 1"; the first player wins as soon as ONE
//! count is not a multiple.
//!
//! Usage:
//! ```
//! use templates::moore_nim::{first_player_wins, misere_first_player_wins};
//! // k = 2: bit counts of [1, 2, 3] are 2 and 2, not multiples of 3.
//! assert!(first_player_wins(&[1, 2, 3], 2));
//! assert!(!first_player_wins(&[1, 1, 1], 2)); // three ones: a multiple of 3
//! assert!(!misere_first_player_wins(&[1, 1, 1, 1], 2)); // four ones: 1 mod 3
//! ```
//!
//! Time: O(number of piles * 64).
//!
//! Memory: O(1).
//!
//! Source: E. H. Moore (1910), A generalization of the game called Nim, Annals of
//! Mathematics 11. The misere rule is the one usually attributed to him; it was confirmed
//! here by exhaustive search, not taken on trust.
//!
//! Status: exhaustive: all positions of up to 4 piles of size <= 7, of 5 piles of size <= 5
//! and of 6 piles of size <= 3, every k in 1..=number of piles (and k one larger), normal and misere, against a
//! memoized search over the real moves.
//! Problems: moore-nim-k.

/// Panics unless `k >= 1`.
fn check_k(k: usize) {
    assert!(
        k >= 1,
        "moore_nim: k must be at least 1 (a move touches 1..=k piles)"
    );
}

/// For every bit, whether the number of piles having it is divisible by k + 1.
fn balanced(piles: &[u64], k: usize) -> bool {
    let period = k as u128 + 1;
    (0..64).all(|bit| piles.iter().filter(|&&p| p >> bit & 1 == 1).count() as u128 % period == 0)
}

/// Whether the player to move wins Nim_k when the last taker wins. Panics if `k == 0`.
pub fn first_player_wins(piles: &[u64], k: usize) -> bool {
    check_k(k);
    !balanced(piles, k)
}

/// Whether the player to move wins Nim_k when the last taker loses. Panics if `k == 0`.
pub fn misere_first_player_wins(piles: &[u64], k: usize) -> bool {
    check_k(k);
    if piles.iter().all(|&p| p <= 1) {
        let ones = piles.iter().filter(|&&p| p == 1).count() as u128;
        ones % (k as u128 + 1) != 1
    } else {
        !balanced(piles, k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Every position one real move away: choose 1..=k nonempty piles, take at least one
    /// stone from each.
    fn options(piles: &[u64], k: usize) -> Vec<Vec<u64>> {
        let n = piles.len();
        let mut out = Vec::new();
        for mask in 1u32..1 << n {
            let chosen: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 1).collect();
            if chosen.len() > k || chosen.iter().any(|&i| piles[i] == 0) {
                continue;
            }
            // Odometer over the stones left in each chosen pile, each below its size.
            let mut next = piles.to_vec();
            chosen.iter().for_each(|&i| next[i] = 0);
            loop {
                let mut sorted = next.clone();
                sorted.sort_unstable();
                out.push(sorted);
                let Some(pos) = chosen.iter().position(|&i| next[i] + 1 < piles[i]) else {
                    break;
                };
                chosen[..pos].iter().for_each(|&i| next[i] = 0);
                next[chosen[pos]] += 1;
            }
        }
        out
    }

    /// Whether the player to move wins; `misere` makes the player unable to move win.
    fn wins(piles: &[u64], k: usize, misere: bool, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(piles) {
            return w;
        }
        let opts = options(piles, k);
        let w = if opts.is_empty() {
            misere
        } else {
            opts.iter().any(|o| !wins(o, k, misere, memo))
        };
        memo.insert(piles.to_vec(), w);
        w
    }

    fn check(count: usize, max: u64) {
        for k in 1..=count + 1 {
            for misere in [false, true] {
                let mut memo = HashMap::new();
                let mut piles = vec![0u64; count];
                loop {
                    let mut sorted = piles.clone();
                    sorted.sort_unstable();
                    let expected = wins(&sorted, k, misere, &mut memo);
                    let got = if misere {
                        misere_first_player_wins(&piles, k)
                    } else {
                        first_player_wins(&piles, k)
                    };
                    assert_eq!(got, expected, "{piles:?} k={k} misere={misere}");
                    let Some(i) = piles.iter().position(|&p| p < max) else {
                        break;
                    };
                    piles[..i].iter_mut().for_each(|p| *p = 0);
                    piles[i] += 1;
                }
            }
        }
    }

    #[test]
    fn up_to_four_piles_of_seven() {
        for count in 0..=4 {
            check(count, 7);
        }
    }

    #[test]
    fn five_piles_of_five_and_six_of_three() {
        check(5, 5);
        check(6, 3);
    }

    #[test]
    #[should_panic(expected = "k must be at least 1")]
    fn zero_k_is_rejected() {
        first_player_wins(&[1, 2], 0);
    }

    #[test]
    #[should_panic(expected = "k must be at least 1")]
    fn zero_k_is_rejected_in_misere_play_with_piles_of_one() {
        misere_first_player_wins(&[1], 0);
    }

    #[test]
    fn zero_k_is_rejected_for_every_kind_of_position() {
        let positions: [&[u64]; 6] = [&[], &[0], &[1], &[1, 1], &[0, 1, 1], &[1, 2]];
        for piles in positions {
            for misere in [false, true] {
                let result = std::panic::catch_unwind(|| match misere {
                    true => misere_first_player_wins(piles, 0),
                    false => first_player_wins(piles, 0),
                });
                let payload = result.expect_err("k = 0 must panic");
                let message = match payload.downcast_ref::<&str>() {
                    Some(text) => text.to_string(),
                    None => payload
                        .downcast_ref::<String>()
                        .cloned()
                        .unwrap_or_default(),
                };
                assert!(
                    message.contains("k must be at least 1"),
                    "{piles:?} {misere}: {message}"
                );
            }
        }
    }
}
