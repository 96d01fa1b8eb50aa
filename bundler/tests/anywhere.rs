//! The installed program away from any checkout: copied to a temporary folder and run from
//! an empty one, with its own HOME and cache, as a user who ran
//! `cargo install --locked --path bundler` and then moved or deleted the clone would. Each
//! command of the README's first screen is run there.

mod common;

use common::with_stdin;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A place far from the checkout: the program's copy, an empty working folder, a HOME.
struct Away {
    root: tempfile::TempDir,
}

impl Away {
    fn new() -> Away {
        // Every test starts here, so the copy is made before any test starts a process.
        program();
        let root = tempfile::tempdir().unwrap();
        for dir in ["work", "home"] {
            std::fs::create_dir(root.path().join(dir)).unwrap();
        }
        Away { root }
    }

    /// A Cargo package `name` in the working folder: its manifest ends with `tail`, its
    /// `src/main.rs` is `main`.
    fn package(&self, name: &str, tail: &str, main: &str) {
        let dir = self.work().join(name);
        std::fs::create_dir_all(dir.join("src")).unwrap();
        let manifest = format!(
            "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n{tail}"
        );
        std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
        std::fs::write(dir.join("src/main.rs"), main).unwrap();
    }

    fn work(&self) -> PathBuf {
        self.root.path().join("work")
    }

    fn grundy(&self, args: &[&str]) -> Output {
        self.command(args).output().unwrap()
    }

    /// The program, run from the empty folder with its own HOME and cache.
    fn command(&self, args: &[&str]) -> Command {
        let home = self.root.path().join("home");
        let mut command = Command::new(program());
        command
            .args(args)
            .current_dir(self.work())
            .env_remove("CARGO_MANIFEST_DIR")
            .env("HOME", &home)
            .env("XDG_CONFIG_HOME", home.join(".config"))
            .env("GRUNDY_CACHE_DIR", home.join(".cache/grundy"))
            // Cargo's own registry stays where it is: bundling against ac-library-rs reads it.
            .env("CARGO_HOME", cargo_home());
        command
    }
}

/// The program, copied once out of the build folder. Once for all tests, before any of
/// them starts it: a copy still open for writing while another thread forks can make
/// starting it fail ("text file busy").
fn program() -> &'static Path {
    static COPY: std::sync::OnceLock<(tempfile::TempDir, PathBuf)> = std::sync::OnceLock::new();
    &COPY
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("grundy");
            std::fs::copy(env!("CARGO_BIN_EXE_grundy"), &path).unwrap();
            (dir, path)
        })
        .1
}

fn cargo_home() -> PathBuf {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").unwrap()).join(".cargo"))
}

