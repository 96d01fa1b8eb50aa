//! Description: Xor convolution modulo a prime p: `c[k] = sum of a[i] * b[j] over i ^ j = k`.
//! The Walsh-Hadamard transform `H` (butterflies `(x, y) -> (x + y, x - y)` over every bit)
//! turns it into a pointwise product, `H(c) = H(a) * H(b)`, and `H(H(x)) = L * x` for length
//! `L = 2^k`, so the inverse is `H` again divided by `L` (times the inverse of `2^k` mod p;
//! that is why p must be odd). The n-fold convolution of `a` with itself is `H^-1(H(a)^n)`,
//! pointwise powers. Games: if `a[g]` counts the ways to pick one component (a pile, a
//! game) of Grundy value `g`, `xor_power(a, n, p)[0]` counts the positions of n such
//! components that the player to move loses, and `[g]` those of nim-sum `g`. The catch: the
//! length must cover every xor of the values, a power of two above the largest value (the
//! functions pad to the next power of two of the longest input, which is enough); entries
//! are taken mod p, and the counts come out mod p only.
//!
//! Usage:
//! ```
//! use templates::xor_convolution::{xor_convolution, xor_power};
//! const P: u64 = 998_244_353;
//! // Index = xor value, entry = number of ways.
//! assert_eq!(xor_convolution(&[1, 2], &[3, 4], P), vec![1 * 3 + 2 * 4, 1 * 4 + 2 * 3]);
//! // Piles of size 1, 2 or 3, three of them: 6 of the 27 sequences have nim-sum 0
//! // (the orders of {1, 2, 3}).
//! let ways = xor_power(&[0, 1, 1, 1], 3, P);
//! assert_eq!(ways, vec![6, 7, 7, 7]);
//! // Powers up to 10^18 piles: the exponent is reduced mod p - 1 (p prime).
//! assert_eq!(xor_power(&[0, 1], 1_000_000_000_000_000_000, P), vec![1, 0]);
//! ```
//!
//! Time: O(L log L) per transform (L = padded length: L log2 L butterflies, no products);
//! `xor_power` O(L log L + L log n), where log n is at most log p after reducing the
//! exponent. Release mode here (2 shared cores): a transform of length 2^16 takes about
//! 1.5 ms; `xor_power` of length 2^16 with n ~ 10^9 about 14 ms (the pointwise powers
//! dominate: 2^16 * ~45 products). When the transformed values repeat (counts of small
//! sets give integers of size at most the set), one pow per distinct value is far cheaper:
//! see problem hard-nim.
//!
//! Memory: O(L).
//!
//! Source: folklore (fast Walsh-Hadamard transform; e.g. "Hard Nim", BZOJ 4589).
//!
//! Status: exhaustive: every vector of length 1, 2, 4, 8 with entries in 0..3, each with
//! three fixed vectors, against the naive O(L^2) xor convolution. Random: transforms up to
//! length 64 (moduli 3, 5, 998244353, 10^9 + 7) against the definition and round trips;
//! convolutions of random lengths <= 64 with entries up to 2^64 against the naive one;
//! `xor_power` against repeated naive convolution (n <= 12) and against binary powering
//! by naive convolutions (n up to u64::MAX, multiples of p - 1, zero entries); the Barrett
//! product against `%`. Games: for random sets of allowed pile sizes <= 7 and n <= 4 piles,
//! the count of sequences the mover loses against enumerating them all and playing each
//! out with a Nim game search.
//! Problems: hard-nim.

/// Arithmetic mod an odd modulus below 2^32, with Barrett reduction (no division per
/// product).
#[derive(Clone, Copy)]
struct Modular {
    modulus: u64,
    /// floor((2^64 - 1) / modulus).
    ratio: u64,
}

impl Modular {
    fn new(modulus: u64) -> Self {
        assert!(
            modulus % 2 == 1 && modulus > 1 && modulus < 1 << 32,
            "xor_convolution: the modulus must be an odd prime below 2^32, got {modulus}"
        );
        Self {
            modulus,
            ratio: u64::MAX / modulus,
        }
    }

