// Stress inputs for `grundy stress`: a few small Nim positions, ended by the 0 line (gen.py
// writes the tests' large ones).
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(6) as usize;
    for _ in 0..g.int(1..=size.min(3)) {
        let m = g.int(1..=size.min(4));
        let piles: Vec<String> = g.vec(m, |g| g.int(1..=size + 2).to_string());
        println!("{m} {}", piles.join(" "));
    }
    println!("0");
}
