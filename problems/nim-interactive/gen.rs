// Stress inputs for `grundy stress`: the judge's hidden data for a small game: n, the piles,
// and the seed of its random moves.
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(10);
    let n = g.int(1..=size.min(4) as usize);
    let piles: Vec<String> = g.vec(n, |g| g.int(1..=size + 2).to_string());
    println!("{n}\n{}\n{}", piles.join(" "), g.int(1..=u64::MAX));
}
