// The brute force of `grundy stress`: every sequence of n primes up to m written out, and
// each position played out as Nim over whole positions (Grundy values by `MemoSg`); the
// second player wins where the value is 0.
use templates::fast_io::{Scanner, Writer};
use templates::memo_sg::MemoSg;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    // A position: its piles, sorted.
    let mut game = MemoSg::new(|piles: &Vec<u64>, options: &mut Vec<Vec<u64>>| {
        for i in 0..piles.len() {
            for left in 0..piles[i] {
                let mut option = piles.clone();
                option[i] = left;
                option.sort_unstable();
                options.push(option);
            }
        }
    });
    for _ in 0..input.usize() {
        let (n, m) = (input.usize(), input.u64());
        let primes: Vec<u64> = (2..=m).filter(|&p| (2..p).all(|d| p % d != 0)).collect();
        // Every sequence, as the indices of its primes counted in base primes.len().
        let mut count = 0u64;
        let mut digits = vec![0usize; n];
        loop {
            let mut piles: Vec<u64> = digits.iter().map(|&d| primes[d]).collect();
            piles.sort_unstable();
            if game.grundy(piles) == 0 {
                count += 1;
            }
            let Some(next) = digits.iter().position(|&d| d + 1 < primes.len()) else {
                break;
            };
            digits[next] += 1;
            digits[..next].fill(0);
        }
        out.u64(count % 1_000_000_007).byte(b'\n');
    }
}