    /// `x mod modulus` for any x < 2^64 (the estimated quotient is low by at most 1).
    fn reduce(self, x: u64) -> u64 {
        let quotient = ((x as u128 * self.ratio as u128) >> 64) as u64;
        let rest = x - quotient * self.modulus;
        if rest >= self.modulus {
            rest - self.modulus
        } else {
            rest
        }
    }

    fn mul(self, a: u64, b: u64) -> u64 {
        self.reduce(a * b)
    }

    fn pow(self, mut base: u64, mut exp: u64) -> u64 {
        let mut result = 1 % self.modulus;
        while exp > 0 {
            if exp & 1 == 1 {
                result = self.mul(result, base);
            }
            base = self.mul(base, base);
            exp >>= 1;
        }
        result
    }
}

/// `base^exp mod modulus` (modulus odd, below 2^32; `base` any u64).
pub fn pow_mod(base: u64, exp: u64, modulus: u64) -> u64 {
    let m = Modular::new(modulus);
    m.pow(m.reduce(base), exp)
}

/// In place, the unnormalized Walsh-Hadamard transform: `a[k]` becomes the sum of
/// `(-1)^popcount(i & k) * a[i]` over i, mod `modulus` (odd, below 2^32). `a.len()` must be
/// a power of two and its entries below `modulus`.
pub fn walsh_hadamard(a: &mut [u64], modulus: u64) {
    assert!(
        a.len().is_power_of_two(),
        "walsh_hadamard: the length must be a power of two, got {}",
        a.len()
    );
    Modular::new(modulus);
    let mut half = 1;
    while half < a.len() {
        for block in a.chunks_exact_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (x, y) in low.iter_mut().zip(high.iter_mut()) {
                let (u, v) = (*x, *y);
                let sum = u + v;
                *x = if sum >= modulus { sum - modulus } else { sum };
                *y = if u >= v { u - v } else { u + modulus - v };
            }
        }
        half *= 2;
    }
}

/// The inverse of `walsh_hadamard`: the same transform, then division by the length.
pub fn inverse_walsh_hadamard(a: &mut [u64], modulus: u64) {
    walsh_hadamard(a, modulus);
    let m = Modular::new(modulus);
    // 1 / L = (1 / 2)^k with 1 / 2 = (p + 1) / 2.
    let inverse_length = m.pow((modulus + 1) / 2, a.len().trailing_zeros() as u64);
    for x in a.iter_mut() {
        *x = m.mul(*x, inverse_length);
    }
}

/// A copy of `a` reduced mod `modulus`, zero-padded to `len` (a power of two).
fn padded(a: &[u64], len: usize, modulus: u64) -> Vec<u64> {
    let mut v: Vec<u64> = a.iter().map(|&x| x % modulus).collect();
    v.resize(len, 0);
    v
}

/// `c[k] = sum of a[i] * b[j] over i ^ j = k`, mod `modulus` (an odd prime below 2^32), of
/// length the next power of two of the longer input. Empty inputs give `[0]`.
pub fn xor_convolution(a: &[u64], b: &[u64], modulus: u64) -> Vec<u64> {
    let m = Modular::new(modulus);
    let len = a.len().max(b.len()).max(1).next_power_of_two();
    let (mut fa, mut fb) = (padded(a, len, modulus), padded(b, len, modulus));
    walsh_hadamard(&mut fa, modulus);
    walsh_hadamard(&mut fb, modulus);
    for (x, &y) in fa.iter_mut().zip(&fb) {
        *x = m.mul(*x, y);
    }
    inverse_walsh_hadamard(&mut fa, modulus);
    fa
}

