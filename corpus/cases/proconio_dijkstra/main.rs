// Shortest delivery routes (Dijkstra) on a road network read with proconio.
//
// Input: n m s, then m roads "u v w" (1-based, undirected, weight w), then k and k targets
// (1-based). Prints the distance to every town and the route to each target.
use proconio::input;
use proconio::marker::Usize1;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::{self, BufWriter, Write};

fn main() {
    input! {
        n: usize,
        m: usize,
        s: Usize1,
        roads: [(Usize1, Usize1, u64); m],
        k: usize,
        targets: [Usize1; k],
    }
    let mut adj = vec![Vec::new(); n];
    for &(u, v, w) in &roads {
        adj[u].push((v, w));
        adj[v].push((u, w));
    }
    let mut dist = vec![u64::MAX; n];
    let mut prev = vec![usize::MAX; n];
    let mut heap = BinaryHeap::new();
    dist[s] = 0;
    heap.push(Reverse((0, s)));
    while let Some(Reverse((d, u))) = heap.pop() {
        if d > dist[u] {
            continue;
        }
        for &(v, w) in &adj[u] {
            let nd = d + w;
            if nd < dist[v] || (nd == dist[v] && u < prev[v]) {
                dist[v] = nd;
                prev[v] = u;
                heap.push(Reverse((nd, v)));
            }
        }
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let shown: Vec<String> = dist
        .iter()
        .map(|&d| {
            if d == u64::MAX {
                "-1".to_string()
            } else {
                d.to_string()
            }
        })
        .collect();
    writeln!(out, "{}", shown.join(" ")).unwrap();
    for &t in &targets {
        if dist[t] == u64::MAX {
            writeln!(out, "town {}: unreachable", t + 1).unwrap();
            continue;
        }
        let mut path = vec![t];
        while *path.last().unwrap() != s {
            path.push(prev[*path.last().unwrap()]);
        }
        let names: Vec<String> = path.iter().rev().map(|v| (v + 1).to_string()).collect();
        writeln!(out, "town {}: {} via {}", t + 1, dist[t], names.join("-")).unwrap();
    }
}
