//! Hostile solutions against the real `grundy test` process: each gets the verdict a judge
//! must give, under every isolation that works on this machine, and nothing is left behind
//! (no process, no temporary folder, no changed test file), including when the judge is
//! interrupted. The fixtures are in `tests/fixtures/hostile/<case>/main.rs`, each saying what
//! it does; `@TESTS@` in a source becomes the absolute path of its own copied `tests/` folder.
//!
//! Safe for the machine: every loop is bounded, forks are capped (600), memory is refused by
//! the limits, and leftover processes carry the marker `987.654` (a sleep's argument) so a
//! check can find them.

use bundler::judge::Isolation;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The argument every hostile child sleeps with.
const MARKER: &str = "987.654";

/// Each case and the verdict code it must get.
const VERDICTS: [(&str, &str); 21] = [
    ("blank-flood", "WA"),
    ("compile-bomb", "CE"),
    ("exits-3", "RE"),
    ("fork-children", "AC"),
    ("kill-judge", "WA"),
    ("lingers", "TLE"),
    ("never-exits", "TLE"),
    ("orphan-writer", "WA"),
    ("panics", "RE"),
    ("peek-beside", "WA"),
    ("peek-repo", "WA"),
    ("prints-nothing", "WA"),
    ("process-flood", "RE"),
    ("reserve-20gb", "MLE"),
    ("rewrite-tests", "WA"),
    ("seek-1tb", "OLE"),
    ("sparse-output", "OLE"),
    ("stack-overflow", "MLE"),
    ("threads-cpu", "TLE"),
    ("touch-2gib", "MLE"),
    ("touch-600mib", "MLE"),
];

/// The cases whose outcome depends on the isolation: run under every mode, the rest only
/// under the strongest.
const ISOLATION_CASES: [&str; 7] = [
    "peek-beside",
    "peek-repo",
    "rewrite-tests",
    "kill-judge",
    "fork-children",
    "orphan-writer",
    "process-flood",
];

fn root() -> bool {
    nix::unistd::geteuid().is_root()
}

/// Copies the fixtures into `dir`, filling in `@TESTS@`.
fn copy_fixtures(dir: &Path) {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile");
    for entry in std::fs::read_dir(&fixtures).unwrap() {
        let case = entry.unwrap().path();
        let name = case.file_name().unwrap();
        let target = dir.join(name);
        std::fs::create_dir_all(target.join("tests")).unwrap();
        for file in ["main.rs", "README.md", "tests/only.in", "tests/only.out"] {
            let text = std::fs::read_to_string(case.join(file)).unwrap();
            let text = text.replace("@TESTS@", target.join("tests").to_str().unwrap());
            std::fs::write(target.join(file), text).unwrap();
        }
    }
}

/// Processes carrying the marker, with their command lines.
fn leftovers() -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        // Our own `sh -c` lines hold the marker too, but only the hostile ones run.
        if cmdline.contains(MARKER) {
            found.push(format!(
                "{}: {cmdline}",
                entry.file_name().to_string_lossy()
            ));
        }
    }
    found
}

fn start_judge(problems: &Path, temp: &Path, isolation: &str, ids: &[&str]) -> Child {
    use std::os::unix::process::CommandExt;
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["test", "--problems"])
        .arg(problems)
        .args(["--isolation", isolation, "--compile-time", "30"])
        .args(["--compile-memory", "512"])
        .args(ids)
        .env("TMPDIR", temp)
        // Its own group, as a shell's foreground job is: a signal to the group is Ctrl-C.
        .process_group(0)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The judge's own peak resident memory, read while it runs (`VmHWM`), in bytes.
fn wait_watching_memory(child: &mut Child) -> u64 {
    let status = PathBuf::from(format!("/proc/{}/status", child.id()));
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        if let Ok(text) = std::fs::read_to_string(&status) {
            let kib = text
                .lines()
                .find_map(|line| line.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
            peak = peak.max(kib.unwrap_or(0) * 1024);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    peak
}

/// The verdict code of each row of a `grundy test` table.
fn verdicts(table: &str) -> Vec<(String, String)> {
    const CODES: [&str; 8] = ["AC", "WA", "TLE", "MLE", "OLE", "RE", "CE", "BE"];
    table
        .lines()
        .skip(1)
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let id = words
                .next()
                .filter(|id| VERDICTS.iter().any(|(case, _)| case == id))?;
            let code = words.find(|w| CODES.contains(w))?;
            Some((id.to_string(), code.to_string()))
        })
        .collect()
}

