//! Grundy values of octal games fast enough for `explore` to reach 10^6 heaps in seconds,
//! and the Guy-Smith proof checked as they come. The library's `templates::octal` keeps the
//! plain O(n^2) loop a contestant pastes and reads; this is the tool's engine, checked
//! against it.
//!
//! Speed (the sparse space of Winning Ways ch. 4, "Sparse space spells speed"): choose a
//! mask so that few heaps are rare (parity of `G(n) & mask` even, optionally flipped on odd
//! `n`, Flammenkamp's domain variant). Two heaps of one class xor to one fixed parity, so
//! the options of the other parity all involve a rare heap: O(rare) per heap finds them,
//! and the mex is usually such a value; a value of the pairs' own parity below it is looked
//! for pair by pair until found. Once the values repeat with period p from some n0 (seen
//! so far, not assumed), a long split's options depend only on its size mod p: one set per
//! residue. Both are exact for every code; only the speed depends on the game.
//!
//! Measured (release, `grundy_values(&Octal::parse(code)?, n)`, a shared 2-core machine
//! under load, so +-30%): n = 10^6: 0.77 0.05 s, 0.56 0.35 s, Officers 0.6 10-12 s (6.5 s
//! unloaded: about 1,600 rare heaps, and some 2,500 pairs scanned per heap before every
//! value of the pairs' parity below the mex is seen). A sweep of the 512 codes 0.d1d2d3 at
//! n = 10^5 (release test run apart, not kept): 412 under 1 s, 22 in 1-3 s, 78 over 3 s,
//! the worst 0.76x (13-38 s), 0.62x, 0.34x, 0.41x, 0.004: codes with no sparse space (0.007:
//! 14% of heaps rare by 2^17 with the best mask, values past 1000), where each heap costs
//! O(rare + pairs scanned), close to O(n). The seen table sized by the values and masks of
//! up to 12 bits took 0.004 from 15.7 to 10.8 s and 0.026 from 7.2 to 5.3 s at 10^5.
//! `cargo bench -p bundler --bench octal`: at 10^6 0.77 0.03 s, 0.137 0.03 s, 0.56 0.30 s,
//! 0.6 6.1 s, 0.007 79 s (slower than the naive loop at 10^5: 3.4 s against 2.9 s).
//!
//! Sources: Berlekamp, Conway and Guy, Winning Ways, vol. 1, ch. 4 (1982), for the sparse
//! space; A. Flammenkamp, "Sparse- and Common-Positions of Sprague-Grundy Values of
//! Octal-Games" (uni-bielefeld.de/achim/octal_sparse.html), for the mask and the domain
//! variant; Gangolli and Plambeck, A note on periodicity in some octal games (1989), and
//! OEIS A071434-A071464, for late periods.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use templates::octal::{Octal, Period};

/// `G(0..=n)`, by the sparse-space method.
pub fn grundy_values(game: &Octal, n: usize) -> Vec<u32> {
    let mut sequence = Sequence::new(game);
    while sequence.values.len() <= n {
        sequence.push_next();
    }
    sequence.values
}

/// Computes `G(0), G(1), ...` and checks the Guy-Smith theorem after each value, until a
/// period is proven, `limit` values are computed, or `stop(values)` (asked once per 1024
/// values past `at_least`) says so; then goes on to `at_least` values. Returns the values
/// and the period with the number of values that proves it: the shortest prefix that does,
/// for which the period is `find_period`'s.
pub fn prove_period(
    game: &Octal,
    limit: usize,
    at_least: usize,
    mut stop: impl FnMut(&[u32]) -> bool,
) -> (Vec<u32>, Option<(Period, usize)>) {
    let mut sequence = Sequence::new(game);
    let mut check = PeriodCheck::new(game.max_removal());
    let mut proof = None;
    while sequence.values.len() < limit.max(at_least) {
        let len = sequence.values.len();
        if len.is_multiple_of(1024) && len >= at_least && stop(&sequence.values) {
            break;
        }
        sequence.push_next();
        if proof.is_none() && sequence.values.len() <= limit {
            proof = check
                .push(&sequence.values)
                .map(|p| (p, sequence.values.len()));
        }
        if proof.is_some() && sequence.values.len() >= at_least {
            break;
        }
    }
    (sequence.values, proof)
}

