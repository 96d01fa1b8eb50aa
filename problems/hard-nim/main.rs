// problem: custom (after BZOJ 4589 "Hard Nim")
// Statement: hard-nim/README.md.
//
// The second player wins iff the xor of the piles is 0, so the answer is entry 0 of the
// n-fold xor convolution of the indicator of the primes <= m. With H the Walsh-Hadamard
// transform of length L (a power of two above m), that entry is (1 / L) * sum_k H[k]^n.
// H[k] is a sum of +-1 over the primes, an integer of absolute value at most pi(m) <= 5133,
// so the L powers take only about 10^4 distinct values: one pow per distinct value.
use templates::fast_io::{Scanner, Writer};
use templates::xor_convolution::{pow_mod, walsh_hadamard};

const P: u64 = 1_000_000_007;
const MAX_M: usize = 50_000;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut composite = vec![false; MAX_M + 1];
    for i in 2..=MAX_M {
        if !composite[i] {
            for j in (i * i..=MAX_M).step_by(i) {
                composite[j] = true;
            }
        }
    }
    for _ in 0..input.usize() {
        let (n, m) = (input.u64(), input.usize());
        let len = (m + 1).next_power_of_two();
        let mut f: Vec<u64> = (0..len)
            .map(|x| u64::from(x >= 2 && x <= m && !composite[x]))
            .collect();
        let primes = f.iter().sum::<u64>() as usize;
        walsh_hadamard(&mut f, P);
        // count[primes + v] = how many k have H[k] = v (v in -primes..=primes).
        let mut count = vec![0u64; 2 * primes + 1];
        for &x in &f {
            let shifted = if x <= primes as u64 {
                primes + x as usize
            } else {
                primes - (P - x) as usize
            };
            count[shifted] += 1;
        }
        let mut total = 0;
        for (shifted, &c) in count.iter().enumerate() {
            if c > 0 {
                let value = (shifted as u64 + P - primes as u64) % P;
                total = (total + c * pow_mod(value, n, P)) % P;
            }
        }
        let answer = total * pow_mod(len as u64, P - 2, P) % P;
        out.u64(answer).byte(b'\n');
    }
}
