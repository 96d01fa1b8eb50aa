// Integer arithmetic with num-integer: gcd/lcm, floored division, the extended Euclidean
// algorithm (solving a*x + b*y = c), reduced fractions, integer roots and binomials.
//
// Input: q, then q lines "a b c"; then a line of numbers for the roots; then "n".
use num_integer::{Integer, Roots};
use std::io::{self, BufWriter, Read, Write};

/// A solution of a*x + b*y = c with the smallest non-negative x, if one exists.
fn diophantine(a: i64, b: i64, c: i64) -> Option<(i64, i64)> {
    let e = a.extended_gcd(&b);
    if !Integer::is_multiple_of(&c, &e.gcd) {
        return None;
    }
    let scale = c / e.gcd;
    let step = (b / e.gcd).abs();
    let x = Integer::mod_floor(&(e.x * scale), &step);
    let y = (c - a * x) / b;
    assert_eq!(a * x + b * y, c);
    Some((x, y))
}

fn reduce<T: Integer + Copy>(num: T, den: T) -> (T, T) {
    let g = num.gcd(&den);
    (num / g, den / g)
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut lines = input.lines();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());

    let q: usize = lines.next().unwrap().trim().parse().unwrap();
    for _ in 0..q {
        let v: Vec<i64> = lines
            .next()
            .unwrap()
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        let (a, b, c) = (v[0], v[1], v[2]);
        let (g, l) = a.gcd_lcm(&b);
        writeln!(
            out,
            "a={} b={}: gcd {} lcm {} (free fn {})",
            a,
            b,
            g,
            l,
            num_integer::gcd(a, b)
        )
        .unwrap();
        let (q_trunc, r_trunc) = a.div_rem(&b);
        let (q_floor, r_floor) = num_integer::div_mod_floor(a, b);
        assert_eq!(q_floor, Integer::div_floor(&a, &b));
        assert_eq!(r_floor, a.mod_floor(&b));
        writeln!(
            out,
            "  trunc {} rem {}; floor {} mod {}",
            q_trunc, r_trunc, q_floor, r_floor
        )
        .unwrap();
        match diophantine(a, b, c) {
            Some((x, y)) => writeln!(out, "  {}*{} + {}*{} = {}", a, x, b, y, c).unwrap(),
            None => writeln!(out, "  no integer solution for {}", c).unwrap(),
        }
        let (n, d) = reduce(a, b);
        writeln!(
            out,
            "  {}/{} = {}/{}, even? {} odd? {}",
            a,
            b,
            n,
            d,
            a.is_even(),
            b.is_odd()
        )
        .unwrap();
    }

    let numbers: Vec<u64> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    for &x in &numbers {
        let s = num_integer::sqrt(x);
        writeln!(
            out,
            "{}: sqrt {} cbrt {} 4th {} square? {}",
            x,
            s,
            x.cbrt(),
            x.nth_root(4),
            s * s == x
        )
        .unwrap();
    }
    let all_gcd = numbers.iter().fold(0u64, |g, &x| num_integer::gcd(g, x));
    let small_lcm = numbers
        .iter()
        .filter(|&&x| x > 0 && x < 100)
        .fold(1u64, |l, &x| num_integer::lcm(l, x));
    writeln!(
        out,
        "gcd of all {}, lcm of small ones {}",
        all_gcd, small_lcm
    )
    .unwrap();
    writeln!(
        out,
        "signed roots: {} {}",
        (-27i32).cbrt(),
        Roots::sqrt(&99i32)
    )
    .unwrap();

    let n: u64 = lines.next().unwrap().trim().parse().unwrap();
    let row: Vec<String> = (0..=n)
        .map(|k| num_integer::binomial(n, k).to_string())
        .collect();
    writeln!(out, "row {}: {}", n, row.join(" ")).unwrap();
    let catalan = num_integer::binomial(2 * n, n) / (n + 1);
    writeln!(out, "catalan({}) = {}", n, catalan).unwrap();
    writeln!(
        out,
        "multinomial(2,3,4) = {}",
        num_integer::multinomial(&[2u64, 3, 4])
    )
    .unwrap();
    writeln!(
        out,
        "average of 7 and 10: floor {} ceil {}",
        num_integer::average_floor(7, 10),
        num_integer::average_ceil(7, 10)
    )
    .unwrap();
}
