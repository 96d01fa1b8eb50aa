// The brute force of `grundy stress`: the sum of the graphs played out over the sets of
// edges still standing in each (a move deletes one edge, and what no longer reaches node 1
// falls), Grundy values of whole positions by `MemoSg`.
use templates::fast_io::{Scanner, Writer};
use templates::memo_sg::MemoSg;

/// The edges of `standing` still joined to node 0 (the ground).
fn grounded(edges: &[(usize, usize)], standing: u32) -> u32 {
    let mut reached = vec![0usize];
    let mut kept = 0;
    loop {
        let before = kept;
        for (e, &(a, b)) in edges.iter().enumerate() {
            if standing & 1 << e != 0 && (reached.contains(&a) || reached.contains(&b)) {
                kept |= 1 << e;
                reached.extend([a, b]);
            }
        }
        if kept == before {
            return kept;
        }
    }
}

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(count) = input.try_usize() {
        let graphs: Vec<Vec<(usize, usize)>> = (0..count)
            .map(|_| {
                let (_nodes, k) = (input.usize(), input.usize());
                assert!(k <= 20, "the brute force knows graphs of at most 20 edges");
                (0..k)
                    .map(|_| (input.usize() - 1, input.usize() - 1))
                    .collect()
            })
            .collect();
        // A position: the standing edges of each graph.
        let mut game = MemoSg::new(|standing: &Vec<u32>, options: &mut Vec<Vec<u32>>| {
            for (g, edges) in graphs.iter().enumerate() {
                for e in (0..edges.len()).filter(|&e| standing[g] & 1 << e != 0) {
                    let mut option = standing.clone();
                    option[g] = grounded(edges, standing[g] & !(1 << e));
                    options.push(option);
                }
            }
        });
        let start = graphs
            .iter()
            .map(|edges| grounded(edges, (1 << edges.len()) - 1))
            .collect();
        out.str(if game.grundy(start) != 0 {
            "Sally\n"
        } else {
            "Harry\n"
        });
    }
}
