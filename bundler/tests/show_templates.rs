//! Every template is bundle-safe on its own: `bundler show <name>` (the template and all it
//! uses), with an empty `fn main() {}` appended, compiles with plain rustc in both editions
//! without a warning. This is also what each editor snippet expands to.

use bundler::bundle::check::type_check_in;
use bundler::contest::catalog::Catalog;
use bundler::{BundleOptions, Library};

#[test]
fn every_template_shown_alone_compiles_cleanly() {
    let dir = Library::default_dir().unwrap();
    let names: Vec<String> = Catalog::load(&dir, None)
        .unwrap()
        .templates()
        .iter()
        .map(|t| t.name.clone())
        .collect();
    assert!(names.len() >= 20, "too few templates: {names:?}");
    let mut library = Library::open(&dir).unwrap();
    let sources: Vec<(String, String)> = names
        .iter()
        .map(|name| {
            let shown = bundler::show(
                std::slice::from_ref(name),
                &mut library,
                &BundleOptions::default(),
            )
            .unwrap_or_else(|e| panic!("show {name}: {e}"));
            assert!(shown.contains(&format!("pub mod {name} {{")), "{shown}");
            (name.clone(), format!("{shown}\nfn main() {{}}\n"))
        })
        .collect();
    let temp = tempfile::tempdir().unwrap();
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = sources
            .chunks(sources.len().div_ceil(2))
            .map(|chunk| {
                let temp = temp.path();
                scope.spawn(move || {
                    let mut failures = Vec::new();
                    for (name, source) in chunk {
                        for edition in ["2021", "2024"] {
                            if let Err(stderr) = type_check_in(temp, name, source, edition).unwrap()
                            {
                                failures.push(format!("{name} (edition {edition}):\n{stderr}"));
                            }
                        }
                    }
                    failures
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn show_keeps_dependencies_and_nothing_else() {
    let mut library = Library::open(&Library::default_dir().unwrap()).unwrap();
    let shown = bundler::show(
        &["wythoff".to_string()],
        &mut library,
        &BundleOptions::default(),
    )
    .unwrap();
    assert!(shown.contains("pub mod wythoff {") && shown.contains("pub mod isqrt {"));
    assert!(!shown.contains("pub mod nim {") && !shown.contains("pub mod fast_io {"));
}

#[test]
fn show_of_an_unknown_name_suggests_the_closest() {
    let mut library = Library::open(&Library::default_dir().unwrap()).unwrap();
    let err = bundler::show(
        &["wythof".to_string()],
        &mut library,
        &BundleOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "no template named `wythof`; did you mean `wythoff`?"
    );
}
