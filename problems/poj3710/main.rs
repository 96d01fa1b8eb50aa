// problem: http://poj.org/problem?id=3710
use templates::fast_io::{Scanner, Writer};
use templates::hackenbush_rings::hackenbush_rings;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(graphs) = input.try_usize() {
        let mut total = 0;
        for _ in 0..graphs {
            let (nodes, edge_count) = (input.usize(), input.usize());
            let edges: Vec<(usize, usize)> = (0..edge_count)
                .map(|_| {
                    let (a, b) = (input.usize(), input.usize());
                    if !(1..=nodes).contains(&a) || !(1..=nodes).contains(&b) {
                        eprintln!("poj3710: edge {a} {b} outside nodes 1..={nodes}");
                        std::process::exit(1);
                    }
                    (a - 1, b - 1)
                })
                .collect();
            // Node 1 stands on the ground; the graphs are a sum, so their values xor.
            total ^= hackenbush_rings(nodes, &edges, 0);
        }
        out.str(if total != 0 { "Sally\n" } else { "Harry\n" });
    }
}
