//! The corpus harness, shared by the corpus packages (one per set of crate versions: two
//! versions of one crate need two packages): for every case under the package's `cases/`, the
//! binary Cargo built against the real crates gives the expected output; the bundler's
//! `bundle` command (run in-process, with no `--lib`, so the libraries come from the package's
//! dependencies) turns the solution into one file; that file must compile with plain `rustc
//! --edition 2021 -O` and type-check under `--edition 2024` (unless its solution is 2021 code:
//! `edition_2021_only`) without a single diagnostic, and the compiled bundle must print the
//! same output on the case's input (line by line, trailing whitespace ignored). A case for a
//! judge on another system is bundled through the pipeline itself, whose text handed over may
//! hold only that system's code: its size is checked, and the text as it compiles here runs.
//!
//! Every bundle is kept under `$CARGO_TARGET_TMPDIR/<package>/<case>.rs` for a look after a
//! failure.

// Each package's tests use a part of it.
#![allow(dead_code)]

#[path = "../../../tests/budget.rs"]
mod budget;

use clap::Parser;
use std::collections::BTreeSet;
use std::ffi::OsString;
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How long one run of a case may take (the cases need well under a second).
const RUN_TIMEOUT: Duration = Duration::from_secs(30);

/// One `#[test]` per case (named after it), and `CASES`, the list of them all. A case
/// written `name for "judge" within BYTES` is bundled with `--judge judge` and must fit both
/// that judge's limit and BYTES.
macro_rules! cases {
    ($($case:ident $(for $judge:literal within $bytes:expr)?),* $(,)?) => {
        const CASES: &[&str] = &[$(stringify!($case)),*];

        $(
            #[test]
            fn $case() {
                let judged: Option<(&str, usize)> = None $(.or(Some(($judge, $bytes))))?;
                check_case(
                    stringify!($case),
                    Path::new(env!(concat!("CARGO_BIN_EXE_", stringify!($case)))),
                    judged,
                );
            }
        )*
    };
}

pub fn case_dir(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("cases")
        .join(case)
}

