// Stress inputs for `grundy stress`: a few small cases of E&D, groups of two piles (gen.py
// writes the tests' large ones).
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(6) as usize;
    let cases = g.int(1..=size.min(3));
    println!("{cases}");
    for _ in 0..cases {
        let groups = g.int(1..=size.min(2));
        let piles: Vec<String> = g.vec(2 * groups, |g| g.int(1..=size + 3).to_string());
        println!("{}\n{}", 2 * groups, piles.join(" "));
    }
}
