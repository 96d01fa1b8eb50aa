// Cheapest road network (Kruskal) combining proconio, itertools and ac-library's Dsu:
// candidate roads are sorted by cost with itertools, accepted or rejected with a Dsu, and the
// two kinds are split with partition_map into itertools' Either (the either crate's type).
//
// Input: n m, then m roads "a b cost" (1-based); then q and q queries "a b": the most
// expensive road on the network's path between a and b.
use ac_library::dsu::Dsu;
use itertools::{Either, Itertools};
use proconio::input;
use proconio::marker::Usize1;
use std::io::{self, BufWriter, Write};

fn main() {
    input! {
        n: usize,
        m: usize,
        roads: [(Usize1, Usize1, u32); m],
        q: usize,
        queries: [(Usize1, Usize1); q],
    }
    let mut dsu = Dsu::new(n);
    let (chosen, rejected): (Vec<_>, Vec<_>) = roads
        .iter()
        .enumerate()
        .sorted_by_key(|&(i, &(_, _, cost))| (cost, i))
        .partition_map(|(i, &(a, b, cost))| {
            if dsu.same(a, b) {
                Either::Right(i)
            } else {
                dsu.merge(a, b);
                Either::Left((a, b, cost))
            }
        });
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let total: u32 = chosen.iter().map(|e| e.2).sum();
    writeln!(out, "components {}, cost {}", dsu.groups().len(), total).unwrap();
    writeln!(
        out,
        "built: {}",
        chosen
            .iter()
            .map(|&(a, b, c)| format!("{}-{}({})", a + 1, b + 1, c))
            .join(" ")
    )
    .unwrap();
    writeln!(
        out,
        "skipped roads: {}",
        rejected.iter().map(|i| i + 1).join(",")
    )
    .unwrap();

    let mut adj = vec![Vec::new(); n];
    for &(a, b, c) in &chosen {
        adj[a].push((b, c));
        adj[b].push((a, c));
    }
    for &(a, b) in &queries {
        if !dsu.same(a, b) {
            writeln!(out, "{} and {} are not connected", a + 1, b + 1).unwrap();
            continue;
        }
        // Depth-first search from a, tracking the heaviest road so far.
        let mut stack = vec![(a, usize::MAX, 0)];
        let mut answer = 0;
        while let Some((v, parent, heaviest)) = stack.pop() {
            if v == b {
                answer = heaviest;
                break;
            }
            for &(u, c) in &adj[v] {
                if u != parent {
                    stack.push((u, v, heaviest.max(c)));
                }
            }
        }
        writeln!(out, "{} to {}: heaviest road {}", a + 1, b + 1, answer).unwrap();
    }
}
