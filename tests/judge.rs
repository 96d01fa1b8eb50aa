//! The judge suite under `cargo test` (so `make test` covers it): every problem in
//! `problems/` is bundled by the pipeline against the templates, compiled with plain
//! `rustc --edition 2021 -O main.rs -o main` and run on all its tests, exactly as
//! `grundy test` does. It fails unless every problem is AC, and fails too when no problem is
//! found, so an empty or misplaced `problems/` can never pass by judging nothing.
//!
//! The table goes straight to the stderr handle: libtest captures `eprintln!` but not that, so
//! `cargo test` shows the table on every run; a failure repeats it in the panic message.

use bundler::judge::{self, Bundled, JudgeOptions};
use bundler::pipeline::{self, Libraries, Request, Verify};
use std::io::Write;
use std::path::Path;

#[test]
fn every_problem_is_accepted() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let problems = workspace.join("problems");
    let templates = bundler::project::templates_dir().unwrap_or_else(|e| panic!("{e}"));
    // Unverified: the judge compiles the bundle itself and says CE.
    let bundle = |main: &Path| {
        let request = Request {
            libraries: Libraries::Dirs(vec![templates.clone()]),
            verify: Verify::Skip,
            ..Request::file(main)
        };
        pipeline::run(&request)
            .map(Bundled::from)
            .map_err(|e| e.to_string())
    };
    let opts = JudgeOptions {
        supervisor: env!("CARGO_BIN_EXE_supervisor").into(),
        ..JudgeOptions::default()
    };
    let folders = judge::problem::folders_to_judge(&[], Some(&problems), None, &problems)
        .unwrap_or_else(|e| panic!("{e}"));
    let report = judge::run(&folders, &bundle, &opts)
        .unwrap_or_else(|e| panic!("the judge could not run: {e}"));
    let _ = writeln!(std::io::stderr(), "\n{report}");
    assert!(
        !report.problems.is_empty(),
        "no problem found in {}",
        problems.display()
    );
    assert!(report.all_accepted(), "not every problem is AC:\n{report}");
}