/// `G(0), G(1), ...` one at a time, each the mex of its options, found in two ways.
///
/// Sparse space: a heap's class is the parity of `G(n) & mask`, flipped for odd `n` when
/// `by_heap`. Two heaps of one class that total `m` xor to a value of parity `by_heap & m`:
/// every option of the other parity has a heap of the rare class, so going through the
/// rare heaps finds them all; a value of the same parity is an option only if some pair
/// shows it, and the scan of the pairs stops as soon as one does.
///
/// Periodic tail: while `G(n0..len)` repeats with period `p` (seen, not proven), a split
/// leaving `m` whose pairs' smaller heaps reach a period into the tail has the options of
/// every `m` of its residue mod `p` that does too: a set made once per residue.
struct Sequence<'a> {
    digits: &'a [u8],
    /// Each `k` whose digit allows two heaps, in increasing order.
    splits: Vec<usize>,
    values: Vec<u32>,
    mask: u32,
    by_heap: bool,
    rare_class: u32,
    /// The heaps `n >= 1` of the rare class, in increasing order.
    rare: Vec<usize>,
    /// `(n0, p)`: `G(i + p) == G(i)` for `n0 <= i < len - p`.
    tail: Option<(usize, usize)>,
    /// By `m % p`: the options of a split leaving `m`, once `m` is large enough.
    tail_xors: Vec<Option<Vec<u32>>>,
    /// `seen[v] == n + 1`: `v` is an option of heap `n`, the one being computed. Twice
    /// the power of two above every value, so any xor of two values and the mex fit.
    seen: Vec<u32>,
}

