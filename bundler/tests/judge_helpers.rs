//! The judge runner with the problems' own judges: checkers (Rust and Python) for outputs with
//! several right answers, and interactors (Rust and Python) for a guessing game. Each fixture's
//! README says which verdict it must get and why. Solutions are standalone, so the "bundler"
//! here just reads the file.

use bundler::judge::problem::folders_to_judge;
use bundler::judge::{
    run, run_with, Bundled, Event, JudgeError, JudgeOptions, Mismatch, Report, Verdict,
};
use bundler::profile::Target;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn helpers() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/judge/helpers")
}

/// The solution as it is, compiled as for no judge.
fn read_as_is(path: &Path) -> Result<Bundled, String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    Ok(Bundled {
        source,
        target: Target::default(),
    })
}

fn options() -> JudgeOptions {
    JudgeOptions {
        supervisor: env!("CARGO_BIN_EXE_grundy").into(),
        ..JudgeOptions::default()
    }
}

/// The helper problems named, as `grundy test --problems DIR IDS` picks them.
fn folders(names: &[&str]) -> Vec<PathBuf> {
    let ids: Vec<String> = names.iter().map(|id| id.to_string()).collect();
    folders_to_judge(&ids, Some(&helpers()), None, &helpers()).unwrap()
}

/// Held for reading by every run but the timed ones (see [`judge_timed`]).
static TIMED: std::sync::RwLock<()> = std::sync::RwLock::new(());

fn judge(names: &[&str]) -> Result<Report, JudgeError> {
    let _shared = TIMED.read().unwrap_or_else(|e| e.into_inner());
    run(&folders(names), &read_as_is, &options())
}

fn verdict_of<'a>(report: &'a Report, id: &str) -> &'a Verdict {
    &report
        .problems
        .iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("{id} missing from\n{report}"))
        .verdict
}

fn error_of(id: &str) -> String {
    match judge(&[id]) {
        Ok(report) => panic!("expected an error, got\n{report}"),
        Err(e) => e.to_string(),
    }
}

fn judged_by(by: &'static str, test: &str, message: &str) -> Verdict {
    Verdict::WrongAnswer {
        test: test.into(),
        mismatch: Mismatch::Judged {
            by,
            message: message.into(),
        },
    }
}

#[test]
fn checkers_accept_any_right_answer_and_reject_with_their_message() {
    let report = judge(&["pair-ac", "pair-wa", "divisor-ac", "divisor-wa"]).unwrap();
    eprintln!("{report}");
    assert_eq!(verdict_of(&report, "pair-ac"), &Verdict::Accepted);
    assert_eq!(
        verdict_of(&report, "pair-wa"),
        &judged_by("checker", "b", "3 + 3 = 6, not 7")
    );
    assert_eq!(verdict_of(&report, "divisor-ac"), &Verdict::Accepted);
    assert_eq!(
        verdict_of(&report, "divisor-wa"),
        &judged_by("checker", "b", "49 has a divisor, but the output says -1")
    );
    assert_eq!(
        verdict_of(&report, "pair-wa").to_string(),
        "WA on b (checker: 3 + 3 = 6, not 7)"
    );
}

#[test]
fn broken_checkers_are_the_problems_fault() {
    assert_eq!(
        error_of("checker-crash"),
        "problem `checker-crash`: the checker failed: signal 6 (SIGABRT); checker: unfinished"
    );
    let not_compiling = error_of("checker-ce");
    assert!(
        not_compiling.starts_with(
            "problem `checker-ce`: checker.rs does not compile: error[E0308]: mismatched types"
        ) && not_compiling.ends_with(" at checker.rs:3:24"),
        "{not_compiling}"
    );
    assert_eq!(
        error_of("checker-digest"),
        "problem `checker-digest`: test `a`: a checker needs a .out answer file"
    );
    let no_interpreter = error_of("checker-no-shebang");
    assert!(
        no_interpreter.ends_with(
            "checker-no-shebang/checker.py: a checker is checker.rs or a script whose first \
             line is `#!<interpreter>`"
        ),
        "{no_interpreter}"
    );
    let missing = error_of("checker-missing-interpreter");
    assert!(
        missing.starts_with(
            "problem `checker-missing-interpreter`: the checker failed: exit status 127;"
        ),
        "{missing}"
    );
    assert!(
        error_of("both-helpers").ends_with(
            "both-helpers: a problem has a checker or an interactor, not both (the interactor judges)"
        ),
        "{}",
        error_of("both-helpers")
    );
}

/// Judges each problem alone, timing its tests (from the first test's start to the verdict,
/// compiling excluded): an interactive run that deadlocked would show as a long one.
/// Judges `id` alone and times its first test to its verdict. Timed runs hold a lock the
/// other tests of this file do not take, and take it only while nothing else of theirs runs:
/// a compile beside a timed run would distort what it measures.
fn judge_timed(id: &str) -> (Verdict, Duration) {
    let _alone = TIMED.write().unwrap_or_else(|e| e.into_inner());
    let mut started = None;
    let mut took = None;
    let report = run_with(
        &folders(&[id]),
        &read_as_is,
        &options(),
        &mut |event| match event {
            Event::Test { test: 1, .. } => started = Some(Instant::now()),
            Event::Finished(_) => took = started.map(|s| s.elapsed()),
            _ => {}
        },
    )
    .unwrap_or_else(|e| panic!("{id}: {e}"));
    let verdict = verdict_of(&report, id).clone();
    eprintln!("{id}: {verdict} in {:?}", took.unwrap());
    (verdict, took.unwrap())
}

