// Stress inputs for `grundy stress`: a few small Wythoff games (gen.py writes the tests'
// large ones).
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(20);
    for _ in 0..g.int(1..=size.min(4)) {
        let (a, b) = (g.int(0..=size + 2), g.int(0..=size + 2));
        println!("{a} {b}");
    }
}
