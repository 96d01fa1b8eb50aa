//! Description: Wythoff's game. Two piles; a move takes any positive number from one pile, or
//! the same positive number from both; whoever takes the last counter wins. The cold (losing)
//! positions are the pairs `(a_k, a_k + k)` with `a_k = floor(k * phi)`. The catch: the usual
//! `f64` test `floor((b - a) * (1 + sqrt 5) / 2) == a` already fails near 10^8 (it calls
//! the cold pair `(165580140, 267914295)` hot), so here `a_k = (k + isqrt(5 k^2)) / 2` in
//! exact `u128` arithmetic. Every value `x` has exactly one cold partner, which gives all
//! winning moves in O(1).
//!
//! Usage:
//! ```
//! use templates::wythoff::{is_cold, winning_moves};
//! assert!(is_cold(3, 5) && is_cold(7, 4) && !is_cold(4, 6));
//! assert!(is_cold(165_580_140, 267_914_295));
//! assert_eq!(winning_moves(4, 6), vec![(3, 5)]);
//! assert_eq!(winning_moves(5, 5), vec![(0, 0), (3, 5)]);
//! assert!(winning_moves(3, 5).is_empty());
//! ```
//!
//! Time: O(1) per query (a few `u128` square roots).
//!
//! Memory: O(1).
//!
//! Source: W. A. Wythoff, "A modification of the game of nim" (1907); Beatty sequences
//! (Beatty 1926) for the partner of a value. Corrects the seeds' floating-point cold test.
//!
//! Status: exhaustive: every position with both piles at most 120 (cold or not, and the
//! exact set of winning moves) against a game search; cold pairs and partners for k up to
//! 10^6 against the mex construction; random piles up to 10^18 against the Zeckendorf
//! characterization. Problems: poj1067, wythoff-big.

use crate::isqrt::isqrt;

/// Largest pile the exact arithmetic accepts: `5 * MAX_PILE^2` fits in a `u128`.
pub const MAX_PILE: u64 = 8_000_000_000_000_000_000;

