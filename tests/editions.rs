//! Every problem's bundle, as `grundy bundle` makes it (verified, and pruned to what runs),
//! type-checks with plain rustc in edition 2021 and edition 2024 without a single warning,
//! within its size budget (the judge suite in `judge.rs` compiles and runs them with the
//! judge's own command, `--edition 2021 -O`).

#[path = "budget.rs"]
mod budget;

use bundler::pipeline::{self, Libraries, Request};
use bundler::profile::rustc::type_check_in;
use std::path::Path;

#[test]
fn every_bundle_compiles_without_warnings_in_both_editions() {
    let problems = Path::new(env!("CARGO_MANIFEST_DIR")).join("../problems");
    let templates = bundler::project::templates_dir().unwrap();
    let temp = tempfile::tempdir().unwrap();
    let mut checked = 0;
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(&problems).unwrap() {
        let main = entry.unwrap().path().join("main.rs");
        if !main.is_file() {
            continue;
        }
        let id = main
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let request = Request {
            libraries: Libraries::Dirs(vec![templates.clone()]),
            ..Request::file(&main)
        };
        let text = pipeline::run(&request)
            .unwrap_or_else(|e| panic!("{id}: {e}"))
            .text;
        budget::check(&format!("problems/{id}"), &text);
        for edition in ["2021", "2024"] {
            if let Err(stderr) = type_check_in(temp.path(), &id, &text, edition).unwrap() {
                failures.push(format!("{id}, edition {edition}:\n{stderr}"));
            }
        }
        checked += 1;
    }
    assert!(
        checked >= 21,
        "only {checked} problems found in {}",
        problems.display()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
