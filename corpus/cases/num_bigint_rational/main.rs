// Exact arithmetic with the `num` facade: n! and C(2n, n) as big integers, the harmonic
// number H_n as a reduced fraction of big integers, and a big number read from the input
// taken modulo a small one.
//
// Input: n, then a decimal number of any length, then a modulus.
use num::bigint::BigInt;
use num::rational::Ratio;
use num::{One, Zero};
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut words = input.split_whitespace();
    let n: u32 = words.next().unwrap().parse().unwrap();
    let big: BigInt = words.next().unwrap().parse().unwrap();
    let modulus: BigInt = words.next().unwrap().parse().unwrap();

    let factorial = (1..=n).fold(BigInt::one(), |acc, i| acc * BigInt::from(i));
    println!("{factorial}");
    let mut binomial = BigInt::one();
    for i in 0..n {
        binomial = binomial * BigInt::from(2 * n - i) / BigInt::from(i + 1);
    }
    println!("{binomial}");
    let harmonic = (1..=n).fold(Ratio::<BigInt>::zero(), |acc, i| {
        acc + Ratio::new(BigInt::one(), BigInt::from(i))
    });
    println!("{harmonic}");
    println!("{}", &big % &modulus);
    println!("{}", big.is_zero());
}
