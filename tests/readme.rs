//! The README's table of problems says, for each problem, the templates it uses: those its
//! `main.rs` names, and in parentheses those they pull in. This test keeps that table true:
//! one row per problem folder, its templates as the bundle's header lists them, its number of
//! tests as its `tests/` folder holds them.

use bundler::bundle::parse::Solution;
use bundler::{BundleOptions, Library};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The README rows of the problems table: id -> (templates cell, tests cell).
fn readme_rows(readme: &str) -> BTreeMap<String, (String, String)> {
    let mut rows = BTreeMap::new();
    for line in readme.lines() {
        let cells: Vec<&str> = line.split(" | ").collect();
        let [first, _what, templates, tests] = cells[..] else {
            continue;
        };
        let first = first.trim_start_matches("| ");
        let id = match first.strip_prefix('[') {
            Some(linked) => linked.split(']').next().unwrap_or(""),
            None => first.strip_suffix(" (custom)").unwrap_or(""),
        };
        if !id.is_empty() {
            let tests = tests.trim_end_matches(" |").to_string();
            rows.insert(id.to_string(), (templates.to_string(), tests));
        }
    }
    rows
}

#[test]
fn the_readme_lists_every_problem_with_the_templates_it_uses() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let readme = std::fs::read_to_string(workspace.join("README.md")).unwrap();
    let mut rows = readme_rows(&readme);
    let mut library = Library::open(&Library::default_dir().unwrap()).unwrap();
    let mut problems = 0;
    for entry in std::fs::read_dir(workspace.join("problems")).unwrap() {
        let dir = entry.unwrap().path();
        let main = dir.join("main.rs");
        if !main.is_file() {
            continue;
        }
        problems += 1;
        let id = dir.file_name().unwrap().to_string_lossy().into_owned();
        let (templates, tests) = rows
            .remove(&id)
            .unwrap_or_else(|| panic!("README.md has no row for problem {id}"));

        let named: BTreeSet<String> = Solution::read(&main)
            .unwrap()
            .references(|name| name == "templates")
            .into_iter()
            .filter_map(|r| r.segments.get(1).cloned())
            .collect();
        let bundle = bundler::bundle(&main, &mut library, &BundleOptions::default()).unwrap();
        let header = bundle
            .lines()
            .find_map(|l| l.strip_prefix("// Bundled from the library `templates`: "))
            .unwrap_or_else(|| panic!("{id}: the bundle has no header line"));
        let expected: Vec<String> = header
            .trim_end_matches('.')
            .split(", ")
            .map(|m| match named.contains(m) {
                true => format!("`{m}`"),
                false => format!("(`{m}`)"),
            })
            .collect();
        assert_eq!(templates, expected.join(", "), "README row of {id}");

        let inputs: BTreeSet<String> = std::fs::read_dir(dir.join("tests"))
            .unwrap()
            .filter_map(|e| {
                let path = e.unwrap().path();
                let is_input = matches!(path.extension()?.to_str()?, "in" | "gen");
                let stem = path.file_stem()?.to_string_lossy().into_owned();
                is_input.then_some(stem)
            })
            .collect();
        assert_eq!(tests, inputs.len().to_string(), "README test count of {id}");
    }
    assert!(problems >= 21, "only {problems} problems found");
    assert!(
        rows.is_empty(),
        "README rows for no problem: {:?}",
        rows.keys()
    );
}
