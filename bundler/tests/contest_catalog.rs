//! `list`: the catalog of templates read from a fixture library, and one invariant check over
//! the real templates.

use bundler::contest::catalog::{format_list, Catalog, OTHER_TOPIC};
use std::path::{Path, PathBuf};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/contest")
}

fn load_fixture() -> Catalog {
    let dir = fixture();
    Catalog::load(&dir.join("templates"), Some(&dir.join("problems"))).unwrap()
}

fn names<'a>(
    templates: impl IntoIterator<Item = &'a bundler::contest::catalog::Template>,
) -> Vec<&'a str> {
    templates.into_iter().map(|t| t.name.as_str()).collect()
}

#[test]
fn loads_every_template_but_lib_rs() {
    let catalog = load_fixture();
    assert_eq!(
        names(catalog.templates()),
        ["anti_nim", "escapes", "mex", "subtraction_sg", "wythoff"]
    );
}

#[test]
fn code_has_neither_header_nor_tests() {
    let catalog = load_fixture();
    let mex = catalog.get("mex").unwrap();
    assert!(
        mex.code
            .starts_with("/// The smallest value not in `values`.\n"),
        "{}",
        mex.code
    );
    assert!(mex.code.ends_with("as u32\n}\n"), "{}", mex.code);
    for t in catalog.templates() {
        assert!(!t.code.contains("//!"), "{}", t.name);
        assert!(!t.code.contains("cfg(test)"), "{}", t.name);
        assert!(!t.code.contains("mod tests"), "{}", t.name);
    }
}

#[test]
fn knows_dependencies_and_the_problems_that_use_each_template() {
    let catalog = load_fixture();
    let get = |name| catalog.get(name).unwrap();
    assert_eq!(get("subtraction_sg").depends_on, ["mex"]);
    assert!(get("mex").depends_on.is_empty());
    assert_eq!(get("wythoff").used_by, ["p-wythoff"]);
    // p-table names only `subtraction_sg`, which uses `mex`.
    assert_eq!(get("mex").used_by, ["p-table", "p-wythoff"]);
    assert_eq!(get("subtraction_sg").used_by, ["p-table", "p-wythoff"]);
    assert_eq!(get("anti_nim").used_by, ["p-misere"]);
    assert!(get("escapes").used_by.is_empty());
}

#[test]
fn without_a_problems_dir_nothing_is_used() {
    let catalog = Catalog::load(&fixture().join("templates"), None).unwrap();
    assert!(catalog.templates().iter().all(|t| t.used_by.is_empty()));
}

#[test]
fn filter_finds_by_name_or_description_ignoring_case_and_accents() {
    let catalog = load_fixture();
    let found = |query| names(catalog.matching(query).unwrap());
    assert_eq!(found("wythoff's"), ["wythoff"]);
    // The description says "misère".
    assert_eq!(found("misere"), ["anti_nim"]);
    assert_eq!(found("MEX"), ["mex", "subtraction_sg"]);
    assert_eq!(found("anti-nim"), ["anti_nim"]);
}

#[test]
fn filter_searches_the_whole_header_and_the_aliases() {
    let catalog = load_fixture();
    let found = |query| names(catalog.matching(query).unwrap());
    // The Status lines of mex and subtraction_sg name the problem p-wythoff.
    assert_eq!(found("wythoff"), ["mex", "subtraction_sg", "wythoff"]);
    // Only mex's Source line names Sprague; only wythoff's names the year 1907.
    assert_eq!(found("sprague"), ["mex"]);
    assert_eq!(found("1907"), ["wythoff"]);
    // Not in any fixture header: from the alias table.
    assert_eq!(found("take-away"), ["subtraction_sg"]);
    assert_eq!(found("Takeaway"), ["subtraction_sg"]);
    // Every word must appear somewhere.
    assert_eq!(found("heap mex"), ["subtraction_sg"]);
}

#[test]
fn a_filter_that_finds_nothing_names_the_closest_templates() {
    let catalog = load_fixture();
    let err = catalog.matching("wythpff").unwrap_err().to_string();
    assert_eq!(
        err,
        "no template matches `wythpff` (closest names: wythoff)"
    );
    let err = catalog.matching("hackenbush").unwrap_err().to_string();
    assert_eq!(err, "no template matches `hackenbush`");
}

#[test]
fn the_summary_does_not_stop_at_an_abbreviation() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let catalog = Catalog::load(&root.join("templates"), None).unwrap();
    // Its first sentence holds "i.e." (templates/src/anti_sg.rs).
    assert_eq!(
        catalog.get("anti_sg").unwrap().header.summary(),
        "Anti-SG, the SJ theorem: a sum of games played misere (whoever cannot move WINS, i.e. \
         the last mover loses), judged from the components' normal-play Grundy values."
    );
}

#[test]
fn unknown_names_get_the_closest_match() {
    let catalog = load_fixture();
    let err = catalog.get("wythof").unwrap_err();
    assert_eq!(
        err.to_string(),
        "no template named `wythof` (did you mean `wythoff`?)"
    );
    let err = catalog.get("anti").unwrap_err();
    assert_eq!(
        err.to_string(),
        "no template named `anti` (did you mean `anti_nim`?)"
    );
    let err = catalog.get("zzzzzzzz").unwrap_err();
    assert_eq!(err.to_string(), "no template named `zzzzzzzz`");
}

