// Two bitset workloads:
// - reachability in a prerequisite DAG with fixedbitset (each course's set of courses it
//   unlocks is the union of its successors' sets);
// - subset sums with bitset-fixed: which totals can a set of coins pay (shift-or), and the
//   parity of the number of ways for each total (shift-xor).
//
// Input: n m, then m edges "u v" (u before v, u < v); q and q queries "u v"
//        (does u unlock v?); then c coins and a target bound s, then the coin values.
use bitset_fixed::BitSet;
use fixedbitset::FixedBitSet;
use std::io::{self, BufWriter, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let mut next = || tokens.next().unwrap();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());

    let n = next();
    let m = next();
    let mut succ = vec![Vec::new(); n];
    for _ in 0..m {
        let u = next();
        let v = next();
        assert!(u < v, "edges go forward");
        succ[u].push(v);
    }
    let mut reach: Vec<FixedBitSet> = vec![FixedBitSet::with_capacity(n); n];
    for u in (0..n).rev() {
        let mut set = FixedBitSet::with_capacity(n);
        set.insert(u);
        for &v in &succ[u] {
            set.union_with(&reach[v]);
        }
        reach[u] = set;
    }
    for (u, set) in reach.iter().enumerate() {
        let list: Vec<String> = set
            .ones()
            .filter(|&v| v != u)
            .map(|v| v.to_string())
            .collect();
        writeln!(
            out,
            "course {} unlocks {}: {}",
            u,
            set.count_ones(..) - 1,
            list.join(" ")
        )
        .unwrap();
    }
    let q = next();
    for _ in 0..q {
        let u = next();
        let v = next();
        writeln!(
            out,
            "{} -> {}: {}",
            u,
            v,
            if reach[u].contains(v) { "yes" } else { "no" }
        )
        .unwrap();
    }
    let common: Vec<usize> = reach[0].intersection(&reach[1]).collect();
    writeln!(out, "unlocked by both 0 and 1: {:?}", common).unwrap();
    let mut only_zero = reach[0].clone();
    only_zero.difference_with(&reach[1]);
    writeln!(out, "only by 0: {}", only_zero.count_ones(..)).unwrap();

    let c = next();
    let bound = next();
    let coins: Vec<usize> = (0..c).map(|_| next()).collect();
    let mut payable = BitSet::new(bound + 1);
    payable.set(0, true);
    let mut parity = BitSet::new(bound + 1);
    parity.set(0, true);
    for &coin in &coins {
        payable.shl_or(coin);
        let shifted = &parity << coin;
        parity ^= &shifted;
    }
    writeln!(
        out,
        "payable totals up to {}: {}",
        bound,
        payable.count_ones()
    )
    .unwrap();
    let unpayable: Vec<String> = (0..=bound)
        .filter(|&s| !payable[s])
        .map(|s| s.to_string())
        .collect();
    writeln!(out, "cannot pay: {}", unpayable.join(" ")).unwrap();
    let odd: Vec<String> = (0..=bound)
        .filter(|&s| parity[s])
        .take(15)
        .map(|s| s.to_string())
        .collect();
    writeln!(out, "odd number of ways (first 15): {}", odd.join(" ")).unwrap();
    let both = &payable & &parity;
    writeln!(out, "check: odd ways imply payable: {}", both == parity).unwrap();
    writeln!(
        out,
        "shifted right by 10 keeps {}",
        (&payable >> 10).count_ones()
    )
    .unwrap();
}
