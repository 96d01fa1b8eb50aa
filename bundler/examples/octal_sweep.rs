//! Survey of the octal engine: every code given (by default the 512 codes 0.d1d2d3) run as
//! `explore` runs it, until its period is proven, `--limit` values (10^6) or `--seconds`
//! (15) of computing, one line per code and a count by time at the end. The figures in
//! `octal_values`' header come from it:
//!
//! `cargo run --release -p bundler --example octal_sweep -- [--limit N] [--seconds S] [CODE...]`

use bundler::explore::octal_values::prove_period;
use std::time::Instant;
use templates::octal::Octal;

fn main() {
    let (mut limit, mut seconds, mut codes) = (1_000_000usize, 15.0f64, Vec::new());
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--limit" => limit = args.next().and_then(|v| v.parse().ok()).expect("--limit N"),
            "--seconds" => {
                seconds = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--seconds S")
            }
            _ => codes.push(arg),
        }
    }
    if codes.is_empty() {
        codes = (0..512).map(|digits| format!("0.{digits:03o}")).collect();
    }
    let mut times = Vec::new();
    for code in &codes {
        let game = Octal::parse(code).unwrap_or_else(|e| panic!("{code}: {e}"));
        let start = Instant::now();
        let over = |_: &[u32]| start.elapsed().as_secs_f64() > seconds;
        let (values, proof) = prove_period(&game, limit, 0, over);
        let elapsed = start.elapsed().as_secs_f64();
        let max = values.iter().max().copied().unwrap_or(0);
        let status = match proof {
            Some((p, at)) => format!("period {} from {}, proven at {at}", p.period, p.preperiod),
            None => "no period proven".to_string(),
        };
        println!(
            "{code} {elapsed:.2} s, {} values, max {max}: {status}",
            values.len()
        );
        times.push(elapsed);
    }
    let within = |s: f64| times.iter().filter(|&&t| t <= s).count();
    println!(
        "{} codes: {} within 1 s, {} within 5 s, {} over 5 s",
        times.len(),
        within(1.0),
        within(5.0),
        times.len() - within(5.0)
    );
}
