// Stress inputs for `grundy stress`: a few small cases of Georgia and Bob, chessmen on
// distinct cells given in any order (gen.py writes the tests' large ones).
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size.min(8) as usize;
    let cells = size + 3;
    let cases = g.int(1..=size.min(3));
    println!("{cases}");
    for _ in 0..cases {
        let n = g.int(1..=size.min(4));
        let order = g.permutation(cells);
        let placed: Vec<String> = order[..n].iter().map(|c| (c + 1).to_string()).collect();
        println!("{n}\n{}", placed.join(" "));
    }
}