/// `floor(k * phi)`, which equals `(k + floor(k * sqrt 5)) / 2` because `k` is an integer.
fn floor_k_phi(k: u64) -> u64 {
    assert!(k <= MAX_PILE, "wythoff: pile {k} is above MAX_PILE");
    let k = k as u128;
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// The k-th cold pair `(a_k, a_k + k)`, or `None` when it does not fit in `u64`.
pub fn cold_pair(k: u64) -> Option<(u64, u64)> {
    if k > MAX_PILE {
        return None;
    }
    let a = floor_k_phi(k);
    Some((a, a.checked_add(k)?))
}

/// Whether the player to move from piles `(a, b)` loses. Any `u64` piles.
pub fn is_cold(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    cold_pair(b - a) == Some((a, b))
}

/// The unique `y` with `(x, y)` cold.
fn partner(x: u64) -> u64 {
    let x_over_phi = floor_k_phi(x) - x;
    // Only k = floor(x / phi) + 1 can give a_k = x. Otherwise x = b_k, and then
    // a_k = b_k / phi rounded down (this also covers x = 0 = b_0).
    let k = x_over_phi + 1;
    if floor_k_phi(k) == x {
        x + k
    } else {
        x_over_phi
    }
}

/// Every cold position reachable in one move from `(a, b)`, each as (smaller, larger), in
/// ascending order without repeats. Empty exactly when `(a, b)` is cold.
pub fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let (a, b) = (a.min(b), a.max(b));
    assert!(b <= MAX_PILE, "wythoff: pile {b} is above MAX_PILE");
    let mut moves = Vec::new();
    // Taking from both keeps the difference, so the target is the cold pair of that index.
    let from_both = floor_k_phi(b - a);
    if from_both < a {
        moves.push((from_both, from_both + (b - a)));
    }
    let keep_a = partner(a);
    if keep_a < b {
        moves.push((keep_a.min(a), keep_a.max(a)));
    }
    let keep_b = partner(b);
    if keep_b < a {
        moves.push((keep_b, b));
    }
    moves.sort_unstable();
    moves.dedup();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    const SMALL: usize = 120;

    /// `lose[a][b]` for all piles up to SMALL, by playing every move.
    fn game_search() -> Vec<Vec<bool>> {
        let mut lose = vec![vec![false; SMALL + 1]; SMALL + 1];
        for a in 0..=SMALL {
            for b in 0..=SMALL {
                let reach_lose = (1..=a).any(|t| lose[a - t][b])
                    || (1..=b).any(|t| lose[a][b - t])
                    || (1..=a.min(b)).any(|t| lose[a - t][b - t]);
                lose[a][b] = !reach_lose;
            }
        }
        lose
    }

    #[test]
    fn every_small_position_matches_game_search() {
        let lose = game_search();
        for a in 0..=SMALL {
            for b in 0..=SMALL {
                assert_eq!(is_cold(a as u64, b as u64), lose[a][b], "({a}, {b})");
                let mut expected: Vec<(u64, u64)> = Vec::new();
                let mut add = |x: usize, y: usize| {
                    if lose[x][y] {
                        expected.push((x.min(y) as u64, x.max(y) as u64));
                    }
                };
                (1..=a).for_each(|t| add(a - t, b));
                (1..=b).for_each(|t| add(a, b - t));
                (1..=a.min(b)).for_each(|t| add(a - t, b - t));
                expected.sort_unstable();
                expected.dedup();
                assert_eq!(winning_moves(a as u64, b as u64), expected, "({a}, {b})");
            }
        }
    }

    #[test]
    fn cold_pairs_and_partners_match_mex_construction() {
        // a_k is the least value not yet in a cold pair, b_k = a_k + k.
        const K: u64 = 1_000_000;
        let mut partner_of = vec![u64::MAX; (3 * K) as usize];
        partner_of[0] = 0;
        let mut least_free = 1;
        for k in 1..=K {
            while partner_of[least_free] != u64::MAX {
                least_free += 1;
            }
            let (a, b) = (least_free as u64, least_free as u64 + k);
            partner_of[a as usize] = b;
            partner_of[b as usize] = a;
            assert_eq!(cold_pair(k), Some((a, b)), "k = {k}");
        }
        for x in 0..least_free as u64 {
            assert_eq!(partner(x), partner_of[x as usize], "x = {x}");
        }
    }

    /// Fibonacci numbers with F_2 = 1, F_3 = 2, up past 10^19.
    fn fibonacci() -> Vec<u128> {
        let mut f = vec![0u128, 1, 1];
        while f[f.len() - 1] < 100_000_000_000_000_000_000 {
            f.push(f[f.len() - 1] + f[f.len() - 2]);
        }
        f
    }

    /// Zeckendorf characterization: `a <= b` is cold iff both are 0, or the smallest index in
    /// a's Zeckendorf representation is even and b is a's representation shifted up by one.
    fn cold_by_zeckendorf(a: u64, b: u64, fib: &[u128]) -> bool {
        let (mut rest, mut shifted, mut smallest) = (a as u128, 0u128, 0);
        for i in (2..fib.len() - 1).rev() {
            if fib[i] <= rest {
                rest -= fib[i];
                shifted += fib[i + 1];
                smallest = i;
            }
        }
        (a == 0 && b == 0) || (a > 0 && smallest % 2 == 0 && shifted == b as u128)
    }

    #[test]
    fn zeckendorf_rule_matches_game_search() {
        let (lose, fib) = (game_search(), fibonacci());
        for (a, row) in lose.iter().enumerate() {
            for (b, &cold) in row.iter().enumerate().skip(a) {
                assert_eq!(cold_by_zeckendorf(a as u64, b as u64, &fib), cold);
            }
        }
    }

    #[test]
    fn fibonacci_point_where_f64_test_fails() {
        // (F_41 - 1, F_42 - 1): a_k for k = F_40 lies a hair below F_41.
        let (a, b) = (165_580_140u64, 267_914_295u64);
        let fib = fibonacci();
        assert_eq!((a as u128 + 1, b as u128 + 1), (fib[41], fib[42]));
        let f64_says_cold = ((b - a) as f64 * (1.0 + 5f64.sqrt()) / 2.0).floor() as u64 == a;
        assert!(!f64_says_cold);
        assert!(cold_by_zeckendorf(a, b, &fib));
        assert!(is_cold(a, b));
        for (x, y) in [(a + 1, b + 1), (a, b + 1), (a + 1, b), (a - 1, b - 1)] {
            assert!(
                !cold_by_zeckendorf(x, y, &fib) && !is_cold(x, y),
                "({x}, {y})"
            );
        }
    }

    #[test]
    fn random_large_positions_match_zeckendorf() {
        let fib = fibonacci();
        let mut rng = Rng::new(0x1234_5678_9abc_def1);
        for _ in 0..20_000 {
            let k = rng.next_u64() % 400_000_000_000_000_000;
            let (a, b) = cold_pair(k).unwrap();
            assert!(cold_by_zeckendorf(a, b, &fib), "k = {k}");
            for (x, y) in [(a, b + 1), (a + 1, b), (a + 1, b + 1), (a, b - 1)] {
                assert_eq!(is_cold(x, y), cold_by_zeckendorf(x, y, &fib), "({x}, {y})");
            }
            let (x, y) = (
                rng.next_u64() % 1_000_000_000_000_000_000,
                rng.next_u64() % 1_000_000_000_000_000_000,
            );
            let (x, y) = (x.min(y), x.max(y));
            assert_eq!(is_cold(x, y), cold_by_zeckendorf(x, y, &fib));
            let moves = winning_moves(x, y);
            assert_eq!(moves.is_empty(), is_cold(x, y));
            for &(p, q) in &moves {
                let legal = (p == x && q < y)
                    || (p < x && q == y)
                    || (q == x && p < y)
                    || (p < x && y - q == x - p);
                assert!(
                    legal && cold_by_zeckendorf(p, q, &fib),
                    "({x}, {y}) -> ({p}, {q})"
                );
            }
        }
    }

    #[test]
    fn extremes() {
        assert!(is_cold(0, 0) && !is_cold(0, u64::MAX) && !is_cold(u64::MAX, u64::MAX));
        assert_eq!(cold_pair(u64::MAX), None);
        assert_eq!(winning_moves(MAX_PILE, MAX_PILE)[0], (0, 0));
    }
}
