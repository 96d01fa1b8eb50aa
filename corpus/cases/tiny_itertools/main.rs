// Every pair of the input numbers whose sum is even, in order, with itertools.
//
// Input: numbers separated by whitespace.
use itertools::Itertools;
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let numbers = input.split_whitespace().map(|w| w.parse::<i64>().unwrap());
    let pairs = numbers
        .sorted()
        .combinations(2)
        .filter(|p| (p[0] + p[1]) % 2 == 0)
        .map(|p| format!("{}+{}", p[0], p[1]))
        .join(" ");
    println!("{pairs}");
}
