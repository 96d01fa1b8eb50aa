// Counting modulo primes with ac-library's modint:
// - binomial coefficients from factorial tables, generic over ModIntBase (static moduli);
// - a geometric series modulo a modulus read from the input (the dynamic ModInt);
// - a user-declared static modulus (469762049) used for a convolution.
//
// Input: n, then queries "k" (print C(n, k) modulo 10^9+7 and 998244353);
//        then "m r len": the sum r^0 + ... + r^(len-1) modulo m.
use ac_library::modint::{
    ButterflyCache, ModInt, ModInt1000000007, ModIntBase, Modulus, StaticModInt,
};
use ac_library::ModInt998244353;
use std::cell::RefCell;
use std::io::{self, BufWriter, Read, Write};
use std::thread::LocalKey;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mod469762049 {}

impl Modulus for Mod469762049 {
    const VALUE: u32 = 469_762_049;
    const HINT_VALUE_IS_PRIME: bool = true;

    fn butterfly_cache() -> &'static LocalKey<RefCell<Option<ButterflyCache<Self>>>> {
        thread_local! {
            static CACHE: RefCell<Option<ButterflyCache<Mod469762049>>> = RefCell::default();
        }
        &CACHE
    }
}

type Z = StaticModInt<Mod469762049>;

struct Binomials<T> {
    fact: Vec<T>,
    inv_fact: Vec<T>,
}

impl<T: ModIntBase> Binomials<T> {
    fn new(n: usize) -> Self {
        let mut fact = vec![T::from(1u32); n + 1];
        for i in 1..=n {
            fact[i] = fact[i - 1] * T::from(i);
        }
        let mut inv_fact = vec![T::from(1u32); n + 1];
        inv_fact[n] = fact[n].inv();
        for i in (1..=n).rev() {
            inv_fact[i - 1] = inv_fact[i] * T::from(i);
        }
        Binomials { fact, inv_fact }
    }

    fn choose(&self, n: usize, k: usize) -> T {
        if k > n {
            return T::default();
        }
        self.fact[n] * self.inv_fact[k] * self.inv_fact[n - k]
    }
}

fn describe<T: ModIntBase>(x: T) -> String {
    format!("{} (mod {})", x, T::modulus())
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut lines = input.lines();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());

    let n: usize = lines.next().unwrap().trim().parse().unwrap();
    let big: Binomials<ModInt1000000007> = Binomials::new(n);
    let ntt: Binomials<ModInt998244353> = Binomials::new(n);
    let ks: Vec<usize> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    for &k in &ks {
        writeln!(
            out,
            "C({},{}) = {} = {}",
            n,
            k,
            describe(big.choose(n, k)),
            describe(ntt.choose(n, k))
        )
        .unwrap();
    }
    let row: ModInt1000000007 = (0..=n).map(|k| big.choose(n, k)).sum();
    writeln!(
        out,
        "row sum {} vs 2^n {}",
        row,
        ModInt1000000007::new(2).pow(n as u64)
    )
    .unwrap();
    let inverse_check: ModInt998244353 = (1..=10u32)
        .map(|i| ModInt998244353::new(i).inv() * i)
        .product();
    writeln!(out, "inverses check {}", inverse_check).unwrap();
    let parsed: ModInt1000000007 = "-1".parse().unwrap();
    writeln!(out, "parsed -1 as {}", parsed.val()).unwrap();

    for line in lines {
        let v: Vec<u64> = line
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        let (m, r, len) = (v[0] as u32, v[1], v[2]);
        ModInt::set_modulus(m);
        let ratio = ModInt::new(r);
        let mut sum = ModInt::new(0);
        let mut term = ModInt::new(1);
        for _ in 0..len {
            sum += term;
            term *= ratio;
        }
        if is_prime(m) && ratio != ModInt::new(1) {
            let closed = (ratio.pow(len) - 1) / (ratio - 1);
            assert_eq!(closed, sum);
            writeln!(out, "series {} (closed form agrees)", describe(sum)).unwrap();
        } else {
            writeln!(out, "series {}", describe(sum)).unwrap();
        }
        writeln!(
            out,
            "  -sum = {}, sum^-1 exists: {}",
            -sum,
            gcd(sum.val(), m) == 1
        )
        .unwrap();
    }

    let a: Vec<Z> = (1..=6u32).map(Z::new).collect();
    let b: Vec<Z> = [1i64, -1, 2, -2].iter().map(|&x| Z::new(x)).collect();
    let c = ac_library::convolution(&a, &b);
    let text: Vec<String> = c.iter().map(|x| x.to_string()).collect();
    writeln!(out, "custom modulus {}: {}", Z::modulus(), text.join(" ")).unwrap();
}

fn is_prime(m: u32) -> bool {
    m >= 2
        && (2..)
            .take_while(|d| d * d <= m)
            .all(|d| !m.is_multiple_of(d))
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
