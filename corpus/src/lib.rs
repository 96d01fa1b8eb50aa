//! A corpus of real-crate test cases for the bundler.
//!
//! Each case under `cases/<case>/` is a competitive-programming solution (`main.rs`) that
//! uses published crates (ac-library-rs, num-traits, num-integer, itertools, proconio,
//! superslice, fixedbitset, bitset-fixed, ascii, permutohedron, rand_pcg, rand_core, either),
//! together with the standard input it is run on (`input.txt`). Every case is a `[[bin]]` of
//! this package, so Cargo builds it against the real crates; that build's output is the
//! ground truth. The harness (`tests/corpus.rs`) bundles each solution into one file, compiles
//! the bundle with plain `rustc` (editions 2021 and 2024, zero warnings), and checks that the
//! bundled program prints the same output.
//!
//! The library itself is empty: the package exists for its binaries and its test.
