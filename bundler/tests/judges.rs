//! `grundy bundle --judge`: the profile table, the size limit (an error that writes nothing,
//! counted in bytes or in characters as the judge counts), and `--check` compiling with the
//! judge's cfgs and edition. Solutions are written here, each one's size known by hand.

use bundler::profile::{Profile, PROFILES};
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
    let names: Vec<&str> = PROFILES.iter().map(|j| j.name).collect();
    assert_eq!(Profile::NAMES.to_vec(), names);
    assert_eq!(
        Profile::NAMES,
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
    for name in Profile::NAMES {
        assert_eq!(Profile::named(name).unwrap().name, name);
    }
    let err = Profile::named("topcoder").unwrap_err();
    assert!(
        err.contains("no judge named `topcoder`") && err.contains("codeforces"),
        "{err}"
    );
}

#[test]
fn the_limits_are_the_judges_own() {
    let limit = |name| Profile::named(name).unwrap().limit.map(|(n, _)| n);
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

/// `fn main` holding a string literal of `n` copies of `ch`: minifying cannot shorten it.
fn literal(n: usize, ch: char) -> String {
    format!(
        "fn main() {{\n    let _s = \"{}\";\n}}\n",
        ch.to_string().repeat(n)
    )
}

/// Over the judge's limit, the bundle is minified (what is cut is said in a note); only a
/// bundle over it even then is refused: the output file is not written, the bundle before
/// minifying is, beside it.
#[test]
fn a_bundle_over_the_limit_is_fitted_or_refused_with_the_bundle_beside_the_output() {
    let dir = tempfile::tempdir().unwrap();
    // 17 + 65,520 = 65,537 bytes: one over Codeforces' 65,536.
    let text = padded(65_520, 'x');
    assert_eq!(text.len(), 65_537);
    let main = solution(dir.path(), &text);
    let out = dir.path().join("out.rs");
    let out = out.to_str().unwrap();
    let output = grundy(&["bundle", &main, "--judge", "codeforces", "-o", out]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        "note: the bundle was 1 bytes over Codeforces's limit: it is minified, on one line \
         without comments (65537 -> 12 bytes)\n"
    );
    assert_eq!(std::fs::read_to_string(out).unwrap(), "fn main(){}\n");

    // One byte fewer fits as it is, without a note.
    let main = solution(dir.path(), &padded(65_519, 'x'));
    let output = grundy(&["bundle", &main, "--judge", "codeforces"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");

    // A string literal minifying cannot shorten: refused, and the output is not written.
    std::fs::remove_file(out).unwrap();
    let main = solution(dir.path(), &literal(70_000, 'x'));
    let output = grundy(&["bundle", &main, "--judge", "codeforces", "-o", out]);
    assert!(!output.status.success());
    assert!(!Path::new(out).exists(), "wrote the file anyway");
    let message = stderr(&output);
    assert!(
        message.starts_with("error: the bundle is ")
            && message.contains(
                "over Codeforces's limit of 65536 bytes, even with the bundled crates' doc \
                 comments left out and minified"
            ),
        "{message}"
    );
    // The bundle as it stands, before minifying, is written beside the output asked for.
    let beside = Path::new(out).with_extension("rejected.rs");
    assert!(
        message.ends_with(&format!(
            "\nnote: the bundle before minifying is written to {}\n",
            beside.display()
        )),
        "{message}"
    );
    assert!(std::fs::read_to_string(&beside)
        .unwrap()
        .contains(&literal(70_000, 'x')));

    // No judge means no limit.
    assert!(grundy(&["bundle", &main]).status.success());
}

/// For a judge on another system (Codeforces, Windows), a bundle still over its limit
/// minified loses what none of the judge's targets compiles, which the check here kept; the
/// file handed over is then the judge's alone, and says so. Over even then, the refusal
/// says that step was taken too.
#[test]
fn code_for_no_system_of_the_judge_goes_when_over_its_limit() {
    let dir = tempfile::tempdir().unwrap();
    let for_linux = format!(
        "#[cfg(target_os = \"linux\")]\nfn here() -> usize {{\n    \"{}\".len()\n}}\n",
        "x".repeat(70_000)
    );
    let rest = "#[cfg(windows)]\nfn here() -> usize {\n    2\n}\n\
                fn main() {\n    println!(\"{}\", here());\n}\n";
    let main = solution(dir.path(), &format!("{for_linux}{rest}"));
    let out = dir.path().join("out.rs");
    let out = out.to_str().unwrap();
    let output = grundy(&["bundle", &main, "--judge", "codeforces", "-o", out]);
    assert!(output.status.success(), "{}", stderr(&output));
    let message = stderr(&output);
    assert!(
        message.contains(
            "the code none of its systems (Windows) compiles is left out, as its compiler \
             leaves it out ("
        ) && message.contains("the file now compiles only there"),
        "{message}"
    );
    assert_eq!(
        std::fs::read_to_string(out).unwrap(),
        "fn here()->usize{2}fn main(){println!(\"{}\",here());}\n"
    );

    // Code for Windows as long: refused, and the message says what was tried.
    let for_windows = format!(
        "#[cfg(windows)]\nfn here() -> usize {{\n    \"{}\".len()\n}}\n",
        "y".repeat(70_000)
    );
    let main = solution(
        dir.path(),
        &format!("{for_linux}{for_windows}fn main() {{\n    println!(\"{{}}\", here());\n}}\n"),
    );
    let output = grundy(&["bundle", &main, "--judge", "codeforces", "-o", out]);
    assert!(!output.status.success());
    let message = stderr(&output);
    assert!(
        message.contains(
            "even with the bundled crates' doc comments left out and minified, and the code \
             Windows does not compile left out"
        ),
        "{message}"
    );

    // For a judge on this machine's system nothing is left out that the check kept: the
    // same code is refused for DMOJ (64 K characters), the check's own verdict.
    let output = grundy(&["bundle", &main, "--judge", "dmoj"]);
    let message = stderr(&output);
    assert!(
        !output.status.success() && !message.contains("does not compile left out"),
        "{message}"
    );
    std::fs::remove_file(refused_file(&message)).unwrap();
}

/// Without `--judge` there is no limit, but a bundle too long for a judge says so, with its
/// size and the judges it is too long for.
#[test]
fn a_bundle_for_no_judge_says_which_judges_it_is_too_long_for() {
    let dir = tempfile::tempdir().unwrap();
    let note = |text: &str| {
        let main = solution(dir.path(), text);
        let output = grundy(&[
            "bundle",
            &main,
            "-o",
            dir.path().join("out.rs").to_str().unwrap(),
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        stderr(&output)
    };
    assert_eq!(note(&padded(65_519, 'x')), "", "fits every judge");
    // 17 + 70,000 bytes: over Codeforces's 65,536 bytes and DMOJ's 65,536 characters only.
    assert_eq!(
        note(&padded(70_000, 'x')),
        "note: the bundle is 70017 bytes, too long for Codeforces (65536 bytes), DMOJ (65536 \
         characters); `--judge NAME` fits a bundle to its judge's limit where it can (doc \
         comments left out, then minified)\n"
    );
    // 17 + 2^20 bytes: one over Library Checker's, the largest.
    let message = note(&padded(1 << 20, 'x'));
    assert!(
        message.starts_with(
            "note: the bundle is 1048593 bytes, too long for every judge with a known limit: \
             Codeforces (65536 bytes), AtCoder (524288 bytes), Library Checker (1048576 bytes), \
             DMOJ (65536 characters); "
        ),
        "{message}"
    );
}

#[test]
fn dmoj_counts_characters_and_codeforces_bytes() {
    let dir = tempfile::tempdir().unwrap();
    // 17 + 40,000 characters, 17 + 80,000 bytes (`é` is two bytes in UTF-8).
    let main = solution(dir.path(), &padded(40_000, 'é'));
    let output = grundy(&["bundle", &main, "--judge", "dmoj"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stderr(&output), "", "DMOJ's limit is in characters");
    let message = stderr(&grundy(&["bundle", &main, "--judge", "codeforces"]));
    assert!(
        message.contains("was 14481 bytes over Codeforces's limit"),
        "{message}"
    );
    // A literal of 70,000 characters, 140,000 bytes: its size is said in characters.
    let main = solution(dir.path(), &literal(70_000, 'é'));
    let message = stderr(&grundy(&["bundle", &main, "--judge", "dmoj"]));
    assert!(
        message.contains("characters over DMOJ's limit of 65536 characters"),
        "{message}"
    );
    std::fs::remove_file(refused_file(&message)).unwrap();
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
            stderr(&output).contains(&format!("--cfg {cfg} main.rs -o main (with rustc ")),
            "the command is shown: {}",
            stderr(&output)
        );
        let output = grundy(&["bundle", &main, "--check"]);
        assert!(
            !output.status.success(),
            "no judge, no cfg: it must not compile"
        );
        assert!(
            stderr(&output).contains("main.rs:4:5: error[E0425]: cannot find function `judged`"),
            "{}",
            stderr(&output)
        );
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
    assert!(
        stderr(&output).is_empty(),
        "Library Checker's own command: nothing differs: {}",
        stderr(&output)
    );
    let output = grundy(&["bundle", &main, "--check", "--judge", "dmoj"]);
    assert!(!output.status.success(), "edition 2021 has no let chains");
    assert!(
        stderr(&output).contains("as DMOJ compiles it (`rustc --edition 2021 -C opt-level=3"),
        "{}",
        stderr(&output)
    );
}

fn fixture(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path)
        .to_str()
        .unwrap()
        .to_string()
}

/// Verified by default: a solution that does not compile is an error at its own file, line
/// and column, whatever the options, and nothing is written.
#[test]
fn a_bundle_that_does_not_compile_is_an_error_that_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let main = solution(
        dir.path(),
        "use std::io;\n\nfn main() {\n    let n: u32 = io::stdin();\n}\n",
    );
    let out = dir.path().join("out.rs");
    let out = out.to_str().unwrap();
    for extra in [
        &[][..],
        &["--minify"],
        &["--judge", "codeforces", "--edition", "2024"],
    ] {
        let mut args = vec!["bundle", &main, "-o", out];
        args.extend(extra);
        let output = grundy(&args);
        assert!(!output.status.success(), "{extra:?}");
        assert!(!Path::new(out).exists(), "{extra:?}: wrote the file anyway");
        let message = stderr(&output);
        assert!(
            message.contains(&format!(
                "{main}:4:18: error[E0308]: mismatched types\n  |\n4 |     let n: u32 = io::stdin();"
            )),
            "{extra:?}: {message}"
        );
    }
    // `--no-check` writes it all the same.
    assert!(grundy(&["bundle", &main, "-o", out, "--no-check"])
        .status
        .success());
    assert!(Path::new(out).exists());
}

/// An error in a bundled crate's code names the crate and blames the bundler.
#[test]
fn an_error_in_library_code_is_the_bundlers() {
    let main = fixture("profiles/solutions/uses_badlib.rs");
    let output = grundy(&["bundle", &main, "--lib", &fixture("profiles/badlib")]);
    assert!(!output.status.success());
    let message = stderr(&output);
    assert!(
        message.starts_with(
            "error: the bundled code of `bad-lib 0.3.1` does not compile with `rustc --edition \
             2021 -O main.rs -o main`; this is a bug of the bundler"
        ) && message.contains("error[E0308]: mismatched types"),
        "{message}"
    );
    assert!(
        !message.contains("uses_badlib.rs:"),
        "not the solution's error: {message}"
    );
    std::fs::remove_file(refused_file(&message)).unwrap();
}

/// The file the last line of `message` says the refused bundle is written to.
fn refused_file(message: &str) -> String {
    let last = message.trim_end().lines().last().unwrap_or_default();
    let (_, path) = last
        .strip_prefix("note: ")
        .and_then(|note| note.rsplit_once(" is written to "))
        .unwrap_or_else(|| panic!("no refused bundle written: {message}"));
    path.to_string()
}

/// The line of `file` that rustc's place `--> file:LINE:COL` in `message` names.
fn line_at(message: &str, file: &str) -> String {
    let place = format!("--> {file}:");
    let line: usize = message
        .split(&place)
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .and_then(|line| line.parse().ok())
        .unwrap_or_else(|| panic!("no `{place}` in {message}"));
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    text.lines().nth(line - 1).unwrap_or_default().to_string()
}

/// The bundle rustc refused is written where the message says, and rustc's places name that
/// file: beside the output asked for (which is not written), else in the temporary folder.
#[test]
fn the_refused_bundle_is_written_where_the_message_says() {
    let main = fixture("profiles/solutions/uses_badlib.rs");
    let lib = fixture("profiles/badlib");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sub.rs");
    let output = grundy(&["bundle", &main, "--lib", &lib, "-o", out.to_str().unwrap()]);
    assert!(!output.status.success());
    assert!(!out.exists(), "the output is not written");
    let refused = dir.path().join("sub.rejected.rs");
    let refused = refused.to_str().unwrap();
    let message = stderr(&output);
    assert!(
        message.ends_with(&format!(
            "note: the bundle rustc refused is written to {refused}\n"
        )) && !message.contains("main.rs:"),
        "{message}"
    );
    // The place rustc names in the bundled `ones`: `total` returned as a `u32`.
    assert_eq!(line_at(&message, refused).trim(), "total");

    let output = grundy(&["bundle", &main, "--lib", &lib]);
    assert!(!output.status.success() && output.stdout.is_empty());
    let message = stderr(&output);
    let written = refused_file(&message);
    assert!(
        Path::new(&written).starts_with(std::env::temp_dir()),
        "{message}"
    );
    assert_eq!(line_at(&message, &written).trim(), "total");
    assert_eq!(
        std::fs::read_to_string(&written).unwrap(),
        std::fs::read_to_string(refused).unwrap()
    );
    std::fs::remove_file(&written).unwrap();
}

/// Every error in library code is shown, up to ten, and how many more there are.
#[test]
fn every_library_error_is_shown_up_to_ten() {
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path().join("manybad");
    std::fs::create_dir_all(lib.join("src")).unwrap();
    std::fs::write(
        lib.join("Cargo.toml"),
        "[package]\nname = \"manybad\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    )
    .unwrap();
    // Twelve functions, each returning a `u64` as a `u32`.
    let functions: String = (0..12)
        .map(|i| format!("pub fn f{i}(x: u64) -> u32 {{\n    x\n}}\n"))
        .collect();
    std::fs::write(lib.join("src/lib.rs"), functions).unwrap();
    let calls: String = (0..12).map(|i| format!("manybad::f{i}(1); ")).collect();
    let main = solution(dir.path(), &format!("fn main() {{ {calls}}}\n"));
    let output = grundy(&["bundle", &main, "--lib", lib.to_str().unwrap()]);
    assert!(!output.status.success());
    let message = stderr(&output);
    assert_eq!(
        message.matches("error[E0308]: mismatched types").count(),
        10,
        "{message}"
    );
    assert!(
        message.contains("\nand 2 more errors\n")
            && message.starts_with("error: the bundled code of `manybad 0.1.0` does not compile"),
        "{message}"
    );
    std::fs::remove_file(refused_file(&message)).unwrap();
}

/// An error rustc places in a library macro's body, made by the type the solution hands the
/// macro, is the solution's: at its call, naming the macro's crate, and no bundler bug.
#[test]
fn an_error_inside_a_library_macro_the_solution_calls_is_the_solutions() {
    let main = fixture("profiles/solutions/uses_maclib.rs");
    let output = grundy(&["bundle", &main, "--lib", &fixture("profiles/maclib")]);
    assert!(!output.status.success());
    let message = stderr(&output);
    assert!(
        message.contains(&format!(
            "{main}:6:18: error[E0277]: the trait bound `Point: FromStr` is not satisfied\n  \
             |\n6 |     let points = parse_all!(Point, \"1 2\");\n  |                  ^ in \
             this call of a macro of `maclib 0.1.0`"
        )) && !message.contains("bug of the bundler"),
        "{message}"
    );
    // A name the body writes that does not resolve is the bundle's, not the caller's.
    let dir = tempfile::tempdir().unwrap();
    let main = solution(
        dir.path(),
        "fn main() {\n    maclib::calls_what_is_not_there!();\n}\n",
    );
    let output = grundy(&["bundle", &main, "--lib", &fixture("profiles/maclib")]);
    let message = stderr(&output);
    assert!(
        message.starts_with("error: the bundled code of `maclib 0.1.0` does not compile")
            && message.contains("error[E0425]: cannot find function `not_there`"),
        "{message}"
    );
    std::fs::remove_file(refused_file(&message)).unwrap();
}

/// Let chains are edition 2024, AtCoder's; Codeforces offers 2021 (its default) and 2024.
#[test]
fn a_let_chains_solution_verifies_where_the_edition_is_2024() {
    let main = fixture("judge/profiles/let-chains/main.rs");
    for args in [
        &["--judge", "atcoder"][..],
        &["--judge", "codeforces", "--edition", "2024"],
        &["--judge", "library-checker"],
    ] {
        let output = grundy(&[&["bundle", &main][..], args].concat());
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    }
    for args in [&["--judge", "codeforces"][..], &["--judge", "dmoj"]] {
        let output = grundy(&[&["bundle", &main][..], args].concat());
        assert!(!output.status.success(), "{args:?}");
        assert!(
            stderr(&output).contains("let-chains/main.rs:5:8: error"),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    let output = grundy(&["bundle", &main, "--judge", "atcoder", "--edition", "2021"]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("AtCoder compiles Rust in edition 2024, not 2021; the editions"),
        "{}",
        stderr(&output)
    );
}

/// An edition the judge does not offer is refused with the editions every judge offers, so
/// the user sees where it would go (and that no judge takes 2018).
#[test]
fn an_edition_not_offered_is_refused_with_each_judges_editions() {
    let dir = tempfile::tempdir().unwrap();
    let main = solution(dir.path(), "fn main() {}\n");
    let out = dir.path().join("out.rs");
    let output = grundy(&[
        "bundle",
        &main,
        "--edition",
        "2018",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(!output.status.success());
    assert!(!out.exists());
    let message = stderr(&output);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains(
            "error: without `--judge`, a bundle is checked in edition 2021 or 2024, not 2018 \
             (no judge offers 2018); the editions each judge offers (`--judge NAME --edition \
             E`): none 2021 or 2024, codeforces 2021 or 2024, atcoder 2024, library-checker \
             2024, luogu 2021, yukicoder 2021, dmoj 2021"
        ),
        "{message}"
    );
    let message = stderr(&grundy(&[
        "bundle",
        &main,
        "--judge",
        "dmoj",
        "--edition",
        "2024",
    ]));
    assert!(
        message.contains("DMOJ compiles Rust in edition 2021, not 2024; ")
            && message.contains("codeforces 2021 or 2024, atcoder 2024,")
            && !message.contains("no judge offers"),
        "{message}"
    );
}

/// `grundy test --judge` compiles as the profile does and says which profile judged.
#[test]
fn test_judges_with_the_profiles_command() {
    let problems = fixture("judge/profiles");
    let run = |args: &[&str]| grundy(&[&["test", "--problems", &problems][..], args].concat());
    let output = run(&["online-judge", "--judge", "codeforces"]);
    let table = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{table}{}", stderr(&output));
    assert!(
        table.contains(
            "judged as: Codeforces (rustc --edition 2021 -O --cfg ONLINE_JUDGE main.rs -o main)"
        ),
        "{table}"
    );
    let output = run(&["online-judge"]);
    let table = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(!output.status.success());
    assert!(
        table.contains("CE (error[E0425]: cannot find function `answer`")
            && table.contains("judged as: no judge (rustc --edition 2021 -O main.rs -o main)"),
        "{table}"
    );
    let output = run(&["let-chains", "--judge", "codeforces", "--edition", "2024"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    let output = run(&["let-chains", "--judge", "codeforces"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("CE ("));
}

/// Without `--edition`, `grundy test` compiles a solution in its package's edition when the
/// judge offers it, as `grundy bundle` and `cargo run` do: a let chain in an edition 2024
/// package is AC (the answers are the fixture's), not CE.
#[test]
fn test_compiles_in_the_packages_edition() {
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("let-chains");
    let fixture = Path::new(&fixture("judge/profiles/let-chains")).to_path_buf();
    std::fs::create_dir_all(problem.join("tests")).unwrap();
    for file in [
        "main.rs",
        "tests/1.in",
        "tests/1.out",
        "tests/2.in",
        "tests/2.out",
    ] {
        std::fs::copy(fixture.join(file), problem.join(file)).unwrap();
    }
    std::fs::write(
        problem.join("Cargo.toml"),
        "[package]\nname = \"let-chains\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n\
         [[bin]]\nname = \"let-chains\"\npath = \"main.rs\"\n\n[workspace]\n",
    )
    .unwrap();
    let problems = dir.path().to_str().unwrap();
    let output = grundy(&["test", "--problems", problems, "let-chains"]);
    let table = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{table}{}", stderr(&output));
    assert!(
        table.contains("judged as: no judge (rustc --edition 2024 -O main.rs -o main)"),
        "{table}"
    );
    // An edition asked for is still the one compiled in.
    let output = grundy(&["test", "--problems", problems, "--edition", "2021"]);
    let table = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        !output.status.success() && table.contains("CE ("),
        "{table}"
    );
}

/// A package on proconio bundled for AtCoder keeps `use proconio::...` as it is (AtCoder
/// provides proconio 0.5.0, `#[fastout]` included) and is checked against AtCoder's proconio,
/// built by Cargo. Needs crates.io, or proconio 0.5.0 already fetched.
#[test]
fn provided_crates_stay_external_and_are_checked_against() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"abc\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n\
         [dependencies]\nproconio = { version = \"=0.5.0\", features = [\"derive\"] }\n\n[workspace]\n",
    )
    .unwrap();
    let text = "use proconio::{fastout, input};\n\n#[fastout]\nfn main() {\n    \
                input! { n: usize, a: [u64; n] }\n    println!(\"{}\", a.iter().sum::<u64>());\n}\n";
    let main = dir.path().join("src/main.rs");
    std::fs::write(&main, text).unwrap();
    let main = main.to_str().unwrap();
    let output = grundy(&["bundle", main, "--judge", "atcoder"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(String::from_utf8_lossy(&output.stdout), text);
    assert!(
        stderr(&output).contains("note: left to AtCoder, which provides them: proconio 0.5.0"),
        "{}",
        stderr(&output)
    );
    // Checked against the real crate: a call it does not have is found.
    std::fs::write(
        dir.path().join("src/main.rs"),
        text.replace("input!", "inputs!"),
    )
    .unwrap();
    let output = grundy(&["bundle", main, "--judge", "atcoder"]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("main.rs:5:5: error: cannot find macro `inputs`"),
        "{}",
        stderr(&output)
    );
}

/// The note on the crates left to the judge names those the bundle uses, not every provided
/// crate the manifest lists, each at the package's version and the judge's where they differ.
/// Needs crates.io, or proconio 0.4.5 and 0.5.0 and ac-library-rs 0.2.0 already fetched.
#[test]
fn the_note_on_provided_crates_names_only_those_the_solution_uses() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"abc\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n\
         [dependencies]\nac-library-rs = \"=0.2.0\"\nproconio = \"=0.4.5\"\n\n[workspace]\n",
    )
    .unwrap();
    let main = dir.path().join("src/main.rs");
    std::fs::write(
        &main,
        "use proconio::input;\n\nfn main() {\n    input! { n: u64 }\n    println!(\"{}\", n + 1);\n}\n",
    )
    .unwrap();
    let output = grundy(&["bundle", main.to_str().unwrap(), "--judge", "atcoder"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        "note: left to AtCoder, which provides them: proconio 0.4.5 (AtCoder's is =0.5.0)\n"
    );
}

/// In a package, the files a dependency's build script writes are read as Cargo's run of the
/// script made them, both ways crates include them, and the cfgs it sets hold: the bundle
/// answers as `cargo run`.
#[test]
fn what_a_build_script_writes_is_bundled_for_a_package() {
    let package = Path::new(&fixture("profiles/scriptapp")).to_path_buf();
    let dir = tempfile::tempdir().unwrap();
    let reference = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["run", "-q", "--manifest-path"])
        .arg(package.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(dir.path().join("target"))
        .output()
        .unwrap();
    assert!(reference.status.success(), "{}", stderr(&reference));
    let bundle = dir.path().join("main.rs");
    let main = package.join("src/main.rs");
    let output = grundy(&[
        "bundle",
        main.to_str().unwrap(),
        "-o",
        bundle.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let program = dir.path().join("main");
    let compiled = Command::new("rustc")
        .args(["--edition", "2021", "-o"])
        .arg(&program)
        .arg(&bundle)
        .output()
        .unwrap();
    assert!(compiled.status.success(), "{}", stderr(&compiled));
    let ran = Command::new(&program).output().unwrap();
    assert_eq!(ran.stdout, reference.stdout);
}

/// A warning in a library macro's body, expanded by the solution's call, is no bundler bug:
/// the bundle is made. Also when rustc leaves no trace of the call: a name the solution hands
/// to a proconio-like macro and never reads is placed at the macro's `$var`.
#[test]
fn a_library_macro_warning_where_the_solution_calls_it_is_no_bundler_bug() {
    let main = fixture("profiles/solutions/uses_warnlib.rs");
    let lib = fixture("profiles/warnlib");
    let output = grundy(&["bundle", &main, "--lib", &lib]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("let mut seven = 7;"));
}

/// A library whose code its build script writes cannot be bundled: the error names the
/// crate and the variable, and blames no bundler bug.
#[test]
fn a_library_written_by_its_build_script_is_named() {
    let main = fixture("profiles/solutions/uses_scriptlib.rs");
    let lib = fixture("profiles/scriptlib");
    let output = grundy(&["bundle", &main, "--lib", &lib]);
    assert!(!output.status.success());
    let message = stderr(&output);
    assert!(
        message.starts_with(
            "error: `script-lib 0.1.0` reads `env!(\"SCRIPT_LIB_TABLE\")`, which its build \
             script sets"
        ) && !message.contains("bug of the bundler"),
        "{message}"
    );
}

/// A library of a newer edition than the judge compiles in is not rewritten down: its error
/// names the crate, both editions, and the judges that would take it.
#[test]
fn a_library_newer_than_the_judges_edition_is_named() {
    let main = fixture("profiles/solutions/uses_newlib.rs");
    let lib = fixture("profiles/newlib");
    let output = grundy(&["bundle", &main, "--lib", &lib, "--judge", "codeforces"]);
    assert!(!output.status.success());
    let message = stderr(&output);
    assert!(
        message.starts_with(
            "error: `new-lib 0.1.0` is an edition 2024 crate and does not compile in edition \
             2021 as Codeforces compiles it"
        ) && message.contains("--judge codeforces --edition 2024")
            && message.contains("--judge atcoder,")
            && message.contains("let chains are only allowed in Rust 2024")
            && !message.contains("bug of the bundler"),
        "{message}"
    );
    std::fs::remove_file(refused_file(&message)).unwrap();
    let output = grundy(&[
        "bundle",
        &main,
        "--lib",
        &lib,
        "--judge",
        "codeforces",
        "--edition",
        "2024",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
}

/// A crate the solution names but its package does not have is an error at the solution's
/// line that says so (it used to come out unchanged, exit 0).
#[test]
fn a_crate_the_package_lacks_is_an_error_saying_so() {
    let dir = tempfile::tempdir().unwrap();
    let main = solution(
        dir.path(),
        "use rand::Rng;\n\nfn main() {\n    println!(\"{}\", rand::thread_rng().gen::<u8>());\n}\n",
    );
    let output = grundy(&["bundle", &main]);
    assert!(!output.status.success());
    let message = stderr(&output);
    assert!(
        message.contains(&format!("{main}:1:5: error[E0432]"))
            && message.contains("note: the bundle has no crate `rand`"),
        "{message}"
    );
}

/// A recursion 10^6 calls deep gets the stack its judge gives (Codeforces' 256 MiB; as large
/// as the memory limit where the profile says nothing): AC, not the RE of a shell's 8 MiB.
#[test]
fn a_deep_recursion_gets_the_judges_stack() {
    let problems = fixture("judge/profiles");
    for judge in ["none", "codeforces"] {
        let output = grundy(&[
            "test",
            "--problems",
            &problems,
            "deep-recursion",
            "--judge",
            judge,
        ]);
        let table = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            output.status.success(),
            "{judge}: {table}{}",
            stderr(&output)
        );
    }
}
