//! Description: The field of nimbers below 2^64 (sum xor, product `NimProduct::mul`):
//! powers, inverse, square root, multiplicative order and discrete logarithm. The nonzero
//! nimbers form a cyclic group of order `N = 2^64 - 1 = 3*5*17*257*641*65537*6700417`
//! (squarefree); the characteristic is 2, so squaring is a bijection and every nimber has
//! one square root. `inv` and `sqrt` go down the tower 64 -> 32 -> 16 bits (a norm to the
//! half field; square roots of the halves) to the 16-bit log tables of `NimProduct`: a few
//! products, not the 64 to 128 of `a^(N-1)` and `a^(2^63)`. `order(a)` drops each prime `p`
//! from `N` while `a^(order/p) = 1`. `log(a, b)` is the smallest `x >= 0` with `a^x = b`
//! (`a^0 = 1`, also for `a = 0`), or `None`: `b` is a power of `a` iff `b^order(a) = 1`; then
//! Pohlig-Hellman finds `x mod p` for each prime `p | order(a)` by baby-step giant-step in
//! the subgroup of order `p` (at most 2589 steps, for 6700417) and joins them by the Chinese
//! remainder theorem into `x < order(a)`. Nimbers below `2^(2^k)` form a subfield, so a base
//! below `2^(2^k)` never reaches a `b` outside it. Many logs to one base: `log_base(a)`
//! does the base's work (order, baby steps) once.
//!
//! Usage:
//! ```
//! use templates::nimber_field::NimField;
//! let field = NimField::new();
//! assert_eq!(field.pow(2, 2), 3); // 2 ⊗ 2 = 3
//! assert_eq!(field.mul(5, field.inv(5)), 1);
//! assert_eq!(field.mul(field.sqrt(7), field.sqrt(7)), 7);
//! assert_eq!(field.order(2), 3); // {1, 2, 3} is the subfield of size 4
//! assert_eq!(field.log(8, 10), Some(4));
//! assert_eq!(field.log(2, 4), None); // 4 is outside the subfield of 2
//! let a = 0x0123_4567_89ab_cdef;
//! let base = field.log_base(a); // reuse for many b
//! assert_eq!(base.order(), field.order(a));
//! assert_eq!(base.log(field.pow(a, 1_000_000_007)), Some(1_000_000_007 % base.order()));
//! ```
//!
//! Time: products are those of `NimProduct`; `inv` 10 products, `sqrt` 3. `pow` O(log e)
//! products, so each `a^(order/p)` takes up to 128; `order`: 7 such powers. `log_base`: the
//! order, 2 powers per prime of the order and `sum ceil(sqrt p) <= 2900` baby steps, sorted;
//! each `log` then: 1 + (primes of the order) powers and at most `sum ceil(sqrt p)` giant
//! steps with binary searches, so O(sqrt 6700417) = O(2589) products in all. Measured
//! (`cargo bench -p templates --bench sg`, 2 shared cores), per call on random values:
//! `inv` 0.15-0.2 us, `sqrt` 0.05 us, `order` 10 us, `log(a, b)` 0.2 ms (base work
//! included).
//!
//! Memory: O(sum sqrt p) = about 2900 pairs per `DiscreteLog`; the tables of `NimProduct`.
//!
//! Source: Conway, On Numbers and Games, ch. 6 (1976); Lenstra, Nim multiplication (1977);
//! Pohlig and Hellman (1978); Shanks's baby-step giant-step (1971); Codeforces 1310F.
//!
//! Status: exhaustive: the subfields below 2, 4, 16 and 256, every base against its powers
//! by repeated multiplication (order, inverse, powers, square roots, and the log of every
//! b below 256 and of some outside); below 16 against the mex definition of the product.
//! Bases below 2^16: full cycles by repeated multiplication for 12 of them. Random 64-bit
//! values: inverse, power laws, square root, order minimality and log round trips, bases of
//! small order with b outside their subgroup. Problems: nim-log.

