//! Description: Fibonacci Nim. One pile of `n`; the first move takes 1..=n-1 counters, each
//! later move takes 1..=(twice the previous move); whoever takes the last counter wins. The
//! first player loses iff `n` is a Fibonacci number. In general the mover facing `rest`
//! counters who may take up to `cap` wins iff the smallest term `s` of the Zeckendorf
//! representation of `rest` (its greedy sum of non-consecutive Fibonacci numbers) is at most
//! `cap`, and taking `s` wins: the next smallest term of `rest - s` exceeds `2s`.
//!
//! Usage:
//! ```
//! use templates::fibonacci_nim::{first_move, first_player_wins, winning_move};
//! assert!(!first_player_wins(13) && first_player_wins(12));
//! assert_eq!(first_move(12), Some(1)); // 12 = 8 + 3 + 1
//! assert_eq!(first_move(20), Some(2)); // 20 = 13 + 5 + 2
//! assert_eq!(winning_move(10, 1), None); // 10 = 8 + 2 and 2 > 1
//! ```
//!
//! Time: O(log n) per query (about 90 Fibonacci numbers fit in `u64`).
//!
//! Memory: O(1): the Fibonacci numbers are walked up and down two at a time.
//!
//! Source: M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1 (1963); Zeckendorf (1972).
//!
//! Status: exhaustive: every state with at most 300 counters left and every cap up to 300
//! (outcome and that the returned move wins) against a game search; every Fibonacci number
//! in `u64` and its neighbours, and `u64::MAX`. Problems: hdu2516.

/// Smallest term of the Zeckendorf representation of `n`, or `None` for `n = 0`.
pub fn smallest_zeckendorf_term(n: u64) -> Option<u64> {
    // (lo, hi): consecutive Fibonacci numbers 1, 2, 3, 5, ..., climbed while the next one
    // fits below n, then walked down as (hi - lo, lo): no list to allocate per query.
    let (mut lo, mut hi) = (1u64, 2u64);
    while let Some(next) = lo.checked_add(hi).filter(|&f| f <= n) {
        (lo, hi) = (hi, next);
    }
    // Greedy from the largest: the term that brings the rest to 0 is the smallest one.
    let mut rest = n;
    while rest > 0 {
        if hi <= rest {
            rest -= hi;
            if rest == 0 {
                return Some(hi);
            }
        }
        (lo, hi) = (hi - lo, lo);
    }
    None
}

/// A winning number to take with `rest` counters left when at most `cap` may be taken, or
/// `None` if every move loses.
pub fn winning_move(rest: u64, cap: u64) -> Option<u64> {
    smallest_zeckendorf_term(rest).filter(|&s| s <= cap)
}

/// The winning first move from a pile of `n` (which may take up to `n - 1`).
pub fn first_move(n: u64) -> Option<u64> {
    winning_move(n, n.saturating_sub(1))
}

/// Whether the first player wins from a pile of `n`: iff `n` is not a Fibonacci number.
pub fn first_player_wins(n: u64) -> bool {
    first_move(n).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX: usize = 300;

    /// `wins[rest][cap]` by playing every move: take t in 1..=min(cap, rest), then the
    /// opponent may take up to 2t.
    fn game_search() -> Vec<Vec<bool>> {
        let mut wins = vec![vec![false; 2 * MAX + 1]; MAX + 1];
        for rest in 1..=MAX {
            for cap in 1..=2 * MAX {
                wins[rest][cap] = (1..=cap.min(rest)).any(|t| t == rest || !wins[rest - t][2 * t]);
            }
        }
        wins
    }

    #[test]
    fn every_small_state_matches_game_search() {
        let wins = game_search();
        for rest in 0..=MAX {
            for cap in 0..=MAX {
                let found = winning_move(rest as u64, cap as u64);
                assert_eq!(found.is_some(), wins[rest][cap], "rest {rest}, cap {cap}");
                if let Some(t) = found {
                    let t = t as usize;
                    assert!(
                        (1..=cap.min(rest)).contains(&t),
                        "rest {rest}, cap {cap}: {t}"
                    );
                    assert!(
                        t == rest || !wins[rest - t][2 * t],
                        "rest {rest}, cap {cap}: {t}"
                    );
                }
            }
            let first_mover_wins = rest >= 1 && wins[rest][rest - 1];
            assert_eq!(
                first_player_wins(rest as u64),
                first_mover_wins,
                "n = {rest}"
            );
        }
    }

    #[test]
    fn large_fibonacci_numbers_lose_and_neighbours_win() {
        let (mut a, mut b) = (2u64, 3u64);
        loop {
            assert!(!first_player_wins(b), "F = {b}");
            assert_eq!(first_move(b + 1), Some(1), "F + 1 = {}", b + 1);
            assert!(first_player_wins(b - 1) || b - 1 == a, "F - 1 = {}", b - 1);
            match a.checked_add(b) {
                Some(c) => (a, b) = (b, c),
                None => break,
            }
        }
        assert!(
            b > u64::MAX / 2,
            "stopped below the largest Fibonacci number in u64"
        );
        assert!(first_player_wins(u64::MAX));
        let s = first_move(u64::MAX).unwrap();
        assert!(s < u64::MAX / 2 && smallest_zeckendorf_term(u64::MAX - s).unwrap() > 2 * s);
    }
}
