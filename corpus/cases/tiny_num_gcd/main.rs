// The greatest common divisor and least common multiple of each pair, with num-integer.
//
// Input: pairs of numbers, one pair per line.
use num_integer::{gcd, lcm};
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    for line in input.lines() {
        let v: Vec<u64> = line
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        println!("{} {}", gcd(v[0], v[1]), lcm(v[0], v[1]));
    }
}
