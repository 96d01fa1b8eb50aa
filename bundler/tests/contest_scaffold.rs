//! `new <ID>`: the folder, its files, the registration, and refusals that leave everything as
//! it was. Every test works in a temporary copy of a problems folder.

mod common;

use bundler::contest::scaffold::{new_problem, ScaffoldError};
use common::with_stdin;
use std::path::{Path, PathBuf};
use std::process::Command;

const MANIFEST: &str = "[package]\nname = \"problems\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\ntemplates = { path = \"../templates\" }\n\n[[bin]]\nname = \"poj1067\"\npath = \"poj1067/main.rs\"\n";

fn problems_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("Cargo.toml"), MANIFEST).unwrap();
    std::fs::create_dir(dir.path().join("poj1067")).unwrap();
    dir
}

/// Every path under `dir`, relative to it, sorted.
fn tree(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            out.push(
                path.strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned(),
            );
            if path.is_dir() {
                walk(root, &path, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

#[test]
fn creates_the_folder_and_registers_the_bin() {
    let dir = problems_dir();
    let created = new_problem(dir.path(), "hdu9999", None).unwrap();
    assert_eq!(created, dir.path().join("hdu9999"));
    assert_eq!(
        tree(dir.path()),
        [
            "Cargo.toml",
            "hdu9999",
            "hdu9999/README.md",
            "hdu9999/main.rs",
            "hdu9999/tests",
            "hdu9999/tests/sample.in",
            "hdu9999/tests/sample.out",
            "poj1067",
        ]
    );
    let main = std::fs::read_to_string(created.join("main.rs")).unwrap();
    assert!(main.starts_with("// problem: "), "{main}");
    assert!(main.contains("use templates::fast_io::"), "{main}");
    let readme = std::fs::read_to_string(created.join("README.md")).unwrap();
    let mut at = 0;
    for section in [
        "## Rules",
        "## Input",
        "## Output",
        "## Constraints",
        "## Samples",
        "## Templates",
    ] {
        let found = readme[at..]
            .find(&format!("\n{section}\n"))
            .unwrap_or_else(|| panic!("{section} missing or out of order:\n{readme}"));
        at += found + 1;
    }
    let manifest: toml::Table = std::fs::read_to_string(dir.path().join("Cargo.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let bins: Vec<(&str, &str)> = manifest["bin"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["name"].as_str().unwrap(), b["path"].as_str().unwrap()))
        .collect();
    assert_eq!(
        bins,
        [
            ("poj1067", "poj1067/main.rs"),
            ("hdu9999", "hdu9999/main.rs")
        ]
    );
    assert_eq!(
        manifest["dependencies"]["templates"]["path"].as_str(),
        Some("../templates")
    );
}

fn assert_refused_and_untouched(id: &str, prepare: impl FnOnce(&Path)) -> ScaffoldError {
    let dir = problems_dir();
    prepare(dir.path());
    let before = tree(dir.path());
    let manifest = std::fs::read_to_string(dir.path().join("Cargo.toml")).unwrap();
    let err = new_problem(dir.path(), id, None).unwrap_err();
    assert_eq!(tree(dir.path()), before, "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("Cargo.toml")).unwrap(),
        manifest
    );
    err
}

#[test]
fn refuses_an_existing_folder() {
    let err = assert_refused_and_untouched("hdu2149", |dir| {
        std::fs::create_dir(dir.join("hdu2149")).unwrap();
    });
    assert!(matches!(err, ScaffoldError::Exists { .. }), "{err}");
    assert!(err.to_string().ends_with("hdu2149 already exists"), "{err}");
}

#[test]
fn refuses_an_id_already_registered() {
    let err = assert_refused_and_untouched("poj1067", |dir| {
        std::fs::remove_dir(dir.join("poj1067")).unwrap();
    });
    assert!(
        matches!(err, ScaffoldError::AlreadyRegistered { .. }),
        "{err}"
    );
}

#[test]
fn refuses_a_bad_id() {
    for id in ["a.b", "a b", "../escape", "", "_a", "a-"] {
        let err = assert_refused_and_untouched(id, |_| {});
        assert!(matches!(err, ScaffoldError::InvalidId { .. }), "{err}");
    }
}

#[test]
fn refuses_a_broken_manifest() {
    let err = assert_refused_and_untouched("abc", |dir| {
        std::fs::write(dir.join("Cargo.toml"), "[package\n").unwrap();
    });
    assert!(matches!(err, ScaffoldError::Manifest { .. }), "{err}");
}

fn rustc(args: &[&std::ffi::OsStr]) {
    let output = Command::new(std::env::var_os("RUSTC").unwrap_or("rustc".into()))
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The scaffold builds against the real `fast_io` template, echoing numbers until the end of
/// the input.
#[test]
fn scaffolded_main_compiles_and_runs_against_the_real_templates() {
    let dir = problems_dir();
    let created = new_problem(dir.path(), "echo", None).unwrap();
    let templates: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/src/lib.rs");
    let out = dir.path();
    let rlib = out.join("libtemplates.rlib");
    rustc(&[
        "--edition=2021".as_ref(),
        "--crate-type=lib".as_ref(),
        "--crate-name=templates".as_ref(),
        templates.as_os_str(),
        "-o".as_ref(),
        rlib.as_os_str(),
    ]);
    let binary = out.join("echo-bin");
    let extern_arg = format!("templates={}", rlib.display());
    rustc(&[
        "--edition=2021".as_ref(),
        "-Dwarnings".as_ref(),
        created.join("main.rs").as_os_str(),
        "--extern".as_ref(),
        extern_arg.as_ref(),
        "-o".as_ref(),
        binary.as_os_str(),
    ]);
    let output = with_stdin(&mut Command::new(&binary), b"3 18446744073709551615\n7");
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "3\n18446744073709551615\n7\n"
    );
}

/// `grundy new <id> --problems <dir>` for each id, all started before any is waited for.
fn new_at_once(dir: &Path, ids: &[&str]) -> Vec<std::process::Output> {
    let children: Vec<_> = ids
        .iter()
        .map(|id| {
            Command::new(env!("CARGO_BIN_EXE_grundy"))
                .args(["new", id, "--problems"])
                .arg(dir)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect()
}

/// The `name`s of the manifest's `[[bin]]`s, in order; fails unless it still parses.
fn registered(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    let manifest: toml::Table = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    manifest["bin"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap().to_string())
        .collect()
}

/// Registrations racing one another all land: none is lost to another's rewrite.
#[test]
fn concurrent_news_each_register_once() {
    let dir = problems_dir();
    let ids = ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"];
    for output in new_at_once(dir.path(), &ids) {
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let mut names = registered(dir.path());
    names.sort();
    let mut expected = ids.to_vec();
    expected.push("poj1067");
    assert_eq!(names, expected);
    // Beside the manifest, the folders and nothing else: no staged folder, no temporary file.
    expected.push("Cargo.toml");
    expected.sort();
    let top: Vec<String> = tree(dir.path())
        .into_iter()
        .filter(|p| !p.contains('/'))
        .collect();
    assert_eq!(top, expected);
    for id in ids {
        assert!(dir.path().join(id).join("main.rs").is_file(), "{id}");
    }
}

/// The same id asked for at once: one creates it, every other is told it already exists.
#[test]
fn concurrent_news_of_one_id_create_it_once() {
    let dir = problems_dir();
    let outputs = new_at_once(dir.path(), &["same"; 8]);
    let (created, refused): (Vec<_>, Vec<_>) =
        outputs.iter().partition(|output| output.status.success());
    assert_eq!(created.len(), 1);
    for output in refused {
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.ends_with("same already exists\n"), "{message}");
    }
    assert_eq!(registered(dir.path()), ["poj1067", "same"]);
    assert_eq!(
        tree(&dir.path().join("same")),
        [
            "README.md",
            "main.rs",
            "tests",
            "tests/sample.in",
            "tests/sample.out"
        ]
    );
}

#[test]
fn ids_as_judges_write_them_get_a_row_in_the_readme_table() {
    let root = tempfile::tempdir().unwrap();
    let problems = root.path().join("problems");
    std::fs::create_dir(&problems).unwrap();
    std::fs::write(problems.join("Cargo.toml"), MANIFEST).unwrap();
    let table = bundler::contest::problem_table::HEADER;
    std::fs::write(
        root.path().join("README.md"),
        format!("# Kit\n\n{table}\n|---|---|---|---|\n\nAfter the table.\n"),
    )
    .unwrap();
    // A problem received from its page (`grundy receive` in a checkout) links to it.
    let url = "https://atcoder.jp/contests/abc300/tasks/abc300_a";
    for (id, url) in [("abc300_a", Some(url)), ("1234A", None)] {
        new_problem(&problems, id, url).unwrap_or_else(|e| panic!("{id}: {e}"));
    }
    let readme = std::fs::read_to_string(root.path().join("README.md")).unwrap();
    // Rows by id order; the scaffold's main.rs reads with `fast_io` and has one sample test.
    assert_eq!(
        readme,
        format!(
            "# Kit\n\n{table}\n|---|---|---|---|\n\
             | 1234A (custom) | TITLE | `fast_io` | 1 |\n\
             | [abc300_a]({url}) | TITLE | `fast_io` | 1 |\n\nAfter the table.\n"
        )
    );
    let main = |id: &str| std::fs::read_to_string(problems.join(id).join("main.rs")).unwrap();
    assert!(
        main("abc300_a").starts_with(&format!(
            "// problem: {url}\n// Statement: abc300_a/README.md.\n"
        )),
        "{}",
        main("abc300_a")
    );
    assert!(main("1234A").starts_with("// problem: custom\n"));
}
