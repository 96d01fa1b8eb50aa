// Randomized techniques with seeded PCG generators (deterministic output):
// - multiset hashing: each value gets a random 64-bit key (Pcg64Mcg); a window's hash is the
//   wrapping sum of its keys, so "is window A a rearrangement of window B" is O(1);
// - a hand-written Fisher-Yates shuffle driven by Pcg32;
// - quickselect with random pivots for the k-th smallest element.
//
// Input: n, the array; q and q queries "l1 r1 l2 r2" (1-based, inclusive); then k.
use rand_core::{RngCore, SeedableRng};
use rand_pcg::{Pcg32, Pcg64Mcg};
use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};

fn below<R: RngCore>(rng: &mut R, bound: usize) -> usize {
    (rng.next_u64() % bound as u64) as usize
}

fn shuffle<T, R: RngCore>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i + 1);
        items.swap(i, j);
    }
}

fn kth_smallest<R: RngCore>(mut items: Vec<i64>, mut k: usize, rng: &mut R) -> i64 {
    loop {
        let pivot = items[below(rng, items.len())];
        let less: Vec<i64> = items.iter().copied().filter(|&x| x < pivot).collect();
        let equal = items.iter().filter(|&&x| x == pivot).count();
        if k < less.len() {
            items = less;
        } else if k < less.len() + equal {
            return pivot;
        } else {
            k -= less.len() + equal;
            items.retain(|&x| x > pivot);
        }
    }
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().unwrap());
    let mut next = || tokens.next().unwrap();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());

    let n = next() as usize;
    let a: Vec<i64> = (0..n).map(|_| next()).collect();
    let mut rng = Pcg64Mcg::seed_from_u64(0x5eed_cafe);
    let mut keys: HashMap<i64, u64> = HashMap::new();
    let mut prefix = vec![0u64; n + 1];
    for (i, &x) in a.iter().enumerate() {
        let key = *keys.entry(x).or_insert_with(|| rng.next_u64());
        prefix[i + 1] = prefix[i].wrapping_add(key);
    }
    let window = |l: usize, r: usize| prefix[r].wrapping_sub(prefix[l - 1]);
    let q = next() as usize;
    for _ in 0..q {
        let (l1, r1, l2, r2) = (
            next() as usize,
            next() as usize,
            next() as usize,
            next() as usize,
        );
        let same = r1 - l1 == r2 - l2 && window(l1, r1) == window(l2, r2);
        let mut x = a[l1 - 1..r1].to_vec();
        let mut y = a[l2 - 1..r2].to_vec();
        x.sort_unstable();
        y.sort_unstable();
        assert_eq!(same, x == y);
        writeln!(
            out,
            "[{}, {}] vs [{}, {}]: {}",
            l1,
            r1,
            l2,
            r2,
            if same { "same multiset" } else { "different" }
        )
        .unwrap();
    }

    let mut deck: Vec<usize> = (1..=n).collect();
    let mut shuffler = Pcg32::seed_from_u64(2024);
    shuffle(&mut deck, &mut shuffler);
    let mut sorted = deck.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (1..=n).collect::<Vec<_>>());
    writeln!(out, "shuffled: {:?}", deck).unwrap();
    writeln!(
        out,
        "next draws: {} {}",
        shuffler.next_u32(),
        shuffler.next_u64() % 1000
    )
    .unwrap();
    let mut bytes = [0u8; 6];
    shuffler.fill_bytes(&mut bytes);
    writeln!(out, "bytes: {:?}", bytes).unwrap();

    let k = next() as usize;
    let mut picker = Pcg64Mcg::seed_from_u64(7);
    let kth = kth_smallest(a.clone(), k - 1, &mut picker);
    let mut check = a.clone();
    check.sort_unstable();
    assert_eq!(kth, check[k - 1]);
    writeln!(out, "{}-th smallest: {}", k, kth).unwrap();
    let again = Pcg64Mcg::seed_from_u64(0x5eed_cafe).next_u64();
    writeln!(
        out,
        "same seed, same stream: {}",
        again == *keys.get(&a[0]).unwrap()
    )
    .unwrap();
}
