//! `make bench`, octal section: `Octal::grundy_values` (sparse space and periodic tail)
//! against the naive O(n^2) loop, in-process, answers compared by a fingerprint of G(0..=n).
//!
//! Codes: Kayles 0.77 and Dawson's chess 0.137 (periodic early: the periodic tail does it),
//! 0.56 (period 144 only from about 326,640, Gangolli and Plambeck: sparse space until then,
//! and the proof completes at 653,570, so `prove_period` runs past it) and Officers 0.6 (not
//! known to be periodic, values past 300 by 10^6: sparse space alone, about 1,600 rare heaps).
//! The naive loop runs at 10^5; at 10^6 it is only extrapolated (x100, being quadratic): one
//! run would take minutes per code.
mod common;

use common::{race, Contender};
use std::time::Instant;
use templates::mex::Mex;
use templates::octal::Octal;

const CODES: [&str; 4] = ["0.77", "0.137", "0.56", "0.6"];

/// The answer of a table: h = h * 1000003 ^ g[i] over all heaps, wrapping.
fn fingerprint(values: &[u32]) -> String {
    let h = values
        .iter()
        .fold(0u64, |h, &v| h.wrapping_mul(1_000_003) ^ u64::from(v));
    h.to_string()
}

/// The naive loop: every option of every heap, two-heap splits included, then the mex.
fn naive(code: &str, n: usize) -> Vec<u32> {
    let fraction = code.split_once('.').expect("a code").1;
    let mut digits = vec![if code.starts_with('4') { 4 } else { 0 }];
    digits.extend(fraction.bytes().map(|b| b - b'0'));
    let (mut values, mut mex, mut options) = (Vec::new(), Mex::new(), Vec::new());
    for heap in 0..=n {
        options.clear();
        for (k, &d) in digits.iter().enumerate().take(heap + 1) {
            let rest = heap - k;
            if d & 1 != 0 && rest == 0 {
                options.push(0);
            }
            if d & 2 != 0 && rest > 0 && k > 0 {
                options.push(values[rest]);
            }
            if d & 4 != 0 {
                options.extend((1..=rest / 2).map(|a| values[a] ^ values[rest - a]));
            }
        }
        values.push(mex.of(&options));
    }
    values
}

fn ours(code: &str) -> Octal {
    Octal::parse(code).expect("a valid code")
}

fn main() {
    let _ = common::role();
    let mut met = true;
    let mut naive_at_small = Vec::new();
    for code in CODES {
        let n = 100_000;
        let race = race(
            &format!("octal {code}, G(0..=10^5)"),
            3,
            &mut [
                Contender::in_process("naive O(n^2)", move || fingerprint(&naive(code, n))),
                Contender::in_process("grundy_values", move || {
                    fingerprint(&ours(code).grundy_values(n))
                }),
            ],
        );
        met &= race.target("grundy_values", "naive O(n^2)", 0.01);
        naive_at_small.push(race.median("naive O(n^2)"));
    }
    for (code, naive_small) in CODES.into_iter().zip(naive_at_small) {
        let n = 1_000_000;
        let race = race(
            &format!("octal {code}, G(0..=10^6)"),
            3,
            &mut [Contender::in_process("grundy_values", move || {
                fingerprint(&ours(code).grundy_values(n))
            })],
        );
        let fast = race.median("grundy_values").as_secs_f64();
        let slow = naive_small.as_secs_f64() * 100.0;
        println!(
            "  naive O(n^2) extrapolated from 10^5 (x100): {slow:.0} s, {:.0}x",
            slow / fast
        );
        let under = fast <= 3.0;
        println!(
            "  target grundy_values under 3 s: {fast:.2} s {}",
            if under { "met" } else { "MISSED" }
        );
        met &= under;
        let start = Instant::now();
        let (values, period) = ours(code).prove_period(n + 1);
        match period {
            Some(p) => println!(
                "  proven at n = {}: preperiod {}, period {} ({:.0} ms)",
                values.len(),
                p.preperiod,
                p.period,
                start.elapsed().as_secs_f64() * 1e3
            ),
            None => println!("  no period proven by G(0..=10^6)"),
        }
    }
    println!(
        "octal targets: {}",
        if met { "all met" } else { "some MISSED" }
    );
}
