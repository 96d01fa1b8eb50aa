// Solutions written the 2015 way: `#[macro_use] extern crate` for the macros, `extern crate
// .. as ..` for a short name, and `::crate::path` with a leading `::`. Reads n numbers and
// prints them sorted and joined, their gcd folded with num-integer, and the distinct values.
#[macro_use]
extern crate proconio;
extern crate itertools as it;
extern crate num_integer;

use it::Itertools;

fn main() {
    input! {
        n: usize,
        a: [u64; n],
    }
    println!("{}", a.iter().sorted().join(" "));
    let g = a.iter().fold(0u64, |g, &x| ::num_integer::gcd(g, x));
    println!("{g}");
    println!("{}", a.iter().unique().count());
}
