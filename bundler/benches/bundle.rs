//! `make bench`: how long bundling takes, in-process and as a whole `grundy bundle` process,
//! with and without the type-check that verifies every bundle by default (its cost shown
//! beside the bundling itself), and how big the result is, for several problems (median of
//! many runs, warm file cache). Targets: under 5 ms in-process and under 20 ms as a process
//! with `--no-check`.
//!
//! A third table times a `#[fastout]` solution (proconio's proc macro, expanded into the
//! bundle): the first bundle, which builds proconio-derive, beside Cargo's own build of
//! it (target: no slower), and a warm one, built already (target: under 1 s).
//!
//! When `cargo equip` is installed (`cargo install cargo-equip`), a second table bundles the
//! same solutions with it, as the `problems` package's binaries, for comparison.

use bundler::pipeline::{self, Libraries, Request, Verify};
use bundler::Library;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 51;
/// A type-check takes tens of milliseconds.
const VERIFIED_RUNS: usize = 21;
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
    let request = Request {
        strip_docs,
        ..Request::unverified(main, Libraries::Dirs(vec![lib_dir.to_path_buf()]))
    };
    pipeline::run(&request).unwrap().text.len()
}

/// The median time of `runs` runs of the pipeline on `main`, verified as `verify` says.
fn time_pipeline(runs: usize, main: &Path, lib_dir: &Path, verify: Verify) -> Duration {
    let request = Request {
        libraries: Libraries::Dirs(vec![lib_dir.to_path_buf()]),
        verify,
        ..Request::file(main)
    };
    median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                pipeline::run(&request).unwrap();
                start.elapsed()
            })
            .collect(),
    )
}

fn main() {
    let workspace = bundler::workspace_dir();
    let lib_dir = bundler::project::templates_dir().unwrap();
    println!("bundler: {RUNS} runs each ({VERIFIED_RUNS} when type-checked); median");
    println!(
        "{:<16} {:>11} {:>11} {:>11} {:>11} {:>11} {:>11} {:>8} {:>13}",
        "problem",
        "in-process",
        "of it open",
        "verified",
        "of it rustc",
        "--no-check",
        "verified",
        "bytes",
        "--strip-docs"
    );
    println!(
        "{:<16} {:>35} {:>23} {:>22}",
        "", "(engine and pipeline, in-process)", "(grundy bundle process)", ""
    );
    for id in PROBLEMS {
        let main = workspace.join("problems").join(id).join("main.rs");
        let open = (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                Library::open(&lib_dir).unwrap();
                start.elapsed()
            })
            .collect();
        let unchecked = time_pipeline(RUNS, &main, &lib_dir, Verify::Skip);
        let verified = time_pipeline(VERIFIED_RUNS, &main, &lib_dir, Verify::TypeCheck);
        let process = |extra: &'static [&'static str], runs| {
            time_process(runs, || {
                let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
                command.arg("bundle").arg(&main).args(extra);
                command
            })
            .0
        };
        println!(
            "{:<16} {:>11} {:>11} {:>11} {:>11} {:>11} {:>11} {:>8} {:>13}",
            id,
            millis(unchecked),
            millis(median(open)),
            millis(verified),
            millis(verified.saturating_sub(unchecked)),
            millis(process(&["--no-check"], RUNS)),
            millis(process(&[], VERIFIED_RUNS)),
            bundle_size(&main, &lib_dir, false),
            bundle_size(&main, &lib_dir, true),
        );
    }
    proc_macros();
    compare_with_cargo_equip(&workspace);
}

/// The `#[fastout]` fixture bundled with an empty cache (proconio-derive built), then warm;
/// beside `cargo build` of proconio-derive alone in a fresh target folder.
fn proc_macros() {
    let package = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/proc_macros/proconio");
    let cache = tempfile::tempdir().unwrap();
    let bundle = || {
        let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
        command
            .arg("bundle")
            .arg(package.join("src/main.rs"))
            .arg("--no-check")
            .env("GRUNDY_CACHE_DIR", cache.path());
        command
    };
    let (first, _) = time_process(1, bundle);
    let (warm, _) = time_process(5, bundle);
    let target = tempfile::tempdir().unwrap();
    let (cargo, _) = time_process(1, || {
        let mut command = Command::new("cargo");
        command
            .args([
                "build",
                "--quiet",
                "-p",
                "proconio-derive",
                "--manifest-path",
            ])
            .arg(package.join("Cargo.toml"))
            .arg("--target-dir")
            .arg(target.path());
        command
    });
    println!("\nproc macros: #[fastout] and #[derive_readable] (tests/fixtures/proc_macros/proconio), --no-check");
    println!(
        "{:<34} {:>12} {:>22} {:>14}",
        "", "first bundle", "cargo build (derive)", "warm (5 runs)"
    );
    println!(
        "{:<34} {:>12} {:>22} {:>14}",
        "grundy bundle",
        millis(first),
        format!(
            "{} ({:.2}x)",
            millis(cargo),
            first.as_secs_f64() / cargo.as_secs_f64()
        ),
        millis(warm)
    );
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
