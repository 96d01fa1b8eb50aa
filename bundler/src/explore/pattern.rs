//! Patterns in a sequence of values: pure periods, proven by a repeated window or only
//! observed, and arithmetic periods (each period adds a saltus), observed.

/// A period and how sure it is: `G(n + period) = G(n) + saltus` for every `n >= preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    pub preperiod: usize,
    pub period: usize,
    /// 0 for a pure period.
    pub saltus: u32,
    /// Proven by a theorem, from the values up to `n = proof_end` (the last one it needs);
    /// `None` when only seen in the values.
    pub proof_end: Option<usize>,
}

impl Found {
    pub fn proven(&self) -> bool {
        self.proof_end.is_some()
    }
}

/// The smallest period that a repeated window of `width` values proves when each value
/// depends only on the `width` before it (then the smallest preperiod for that period).
/// Once a window repeats, every later value does: so the agreement at distance `period`
/// must run back from the end over at least `width` values, which is checked from the end
/// and costs little for each period that fails.
pub fn window_period(values: &[u32], width: usize) -> Option<Found> {
    let len = values.len();
    (1..len).find_map(|period| {
        let start = extend_back(values, len - period, period, 0);
        (len - period - start >= width).then_some(Found {
            preperiod: start,
            period,
            saltus: 0,
            proof_end: Some(start + period + width - 1),
        })
    })
}

/// The first index from which `values[i + period] = values[i] + saltus` holds up to the
/// `start` already known to hold.
fn extend_back(values: &[u32], mut start: usize, period: usize, saltus: u32) -> usize {
    while start > 0 && values[start - 1].checked_add(saltus) == Some(values[start - 1 + period]) {
        start -= 1;
    }
    start
}

/// The shortest period, pure or arithmetic, seen over at least the last half of the values
/// and three times over at least: evidence, not proof.
pub fn observed(values: &[u32]) -> Option<Found> {
    let len = values.len();
    (1..=len / 3).find_map(|period| {
        let last = len - 1;
        let saltus = values[last].checked_sub(values[last - period])?;
        let start = extend_back(values, len - period, period, saltus);
        (len - start >= 3 * period && start <= len / 2).then_some(Found {
            preperiod: start,
            period,
            saltus,
            proof_end: None,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_proves_from_where_it_first_repeats() {
        // Subtraction {1, 2}: 0 1 2 0 1 2 ...; width 2 repeats at distance 3 from 0.
        let values: Vec<u32> = (0..12).map(|n| n % 3).collect();
        let found = window_period(&values, 2).unwrap();
        assert_eq!(
            (found.preperiod, found.period, found.proof_end),
            (0, 3, Some(4))
        );
        // Too few values for the window to repeat: nothing proven.
        assert_eq!(window_period(&values[..4], 2), None);
    }

    #[test]
    fn arithmetic_periods_are_observed_with_their_saltus() {
        // Nim: G(n) = n, period 1 with saltus 1.
        let nim: Vec<u32> = (0..30).collect();
        let found = observed(&nim).unwrap();
        assert_eq!((found.preperiod, found.period, found.saltus), (0, 1, 1));
        // Lasker's Nim: 0 1 2 4 3 5 6 8 7 ...: period 4, saltus 4, from n = 1.
        let lasker: Vec<u32> = (0..40u32)
            .map(|x| match x % 4 {
                0 => x.saturating_sub(1),
                3 => x + 1,
                _ => x,
            })
            .collect();
        let found = observed(&lasker).unwrap();
        assert_eq!((found.preperiod, found.period, found.saltus), (1, 4, 4));
        assert!(!found.proven());
        // Pure: 5 odd values then 0 1 repeating.
        let mut mixed = vec![7, 9, 4, 8, 6];
        mixed.extend((0..40).map(|n| n % 2));
        let found = observed(&mixed).unwrap();
        assert_eq!((found.preperiod, found.period, found.saltus), (5, 2, 0));
        // A sequence with no repetition in its last half.
        assert_eq!(observed(&[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8]), None);
    }
}
