//! The judge runner on fixture problems whose verdicts are known (each fixture's README says
//! which and why). Solutions are standalone, so the "bundler" here just reads the file.

use bundler::judge::problem::folders_to_judge;
use bundler::judge::{
    run, Bundled, DiskBy, Isolation, JudgeError, JudgeOptions, MemoryBy, Mismatch, Report, Verdict,
};
use bundler::profile::Target;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn fixtures(kind: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/judge")
        .join(kind)
}

/// The solution as it is, compiled as for no judge.
fn read_as_is(path: &Path) -> Result<Bundled, String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    Ok(Bundled {
        source,
        target: Target::default(),
    })
}

/// Small enough that the endless printer is stopped after about a megabyte.
fn options() -> JudgeOptions {
    JudgeOptions {
        output_limit: 1 << 20,
        supervisor: env!("CARGO_BIN_EXE_grundy").into(),
        ..JudgeOptions::default()
    }
}

/// The folders of problems `ids` of `dir` (all of them without ids), as `grundy test
/// --problems DIR IDS` picks them.
fn folders(dir: &Path, ids: &[&str]) -> Result<Vec<PathBuf>, JudgeError> {
    let ids: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
    folders_to_judge(&ids, Some(dir), None, dir)
}

fn judge(dir: &Path, ids: &[&str], opts: &JudgeOptions) -> Result<Report, JudgeError> {
    run(&folders(dir, ids)?, &read_as_is, opts)
}

fn verdict_of<'a>(report: &'a Report, id: &str) -> &'a Verdict {
    &report
        .problems
        .iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("{id} missing from\n{report}"))
        .verdict
}

#[test]
fn every_verdict_is_detected_and_tabled() {
    let report = judge(&fixtures("problems"), &[], &options()).unwrap();
    let table = report.to_string();
    eprintln!("{table}");
    let ids: Vec<&str> = report.problems.iter().map(|p| p.id.as_str()).collect();
    let expected_ids = [
        "abort-re",
        "doubles",
        "doubles-wa",
        "exit-re",
        "flood-ole",
        "panic-re",
        "spin-tle",
        "sum-ac",
        "sum-wa",
        "syntax-ce",
    ];
    assert_eq!(ids, expected_ids);

    assert_eq!(verdict_of(&report, "sum-ac"), &Verdict::Accepted);
    assert_eq!(verdict_of(&report, "doubles"), &Verdict::Accepted);
    assert_eq!(
        verdict_of(&report, "sum-wa"),
        &Verdict::WrongAnswer {
            test: "b-more".into(),
            mismatch: Mismatch::Line {
                line: 3,
                expected: Some("7".into()),
                got: Some("12".into()),
            },
        }
    );
    assert_eq!(
        verdict_of(&report, "doubles-wa"),
        &Verdict::WrongAnswer {
            test: "big".into(),
            mismatch: Mismatch::Digest { got_lines: 1000 },
        }
    );
    // A loaded machine may give the spinning solution less CPU than wall time: then the wall
    // limit (twice the limit plus a second) is the one hit, still TLE.
    let spin = verdict_of(&report, "spin-tle").to_string();
    assert!(
        [
            "TLE on only (limit 0.5 s)",
            "TLE on only (wall-time limit 2 s)"
        ]
        .contains(&spin.as_str()),
        "{spin}"
    );
    assert_eq!(
        verdict_of(&report, "flood-ole").to_string(),
        "OLE on only (output over 1 MiB)"
    );
    assert_eq!(
        verdict_of(&report, "exit-re").to_string(),
        "RE on only (exit status 3; stderr: giving up on this input)"
    );
    let panic = verdict_of(&report, "panic-re").to_string();
    assert!(
        panic.starts_with("RE on only (exit status 101; stderr: thread 'main'")
            && panic.ends_with("panicked at main.rs:2:5: / boom)"),
        "{panic}"
    );
    assert_eq!(
        verdict_of(&report, "abort-re").to_string(),
        "RE on only (signal 6 (SIGABRT))"
    );
    match verdict_of(&report, "syntax-ce") {
        Verdict::CompileError { first_error } => {
            assert!(first_error.starts_with("error"), "{first_error}");
            assert!(first_error.ends_with(" at main.rs:2:18"), "{first_error}");
        }
        other => panic!("syntax-ce: {other}"),
    }

    let row = |id: &str| table.lines().find(|l| l.starts_with(id)).unwrap();
    assert!(row("sum-ac ").contains(" 2  "), "{table}");
    assert!(row("syntax-ce").contains(" -  CE ("), "{table}");
    assert!(table.contains("10 problems: 2 AC, 2 WA, 1 TLE, 1 OLE, 3 RE, 1 CE\n"));
    assert!(
        table.lines().any(|line| line.starts_with("total ")),
        "{table}"
    );
    assert!(
        table.lines().last().unwrap().starts_with("isolation: "),
        "{table}"
    );
    assert!(!report.all_accepted());

    let slowest = |id: &str| report.problems.iter().find(|p| p.id == id).unwrap().slowest;
    // Stopped by the CPU limit, it used all of it (by the wall limit, less: see above).
    if spin == "TLE on only (limit 0.5 s)" {
        assert!(slowest("spin-tle") >= Some(Duration::from_millis(500)));
    }
    assert!(slowest("sum-ac") < Some(Duration::from_millis(500)));
    assert_eq!(slowest("syntax-ce"), None);
}