#[test]
fn topics_follow_the_table_and_collect_the_rest_under_other() {
    let catalog = load_fixture();
    let grouped: Vec<(&str, Vec<&str>)> = catalog
        .by_topic()
        .into_iter()
        .map(|(topic, members)| (topic, names(members)))
        .collect();
    assert_eq!(
        grouped,
        [
            ("Foundations", vec!["mex", "subtraction_sg"]),
            ("Nim family", vec!["anti_nim"]),
            ("Classic closed forms", vec!["wythoff"]),
            (OTHER_TOPIC, vec!["escapes"]),
        ]
    );
}

#[test]
fn list_prints_one_aligned_line_per_template() {
    let catalog = load_fixture();
    let all: Vec<_> = catalog.templates().iter().collect();
    let listing = format_list(&all, None);
    let lines: Vec<&str> = listing.lines().collect();
    assert_eq!(lines.len(), 5, "{listing}");
    let wythoff = lines.iter().find(|l| l.starts_with("wythoff ")).unwrap();
    for part in [
        "Wythoff's game.",
        "O(1) per query",
        "exhaustive: none, a test fixture",
    ] {
        assert!(wythoff.contains(part), "{wythoff}");
    }
    assert!(
        !wythoff.contains("Two piles"),
        "only the first sentence: {wythoff}"
    );
    // The summaries start in one column, after the longest name.
    let column = "subtraction_sg  ".len();
    for (line, t) in lines.iter().zip(catalog.templates()) {
        assert!(line.starts_with(&t.name), "{line}");
        let summary = t.header.summary();
        let at = line.find(&summary[..10]).unwrap();
        assert_eq!(at, column, "{line}");
        assert_eq!(line.trim_end(), *line);
    }
}

#[test]
fn list_fits_the_width_it_is_given_and_cuts_nothing_without_one() {
    let catalog = load_fixture();
    let all: Vec<_> = catalog.templates().iter().collect();
    let full = format_list(&all, None);
    assert!(!full.contains('…'), "{full}");
    let escapes = "Characters that snippet formats treat specially: `$1`, `${x}`, backticks, and a backslash \\ (a fixture for the escaping tests, not a game).";
    assert!(full.contains(escapes), "{full}");
    for width in [50, 70] {
        let fitted = format_list(&all, Some(width));
        assert!(fitted.contains('…'), "{fitted}");
        for (line, t) in fitted.lines().zip(catalog.templates()) {
            assert!(line.chars().count() <= width, "{width}: {line}");
            assert!(line.starts_with(&format!("{}  ", t.name)), "{line}");
        }
    }
}

fn grundy(args: &[&str], columns: Option<&str>) -> std::process::Output {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"));
    command
        .args(args)
        .arg("--lib")
        .arg(fixture().join("templates"));
    match columns {
        Some(c) => command.env("COLUMNS", c),
        None => command.env_remove("COLUMNS"),
    };
    command.output().unwrap()
}

#[test]
fn the_list_command_fits_columns_and_reports_a_miss_on_stderr() {
    let out = grundy(&["list"], Some("60"));
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 5, "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 60), "{text}");
    // Piped and no COLUMNS: nothing is cut.
    let out = grundy(&["list"], None);
    assert!(!String::from_utf8(out.stdout).unwrap().contains('…'));
    let out = grundy(&["list", "take", "away"], None);
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .starts_with("subtraction_sg "));
    let out = grundy(&["list", "wythpff"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: no template matches `wythpff` (closest names: wythoff)\n"
    );
}

#[test]
fn a_bad_header_names_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    std::fs::create_dir(&src).unwrap();
    std::fs::write(src.join("lib.rs"), "pub mod broken;\n").unwrap();
    std::fs::write(src.join("broken.rs"), "//! Usage: none\npub fn f() {}\n").unwrap();
    let err = Catalog::load(dir.path(), None).unwrap_err().to_string();
    assert!(err.contains("broken.rs"), "{err}");
    assert!(err.contains("Description"), "{err}");
}

/// The real library: every module file is listed, filed under a named topic, and has code.
#[test]
fn every_real_template_is_listed_under_a_topic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let catalog = Catalog::load(&root.join("templates"), Some(&root.join("problems"))).unwrap();
    let mut files: Vec<String> = std::fs::read_dir(root.join("templates/src"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs") && !p.ends_with("lib.rs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(names(catalog.templates()), files);
    let all: Vec<_> = catalog.templates().iter().collect();
    let listing = format_list(&all, Some(100));
    for (line, name) in listing.lines().zip(&files) {
        assert!(line.starts_with(name.as_str()), "{line}");
    }
    for t in catalog.templates() {
        assert_ne!(
            t.topic, OTHER_TOPIC,
            "{} has no topic in catalog::TOPICS",
            t.name
        );
        assert!(!t.code.trim().is_empty(), "{} has no code", t.name);
    }
}
