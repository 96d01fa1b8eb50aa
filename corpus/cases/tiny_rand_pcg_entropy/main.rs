// A PCG generator seeded by the operating system (`from_entropy`: rand_core through getrandom,
// and libc on Linux), shuffling the numbers before they are sorted: the output does not depend
// on the seed.
//
// Input: n, then n integers.
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut values: Vec<i64> = input
        .split_ascii_whitespace()
        .skip(1)
        .map(|w| w.parse().unwrap())
        .collect();
    let mut rng = Pcg64Mcg::from_entropy();
    for i in (1..values.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        values.swap(i, j);
    }
    values.sort_unstable();
    println!("{:?}", values);
}