#[test]
fn interactors_judge_the_guessing_game() {
    let report = judge(&[
        "guess-ac",
        "guess-py-ac",
        "guess-linear-wa",
        "guess-py-wa",
        "guess-garbage-wa",
    ])
    .unwrap();
    eprintln!("{report}");
    assert_eq!(verdict_of(&report, "guess-ac"), &Verdict::Accepted);
    assert_eq!(verdict_of(&report, "guess-py-ac"), &Verdict::Accepted);
    let too_many = judged_by("interactor", "b-far", "guess 11 is one too many (limit 10)");
    assert_eq!(verdict_of(&report, "guess-linear-wa"), &too_many);
    assert_eq!(verdict_of(&report, "guess-py-wa"), &too_many);
    assert_eq!(
        verdict_of(&report, "guess-garbage-wa"),
        &judged_by(
            "interactor",
            "a",
            "guess 1: `? 500` is not a number from 1 to 1000"
        )
    );
}

/// When both sides fail, the verdict is the side that failed first, whose failure made the
/// other one fail: here a solution's panic, then the interactor's "the solution left", or the
/// other way round. The judge relays the two sides' output, so it sees which one ended first
/// before the other can react; repeated because a racy order would pass some rounds.
#[test]
fn the_side_that_failed_first_decides() {
    for round in 1..=5 {
        let report = judge(&["guess-panic-re", "guess-hangup-wa"]).unwrap();
        let crash = verdict_of(&report, "guess-panic-re").to_string();
        assert!(
            crash.starts_with("RE on a (exit status 101; stderr: thread 'main'")
                && crash.contains(" panicked at main.rs:13:18: / ")
                && crash.ends_with("not implemented: searching back down from 128)"),
            "round {round}: {crash}"
        );
        assert_eq!(
            verdict_of(&report, "guess-hangup-wa"),
            &judged_by("interactor", "a", "guess 11 is one too many (limit 10)"),
            "round {round}"
        );
    }
}

#[test]
fn interactive_solutions_that_spin_or_block_get_tle() {
    // Time limit 0.5 s: the CPU-time limit stops the spinner before its wall-time limit
    // (4 s), and the interactor, waiting for a guess, ends with it.
    // (A CPU-time verdict says the wall-time limit was not reached first.)
    let (verdict, _) = judge_timed("guess-spin-tle");
    assert_eq!(verdict.to_string(), "TLE on a (limit 0.5 s)");
    // Both sides asleep in read(): only the wall-time limit stops them, the solution's
    // 2 * 0.5 s + 1 s and as much again for the interactor's share, and the interactor must
    // end with the solution, not at its own later limit (5 s).
    let (verdict, took) = judge_timed("guess-unflushed-tle");
    assert_eq!(verdict.to_string(), "TLE on a (wall-time limit 4 s)");
    assert!(
        (Duration::from_secs(4)..Duration::from_millis(4800)).contains(&took),
        "took {took:?}"
    );
}

/// `grundy test <args>` as a user runs it, from the crate's folder, with `env` added to
/// ours: whether it succeeded, and what it printed.
fn grundy_test(args: &[&str], env: &[(&str, &str)]) -> (bool, String) {
    let _shared = TIMED.read().unwrap_or_else(|e| e.into_inner());
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("test")
        .args(args)
        .envs(env.iter().copied())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), printed)
}

/// Helper scripts and answer files must be found from the problem's folder, where helpers
/// run, although the problems folder was named relative to the judge's.
#[test]
fn helpers_work_with_a_relative_problems_dir() {
    let (success, printed) = grundy_test(
        &[
            "--problems",
            "tests/fixtures/judge/helpers",
            "pair-ac",
            "divisor-ac",
            "guess-py-ac",
        ],
        &[],
    );
    assert!(success, "{printed}");
    assert!(printed.contains("3 problems: 3 AC"), "{printed}");
}

/// A helper's message is its last words: not a backtrace because the judge happens to have
/// RUST_BACKTRACE set, nor glued to a stdout line the checker left unfinished.
#[test]
fn panicking_helpers_reject_with_their_panic_message() {
    let dir = helpers();
    let (success, printed) = grundy_test(
        &[
            "--problems",
            dir.to_str().unwrap(),
            "pair-lazy-wa",
            "guess-lazy-wa",
        ],
        &[("RUST_BACKTRACE", "full")],
    );
    assert!(!success, "{printed}");
    let row = |id: &str| {
        printed
            .lines()
            .find(|line| line.starts_with(&format!("{id} ")))
            .unwrap_or_else(|| panic!("{printed}"))
    };
    let checker = row("pair-lazy-wa");
    assert!(
        checker.contains("  WA on a (checker: thread 'main'")
            && checker.ends_with(
                " panicked at checker.rs:15:36: / numbers: ParseIntError { kind: InvalidDigit })"
            ),
        "{checker}"
    );
    let interactor = row("guess-lazy-wa");
    assert!(
        interactor.contains("  WA on a (interactor: thread 'main'")
            && interactor.ends_with(
                " panicked at interactor.rs:15:55: / a number: ParseIntError { kind: InvalidDigit })"
            ),
        "{interactor}"
    );
}
