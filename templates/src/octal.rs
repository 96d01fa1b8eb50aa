//! Description: Octal (take-and-break) games from their code `d0.d1d2d3...`: a move takes
//! `k` tokens from one heap and leaves the rest as at most two heaps, as digit `d_k` allows:
//! bit 1 = may leave no heap (take the whole heap), bit 2 = may leave one nonempty heap,
//! bit 4 = may leave two nonempty heaps. `d0` is 0 or 4 (4: a heap may be split without
//! taking anything). Kayles is 0.77, Dawson's Kayles 0.07, Dawson's chess 0.137. A position
//! is worth the xor of `G(heap)`. Finite octal games are conjectured (Guy) to be eventually
//! periodic (0.007 and Officers 0.6 are still open); when one is, the Guy-Smith theorem
//! proves it from a finite prefix. Theorem (Guy and Smith 1956; Winning Ways ch. 4): let
//! `t` be the index of the last nonzero digit (the most tokens a move takes), `p >= 1`,
//! `n0 >= 1`; if `G(n + p) = G(n)` for all `n0 <= n < 2*n0 + p + t`, then for all
//! `n >= n0`. So `G(0..2*n0 + 2*p + t)` proves `(n0, p)`. The catch: `n0 = 0` is not
//! allowed (the proof shortens a heap by `p`, and it must stay nonempty): 0.4 starts 0, 0,
//! 0, 1, so `p = 1` from `n0 = 0` would wrongly pass. `find_period` returns the smallest
//! `(n0, p)` so proven by the values given; `prove_period(limit)` checks after each value
//! (`PeriodCheck`) and stops at the first prefix that proves one; `proven_grundy` then
//! answers `G(n)` for any `u64` heap (`None`: nothing proven by `G(0..limit)`).
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
//! Treblecross (poj3537; Crosses and Crosses: 1 x n strip, players add an X, whoever makes
//! three in a row wins) is 0.11337 on the number of cells where an X is safe: an X next to,
//! or two cells from, another X lets the opponent win at once, so a safe X in a run of free
//! cells spoils itself and two cells each side (fewer at an edge, hence digits 3 to 5). For
//! n >= 3 the first player wins iff `G(n) != 0` (for n <= 2 nobody can win).
//!
//! Usage:
//! ```
//! use templates::octal::{find_period, Octal};
//! let kayles = Octal::parse("0.77").unwrap();
//! let values = kayles.grundy_values(300);
//! let period = find_period(&values, kayles.max_removal()).unwrap();
//! assert_eq!((period.preperiod, period.period), (71, 12));
//! // Heaps 5 and 10^18: reduce the huge heap into the table first.
//! let big = values[period.reduce(1_000_000_000_000_000_000)];
//! assert_eq!(values[5] ^ big, 4 ^ 1);
//! // The same without a table: compute until the period is proven, then G(any u64).
//! let g = kayles.proven_grundy(5000).unwrap();
//! assert_eq!((g.period.preperiod, g.period.period), (71, 12));
//! assert_eq!(g.value(5) ^ g.value(1_000_000_000_000_000_000), 4 ^ 1);
//! // The proof checked as the values come: complete at 2*71 + 2*12 + 2 values.
//! let (prefix, proof) = kayles.prove_period(5000);
//! assert_eq!((prefix.len(), proof), (168, Some(g.period)));
//! // Treblecross on a strip of 7 cells: the first player wins.
//! assert_ne!(Octal::parse("0.11337").unwrap().grundy_values(7)[7], 0);
//! assert!(Octal::parse("0.18").unwrap_err().contains("'8'"));
//! ```
//!
//! Time: `grundy_values(n)` O(n^2) at worst (no sparse space, no period), O(n * (rare
//! heaps + pairs scanned)) in practice; measured (`cargo bench -p templates --bench octal`)
//! to 10^6: 0.04 s for 0.77 and 0.137, 0.3 s for 0.56 (period from 326,640), 6.8 s for
//! 0.6 (about 1,600 rare heaps); the naive loop at 10^5 takes 2.5-5.6 s. `PeriodCheck`
//! compares each `G(n)`, `G(n + p)` at most once per `p`; `find_period` O(len^2) at worst.
//!
//! Memory: O(n + p * values); a `ProvenGrundy` keeps `n0 + p` values.
//!
//! Source: Guy and Smith, The G-values of various games (1956); Berlekamp, Conway and Guy,
//! Winning Ways, vol. 1, ch. 4 (1982), for the periods of Kayles and Dawson's chess, for
//! Treblecross = 0.11337 and for the sparse space; A. Flammenkamp, "Sparse- and
//! Common-Positions of Sprague-Grundy Values of Octal-Games" (uni-bielefeld.de/achim/
//! octal_sparse.html), for the mask and the domain variant; Gangolli and Plambeck, A note
//! on periodicity in some octal games (1989), and OEIS A071434-A071464, for late periods.
//!
//! Status: exhaustive: `grundy_values` equals the naive O(n^2) loop to n = 300 for all
//! 1024 codes d0.d1d2d3 (d0 = 0 or 4), and to 2500 for 11 named and 12 random codes of
//! splitting digits; every row of up to 14 pins as the real game for 0.07, 0.77, 0.137,
//! 0.11337; every multiset of up to 3 heaps of at most 10 tokens for 40 random codes;
//! Treblecross by a real board search for 3 <= n <= 16. `PeriodCheck` proves at exactly the
//! first prefix `find_period` does, with its answer, for 60 random codes to 700; proofs
//! complete at `2*n0 + 2*p + t` with the published periods of 0.77, 0.137, 0.07, 0.45,
//! 0.1377, 0.11377, 0.127 (n0 = 46578) and 0.56 (n0 = 326640); proven periods agree with
//! 3,000-20,000 computed values. Problems: poj3537, octal-heaps.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// An octal game: `digits[k]` says what taking `k` tokens may leave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Octal {
    digits: Vec<u8>,
}