impl<'a> Sequence<'a> {
    fn new(game: &'a Octal) -> Sequence<'a> {
        let digits = game.digits();
        let splits = (0..digits.len()).filter(|&k| digits[k] & 4 != 0);
        Sequence {
            digits,
            splits: splits.collect(),
            values: Vec::new(),
            // Every heap rare (mask 0, class 0) until `choose_classes`: the naive method.
            mask: 0,
            by_heap: false,
            rare_class: 0,
            rare: Vec::new(),
            tail: None,
            tail_xors: Vec::new(),
            seen: vec![0; 2],
        }
    }

    fn class(&self, n: usize) -> u32 {
        (self.values[n] & self.mask).count_ones() & 1 ^ (self.by_heap && n % 2 == 1) as u32
    }

    /// The mask (of the low 12 bits: values pass 1000 in 0.006, 0.007) and `by_heap` that
    /// leave the fewest rare heaps so far.
    /// A heap of the rare class is also the one whose value needs a full scan of the pairs.
    fn choose_classes(&mut self) {
        let Some(&first_split) = self.splits.first() else {
            return;
        };
        let max = self.values.iter().max().copied().unwrap_or(0);
        let width = 1usize << (32 - max.leading_zeros()).min(12);
        let mut count = vec![vec![0usize; width]; 2];
        for (n, &g) in self.values.iter().enumerate().skip(1) {
            count[n % 2][g as usize & (width - 1)] += 1;
        }
        // By heap parity, the rare class of pairs xoring to a value is that of `k`: one
        // class for all splits only if the `k` are all odd or all even.
        let one_parity = self.splits.iter().all(|k| (k ^ first_split) % 2 == 0);
        let mut best = (usize::MAX, 0, false);
        for by_heap in [false, true].into_iter().filter(|&b| !b || one_parity) {
            let rare_class = (by_heap && first_split % 2 == 1) as u32;
            for mask in 0..width as u32 {
                let mut rare = 0;
                for (parity, count) in count.iter().enumerate() {
                    for (v, &c) in count.iter().enumerate() {
                        let flip = by_heap && parity == 1;
                        if (v as u32 & mask).count_ones() & 1 ^ flip as u32 == rare_class {
                            rare += c;
                        }
                    }
                }
                if rare < best.0 {
                    best = (rare, mask, by_heap);
                }
            }
        }
        (self.mask, self.by_heap) = (best.1, best.2);
        self.rare_class = (self.by_heap && first_split % 2 == 1) as u32;
        let rare = (1..self.values.len()).filter(|&n| self.class(n) == self.rare_class);
        self.rare = rare.collect();
    }

    /// The smallest period of the latter half of the values, if any, from where it starts.
    fn find_tail(&mut self) {
        let (len, g) = (self.values.len(), &self.values);
        for p in 1..=len / 8 {
            let mut start = len - p;
            while start > 0 && g[start - 1] == g[start - 1 + p] {
                start -= 1;
            }
            if start <= len / 2 {
                self.tail = Some((start, p));
                self.tail_xors = vec![None; p];
                return;
            }
        }
    }

    fn push_next(&mut self) {
        let n = self.values.len();
        if n >= 64 && n.is_power_of_two() {
            self.choose_classes();
            if self.tail.is_none() {
                self.find_tail();
            }
        }
        let (g, seen, stamp) = (&self.values, &mut self.seen, n as u32 + 1);
        // The splits (by what they leave) whose pairs of one class are not all marked.
        let mut unscanned = Vec::new();
        for (k, &d) in self.digits.iter().enumerate().take(n + 1) {
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                seen[0] = stamp;
            }
            if d & 2 != 0 && rest > 0 && k > 0 {
                seen[g[rest] as usize] = stamp;
            }
            if d & 4 == 0 || rest < 2 {
                continue;
            }
            match self.tail {
                // The pairs' smaller heaps reach a whole period into the tail: a pair further
                // on has the values of the pair a period before it.
                Some((n0, p)) if rest / 2 + 1 >= n0.max(1) + p => {
                    let xors = self.tail_xors[rest % p].get_or_insert_with(|| {
                        let pairs = (1..n0.max(1) + p).map(|a| g[a] ^ g[rest - a]);
                        let mut xors: Vec<u32> = pairs.collect();
                        xors.sort_unstable();
                        xors.dedup();
                        xors
                    });
                    for &x in xors.iter() {
                        seen[x as usize] = stamp;
                    }
                }
                _ => {
                    let below = self.rare.partition_point(|&a| a < rest);
                    for &a in &self.rare[..below] {
                        seen[(g[a] ^ g[rest - a]) as usize] = stamp;
                    }
                    unscanned.push(rest);
                }
            }
        }
        // A value of the class of pairs is looked for in their pairs, a block at a time
        // from each split (a value may come from one alone); all scanned, all are marked.
        let top = unscanned.first().map_or(0, |&rest| rest / 2);
        let (mut v, mut scanned) = (0, 0);
        loop {
            while seen[v] == stamp {
                v += 1;
            }
            let parity = (v as u32 & self.mask).count_ones() % 2;
            let by_heap = self.by_heap;
            let may_pair = unscanned
                .iter()
                .any(|&rest| parity == (by_heap && rest % 2 == 1) as u32);
            if !may_pair || scanned >= top {
                break;
            }
            for &rest in &unscanned {
                for a in scanned + 1..=(scanned + BLOCK).min(rest / 2) {
                    seen[(g[a] ^ g[rest - a]) as usize] = stamp;
                }
            }
            scanned += BLOCK;
        }
        self.values.push(v as u32);
        if 2 * (v + 1).next_power_of_two() > self.seen.len() {
            self.seen.resize(2 * (v + 1).next_power_of_two(), 0);
        }
        if n > 0 && self.class(n) == self.rare_class {
            self.rare.push(n);
        }
        if let Some((n0, p)) = self.tail {
            if n >= n0 + p && self.values[n] != self.values[n - p] {
                self.tail = None;
            }
        }
    }
}

