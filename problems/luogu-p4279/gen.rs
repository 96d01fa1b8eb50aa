// Stress inputs for `grundy stress`: a few small Anti-Nim cases (gen.py writes the tests'
// large ones). All-ones positions, where the misere rule turns, come up often at these sizes.
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(6) as usize;
    let cases = g.int(1..=size.min(3));
    println!("{cases}");
    for _ in 0..cases {
        let n = g.int(1..=size.min(4));
        let piles: Vec<String> = g.vec(n, |g| g.int(1..=size + 1).to_string());
        println!("{n}\n{}", piles.join(" "));
    }
}
