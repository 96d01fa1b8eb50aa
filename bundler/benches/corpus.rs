//! `make bench`, second part: the real-crate corpus (`corpus/cases`; `-- NAME` bench only
//! the cases whose name contains NAME). For each case: how long `grundy bundle` takes as a
//! whole process (crate discovery, verification and pruning included) and the bytes it
//! writes, beside the bytes of source of the crates the bundle draws from; the pipeline
//! in-process (`cargo metadata`'s answer cached, unverified, unpruned) and its bytes; and
//! whether the bundle is right (compiled with `rustc --edition 2021 -O`, run on the case's
//! input, compared with the Cargo-built binary). When `cargo equip` is installed, the same
//! for cargo-equip (`cargo equip --no-check` on a package holding the case and the crates it
//! names), whose output is also compiled with plain rustc and judged. Then, per crate: its
//! source, and the median of its part in the bundles that draw from it.
//!
//! Targets: every case right; where cargo-equip is right too, our bundle at most half its
//! bytes; the largest case under 100 ms in-process; itertools' part of a bundle under a
//! third of its source.

use bundler::bundle::crates::CrateGraph;
use bundler::pipeline::{self, Libraries, Request};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 11;
/// Runs of the whole process, which verifies and prunes: seconds each, not milliseconds.
const PROCESS_RUNS: usize = 3;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn millis(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

/// Compiles `source` with plain rustc and runs it on `input`: its stdout, or `None` when it
/// does not compile or fails.
fn judge(source: &str, input: &Path) -> Option<Vec<u8>> {
    let dir = tempfile::tempdir().ok()?;
    bundler::profile::rustc::compile_in(dir.path(), source, "2021")
        .ok()?
        .ok()?;
    let output = Command::new(dir.path().join("main"))
        .stdin(std::fs::File::open(input).ok()?)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    output.status.success().then_some(output.stdout)
}

fn verdict(output: Option<Vec<u8>>, expected: &[u8]) -> &'static str {
    match output {
        Some(out) if out == expected => "pass",
        Some(_) => "WRONG",
        None => "FAIL",
    }
}

/// Total bytes of the `.rs` files under `dir`.
fn source_bytes(dir: &Path) -> u64 {
    let mut total = 0;
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            total += source_bytes(&path);
        } else if path.extension().is_some_and(|e| e == "rs") {
            total += entry.metadata().map_or(0, |m| m.len());
        }
    }
    total
}

