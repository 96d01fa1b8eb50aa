// Stress inputs for `grundy stress`: discrete logarithms in the field of nimbers below 16,
// whose powers a brute force can list (gen.py writes the tests' 64-bit ones).
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let queries = g.int(1..=g.size.min(4));
    println!("{queries}");
    for _ in 0..queries {
        println!("{} {}", g.int(1..=15u64), g.int(1..=15u64));
    }
}
