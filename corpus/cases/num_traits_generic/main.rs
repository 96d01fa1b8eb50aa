// Generic integer helpers written against num-traits, used at several integer types:
// sums (Num/Zero), powers (pow), overflow-checked products (CheckedMul), bit tricks (PrimInt),
// conversions (cast/NumCast), extremes (Bounded) and signs (Signed).
//
// Input: n, then n integers; then a base and an exponent.
use num_traits::{cast, Bounded, CheckedMul, Num, NumCast, One, PrimInt, Signed, Zero};
use std::io::{self, BufWriter, Read, Write};

fn total<T: Num + Copy>(xs: &[T]) -> T {
    xs.iter().fold(T::zero(), |acc, &x| acc + x)
}

fn checked_product<T: CheckedMul + One + Copy>(xs: &[T]) -> Option<T> {
    xs.iter().try_fold(T::one(), |acc, x| acc.checked_mul(x))
}

fn power_sum<T: PrimInt>(base: T, exp: usize) -> T {
    (0..=exp).fold(T::zero(), |acc, e| acc + num_traits::pow(base, e))
}

fn bit_report<T: PrimInt + std::fmt::Display>(x: T) -> String {
    format!(
        "{}: ones {} trailing zeros {} leading zeros {} swapped {}",
        x,
        x.count_ones(),
        x.trailing_zeros(),
        x.leading_zeros(),
        x.swap_bytes().rotate_left(3)
    )
}

fn extremes<T: Bounded + Ord + Copy>(xs: &[T]) -> (T, T) {
    xs.iter()
        .fold((T::max_value(), T::min_value()), |(lo, hi), &x| {
            (lo.min(x), hi.max(x))
        })
}

fn signs<T: Signed + Copy + PartialOrd>(xs: &[T]) -> (usize, usize, T) {
    let negatives = xs.iter().filter(|x| x.is_negative()).count();
    let positives = xs.iter().filter(|x| x.is_positive()).count();
    let magnitude = xs.iter().fold(T::zero(), |acc, x| acc + x.abs());
    (negatives, positives, magnitude)
}

fn mean<T: NumCast + Copy>(xs: &[T]) -> f64 {
    let sum: f64 = xs.iter().map(|&x| cast::<T, f64>(x).unwrap()).sum();
    sum / xs.len() as f64
}

fn narrow<T: NumCast, U: NumCast>(x: T) -> Option<U> {
    U::from(x)
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let mut next = || tokens.next().unwrap();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());

    let n: usize = next().parse().unwrap();
    let xs: Vec<i64> = (0..n).map(|_| next().parse().unwrap()).collect();
    let small: Vec<i32> = xs.iter().map(|&x| narrow(x).unwrap()).collect();
    let unsigned: Vec<u64> = xs.iter().map(|x| x.unsigned_abs()).collect();

    writeln!(
        out,
        "total i64 {} i32 {} u64 {}",
        total(&xs),
        total(&small),
        total(&unsigned)
    )
    .unwrap();
    writeln!(out, "total f64 {}", total(&[0.5f64, 0.25, 2.0])).unwrap();
    match checked_product(&xs) {
        Some(p) => writeln!(out, "product fits i64: {}", p).unwrap(),
        None => writeln!(out, "product overflows i64").unwrap(),
    }
    match checked_product(&small) {
        Some(p) => writeln!(out, "product fits i32: {}", p).unwrap(),
        None => writeln!(out, "product overflows i32").unwrap(),
    }
    let firsts: Vec<i32> = small.iter().take(3).copied().collect();
    writeln!(
        out,
        "product of first three: {:?}",
        checked_product(&firsts)
    )
    .unwrap();

    let (lo, hi) = extremes(&xs);
    writeln!(out, "extremes {} {}", lo, hi).unwrap();
    let (lo, hi) = extremes(&unsigned);
    writeln!(out, "unsigned extremes {} {}", lo, hi).unwrap();
    writeln!(out, "empty extremes {:?}", extremes::<u8>(&[])).unwrap();
    let (neg, pos, mag) = signs(&xs);
    writeln!(out, "negatives {} positives {} magnitude {}", neg, pos, mag).unwrap();
    writeln!(out, "signs of f64: {:?}", signs(&[-1.5f64, 2.0, 0.0])).unwrap();
    writeln!(out, "mean {:.3}", mean(&xs)).unwrap();
    writeln!(
        out,
        "as u8: {:?}",
        xs.iter().map(|&x| narrow::<i64, u8>(x)).collect::<Vec<_>>()
    )
    .unwrap();

    let base: u64 = next().parse().unwrap();
    let exp: usize = next().parse().unwrap();
    writeln!(
        out,
        "sum of {}^0..={} = {}",
        base,
        exp,
        power_sum(base, exp)
    )
    .unwrap();
    writeln!(out, "as u128: {}", power_sum(base as u128, exp * 2)).unwrap();
    writeln!(out, "{}", bit_report(base)).unwrap();
    writeln!(out, "{}", bit_report(xs[0])).unwrap();
    writeln!(out, "{}", bit_report(200u8)).unwrap();
    writeln!(
        out,
        "zero? {} one? {}",
        i64::zero().is_zero(),
        u32::one() == 1
    )
    .unwrap();
}