/// The n-fold xor convolution `a * a * ... * a` mod `modulus` (an odd prime below 2^32),
/// padded to the next power of two of `a.len()`: entry g counts the sequences of n picks
/// whose indices xor to g, each weighted by the product of its entries. n = 0 gives the
/// unit `[1, 0, 0, ...]`. Any n up to u64::MAX: the pointwise exponent is reduced mod
/// `modulus - 1` (Fermat), which is why the modulus must be prime.
pub fn xor_power(a: &[u64], n: u64, modulus: u64) -> Vec<u64> {
    let m = Modular::new(modulus);
    let len = a.len().max(1).next_power_of_two();
    let mut f = padded(a, len, modulus);
    walsh_hadamard(&mut f, modulus);
    // x^n = x^e for x != 0 when e = n mod (p - 1), and e >= 1 keeps 0^n = 0 for n >= 1.
    let exp = if n == 0 {
        0
    } else {
        (n - 1) % (modulus - 1) + 1
    };
    for x in f.iter_mut() {
        *x = m.pow(*x, exp);
    }
    inverse_walsh_hadamard(&mut f, modulus);
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use std::collections::HashMap;

    const P1: u64 = 998_244_353;
    const P2: u64 = 1_000_000_007;

    /// The definition, O(L^2), with u128 sums.
    fn naive(a: &[u64], b: &[u64], modulus: u64) -> Vec<u64> {
        let len = a.len().max(b.len()).max(1).next_power_of_two();
        let mut c = vec![0u128; len];
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                c[i ^ j] = (c[i ^ j] + x as u128 * y as u128) % modulus as u128;
            }
        }
        c.into_iter().map(|x| x as u64).collect()
    }

    /// n-fold naive convolution by repeating it n times.
    fn naive_repeated(a: &[u64], n: u64, modulus: u64) -> Vec<u64> {
        let len = a.len().max(1).next_power_of_two();
        let mut unit = vec![0; len];
        unit[0] = 1 % modulus;
        (0..n).fold(unit, |acc, _| naive(&acc, a, modulus))
    }

    /// n-fold naive convolution by squaring (no transform, no Fermat).
    fn naive_binary_power(a: &[u64], mut n: u64, modulus: u64) -> Vec<u64> {
        let len = a.len().max(1).next_power_of_two();
        let mut result = vec![0; len];
        result[0] = 1 % modulus;
        let mut base: Vec<u64> = a.iter().map(|&x| x % modulus).collect();
        while n > 0 {
            if n & 1 == 1 {
                result = naive(&result, &base, modulus);
            }
            base = naive(&base, &base, modulus);
            n >>= 1;
        }
        result
    }

    fn random_vec(rng: &mut Rng, len: usize, bound: u64) -> Vec<u64> {
        (0..len).map(|_| rng.next_u64() % bound).collect()
    }

    #[test]
    fn barrett_reduction_matches_remainder() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        for &p in &[3, P1, P2, (1 << 32) - 5] {
            let m = Modular::new(p);
            for x in [
                0,
                1,
                p - 1,
                p,
                p + 1,
                u64::MAX,
                u64::MAX - 1,
                (p - 1) * (p - 1),
            ] {
                assert_eq!(m.reduce(x), x % p, "{x} mod {p}");
            }
            for _ in 0..20_000 {
                let x = rng.next_u64();
                assert_eq!(m.reduce(x), x % p);
                let (a, b) = (x % p, rng.next_u64() % p);
                assert_eq!(m.mul(a, b) as u128, a as u128 * b as u128 % p as u128);
            }
        }
        assert_eq!(pow_mod(2, 10, P2), 1024);
        assert_eq!(pow_mod(u64::MAX, 0, 3), 1);
        assert_eq!(pow_mod(3, P2 - 1, P2), 1);
    }

    #[test]
    fn exhaustive_small_vectors_against_naive() {
        for len in [1usize, 2, 4, 8] {
            let fixed: Vec<Vec<u64>> = vec![
                vec![1; len],
                (0..len as u64).collect(),
                (0..len as u64).map(|i| P1 - 1 - i).collect(),
            ];
            // Every vector of this length with entries in 0..3 (3^8 = 6561 for length 8).
            let count = 3usize.pow(len as u32);
            for code in 0..count {
                let a: Vec<u64> = (0..len)
                    .map(|i| (code / 3usize.pow(i as u32) % 3) as u64)
                    .collect();
                for b in &fixed {
                    assert_eq!(xor_convolution(&a, b, P1), naive(&a, b, P1), "{a:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn transform_round_trips_and_matches_definition() {
        let mut rng = Rng::new(12345);
        for &p in &[P1, P2, 3, 5] {
            for k in 0..7 {
                let len = 1 << k;
                let a = random_vec(&mut rng, len, p);
                let mut f = a.clone();
                walsh_hadamard(&mut f, p);
                for (i, &fi) in f.iter().enumerate() {
                    let direct = a.iter().enumerate().fold(0, |acc, (j, &x)| {
                        if (i & j).count_ones() % 2 == 0 {
                            (acc + x) % p
                        } else {
                            (acc + p - x) % p
                        }
                    });
                    assert_eq!(fi, direct);
                }
                inverse_walsh_hadamard(&mut f, p);
                assert_eq!(f, a);
            }
        }
    }

    #[test]
    fn random_convolutions_and_powers_against_naive() {
        let mut rng = Rng::new(777);
        for &p in &[P1, P2] {
            for _ in 0..60 {
                let la = 1 + rng.below(64);
                let lb = 1 + rng.below(64);
                // Entries beyond the modulus are reduced.
                let a = random_vec(&mut rng, la, u64::MAX);
                let b = random_vec(&mut rng, lb, u64::MAX);
                assert_eq!(xor_convolution(&a, &b, p), naive(&a, &b, p));
            }
            for _ in 0..40 {
                let len = 1 + rng.below(16);
                let a = random_vec(&mut rng, len, p);
                let n = rng.below(13) as u64;
                assert_eq!(xor_power(&a, n, p), naive_repeated(&a, n, p), "{a:?}^{n}");
            }
            for _ in 0..40 {
                let len = 1 + rng.below(32);
                let mut a = random_vec(&mut rng, len, p);
                if rng.below(3) == 0 {
                    a[0] = 0; // zeros in the transformed domain are common then
                }
                let n = match rng.below(3) {
                    0 => rng.next_u64() % 1_000_000_000_000_000_001,
                    1 => (p - 1) * (1 + rng.below(5) as u64),
                    _ => u64::MAX - rng.below(4) as u64,
                };
                assert_eq!(
                    xor_power(&a, n, p),
                    naive_binary_power(&a, n, p),
                    "{a:?}^{n}"
                );
            }
        }
        assert_eq!(xor_power(&[], 5, P1), vec![0]);
        assert_eq!(xor_power(&[7, 0, 0], 0, P1), vec![1, 0, 0, 0]);
        assert_eq!(xor_convolution(&[], &[], P1), vec![0]);
    }

    #[test]
    fn counts_lost_nim_positions_like_enumeration() {
        // Sizes allowed per pile: a set S; count sequences of n piles from S that the mover
        // loses, by enumerating them all and playing each out.
        let mut memo = HashMap::new();
        let mut rng = Rng::new(4589);
        for _ in 0..30 {
            let max = 1 + rng.below(7) as u64;
            let allowed: Vec<u64> = (0..=max).filter(|_| rng.below(2) == 0).collect();
            if allowed.is_empty() {
                continue;
            }
            let mut indicator = vec![0u64; max as usize + 1];
            for &s in &allowed {
                indicator[s as usize] = 1;
            }
            for n in 1..=4u32 {
                let mut lost = 0u64;
                for code in 0..allowed.len().pow(n) {
                    let mut piles: Vec<u64> = (0..n as usize)
                        .map(|i| allowed[code / allowed.len().pow(i as u32) % allowed.len()])
                        .collect();
                    if !crate::nim::tests::wins(&mut piles, &mut memo) {
                        lost += 1;
                    }
                }
                assert_eq!(
                    xor_power(&indicator, n as u64, P2)[0],
                    lost,
                    "{allowed:?} n={n}"
                );
            }
        }
    }

    #[test]
    fn large_transform_round_trip() {
        let mut rng = Rng::new(99);
        let a = random_vec(&mut rng, 1 << 16, P2);
        let mut f = a.clone();
        walsh_hadamard(&mut f, P2);
        inverse_walsh_hadamard(&mut f, P2);
        assert_eq!(f, a);
    }
}
