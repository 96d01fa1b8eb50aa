//! The bundle engine: reads the solution ([`parse`]), works out which library items it
//! reaches ([`resolve`]) and writes the single file ([`emit`]); [`library`] reads the library
//! crate.

pub mod check;
pub mod emit;
mod error;
pub mod library;
pub mod parse;
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
    solution.check_name_free(&lib.name)?;
    let refs = solution.references(&lib.name);
    let kept = resolve::for_solution(lib, solution, &refs)?;
    let module = emit::library_module(lib, &kept, opts);
    let text = emit::solution_text(solution, &refs, &lib.name);
    Ok(if module.is_empty() {
        text
    } else {
        format!("{text}\n{module}")
    })
}

/// The library module with the named top-level modules (templates) and all they use: what
/// `bundler show` prints, and what a snippet expands to.
pub fn show(names: &[String], lib: &mut Library, opts: &BundleOptions) -> Result<String, Error> {
    let kept = resolve::for_modules(lib, names)?;
    Ok(emit::library_module(lib, &kept, opts))
}
