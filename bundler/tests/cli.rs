//! The binary as a user runs it: exit codes, one message on stderr, nothing written or
//! overwritten on failure.

use std::path::Path;
use std::process::{Command, Output};

fn bundler(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bundler"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

const LIB: &str = "tests/fixtures/bundle/gamelib";

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Fails unless the command failed with one `error:` message on stderr, printed once.
fn assert_one_error(output: &Output) -> String {
    let message = stderr(output);
    assert!(!output.status.success(), "succeeded: {message}");
    assert!(output.stdout.is_empty(), "printed to stdout on failure");
    assert!(message.starts_with("error: "), "{message}");
    let first = message.lines().next().unwrap_or_default();
    assert_eq!(message.matches(first).count(), 1, "{message}");
    message
}

#[test]
fn bundle_prints_to_stdout_and_writes_out_files() {
    let solution = "tests/fixtures/bundle/solutions/grouped.rs";
    let printed = bundler(&["bundle", solution, "--lib", LIB]);
    assert!(printed.status.success(), "{}", stderr(&printed));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("main.rs");
    let written = bundler(&[
        "bundle",
        solution,
        "--lib",
        LIB,
        "--check",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(written.status.success(), "{}", stderr(&written));
    assert!(written.stdout.is_empty());
    assert_eq!(std::fs::read(&out).unwrap(), printed.stdout);
}

#[test]
fn a_failed_bundle_leaves_the_out_file_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("main.rs");
    for (solution, check) in [
        ("tests/fixtures/bundle/errors/syntax.rs", false),
        ("tests/fixtures/bundle/errors/unknown_item.rs", false),
        ("tests/fixtures/bundle/errors/missing.rs", false),
        ("tests/fixtures/bundle/errors/does_not_compile.rs", true),
    ] {
        std::fs::write(&out, "previous contents\n").unwrap();
        let mut args = vec![
            "bundle",
            solution,
            "--lib",
            LIB,
            "-o",
            out.to_str().unwrap(),
        ];
        if check {
            args.push("--check");
        }
        assert_one_error(&bundler(&args));
        assert_eq!(
            std::fs::read_to_string(&out).unwrap(),
            "previous contents\n"
        );
        let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(leftovers, 1, "a temporary file was left beside the output");
    }
}

#[test]
fn a_bad_library_directory_is_one_clear_error() {
    let message = assert_one_error(&bundler(&[
        "bundle",
        "tests/fixtures/bundle/solutions/grouped.rs",
        "--lib",
        "tests/fixtures/bundle/no_lib",
    ]));
    assert!(
        message.contains("not a library crate: it has no src/lib.rs"),
        "{message}"
    );
}

#[test]
fn show_and_list_and_snippets() {
    let shown = bundler(&["show", "wythoff", "nim", "--strip-docs"]);
    let text = String::from_utf8_lossy(&shown.stdout);
    assert!(
        shown.status.success() && text.contains("pub mod wythoff") && text.contains("pub mod nim")
    );
    assert!(!text.contains("///"));

    let message = assert_one_error(&bundler(&["show", "lasker"]));
    assert!(message.contains("did you mean `lasker_nim`?"), "{message}");

    let listed = bundler(&["list", "misere"]);
    let text = String::from_utf8_lossy(&listed.stdout);
    assert!(
        listed.status.success() && text.contains("anti_nim") && text.contains("anti_sg"),
        "{text}"
    );
    assert!(!text.contains("wythoff"), "{text}");

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rust.json");
    let written = bundler(&[
        "snippets",
        "--format",
        "vscode",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(written.status.success(), "{}", stderr(&written));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert!(json.get("wythoff").is_some());

    let bad = bundler(&[
        "snippets",
        "--format",
        "vscod",
        "-o",
        dir.path().join("x").to_str().unwrap(),
    ]);
    assert!(!bad.status.success());
    assert!(!dir.path().join("x").exists());
}

#[test]
fn test_exits_non_zero_unless_all_are_accepted() {
    let problems = "tests/fixtures/judge/problems";
    let accepted = bundler(&["test", "--problems", problems, "sum-ac"]);
    let table = String::from_utf8_lossy(&accepted.stdout);
    assert!(accepted.status.success(), "{table}{}", stderr(&accepted));
    assert!(table.contains("sum-ac") && table.contains("AC"), "{table}");

    let wrong = bundler(&["test", "--problems", problems, "sum-ac", "sum-wa"]);
    assert_eq!(wrong.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&wrong.stdout).contains("WA"));

    let message = assert_one_error(&bundler(&["test", "--problems", problems, "sum-a"]));
    assert!(message.contains("sum-ac"), "{message}");
}

#[test]
fn new_scaffolds_a_problem_that_builds() {
    let dir = tempfile::tempdir().unwrap();
    let problems = dir.path();
    std::fs::write(
        problems.join("Cargo.toml"),
        "[package]\nname = \"problems\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    )
    .unwrap();
    let created = bundler(&["new", "hdu1234", "--problems", problems.to_str().unwrap()]);
    assert!(created.status.success(), "{}", stderr(&created));
    assert!(Path::new(&problems.join("hdu1234/main.rs")).is_file());
    let manifest = std::fs::read_to_string(problems.join("Cargo.toml")).unwrap();
    assert!(manifest.contains("name = \"hdu1234\""), "{manifest}");
    let again = assert_one_error(&bundler(&[
        "new",
        "hdu1234",
        "--problems",
        problems.to_str().unwrap(),
    ]));
    assert!(again.contains("already"), "{again}");
}
