//! `--minify` keeps a program valid and meaning the same under editions 2021 and 2024.
//! Hand-written traps (reserved prefixes, guarded strings, lifetimes and chars, `..=`,
//! `- -1`, `a < -b`, `& &`, `>>=` in generics, `tt` fragments) are compiled and run before
//! and after: the original program's output is the oracle. Every problem's bundle and the
//! whole template library are minified and type-checked in both editions, and some minified
//! problems are run on their tests.

mod common;

use bundler::pipeline::{self, Libraries, Request};
use bundler::profile::minify::minify;
use bundler::profile::rustc::{compile_in, type_check_in};
use bundler::{BundleOptions, Library};
use common::with_stdin;
use std::path::{Path, PathBuf};
use std::process::Command;

fn type_check(dir: &Path, source: &str, what: &str) {
    for edition in ["2021", "2024"] {
        if let Err(stderr) = type_check_in(dir, "main", source, edition).unwrap() {
            panic!("{what}, rustc --edition {edition}:\n{stderr}\n--- minified ---\n{source}");
        }
    }
}

/// Compiles with `rustc --edition 2021 -O` and runs with `input`; the output.
fn run(dir: &Path, source: &str, input: &[u8]) -> String {
    if let Err(stderr) = compile_in(dir, source, "2021").unwrap() {
        panic!("rustc:\n{stderr}\n--- source ---\n{source}");
    }
    let output = with_stdin(&mut Command::new(dir.join("main")), input);
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

/// Counts token trees, so a merge or split of two tokens changes the count.
const TRAPS: &str = r##"//! Inner doc comment, dropped.
#![allow(unused, double_negations)]
/// Counts the token trees it is given.
macro_rules! count {
    () => { 0usize };
    ($head:tt $($tail:tt)*) => { 1usize + count!($($tail)*) };
}
/* A block comment, /* nested */ dropped. */
macro_rules! pair {
    ($a:tt $b:tt) => { concat!(stringify!($a), "|", stringify!($b)) };
}
struct Wrap<'a> { s: &'a str }
fn first<'a>(w: &Wrap<'a>) -> &'a str { w.s }
fn main() {
    let n = count!(& & a # b k "s" - - 1 a < - b .. = x r#"x"# # 'a' 'b & &&
                   | | || = = == > > = >>= . . .. ... # # ! = != < - <- / / * *);
    println!("{n}");
    println!("{}", pair!(# "g"));
    println!("{}", pair!(r#match 1.));
    let r#match = 3;
    let x: i32 = - -1 + r#match;
    let a = 5; let b = 2;
    println!("{x} {} {} {}", a < -b, a > -b, a - -b);
    let v: Vec<Vec<u8>> = vec![vec![1]];
    let sum: u32 = (0..=9).sum::<u32>() + v.len() as u32;
    let c = 'a' as u8; let label = 'outer: loop { break 'outer 7u8; };
    let raw = r#"a"b"#; let bytes = b"xy"; let f = 1.5f64; let e = 1e3;
    let t = (1, (2, 3)); let nested = t.1.0;
    let w = Wrap { s: "w" };
    let refs = &&5; let refs2 = & &6;
    println!("{sum} {c} {label} {raw} {:?} {f} {e} {nested} {} {} {}", bytes, first(&w), refs, refs2);
    if a != b && !(a == b) || a >= b { println!("ok") }
}
"##;

#[test]
fn traps_keep_their_tokens_and_meaning() {
    let dir = tempfile::tempdir().unwrap();
    let minified = minify(TRAPS).unwrap();
    type_check(dir.path(), TRAPS, "the original");
    type_check(dir.path(), &minified, "the traps");
    assert_eq!(run(dir.path(), &minified, b""), run(dir.path(), TRAPS, b""));
    assert!(
        !minified.contains("comment") && !minified.contains("Counts"),
        "{minified}"
    );
    // Written by hand: the spaces each trap needs, and no other.
    for expected in [
        "count!(& &a #b k \"s\"- -1 a< -b.. =x r#\"x\"# #'a''b& &&| | || = = == > > = >>=. . .. ...# #! =!=< -<-/ / **)",
        "pair!(# \"g\")",
        "pair!(r#match 1.)",
        "struct Wrap<'a>{s:&'a str}",
        "let v:Vec<Vec<u8>> =vec![vec![1]];",
        "let label='outer:loop{break 'outer 7u8;};",
        "let x:i32=- -1+r#match;",
        "a< -b,a>-b,a- -b",
        "let refs=&&5;let refs2=& &6;",
    ] {
        assert!(minified.contains(expected), "no `{expected}` in\n{minified}");
    }
}

fn problems() -> Vec<PathBuf> {
    let dir = bundler::workspace_dir().join("problems");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("main.rs").is_file())
        .collect();
    found.sort();
    assert!(found.len() >= 3, "problems in {}", dir.display());
    found
}

/// The problem's bundle as the engine writes it, doc comments kept: the comments minifying
/// drops are part of what it is tested on.
fn bundle(problem: &Path) -> String {
    let templates = Libraries::Dirs(vec![bundler::workspace_dir().join("templates")]);
    pipeline::run(&Request::unverified(&problem.join("main.rs"), templates))
        .map(|verified| verified.text)
        .unwrap_or_else(|e| panic!("{}: {e}", problem.display()))
}

#[test]
fn every_problem_bundle_minified_type_checks_in_both_editions() {
    let dir = tempfile::tempdir().unwrap();
    let (mut plain_total, mut minified_total) = (0, 0);
    for problem in problems() {
        let plain = bundle(&problem);
        let minified = minify(&plain).unwrap();
        type_check(dir.path(), &minified, &problem.display().to_string());
        assert!(minified.len() < plain.len());
        eprintln!(
            "{}: {} -> {} bytes ({:.2})",
            problem.file_name().unwrap().to_string_lossy(),
            plain.len(),
            minified.len(),
            minified.len() as f64 / plain.len() as f64
        );
        plain_total += plain.len();
        minified_total += minified.len();
    }
    eprintln!(
        "all problems: {plain_total} -> {minified_total} bytes ({:.2})",
        minified_total as f64 / plain_total as f64
    );
}

/// The whole library, every template and what it uses, as `grundy show` prints it.
#[test]
fn the_whole_template_library_minified_type_checks() {
    let mut library = Library::open(&bundler::workspace_dir().join("templates")).unwrap();
    let src = bundler::workspace_dir().join("templates/src");
    let mut names: Vec<String> = std::fs::read_dir(&src)
        .unwrap()
        .filter_map(|e| {
            e.unwrap()
                .path()
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
        })
        .filter(|name| name != "lib")
        .collect();
    names.sort();
    let shown = bundler::show(&names, &mut library, &BundleOptions::default()).unwrap();
    let program = format!("{}\nfn main() {{}}\n", minify(&shown).unwrap());
    type_check(
        tempfile::tempdir().unwrap().path(),
        &program,
        "the templates",
    );
}

/// Minified bundles give the expected output on every test (compared after trimming).
#[test]
fn minified_problems_pass_their_tests() {
    let dir = tempfile::tempdir().unwrap();
    let chosen = ["hdu1536", "poj2311", "luogu-p2148", "nim-product-64"];
    for problem in problems()
        .iter()
        .filter(|p| chosen.iter().any(|c| p.ends_with(c)))
    {
        let minified = minify(&bundle(problem)).unwrap();
        let mut cases = 0;
        for entry in std::fs::read_dir(problem.join("tests")).unwrap() {
            let input = entry.unwrap().path();
            if input.extension().is_none_or(|e| e != "in") {
                continue;
            }
            let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
            let got = run(dir.path(), &minified, &std::fs::read(&input).unwrap());
            assert_eq!(got.trim(), expected.trim(), "{}", input.display());
            cases += 1;
        }
        assert!(cases > 0, "{}: no tests", problem.display());
    }
}
