// Union-find over friendships and a Fenwick tree over account balances.
//
// Input: n q, the n initial balances, then q queries:
//   "unite u v"  merge the groups of u and v
//   "same u v"   print whether u and v are in one group
//   "add p x"    add x to balance p
//   "sum l r"    print the total balance of l..r (half-open)
// Afterwards: the groups (sorted), and the number of inversions of the final balances.
use ac_library::fenwicktree::FenwickTree;
use ac_library::Dsu;
use std::io::{self, BufWriter, Read, Write};

fn count_inversions(values: &[i64]) -> u64 {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut seen = FenwickTree::new(sorted.len(), 0u64);
    let mut inversions = 0;
    for (i, v) in values.iter().enumerate() {
        let rank = sorted.binary_search(v).unwrap();
        // Earlier values strictly greater than this one.
        inversions += i as u64 - seen.accum(rank + 1);
        seen.add(rank, 1u64);
    }
    inversions
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let mut next = || tokens.next().unwrap();
    let n: usize = next().parse().unwrap();
    let q: usize = next().parse().unwrap();
    let mut balances: Vec<i64> = (0..n).map(|_| next().parse().unwrap()).collect();
    let mut fenwick = FenwickTree::new(n, 0i64);
    for (i, &b) in balances.iter().enumerate() {
        fenwick.add(i, b);
    }
    let mut dsu = Dsu::new(n);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for _ in 0..q {
        let kind = next();
        let a: usize = next().parse().unwrap();
        match kind {
            "unite" => {
                let b: usize = next().parse().unwrap();
                let leader = dsu.merge(a, b);
                writeln!(
                    out,
                    "unite {} {} -> leader {} size {}",
                    a,
                    b,
                    leader,
                    dsu.size(a)
                )
                .unwrap();
            }
            "same" => {
                let b: usize = next().parse().unwrap();
                writeln!(out, "{}", if dsu.same(a, b) { "Yes" } else { "No" }).unwrap();
            }
            "add" => {
                let x: i64 = next().parse().unwrap();
                balances[a] += x;
                fenwick.add(a, x);
            }
            "sum" => {
                let r: usize = next().parse().unwrap();
                writeln!(out, "{}", fenwick.sum(a..r)).unwrap();
            }
            _ => panic!("unknown query {}", kind),
        }
    }
    let mut groups = dsu.groups();
    groups.iter_mut().for_each(|g| g.sort_unstable());
    groups.sort();
    writeln!(out, "{} groups", groups.len()).unwrap();
    for g in &groups {
        let total: i64 = g.iter().map(|&i| fenwick.sum(i..=i)).sum();
        let members: Vec<String> = g.iter().map(|i| i.to_string()).collect();
        writeln!(out, "[{}] total {}", members.join(" "), total).unwrap();
    }
    writeln!(out, "prefix total {}", fenwick.accum(n)).unwrap();
    writeln!(out, "inversions {}", count_inversions(&balances)).unwrap();
}
