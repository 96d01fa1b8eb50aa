// Stress inputs for `grundy stress`: a few small cases of Lasker's Nim (gen.py writes the
// tests' large ones).
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(6) as usize;
    let cases = g.int(1..=size.min(3));
    println!("{cases}");
    for _ in 0..cases {
        let n = g.int(1..=size.min(3));
        let piles: Vec<String> = g.vec(n, |g| g.int(1..=size + 2).to_string());
        println!("{n}\n{}", piles.join(" "));
    }
}