fn main() {
    let workspace = bundler::workspace_dir();
    let corpus = workspace.join("corpus");
    let manifest = corpus.join("Cargo.toml");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let built = Command::new(&cargo)
        .args(["build", "-q", "-p", "corpus", "--bins"])
        .current_dir(&workspace)
        .status()
        .is_ok_and(|s| s.success());
    assert!(built, "cannot build the corpus with cargo");
    let target = workspace.join("target/debug");
    let mut cases: Vec<String> = std::fs::read_dir(corpus.join("cases"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    cases.sort();
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    cases.retain(|c| only.is_empty() || only.iter().any(|o| c.contains(o.as_str())));
    let graph = CrateGraph::from_package(&manifest, None).expect("the corpus's crate graph");
    let equip = Command::new(&cargo)
        .args(["equip", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());

    println!(
        "corpus: {RUNS} runs each; median; verdicts from plain rustc -O against the Cargo build"
    );
    println!(
        "{:<26} {:>11} {:>9} {:>10} {:>11} {:>9} {:>6} | {:>11} {:>9} {:>6} {:>6}",
        "case",
        "process",
        "bytes",
        "drawn from",
        "in-process",
        "unpruned",
        "ours",
        "cargo-equip",
        "bytes",
        "equip",
        "ratio"
    );
    let mut parts: std::collections::BTreeMap<String, Vec<usize>> = Default::default();
    let (mut largest, mut ours_right, mut half_ok, mut both) = (Duration::ZERO, 0, 0, 0);
    for case in &cases {
        let main = corpus.join("cases").join(case).join("main.rs");
        let input = corpus.join("cases").join(case).join("input.txt");
        let expected = Command::new(target.join(case))
            .stdin(std::fs::File::open(&input).unwrap())
            .output()
            .unwrap()
            .stdout;
        let mut pruned = String::new();
        let process = median(
            (0..PROCESS_RUNS)
                .map(|_| {
                    let start = Instant::now();
                    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
                        .arg("bundle")
                        .arg(&main)
                        .stderr(Stdio::null())
                        .output()
                        .unwrap();
                    assert!(out.status.success(), "bundling {case} failed");
                    pruned = String::from_utf8_lossy(&out.stdout).into_owned();
                    start.elapsed()
                })
                .collect(),
        );
        let mut drawn_from = 0;
        for (name, bytes) in crate_parts(&pruned) {
            if let Some(c) = graph.crates.iter().find(|c| c.name == name) {
                drawn_from += source_bytes(&c.dir.join("src"));
            }
            parts.entry(name).or_default().push(bytes);
        }
        let mut text = String::new();
        let in_process = median(
            (0..RUNS)
                .map(|_| {
                    let start = Instant::now();
                    text = bundle(&main, &manifest);
                    start.elapsed()
                })
                .collect(),
        );
        largest = largest.max(in_process);
        let ours = match verdict(judge(&text, &input), &expected) {
            "pass" => verdict(judge(&pruned, &input), &expected),
            failed => failed,
        };
        ours_right += usize::from(ours == "pass");
        let (equip_time, equip_bytes, equip_verdict, ratio) = if equip {
            let package = equip_package(&corpus, &main);
            let run = || {
                Command::new(&cargo)
                    .args(["equip", "--no-check", "--manifest-path"])
                    .arg(package.path().join("Cargo.toml"))
                    .stderr(Stdio::null())
                    .output()
                    .unwrap()
            };
            let start = Instant::now();
            let out = run();
            let time = start.elapsed();
            if out.status.success() {
                let source = String::from_utf8_lossy(&out.stdout).into_owned();
                let v = verdict(judge(&source, &input), &expected);
                let ratio = text.len() as f64 / source.len() as f64;
                if v == "pass" && ours == "pass" {
                    both += 1;
                    half_ok += usize::from(ratio <= 0.5);
                }
                (
                    millis(time),
                    source.len().to_string(),
                    v,
                    format!("{ratio:.2}"),
                )
            } else {
                (millis(time), "-".into(), "FAIL", "-".into())
            }
        } else {
            ("-".into(), "-".into(), "-", "-".into())
        };
        println!(
            "{:<26} {:>11} {:>9} {:>10} {:>11} {:>9} {:>6} | {:>11} {:>9} {:>6} {:>6}",
            case,
            millis(process),
            pruned.len(),
            drawn_from,
            millis(in_process),
            text.len(),
            ours,
            equip_time,
            equip_bytes,
            equip_verdict,
            ratio
        );
    }
    println!(
        "\nours right: {ours_right}/{} (target: all); largest in-process time {} (target: under 100 ms)",
        cases.len(),
        millis(largest)
    );
    if equip {
        println!("where both are right ({both} cases), ours at most half of cargo-equip's bytes in {half_ok} (target: all)");
    } else {
        println!("cargo-equip is not installed (`cargo install cargo-equip`): no comparison");
    }
    crate_shares(&graph, &parts);
}

/// Each bundled crate's part of a bundle, by the line the bundler heads it with: its name
/// and bytes (to the next crate's heading, or the end).
fn crate_parts(text: &str) -> Vec<(String, usize)> {
    const HEADING: &str = "// Bundled from the library `";
    let starts: Vec<usize> = text.match_indices(HEADING).map(|(i, _)| i).collect();
    starts
        .iter()
        .enumerate()
        .filter_map(|(k, &start)| {
            let end = starts.get(k + 1).copied().unwrap_or(text.len());
            let name = text[start + HEADING.len()..].split('`').next()?;
            Some((name.to_string(), end - start))
        })
        .collect()
}

/// Per crate: its source, the cases whose bundles draw from it, and the median of its part
/// in them.
fn crate_shares(graph: &CrateGraph, parts: &std::collections::BTreeMap<String, Vec<usize>>) {
    println!(
        "\n{:<18} {:>10} {:>6} {:>14} {:>7}",
        "crate", "source", "cases", "median part", "share"
    );
    for (name, bytes) in parts {
        let Some(c) = graph.crates.iter().find(|c| &c.name == name) else {
            continue;
        };
        let source = source_bytes(&c.dir.join("src"));
        let mut bytes = bytes.clone();
        bytes.sort();
        let part = bytes[bytes.len() / 2];
        let share = part as f64 / source as f64;
        let target = if name == "itertools" {
            " (target: under 33%)"
        } else {
            ""
        };
        println!(
            "{:<18} {:>10} {:>6} {:>14} {:>6.1}%{target}",
            c.package,
            source,
            bytes.len(),
            part,
            100.0 * share
        );
    }
}

/// A throwaway package for cargo-equip: the case as its `src/main.rs`, depending on just the
/// corpus crates the case names (at the corpus's versions). cargo-equip reads every crate of
/// a package, and fails on the whole corpus package because it cannot parse indexmap 2 (syn
/// 1); a user of it keeps a package per solution anyway.
fn equip_package(corpus: &Path, main: &Path) -> tempfile::TempDir {
    let manifest: toml::Table = std::fs::read_to_string(corpus.join("Cargo.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let source = std::fs::read_to_string(main).unwrap();
    let mut deps = String::new();
    for (package, version) in manifest["dependencies"].as_table().unwrap() {
        let name = match package.as_str() {
            "ac-library-rs" => "ac_library".to_string(),
            other => other.replace('-', "_"),
        };
        if source.contains(&format!("{name}::")) || source.contains(&format!("crate {name}")) {
            deps += &format!("{package} = {version}\n");
        }
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::copy(main, dir.path().join("src/main.rs")).unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        format!(
            "[package]\nname = \"case\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n\n[dependencies]\n{deps}"
        ),
    )
    .unwrap();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let _ = Command::new(cargo)
        .args(["generate-lockfile", "--offline", "-q", "--manifest-path"])
        .arg(dir.path().join("Cargo.toml"))
        .status();
    dir
}

/// The pipeline's bundle of the case `main` against the corpus package `manifest`, as the
/// engine writes it (this bench compiles and judges it itself).
fn bundle(main: &Path, manifest: &Path) -> String {
    let request = Request::unverified(main, Libraries::Manifest(manifest.to_path_buf()));
    pipeline::run(&request)
        .unwrap_or_else(|e| panic!("{}: {e}", main.display()))
        .text
}
