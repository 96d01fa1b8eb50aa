//! Description: Minimum excludant. `mex(S)` is the smallest non-negative integer not in `S`;
//! the Grundy value of a position is the mex of its options' values. `Mex` keeps one
//! stamped array across calls, so nothing is cleared or allocated per position. Either pass
//! the options' values as a slice (`of`), or, with no copy, `start(k)` a position of at most
//! `k` options, `insert` each option's value and `get` the mex.
//!
//! Usage:
//! ```
//! use templates::mex::Mex;
//! let mut mex = Mex::new();
//! assert_eq!(mex.of(&[0, 1, 4, 5]), 2);
//! assert_eq!(mex.of(&[2, 3, 5]), 0);
//! assert_eq!(mex.of(&[]), 0);
//! mex.start(3); // a position with 3 options, of values 1, 0, 7
//! for v in [1, 0, 7] {
//!     mex.insert(v);
//! }
//! assert_eq!(mex.get(), 2);
//! ```
//!
//! Time: O(k) per position of k options (`start`, `get` O(1) amortized plus the scan to the
//! mex; `insert` O(1)).
//!
//! Memory: O(largest k seen).
//!
//! Source: Sprague (1935) and Grundy (1939). Replaces the hash-set mex of the seed texts,
//! which allocates and hashes at every position.
//!
//! Status: exhaustive: every multiset of up to 6 values below 8; random slices up to 300
//! values; `start`/`insert`/`get` on 3000 random positions of up to 300 values, many after
//! larger ones (slots holding old marks), against a set. Used by every table-building
//! template.

/// Reusable mex computer. A value is "seen" when its slot holds the current stamp.
#[derive(Debug, Default, Clone)]
pub struct Mex {
    mark: Vec<u32>,
    stamp: u32,
}

impl Mex {
    pub fn new() -> Self {
        Self::default()
    }

    /// The smallest non-negative integer not in `values`.
    pub fn of(&mut self, values: &[u32]) -> u32 {
        self.start(values.len());
        for &v in values {
            self.insert(v);
        }
        self.get()
    }

    /// Starts a position with at most `k` options; values marked before are forgotten.
    #[inline]
    pub fn start(&mut self, k: usize) {
        // The mex of k values is at most k, so slots 0..=k suffice.
        if self.mark.len() <= k {
            self.mark.resize(k + 1, 0);
        }
        if self.stamp == u32::MAX {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 0;
        }
        self.stamp += 1;
    }

    /// Marks the value of one option (at most `k` of them after `start(k)`).
    #[inline]
    pub fn insert(&mut self, v: u32) {
        // A value past the slots exceeds k, so it cannot be the mex's business.
        if let Some(m) = self.mark.get_mut(v as usize) {
            *m = self.stamp;
        }
    }

    /// The smallest value not inserted since `start`.
    #[inline]
    pub fn get(&self) -> u32 {
        // With at most k values marked, one of the slots 0..=k is free.
        let free = self.mark.iter().position(|&m| m != self.stamp);
        free.unwrap_or(self.mark.len()) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use std::collections::BTreeSet;

    fn naive(values: &[u32]) -> u32 {
        let set: BTreeSet<u32> = values.iter().copied().collect();
        (0..).find(|v| !set.contains(v)).unwrap()
    }

    fn all_slices(len: usize, below: u32, out: &mut Vec<Vec<u32>>, cur: &mut Vec<u32>) {
        out.push(cur.clone());
        if cur.len() == len {
            return;
        }
        for v in 0..below {
            cur.push(v);
            all_slices(len, below, out, cur);
            cur.pop();
        }
    }

    #[test]
    fn matches_naive_on_every_small_slice() {
        let (mut slices, mut cur) = (Vec::new(), Vec::new());
        all_slices(6, 8, &mut slices, &mut cur);
        let mut mex = Mex::new();
        for s in &slices {
            assert_eq!(mex.of(s), naive(s), "{s:?}");
        }
    }

    #[test]
    fn matches_naive_on_random_slices() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut mex = Mex::new();
        for _ in 0..2000 {
            let len = rng.below(300);
            let below = 1 + (rng.next_u64() % 400) as u32;
            let s: Vec<u32> = (0..len)
                .map(|_| (rng.next_u64() % below as u64) as u32)
                .collect();
            assert_eq!(mex.of(&s), naive(&s));
        }
    }

    #[test]
    fn start_insert_get_matches_naive_after_larger_positions() {
        // Positions of random sizes in random order, so the slots often outnumber k + 1
        // and hold marks of larger values from earlier positions.
        let mut rng = Rng::new(0x0f05_ed5e_ed11);
        let mut mex = Mex::new();
        for _ in 0..3000 {
            let most = if rng.below(4) == 0 { 300 } else { 12 };
            let k = rng.below(most);
            let s: Vec<u32> = (0..k).map(|_| rng.below(2 * k + 3) as u32).collect();
            mex.start(k);
            s.iter().for_each(|&v| mex.insert(v));
            assert_eq!(mex.get(), naive(&s), "{s:?}");
        }
    }

    #[test]
    fn stamp_wraparound_forgets_old_marks() {
        let mut mex = Mex::new();
        assert_eq!(mex.of(&[0, 1, 2]), 3);
        mex.stamp = u32::MAX - 1;
        assert_eq!(mex.of(&[0, 1]), 2);
        assert_eq!(mex.of(&[1]), 0);
        assert_eq!(mex.of(&[0]), 1);
    }
}