use crate::nimber::NimProduct;

/// The order of the multiplicative group: 2^64 - 1.
pub const GROUP_ORDER: u64 = u64::MAX;
/// The prime factors of 2^64 - 1, each to the first power.
pub const GROUP_PRIMES: [u64; 7] = [3, 5, 17, 257, 641, 65_537, 6_700_417];

/// Field operations on nimbers below 2^64.
pub struct NimField {
    nim: NimProduct,
}

impl Default for NimField {
    fn default() -> Self {
        Self::new()
    }
}

impl NimField {
    pub fn new() -> Self {
        Self {
            nim: NimProduct::new(),
        }
    }

    /// The nim product `a ⊗ b`.
    #[inline]
    pub fn mul(&self, a: u64, b: u64) -> u64 {
        self.nim.mul(a, b)
    }

    /// `a^e`, the nim product of `e` copies of `a` (`a^0 = 1`, also for `a = 0`).
    pub fn pow(&self, mut a: u64, mut e: u64) -> u64 {
        let mut result = 1;
        while e > 0 {
            if e & 1 == 1 {
                result = self.mul(result, a);
            }
            e >>= 1;
            if e > 0 {
                a = self.mul(a, a);
            }
        }
        result
    }

    /// The `b` with `a ⊗ b = 1`. Panics if `a = 0`.
    pub fn inv(&self, a: u64) -> u64 {
        assert_ne!(a, 0, "0 has no inverse");
        self.inv_below(a, 64)
    }

    /// The unique `r` with `r ⊗ r = a` (every nimber has one).
    pub fn sqrt(&self, a: u64) -> u64 {
        self.sqrt_below(a, 64)
    }

    /// Inverse of `0 < a < 2^bits`. With `t = 2^h`, `h = bits/2`, `t⊗t = t ^ 2^(h-1)`:
    /// `a = a1⊗t ^ a0` times its conjugate `a1⊗t ^ a0 ^ a1` is the norm `a0⊗a0 ^ a0⊗a1 ^
    /// a1⊗a1⊗2^(h-1)`, below 2^h, so one inverse of half the bits and 4 products.
    fn inv_below(&self, a: u64, bits: u32) -> u64 {
        if bits == 16 {
            return self.nim.exp16(u64::from(65_535 - self.nim.log16(a)));
        }
        let h = bits / 2;
        let (a0, a1) = (a & ((1 << h) - 1), a >> h);
        let norm = self.mul(a0, a0) ^ self.mul(a1, a0) ^ self.mul(self.mul(a1, a1), 1 << (h - 1));
        self.mul(a1 << h | (a0 ^ a1), self.inv_below(norm, h))
    }

    /// Square root of `a < 2^bits`: squaring is linear, `(r1⊗t ^ r0)^2 = r1^2⊗t ^ r1^2⊗2^(h-1)
    /// ^ r0^2`, so `r1 = sqrt(a1)` and `r0 = sqrt(a0 ^ a1⊗2^(h-1))`; below 2^16, halve the log.
    fn sqrt_below(&self, a: u64, bits: u32) -> u64 {
        if a == 0 {
            return 0;
        }
        if bits == 16 {
            // 2 * 32768 = 1 mod 65535.
            return self.nim.exp16(u64::from(self.nim.log16(a)) * 32_768);
        }
        let h = bits / 2;
        let (a0, a1) = (a & ((1 << h) - 1), a >> h);
        let r0 = self.sqrt_below(a0 ^ self.mul(a1, 1 << (h - 1)), h);
        self.sqrt_below(a1, h) << h | r0
    }

    /// The smallest `d >= 1` with `a^d = 1`; it divides 2^64 - 1. Panics if `a = 0`.
    pub fn order(&self, a: u64) -> u64 {
        assert_ne!(a, 0, "0 has no multiplicative order");
        let mut order = GROUP_ORDER;
        for p in GROUP_PRIMES {
            if self.pow(a, order / p) == 1 {
                order /= p;
            }
        }
        order
    }

