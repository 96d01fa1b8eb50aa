//! Bundling the fixture library `game_lib` (tests/fixtures/bundle/gamelib: file and
//! directory modules, a root re-export, a trait used only through method calls, impls for
//! unreached types, a `#[macro_export]` macro with `$crate`, `#[cfg(test)]` items): one
//! fixture solution per import form. Each bundle is snapshotted, compiled with plain rustc in
//! both editions without a single warning, and run: its output must be the `// stdout:` line
//! written by hand at the top of the fixture.

use bundler::bundle::parse::Solution;
use bundler::pipeline::{self, Libraries, Request, Verify};
use bundler::profile::rustc::{compile_in, type_check_in};
use bundler::{BundleOptions, Library};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bundle")
}

fn game_lib() -> Libraries {
    Libraries::Dirs(vec![fixtures().join("gamelib")])
}

/// Paths relative to the package, so messages in snapshots do not depend on the checkout.
fn relative(path: &str) -> PathBuf {
    Path::new("tests/fixtures/bundle").join(path)
}

/// The pipeline's bundle of `solution` against `game_lib` as the engine writes it (each test
/// compiles what it checks), doc comments left out when `strip_docs`.
fn bundle(solution: &str, strip_docs: bool) -> String {
    let request = Request {
        strip_docs,
        ..Request::unverified(&relative(solution), game_lib())
    };
    pipeline::run(&request)
        .map(|verified| verified.text)
        .unwrap_or_else(|e| panic!("bundling {solution}: {e}"))
}

/// Type-checks `source` in both editions, failing on any warning, then compiles it as the
/// judge does (`rustc --edition 2021 -O`); returns the binary.
fn compile(source: &str, dir: &Path) -> PathBuf {
    for edition in ["2021", "2024"] {
        if let Err(stderr) = type_check_in(dir, "main", source, edition).unwrap() {
            panic!("rustc --edition {edition}:\n{stderr}\n--- bundle ---\n{source}");
        }
    }
    if let Err(stderr) = compile_in(dir, source, "2021").unwrap() {
        panic!("rustc --edition 2021 -O:\n{stderr}\n--- bundle ---\n{source}");
    }
    dir.join("main")
}

fn run_fixture(name: &str) -> String {
    let file = format!("solutions/{name}.rs");
    let text = bundle(&file, false);
    let solution = std::fs::read_to_string(fixtures().join(&file)).unwrap();
    let expected = solution
        .lines()
        .next()
        .and_then(|line| line.strip_prefix("// stdout: "))
        .expect("each fixture starts with its expected output");
    let dir = tempfile::tempdir().unwrap();
    let binary = compile(&text, dir.path());
    let output = Command::new(binary).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim_end(), expected);
    text
}

macro_rules! fixture_tests {
    ($($name:ident),* $(,)?) => {$(
        #[test]
        fn $name() {
            insta::assert_snapshot!(run_fixture(stringify!($name)));
        }
    )*};
}

fixture_tests!(
    grouped,
    renamed,
    glob,
    nested_module,
    absolute,
    qualified,
    reexport_macro,
    extern_crate,
    no_library,
    impl_elsewhere,
);

/// A bundle parses the modules it reaches and those that may hold impls of what it keeps,
/// not the rest. The engine alone: the pipeline does not hand out the library it read.
#[test]
fn modules_nothing_reaches_are_not_parsed() {
    let mut lib = Library::open(&fixtures().join("gamelib")).unwrap();
    let solution = Solution::read(&relative("solutions/grouped.rs")).unwrap();
    bundler::bundle_solution(&solution, &mut lib, &BundleOptions::default()).unwrap();
    let loaded = |name: &str| {
        let m = lib.child(lib.first_root().unwrap(), name).unwrap();
        lib.is_loaded(m)
    };
    assert!(loaded("arith") && loaded("shapes") && loaded("impls"));
    assert!(!loaded("unreached"));
}

