// Point updates and range queries on daily profits: max, min, sum, the best
// contiguous stretch (a user monoid), and the first day the traded volume (the sum of
// absolute profits) from a given day reaches a goal.
//
// Input: n q, the n profits, then q queries:
//   "set p x"     profit of day p becomes x
//   "stats l r"   max, min, sum and best stretch sum over l..r (half-open)
//   "reach l k"   the day on which the volume from day l on reaches k ("never" if none)
use ac_library::segtree::{Additive, Max, Min, Monoid, Segtree};
use std::io::{self, BufWriter, Read, Write};

/// Best contiguous (non-empty) sum of a segment, kept with its total and best prefix/suffix.
#[derive(Clone, Copy, Debug)]
struct Stretch {
    total: i64,
    prefix: i64,
    suffix: i64,
    best: i64,
    empty: bool,
}

impl Stretch {
    fn single(x: i64) -> Self {
        Stretch {
            total: x,
            prefix: x,
            suffix: x,
            best: x,
            empty: false,
        }
    }
}

struct BestStretch;

impl Monoid for BestStretch {
    type S = Stretch;
    fn identity() -> Stretch {
        Stretch {
            total: 0,
            prefix: 0,
            suffix: 0,
            best: 0,
            empty: true,
        }
    }
    fn binary_operation(a: &Stretch, b: &Stretch) -> Stretch {
        if a.empty {
            return *b;
        }
        if b.empty {
            return *a;
        }
        Stretch {
            total: a.total + b.total,
            prefix: a.prefix.max(a.total + b.prefix),
            suffix: b.suffix.max(b.total + a.suffix),
            best: a.best.max(b.best).max(a.suffix + b.prefix),
            empty: false,
        }
    }
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let mut next = || tokens.next().unwrap();
    let n: usize = next().parse().unwrap();
    let q: usize = next().parse().unwrap();
    let profits: Vec<i64> = (0..n).map(|_| next().parse().unwrap()).collect();

    let mut maxima: Segtree<Max<i64>> = profits.clone().into();
    let mut minima: Segtree<Min<i64>> = profits.iter().copied().collect();
    let mut sums = Segtree::<Additive<i64>>::new(n);
    for (i, &p) in profits.iter().enumerate() {
        sums.set(i, p);
    }
    let mut volumes: Segtree<Additive<u64>> = profits.iter().map(|p| p.unsigned_abs()).collect();
    let mut stretches: Segtree<BestStretch> = profits.iter().map(|&p| Stretch::single(p)).collect();

    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for _ in 0..q {
        let kind = next();
        let a: usize = next().parse().unwrap();
        let b: i64 = next().parse().unwrap();
        match kind {
            "set" => {
                maxima.set(a, b);
                minima.set(a, b);
                sums.set(a, b);
                volumes.set(a, b.unsigned_abs());
                stretches.set(a, Stretch::single(b));
            }
            "stats" => {
                let r = b as usize;
                let best = stretches.prod(a..r);
                writeln!(
                    out,
                    "max {} min {} sum {} best {}",
                    maxima.prod(a..r),
                    minima.prod(a..r),
                    sums.prod(a..r),
                    best.best
                )
                .unwrap();
            }
            "reach" => {
                let goal = b as u64;
                let r = volumes.max_right(a, |&v| v < goal);
                if r == n {
                    writeln!(out, "volume {} from day {}: never", goal, a).unwrap();
                } else {
                    writeln!(out, "volume {} from day {}: reached on day {}", goal, a, r).unwrap();
                }
            }
            _ => panic!("unknown query {}", kind),
        }
    }
    let all = stretches.all_prod();
    writeln!(
        out,
        "overall max {} min {} total {} best {} prefix {} suffix {}",
        maxima.all_prod(),
        minima.all_prod(),
        sums.all_prod(),
        all.best,
        all.prefix,
        all.suffix
    )
    .unwrap();
    let first_big = maxima.min_left(n, |&m| m < 10);
    writeln!(out, "longest suffix below 10 starts at {}", first_big).unwrap();
    writeln!(out, "day 3 is {}", sums.get(3)).unwrap();
}