impl Octal {
    /// Parses `d0.d1d2...` (`d0` is 0, 4 or absent); the error says what is wrong.
    pub fn parse(code: &str) -> Result<Octal, String> {
        let Some((whole, fraction)) = code.split_once('.') else {
            return Err(format!(
                "octal code {code:?}: expected `d0.d1d2...`, found no '.'"
            ));
        };
        let first = match whole {
            "" | "0" => 0,
            "4" => 4,
            _ => return Err(format!("octal code {code:?}: before '.' expected 0 or 4")),
        };
        if fraction.is_empty() {
            return Err(format!("octal code {code:?}: no digit after '.'"));
        }
        let mut digits = vec![first];
        for (i, c) in fraction.chars().enumerate() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => {
                    let at = whole.len() + 1 + i;
                    return Err(format!(
                        "octal code {code:?}: {c:?} at byte {at} is not 0-7"
                    ));
                }
            }
        }
        while digits.len() > 1 && digits[digits.len() - 1] == 0 {
            digits.pop();
        }
        Ok(Octal { digits })
    }

    /// The code's digits `d0, d1, ...`, without trailing zeros.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Index of the last nonzero digit: the most tokens one move takes.
    pub fn max_removal(&self) -> usize {
        self.digits.len() - 1
    }

    /// `G(0..=n)`, by the sparse-space method (see the header).
    pub fn grundy_values(&self, n: usize) -> Vec<u32> {
        let mut sequence = Sequence::new(self);
        while sequence.values.len() <= n {
            sequence.push_next();
        }
        sequence.values
    }

    /// Computes `G(0), G(1), ...` and checks the Guy-Smith theorem after each value, until a
    /// period is proven or `limit` values are computed. Returns the values and the period:
    /// with one, `values` is the shortest prefix that proves a period, and the period is
    /// `find_period(&values)`.
    pub fn prove_period(&self, limit: usize) -> (Vec<u32>, Option<Period>) {
        let mut sequence = Sequence::new(self);
        let mut check = PeriodCheck::new(self.max_removal());
        while sequence.values.len() < limit {
            sequence.push_next();
            if let Some(period) = check.push(&sequence.values) {
                return (sequence.values, Some(period));
            }
        }
        (sequence.values, None)
    }

    /// [`Octal::prove_period`] kept as `G(any n)`; `None` if `G(0..limit)` proves no period.
    pub fn proven_grundy(&self, limit: usize) -> Option<ProvenGrundy> {
        let (mut values, period) = self.prove_period(limit);
        let period = period?;
        values.truncate(period.preperiod + period.period);
        Some(ProvenGrundy { values, period })
    }
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
    /// `seen[v] == n + 1`: `v` is an option of heap `n`, the one being computed.
    seen: Vec<usize>,
}

impl<'a> Sequence<'a> {
    fn new(game: &'a Octal) -> Sequence<'a> {
        let digits = &game.digits[..];
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
            seen: vec![0; 64],
        }
    }

