//! Description: Exact floor square root of a `u128`. An `f64` estimate alone is off by one
//! already for n just below a square above 2^53, and by about 2^11 near `u128::MAX`, so it only
//! seeds Newton's iteration, which then settles on the exact floor. Written out because `u128::isqrt` needs
//! Rust 1.84.
//!
//! Usage:
//! ```
//! use templates::isqrt::isqrt;
//! assert_eq!(isqrt(99), 9);
//! assert_eq!(isqrt(100), 10);
//! assert_eq!(isqrt(u128::MAX), u64::MAX as u128);
//! ```
//!
//! Time: O(1): one `f64` square root and two or three integer divisions.
//!
//! Memory: O(1).
//!
//! Source: Newton's method on integers (Heron's rule): from any start at or above the
//! floor root, `x -> (x + n / x) / 2` decreases until it reaches the floor root.
//!
//! Status: exhaustive: every n below 10^6; random n over the whole `u128` range and around
//! random perfect squares, checked by `r^2 <= n < (r+1)^2` in checked arithmetic.
//! Problems: wythoff-big, poj1067 (through wythoff).

/// The largest `r` with `r * r <= n`.
pub fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    // One Newton step from any positive start lands at or above the floor root (AM-GM).
    let estimate = ((n as f64).sqrt() as u128).max(1);
    let mut x = (estimate + n / estimate) / 2;
    loop {
        let next = (x + n / x) / 2;
        if next >= x {
            return x;
        }
        x = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    fn is_floor_root(r: u128, n: u128) -> bool {
        let below = r.checked_mul(r).is_some_and(|sq| sq <= n);
        let next = r + 1;
        let above = next.checked_mul(next).map_or(true, |sq| sq > n);
        below && above
    }

    #[test]
    fn every_small_n_matches_counting_up() {
        let mut root = 0u128;
        for n in 0..1_000_000u128 {
            if (root + 1) * (root + 1) <= n {
                root += 1;
            }
            assert_eq!(isqrt(n), root, "n = {n}");
        }
    }

    #[test]
    fn random_large_values_and_neighbours_of_squares() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        for _ in 0..200_000 {
            let n =
                ((rng.next_u64() as u128) << 64 | rng.next_u64() as u128) >> (rng.next_u64() % 128);
            assert!(is_floor_root(isqrt(n), n), "n = {n}");
            let k = (rng.next_u64() as u128) >> (rng.next_u64() % 64);
            if k > 0 {
                let square = k * k;
                assert_eq!(isqrt(square - 1), k - 1, "k = {k}");
                assert_eq!(isqrt(square), k, "k = {k}");
                assert_eq!(isqrt(square + 1), k, "k = {k}");
            }
        }
    }

    #[test]
    fn extremes() {
        let top = u64::MAX as u128;
        assert_eq!(isqrt(u128::MAX), top);
        assert_eq!(isqrt(top * top), top);
        assert_eq!(isqrt(top * top - 1), top - 1);
        for n in (u128::MAX - 1000)..=u128::MAX {
            assert!(is_floor_root(isqrt(n), n));
        }
    }
}
