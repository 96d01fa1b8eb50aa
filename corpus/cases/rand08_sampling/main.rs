// rand 0.8 as contestants use it: a seeded `StdRng` (ChaCha12) for reproducible sampling,
// `gen_range` over inclusive and half-open ranges, `shuffle` and `choose` from `SliceRandom`,
// and `thread_rng()` (seeded by the operating system) for a randomized quicksort whose output
// does not depend on the seed.
//
// Edition 2021 only (its `edition` file): `gen` is a keyword in 2024.
//
// Input: a seed, n, then n integers.
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{thread_rng, Rng, SeedableRng};
use std::io::{self, Read};

fn quicksort<R: Rng>(v: &mut [i64], rng: &mut R) {
    if v.len() <= 1 {
        return;
    }
    let pivot = v[rng.gen_range(0..v.len())];
    let (mut lt, mut i, mut gt) = (0, 0, v.len());
    while i < gt {
        if v[i] < pivot {
            v.swap(lt, i);
            lt += 1;
            i += 1;
        } else if v[i] > pivot {
            gt -= 1;
            v.swap(i, gt);
        } else {
            i += 1;
        }
    }
    let (left, rest) = v.split_at_mut(lt);
    quicksort(left, rng);
    quicksort(&mut rest[gt - lt..], rng);
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut words = input
        .split_ascii_whitespace()
        .map(|w| w.parse::<i64>().unwrap());
    let seed = words.next().unwrap() as u64;
    let n = words.next().unwrap() as usize;
    let values: Vec<i64> = words.take(n).collect();

    let mut rng = StdRng::seed_from_u64(seed);
    let draws: Vec<u32> = (0..5).map(|_| rng.gen_range(1..=6)).collect();
    println!("dice {:?}", draws);
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(&mut rng);
    println!("order {:?}", order);
    println!("pick {}", values.choose(&mut rng).unwrap());
    let coin: f64 = rng.gen();
    println!("coin {}", coin < 0.5);

    let mut sorted = values.clone();
    quicksort(&mut sorted, &mut thread_rng());
    println!("sorted {:?}", sorted);
}
