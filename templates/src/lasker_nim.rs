//! Description: Lasker's Nim. A move either takes any positive number of counters from one
//! pile or splits one pile into two nonempty piles; whoever moves last wins. The Grundy value
//! of a pile of `x` has a closed form by `x mod 4`: `x - 1` for 0 (with `SG(0) = 0`), `x` for
//! 1 and 2, `x + 1` for 3; the first player wins a position iff the xor over piles is nonzero.
//!
//! Usage:
//! ```
//! use templates::lasker_nim::{first_player_wins, grundy};
//! assert_eq!([grundy(0), grundy(3), grundy(4), grundy(5)], [0, 4, 3, 5]);
//! assert_eq!(grundy((1 << 31) - 1), 1 << 31);
//! assert!(!first_player_wins(&[1, 2, 4])); // 1 ^ 2 ^ 3 = 0
//! assert!(first_player_wins(&[3, 4, 7])); // 4 ^ 3 ^ 8 != 0
//! ```
//!
//! Time: O(1) per pile.
//!
//! Memory: O(1).
//!
//! Source: Emanuel Lasker, "Brettspiele der Völker" (1931); see Berlekamp, Conway and Guy,
//! "Winning Ways" (1982).
//!
//! Status: exhaustive: every pile up to 200 against a mex search over the real moves (all
//! removals and all splits); every multiset of up to 3 piles of at most 8 by a win/lose
//! search of the whole position. Problems: hdu3032.

/// Grundy value of one pile of `x`. `x = u64::MAX` (value 2^64) is rejected.
pub fn grundy(x: u64) -> u64 {
    match x % 4 {
        0 => x.saturating_sub(1),
        1 | 2 => x,
        _ => x
            .checked_add(1)
            .expect("lasker_nim: pile u64::MAX has Grundy value 2^64"),
    }
}

/// Whether the player to move wins the sum of `piles`.
pub fn first_player_wins(piles: &[u64]) -> bool {
    piles.iter().fold(0, |acc, &x| acc ^ grundy(x)) != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mex::Mex;
    use std::collections::HashMap;

    #[test]
    fn every_pile_up_to_200_matches_mex_search() {
        let mut sg: Vec<u32> = Vec::new();
        let mut mex = Mex::new();
        for x in 0..=200usize {
            let removals = (0..x).map(|left| sg[left]);
            let splits = (1..x).map(|a| sg[a] ^ sg[x - a]);
            let values: Vec<u32> = removals.chain(splits).collect();
            sg.push(mex.of(&values));
            assert_eq!(grundy(x as u64), sg[x] as u64, "pile {x}");
        }
    }

    fn wins(piles: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(&piles) {
            return w;
        }
        let mut next_positions = Vec::new();
        for (i, &x) in piles.iter().enumerate() {
            let mut rest = piles.clone();
            rest.swap_remove(i);
            for left in 0..x {
                next_positions.push([&rest[..], &[left]].concat());
            }
            for a in 1..x {
                next_positions.push([&rest[..], &[a, x - a]].concat());
            }
        }
        let result = next_positions.into_iter().any(|mut p| {
            p.retain(|&x| x > 0);
            p.sort_unstable();
            !wins(p, memo)
        });
        memo.insert(piles, result);
        result
    }

    #[test]
    fn sums_of_up_to_three_piles_match_game_search() {
        let mut memo = HashMap::new();
        for x in 0..=8u64 {
            for y in x..=8 {
                for z in y..=8 {
                    let piles: Vec<u64> = [x, y, z].into_iter().filter(|&p| p > 0).collect();
                    assert_eq!(
                        first_player_wins(&piles),
                        wins(piles, &mut memo),
                        "{x} {y} {z}"
                    );
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "2^64")]
    fn rejects_the_pile_whose_value_overflows() {
        grundy(u64::MAX);
    }
}
