// Assigning workers to jobs at minimum total cost, and the cost of every partial
// assignment (the slope of the min-cost flow).
//
// Input: n, then an n x n matrix: cost[i][j] of worker i doing job j. Negative entries are
// bonuses: they are shifted by a constant so the flow only sees non-negative costs.
use ac_library::MinCostFlowGraph;
use std::io::{self, BufWriter, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().unwrap());
    let n = tokens.next().unwrap() as usize;
    let cost: Vec<Vec<i64>> = (0..n).map(|_| tokens.by_ref().take(n).collect()).collect();
    let shift = cost.iter().flatten().copied().min().unwrap().min(0);

    let source = 2 * n;
    let sink = source + 1;
    let mut graph = MinCostFlowGraph::new(2 * n + 2);
    let mut ids = vec![vec![0; n]; n];
    for (i, row) in cost.iter().enumerate() {
        graph.add_edge(source, i, 1, 0);
        for (j, &c) in row.iter().enumerate() {
            ids[i][j] = graph.add_edge(i, n + j, 1, c - shift);
        }
    }
    for j in 0..n {
        graph.add_edge(n + j, sink, 1, 0);
    }

    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let slope = graph.clone().slope(source, sink, n as i64);
    for &(flow, shifted) in &slope {
        writeln!(out, "flow {} cost {}", flow, shifted + shift * flow).unwrap();
    }
    let (flow, shifted) = graph.flow(source, sink, n as i64);
    writeln!(out, "assigned {} total {}", flow, shifted + shift * flow).unwrap();
    for (i, row) in ids.iter().enumerate() {
        for (j, &id) in row.iter().enumerate() {
            let e = graph.get_edge(id);
            if e.flow == 1 {
                writeln!(out, "worker {} -> job {} ({})", i, j, cost[i][j]).unwrap();
            }
        }
    }
    let used = graph.edges().iter().filter(|e| e.flow > 0).count();
    writeln!(out, "edges carrying flow {}", used).unwrap();
}
