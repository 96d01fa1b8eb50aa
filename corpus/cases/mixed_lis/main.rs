// Longest increasing subsequences, mixing superslice, itertools and ac-library:
// - the LIS length with patience sorting (superslice's lower_bound);
// - the number of LIS modulo 998244353 with a segment tree over compressed values whose
//   monoid keeps (best length, number of ways);
// - one lexicographically smallest LIS, rebuilt from per-position lengths.
//
// Input: t, then t sequences "n a1 .. an".
use ac_library::{ModInt998244353, Monoid, Segtree};
use itertools::Itertools;
use std::io::{self, BufWriter, Read, Write};
use superslice::Ext;

struct LongestWays;

impl Monoid for LongestWays {
    type S = (usize, ModInt998244353);
    fn identity() -> Self::S {
        (0, ModInt998244353::new(0))
    }
    fn binary_operation(a: &Self::S, b: &Self::S) -> Self::S {
        match a.0.cmp(&b.0) {
            std::cmp::Ordering::Less => *b,
            std::cmp::Ordering::Greater => *a,
            std::cmp::Ordering::Equal => (a.0, a.1 + b.1),
        }
    }
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

    let t = next();
    for case in 1..=t {
        let n = next() as usize;
        let a: Vec<i64> = (0..n).map(|_| next()).collect();

        let mut tails: Vec<i64> = Vec::new();
        for &x in &a {
            let i = tails.lower_bound(&x);
            if i == tails.len() {
                tails.push(x);
            } else {
                tails[i] = x;
            }
        }

        let values = a.iter().copied().sorted().dedup().collect_vec();
        let mut tree: Segtree<LongestWays> = Segtree::new(values.len());
        let mut ending = vec![0; n];
        for (i, &x) in a.iter().enumerate() {
            let rank = values.lower_bound(&x);
            let (len, ways) = tree.prod(..rank);
            let here = if len == 0 {
                (1, ModInt998244353::new(1))
            } else {
                (len + 1, ways)
            };
            ending[i] = here.0;
            let merged = LongestWays::binary_operation(&tree.get(rank), &here);
            tree.set(rank, merged);
        }
        let (best, ways) = tree.all_prod();
        assert_eq!(best, tails.len());

        // Smallest lexicographic LIS: walk left to right picking the smallest usable value.
        let mut starting = vec![0; n];
        for i in (0..n).rev() {
            starting[i] = 1
                + (i + 1..n)
                    .filter(|&j| a[j] > a[i])
                    .map(|j| starting[j])
                    .max()
                    .unwrap_or(0);
        }
        let mut chosen = Vec::new();
        let mut last: Option<(usize, i64)> = None;
        for need in (1..=best).rev() {
            let from = last.map_or(0, |(i, _)| i + 1);
            let pick = (from..n)
                .filter(|&j| {
                    starting[j] == need
                        && match last {
                            None => true,
                            Some((_, v)) => a[j] > v,
                        }
                })
                .min_by_key(|&j| (a[j], j))
                .unwrap();
            chosen.push(a[pick]);
            last = Some((pick, a[pick]));
        }
        writeln!(
            out,
            "case {}: length {} ways {} smallest [{}] ending lengths {}",
            case,
            best,
            ways,
            chosen.iter().join(" "),
            ending.iter().join("")
        )
        .unwrap();
    }
}