    fn class(&self, n: usize) -> u32 {
        (self.values[n] & self.mask).count_ones() & 1 ^ (self.by_heap && n % 2 == 1) as u32
    }

    /// The mask (of the low 10 bits) and `by_heap` that leave the fewest rare heaps so far.
    /// A heap of the rare class is also the one whose value needs a full scan of the pairs.
    fn choose_classes(&mut self) {
        let Some(&first_split) = self.splits.first() else {
            return;
        };
        let max = self.values.iter().max().copied().unwrap_or(0);
        let width = 1usize << (32 - max.leading_zeros()).min(10);
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
        let (g, seen, stamp) = (&self.values, &mut self.seen, n + 1);
        // The splits (by what they leave) whose pairs of one class are not all marked.
        let mut unscanned = Vec::new();
        for (k, &d) in self.digits.iter().enumerate().take(n + 1) {
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                mark(seen, 0, stamp);
            }
            if d & 2 != 0 && rest > 0 && k > 0 {
                mark(seen, g[rest], stamp);
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
                        mark(seen, x, stamp);
                    }
                }
                _ => {
                    for &a in self.rare.iter().take_while(|&&a| a < rest) {
                        mark(seen, g[a] ^ g[rest - a], stamp);
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
                    mark(seen, g[a] ^ g[rest - a], stamp);
                }
            }
            scanned += BLOCK;
        }
        self.values.push(v as u32);
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

/// Marks `v` as an option of the heap stamped `stamp`, with room for the mex after it.
fn mark(seen: &mut Vec<usize>, v: u32, stamp: usize) {
    let v = v as usize;
    if v + 1 >= seen.len() {
        seen.resize(2 * (v + 2), 0);
    }
    seen[v] = stamp;
}

/// The whole Grundy sequence of an octal game whose period is proven: `G(n)` for any `n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProvenGrundy {
    /// `G(0..preperiod + period)`.
    values: Vec<u32>,
    /// `G(n + period) = G(n)` for every `n >= preperiod`, by the Guy-Smith theorem.
    pub period: Period,
}

impl ProvenGrundy {
    /// `G(n)`, in O(1) for every `n` (10^18 too).
    pub fn value(&self, n: u64) -> u32 {
        self.values[self.period.reduce(n)]
    }
}

/// `G(n) = G(n + period)` for every `n >= preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub preperiod: usize,
    pub period: usize,
}

impl Period {
    /// An index below `preperiod + period` with the same value as heap `n`. Panics if
    /// `period == 0` (not a period; `find_period` never returns one), whatever `n`.
    pub fn reduce(&self, n: u64) -> usize {
        assert!(
            self.period >= 1,
            "octal: Period::reduce needs a period of at least 1"
        );
        let (pre, p) = (self.preperiod as u64, self.period as u64);
        (if n < pre { n } else { pre + (n - pre) % p }) as usize
    }
}

/// Smallest period (with its smallest preperiod) that `values = G(0..len)` certifies by the
/// Guy-Smith theorem for a game taking at most `max_removal` tokens; `None` if the prefix
/// is too short to certify any.
pub fn find_period(values: &[u32], max_removal: usize) -> Option<Period> {
    let len = values.len();
    for period in 1..len {
        let mut start = len - period;
        // The preperiod is at least 1: the theorem shortens heaps by `period`, and a heap of
        // 0 is not a heap (0.4 has G = 0, 0, 0, 1: no period 1 from 0).
        while start > 1 && values[start - 1] == values[start - 1 + period] {
            start -= 1;
        }
        // The agreement must cover every n with start <= n < 2*start + period + max_removal.
        if len - period >= 2 * start + period + max_removal {
            return Some(Period {
                preperiod: start,
                period,
            });
        }
    }
    None
}

