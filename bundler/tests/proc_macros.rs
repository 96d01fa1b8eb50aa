//! The proc macros a solution applies are expanded before it is bundled
//! (`tests/fixtures/proc_macros`): `app` applies a derive and a function-like macro of the
//! fixture proc-macro crate it names itself (`tests/fixtures/expand/macros`), an attribute it
//! reaches through a library re-exporting it (`reexport`, as proconio re-exports
//! proconio_derive; the library applies all three kinds itself, in its root and in a
//! module), and, on a function and on a method, an attribute of `hygiene` whose mixed-site
//! local has the name of the parameter (without renaming, the body would read the macro's).
//! Its bundle must compile alone without a warning in editions 2021 and 2024 and answer as
//! Cargo's own build of the package; a macro that panics is one error at its call.

mod common;
#[path = "common/terminal.rs"]
mod terminal;

use bundler::pipeline::{self, Request, Verify};
use common::with_stdin;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture(package: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/proc_macros")
        .join(package)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The bundle of `main.rs` compiled by a plain `rustc --edition <edition>`: the program, or
/// rustc's complaint (any warning is one).
fn compile(dir: &Path, bundle: &str, edition: &str) -> Result<PathBuf, String> {
    let source = dir.join(format!("main{edition}.rs"));
    std::fs::write(&source, bundle).unwrap();
    let program = dir.join(format!("main{edition}"));
    let output = Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()))
        .args(["--edition", edition, "--crate-name", "main", "-o"])
        .arg(&program)
        .arg(&source)
        .output()
        .unwrap();
    let stderr = text(&output.stderr);
    if !output.status.success() || !stderr.trim().is_empty() {
        return Err(stderr);
    }
    Ok(program)
}

/// Bundles `package`'s `src/main.rs`, compiles the bundle with a plain rustc in editions
/// 2021 and 2024 (no warning allowed), runs each on every input and compares with `cargo run`
/// of the package itself. Returns the bundle.
fn bundle_answers_as_cargo(package: &str, inputs: &[&str]) -> String {
    let package = fixture(package);
    let solution = package.join("src/main.rs");
    let bundled = pipeline::run(&Request::file(&solution)).unwrap_or_else(|e| panic!("{e}"));
    let bundle = bundled.text;

    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("proc-macros-packages");
    let dir = tempfile::tempdir().unwrap();
    let programs = ["2021", "2024"].map(|edition| {
        compile(dir.path(), &bundle, edition).unwrap_or_else(|stderr| {
            panic!("rustc --edition {edition}:\n{stderr}\n--- bundle ---\n{bundle}")
        })
    });
    for stdin in inputs {
        let reference = with_stdin(
            Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
                .args(["run", "-q", "--manifest-path"])
                .arg(package.join("Cargo.toml"))
                .arg("--target-dir")
                .arg(&target),
            stdin.as_bytes(),
        );
        assert!(reference.status.success(), "{}", text(&reference.stderr));
        let expected = text(&reference.stdout);
        for program in &programs {
            let output = with_stdin(&mut Command::new(program), stdin.as_bytes());
            assert!(output.status.success(), "{}", text(&output.stderr));
            assert_eq!(
                text(&output.stdout),
                expected,
                "input {stdin:?}\n--- bundle ---\n{bundle}"
            );
        }
    }
    bundle
}

#[test]
fn attribute_derive_and_function_like_macros_are_expanded_and_answer_as_cargo() {
    let bundle = bundle_answers_as_cargo("app", &["2 5\n"]);
    assert!(
        !bundle.contains("fixture_macros") && !bundle.contains("with_const"),
        "the macros and their imports are gone:\n{bundle}"
    );
    assert!(
        bundle.contains("impl Describe for Point") && bundle.contains("#[derive(Debug)]"),
        "the derive's output follows its item, which keeps its other derives:\n{bundle}"
    );
    assert!(bundle.contains("scaled"), "{bundle}");
    assert!(
        bundle.contains("impl Describe for Cell") && bundle.contains("const CAP: i32 = 5;"),
        "the library's own calls are expanded in its module:\n{bundle}"
    );
}

