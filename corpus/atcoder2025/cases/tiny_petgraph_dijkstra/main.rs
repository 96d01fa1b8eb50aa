// Shortest distances from the first node, with petgraph 0.8's dijkstra.
//
// Input: n m, then m edges `a b w` (0-based, undirected).
use petgraph::algo::dijkstra;
use petgraph::graph::{NodeIndex, UnGraph};
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut words = input.split_whitespace().map(|w| w.parse::<u32>().unwrap());
    let (n, m) = (words.next().unwrap(), words.next().unwrap());
    let edges: Vec<(u32, u32, u64)> = (0..m)
        .map(|_| {
            let (a, b) = (words.next().unwrap(), words.next().unwrap());
            (a, b, u64::from(words.next().unwrap()))
        })
        .collect();
    let mut graph = UnGraph::<(), u64>::from_edges(&edges);
    while graph.node_count() < n as usize {
        graph.add_node(());
    }
    let distances = dijkstra(&graph, NodeIndex::new(0), None, |e| *e.weight());
    let text: Vec<String> = (0..n)
        .map(|v| {
            distances
                .get(&NodeIndex::new(v as usize))
                .map_or("-".to_string(), u64::to_string)
        })
        .collect();
    println!("{}", text.join(" "));
}