    /// The smallest `x >= 0` with `a^x = b`, or `None` if `b` is no power of `a`.
    pub fn log(&self, a: u64, b: u64) -> Option<u64> {
        match (a, b) {
            (0, 1) => Some(0),
            (0, 0) => Some(1),
            (0, _) => None,
            _ => self.log_base(a).log(b),
        }
    }

    /// Logarithms to the base `a`, which must not be 0 (panics).
    pub fn log_base(&self, a: u64) -> DiscreteLog<'_> {
        let order = self.order(a);
        let parts = GROUP_PRIMES
            .iter()
            .filter(|&&p| order % p == 0)
            .map(|&p| {
                let cofactor = order / p;
                // An element of order p, and the baby steps of its powers.
                let g = self.pow(a, cofactor);
                let steps = (1..=p).find(|s| s * s >= p).unwrap();
                let mut baby = Vec::with_capacity(steps as usize);
                let mut power = 1;
                for j in 0..steps {
                    baby.push((power, j));
                    power = self.mul(power, g);
                }
                baby.sort_unstable();
                // x ≡ r (mod p) contributes r * cofactor * (cofactor^-1 mod p) (mod order).
                let unit = mod_pow(cofactor % p, p - 2, p);
                let crt = (cofactor as u128 * unit as u128 % order as u128) as u64;
                Part {
                    p,
                    cofactor,
                    steps,
                    baby,
                    giant: self.pow(g, p - steps),
                    crt,
                }
            })
            .collect();
        DiscreteLog {
            field: self,
            order,
            parts,
        }
    }
}

/// Discrete logarithms to one fixed nonzero base (see `NimField::log_base`).
pub struct DiscreteLog<'f> {
    field: &'f NimField,
    order: u64,
    parts: Vec<Part>,
}

/// The base's work for one prime `p` dividing its order.
struct Part {
    p: u64,
    /// order / p.
    cofactor: u64,
    /// ceil(sqrt p): baby steps g^0..g^(steps-1) of g = base^cofactor, sorted by value.
    steps: u64,
    baby: Vec<(u64, u64)>,
    /// g^-steps.
    giant: u64,
    /// cofactor * (cofactor^-1 mod p), mod order.
    crt: u64,
}

impl DiscreteLog<'_> {
    /// The multiplicative order of the base.
    pub fn order(&self) -> u64 {
        self.order
    }

    /// The smallest `x >= 0` with `base^x = b` (then `x < order()`), or `None`.
    pub fn log(&self, b: u64) -> Option<u64> {
        let field = self.field;
        if b == 0 || field.pow(b, self.order) != 1 {
            return None;
        }
        let mut x = 0u128;
        for part in &self.parts {
            // h = g^r with r = x mod p: find r = i*steps + j with h * g^(-i*steps) = g^j.
            let mut h = field.pow(b, part.cofactor);
            let r = (0..part.steps)
                .find_map(|i| {
                    let found = part.baby.binary_search_by_key(&h, |e| e.0);
                    h = field.mul(h, part.giant);
                    found.ok().map(|k| i * part.steps + part.baby[k].1)
                })
                .expect("b^(order/p) lies in the subgroup of order p");
            debug_assert!(r < part.p);
            x = (x + r as u128 * part.crt as u128) % self.order as u128;
        }
        Some(x as u64)
    }
}

