// Number-theory queries answered with ac-library's math module.
//
// Input: t, then t queries, one per line:
//   "pow x n m"           x^n mod m
//   "inv x m"             the inverse of x mod m, or "none" when gcd(x, m) != 1
//   "crt k r1 m1 ... rk mk"  the smallest y >= 0 with y = ri (mod mi), and the combined modulus
//   "floor n m a b"       the sum of floor((a*i + b) / m) for i in 0..n
//   "lattice a b c"       lattice points (x, y) with x, y >= 0 and a*x + b*y <= c
use ac_library::{crt, floor_sum, inv_mod, pow_mod};
use std::io::{self, BufWriter, Read, Write};

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// Points with x, y >= 0 and a*x + b*y <= c: for each x, floor((c - a*x) / b) + 1 values of y.
fn lattice_points(a: i64, b: i64, c: i64) -> i64 {
    let columns = c / a + 1;
    // sum over x in 0..columns of floor((c - a*x) / b) + 1, written with i' = columns-1-x
    let top = c - a * (columns - 1);
    floor_sum(columns, b, a, top) + columns
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut lines = input.lines();
    let t: usize = lines.next().unwrap().trim().parse().unwrap();
    for line in lines.take(t) {
        let mut words = line.split_whitespace();
        let kind = words.next().unwrap();
        let nums: Vec<i64> = words.map(|w| w.parse().unwrap()).collect();
        match kind {
            "pow" => {
                let r = pow_mod(nums[0], nums[1], nums[2] as u32);
                writeln!(out, "{}^{} mod {} = {}", nums[0], nums[1], nums[2], r).unwrap();
            }
            "inv" => {
                if gcd(nums[0], nums[1]) == 1 {
                    let r = inv_mod(nums[0], nums[1]);
                    assert_eq!(
                        (nums[0] % nums[1] + nums[1]) % nums[1] * r % nums[1],
                        1 % nums[1]
                    );
                    writeln!(out, "inv {} mod {} = {}", nums[0], nums[1], r).unwrap();
                } else {
                    writeln!(out, "inv {} mod {} = none", nums[0], nums[1]).unwrap();
                }
            }
            "crt" => {
                let k = nums[0] as usize;
                let (r, m): (Vec<i64>, Vec<i64>) =
                    nums[1..=2 * k].chunks(2).map(|p| (p[0], p[1])).unzip();
                let (y, z) = crt(&r, &m);
                if z == 0 {
                    writeln!(out, "crt no solution").unwrap();
                } else {
                    writeln!(out, "crt y = {} mod {}", y, z).unwrap();
                }
            }
            "floor" => {
                writeln!(
                    out,
                    "floor_sum = {}",
                    floor_sum(nums[0], nums[1], nums[2], nums[3])
                )
                .unwrap();
            }
            "lattice" => {
                writeln!(
                    out,
                    "lattice = {}",
                    lattice_points(nums[0], nums[1], nums[2])
                )
                .unwrap();
            }
            _ => panic!("unknown query {}", kind),
        }
    }
}
