// Shortest routes from the first town with petgraph 0.8's Dijkstra, the towns some road
// touches in a fixedbitset 0.5 set, the answers joined by itertools 0.14, read by proconio
// 0.5's `input!`.
//
// Input: n m, then m roads "a b w" (0-based towns, weight w).
use fixedbitset::FixedBitSet;
use itertools::Itertools;
use petgraph::algo::dijkstra;
use petgraph::graph::{NodeIndex, UnGraph};
use proconio::input;

fn main() {
    input! { n: usize, m: usize, roads: [(u32, u32, u64); m] }
    let mut graph = UnGraph::<(), u64>::with_capacity(n, m);
    for _ in 0..n {
        graph.add_node(());
    }
    for &(a, b, w) in &roads {
        graph.add_edge(NodeIndex::new(a as usize), NodeIndex::new(b as usize), w);
    }
    let dist = dijkstra(&graph, NodeIndex::new(0), None, |e| *e.weight());
    let line = (0..n)
        .map(|v| dist.get(&NodeIndex::new(v)).map_or(-1, |&d| d as i64))
        .join(" ");
    println!("{line}");
    let mut touched = FixedBitSet::with_capacity(n);
    for &(a, b, _) in &roads {
        touched.insert(a as usize);
        touched.insert(b as usize);
    }
    println!("{} of {} towns on a road", touched.count_ones(..), n);
    let alone = (0..n).filter(|&v| !touched.contains(v)).join(",");
    println!("alone: [{alone}]");
}