fn read_input(case: &str) -> Vec<u8> {
    let path = case_dir(case).join("input.txt");
    fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The whole check of one case, its bundle within its size budget (see `budget`); when
/// `judged` names a judge and a size, bundled for that judge and within both its limit and
/// that size.
pub fn check_case(case: &str, cargo_built: &Path, judged: Option<(&str, usize)>) {
    let bundle = match judged {
        Some((judge, _)) => {
            let (handed, here) =
                bundle_for_judge(case, judge).unwrap_or_else(|e| panic!("[{case}] {e}"));
            check_runs(case, cargo_built, &here);
            handed
        }
        None => check_case_with(case, cargo_built, &[]),
    };
    if let Some((judge, bytes)) = judged {
        let profile = bundler::profile::Profile::named(judge).expect("a judge of the table");
        if let Err(over) = profile.check_size(&bundle) {
            panic!("[{case}] {over}");
        }
        assert!(
            bundle.len() <= bytes,
            "[{case}] the bundle for {judge} is {} bytes, over the {bytes} it must fit",
            bundle.len()
        );
    }
    budget::check(&format!("{}/{case}", package_key()), &bundle);
}

/// `corpus` or `corpus/atcoder2025`: where the package is in the workspace.
fn package_key() -> String {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .strip_prefix(budget::workspace())
        .unwrap_or(manifest)
        .display()
        .to_string()
}

/// [`check_case`], bundled with `args` after the solution; the bundle.
pub fn check_case_with(case: &str, cargo_built: &Path, args: &[OsString]) -> String {
    let bundle = bundle_case(case, args).unwrap_or_else(|e| panic!("[{case}] {e}"));
    check_runs(case, cargo_built, &bundle);
    bundle
}

/// Compiles `bundle` as the judges do and runs it on the case's input: silent, and printing
/// what the Cargo-built binary prints.
fn check_runs(case: &str, cargo_built: &Path, bundle: &str) {
    let input = read_input(case);

    let expected = run_program(cargo_built, &input)
        .unwrap_or_else(|e| panic!("[{case}] the Cargo-built binary: {e}"));
    assert!(
        expected.status.success(),
        "[{case}] the Cargo-built binary failed ({}):\n{}",
        expected.status,
        expected.stderr
    );
    assert!(
        !expected.stdout.trim().is_empty(),
        "[{case}] the Cargo-built binary printed nothing"
    );

    let kept = keep_bundle(case, bundle);

    let dir = tempfile::Builder::new()
        .prefix(&format!("corpus-{case}-"))
        .tempdir()
        .expect("cannot create a temporary directory");
    let main_rs = dir.path().join("main.rs");
    fs::write(&main_rs, bundle).expect("cannot write the bundle");
    let binary = dir.path().join("main");

    let release = rustc(
        dir.path(),
        &["--edition", "2021", "-O", "main.rs", "-o", "main"],
    );
    assert_rustc_silent(case, "rustc --edition 2021 -O", &release, &kept);
    if !edition_2021_only(case) {
        assert_rustc_silent(
            case,
            "rustc --edition 2024 --emit=metadata",
            &check_2024(dir.path()),
            &kept,
        );
    }

    let actual = run_program(&binary, &input).unwrap_or_else(|e| {
        panic!(
            "[{case}] the bundled binary: {e} (bundle: {})",
            kept.display()
        )
    });
    assert!(
        actual.status.success(),
        "[{case}] the bundled binary failed ({}):\n{}\n(bundle: {})",
        actual.status,
        actual.stderr,
        kept.display()
    );
    if let Some(difference) = first_difference(&expected.stdout, &actual.stdout) {
        panic!(
            "[{case}] the bundled binary prints something else: {difference}\n(bundle: {})",
            kept.display()
        );
    }
}

/// Whether the case's solution is edition 2021 code that 2024 refuses (a `cases/<case>/edition`
/// file says `2021`, as rand 0.8's `rng.gen()` is: `gen` is a keyword in 2024).
fn edition_2021_only(case: &str) -> bool {
    fs::read_to_string(case_dir(case).join("edition")).is_ok_and(|e| e.trim() == "2021")
}

/// Type-checks `dir/main.rs` as edition 2024.
fn check_2024(dir: &Path) -> RustcRun {
    rustc(
        dir,
        &[
            "--edition",
            "2024",
            "--emit=metadata",
            "--crate-type",
            "bin",
            "--out-dir",
            "edition2024",
            "main.rs",
        ],
    )
}

/// Runs `grundy bundle cases/<case>/main.rs <extra..>` in-process and returns what it
/// printed.
pub fn bundle_case(case: &str, extra: &[OsString]) -> Result<String, String> {
    let main_rs = case_dir(case).join("main.rs");
    let mut args: Vec<OsString> = vec!["bundler".into(), "bundle".into(), main_rs.into_os_string()];
    args.extend(extra.iter().cloned());
    let cli = bundler::cli::Cli::try_parse_from(args)
        .map_err(|e| format!("the bundler rejected its arguments: {e}"))?;
    // As the `grundy` binary does: deep syntax trees (typenum's through im-rc) need more than
    // a test thread's stack.
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let mut out = Vec::new();
            bundler::cli::run(cli, &mut out)
                .map(|_| out)
                .map_err(|e| format!("bundling failed: {e}"))
        })
        .map_err(|e| format!("cannot start the bundling thread: {e}"))?;
    let out = worker
        .join()
        .map_err(|_| "the bundler panicked".to_string())??;
    let text = String::from_utf8(out).map_err(|e| format!("the bundle is not UTF-8: {e}"))?;
    if text.trim().is_empty() {
        return Err("the bundler printed nothing".to_string());
    }
    Ok(text)
}

/// The bundle of `cases/<case>/main.rs` for `judge`, as handed over, and as it compiles here:
/// the same text, unless code for the judge's other systems was left out to fit its limit
/// (`Verified::here`), when only the judge's system compiles the first.
pub fn bundle_for_judge(case: &str, judge: &str) -> Result<(String, String), String> {
    let request = bundler::pipeline::Request {
        judge: Some(judge.to_string()),
        ..bundler::pipeline::Request::file(&case_dir(case).join("main.rs"))
    };
    // A big stack, as in `bundle_case`.
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || bundler::pipeline::run(&request).map_err(|e| e.to_string()))
        .map_err(|e| format!("cannot start the bundling thread: {e}"))?;
    let verified = worker
        .join()
        .map_err(|_| "the bundler panicked".to_string())??;
    let here = verified.here.unwrap_or_else(|| verified.text.clone());
    Ok((verified.text, here))
}

/// Writes a copy of the bundle to `$CARGO_TARGET_TMPDIR/corpus/<case>.rs` and returns its path.
pub fn keep_bundle(case: &str, bundle: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(env!("CARGO_PKG_NAME"));
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    let path = dir.join(format!("{case}.rs"));
    fs::write(&path, bundle).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    path
}

