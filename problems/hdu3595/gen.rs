// Stress inputs for `grundy stress`: a few small cases of GG and MM (gen.py writes the
// tests' large ones).
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(8);
    for _ in 0..g.int(1..=size.min(3)) {
        let n = g.int(1..=size.min(3));
        let games: Vec<String> = g.vec(n as usize, |g| {
            format!("{} {}", g.int(1..=size + 3), g.int(1..=size + 3))
        });
        println!("{n}\n{}", games.join("\n"));
    }
}
