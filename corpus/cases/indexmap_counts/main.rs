// Word statistics in first-appearance order with indexmap: each distinct word with its count,
// the distinct counts as an ordered set, and the word at a given position after removing
// every word seen only once.
//
// Input: k, then words.
use indexmap::{IndexMap, IndexSet};
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut words = input.split_whitespace();
    let k: usize = words.next().unwrap().parse().unwrap();
    let mut counts: IndexMap<&str, usize> = IndexMap::new();
    for w in words {
        *counts.entry(w).or_insert(0) += 1;
    }
    for (word, count) in &counts {
        println!("{word} {count}");
    }
    let distinct: IndexSet<usize> = counts.values().copied().collect();
    println!("{:?}", distinct.iter().collect::<Vec<_>>());
    counts.retain(|_, c| *c > 1);
    match counts.get_index(k) {
        Some((word, _)) => println!("{word}"),
        None => println!("none"),
    }
}
