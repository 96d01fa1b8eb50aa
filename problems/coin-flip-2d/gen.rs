// Stress inputs for `grundy stress`: a few positions of heads on a small corner of the
// quadrant (gen.py writes the tests' huge coordinates).
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(8) as usize;
    let side = (size + 1).min(4);
    let cases = g.int(1..=size.min(3));
    println!("{cases}");
    for _ in 0..cases {
        let n = g.int(1..=size.min(side * side));
        // Distinct cells: the first n of the side x side cells in a random order.
        let cells = g.permutation(side * side);
        println!("{n}");
        for &cell in &cells[..n] {
            println!("{} {}", cell % side, cell / side);
        }
    }
}