/// One test, so no other run's processes are mistaken for leftovers.
#[test]
fn hostile_solutions_and_interrupts() {
    hostile_solutions_get_their_verdicts_and_leave_nothing_behind();
    an_interrupted_judge_stops_every_run_and_removes_its_folders();
}

fn hostile_solutions_get_their_verdicts_and_leave_nothing_behind() {
    let modes: Vec<&str> = ["bubblewrap", "landlock", "none"]
        .into_iter()
        .filter(|mode| match Isolation::named(mode) {
            Ok(_) => true,
            Err(e) => {
                eprintln!("skipped isolation {mode}: {e}");
                false
            }
        })
        .collect();
    let all: Vec<&str> = VERDICTS.iter().map(|(case, _)| *case).collect();
    for (index, mode) in modes.iter().enumerate() {
        let problems = tempfile::tempdir().unwrap();
        let temp = tempfile::tempdir().unwrap();
        copy_fixtures(problems.path());
        let ids: &[&str] = if index == 0 { &all } else { &ISOLATION_CASES };
        let mut judge = start_judge(problems.path(), temp.path(), mode, ids);
        let judge_memory = wait_watching_memory(&mut judge);
        let output = judge.wait_with_output().unwrap();
        let table = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        eprintln!("isolation {mode}:\n{table}{stderr}");
        assert_eq!(output.status.code(), Some(1), "not every case is AC");

        let got = verdicts(&table);
        assert_eq!(got.len(), ids.len(), "a row per case:\n{table}");
        for (case, code) in &got {
            let expected = VERDICTS.iter().find(|(c, _)| c == case).unwrap().1;
            // Without a sandbox a solution that knows where the answers are can read them
            // (the README says so), and one running as the judge's own user can signal it.
            let weak =
                *mode == "none" && (case == "peek-repo" || (!root() && case == "kill-judge"));
            if !weak {
                assert_eq!(code, expected, "{case} under {mode}:\n{table}");
            }
        }
        let rewritten = problems.path().join("rewrite-tests/tests/only.out");
        if *mode != "none" || root() {
            assert_eq!(std::fs::read_to_string(rewritten).unwrap(), "3\n");
        }
        assert!(
            judge_memory < 200 << 20,
            "the judge itself reached {} MiB",
            judge_memory >> 20
        );
        assert_eq!(leftovers(), Vec::<String>::new(), "processes left behind");
        let left: Vec<_> = std::fs::read_dir(temp.path()).unwrap().collect();
        assert!(left.is_empty(), "temporary files left behind: {left:?}");
    }
}

fn an_interrupted_judge_stops_every_run_and_removes_its_folders() {
    for (signal, name) in [
        (nix::sys::signal::Signal::SIGINT, "Ctrl-C"),
        (nix::sys::signal::Signal::SIGTERM, "SIGTERM"),
    ] {
        let problems = tempfile::tempdir().unwrap();
        let temp = tempfile::tempdir().unwrap();
        copy_fixtures(problems.path());
        let mut judge = start_judge(problems.path(), temp.path(), "auto", &["lingers"]);
        // Wait until the solution's children run, so there is a tree to stop.
        let start = Instant::now();
        while leftovers().len() < 5 {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "the solution never ran"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let group = nix::unistd::Pid::from_raw(-(judge.id() as i32));
        nix::sys::signal::kill(group, signal).unwrap();
        let stopped = Instant::now();
        let status = judge.wait().unwrap();
        assert!(
            stopped.elapsed() < Duration::from_secs(5),
            "{name}: took {:?} to stop",
            stopped.elapsed()
        );
        assert_eq!(status.code(), Some(130), "{name}");
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut judge.stderr.take().unwrap(), &mut stderr).unwrap();
        assert!(stderr.contains("interrupted"), "{name}: {stderr}");
        assert_eq!(
            leftovers(),
            Vec::<String>::new(),
            "{name}: processes left behind"
        );
        let left: Vec<_> = std::fs::read_dir(temp.path()).unwrap().collect();
        assert!(
            left.is_empty(),
            "{name}: temporary files left behind: {left:?}"
        );
    }
}
