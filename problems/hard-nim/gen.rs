// Stress inputs for `grundy stress`: a few small cases of Hard Nim (gen.py writes the tests'
// large ones).
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(8);
    let cases = g.int(1..=size.min(3));
    println!("{cases}");
    for _ in 0..cases {
        let n = g.int(1..=size.min(3));
        let m = g.int(2..=size + 10);
        println!("{n} {m}");
    }
}
