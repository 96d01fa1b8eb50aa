//! The bundler: turns a solution written against a library crate into one file a judge
//! compiles with plain `rustc`, and serves the library's templates at contest time.
//!
//! Bundling reads the solution ([`parse`]), works out which library items it reaches
//! ([`resolve`]) and writes the single file ([`emit`]); [`library`] reads the library crate.

pub mod atomic;
pub mod catalog;
pub mod check;
pub mod cli;
pub mod emit;
mod error;
pub mod header;
pub mod judge;
pub mod library;
pub mod notebook;
pub mod parse;
pub mod resolve;
pub mod scaffold;
pub mod snippets;
pub mod source;
pub mod suggest;

pub use emit::BundleOptions;
pub use error::{Error, ErrorKind};
pub use library::Library;

use parse::Solution;
use std::path::{Path, PathBuf};

/// The workspace this bundler was built in, whose `templates` and `problems` are the
/// defaults.
pub fn workspace_dir() -> PathBuf {
    let bundler = Path::new(env!("CARGO_MANIFEST_DIR"));
    bundler.parent().unwrap_or(bundler).to_path_buf()
}

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
