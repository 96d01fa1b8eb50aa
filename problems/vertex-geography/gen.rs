// Stress inputs for `grundy stress`: a small graph, edges drawn with repeats allowed and in
// either direction (gen.py writes the tests' large ones).
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(8) as usize;
    let n = g.int(1..=size.min(7));
    let m = if n < 2 { 0 } else { g.int(0..=n + 2) };
    println!("{n} {m}");
    for _ in 0..m {
        let (u, v) = g.graph(n, 1)[0];
        let (u, v) = if g.int(0..=1) == 0 { (u, v) } else { (v, u) };
        println!("{} {}", u + 1, v + 1);
    }
}
