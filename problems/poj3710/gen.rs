// Stress inputs for `grundy stress`: a few cases of small graphs grown from node 1 by
// pendant edges and rings (two parallel edges, or a triangle) hung on nodes already there,
// so that rings are edge-disjoint (gen.py writes the tests' large ones).
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(8) as usize;
    for _ in 0..g.int(1..=size.min(2)) {
        let graphs = g.int(1..=size.min(2));
        println!("{graphs}");
        for _ in 0..graphs {
            let mut nodes = 1;
            let mut edges: Vec<(usize, usize)> = Vec::new();
            for _ in 0..g.int(0..=size.min(3)) {
                let at = g.int(1..=nodes);
                match g.int(0..=2) {
                    0 => edges.push((at, nodes + 1)),
                    1 => edges.extend([(at, nodes + 1), (nodes + 1, at)]),
                    _ => edges.extend([(at, nodes + 1), (nodes + 1, nodes + 2), (nodes + 2, at)]),
                }
                nodes = edges.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(1);
            }
            println!("{nodes} {}", edges.len());
            for (a, b) in edges {
                println!("{a} {b}");
            }
        }
    }
}
