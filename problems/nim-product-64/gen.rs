// Stress inputs for `grundy stress`: nim products of small numbers, whose definition a brute
// force can follow (gen.py writes the tests' 64-bit ones).
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size;
    let top = (4 * size).min(31);
    let pairs = g.int(1..=size.min(4));
    println!("{pairs}");
    for _ in 0..pairs {
        println!("{} {}", g.int(0..=top), g.int(0..=top));
    }
}
