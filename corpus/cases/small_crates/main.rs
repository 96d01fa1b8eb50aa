// Word counts with a fast hash, and values from lazily built tables (lazy_static!'s macro
// defines its statics; once_cell's Lazy), an inline-storage vector and collection literals.
//
// Input: words separated by whitespace.
use lazy_static::lazy_static;
use maplit::{btreemap, hashset};
use once_cell::sync::Lazy;
use rustc_hash::FxHashMap;
use smallvec::{smallvec, SmallVec};
use std::io::Read;

lazy_static! {
    static ref PRIMES: Vec<u64> = (2..60u64).filter(|n| (2..*n).all(|d| n % d != 0)).collect();
}

static SQUARES: Lazy<Vec<u64>> = Lazy::new(|| (0..20).map(|i| i * i).collect());

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let words: Vec<&str> = input.split_whitespace().collect();
    let mut counts: FxHashMap<&str, usize> = FxHashMap::default();
    for w in &words {
        *counts.entry(w).or_insert(0) += 1;
    }
    let mut sorted: Vec<(&str, usize)> = counts.into_iter().collect();
    sorted.sort();
    let small: SmallVec<[u64; 4]> = smallvec![PRIMES[0], PRIMES[1], SQUARES[3]];
    let names = btreemap! { 1 => "one", 2 => "two" };
    let set = hashset! { 3, 4 };
    println!("{:?}", sorted);
    println!("{:?} {} {:?} {}", small, small.spilled(), names, set.len());
}