/// `a^e mod m` for `m < 2^32`.
fn mod_pow(mut a: u64, mut e: u64, m: u64) -> u64 {
    let mut result = 1 % m;
    while e > 0 {
        if e & 1 == 1 {
            result = result * a % m;
        }
        a = a * a % m;
        e >>= 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    /// The powers 1, a, a^2, ... of `a` by repeated multiplication, up to the first return
    /// to 1 (so the length is the order).
    fn cycle(mul: impl Fn(u64, u64) -> u64, a: u64) -> Vec<u64> {
        let mut powers = vec![1];
        let mut y = a;
        while y != 1 {
            powers.push(y);
            y = mul(y, a);
            assert!(powers.len() < 1 << 17, "no cycle back to 1");
        }
        powers
    }

    /// The first index of each value in `powers` (values below `size`).
    fn first_seen(powers: &[u64], size: usize) -> Vec<Option<u64>> {
        let mut first = vec![None; size];
        for (x, &y) in powers.iter().enumerate() {
            first[y as usize].get_or_insert(x as u64);
        }
        first
    }

    #[test]
    fn below_16_follows_the_mex_definition() {
        // a ⊗ b = mex { a'⊗b ^ a⊗b' ^ a'⊗b' : a' < a, b' < b }, from the definition alone.
        const N: usize = 64;
        let game = crate::nimber::tests::products_by_mex(N);
        let field = NimField::new();
        for a in 0..N as u64 {
            for b in 0..N as u64 {
                assert_eq!(field.mul(a, b), game[a as usize][b as usize]);
            }
        }
        let mex_mul = |x: u64, y: u64| game[x as usize][y as usize];
        for a in 0..16u64 {
            let square_root = (0..16).find(|&r| mex_mul(r, r) == a);
            assert_eq!(Some(field.sqrt(a)), square_root, "sqrt {a}");
            if a == 0 {
                continue;
            }
            let inverse = (0..16).find(|&b| mex_mul(a, b) == 1);
            assert_eq!(Some(field.inv(a)), inverse, "inv {a}");
            let powers = cycle(mex_mul, a);
            assert_eq!(field.order(a), powers.len() as u64);
            let first = first_seen(&powers, 16);
            for b in 0..16 {
                assert_eq!(field.log(a, b), first[b as usize], "log {a} {b}");
            }
            for e in 0..40 {
                assert_eq!(field.pow(a, e), powers[e as usize % powers.len()]);
            }
        }
    }

    #[test]
    fn subfields_below_256_exhaustively() {
        let field = NimField::new();
        let nim = NimProduct::new();
        let mut rng = Rng::new(0x005e_ed0f_1e1d);
        for size in [2u64, 4, 16, 256] {
            for a in 1..size {
                let powers = cycle(|x, y| nim.mul(x, y), a);
                assert!(powers.iter().all(|&y| y < size), "subfield {size} closed");
                let order = powers.len() as u64;
                assert_eq!(field.order(a), order);
                assert_eq!((size - 1) % order, 0);
                assert_eq!(field.inv(a), powers[(order - 1) as usize]);
                let root = field.sqrt(a);
                assert!(root < size && nim.mul(root, root) == a);
                for e in [0, 1, 2, order - 1, order, order + 1, 1000, u64::MAX] {
                    assert_eq!(field.pow(a, e), powers[(e % order) as usize]);
                }
                let base = field.log_base(a);
                let first = first_seen(&powers, size as usize);
                for b in 0..size {
                    assert_eq!(base.log(b), first[b as usize], "log {a} {b}");
                }
                // Nothing outside the subfield is a power of a.
                for b in [size, size + 1, u64::MAX, rng.next_u64() | size] {
                    assert_eq!(field.log(a, b), None, "log {a} {b}");
                }
            }
        }
        assert_eq!(field.log(0, 0), Some(1));
        assert_eq!(field.log(0, 1), Some(0));
        assert_eq!(field.log(0, 2), None);
        assert_eq!(field.pow(0, 0), 1);
        assert_eq!(field.sqrt(0), 0);
    }

    #[test]
    fn full_cycles_of_bases_below_2_pow_16() {
        let field = NimField::new();
        let nim = NimProduct::new();
        let mut rng = Rng::new(0xbead_5eed);
        // 2 generates the subfield of 4; 16 and 256 lie in those of 256 and 65536.
        let mut bases = vec![2, 16, 256, 65_535];
        bases.extend((0..8).map(|_| 1 + rng.below(65_535) as u64));
        for a in bases {
            let powers = cycle(|x, y| nim.mul(x, y), a);
            let order = powers.len() as u64;
            assert_eq!(field.order(a), order, "order {a}");
            let first = first_seen(&powers, 1 << 16);
            let base = field.log_base(a);
            for _ in 0..300 {
                let b = rng.below(1 << 16) as u64;
                assert_eq!(base.log(b), first[b as usize], "log {a} {b}");
            }
            let x = rng.below(powers.len()) as u64;
            assert_eq!(base.log(powers[x as usize]), Some(x));
        }
    }

    #[test]
    fn round_trips_on_random_64_bit_values() {
        let field = NimField::new();
        let mut rng = Rng::new(0x0ddb_a11c_afe1);
        for round in 0..300 {
            let a = rng.next_u64() | 1 << (round % 64);
            let b = rng.next_u64();
            let inv = field.inv(a);
            assert_eq!(field.mul(a, inv), 1);
            assert_eq!(field.inv(inv), a);
            let root = field.sqrt(b);
            assert_eq!(field.mul(root, root), b);
            assert_eq!(field.pow(a, GROUP_ORDER), 1); // Fermat
            let (e, f) = (rng.next_u64(), rng.next_u64());
            let sum = ((e as u128 + f as u128) % GROUP_ORDER as u128) as u64;
            let product = ((e as u128 * f as u128) % GROUP_ORDER as u128) as u64;
            assert_eq!(
                field.mul(field.pow(a, e), field.pow(a, f)),
                field.pow(a, sum)
            );
            assert_eq!(field.pow(field.pow(a, e), f), field.pow(a, product));
            // The order: a^order = 1, and no proper divisor works (it is squarefree).
            let order = field.order(a);
            assert_eq!(field.pow(a, order), 1);
            for p in GROUP_PRIMES.into_iter().filter(|p| order % p == 0) {
                assert_ne!(field.pow(a, order / p), 1);
            }
            let base = field.log_base(a);
            assert_eq!(base.log(field.pow(a, e)), Some(e % order));
            assert_eq!(base.log(1), Some(0));
            assert_eq!(base.log(a), Some(1 % order));
            assert_eq!(base.log(inv), Some(order - 1));
            assert_eq!(base.log(0), None);
        }
    }

    #[test]
    fn bases_of_small_order_miss_most_b() {
        let field = NimField::new();
        let mut rng = Rng::new(0x5ca1_ab1e);
        let (mut found, mut missed) = (0, 0);
        for _ in 0..300 {
            // a = r^k with k a product of random primes: the order of a divides N / k.
            let k: u64 = GROUP_PRIMES.iter().filter(|_| rng.below(2) == 0).product();
            let a = field.pow(rng.next_u64() | 1, k);
            let order = field.order(a);
            assert_eq!((GROUP_ORDER / k) % order, 0);
            let b = match rng.below(3) {
                0 => rng.next_u64(),
                _ => field.pow(a, rng.next_u64()),
            };
            match field.log(a, b) {
                Some(x) => {
                    assert!(x < order);
                    assert_eq!(field.pow(a, x), b);
                    found += 1;
                }
                None => {
                    // b is in the subgroup of a iff b^order = 1 (the subgroup of each order
                    // of a cyclic group is unique); b = 0 is in none.
                    assert!(b == 0 || field.pow(b, order) != 1);
                    missed += 1;
                }
            }
        }
        assert!(found > 150 && missed > 30, "{found} {missed}");
    }

    #[test]
    fn group_order_factors() {
        assert_eq!(GROUP_PRIMES.iter().product::<u64>(), GROUP_ORDER);
        for p in GROUP_PRIMES {
            assert!(
                (2..p).take_while(|d| d * d <= p).all(|d| p % d != 0),
                "{p} prime"
            );
        }
    }
}
