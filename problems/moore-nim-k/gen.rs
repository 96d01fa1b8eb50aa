// Stress inputs for `grundy stress`: a few small cases of Moore's Nim (gen.py writes the
// tests' large ones).
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(5) as usize;
    let cases = g.int(1..=size.min(3));
    println!("{cases}");
    for _ in 0..cases {
        let n = g.int(1..=size.min(4));
        let k = g.int(1..=n);
        let piles: Vec<String> = g.vec(n, |g| g.int(0..=size.min(4)).to_string());
        println!("{n} {k}\n{}", piles.join(" "));
    }
}