fn text(output: &Output) -> String {
    assert!(
        output.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Compiles `source` with plain rustc in `dir` and runs it on `input`.
fn compile_and_run(dir: &Path, source: &str, input: &str) -> String {
    std::fs::write(dir.join("sub.rs"), source).unwrap();
    let rustc = Command::new("rustc")
        .args(["--edition", "2021", "-O", "sub.rs", "-o", "sub"])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        rustc.status.success(),
        "{}",
        String::from_utf8_lossy(&rustc.stderr)
    );
    let output = with_stdin(&mut Command::new(dir.join("sub")), input.as_bytes());
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn list_show_and_bundle_work_with_no_checkout() {
    let away = Away::new();
    let listed = text(&away.grundy(&["list", "wythoff"]));
    assert!(listed.contains("wythoff"), "{listed}");
    let shown = text(&away.grundy(&["show", "nim"]));
    assert!(shown.contains("pub fn nim_sum"), "{shown}");

    // Nim: the first player wins iff the xor of the piles is not zero (3 ^ 5 ^ 6 = 0).
    std::fs::write(
        away.work().join("main.rs"),
        "use templates::nim::nim_sum;\nuse std::io::Read;\n\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let piles: Vec<u64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();\n    println!(\"{}\", if nim_sum(&piles) != 0 { \"first\" } else { \"second\" });\n}\n",
    )
    .unwrap();
    let bundle = text(&away.grundy(&["bundle", "main.rs"]));
    assert_eq!(
        compile_and_run(&away.work(), &bundle, "3 5 6\n"),
        "second\n"
    );
    assert_eq!(compile_and_run(&away.work(), &bundle, "3 5 7\n"), "first\n");
}

#[test]
fn a_solution_against_ac_library_bundles_with_no_checkout() {
    let away = Away::new();
    // The number of connected components of a graph, with ac-library's union-find.
    away.package(
        "contest",
        "[dependencies]\nac-library-rs = \"=0.2.0\"\n",
        "use ac_library::Dsu;\nuse std::io::Read;\n\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let v: Vec<usize> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();\n    let mut dsu = Dsu::new(v[0]);\n    for e in v[2..].chunks(2) {\n        dsu.merge(e[0], e[1]);\n    }\n    println!(\"{}\", dsu.groups().len());\n}\n",
    );
    let bundle = text(&away.grundy(&["bundle", "contest/src/main.rs"]));
    assert!(!bundle.contains("templates"), "our templates came along");
    // 5 vertices, edges 0-1 and 3-4: components {0,1}, {2}, {3,4}.
    assert_eq!(
        compile_and_run(&away.work(), &bundle, "5 2\n0 1\n3 4\n"),
        "3\n"
    );
}

#[test]
fn a_solution_on_stdin_bundles() {
    let away = Away::new();
    let solution =
        "use templates::nim::nim_sum;\n\nfn main() {\n    println!(\"{}\", nim_sum(&[1, 2]));\n}\n";
    let bundle = text(&with_stdin(
        &mut away.command(&["bundle", "-"]),
        solution.as_bytes(),
    ));
    assert_eq!(compile_and_run(&away.work(), &bundle, ""), "3\n");
    // An error names where the solution came from.
    let typo = b"use templates::nim::nmi_sum;\nfn main() {}\n";
    let output = with_stdin(&mut away.command(&["bundle", "-"]), typo);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.starts_with("error: <stdin>:1:"), "{stderr}");
}

#[test]
fn snippets_go_beside_the_users_own_and_bundles_check_as_judges_compile() {
    let away = Away::new();
    let snippets = away.root.path().join("home/.config/Code/User/snippets");
    std::fs::create_dir_all(&snippets).unwrap();
    let mine = "{\n  // my own\n  \"loop\": { \"prefix\": \"lp\", \"body\": [\"loop {}\"] }\n}\n";
    std::fs::write(snippets.join("rust.json"), mine).unwrap();
    text(&away.grundy(&["snippets", "--format", "vscode", "--install"]));
    assert_eq!(
        std::fs::read_to_string(snippets.join("rust.json")).unwrap(),
        mine
    );
    let ours = std::fs::read_to_string(snippets.join("grundy.code-snippets")).unwrap();
    assert!(ours.contains("\"prefix\": \"wythoff\""), "{ours}");
    // Into the user's own file: theirs kept as they were, ours added, once on a second run.
    for _ in 0..2 {
        text(&away.grundy(&[
            "snippets",
            "--format",
            "vscode",
            "-o",
            snippets.join("rust.json").to_str().unwrap(),
        ]));
    }
    let merged = std::fs::read_to_string(snippets.join("rust.json")).unwrap();
    assert!(
        merged.contains("// my own") && merged.contains("\"loop\""),
        "{merged}"
    );
    assert_eq!(merged.matches("\"grundy: wythoff\"").count(), 1, "{merged}");

    std::fs::write(
        away.work().join("main.rs"),
        "use templates::wythoff::is_cold;\n\nfn main() {\n    println!(\"{}\", is_cold(3, 5));\n}\n",
    )
    .unwrap();
    for judge in ["codeforces", "atcoder"] {
        let output = away.grundy(&["bundle", "main.rs", "--judge", judge, "--check"]);
        let bundle = text(&output);
        assert!(bundle.contains("fn main"), "{judge}");
    }
}

#[test]
fn the_notebook_prints_with_no_checkout() {
    let away = Away::new();
    let said = text(&away.grundy(&["notebook", "-o", "notebook"]));
    let pages: usize = said
        .split_whitespace()
        .zip(said.split_whitespace().skip(1))
        .find_map(|(n, word)| (word == "pages").then(|| n.parse().ok()).flatten())
        .unwrap_or_else(|| panic!("no page count in {said:?}"));
    assert!((1..=8).contains(&pages), "{pages} pages");
    let html = std::fs::read_to_string(away.work().join("notebook/notebook.html")).unwrap();
    assert!(html.contains("wythoff"));
}

#[test]
fn the_judge_and_libraries_come_from_the_config() {
    let away = Away::new();
    let config = away.root.path().join("home/.config/grundy");
    std::fs::create_dir_all(&config).unwrap();
    let ac_library = cargo_home()
        .join("registry/src")
        .read_dir()
        .unwrap()
        .map(|index| index.unwrap().path().join("ac-library-rs-0.2.0"))
        .find(|dir| dir.is_dir())
        .expect("ac-library-rs 0.2.0 is fetched (a dev-dependency)");
    std::fs::write(
        config.join("config.toml"),
        format!(
            "judge = \"codeforces\"\nlibs = [{:?}]\n",
            ac_library.display().to_string()
        ),
    )
    .unwrap();
    // Outside any package: the configured library, checked as Codeforces compiles.
    std::fs::write(
        away.work().join("main.rs"),
        "use ac_library::Dsu;\n\nfn main() {\n    let mut d = Dsu::new(3);\n    d.merge(0, 2);\n    println!(\"{}\", d.groups().len());\n}\n",
    )
    .unwrap();
    let output = away.grundy(&["bundle", "main.rs", "--check"]);
    let bundle = text(&output);
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("Codeforces"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(compile_and_run(&away.work(), &bundle, ""), "2\n");

    // A package's own setting wins over the user's; the command line over both.
    away.package(
        "pkg",
        "[package.metadata.grundy]\njudge = \"atcoder\"\n",
        "fn main() {\n    println!(\"hi\");\n}\n",
    );
    let stderr = |output: &Output| String::from_utf8_lossy(&output.stderr).into_owned();
    let by_package = away.grundy(&["bundle", "pkg/src/main.rs", "--check"]);
    assert!(
        stderr(&by_package).contains("AtCoder"),
        "{}",
        stderr(&by_package)
    );
    let by_flag = away.grundy(&["bundle", "pkg/src/main.rs", "--check", "--judge", "none"]);
    assert!(
        by_flag.status.success() && stderr(&by_flag).is_empty(),
        "{}",
        stderr(&by_flag)
    );

    // A misspelt setting is an error naming the file, and nothing is written.
    std::fs::write(config.join("config.toml"), "jugde = \"atcoder\"\n").unwrap();
    let refused = away.grundy(&["bundle", "main.rs", "-o", "out.rs"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        stderr(&refused).contains("config.toml: unknown setting `jugde`"),
        "{}",
        stderr(&refused)
    );
    assert!(!away.work().join("out.rs").exists());
}

#[test]
fn explore_works_with_no_checkout() {
    let away = Away::new();
    let octal = text(&away.grundy(&["explore", "--octal", "0.77", "-n", "300", "--emit"]));
    assert!(octal.contains("period 12 from n = 71: PROVEN"), "{octal}");
    assert!(octal.contains("fn grundy(n: u64) -> u32"), "{octal}");
    // A two-heap game of the user's, compiled and run by the program alone, with a picture.
    let game = "fn options(a: u64, b: u64) -> Vec<(u64, u64)> {\n    (0..a).map(|x| (x, b)).chain((0..b).map(|y| (a, y))).collect()\n}\n";
    std::fs::write(away.work().join("nim2.rs"), game).unwrap();
    let two = text(&away.grundy(&[
        "explore",
        "--game",
        "nim2.rs",
        "-n",
        "16",
        "--picture",
        "nim2.png",
    ]));
    assert!(two.contains("two-heap Nim"), "{two}");
    assert!(std::fs::read(away.work().join("nim2.png"))
        .unwrap()
        .starts_with(b"\x89PNG"));
}
