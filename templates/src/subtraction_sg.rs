//! Description: Subtraction game S: one heap; a move removes exactly `s` stones for some `s`
//! in the move set `S`; whoever cannot move loses. `subtraction_sg(n, S)` returns the Grundy
//! value of every heap `0..=n`; a sum of heaps is lost for the player to move iff the xor of
//! their values is 0. `S` may be unsorted, hold repeats and sizes larger than `n`. A move of
//! size 0 would make the game loop forever, so it panics with a message.
//!
//! Usage:
//! ```
//! use templates::subtraction_sg::subtraction_sg;
//! // Heaps 0..=5, moves {1, 3, 4}.
//! assert_eq!(subtraction_sg(5, &[4, 1, 3]), vec![0, 1, 0, 1, 2, 3]);
//! // hdu1848: three heaps, Fibonacci moves; the first player wins iff the xor is nonzero.
//! let sg = subtraction_sg(100, &[1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
//! assert_ne!(sg[1] ^ sg[1] ^ sg[1], 0);
//! assert_eq!(sg[1] ^ sg[4] ^ sg[1], 0);
//! ```
//!
//! Time: O(n * |S|), in one pass: each option's value is stamped into a `Mex` as it is
//! read, from a window with no bounds check. |S| = 100, n = 10^6: 65-85 ms, 0.8-1.0 times a
//! plain C++ stamp loop and 1/20 of the seeds' hash set (`cargo bench -p templates --bench
//! sg`, 2 shared cores).
//!
//! Memory: O(n + |S|) (sizes above n are dropped; the window adds at most 2n + 2 zeros).
//!
//! Source: Sprague (1935) and Grundy (1939); the table is filled bottom-up, replacing the
//! recursive hash-set version of the seed texts.
//!
//! Status: exhaustive: every move set S within {1..8} (all 255 of them), heaps n <= 60,
//! against a memoized recursive mex search; the Fibonacci move set of hdu1848 up to 1000;
//! random move sets of sizes up to 200 on heaps up to 2000 (sizes above the heaps included).
//! Problems: hdu1848, hdu1536.

use crate::mex::Mex;

/// Grundy values of heaps `0..=n` in the subtraction game with move set `moves`.
///
/// Panics if `moves` contains 0.
pub fn subtraction_sg(n: usize, moves: &[usize]) -> Vec<u32> {
    assert!(
        !moves.contains(&0),
        "subtraction_sg: a move must remove at least one stone (0 in the move set)"
    );
    // Sizes above n are never legal; dropping them keeps the window below small.
    let mut sizes: Vec<usize> = moves.iter().copied().filter(|&s| s <= n).collect();
    sizes.sort_unstable();
    sizes.dedup();
    // t[w + h] = SG(h), after w zeros: heap h's options then all lie in the window t[h..h+w],
    // at offsets w - s, and `offset & (w - 1)` (a no-op, w a power of two above every size)
    // lets the compiler drop the bounds check of the hot loop.
    let w = (sizes.last().map_or(0, |&s| s) + 1)
        .checked_next_power_of_two()
        .unwrap();
    let offsets: Vec<usize> = sizes.iter().map(|&s| w - s).collect();
    let mut t = vec![0u32; w + n + 1];
    let mut mex = Mex::new();
    // Sorted sizes: the first `legal` of them are the moves from the current heap.
    let mut legal = 0;
    for heap in 0..=n {
        while legal < sizes.len() && sizes[legal] <= heap {
            legal += 1;
        }
        let window = &t[heap..][..w];
        mex.start(legal);
        for &o in &offsets[..legal] {
            mex.insert(window[o & (w - 1)]);
        }
        t[heap + w] = mex.get();
    }
    t.drain(..w);
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use std::collections::BTreeSet;

    /// Plays the game: the value of a heap is the mex over the heaps one move away.
    fn naive(heap: usize, moves: &[usize], memo: &mut Vec<Option<u32>>) -> u32 {
        if let Some(v) = memo[heap] {
            return v;
        }
        let reached: BTreeSet<u32> = moves
            .iter()
            .filter(|&&s| s <= heap)
            .map(|&s| naive(heap - s, moves, memo))
            .collect();
        let v = (0..).find(|v| !reached.contains(v)).unwrap();
        memo[heap] = Some(v);
        v
    }

    fn naive_table(n: usize, moves: &[usize]) -> Vec<u32> {
        let mut memo = vec![None; n + 1];
        (0..=n).map(|h| naive(h, moves, &mut memo)).collect()
    }

    #[test]
    fn every_move_set_within_one_to_eight() {
        for mask in 1u32..256 {
            let moves: Vec<usize> = (1..=8).filter(|s| mask >> (s - 1) & 1 == 1).collect();
            for n in 0..=60 {
                assert_eq!(
                    subtraction_sg(n, &moves),
                    naive_table(n, &moves),
                    "{moves:?} {n}"
                );
            }
        }
    }

    #[test]
    fn unsorted_repeated_and_oversized_moves() {
        let moves = [7, 3, 3, 100, 1, 7, 61];
        assert_eq!(subtraction_sg(60, &moves), naive_table(60, &moves));
        assert_eq!(subtraction_sg(0, &moves), vec![0]);
    }

    #[test]
    fn fibonacci_moves_of_hdu1848() {
        let mut fib = vec![1usize, 2];
        while fib[fib.len() - 1] + fib[fib.len() - 2] <= 1000 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        assert_eq!(subtraction_sg(1000, &fib), naive_table(1000, &fib));
    }

    #[test]
    fn random_large_move_sets() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        for _ in 0..30 {
            let k = 1 + rng.below(200);
            let moves: Vec<usize> = (0..k).map(|_| 1 + rng.below(300)).collect();
            let n = rng.below(2000);
            assert_eq!(subtraction_sg(n, &moves), naive_table(n, &moves));
        }
    }

    #[test]
    #[should_panic(expected = "at least one stone")]
    fn zero_move_is_rejected() {
        subtraction_sg(5, &[2, 0]);
    }
}
