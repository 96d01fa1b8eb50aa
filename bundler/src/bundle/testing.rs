//! Small crate graphs written to a folder, for the engine's table tests: each step is tested
//! on a library made for the row, as rust-analyzer's tests do.

use super::crates::{CrateGraph, CrateSpec, Edition};
use super::ids::{CrateId, ModuleId};
use super::library::Library;
use std::path::Path;

/// A crate of a test library: its name, the crates it depends on (by name, as its code names
/// them), its edition and its `lib.rs`.
#[derive(Clone)]
pub struct TestCrate<'a> {
    pub name: &'a str,
    pub deps: &'a [&'a str],
    pub edition: Edition,
    pub text: &'a str,
}

/// The crates `(name, dependencies, lib.rs)`, edition 2021, written to `dir`, as one library
/// whose roots are all of them, every module parsed.
pub fn library(dir: &Path, crates: &[(&str, &[&str], &str)]) -> Library {
    let crates: Vec<TestCrate> = crates
        .iter()
        .map(|&(name, deps, text)| TestCrate {
            name,
            deps,
            edition: Edition::E2021,
            text,
        })
        .collect();
    library_of(dir, &crates)
}

/// [`library`] of crates of any edition.
pub fn library_of(dir: &Path, crates: &[TestCrate]) -> Library {
    let mut lib = Library::of_graph(graph(dir, crates)).unwrap();
    let mut m = 0;
    while m < lib.modules().count() {
        lib.load(ModuleId(m)).unwrap();
        m += 1;
    }
    lib
}

/// The crate graph of `crates`, their root files written to `dir`.
pub fn graph(dir: &Path, crates: &[TestCrate]) -> CrateGraph {
    let mut graph = CrateGraph::default();
    for (k, krate) in crates.iter().enumerate() {
        let root = dir.join(krate.name).join("lib.rs");
        std::fs::create_dir_all(root.parent().unwrap()).unwrap();
        std::fs::write(&root, krate.text).unwrap();
        graph.crates.push(CrateSpec {
            name: krate.name.to_string(),
            package: format!("{} 0.1.0", krate.name),
            dir: dir.join(krate.name),
            root,
            edition: krate.edition,
            features: Default::default(),
            deps: krate
                .deps
                .iter()
                .map(|d| {
                    let dep = crates.iter().position(|c| c.name == *d).unwrap();
                    (d.to_string(), CrateId(dep))
                })
                .collect(),
            proc_macros: Default::default(),
            license: None,
            license_file: None,
            build_script: None,
            built_where: None,
        });
        graph.roots.insert(krate.name.to_string(), CrateId(k));
    }
    graph
}

/// The module at `path` (`crate::a::b`, by the crate's name).
pub fn module(lib: &Library, path: &str) -> ModuleId {
    let mut names = path.split("::");
    let krate = lib.roots[names.next().unwrap()];
    names.fold(lib.krate(krate).root, |m, name| lib.child(m, name).unwrap())
}

/// The library of `crates` (see [`library_of`]) with no module parsed yet: each is parsed
/// when the step tested needs it.
pub fn unparsed_library(dir: &Path, crates: &[TestCrate]) -> Library {
    Library::of_graph(graph(dir, crates)).unwrap()
}

/// A crate of edition 2021 without dependencies.
pub fn crate_2021<'a>(name: &'a str, text: &'a str) -> TestCrate<'a> {
    TestCrate {
        name,
        deps: &[],
        edition: Edition::E2021,
        text,
    }
}
