//! The bundler on a library it was not written for: ac-library-rs 0.2.0 (lib name
//! `ac_library`), a dev-dependency so that Cargo fetches its source. The fixture
//! `fixtures/acl/main.rs` uses its `Dsu` and its static modints, imported both through the
//! crate root's `pub use` re-exports and through the `modint` module path. The bundle must
//! compile with plain `rustc` under editions 2021 and 2024, print what the independent Python
//! reference (`fixtures/acl/reference.py`) printed into `expected.txt`, and carry none of the
//! library's modules that the solution never reaches.
//!
//! Each bundle is also kept under cargo's per-test scratch dir (`CARGO_TARGET_TMPDIR`) so that a
//! failure can be looked at after the run.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use bundler::pipeline::{self, Libraries, Request};
use bundler::profile::rustc::compile_in;
use syn::visit::Visit;

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/acl")
}

/// The unpacked source of ac-library-rs 0.2.0, as `cargo metadata` reports it: the folder
/// holding the package's `Cargo.toml`.
fn acl_source_dir() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let metadata = bundler::bundle::crates::metadata(&manifest)
        .unwrap_or_else(|e| panic!("cannot read the dependencies: {e}"));
    let package = metadata
        .packages
        .iter()
        .find(|p| p.name == "ac-library-rs" && p.version.to_string() == "0.2.0")
        .expect("ac-library-rs 0.2.0 is not in the dependency graph of bundler");
    let dir = PathBuf::from(package.manifest_path.parent().unwrap());
    assert!(
        dir.join("src/lib.rs").is_file(),
        "no src/lib.rs in {}",
        dir.display()
    );
    dir
}

/// Bundles the fixture as the engine writes it (this file compiles the bundle itself), doc
/// comments left out when `strip_docs`; keeps a copy of the result as
/// `CARGO_TARGET_TMPDIR/ac_library/NAME`.
fn bundle(strip_docs: bool, name: &str) -> String {
    let solution = fixture_dir().join("main.rs");
    let request = Request {
        strip_docs,
        ..Request::unverified(&solution, Libraries::Dirs(vec![acl_source_dir()]))
    };
    let code = pipeline::run(&request)
        .map(|verified| verified.text)
        .unwrap_or_else(|e| panic!("cannot bundle {}: {e}", solution.display()));
    let kept = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ac_library");
    std::fs::create_dir_all(&kept).unwrap();
    std::fs::write(kept.join(name), &code).unwrap();
    code
}

fn default_bundle() -> &'static str {
    static BUNDLE: OnceLock<String> = OnceLock::new();
    BUNDLE.get_or_init(|| bundle(false, "main.rs"))
}

fn trimmed_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Compiles `code` as `main.rs` in a fresh folder with
/// `rustc --edition EDITION -O main.rs -o main`, runs it on `input.txt` and compares its
/// output with `expected.txt`, line by line without trailing whitespace.
fn compile_and_run(code: &str, edition: &str) {
    let dir = tempfile::tempdir().unwrap();
    if let Err(stderr) = compile_in(dir.path(), code, edition).unwrap() {
        panic!(
            "rustc --edition {edition} rejects the bundle (a copy is in {}/ac_library):\n{stderr}",
            env!("CARGO_TARGET_TMPDIR")
        );
    }

    let input = std::fs::File::open(fixture_dir().join("input.txt")).unwrap();
    let run = Command::new(dir.path().join("main"))
        .stdin(input)
        .output()
        .expect("cannot run the compiled bundle");
    assert!(
        run.status.success(),
        "the bundle compiled with edition {edition} failed ({}):\n{}",
        run.status,
        String::from_utf8_lossy(&run.stderr)
    );
    let expected = std::fs::read_to_string(fixture_dir().join("expected.txt")).unwrap();
    let actual = String::from_utf8(run.stdout).expect("the output is not UTF-8");
    let (expected, actual) = (trimmed_lines(&expected), trimmed_lines(&actual));
    if let Some(i) =
        (0..expected.len().max(actual.len())).find(|&i| expected.get(i) != actual.get(i))
    {
        panic!(
            "edition {edition}: wrong answer at line {}: expected {:?}, got {:?} ({} lines expected, {} printed)",
            i + 1,
            expected.get(i),
            actual.get(i),
            expected.len(),
            actual.len()
        );
    }
}

#[test]
fn bundle_is_accepted_under_edition_2021() {
    compile_and_run(default_bundle(), "2021");
}

#[test]
fn bundle_is_accepted_under_edition_2024() {
    compile_and_run(default_bundle(), "2024");
}

#[test]
fn bundle_without_docs_is_accepted_and_no_longer() {
    let stripped = bundle(true, "main-stripped.rs");
    assert!(
        stripped.len() <= default_bundle().len(),
        "stripping docs made the bundle longer: {} bytes against {}",
        stripped.len(),
        default_bundle().len()
    );
    compile_and_run(&stripped, "2021");
}

/// Names of every `mod` item in the file, at any depth.
fn module_names(code: &str) -> BTreeSet<String> {
    struct Modules(BTreeSet<String>);
    impl<'ast> Visit<'ast> for Modules {
        fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
            self.0.insert(item.ident.to_string());
            syn::visit::visit_item_mod(self, item);
        }
    }
    let file = syn::parse_file(code).unwrap_or_else(|e| panic!("the bundle does not parse: {e}"));
    let mut modules = Modules(BTreeSet::new());
    modules.visit_file(&file);
    modules.0
}

/// The solution reaches `dsu`, `modint` and, through `modint`, `internal_math`; no other module
/// of ac-library-rs may come along, even though the crate root re-exports items from all of
/// them.
#[test]
fn bundle_leaves_out_the_modules_the_solution_does_not_reach() {
    const UNREACHED: [&str; 14] = [
        "convolution",
        "fenwicktree",
        "lazysegtree",
        "math",
        "maxflow",
        "mincostflow",
        "scc",
        "segtree",
        "string",
        "twosat",
        "internal_bit",
        "internal_queue",
        "internal_scc",
        "internal_type_traits",
    ];
    let modules = module_names(default_bundle());
    let present: Vec<&str> = UNREACHED
        .into_iter()
        .filter(|m| modules.contains(*m))
        .collect();
    assert!(
        present.is_empty(),
        "the bundle carries modules the solution never reaches: {present:?} (all its modules: {modules:?})"
    );
    // Items only those modules define must be gone too, whatever the bundle's layout.
    for item in [
        "FenwickTree",
        "LazySegtree",
        "MfGraph",
        "SccGraph",
        "TwoSat",
        "suffix_array",
    ] {
        assert!(
            !default_bundle().contains(item),
            "the bundle mentions `{item}`, which the solution never reaches"
        );
    }
}
