//! `make bench`, octal section: `explore`'s engine (`octal_values`: sparse space and
//! periodic tail) against the library's plain O(n^2) loop (`templates::octal`), in-process,
//! answers compared by a fingerprint of G(0..=n).
//!
//! Codes: Kayles 0.77 and Dawson's chess 0.137 (periodic early: the periodic tail does it),
//! 0.56 (period 144 only from about 326,640, Gangolli and Plambeck: sparse space until then,
//! and the proof completes at 653,570, so `prove_period` runs past it) and Officers 0.6 (not
//! known to be periodic, values past 300 by 10^6: sparse space alone, about 1,600 rare heaps).
//! The naive loop runs at 10^5; at 10^6 it is only extrapolated (x100, being quadratic): one
//! run would take minutes per code.
// The templates' side-by-side harness, shared rather than copied.
#[path = "../../templates/benches/common/mod.rs"]
mod common;

use bundler::contest::explore::octal_values::{grundy_values, prove_period};
use common::{race, Contender};
use std::time::Instant;
use templates::octal::Octal;

const CODES: [&str; 4] = ["0.77", "0.137", "0.56", "0.6"];

/// The answer of a table: h = h * 1000003 ^ g[i] over all heaps, wrapping.
fn fingerprint(values: &[u32]) -> String {
    let h = values
        .iter()
        .fold(0u64, |h, &v| h.wrapping_mul(1_000_003) ^ u64::from(v));
    h.to_string()
}

fn game(code: &str) -> Octal {
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
                Contender::in_process("naive O(n^2)", move || {
                    fingerprint(&game(code).grundy_values(n))
                }),
                Contender::in_process("grundy_values", move || {
                    fingerprint(&grundy_values(&game(code), n))
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
                fingerprint(&grundy_values(&game(code), n))
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
        let (_, proof) = prove_period(&game(code), n + 1, 0, None);
        match proof {
            Some((p, proven_at)) => println!(
                "  proven at n = {proven_at}: preperiod {}, period {} ({:.0} ms)",
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
