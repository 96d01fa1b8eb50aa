// Stress inputs for `grundy stress`: a few small pictures, trees on the ground drawn
// uniformly with random colours, parents given in any numbering (gen.py writes the tests'
// large ones).
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(8) as usize;
    let cases = g.int(1..=size.min(3));
    println!("{cases}");
    for _ in 0..cases {
        let n = g.int(1..=size.min(7));
        // A tree on the ground (vertex 0) and the vertices 1..=n: each vertex's parent is its
        // neighbour on the way to the ground.
        let edges = g.tree(n + 1);
        let mut neighbours = vec![Vec::new(); n + 1];
        for &(u, v) in &edges {
            neighbours[u].push(v);
            neighbours[v].push(u);
        }
        let mut parent = vec![0; n + 1];
        let mut stack = vec![0];
        let mut seen = vec![false; n + 1];
        seen[0] = true;
        while let Some(v) = stack.pop() {
            for &w in &neighbours[v] {
                if !seen[w] {
                    seen[w] = true;
                    parent[w] = v;
                    stack.push(w);
                }
            }
        }
        println!("{n}");
        for &p in &parent[1..] {
            println!("{p} {}", g.choose(&["B", "R"]));
        }
    }
}
