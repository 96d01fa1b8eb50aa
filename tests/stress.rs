//! The problems under stress (so `make test` covers it): every problem with a reference and a
//! generator has a stress generator (`gen.rs`) and a brute force (`brute.rs`; an interactive
//! problem's interactor judges instead), and its `main.rs` survives `STRESS_RUNS` runs (200;
//! `make stress` runs many more) from seed `STRESS_SEED` (1) as `grundy stress` makes them,
//! without an alarm.

use bundler::judge::{Bundled, JudgeOptions};
use bundler::pipeline::{self, Libraries, Verify};
use bundler::stress::{self, Budget, Outcome, Request};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn problems() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .join("problems")
}

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).map_or(default, |value| {
        value
            .parse()
            .unwrap_or_else(|_| panic!("{name}={value:?} is not a number"))
    })
}

fn stress(id: &str) {
    let templates = bundler::project::templates_dir().unwrap_or_else(|e| panic!("{e}"));
    // As `grundy stress` bundles: unverified (the judge says CE), the solution for the judge
    // in force, the brute force and the generator for no judge in edition 2021.
    let bundle = |main: &Path, judge: Option<&str>, edition: Option<&str>| {
        let request = pipeline::Request {
            libraries: Libraries::Dirs(vec![templates.clone()]),
            judge: judge.map(str::to_string),
            edition: edition.map(str::to_string),
            verify: Verify::Skip,
            ..pipeline::Request::file(main)
        };
        pipeline::run(&request).map_err(|e| e.to_string())
    };
    let solution = |main: &Path| bundle(main, None, None).map(Bundled::from);
    let tool = |main: &Path| Ok(bundle(main, Some("none"), Some("2021"))?.text);
    let runs = setting("STRESS_RUNS", 200);
    let request = Request {
        folder: problems().join(id),
        bundle_solution: &solution,
        bundle_tool: &tool,
        opts: JudgeOptions {
            supervisor: env!("CARGO_BIN_EXE_supervisor").into(),
            ..JudgeOptions::default()
        },
        brute: None,
        generator: None,
        validator: None,
        // The runs decide, however slow the machine.
        budget: Budget {
            runs: Some(runs),
            time: Duration::from_secs(24 * 3600),
        },
        shrink_time: Duration::from_secs(10),
        seed: setting("STRESS_SEED", 1),
        jobs: 2,
        save: false,
    };
    let mut out = Vec::new();
    let outcome = stress::run(&request, &mut out);
    let report = String::from_utf8_lossy(&out);
    eprintln!("{report}");
    match outcome {
        Ok(Outcome::NoneFound) => {
            assert!(
                report.contains(&format!("no counterexample in {runs} runs")),
                "{report}"
            )
        }
        Ok(Outcome::Counterexample) => panic!("{id}: a false alarm, or a bug:\n{report}"),
        Err(e) => panic!("{id}: {e}\n{report}"),
    }
}

macro_rules! stressed {
    ($($test:ident: $id:literal,)*) => {
        $(
            #[test]
            fn $test() {
                stress($id);
            }
        )*

        const STRESSED: &[&str] = &[$($id),*];
    };
}

stressed! {
    coin_flip_2d: "coin-flip-2d",
    hackenbush_blue_red: "hackenbush-blue-red",
    hard_nim: "hard-nim",
    hdu2176: "hdu2176",
    hdu3032: "hdu3032",
    hdu3595: "hdu3595",
    luogu_p2148: "luogu-p2148",
    luogu_p4279: "luogu-p4279",
    moore_nim_k: "moore-nim-k",
    nim_interactive: "nim-interactive",
    nim_log: "nim-log",
    nim_product_64: "nim-product-64",
    octal_heaps: "octal-heaps",
    poj1704: "poj1704",
    poj3710: "poj3710",
    vertex_geography: "vertex-geography",
    wythoff_big: "wythoff-big",
}

#[test]
fn every_problem_with_a_reference_and_a_generator_is_stressed() {
    let mut expected = Vec::new();
    for entry in std::fs::read_dir(problems()).unwrap() {
        let dir = entry.unwrap().path();
        let has = |name: &str| dir.join(name).is_file();
        if !has("reference.py") || !(has("gen.py") || has("gen.rs")) {
            continue;
        }
        let id = dir.file_name().unwrap().to_string_lossy().into_owned();
        assert!(has("gen.rs"), "{id} has no stress generator (gen.rs)");
        assert!(
            has("brute.rs") || has("interactor.rs"),
            "{id} has no brute force (brute.rs)"
        );
        expected.push(id);
    }
    expected.sort();
    assert!(expected.len() >= 17, "{expected:?}");
    assert_eq!(STRESSED, expected);
}