/// Pairs scanned at a time while looking for a value.
const BLOCK: usize = 16;

/// `templates::octal::find_period` as the values come: after each new value,
/// `push(&values)`; the first `Some` is `find_period(values)` for the shortest prefix that
/// proves a period, and it stays. A period `p` is looked at only when it could first be
/// proven: with agreement known to start at `s` at best, at length `2*s + 2*p + t`; a
/// mismatch found then moves `s` past it. Each `values[n] == values[n + p]` is compared at
/// most once.
#[derive(Debug, Clone)]
pub struct PeriodCheck {
    max_removal: usize,
    /// `(length, p, s, end)`: `values[n] == values[n + p]` for `s <= n < end`, and not for
    /// `n = s - 1` (unless `s == 1`): `p` is proven at `length = 2*s + 2*p + t` at the
    /// earliest. Smallest length, then smallest `p`, first.
    due: BinaryHeap<Reverse<(usize, usize, usize, usize)>>,
    proven: Option<Period>,
}

impl PeriodCheck {
    pub fn new(max_removal: usize) -> PeriodCheck {
        PeriodCheck {
            max_removal,
            due: BinaryHeap::new(),
            proven: None,
        }
    }

    /// Call with `values = G(0..len)` for len = 1, 2, 3, ... in turn.
    pub fn push(&mut self, values: &[u32]) -> Option<Period> {
        let (len, t) = (values.len(), self.max_removal);
        if self.proven.is_none() && len >= t + 4 && (len - t) % 2 == 0 {
            // Period p = (len - t - 2) / 2 is first possible now, from s = 1.
            self.due.push(Reverse((len, (len - t - 2) / 2, 1, 1)));
        }
        while self.proven.is_none() {
            match self.due.peek() {
                Some(&Reverse((at, p, start, end))) if at == len => {
                    self.due.pop();
                    // Only the pairs not seen before: the last mismatch, if any, is among them.
                    match (end..len - p).rev().find(|&n| values[n] != values[n + p]) {
                        Some(n) => {
                            let at = 2 * (n + 1) + 2 * p + t;
                            self.due.push(Reverse((at, p, n + 1, len - p)));
                        }
                        None => {
                            self.proven = Some(Period {
                                preperiod: start,
                                period: p,
                            })
                        }
                    }
                }
                _ => break,
            }
        }
        self.proven
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use templates::octal::find_period;

    /// The oracle: the library's plain loop.
    fn naive_values(game: &Octal, n: usize) -> Vec<u32> {
        game.grundy_values(n)
    }

    #[test]
    fn fast_values_equal_naive_for_every_code_of_up_to_three_digits() {
        for first in ["0", "4"] {
            for digits in 0..512 {
                let code = format!("{first}.{:03o}", digits);
                let game = Octal::parse(&code).unwrap();
                assert_eq!(
                    grundy_values(&game, 300),
                    naive_values(&game, 300),
                    "{code}"
                );
            }
        }
    }

    #[test]
    fn fast_values_equal_naive_on_long_prefixes() {
        // Periodic early (0.77, 0.137, 0.165, 0.156: the periodic tail), open (0.6, 0.007),
        // periodic late (0.56, 0.127), values that grow (4.7), many splitting digits.
        let codes = [
            "0.77", "0.137", "0.165", "0.156", "0.6", "0.007", "0.56", "0.127", "4.7",
        ];
        let mut codes: Vec<String> = codes.map(String::from).to_vec();
        codes.extend(["0.777777", "4.7777"].map(String::from));
        let mut rng = fastrand::Rng::with_seed(0x0c7a_1fa5_7000_0001);
        for _ in 0..12 {
            let first = if rng.bool() { "4" } else { "0" };
            let len = 1 + rng.u64(..) % 5;
            let digits: String = (0..len)
                .map(|_| char::from(b'0' + (4 + rng.u64(..) % 4) as u8))
                .collect();
            codes.push(format!("{first}.{digits}"));
        }
        for code in &codes {
            let game = Octal::parse(code).unwrap();
            assert_eq!(
                grundy_values(&game, 2500),
                naive_values(&game, 2500),
                "{code}"
            );
        }
    }

    #[test]
    fn fast_values_equal_naive_on_the_codes_without_a_sparse_space() {
        // The slowest three-digit codes of a sweep at 10^5 (many rare heaps, values that
        // grow past 1000): masks of more than 10 bits, the seen table sized by the values.
        for code in [
            "0.004", "0.005", "0.006", "0.016", "0.024", "0.026", "0.027",
        ] {
            let game = Octal::parse(code).unwrap();
            assert_eq!(
                grundy_values(&game, 3000),
                naive_values(&game, 3000),
                "{code}"
            );
        }
    }

    #[test]
    fn period_check_proves_at_the_first_prefix_find_period_does() {
        let mut rng = fastrand::Rng::with_seed(0x9e71_0d1c_4ec4_0002);
        let mut proven = 0;
        for _ in 0..60 {
            let game = Octal::parse(&random_code(&mut rng)).unwrap();
            let values = naive_values(&game, 700);
            let mut check = PeriodCheck::new(game.max_removal());
            let mut first = None;
            for len in 1..=values.len() {
                let by_check = check.push(&values[..len]);
                first = first.or_else(|| find_period(&values[..len], game.max_removal()));
                assert_eq!(by_check, first, "{game:?} len {len}");
            }
            proven += first.is_some() as usize;
            let (prefix, period) = prove_period(&game, 701, 0, |_| false);
            assert_eq!(period.map(|(p, _)| p), first, "{game:?}");
            assert_eq!(prefix, values[..prefix.len()], "{game:?}");
        }
        assert!(proven >= 30, "{proven}");
    }

    #[test]
    fn proofs_complete_where_the_literature_says() {
        // (code, preperiod n0, period p) = (last exception + 1, period) as published:
        // Kayles: Winning Ways ch. 4, last exception G(70). Dawson's chess: WW pp. 89, 102
        // and OEIS A002187, exceptions up to n = 51; 0.07 is it shifted by one heap. 0.45:
        // 0.177 shifted by one, last exception 496 (WW p. 102, OEIS A071435). 0.1377: 140
        // (WW p. 102, A071434). 0.11377: 186 (WW p. 104, A071452). 0.127: 46577 (Gangolli
        // and Plambeck 1989, A071464). The proof completes at 2*n0 + 2*p + t values.
        for (code, n0, p) in [
            ("0.77", 71, 12),
            ("0.137", 52, 34),
            ("0.07", 53, 34),
            ("0.45", 498, 20),
            ("0.1377", 141, 24),
            ("0.11377", 187, 32),
            ("0.127", 46578, 4),
            // Period 144: Gangolli and Plambeck 1989 (A071436, which puts the last exception
            // at 326637); G(326639) = 26 != G(326783) = 16 by a plain O(n^2) loop run apart.
            ("0.56", 326640, 144),
            // Period 149459, last exception 105350: Gangolli and Plambeck 1989 (Flammenkamp's
            // table of octal games lists the same).
            ("0.16", 105351, 149459),
        ] {
            let game = Octal::parse(code).unwrap();
            let t = game.max_removal();
            let (values, period) = prove_period(&game, 700_000, 0, |_| false);
            let expected = Period {
                preperiod: n0,
                period: p,
            };
            assert_eq!(period, Some((expected, values.len())), "{code}");
            assert_eq!(values.len(), 2 * n0 + 2 * p + t, "{code}");
            assert_eq!(find_period(&values, t), Some(expected), "{code}");
        }
    }

    fn random_code(rng: &mut fastrand::Rng) -> String {
        let first = if rng.u32(..3) == 0 { "4" } else { "0" };
        let len = 1 + rng.u64(..) % 4;
        let digits: String = (0..len)
            .map(|_| char::from(b'0' + (rng.u64(..) % 8) as u8))
            .collect();
        format!("{first}.{digits}")
    }
}
