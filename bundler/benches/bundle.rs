//! `make bench`: how long bundling takes, in-process and as a whole `bundler bundle` process,
//! and how big the result is, for several problems (median of many runs, warm file cache).
//! Targets: under 5 ms in-process, under 20 ms as a process.
//!
//! When `cargo equip` is installed (`cargo install cargo-equip`), a second table bundles the
//! same solutions with it, as the `problems` package's binaries, for comparison.

use bundler::{BundleOptions, Library};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 51;
/// cargo-equip takes a few hundred milliseconds a run.
const EQUIP_RUNS: usize = 11;
const PROBLEMS: [&str; 6] = [
    "poj2311",
    "hdu1536",
    "poj1067",
    "hdu3032",
    "nim-product-64",
    "poj3710",
];

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn millis(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

/// The median time of `runs` runs of `command` (which must succeed), and its last stdout.
fn time_process(runs: usize, mut command: impl FnMut() -> Command) -> (Duration, Vec<u8>) {
    let mut stdout = Vec::new();
    let times = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let output = command().stderr(Stdio::null()).output().unwrap();
            let elapsed = start.elapsed();
            assert!(output.status.success(), "{:?} failed", command());
            stdout = output.stdout;
            elapsed
        })
        .collect();
    (median(times), stdout)
}

fn bundle_size(main: &Path, lib_dir: &Path, strip_docs: bool) -> usize {
    let mut library = Library::open(lib_dir).unwrap();
    bundler::bundle(main, &mut library, &BundleOptions { strip_docs })
        .unwrap()
        .len()
}

fn main() {
    let workspace = bundler::workspace_dir();
    let lib_dir = Library::default_dir().unwrap();
    println!("bundler: {RUNS} runs each; median");
    println!(
        "{:<16} {:>12} {:>12} {:>12} {:>10} {:>14}",
        "problem", "in-process", "  of it open", "process", "bytes", "--strip-docs"
    );
    for id in PROBLEMS {
        let main = workspace.join("problems").join(id).join("main.rs");
        let (mut total, mut open) = (Vec::new(), Vec::new());
        for _ in 0..RUNS {
            let start = Instant::now();
            let mut library = Library::open(&lib_dir).unwrap();
            open.push(start.elapsed());
            bundler::bundle(&main, &mut library, &BundleOptions::default()).unwrap();
            total.push(start.elapsed());
        }
        let (process, _) = time_process(RUNS, || {
            let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
            command.arg("bundle").arg(&main);
            command
        });
        println!(
            "{:<16} {:>12} {:>12} {:>12} {:>10} {:>14}",
            id,
            millis(median(total)),
            millis(median(open)),
            millis(process),
            bundle_size(&main, &lib_dir, false),
            bundle_size(&main, &lib_dir, true),
        );
    }
    compare_with_cargo_equip(&workspace);
}

fn compare_with_cargo_equip(workspace: &Path) {
    let installed = Command::new("cargo")
        .args(["equip", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !installed {
        println!("\ncargo-equip is not installed (`cargo install cargo-equip`): no comparison");
        return;
    }
    let manifest = workspace.join("problems").join("Cargo.toml");
    let equip = |id: &str, args: &[&str]| {
        let mut command = Command::new("cargo");
        command
            .args(["equip", "--manifest-path"])
            .arg(&manifest)
            .args(["--bin", id])
            .args(args);
        command
    };
    println!("\ncargo-equip, same solutions as the `problems` package's binaries: {EQUIP_RUNS} runs each; median");
    println!(
        "{:<16} {:>16} {:>12} {:>10} {:>16}",
        "problem", "default (checks)", "--no-check", "bytes", "--remove docs"
    );
    for id in PROBLEMS {
        let (checked, output) = time_process(EQUIP_RUNS, || equip(id, &[]));
        let (unchecked, _) = time_process(EQUIP_RUNS, || equip(id, &["--no-check"]));
        let (_, no_docs) = time_process(1, || equip(id, &["--no-check", "--remove", "docs"]));
        println!(
            "{:<16} {:>16} {:>12} {:>10} {:>16}",
            id,
            millis(checked),
            millis(unchecked),
            output.len(),
            no_docs.len()
        );
    }
}
