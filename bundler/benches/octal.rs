//! `make bench`, octal section: `explore`'s engine (`octal_values`) against the library's
//! plain O(n^2) loop (`templates::octal`), in-process, answers compared by a fingerprint of
//! G(0..=n).
//!
//! Codes, and what each is held to (a target per code, because what is possible differs):
//! Kayles 0.77 and Dawson's chess 0.137 (periodic early: the periodic tail does it) and 0.56
//! (period 144 only from about 326,640, Gangolli and Plambeck: the sparse space until then;
//! its proof completes at 653,570): at least 100 times naive at 10^5, 10^6 within 5 s (the
//! issue's "a few seconds"). Officers 0.6 (no known period; a sparse space of about 1,600
//! rare heaps by 10^6, but some 2,700 pairs a heap to see every value below the mex): at
//! least 5 times naive at 10^5, 10^6 within 5 s. Treblecross 0.007 (no sparse space: values
//! spread to 1,226 by 10^6, a seventh of the heaps rare under the best mask): nothing found
//! missing is certain before every pair is read, so each heap costs O(n) and the whole
//! O(n^2); held to beating naive at 10^5, and its 10^6 time is shown, not targeted.
//! The naive loop runs at 10^5; at 10^6 it is only extrapolated (x100, being quadratic).
//! 10^6 is timed in one run after the races (0.007 alone takes most of the bench's time).
// The templates' side-by-side harness, shared rather than copied.
#[path = "../../templates/benches/common/mod.rs"]
mod common;

use bundler::explore::octal_values::{grundy_values, prove_period};
use common::{race, Contender};
use std::time::Instant;
use templates::octal::Octal;

/// (code, largest time / naive time at 10^5, largest seconds at 10^6 if any): see above.
const CODES: [(&str, f64, Option<f64>); 5] = [
    ("0.77", 0.01, Some(5.0)),
    ("0.137", 0.01, Some(5.0)),
    ("0.56", 0.01, Some(5.0)),
    ("0.6", 0.2, Some(5.0)),
    ("0.007", 1.0, None),
];

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
    for (code, ratio, _) in CODES {
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
        met &= race.target("grundy_values", "naive O(n^2)", ratio);
        naive_at_small.push(race.median("naive O(n^2)"));
    }
    for ((code, _, seconds), naive_small) in CODES.into_iter().zip(naive_at_small) {
        // One run each: a warm-up round would double 0.007's minute or two.
        let n = 1_000_000;
        let start = Instant::now();
        let values = grundy_values(&game(code), n);
        let fast = start.elapsed().as_secs_f64();
        println!("octal {code}, G(0..=10^6) (one run)");
        println!(
            "  grundy_values {:>10.2} ms  (max value {})",
            fast * 1e3,
            values.iter().max().unwrap_or(&0)
        );
        let slow = naive_small.as_secs_f64() * 100.0;
        println!(
            "  naive O(n^2) extrapolated from 10^5 (x100): {slow:.0} s, {:.0}x",
            slow / fast
        );
        if let Some(seconds) = seconds {
            let under = fast <= seconds;
            println!(
                "  target grundy_values within {seconds} s: {fast:.2} s {}",
                if under { "met" } else { "MISSED" }
            );
            met &= under;
        }
        // Proofs within 3 s: the open codes (0.6, 0.007) prove nothing anyway.
        let start = Instant::now();
        let deadline = start + std::time::Duration::from_secs(3);
        let (prefix, proof) = prove_period(&game(code), n + 1, 0, |_| Instant::now() > deadline);
        match proof {
            Some((p, proven_at)) => println!(
                "  proven at n = {proven_at}: preperiod {}, period {} ({:.0} ms)",
                p.preperiod,
                p.period,
                start.elapsed().as_secs_f64() * 1e3
            ),
            None => println!("  no period proven by G(0..{}) (3 s)", prefix.len()),
        }
    }
    println!(
        "octal targets: {}",
        if met { "all met" } else { "some MISSED" }
    );
}
