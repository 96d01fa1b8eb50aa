// A sieve and a bit-packed set with bitvec 1.0 (bitvec!, BitVec, count_ones, iter_ones,
// BitSlice ranges, store/load of packed fields).
//
// Input: n, then q queries l r: the primes in [l, r].
use bitvec::prelude::*;
use proconio::input;

fn main() {
    input! { n: usize, q: usize, ranges: [(usize, usize); q] }
    let mut prime = bitvec![1; n + 1];
    prime.set(0, false);
    prime.set(1, false);
    let mut i = 2;
    while i * i <= n {
        if prime[i] {
            let mut j = i * i;
            while j <= n {
                prime.set(j, false);
                j += i;
            }
        }
        i += 1;
    }
    println!("{}", prime.count_ones());
    for (l, r) in ranges {
        let slice = &prime[l..=r];
        let first: Vec<usize> = slice.iter_ones().take(3).map(|k| k + l).collect();
        println!("{} {:?}", slice.count_ones(), first);
    }
    let mut packed: BitVec<u32, Lsb0> = BitVec::repeat(false, 64);
    packed[4..12].store::<u8>(0xA5);
    packed[40..52].store::<u16>(0x3C3);
    println!(
        "{} {} {}",
        packed[4..12].load::<u8>(),
        packed[40..52].load::<u16>(),
        packed.count_ones()
    );
}
