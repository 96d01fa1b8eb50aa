// Matrix powers and reductions with ndarray 0.16 (arr2, Array2::eye, dot, sum_axis, map,
// slicing with s!, stack!).
//
// Input: k, then a 3x3 matrix: its k-th power mod 1e9+7 by squaring, row sums, a slice.
use ndarray::{Array2, Axis, s, stack};
use proconio::input;

const MOD: i64 = 1_000_000_007;

fn mul(a: &Array2<i64>, b: &Array2<i64>) -> Array2<i64> {
    let n = a.nrows();
    let mut c = Array2::<i64>::zeros((n, n));
    for i in 0..n {
        for j in 0..n {
            let mut acc = 0;
            for k in 0..n {
                acc = (acc + a[[i, k]] * b[[k, j]]) % MOD;
            }
            c[[i, j]] = acc;
        }
    }
    c
}

fn main() {
    input! { k: u64, cells: [i64; 9] }
    let m = Array2::from_shape_vec((3, 3), cells).unwrap();
    let mut power = Array2::<i64>::eye(3);
    let (mut base, mut e) = (m.clone(), k);
    while e > 0 {
        if e & 1 == 1 {
            power = mul(&power, &base);
        }
        base = mul(&base, &base);
        e >>= 1;
    }
    println!("{:?}", power.row(0).to_vec());
    println!("{:?}", m.sum_axis(Axis(1)).to_vec());
    println!(
        "{:?}",
        m.slice(s![1.., ..2])
            .map(|x| x * 10)
            .into_raw_vec_and_offset()
            .0
    );
    let small = m.mapv(|x| x % 7);
    println!("{}", small.dot(&small).sum());
    let both = stack![Axis(0), m.row(0), m.row(2)];
    println!("{:?}", both.shape());
}
