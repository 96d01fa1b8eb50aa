// Stress inputs for `grundy stress`: a few positions of small heaps in one of the octal games
// the tests use (codes whose period the solution can prove; gen.py writes the tests' huge
// heaps).
use templates::stress_gen::Gen;

const CODES: [&str; 9] = [
    "0.77", "0.07", "0.137", "0.45", "0.055", "0.116", "0.0074", "0.777777", "0.51",
];

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(8) as usize;
    println!("{}", g.choose(&CODES));
    let positions = g.int(1..=size.min(3));
    println!("{positions}");
    for _ in 0..positions {
        let h = g.int(1..=size.min(3));
        let heaps: Vec<String> = g.vec(h, |g| g.int(0..=size + 2).to_string());
        println!("{h} {}", heaps.join(" "));
    }
}
