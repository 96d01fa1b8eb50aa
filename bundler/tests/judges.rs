//! `grundy bundle --judge`: the profile table, the size limit (an error that writes nothing,
//! counted in bytes or in characters as the judge counts), and `--check` compiling with the
//! judge's cfgs and edition. Solutions are written here, each one's size known by hand.

use bundler::bundle::judges::{Judge, JUDGES};
use std::path::Path;
use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Writes `text` as `dir/main.rs` (no library: the bundle is the text itself).
fn solution(dir: &Path, text: &str) -> String {
    let path = dir.join("main.rs");
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn names_are_the_table_and_named_finds_each() {
    let names: Vec<&str> = JUDGES.iter().map(|j| j.name).collect();
    assert_eq!(Judge::NAMES.to_vec(), names);
    assert_eq!(
        Judge::NAMES,
        [
            "none",
            "codeforces",
            "atcoder",
            "library-checker",
            "luogu",
            "yukicoder",
            "dmoj"
        ]
    );
    for name in Judge::NAMES {
        assert_eq!(Judge::named(name).unwrap().name, name);
    }
    let err = Judge::named("topcoder").unwrap_err();
    assert!(
        err.contains("no judge named `topcoder`") && err.contains("codeforces"),
        "{err}"
    );
}

#[test]
fn the_limits_are_the_judges_own() {
    let limit = |name| Judge::named(name).unwrap().limit.map(|(n, _)| n);
    assert_eq!(limit("codeforces"), Some(65_536));
    assert_eq!(limit("dmoj"), Some(65_536));
    assert_eq!(limit("atcoder"), Some(524_288));
    assert_eq!(limit("library-checker"), Some(1_048_576));
    assert_eq!(limit("none"), None);
}

#[test]
fn an_unknown_judge_is_refused_by_the_parser() {
    let dir = tempfile::tempdir().unwrap();
    let main = solution(dir.path(), "fn main() {}\n");
    let output = grundy(&["bundle", &main, "--judge", "topcoder"]);
    assert!(!output.status.success());
    let message = stderr(&output);
    assert!(
        message.contains("invalid value 'topcoder'") && message.contains("library-checker"),
        "{message}"
    );
}

/// `fn main() {}` and a comment: 13 + 3 + `n` + 1 bytes.
fn padded(n: usize, ch: char) -> String {
    format!("fn main() {{}}\n// {}\n", ch.to_string().repeat(n))
}

#[test]
fn a_bundle_over_the_limit_is_an_error_that_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    // 17 + 65,520 = 65,537 bytes: one over Codeforces' 65,536.
    let text = padded(65_520, 'x');
    assert_eq!(text.len(), 65_537);
    let main = solution(dir.path(), &text);
    let out = dir.path().join("out.rs");
    let out = out.to_str().unwrap();
    let output = grundy(&["bundle", &main, "--judge", "codeforces", "-o", out]);
    assert!(!output.status.success());
    assert!(!Path::new(out).exists(), "wrote the file anyway");
    let message = stderr(&output);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains("the bundle is 65537 bytes, 1 over Codeforces's limit of 65536 bytes")
            && message.contains("--strip-docs")
            && message.contains("--minify"),
        "{message}"
    );

    // With the hint followed, what is left is `fn main(){}`.
    let output = grundy(&[
        "bundle",
        &main,
        "--judge",
        "codeforces",
        "--minify",
        "-o",
        out,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(std::fs::read_to_string(out).unwrap(), "fn main(){}\n");

    // One byte fewer fits; no judge means no limit.
    let main = solution(dir.path(), &padded(65_519, 'x'));
    assert!(grundy(&["bundle", &main, "--judge", "codeforces"])
        .status
        .success());
    let main = solution(dir.path(), &padded(1 << 20, 'x'));
    assert!(grundy(&["bundle", &main]).status.success());
}

#[test]
fn dmoj_counts_characters_and_codeforces_bytes() {
    let dir = tempfile::tempdir().unwrap();
    // 17 + 40,000 characters, 17 + 80,000 bytes (`é` is two bytes in UTF-8).
    let main = solution(dir.path(), &padded(40_000, 'é'));
    assert!(grundy(&["bundle", &main, "--judge", "dmoj"])
        .status
        .success());
    let message = stderr(&grundy(&["bundle", &main, "--judge", "codeforces"]));
    assert!(message.contains("80017 bytes, 14481 over"), "{message}");
    // 17 + 65,520 characters: one over DMOJ's 65,536, said in characters.
    let main = solution(dir.path(), &padded(65_520, 'é'));
    let message = stderr(&grundy(&["bundle", &main, "--judge", "dmoj", "--minify"]));
    assert!(message.is_empty(), "minified, it fits: {message}");
    let message = stderr(&grundy(&[
        "bundle",
        &main,
        "--judge",
        "dmoj",
        "--strip-docs",
    ]));
    assert!(
        message
            .contains("65537 characters, 1 over DMOJ's limit of 65536 characters; try `--minify`")
            && !message.contains("--strip-docs`"),
        "only the option not used is suggested: {message}"
    );
}

/// `--check` compiles with the judge's cfg: the solution needs it to compile at all.
#[test]
fn check_passes_the_judges_cfg() {
    let dir = tempfile::tempdir().unwrap();
    for (judge, cfg) in [("codeforces", "ONLINE_JUDGE"), ("atcoder", "atcoder")] {
        let main = solution(
            dir.path(),
            &format!("#[cfg({cfg})]\nfn judged() {{}}\nfn main() {{\n    judged();\n}}\n"),
        );
        let output = grundy(&["bundle", &main, "--check", "--judge", judge]);
        assert!(output.status.success(), "{judge}: {}", stderr(&output));
        assert!(
            stderr(&output).contains(&format!("--cfg {cfg} main.rs (with rustc ")),
            "the command is shown: {}",
            stderr(&output)
        );
        let output = grundy(&["bundle", &main, "--check"]);
        assert!(
            !output.status.success(),
            "no judge, no cfg: it must not compile"
        );
        assert!(stderr(&output).contains("cannot find function `judged`"));
    }
}

/// Let chains compile only in edition 2024 (stable since Rust 1.88), Library Checker's.
#[test]
fn check_uses_the_judges_edition() {
    let dir = tempfile::tempdir().unwrap();
    let main = solution(
        dir.path(),
        "fn main() {\n    let a = std::env::args().next();\n    \
         if let Some(x) = a && !x.is_empty() {\n        println!(\"{x}\");\n    }\n}\n",
    );
    let output = grundy(&["bundle", &main, "--check", "--judge", "library-checker"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).contains("rustc --edition 2024 -C opt-level=3"));
    let output = grundy(&["bundle", &main, "--check", "--judge", "dmoj"]);
    assert!(!output.status.success(), "edition 2021 has no let chains");
}