/// The items of the library's module in `bundle`, by path from the crate's module: `fn
/// arith::gcd`, `impl Area for Rect in shapes`, a trait's or impl's members under it, `use`
/// items as written. Parsed, so that `fn gcd` is never taken for `fn gcd_ext`.
fn library_items(bundle: &str) -> BTreeSet<String> {
    use quote::ToTokens;
    fn walk(items: &[syn::Item], at: &str, out: &mut BTreeSet<String>) {
        let path = |name: &dyn std::fmt::Display| {
            if at.is_empty() {
                name.to_string()
            } else {
                format!("{at}::{name}")
            }
        };
        let tokens = |t: &dyn ToTokens| t.to_token_stream().to_string();
        for item in items {
            match item {
                syn::Item::Mod(m) => {
                    out.insert(format!("mod {}", path(&m.ident)));
                    let (_, inner) = m.content.as_ref().expect("modules are inline");
                    walk(inner, &path(&m.ident), out);
                }
                syn::Item::Fn(f) => {
                    out.insert(format!("fn {}", path(&f.sig.ident)));
                }
                syn::Item::Struct(s) => {
                    out.insert(format!("struct {}", path(&s.ident)));
                }
                syn::Item::Trait(t) => {
                    out.insert(format!("trait {}", path(&t.ident)));
                    for member in &t.items {
                        if let syn::TraitItem::Fn(f) = member {
                            out.insert(format!("fn {}::{}", path(&t.ident), f.sig.ident));
                        }
                    }
                }
                syn::Item::Impl(imp) => {
                    let ty = tokens(&imp.self_ty);
                    let head = match &imp.trait_ {
                        Some((_, t, _)) => format!("impl {} for {ty}", tokens(t)),
                        None => format!("impl {ty}"),
                    };
                    for member in &imp.items {
                        if let syn::ImplItem::Fn(f) = member {
                            out.insert(format!("fn {head} in {at} :: {}", f.sig.ident));
                        }
                    }
                    out.insert(format!("{head} in {at}"));
                }
                syn::Item::Use(u) => {
                    out.insert(format!("use {} in {at}", tokens(&u.tree)));
                }
                other => {
                    out.insert(format!("other {} in {at}", tokens(other)));
                }
            }
        }
    }
    let file = syn::parse_file(bundle).expect("a bundle parses");
    let mut out = BTreeSet::new();
    for item in &file.items {
        if let syn::Item::Mod(m) = item {
            if m.ident == "game_lib" {
                walk(&m.content.as_ref().expect("inline").1, "", &mut out);
            }
        }
    }
    out
}

/// Exactly the items the solution reaches are kept: what it names, what they name, the
/// impls of kept types of kept traits, the trait its method call needs; nothing of the
/// module nothing reaches, of `Circle` and its impls, of functions nothing calls, of tests.
#[test]
fn only_reached_items_are_kept() {
    let text = bundle("solutions/grouped.rs", false);
    let expected = [
        "mod arith",
        "fn arith::gcd",
        "fn arith::lcm",
        "mod shapes",
        "mod shapes::area",
        "trait shapes::area::Area",
        "fn shapes::area::Area::area",
        "impl Area for u64 in shapes::area",
        "fn impl Area for u64 in shapes::area :: area",
        "use self :: area :: Area in shapes",
        "use crate :: game_lib :: arith :: gcd in shapes",
        "struct shapes::Rect",
        "impl Area for Rect in shapes",
        "fn impl Area for Rect in shapes :: area",
        "impl Rect in shapes",
        "fn impl Rect in shapes :: tile",
    ];
    let expected: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
    assert_eq!(library_items(&text), expected, "{text}");
}

#[test]
fn same_input_same_bytes() {
    assert_eq!(
        bundle("solutions/glob.rs", false),
        bundle("solutions/glob.rs", false)
    );
}

