// Two lazy segment trees:
// - range affine update (x -> b*x + c) / range sum, modulo 998244353;
// - range add / range min over heights, with a binary search for the first low point.
//
// Input: n q, the n values, then q queries:
//   "affine l r b c"  x -> b*x + c on l..r      "sum l r"   sum of l..r mod 998244353
//   "add l r x"       heights += x on l..r      "min l r"   min height on l..r
//   "low l h"         first index >= l whose height is below h (n if none)
use ac_library::lazysegtree::{LazySegtree, MapMonoid};
use ac_library::modint::ModInt998244353 as Mint;
use ac_library::segtree::{Min, Monoid};
use std::io::{self, BufWriter, Read, Write};

struct SumLen;

impl Monoid for SumLen {
    type S = (Mint, usize);
    fn identity() -> Self::S {
        (Mint::new(0), 0)
    }
    fn binary_operation(a: &Self::S, b: &Self::S) -> Self::S {
        (a.0 + b.0, a.1 + b.1)
    }
}

struct Affine;

impl MapMonoid for Affine {
    type M = SumLen;
    type F = (Mint, Mint);
    fn identity_map() -> Self::F {
        (Mint::new(1), Mint::new(0))
    }
    fn mapping(f: &Self::F, x: &(Mint, usize)) -> (Mint, usize) {
        (f.0 * x.0 + f.1 * Mint::new(x.1), x.1)
    }
    // f after g
    fn composition(f: &Self::F, g: &Self::F) -> Self::F {
        (f.0 * g.0, f.0 * g.1 + f.1)
    }
}

struct AddMin;

impl MapMonoid for AddMin {
    type M = Min<i64>;
    type F = i64;
    fn identity_map() -> i64 {
        0
    }
    fn mapping(&f: &i64, &x: &i64) -> i64 {
        if x == i64::MAX {
            x
        } else {
            x + f
        }
    }
    fn composition(&f: &i64, &g: &i64) -> i64 {
        f + g
    }
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let mut next = || tokens.next().unwrap();
    let n: usize = next().parse().unwrap();
    let q: usize = next().parse().unwrap();
    let values: Vec<i64> = (0..n).map(|_| next().parse().unwrap()).collect();

    let mut sums: LazySegtree<Affine> = values
        .iter()
        .map(|&v| (Mint::new(v), 1))
        .collect::<Vec<_>>()
        .into();
    let mut heights: LazySegtree<AddMin> = LazySegtree::new(n);
    for (i, &v) in values.iter().enumerate() {
        heights.set(i, v);
    }

    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for _ in 0..q {
        let kind = next();
        let l: usize = next().parse().unwrap();
        match kind {
            "affine" => {
                let r: usize = next().parse().unwrap();
                let b: i64 = next().parse().unwrap();
                let c: i64 = next().parse().unwrap();
                sums.apply_range(l..r, (Mint::new(b), Mint::new(c)));
            }
            "sum" => {
                let r: usize = next().parse().unwrap();
                writeln!(out, "sum {}", sums.prod(l..r).0).unwrap();
            }
            "add" => {
                let r: usize = next().parse().unwrap();
                let x: i64 = next().parse().unwrap();
                heights.apply_range(l..r, x);
            }
            "min" => {
                let r: usize = next().parse().unwrap();
                writeln!(out, "min {}", heights.prod(l..r)).unwrap();
            }
            "low" => {
                let h: i64 = next().parse().unwrap();
                let r = heights.max_right(l, |m| m >= h);
                writeln!(out, "low {}", r).unwrap();
            }
            _ => panic!("unknown query {}", kind),
        }
    }
    let total = sums.all_prod();
    writeln!(out, "all {} over {}", total.0, total.1).unwrap();
    let point: Vec<String> = (0..n).map(|i| heights.get(i).to_string()).collect();
    writeln!(out, "heights {}", point.join(" ")).unwrap();
    heights.apply(0, -1000);
    writeln!(out, "first drop {}", heights.min_left(n, |m| m >= -100)).unwrap();
}