#[test]
fn accepted_problems_pass_and_temporary_directories_are_removed() {
    let temp_root = tempfile::tempdir().unwrap();
    let opts = JudgeOptions {
        temp_root: Some(temp_root.path().to_path_buf()),
        ..options()
    };
    let report = judge(&fixtures("problems"), &["sum-ac", "doubles"], &opts).unwrap();
    eprintln!("{report}");
    assert!(report.all_accepted(), "{report}");
    assert_eq!(report.summary(), "2 problems: 2 AC");
    let left: Vec<_> = std::fs::read_dir(temp_root.path()).unwrap().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn time_limit_factor_scales_every_limit() {
    let opts = JudgeOptions {
        time_limit_factor: 0.4,
        ..options()
    };
    let report = judge(&fixtures("problems"), &["spin-tle"], &opts).unwrap();
    assert_eq!(
        verdict_of(&report, "spin-tle").to_string(),
        "TLE on only (limit 0.2 s)"
    );
}

#[test]
fn a_failing_bundler_is_reported_per_problem() {
    let refuse = |_: &Path| Err("cannot resolve `templates::nowhere`".to_string());
    let folders = folders(&fixtures("problems"), &["sum-ac"]).unwrap();
    let report = run(&folders, &refuse, &options()).unwrap();
    assert_eq!(
        verdict_of(&report, "sum-ac").to_string(),
        "BE (bundler: cannot resolve `templates::nowhere`)"
    );
    assert!(!report.all_accepted());
}

fn error_of(dir: &Path, ids: &[&str]) -> String {
    match judge(dir, ids, &options()) {
        Ok(report) => panic!("expected an error, got\n{report}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn unknown_ids_name_the_closest_problem() {
    assert_eq!(
        error_of(&fixtures("problems"), &["smu-ac"]),
        "unknown problem `smu-ac`; the closest is `sum-ac`"
    );
    assert_eq!(
        error_of(&fixtures("problems"), &["sum-ac", "dobules"]),
        "unknown problem `dobules`; the closest is `doubles`"
    );
}

#[test]
fn an_empty_problems_folder_is_an_error() {
    let empty = tempfile::tempdir().unwrap();
    assert!(error_of(empty.path(), &[])
        .ends_with("holds no problem (a folder with main.rs, README.md or tests/)"));
}

#[test]
fn broken_problem_folders_are_errors() {
    let broken = fixtures("broken");
    assert_eq!(
        error_of(&broken, &["no-tests"]),
        "problem `no-tests` has no tests (expected tests/<name>.in or .gen)"
    );
    assert_eq!(
        error_of(&broken, &["missing-out"]),
        "problem `missing-out`: test `lonely` has no expected output \
         (tests/lonely.out or tests/lonely.sha256)"
    );
    let bad_limit = error_of(&broken, &["bad-limit"]);
    assert!(
        bad_limit.ends_with(
            "README.md: line 3: `Time limit: fast` is not of the form `Time limit: <seconds> s`"
        ),
        "{bad_limit}"
    );
    let gen_fails = error_of(&broken, &["gen-fails"]);
    assert!(
        gen_fails.starts_with("problem `gen-fails`: gen.py failed for test `a`: exit status 1")
            && gen_fails.ends_with("no input today"),
        "{gen_fails}"
    );
}

#[test]
fn without_python3_generated_tests_are_refused_up_front() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["test", "doubles", "--problems"])
        .arg(fixtures("problems"))
        // No python3 (and no rustc either: nothing may have started before the check).
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with(
            "error: python3 is needed to generate the input of test `big` of problem `doubles`"
        ),
        "{stderr}"
    );
    assert!(
        output.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
}

#[test]
fn an_id_far_from_every_problem_says_how_many_there_are() {
    assert_eq!(
        error_of(&fixtures("problems"), &["nonexist"]),
        "unknown problem `nonexist`, and none of the 10 problems is close \
         (`grundy test` alone judges them all)"
    );
}

/// Mount points beneath `dir` in this process's namespace (a tmpfs left behind would be one).
fn mounts_beneath(dir: &Path) -> Vec<String> {
    let mounts = std::fs::read_to_string("/proc/self/mountinfo").unwrap();
    let dir = dir.to_str().unwrap();
    mounts
        .lines()
        .filter_map(|line| line.split(' ').nth(4))
        .filter(|point| point.starts_with(dir))
        .map(str::to_string)
        .collect()
}

/// Five files of 200 MiB (1 GiB in all, each under the per-file limit) are stopped at the
/// bound on the files all together, the default output limit of 256 MiB, under every way the
/// bound holds on this machine, after about 256 MiB (not the GiB); a small file is fine; and
/// nothing is left behind.
#[test]
fn files_are_bounded_all_together_and_removed() {
    let mut ways = vec![(DiskBy::Watched, "watched every 5 ms")];
    if DiskBy::detect(Isolation::detect()) == DiskBy::Tmpfs {
        ways.push((DiskBy::Tmpfs, "a tmpfs of that size"));
    } else {
        eprintln!("tmpfs skipped: no mount namespace here (neither root nor a bwrap with --size)");
    }
    for (by, described) in ways {
        let temp_root = tempfile::tempdir().unwrap();
        let opts = JudgeOptions {
            temp_root: Some(temp_root.path().to_path_buf()),
            disk: Some(by),
            // The default: 1 MiB would stop the first file by the per-file limit.
            output_limit: 256 << 20,
            ..options()
        };
        let started = std::time::Instant::now();
        let report = judge(&fixtures("limits"), &["files-ole", "small-file-ac"], &opts).unwrap();
        eprintln!("{report}\n({by:?}: {:.2?})", started.elapsed());
        let verdict = verdict_of(&report, "files-ole").to_string();
        if by == DiskBy::Tmpfs && Isolation::detect() == Isolation::Bubblewrap {
            // bwrap's tmpfs is out of the supervisor's sight: the solution meets a full disk.
            assert_eq!(
                verdict,
                "RE on only (exit status 1; stderr: No space left on device (os error 28))"
            );
        } else {
            assert_eq!(verdict, "OLE on only (files over 256 MiB)", "{by:?}");
        }
        assert_eq!(verdict_of(&report, "small-file-ac"), &Verdict::Accepted);
        let isolation_line = report.to_string().lines().last().unwrap().to_string();
        assert!(
            isolation_line.contains(&format!("; files: 256 MiB in all, {described}; ")),
            "{isolation_line}"
        );
        let left: Vec<_> = std::fs::read_dir(temp_root.path()).unwrap().collect();
        assert!(left.is_empty(), "left behind: {left:?}");
        assert_eq!(mounts_beneath(temp_root.path()), Vec::<String>::new());
    }
}

/// A problem with file I/O (`Input file:`/`Output file:` in its README, as `receive` records
/// it) gets its input as that file in the solution's folder and is judged by the file it
/// writes, not by its stdout.
#[test]
fn file_input_and_output_are_the_problems_files() {
    let report = judge(&fixtures("files"), &[], &options()).unwrap();
    eprintln!("{report}");
    assert_eq!(verdict_of(&report, "file-io-ac"), &Verdict::Accepted);
    assert!(
        matches!(
            verdict_of(&report, "file-io-stdout"),
            Verdict::WrongAnswer { .. }
        ),
        "{report}"
    );
}

/// The memory limit is the kernel's (a cgroup v2 group with `memory.max`) where this machine
/// lets the judge make one, the supervisor's sampling elsewhere; either way touching 256 MiB
/// under 64 MiB is MLE, a small solution is AC, and the isolation line says which held.
#[test]
fn memory_is_held_by_a_cgroup_where_writable_else_sampled() {
    let memory = MemoryBy::detect();
    let described = match &memory {
        MemoryBy::Cgroup(base) => {
            eprintln!("cgroup v2 path exercised, run groups in {}", base.display());
            "memory: cgroup v2 memory.max"
        }
        MemoryBy::Sampled(why) => {
            eprintln!("cgroup v2 path skipped: {why}");
            "memory: sampled every 5 ms"
        }
    };
    let report = judge(
        &fixtures("limits"),
        &["memory-mle", "small-file-ac"],
        &options(),
    )
    .unwrap();
    eprintln!("{report}");
    assert_eq!(
        verdict_of(&report, "memory-mle").to_string(),
        "MLE on only (limit 64 MiB)"
    );
    assert_eq!(verdict_of(&report, "small-file-ac"), &Verdict::Accepted);
    let table = report.to_string();
    let isolation_line = table.lines().last().unwrap();
    assert!(isolation_line.ends_with(described), "{isolation_line}");
    if let MemoryBy::Cgroup(base) = &memory {
        let left: Vec<_> = std::fs::read_dir(base)
            .unwrap()
            .flatten()
            .filter(|entry| entry.file_name().to_string_lossy().starts_with("grundy-"))
            .collect();
        assert!(left.is_empty(), "groups left behind: {left:?}");
    }
}