/// proconio 0.4 from crates.io (Cargo fetches it): `#[fastout]` and `#[derive_readable]`,
/// re-exported from proconio_derive, expanded (on top-level items, in an inline module with
/// its own import, and on a struct inside `main`); the paths they write into proconio
/// bundled; an early `return` and `print!` inside `#[fastout]`.
/// For AtCoder, which provides proconio, they stay as written.
#[test]
fn proconio_fastout_and_derive_readable_answer_as_cargo() {
    let bundle = bundle_answers_as_cargo(
        "proconio",
        &["2\n1 2 10\n2 3 -4\n3 4\n5\n", "1\n1 2 3\n0 0\n0\n"],
    );
    // The solution's part: before the bundled crate's license line and module.
    let own = &bundle[..bundle.find("// License of").expect("proconio is bundled")];
    assert!(
        !own.contains("fastout") && !own.contains("derive_readable"),
        "{bundle}"
    );
    assert!(bundle.contains("mod proconio"), "{bundle}");

    let mut request = Request::file(&fixture("proconio").join("src/main.rs"));
    request.judge = Some("atcoder".into());
    request.verify = Verify::Skip;
    let atcoder = pipeline::run(&request)
        .unwrap_or_else(|e| panic!("{e}"))
        .text;
    assert!(
        atcoder.contains("#[fastout]") && atcoder.contains("use proconio::fastout;"),
        "left to AtCoder:\n{atcoder}"
    );
}

/// Crates.io's memoise (`#[memoise]`, `#[memoise_map]`), easy-ext (`#[ext]`), num-derive
/// (derives named like num-traits' traits, imported beside them) and proconio_derive's
/// `#[fastout]` brought by `#[macro_use] extern crate` (with `print!`, `println!` and an early
/// `return`), each input taking another way through `main`.
#[test]
fn memoise_easy_ext_num_derive_and_macro_use_fastout_answer_as_cargo() {
    let bundle = bundle_answers_as_cargo("registry", &["60 30 1 7 5\n", "60 30 1 0 7\n"]);
    let own = &bundle[..bundle.find("// License of").expect("crates are bundled")];
    for gone in [
        "memoise",
        "easy_ext",
        "num_derive",
        "proconio_derive",
        "#[fastout]",
        "#[ext",
    ] {
        assert!(!own.contains(gone), "{gone} is expanded away:\n{bundle}");
    }
    assert!(
        bundle.contains("use crate::num_traits::{FromPrimitive, ToPrimitive};"),
        "the traits stay:\n{bundle}"
    );
}

#[test]
fn a_panicking_macro_is_one_error_at_its_call_and_nothing_is_written() {
    let package = fixture("panics");
    let solution = package.join("src/main.rs");
    let mut request = Request::file(&solution);
    request.verify = Verify::Skip;
    let error = pipeline::run(&request).unwrap_err().to_string();
    let at = format!("{}:8:1", solution.display());
    assert!(
        error.starts_with(&at),
        "located at the call, {at}:\n{error}"
    );
    assert!(
        error.contains("fail! was given 3 token trees"),
        "the macro's own message:\n{error}"
    );

    // Through the command line: the error, and no output file.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bundle.rs");
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("bundle")
        .arg(&solution)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(&at) && stderr.contains("panicked"),
        "{stderr}"
    );
    assert!(!out.exists(), "nothing written");
}

/// Building a proc-macro crate (Cargo's first build may take many seconds) is said on the
/// status line of a terminal, which is erased before the message that follows.
#[test]
fn building_a_proc_macro_crate_is_said_on_a_terminal() {
    let cache = tempfile::tempdir().unwrap();
    let (output, shown) = terminal::stderr_on_terminal(
        Command::new(env!("CARGO_BIN_EXE_grundy"))
            .arg("bundle")
            .arg(fixture("panics").join("src/main.rs"))
            .env("GRUNDY_CACHE_DIR", cache.path()),
    );
    assert!(!output.status.success());
    let (before, after) = shown.rsplit_once("\r\x1b[K").unwrap_or_default();
    assert!(
        before.contains("building the proc-macro crates fixture-macros@0.1.0, with Cargo")
            && after.starts_with("error: "),
        "{shown:?}"
    );
}
