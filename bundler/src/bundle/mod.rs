//! The bundle engine: finds the crates a solution draws from ([`crates`]: manifests and
//! `cargo metadata`), reads them ([`library`], [`source`], with [`cfg`](mod@cfg) deciding features),
//! reads the solution ([`parse`]), says what each name means ([`resolve`]), works out which
//! items the solution reaches ([`reach`]) and writes the single file ([`emit`]); [`check`]
//! compiles it as a judge would.

pub mod cfg;
pub mod check;
pub mod crates;
pub(crate) mod diagnose;
pub mod emit;
mod error;
pub mod judges;
pub mod library;
pub mod minify;
pub mod parse;
pub mod reach;
pub mod resolve;
pub mod source;

pub use emit::BundleOptions;
pub use error::{Error, ErrorKind};
pub use library::Library;

use parse::Solution;
use std::path::Path;

/// The single-file bundle of the solution at `path`.
pub fn bundle(path: &Path, lib: &mut Library, opts: &BundleOptions) -> Result<String, Error> {
    bundle_solution(&Solution::read(path)?, lib, opts)
}

/// The single-file bundle of a solution already read: its text, library paths made
/// absolute, then the library module with what it reaches.
pub fn bundle_solution(
    solution: &Solution,
    lib: &mut Library,
    opts: &BundleOptions,
) -> Result<String, Error> {
    // `extern crate x as y;` at the root puts `y` in the extern prelude: paths through `y`
    // mean crate `x` everywhere in the solution.
    for e in solution.extern_crates(|name| lib.roots.contains_key(name)) {
        if let Some(alias) = e.rename {
            let krate = lib.roots[&e.name];
            lib.roots.insert(alias, krate);
        }
    }
    let proc_macro = solution
        .references(|name| lib.proc_macro_roots.contains_key(name))
        .into_iter()
        .find_map(|r| lib.proc_macro_roots.get(&r.segments[0]));
    if let Some(proc_macro) = proc_macro {
        return Err(proc_macro.error());
    }
    let is_lib = |name: &str| lib.roots.contains_key(name);
    let refs = solution.references(is_lib);
    let kept = reach::for_solution(lib, solution, &refs)?;
    diagnose::check_writable(lib, &kept)?;
    for (k, krate) in lib.crates.iter().enumerate() {
        if kept.has_crate(lib, k) {
            solution.check_name_free(&krate.module_name)?;
        }
    }
    let module = emit::library_modules(lib, &kept, opts);
    let text = emit::solution_text(solution, &refs, lib);
    Ok(if module.is_empty() {
        text
    } else {
        format!("{text}\n{module}")
    })
}

/// The library module with the named top-level modules (templates) and all they use: what
/// `bundler show` prints, and what a snippet expands to.
pub fn show(names: &[String], lib: &mut Library, opts: &BundleOptions) -> Result<String, Error> {
    let kept = reach::for_modules(lib, names)?;
    diagnose::check_writable(lib, &kept)?;
    Ok(emit::library_modules(lib, &kept, opts))
}
