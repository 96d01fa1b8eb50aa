//! The binary as a user runs it: exit codes, one message on stderr, nothing written or
//! overwritten on failure.

#[path = "common/terminal.rs"]
mod terminal;

use std::path::Path;
use std::process::{Command, Output};

fn bundler(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
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

/// With stderr on a terminal, verifying says so on one status line, erased before the program
/// ends; with stderr a pipe, nothing.
#[test]
fn long_work_is_said_on_a_terminal_only() {
    let args = [
        "bundle",
        "tests/fixtures/bundle/solutions/grouped.rs",
        "--lib",
        LIB,
    ];
    let (output, shown) = terminal::stderr_on_terminal(
        Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR")),
    );
    assert!(output.status.success());
    assert!(
        shown.starts_with("verifying the bundle (") && shown.ends_with("\r\x1b[K"),
        "{shown:?}"
    );
    assert_eq!(shown.matches("\r\x1b[K").count(), 1, "{shown:?}");
    let piped = bundler(&args);
    assert!(piped.status.success());
    assert_eq!(stderr(&piped), "");
    assert_eq!(piped.stdout, output.stdout);
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
    // Our entries are keyed `grundy: <name>`, so they never collide with the user's.
    assert!(json.get("grundy: wythoff").is_some(), "{json}");

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

/// A `#[path]` back to a file being read is rustc's "circular modules": one located error,
/// at once, where it once grew without end.
#[test]
fn circular_modules_are_an_error() {
    let output = bundler(&[
        "bundle",
        "tests/fixtures/bundle/errors/path_cycle.rs",
        "--lib",
        "tests/fixtures/bundle/pathcycle",
    ]);
    let message = assert_one_error(&output);
    assert!(
        message.contains("src/a.rs:2:9: module `again`") && message.contains("circular modules"),
        "{message}"
    );
}

/// A byte-order mark before the first line is skipped, not glued into the code.
#[test]
fn a_byte_order_mark_is_skipped() {
    let output = bundle_text(
        "\u{feff}use game_lib::arith::gcd;\nfn main() {\n    println!(\"{}\", gcd(4, 6));\n}\n",
        &["--check"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with("use crate::game_lib::arith::gcd;"),
        "{text}"
    );
}

/// Nesting deeper than the main thread's stack allows (3,000 parentheses) still bundles;
/// rustc's own parser overflows its stack there, which the check reports as rustc's failure.
#[test]
fn deep_nesting_does_not_overflow_the_stack() {
    let depth = 3000;
    let expr = format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
    let text = format!("fn main() {{ let _x = {expr}; }}\n");
    let output = bundle_text(&text, &["--no-check"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let output = bundle_text(&text, &[]);
    assert!(!output.status.success());
    let message = stderr(&output);
    assert!(
        message.starts_with("error: rustc failed on the bundle with `rustc"),
        "{message}"
    );
    // The bundle is kept for a report of the crash; the test leaves nothing behind.
    let (_, refused) = message
        .trim_end()
        .rsplit_once("note: the bundle rustc refused is written to ")
        .unwrap_or_else(|| panic!("{message}"));
    std::fs::remove_file(refused).unwrap();
}

/// `--time-factor` must be a finite number above zero, checked before any work.
#[test]
fn a_bad_time_factor_is_refused_at_once() {
    for bad in ["0", "NaN", "inf", "-2", "x"] {
        let output = bundler(&["test", &format!("--time-factor={bad}")]);
        assert!(!output.status.success(), "--time-factor={bad} accepted");
        assert!(
            stderr(&output).contains("--time-factor"),
            "{}",
            stderr(&output)
        );
    }
}

/// Option values are checked as they are parsed: clap's usage error (exit code 2) naming the
/// option and what is wrong, before any work, so nothing is created.
#[test]
fn bad_option_values_are_refused_at_parse_time() {
    let dir = tempfile::tempdir().unwrap();
    let problems = dir.path().join("problems");
    std::fs::create_dir(&problems).unwrap();
    std::fs::write(
        problems.join("Cargo.toml"),
        "[package]\nname = \"problems\"\n",
    )
    .unwrap();
    let file = problems.join("Cargo.toml");
    let missing = dir.path().join("missing");
    let out = dir.path().join("out");
    let [problems, file, missing, out] =
        [&problems, &file, &missing, &out].map(|p| p.to_str().unwrap());
    let cases: &[(&[&str], &str)] = &[
        (&["bundle", missing], "'<SOLUTION>': no such file"),
        (&["bundle", problems], "'<SOLUTION>': not a file"),
        (
            &["bundle", file, "--lib", missing],
            "'--lib <DIR>': no such directory",
        ),
        (
            &["bundle", file, "--lib", file],
            "'--lib <DIR>': not a directory",
        ),
        (
            &["bundle", file, "--manifest-path", missing],
            "'--manifest-path <PATH>': no such file",
        ),
        (
            &["list", "--lib", missing],
            "'--lib <DIR>': no such directory",
        ),
        (
            &["show", "nim", "--lib", missing],
            "'--lib <DIR>': no such directory",
        ),
        (
            &["snippets", "--format", "vscode", "--lib", missing],
            "'--lib <DIR>': no such directory",
        ),
        (
            &["notebook", "-o", out, "--lib", missing],
            "'--lib <DIR>': no such directory",
        ),
        (
            &["notebook", "-o", out, "--problems", file],
            "'--problems <DIR>': not a directory",
        ),
        (
            &["new", "abc", "--problems", missing],
            "'--problems <DIR>': no such directory",
        ),
        (&["new", "", "--problems", problems], "'<ID>': it is empty"),
        (&["new", "..", "--problems", problems], "'<ID>': use only"),
        (&["new", "a/b", "--problems", problems], "'<ID>': use only"),
        (&["new", "/", "--problems", problems], "'<ID>': use only"),
        (&["new", "a.b", "--problems", problems], "'<ID>': use only"),
        (&["new", "a b", "--problems", problems], "'<ID>': use only"),
        (
            &["new", "_abc", "--problems", problems],
            "'<ID>': it must start and end",
        ),
        (
            &["new", "abc-", "--problems", problems],
            "'<ID>': it must start and end",
        ),
        (
            &["new", "deps", "--problems", problems],
            "'<ID>': Cargo reserves it",
        ),
    ];
    for (args, expected) in cases {
        let output = bundler(args);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        assert!(
            message.starts_with("error: invalid value") && message.contains(expected),
            "{args:?}: {message}"
        );
    }
    let mut left: Vec<_> = std::fs::read_dir(dir.path().join("problems"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    left.extend(
        std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name()),
    );
    left.sort();
    assert_eq!(left, ["Cargo.toml", "problems"]);
}

/// `-o` as a user means it: never over the solution; through a symlink to its target (the
/// link stays, the target keeps its mode); straight into a device; `-` is stdout.
#[test]
fn output_paths_are_written_as_meant() {
    let solution = std::fs::canonicalize("tests/fixtures/bundle/solutions/grouped.rs").unwrap();
    let solution = solution.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("sol.rs");
    std::fs::copy(solution, &copy).unwrap();
    let before = std::fs::read(&copy).unwrap();
    let copy_arg = copy.to_str().unwrap();
    let refused = bundler(&["bundle", copy_arg, "--lib", LIB, "-o", copy_arg]);
    assert!(assert_one_error(&refused).contains("would overwrite the solution itself"));
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        before,
        "the solution was touched"
    );

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let target = dir.path().join("target.rs");
        std::fs::write(&target, "old").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).unwrap();
        let link = dir.path().join("link.rs");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let written = bundler(&[
            "bundle",
            solution,
            "--lib",
            LIB,
            "-o",
            link.to_str().unwrap(),
        ]);
        assert!(written.status.success(), "{}", stderr(&written));
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert!(std::fs::read_to_string(&target)
            .unwrap()
            .contains("mod game_lib"));
        let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);

        let null = bundler(&["bundle", solution, "--lib", LIB, "-o", "/dev/null"]);
        assert!(null.status.success(), "{}", stderr(&null));
        assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
    }

    let dash = bundler(&["bundle", solution, "--lib", LIB, "-o", "-"]);
    assert!(dash.status.success(), "{}", stderr(&dash));
    assert!(String::from_utf8_lossy(&dash.stdout).contains("mod game_lib"));
}

/// The bundle adds `mod game_lib` at the root: a function of that name, or a module of that
/// name further down, does not clash with it (rustc accepts both).
#[test]
fn names_rustc_accepts_beside_the_library_module_are_accepted() {
    let output = bundle_text(
        "use game_lib::arith::gcd;\nfn game_lib() -> u64 {\n    1\n}\nmod inner {\n    pub mod game_lib {}\n}\nfn main() {\n    println!(\"{}\", gcd(4, 6) + game_lib());\n}\n",
        &["--check"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
}

/// `grundy bundle` of a solution with this text, against the fixture library, with `args`.
fn bundle_text(text: &str, args: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let solution = dir.path().join("sol.rs");
    std::fs::write(&solution, text).unwrap();
    let mut all = vec!["bundle", solution.to_str().unwrap(), "--lib", LIB];
    all.extend(args);
    bundler(&all)
}
