//! Combinatorial game theory templates for competitive programming.
//!
//! One module per template. Each opens with a header (Description, Usage, Time, Memory,
//! Source, Status) and ends with a brute force that plays the game itself. Modules reach
//! each other only through `use crate::<module>::<item>`, so the bundler can follow them.
#![forbid(unsafe_code)]

pub mod anti_nim;
pub mod anti_sg;
pub mod bash;
pub mod coin_turning;
pub mod cutting_game;
pub mod dag_sg;
pub mod ed_game;
pub mod every_sg;
pub mod fast_io;
pub mod fibonacci_nim;
pub mod general_matching;
pub mod hackenbush_rings;
pub mod hackenbush_tree;
pub mod interactive_io;
pub mod isqrt;
pub mod lasker_nim;
pub mod loopy_game;
pub mod memo_sg;
pub mod mex;
pub mod moore_nim;
pub mod nim;
pub mod nimber;
pub mod nimber_field;
pub mod octal;
pub mod partizan_number;
pub mod split_sg;
pub mod staircase_nim;
pub mod stress_gen;
pub mod subtraction_sg;
pub mod wythoff;
pub mod xor_convolution;

#[cfg(test)]
mod test_rng {
    //! The seeded random numbers of the test modules (`use crate::test_rng::Rng;`). It lives
    //! here, inline and `#[cfg(test)]`, so that it is no template: the catalog and the header
    //! check read every other `src/*.rs` as one, and the bundler drops test items, so no user
    //! sees it.

    /// Marsaglia's xorshift64 (shifts 13, 7, 17): fast, reproducible, and plenty for brute
    /// force checks. Not for anything that needs real randomness.
    pub(crate) struct Rng(u64);

    impl Rng {
        /// A generator started at `seed`, which must not be 0 (the state would stay 0).
        pub(crate) fn new(seed: u64) -> Rng {
            assert_ne!(seed, 0, "xorshift needs a nonzero seed");
            Rng(seed)
        }

        /// The next 64 random bits.
        pub(crate) fn next_u64(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        /// A value in `0..n` (`next_u64() % n`, bias ignored); panics if `n` is 0.
        pub(crate) fn below(&mut self, n: usize) -> usize {
            (self.next_u64() % n as u64) as usize
        }

        /// Shuffles `items` in place (Fisher-Yates, drawing `below(i + 1)` for i from the top).
        pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
            for i in (1..items.len()).rev() {
                let j = self.below(i + 1);
                items.swap(i, j);
            }
        }
    }

    mod tests {
        use super::Rng;

        #[test]
        fn is_xorshift64_with_shifts_13_7_17() {
            // From 1: 1 ^ 1 << 13 = 8193, ^ 8193 >> 7 = 8257, ^ 8257 << 17 = 1082269761.
            let mut rng = Rng::new(1);
            assert_eq!(rng.next_u64(), 1_082_269_761);
            assert_eq!(rng.next_u64(), 0x1000_4106_0c01_1441);
            assert_eq!(rng.next_u64(), 0x9b1e_842f_6e86_2629);
        }

        #[test]
        fn below_stays_in_range_and_shuffle_permutes() {
            let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
            assert!((0..1000).all(|_| rng.below(7) < 7));
            let mut items: Vec<usize> = (0..50).collect();
            rng.shuffle(&mut items);
            assert_ne!(items, (0..50).collect::<Vec<_>>());
            items.sort_unstable();
            assert_eq!(items, (0..50).collect::<Vec<_>>());
        }
    }
}