/// [`find_period`] as the values come: after each new value, `push(&values)`; the first
/// `Some` is `find_period(values)` for the shortest prefix that proves a period, and it
/// stays. A period `p` is looked at only when it could first be proven: with agreement
/// known to start at `s` at best, at length `2*s + 2*p + t`; a mismatch found then moves `s`
/// past it. Each `values[n] == values[n + p]` is compared at most once.
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
    use crate::mex::Mex;
    use crate::test_rng::Rng;
    use std::collections::HashMap;

    /// The oracle: `G(0..=n)` straight from the definition, every two-heap split's xor.
    fn naive_values(game: &Octal, n: usize) -> Vec<u32> {
        let (mut values, mut mex, mut options) = (Vec::new(), Mex::new(), Vec::new());
        for heap in 0..=n {
            options.clear();
            for (k, &d) in game.digits.iter().enumerate().take(heap + 1) {
                let rest = heap - k;
                if d & 1 != 0 && rest == 0 {
                    options.push(0);
                }
                if d & 2 != 0 && rest > 0 && k > 0 {
                    options.push(values[rest]);
                }
                if d & 4 != 0 {
                    options.extend((1..=rest / 2).map(|a| values[a] ^ values[rest - a]));
                }
            }
            values.push(mex.of(&options));
        }
        values
    }

    #[test]
    fn fast_values_equal_naive_for_every_code_of_up_to_three_digits() {
        for first in ["0", "4"] {
            for digits in 0..512 {
                let code = format!("{first}.{:03o}", digits);
                let game = Octal::parse(&code).unwrap();
                assert_eq!(game.grundy_values(300), naive_values(&game, 300), "{code}");
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
        let mut rng = Rng::new(0x0c7a_1fa5_7000_0001);
        for _ in 0..12 {
            let first = if rng.next_u64() % 2 == 0 { "4" } else { "0" };
            let len = 1 + rng.next_u64() % 5;
            let digits: String = (0..len)
                .map(|_| char::from(b'0' + (4 + rng.next_u64() % 4) as u8))
                .collect();
            codes.push(format!("{first}.{digits}"));
        }
        for code in &codes {
            let game = Octal::parse(code).unwrap();
            assert_eq!(
                game.grundy_values(2500),
                naive_values(&game, 2500),
                "{code}"
            );
        }
    }

    fn digit(code: &str, k: usize) -> u8 {
        let fraction = code.split_once('.').unwrap().1.as_bytes();
        match k {
            0 if code.starts_with('4') => 4,
            0 => 0,
            _ if k <= fraction.len() => fraction[k - 1] - b'0',
            _ => 0,
        }
    }

    #[test]
    fn period_check_proves_at_the_first_prefix_find_period_does() {
        let mut rng = Rng::new(0x9e71_0d1c_4ec4_0002);
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
            let (prefix, period) = game.prove_period(701);
            assert_eq!(period, first, "{game:?}");
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
        ] {
            let game = Octal::parse(code).unwrap();
            let t = game.max_removal();
            let (values, period) = game.prove_period(700_000);
            let expected = Period {
                preperiod: n0,
                period: p,
            };
            assert_eq!(period, Some(expected), "{code}");
            assert_eq!(values.len(), 2 * n0 + 2 * p + t, "{code}");
            assert_eq!(find_period(&values, t), Some(expected), "{code}");
        }
    }

    /// The real game on a row of `len` pins (bit i = pin i standing): knock down `k`
    /// adjacent standing pins of one run, allowed by digit k for the number of nonempty
    /// pieces the run is left in. Returns the Grundy value of every set of standing pins.
    fn row_game(code: &str, len: usize) -> Vec<u32> {
        let mut value = vec![0u32; 1 << len];
        for mask in 0..1usize << len {
            let mut options = Vec::new();
            for from in 0..len {
                for to in from..len {
                    let block = (1 << (to + 1)) - (1 << from);
                    if mask & block != block {
                        break;
                    }
                    let left = from > 0 && mask >> (from - 1) & 1 == 1;
                    let right = to + 1 < len && mask >> (to + 1) & 1 == 1;
                    let pieces = left as u8 + right as u8;
                    if digit(code, to - from + 1) >> pieces & 1 == 1 {
                        options.push(value[mask & !block]);
                    }
                }
            }
            value[mask] = (0..).find(|v| !options.contains(v)).unwrap();
        }
        value
    }

    #[test]
    fn rows_of_pins_match_the_xor_of_grundy_values() {
        for code in ["0.07", "0.77", "0.137", "0.11337"] {
            let len = 14;
            let values = Octal::parse(code).unwrap().grundy_values(len);
            let real = row_game(code, len);
            for (mask, &real_value) in real.iter().enumerate() {
                // Runs of standing pins are the heaps.
                let mut xor = 0;
                let mut run = 0;
                for i in 0..=len {
                    if i < len && mask >> i & 1 == 1 {
                        run += 1;
                    } else {
                        xor ^= values[run];
                        run = 0;
                    }
                }
                assert_eq!(xor, real_value, "{code} pins {mask:b}");
            }
        }
    }

    /// The real game on a multiset of heaps (sorted), moves straight from the code.
    fn heaps_game(code: &str, heaps: Vec<u8>, memo: &mut HashMap<Vec<u8>, u32>) -> u32 {
        if let Some(&v) = memo.get(&heaps) {
            return v;
        }
        let mut options = Vec::new();
        for (i, &heap) in heaps.iter().enumerate() {
            for k in 0..=heap {
                let d = digit(code, k as usize);
                let rest = heap - k;
                let mut results: Vec<Vec<u8>> = Vec::new();
                if d & 1 != 0 && rest == 0 && k > 0 {
                    results.push(vec![]);
                }
                if d & 2 != 0 && rest > 0 && k > 0 {
                    results.push(vec![rest]);
                }
                if d & 4 != 0 {
                    results.extend((1..rest).map(|a| vec![a, rest - a]));
                }
                for pieces in results {
                    let mut next = heaps.clone();
                    next.remove(i);
                    next.extend(pieces);
                    next.sort_unstable();
                    options.push(heaps_game(code, next, memo));
                }
            }
        }
        let v = (0..).find(|v| !options.contains(v)).unwrap();
        memo.insert(heaps, v);
        v
    }

    fn random_code(rng: &mut Rng) -> String {
        let first = if rng.next_u64() % 3 == 0 { "4" } else { "0" };
        let len = 1 + rng.next_u64() % 4;
        let digits: String = (0..len)
            .map(|_| char::from(b'0' + (rng.next_u64() % 8) as u8))
            .collect();
        format!("{first}.{digits}")
    }

    #[test]
    fn heap_multisets_match_the_xor_of_grundy_values() {
        let mut rng = Rng::new(0xfeed_5eed_1234_0001);
        for _ in 0..40 {
            let code = random_code(&mut rng);
            let values = Octal::parse(&code).unwrap().grundy_values(10);
            let mut memo = HashMap::new();
            // Every multiset of heaps a >= b >= c >= 1 with at most 10 tokens (c = 0: fewer).
            for a in 0..=10u8 {
                for b in 0..=a.min(10 - a) {
                    for c in 0..=b.min(10 - a - b) {
                        let heaps: Vec<u8> = [c, b, a].into_iter().filter(|&h| h > 0).collect();
                        let expected = values[a as usize] ^ values[b as usize] ^ values[c as usize];
                        let real = heaps_game(&code, heaps.clone(), &mut memo);
                        assert_eq!(real, expected, "{code} heaps {heaps:?}");
                    }
                }
            }
        }
    }

    /// Real Treblecross on a strip of `n` cells: 1 = the player to move wins, -1 loses, 0 draw.
    fn treblecross(n: usize, board: u32, memo: &mut HashMap<u32, i8>) -> i8 {
        if let Some(&v) = memo.get(&board) {
            return v;
        }
        let empty: Vec<usize> = (0..n).filter(|&i| board >> i & 1 == 0).collect();
        let three = |b: u32| (0..n.saturating_sub(2)).any(|i| b >> i & 7 == 7);
        let result = if empty.iter().any(|&i| three(board | 1 << i)) {
            1
        } else if empty.is_empty() {
            0
        } else {
            -empty
                .iter()
                .map(|&i| treblecross(n, board | 1 << i, memo))
                .min()
                .unwrap()
        };
        memo.insert(board, result);
        result
    }

    #[test]
    fn treblecross_first_player_wins_iff_grundy_is_nonzero() {
        let values = Octal::parse("0.11337").unwrap().grundy_values(16);
        for (n, &value) in values.iter().enumerate().skip(3) {
            let real = treblecross(n, 0, &mut HashMap::new());
            assert_ne!(real, 0, "no draws for n = {n}");
            assert_eq!(real == 1, value != 0, "n = {n}");
        }
    }

    #[test]
    fn certified_periods_hold_far_beyond_the_prefix() {
        let mut rng = Rng::new(0x0bad_cafe_0000_0077);
        let mut certified = 0;
        for _ in 0..60 {
            let game = Octal::parse(&random_code(&mut rng)).unwrap();
            let values = game.grundy_values(1500);
            let shortest =
                (1..=values.len()).find_map(|len| find_period(&values[..len], game.max_removal()));
            if let Some(p) = shortest {
                certified += 1;
                for n in p.preperiod..values.len() {
                    assert_eq!(values[n], values[p.reduce(n as u64)], "{game:?} {p:?}");
                }
            }
        }
        assert!(certified >= 40, "{certified}");
    }

    #[test]
    fn reduce_rejects_a_zero_period_for_every_heap() {
        let zero = Period {
            preperiod: 3,
            period: 0,
        };
        for n in [0, 2, 3, 10, u64::MAX] {
            let payload = std::panic::catch_unwind(|| zero.reduce(n)).expect_err("must panic");
            let message = payload.downcast_ref::<&str>().copied().unwrap_or_default();
            assert!(
                message.contains("period of at least 1"),
                "n = {n}: {message}"
            );
        }
    }

    #[test]
    fn known_periods() {
        // Winning Ways: Kayles has period 12 after its last exception G(70);
        // Dawson's chess and Dawson's Kayles have period 34.
        for (code, preperiod, period) in [("0.77", 71, 12), ("0.137", 52, 34), ("0.07", 53, 34)] {
            let game = Octal::parse(code).unwrap();
            let found = find_period(&game.grundy_values(400), game.max_removal());
            assert_eq!(found, Some(Period { preperiod, period }), "{code}");
        }
    }

    #[test]
    fn proven_periods_hold_on_long_prefixes() {
        // (code, preperiod, period, values checked): Winning Ways' periods for Dawson's
        // Kayles, Dawson's chess and Kayles, then codes found by this search with long
        // preperiods, a long period (0.055) and six digits (0.777777).
        for (code, preperiod, period, len) in [
            ("0.07", 53, 34, 20_000),
            ("0.137", 52, 34, 10_000),
            ("0.77", 71, 12, 20_000),
            ("0.45", 498, 20, 8_000),
            ("0.51", 1, 1, 5_000),
            ("0.055", 259, 148, 5_000),
            ("0.116", 139, 96, 5_000),
            ("0.0074", 213, 36, 5_000),
            ("0.777777", 16, 28, 3_000),
        ] {
            let game = Octal::parse(code).unwrap();
            let proven = game.proven_grundy(5000).unwrap();
            assert_eq!(proven.period, Period { preperiod, period }, "{code}");
            let values = game.grundy_values(len);
            for (n, &v) in values.iter().enumerate() {
                assert_eq!(proven.value(n as u64), v, "{code} G({n})");
            }
        }
    }

    #[test]
    fn proof_needs_exactly_the_guy_smith_prefix() {
        // n0 <= n < 2*n0 + p + t, with G(n + p) read too: 2*n0 + 2*p + t values.
        for (code, n0, p, t) in [
            ("0.77", 71, 12, 2),
            ("0.45", 498, 20, 2),
            ("0.0074", 213, 36, 4),
        ] {
            let game = Octal::parse(code).unwrap();
            let need = 2 * n0 + 2 * p + t;
            assert_eq!(game.proven_grundy(need - 1), None, "{code}");
            let proven = game.proven_grundy(need).unwrap();
            assert_eq!(
                proven.period,
                Period {
                    preperiod: n0,
                    period: p
                }
            );
        }
        // Officers (0.6) is famously open: nothing is proven from 20,000 values.
        assert_eq!(Octal::parse("0.6").unwrap().proven_grundy(20_000), None);
        // Kayles far out: G(n) for n >= 71 follows 4 1 2 8 1 4 7 2 1 8 2 7 by n mod 12.
        let kayles = Octal::parse("0.77").unwrap().proven_grundy(5000).unwrap();
        let cycle = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
        for n in [71, 1000, 10u64.pow(18), u64::MAX - 5, u64::MAX] {
            assert_eq!(kayles.value(n), cycle[(n % 12) as usize], "G({n})");
        }
    }

    #[test]
    fn proven_values_match_the_real_game_on_single_heaps() {
        let mut rng = Rng::new(0x5eed_0c7a_1000_0013);
        let mut proven_count = 0;
        for _ in 0..40 {
            let code = random_code(&mut rng);
            let Some(proven) = Octal::parse(&code).unwrap().proven_grundy(2000) else {
                continue;
            };
            proven_count += 1;
            let mut memo = HashMap::new();
            for n in 0..=14u8 {
                let real = heaps_game(&code, if n == 0 { vec![] } else { vec![n] }, &mut memo);
                assert_eq!(proven.value(n as u64), real, "{code} heap {n}");
            }
        }
        assert!(proven_count >= 25, "{proven_count}");
    }

    #[test]
    fn rejects_malformed_codes() {
        for (code, part) in [
            ("077", "no '.'"),
            ("1.7", "expected 0 or 4"),
            ("0.", "no digit"),
            ("0.79", "'9' at byte 3"),
            ("0.7 ", "' ' at byte 3"),
        ] {
            let error = Octal::parse(code).unwrap_err();
            assert!(error.contains(part), "{code}: {error}");
        }
    }
}
