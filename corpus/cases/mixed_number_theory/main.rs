// Number theory mixing crates: divisors found with num-integer's integer square root, pair
// statistics over gcd/lcm enumerated with itertools, sums modulo 10^9+7 with ac-library's
// modint, a system of congruences solved with ac-library's math::crt, and a generic
// num-traits power.
//
// Input: n, then n positive integers; then k and k congruences "r m".
use ac_library::math::crt;
use ac_library::ModInt1000000007 as Mint;
use itertools::{iproduct, Itertools};
use num_integer::{Integer, Roots};
use num_traits::PrimInt;
use std::io::{self, BufWriter, Read, Write};

fn divisors(x: u64) -> Vec<u64> {
    let root = x.sqrt();
    (1..=root)
        .filter(|&d| x.is_multiple_of(d))
        .flat_map(|d| [d, x / d])
        .sorted()
        .dedup()
        .collect()
}

fn square_free_part<T: PrimInt + Integer>(mut x: T) -> T {
    let mut result = T::one();
    let mut p = T::one() + T::one();
    while p * p <= x {
        let mut count = 0;
        while x.is_multiple_of(&p) {
            x = x / p;
            count += 1;
        }
        if count % 2 == 1 {
            result = result * p;
        }
        p = p + T::one();
    }
    result * x
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().unwrap());
    let mut next = || tokens.next().unwrap();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());

    let n = next() as usize;
    let xs: Vec<u64> = (0..n).map(|_| next() as u64).collect();
    for &x in &xs {
        let ds = divisors(x);
        writeln!(
            out,
            "{}: {} divisors [{}], square-free part {}",
            x,
            ds.len(),
            ds.iter().join(" "),
            square_free_part(x)
        )
        .unwrap();
    }

    let pairs = iproduct!(0..n, 0..n).filter(|&(i, j)| i < j).collect_vec();
    let coprime = pairs
        .iter()
        .filter(|&&(i, j)| xs[i].gcd(&xs[j]) == 1)
        .count();
    writeln!(out, "{} of {} pairs are coprime", coprime, pairs.len()).unwrap();
    let lcm_sum: Mint = pairs
        .iter()
        .map(|&(i, j)| Mint::new(xs[i].lcm(&xs[j])))
        .sum();
    writeln!(out, "sum of pairwise lcm mod 1e9+7: {}", lcm_sum).unwrap();
    let gcd_counts = pairs
        .iter()
        .map(|&(i, j)| xs[i].gcd(&xs[j]))
        .counts()
        .into_iter()
        .sorted()
        .map(|(g, c)| format!("{}:{}", g, c))
        .join(" ");
    writeln!(out, "pair gcds: {}", gcd_counts).unwrap();
    let product: Mint = xs.iter().map(|&x| Mint::new(x)).product();
    writeln!(
        out,
        "product mod 1e9+7: {}, inverse {}",
        product,
        product.inv()
    )
    .unwrap();
    let cube = num_traits::pow(xs[0], 3);
    writeln!(
        out,
        "{}^3 = {} = {} (mod 1e9+7)",
        xs[0],
        cube,
        Mint::new(xs[0]).pow(3)
    )
    .unwrap();

    let k = next() as usize;
    let (r, m): (Vec<i64>, Vec<i64>) = (0..k).map(|_| (next(), next())).unzip();
    match crt(&r, &m) {
        (_, 0) => writeln!(out, "congruences: no solution").unwrap(),
        (y, z) => writeln!(
            out,
            "congruences: x = {} (mod {}), lcm check {}",
            y,
            z,
            m.iter().fold(1, |a, b| a.lcm(b))
        )
        .unwrap(),
    }
}
