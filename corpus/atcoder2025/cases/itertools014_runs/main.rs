// Runs and pairs with itertools 0.14 (chunk_by, dedup_with_count, tuple_windows, minmax,
// combinations, sorted, join) on input read by proconio 0.5 with its markers.
//
// Input: n, then n numbers; then a word; then q and q 1-based positions.
use itertools::{Itertools, MinMaxResult};
use proconio::input;
use proconio::marker::{Chars, Usize1};

fn main() {
    input! { n: usize, a: [i64; n], word: Chars, q: usize, at: [Usize1; q] }
    let runs = a
        .iter()
        .chunk_by(|x| **x % 2 == 0)
        .into_iter()
        .map(|(even, run)| format!("{}:{}", if even { "e" } else { "o" }, run.count()))
        .join(" ");
    println!("{runs}");
    let counted = word
        .iter()
        .dedup_with_count()
        .map(|(count, letter)| format!("{count}{letter}"))
        .join("");
    println!("{counted}");
    let rises = a.iter().tuple_windows().filter(|(x, y)| x < y).count();
    println!("rises {rises}");
    match a.iter().minmax() {
        MinMaxResult::MinMax(lo, hi) => println!("min {lo} max {hi}"),
        MinMaxResult::OneElement(x) => println!("only {x}"),
        MinMaxResult::NoElements => println!("none"),
    }
    let pairs = a
        .iter()
        .combinations(2)
        .filter(|p| (p[0] + p[1]) % 3 == 0)
        .count();
    println!("pairs {pairs}");
    println!("{}", at.iter().map(|&i| a[i]).sorted().join(" "));
}