#[test]
fn strip_docs_removes_every_doc_comment_and_nothing_else() {
    let with = bundle("solutions/grouped.rs", false);
    let without = bundle("solutions/grouped.rs", true);
    assert!(with.contains("/// Greatest common divisor.") && with.contains("//! Fixture library"));
    assert!(
        !without.contains("///") && !without.contains("//!"),
        "{without}"
    );
    let code = |text: &str| -> Vec<String> {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.starts_with("///") && !l.starts_with("//!"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(code(&with), code(&without));
}

/// The pipeline's bundle of `solution` against `game_lib`, verified as `verify` says.
fn pipeline(solution: &str, verify: Verify) -> Result<String, String> {
    pipeline_with(solution, verify, |_| {})
}

/// As [`pipeline`], the request changed by `change` first.
fn pipeline_with(
    solution: &str,
    verify: Verify,
    change: impl FnOnce(&mut Request),
) -> Result<String, String> {
    let mut request = Request {
        libraries: game_lib(),
        verify,
        ..Request::file(&relative(solution))
    };
    change(&mut request);
    pipeline::run(&request)
        .map(|verified| verified.text)
        .map_err(|e| e.to_string())
}

/// Kept whole (no pruning, docs kept), a bundle that compiles is verified as it is: byte for
/// byte the unverified one.
#[test]
fn a_bundle_that_compiles_is_verified_and_built() {
    let text = pipeline_with("solutions/qualified.rs", Verify::Build, |request| {
        request.prune = false;
        request.strip_docs = false;
    })
    .unwrap();
    assert_eq!(text, bundle("solutions/qualified.rs", false));
}

/// By default the trait the solution's code never runs goes, with its impls, the import of
/// it and the module left empty; docs go; what runs stays.
#[test]
fn a_verified_bundle_keeps_what_runs() {
    let text = pipeline("solutions/qualified.rs", Verify::Build).unwrap();
    for gone in [
        "trait Area",
        "impl Area",
        "mod area",
        "use self::area",
        "///",
        "//!",
    ] {
        assert!(!text.contains(gone), "{gone:?} is still in:\n{text}");
    }
    for kept in [
        "fn gcd",
        "fn digit_name",
        "static DIGITS",
        "struct Rect",
        "enum Shape",
    ] {
        assert!(text.contains(kept), "{kept:?} is gone from:\n{text}");
    }
}

/// rustc's error is shown at the solution's own file, line and column, with its label, not
/// at the bundle's line.
#[test]
fn a_solution_that_does_not_compile_is_an_error_at_its_line() {
    for verify in [Verify::TypeCheck, Verify::Build] {
        let message = pipeline("errors/does_not_compile.rs", verify).unwrap_err();
        assert!(
            message.starts_with(
                "the solution does not compile with `rustc --edition 2021 -O main.rs -o main`:\n\
                 tests/fixtures/bundle/errors/does_not_compile.rs:4:18: error[E0308]: mismatched types\n"
            ),
            "{message}"
        );
        assert!(
            message.contains("4 |     let x: u32 = gcd(4, 6);")
                && message.contains("^ expected `u32`, found `u64`"),
            "{message}"
        );
    }
    // Not checked, it is bundled all the same.
    assert!(pipeline("errors/does_not_compile.rs", Verify::Skip).is_ok());
}

/// The message for a solution that cannot be bundled against `library` (a path relative to
/// the package, as the solution's, so that messages do not depend on the checkout).
fn error(library: &str, solution: &str) -> String {
    let libraries = Libraries::Dirs(vec![relative(library)]);
    pipeline::run(&Request::unverified(&relative(solution), libraries))
        .unwrap_err()
        .to_string()
}

#[test]
fn error_missing_solution() {
    insta::assert_snapshot!(error("gamelib", "errors/missing.rs"));
}

#[test]
fn error_not_utf8() {
    insta::assert_snapshot!(error("gamelib", "errors/not_utf8.rs"));
}

#[test]
fn error_syntax() {
    insta::assert_snapshot!(error("gamelib", "errors/syntax.rs"));
}

#[test]
fn error_unknown_item() {
    insta::assert_snapshot!(error("gamelib", "errors/unknown_item.rs"));
}

#[test]
fn error_unknown_module() {
    insta::assert_snapshot!(error("gamelib", "errors/unknown_module.rs"));
}

#[test]
fn error_name_taken() {
    insta::assert_snapshot!(error("gamelib", "errors/name_taken.rs"));
}

#[test]
fn error_use_cycle() {
    insta::assert_snapshot!(error("cyclelib", "errors/cycle.rs"));
}

#[test]
fn error_library_without_manifest() {
    insta::assert_snapshot!(Library::open(&relative("no_manifest"))
        .unwrap_err()
        .to_string());
}

#[test]
fn error_library_without_lib_rs() {
    insta::assert_snapshot!(Library::open(&relative("no_lib")).unwrap_err().to_string());
}
