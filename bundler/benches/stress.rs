//! `make bench`, stress section: `grundy stress` against the loop contestants write by hand
//! (`for i in ...; do gen $i > in; sol < in > a; brute < in > b; cmp a b || break; done`), on
//! the same compiled programs: a problem's solution, its stress generator and brute force,
//! each bundled and compiled once with `rustc --edition 2021 -O` (the generator and the brute
//! force are handed to `grundy stress` as executables). Both make the same runs: seeds
//! 1..=RUNS, each with the size `grundy stress` gives it. Ours is timed by the search time it
//! reports (compiling the solution is left out, as the loop's compiling is); the loop by the
//! clock. Target: our runs per second at least the loop's times the cores (the loop uses one).
#[path = "../../templates/benches/common/mod.rs"]
mod common;

use bundler::pipeline::{self, Libraries, Request, Verify};
use common::{race, Contender};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The problem raced on: small inputs, every program a few milliseconds.
const PROBLEM: &str = "luogu-p4279";
const RUNS: u64 = 1000;

/// Bundles `source` against the checkout's templates and compiles it into `binary`.
fn build(source: &Path, binary: &Path) {
    let templates = bundler::workspace_dir().join("templates");
    let request = Request {
        libraries: Libraries::Dirs(vec![templates]),
        verify: Verify::Skip,
        ..Request::file(source)
    };
    let bundle = pipeline::run(&request).unwrap_or_else(|e| panic!("{}: {e}", source.display()));
    let main_rs = binary.with_extension("rs");
    std::fs::write(&main_rs, bundle.text).unwrap();
    let status = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(binary)
        .arg(&main_rs)
        .status()
        .unwrap();
    assert!(status.success(), "{} compiles", source.display());
}

/// The hand-written loop over `seeds:sizes`, in `dir` where the programs are.
fn shell_loop(dir: &Path) -> PathBuf {
    let runs: Vec<String> = (0..RUNS)
        .map(|i| format!("{}:{}", i + 1, bundler::stress::size_of_run(i)))
        .collect();
    let script = format!(
        "cd {}\nfor r in {}; do\n  GRUNDY_STRESS_SIZE=${{r#*:}} ./gen ${{r%:*}} > in\n  \
         ./sol < in > a\n  ./brute < in > b\n  cmp -s a b || {{ echo \"seed ${{r%:*}} differs\"; exit; }}\ndone\n\
         echo \"no counterexample in {RUNS} runs\"\n",
        dir.display(),
        runs.join(" ")
    );
    let path = dir.join("loop.sh");
    std::fs::write(&path, script).unwrap();
    path
}

/// `grundy stress` on the problem with the compiled generator and brute force: its answer
/// line and the search time it reports.
fn ours(dir: &Path, jobs: usize) -> (String, Duration) {
    let problem = bundler::workspace_dir().join("problems").join(PROBLEM);
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("stress")
        .arg(&problem)
        .args(["--gen", "gen", "--brute", "brute", "--no-save"])
        .args(["--runs", &RUNS.to_string(), "--jobs", &jobs.to_string()])
        .current_dir(dir)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stdout).into_owned();
    let line = report
        .lines()
        .find(|line| line.starts_with("no counterexample"))
        .unwrap_or_else(|| panic!("grundy stress found no line of runs:\n{report}"));
    // "no counterexample in 1000 runs (3.2 s; seeds ...".
    let seconds: f64 = line
        .split('(')
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no search time in {line:?}"));
    let answer = line.split(" (").next().unwrap_or(line).to_string();
    (answer, Duration::from_secs_f64(seconds))
}

fn main() {
    let _ = common::role();
    let dir = tempfile::tempdir().unwrap();
    let problem = bundler::workspace_dir().join("problems").join(PROBLEM);
    for (source, binary) in [("main.rs", "sol"), ("gen.rs", "gen"), ("brute.rs", "brute")] {
        build(&problem.join(source), &dir.path().join(binary));
    }
    let script = shell_loop(dir.path());
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let our_dir = dir.path().to_path_buf();
    let race = race(
        &format!("stress {PROBLEM}, {RUNS} runs, {cores} cores"),
        3,
        &mut [
            Contender::process(
                "shell loop",
                Path::new("bash"),
                &[script.display().to_string()],
                None,
            ),
            Contender {
                name: "grundy stress".to_string(),
                run: Box::new(move || ours(&our_dir, cores)),
            },
        ],
    );
    let runs_per_second = |name: &str| RUNS as f64 / race.median(name).as_secs_f64();
    let (theirs, ours) = (
        runs_per_second("shell loop"),
        runs_per_second("grundy stress"),
    );
    println!(
        "  runs per second: shell loop {theirs:.0}, grundy stress {ours:.0}: {:.2} times the loop",
        ours / theirs
    );
    if !race.target("grundy stress", "shell loop", 1.0 / cores as f64) {
        std::process::exit(1);
    }
}