struct RustcRun {
    status: ExitStatus,
    stderr: String,
}

fn rustc(dir: &Path, args: &[&str]) -> RustcRun {
    let output = Command::new("rustc")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("cannot run rustc");
    RustcRun {
        status: output.status,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// The bundle must compile, and rustc must say nothing at all (no warning either).
fn assert_rustc_silent(case: &str, what: &str, run: &RustcRun, kept: &Path) {
    assert!(
        run.status.success() && run.stderr.trim().is_empty(),
        "[{case}] `{what}` on the bundle {}:\n{}\n(bundle: {})",
        if run.status.success() {
            "succeeded but was not silent"
        } else {
            "failed"
        },
        run.stderr,
        kept.display()
    );
}

struct ProgramRun {
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

/// Runs `program` with `input` on its stdin, killing it after `RUN_TIMEOUT`.
fn run_program(program: &Path, input: &[u8]) -> Result<ProgramRun, String> {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    // A program may exit without reading all of its input: ignore a broken pipe.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().expect("piped stdout");
    let out_reader = thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stdout.read_to_end(&mut bytes);
        bytes
    });
    let mut stderr = child.stderr.take().expect("piped stderr");
    let err_reader = thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stderr.read_to_end(&mut bytes);
        bytes
    });
    let deadline = Instant::now() + RUN_TIMEOUT;
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "{} did not finish within {:?}",
                program.display(),
                RUN_TIMEOUT
            ));
        }
        thread::sleep(Duration::from_millis(5));
    };
    writer.join().expect("the stdin writer panicked");
    let stdout = out_reader.join().expect("the stdout reader panicked");
    let stderr = err_reader.join().expect("the stderr reader panicked");
    Ok(ProgramRun {
        status,
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    })
}

/// The first line where the outputs differ (trailing whitespace and trailing blank lines
/// ignored), described for a failure message.
fn first_difference(expected: &str, actual: &str) -> Option<String> {
    fn lines(text: &str) -> Vec<&str> {
        let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
        while lines.last() == Some(&"") {
            lines.pop();
        }
        lines
    }
    let (expected, actual) = (lines(expected), lines(actual));
    let differs_at =
        (0..expected.len().max(actual.len())).find(|&i| expected.get(i) != actual.get(i))?;
    let show = |line: Option<&&str>| {
        line.map_or_else(|| "<no such line>".to_string(), |l| format!("{l:?}"))
    };
    Some(format!(
        "line {} (of {} expected, {} printed): expected {}, got {}",
        differs_at + 1,
        expected.len(),
        actual.len(),
        show(expected.get(differs_at)),
        show(actual.get(differs_at))
    ))
}

/// The `cases!` table lists exactly the folders under `cases/`, each with its two files.
pub fn assert_every_case_folder_is_listed(cases: &[&str]) {
    let on_disk: BTreeSet<String> =
        fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("cases"))
            .expect("cannot list cases/")
            .map(|entry| {
                entry
                    .expect("cannot read cases/")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
    let listed: BTreeSet<String> = cases.iter().map(|c| c.to_string()).collect();
    assert_eq!(on_disk, listed, "cases/ and the `cases!` table differ");
    for case in cases {
        for file in ["main.rs", "input.txt"] {
            assert!(
                case_dir(case).join(file).is_file(),
                "cases/{case}/{file} is missing"
            );
        }
    }
}

/// Where Cargo unpacked a dependency of this package, and its lib target's name.
pub struct Dependency {
    pub src_dir: PathBuf,
    pub lib_name: String,
}

pub fn dependency(package: &str) -> Dependency {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let metadata = bundler::bundle::crates::metadata(&manifest)
        .unwrap_or_else(|e| panic!("cannot read the dependencies: {e}"));
    let found = metadata
        .packages
        .iter()
        .find(|p| p.name == package)
        .unwrap_or_else(|| {
            panic!(
                "{package} is not a dependency of {}",
                env!("CARGO_PKG_NAME")
            )
        });
    let lib = bundler::bundle::crates::library_target(found)
        .unwrap_or_else(|| panic!("{package} has no lib target"));
    Dependency {
        src_dir: lib
            .src_path
            .parent()
            .expect("src_path has no parent")
            .into(),
        lib_name: lib.name.clone(),
    }
}
