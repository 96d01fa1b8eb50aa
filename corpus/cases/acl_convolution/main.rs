// Polynomial products with ac-library's convolution:
// - the distribution of the total of several dice (counts modulo 998244353, by repeated
//   squaring of the one-die polynomial);
// - exact signed products with convolution_i64 (no modulus).
//
// Input:
//   faces k, then the face values of one die (non-negative), then how many dice are thrown
//   two polynomials, each as "len c0 c1 ...", multiplied exactly
use ac_library::modint::ModInt998244353 as Mint;
use ac_library::{convolution, convolution_i64};
use std::io::{self, BufWriter, Read, Write};

fn power(mut base: Vec<Mint>, mut exp: u64) -> Vec<Mint> {
    let mut result = vec![Mint::new(1)];
    while exp > 0 {
        if exp & 1 == 1 {
            result = convolution(&result, &base);
        }
        base = convolution(&base, &base);
        exp >>= 1;
    }
    result
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

    let k = next() as usize;
    let faces: Vec<usize> = (0..k).map(|_| next() as usize).collect();
    let dice = next() as u64;
    let mut die = vec![Mint::new(0); faces.iter().max().unwrap() + 1];
    for &f in &faces {
        die[f] += Mint::new(1);
    }
    let totals = power(die, dice);
    let ways: Vec<String> = totals
        .iter()
        .enumerate()
        .filter(|(_, w)| w.val() != 0)
        .map(|(s, w)| format!("{}:{}", s, w))
        .collect();
    writeln!(out, "{} dice: {}", dice, ways.join(" ")).unwrap();
    let all: Mint = totals.iter().sum();
    writeln!(
        out,
        "outcomes {} = {}^{} = {}",
        all,
        k,
        dice,
        Mint::new(k).pow(dice)
    )
    .unwrap();

    let mut read_poly = || {
        let len = next() as usize;
        (0..len).map(|_| next()).collect::<Vec<i64>>()
    };
    let p = read_poly();
    let q = read_poly();
    let product = convolution_i64(&p, &q);
    let text: Vec<String> = product.iter().map(i64::to_string).collect();
    writeln!(out, "product {}", text.join(" ")).unwrap();
    let at_two: i64 = product.iter().rev().fold(0, |acc, &c| acc * 2 + c);
    let p2: i64 = p.iter().rev().fold(0, |acc, &c| acc * 2 + c);
    let q2: i64 = q.iter().rev().fold(0, |acc, &c| acc * 2 + c);
    assert_eq!(at_two, p2 * q2);
    writeln!(out, "value at 2: {}", at_two).unwrap();
    writeln!(
        out,
        "empty product has {} terms",
        convolution_i64(&p, &[]).len()
    )
    .unwrap();
}
