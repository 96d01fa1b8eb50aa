// Shortest paths with petgraph: Dijkstra from vertex 1 over an undirected weighted graph,
// the number of connected components, and whether the graph has a cycle.
//
// Input: n m, then m lines "u v w" (1-based).
use petgraph::algo::{connected_components, dijkstra, is_cyclic_undirected};
use petgraph::graph::{NodeIndex, UnGraph};
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut nums = input.split_whitespace().map(|w| w.parse::<u64>().unwrap());
    let n = nums.next().unwrap() as usize;
    let m = nums.next().unwrap() as usize;
    let mut graph = UnGraph::<(), u64>::new_undirected();
    let nodes: Vec<NodeIndex> = (0..n).map(|_| graph.add_node(())).collect();
    for _ in 0..m {
        let u = nums.next().unwrap() as usize - 1;
        let v = nums.next().unwrap() as usize - 1;
        let w = nums.next().unwrap();
        graph.add_edge(nodes[u], nodes[v], w);
    }
    let dist = dijkstra(&graph, nodes[0], None, |e| *e.weight());
    let line: Vec<String> = nodes
        .iter()
        .map(|v| dist.get(v).map_or("-1".to_string(), |d| d.to_string()))
        .collect();
    println!("{}", line.join(" "));
    println!("{}", connected_components(&graph));
    println!("{}", is_cyclic_undirected(&graph));
}
