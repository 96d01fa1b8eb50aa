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
//! `(n0, p)` so proven by the values given; `proven_grundy(limit)` computes values (doubling
//! the prefix) until a period is proven and then answers `G(n)` for any `u64` heap, or
//! gives `None` when `G(0..limit)` proves nothing (Officers: none within 20,000).
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
//! // Treblecross on a strip of 7 cells: the first player wins.
//! assert_ne!(Octal::parse("0.11337").unwrap().grundy_values(7)[7], 0);
//! assert!(Octal::parse("0.18").unwrap_err().contains("'8'"));
//! ```
//!
//! Time: O(n^2) for `grundy_values(n)` (two-heap splits dominate); `find_period` O(len^2)
//! at worst; `proven_grundy` O(L^2) for the prefix L it stops at (Kayles: L = 256; 0.45,
//! preperiod 498: L = 2048, 7 ms; limit 5000 with no proof: 40 ms for 0.6, 200 ms for
//! 0.666666, six splitting digits); `value` O(1).
//!
//! Memory: O(n); a `ProvenGrundy` keeps `n0 + p` values.
//!
//! Source: Guy and Smith, The G-values of various games (1956); Berlekamp, Conway and Guy,
//! Winning Ways, vol. 1, ch. 4 (1982), for the periods of Kayles and Dawson's chess and for
//! Treblecross = 0.11337.
//!
//! Status: exhaustive: every row of up to 14 pins (every set of standing pins) as the real
//! game for 0.07, 0.77, 0.137 and 0.11337; every multiset of up to 3 heaps with at most 10
//! tokens for 40 random codes (with and without d0 = 4); Treblecross by a real board search
//! for 3 <= n <= 16; periods certified from the shortest prefix hold on 1500 values for 60
//! random codes; proven periods agree with 20,000 computed values for 0.07 and 0.77 and
//! with 3,000-10,000 for 0.137, 0.45, 0.51, 0.055 (period 148), 0.116, 0.0074, 0.777777;
//! the proof needs exactly `2*n0 + 2*p + t` values (one fewer gives `None`); proven values
//! match the real game on single heaps up to 14 for random codes. Problems: poj3537,
//! octal-heaps.

use crate::mex::Mex;

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

    /// `G(0..=n)`.
    pub fn grundy_values(&self, n: usize) -> Vec<u32> {
        let mut values = Vec::with_capacity(n + 1);
        self.extend_values(&mut values, n + 1);
        values
    }

    /// Appends `G(values.len()..len)` to `values = G(0..values.len())`.
    fn extend_values(&self, values: &mut Vec<u32>, len: usize) {
        let (mut mex, mut options) = (Mex::new(), Vec::new());
        for heap in values.len()..len {
            options.clear();
            for (k, &d) in self.digits.iter().enumerate().take(heap + 1) {
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
    }

    /// Computes `G(0), G(1), ...` (at most `limit` values, doubling the prefix from 64)
    /// until [`find_period`] proves a period; `None` if `G(0..limit)` proves none.
    pub fn proven_grundy(&self, limit: usize) -> Option<ProvenGrundy> {
        let mut values = Vec::new();
        let mut len = 64;
        loop {
            self.extend_values(&mut values, len.min(limit));
            if let Some(period) = find_period(&values, self.max_removal()) {
                values.truncate(period.preperiod + period.period);
                return Some(ProvenGrundy { values, period });
            }
            if len >= limit {
                return None;
            }
            len *= 2;
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use std::collections::HashMap;

    fn digit(code: &str, k: usize) -> u8 {
        let fraction = code.split_once('.').unwrap().1.as_bytes();
        match k {
            0 if code.starts_with('4') => 4,
            0 => 0,
            _ if k <= fraction.len() => fraction[k - 1] - b'0',
            _ => 0,
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
