// The product of two polynomials modulo 998244353, with ac-library-rs's convolution.
//
// Input: n m, then the n coefficients of a, then the m coefficients of b.
use ac_library::convolution::convolution;
use ac_library::ModInt998244353 as Mint;
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut words = input
        .split_ascii_whitespace()
        .map(|w| w.parse::<u32>().unwrap());
    let (n, m) = (
        words.next().unwrap() as usize,
        words.next().unwrap() as usize,
    );
    let a: Vec<Mint> = (0..n).map(|_| Mint::new(words.next().unwrap())).collect();
    let b: Vec<Mint> = (0..m).map(|_| Mint::new(words.next().unwrap())).collect();
    let c = convolution(&a, &b);
    let text: Vec<String> = c.iter().map(|x| x.val().to_string()).collect();
    println!("{}", text.join(" "));
}
