//! Every template is bundle-safe on its own: `grundy show <name>` (the template and all it
//! uses), with an empty `fn main() {}` appended, compiles with plain rustc in both editions
//! without a warning. This is also what each editor snippet expands to.

use bundler::contest::catalog::Catalog;
use bundler::profile::rustc::type_check_in;
use bundler::project::templates_dir;
use bundler::{BundleOptions, Library};

#[test]
fn every_template_shown_alone_compiles_cleanly() {
    let dir = templates_dir().unwrap();
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
    let mut library = Library::open(&templates_dir().unwrap()).unwrap();
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
    let dir = templates_dir().unwrap();
    let mut library = Library::open(&dir).unwrap();
    let err = bundler::show(
        &["wythof".to_string()],
        &mut library,
        &BundleOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "no template named `wythof` in {}; did you mean `wythoff`?",
            dir.join("src/lib.rs").display()
        )
    );
}

fn show_into(file: &std::path::Path, names: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("show")
        .args(names)
        .arg("--into")
        .arg(file)
        .output()
        .unwrap()
}

/// Two `show`s into one file: one `templates` module holding both, the user's code as it
/// was, and a file that compiles.
#[test]
fn show_into_composes_templates_in_one_module() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("main.rs");
    let user = "use std::io::Read;\n\n// The user's own comment.\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    println!(\"{} {}\", templates::nim::nim_sum(&[1, 2]), templates::wythoff::is_cold(1, 2));\n}\n";
    std::fs::write(&file, user).unwrap();
    assert!(show_into(&file, &["nim"]).status.success());
    assert!(show_into(&file, &["wythoff"]).status.success());
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with(user), "{text}");
    for once in [
        "mod templates {",
        "pub mod nim {",
        "pub mod wythoff {",
        "pub mod isqrt {",
    ] {
        assert_eq!(text.matches(once).count(), 1, "{once} in {text}");
    }
    assert!(text.contains("// Bundled from the library `templates`: isqrt, nim, wythoff.\n"));
    bundler::profile::rustc::check(&text, "2021")
        .unwrap()
        .unwrap();
    // Again, and with a template already there: nothing changes.
    assert!(show_into(&file, &["nim", "wythoff"]).status.success());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
}

#[test]
fn show_into_a_file_with_its_own_templates_module_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("main.rs");
    let user = "mod templates {}\nfn main() {}\n";
    std::fs::write(&file, user).unwrap();
    let out = show_into(&file, &["nim"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("already defines `templates`"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), user);
}
