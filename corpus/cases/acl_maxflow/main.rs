// Students and projects: a maximum matching (who works on what) and, on a road network,
// the maximum throughput from the depot to the port together with a minimum cut.
//
// Input:
//   s p k, then k lines "student project" (0-based): who may join which project
//   n m, then m lines "u v capacity": one-way roads; the depot is 0 and the port n-1
use ac_library::maxflow::{Edge, MfGraph};
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

    let (students, projects, k) = (next(), next(), next());
    let source = students + projects;
    let sink = source + 1;
    let mut graph = MfGraph::<i32>::new(students + projects + 2);
    let mut wishes = Vec::with_capacity(k);
    for _ in 0..k {
        let (s, p) = (next(), next());
        wishes.push(graph.add_edge(s, students + p, 1));
    }
    for s in 0..students {
        graph.add_edge(source, s, 1);
    }
    for p in 0..projects {
        graph.add_edge(students + p, sink, 1);
    }
    let matched = graph.flow(source, sink);
    writeln!(out, "matching {}", matched).unwrap();
    for &id in &wishes {
        let Edge { from, to, flow, .. } = graph.get_edge(id);
        if flow == 1 {
            writeln!(out, "student {} -> project {}", from, to - students).unwrap();
        }
    }

    let (n, m) = (next(), next());
    let mut roads = MfGraph::new(n);
    for _ in 0..m {
        let (u, v, c) = (next(), next(), next() as i64);
        roads.add_edge(u, v, c);
    }
    let limited = {
        let mut copy = roads.clone();
        copy.flow_with_capacity(0, n - 1, 5)
    };
    writeln!(out, "throughput limited to 5: {}", limited).unwrap();
    let best = roads.flow(0, n - 1);
    writeln!(out, "throughput {}", best).unwrap();
    let side = roads.min_cut(0);
    let reachable: Vec<String> = (0..n).filter(|&v| side[v]).map(|v| v.to_string()).collect();
    writeln!(out, "depot side: {}", reachable.join(" ")).unwrap();
    let mut cut_total = 0;
    for e in roads.edges() {
        if side[e.from] && !side[e.to] {
            writeln!(
                out,
                "cut road {} -> {} ({}/{})",
                e.from, e.to, e.flow, e.cap
            )
            .unwrap();
            cut_total += e.cap;
        }
    }
    assert_eq!(cut_total, best);
    writeln!(out, "cut capacity {}", cut_total).unwrap();
}
