//! The bundle engine: finds the crates a solution draws from ([`crates`]: manifests and
//! `cargo metadata`), reads them ([`library`], [`source`], with [`cfg`](mod@cfg) deciding features),
//! reads the solution ([`parse`]), says what each name means ([`resolve`]), works out which
//! items the solution reaches ([`reach`]) and writes the single file ([`emit`]), knowing
//! where each part of it came from ([`Bundle`]).

pub mod build_scripts;
pub mod cfg;
pub mod crates;
pub(crate) mod diagnose;
pub mod emit;
mod error;
pub mod file_modules;
pub mod ids;
pub mod library;
mod license;
mod old_syntax;
pub mod parse;
pub mod path;
pub mod proc_macros;
pub mod reach;
pub mod resolve;
pub(crate) mod scan;
pub mod source;
#[cfg(test)]
mod testing;
pub mod tokens;
mod writable;

pub use emit::BundleOptions;
pub use error::{Error, ErrorKind};
pub use library::Library;

use parse::Solution;
use source::Location;
use std::ops::Range;
use std::path::PathBuf;

/// A bundle, and where each of its parts came from.
#[derive(Debug, Clone)]
pub struct Bundle {
    pub text: String,
    /// The solution: its file and text, and the edits that made the start of `text`.
    pub solution_path: PathBuf,
    pub solution_text: String,
    /// Where each part of the solution's text was written; see [`Solution::pieces`].
    solution_pieces: Vec<file_modules::Piece>,
    edits: Vec<emit::Edit>,
    /// Where the solution's part of `text` ends.
    solution_end: usize,
    /// Each bundled crate's module.
    pub crates: Vec<BundledCrate>,
}

/// A crate's module in a bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundledCrate {
    /// `name version`.
    pub package: String,
    pub edition: crates::Edition,
    /// The bytes of the bundle's text it takes.
    pub range: Range<usize>,
}

/// What a place in a bundle is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin<'b> {
    /// The solution's own code, at this place of its file.
    Solution(Location),
    /// A bundled crate's code.
    Library(&'b BundledCrate),
    /// Neither (a line the bundler added between the parts).
    Bundler,
}

impl Bundle {
    /// Replaces bytes `range` of a crate's part of the text (not the solution's), keeping
    /// track of where each crate's part is.
    pub fn replace(&mut self, range: Range<usize>, replacement: &str) {
        debug_assert!(range.start >= self.solution_end);
        self.text.replace_range(range.clone(), replacement);
        let grown = replacement.len() as isize - range.len() as isize;
        let moved = |at: usize| at.saturating_add_signed(grown);
        for c in &mut self.crates {
            if c.range.start >= range.end {
                c.range.start = moved(c.range.start);
            }
            if c.range.end >= range.end {
                c.range.end = moved(c.range.end);
            }
        }
    }

    /// Replaces bytes `range` of the solution's part (an edition's migration of its code),
    /// keeping each place of it traced to the solution's files.
    pub fn replace_in_solution(&mut self, range: Range<usize>, replacement: &str) {
        debug_assert!(range.end <= self.solution_end);
        let source = self.solution_source(range.start)..self.solution_source(range.end);
        self.text.replace_range(range.clone(), replacement);
        let grown = replacement.len() as isize - range.len() as isize;
        let moved = |at: usize| at.saturating_add_signed(grown);
        // A path the bundler rewrote that the replacement overlaps is traced by it instead.
        self.edits
            .retain(|e| e.output.end <= range.start || e.output.start >= range.end);
        for edit in &mut self.edits {
            if edit.output.start >= range.end {
                edit.output = moved(edit.output.start)..moved(edit.output.end);
            }
        }
        let at = self.edits.partition_point(|e| e.output.start < range.start);
        let output = range.start..range.start + replacement.len();
        self.edits.insert(at, emit::Edit { source, output });
        self.solution_end = moved(self.solution_end);
        for c in &mut self.crates {
            c.range = moved(c.range.start)..moved(c.range.end);
        }
    }

    /// The bytes of the text that are the solution's part.
    pub fn solution_range(&self) -> Range<usize> {
        0..self.solution_end
    }

    /// Where byte `offset` of the solution's part was in the solution's text: unchanged text
    /// keeps its distance from the last edit before it; a place inside an edit is the start
    /// of what it replaced.
    fn solution_source(&self, offset: usize) -> usize {
        let mut source = offset;
        for edit in &self.edits {
            if edit.output.start > offset {
                break;
            }
            source = if offset < edit.output.end {
                edit.source.start
            } else {
                offset - edit.output.end + edit.source.end
            };
        }
        source.min(self.solution_text.len())
    }

    /// Where byte `offset` of the bundle's text came from.
    pub fn origin(&self, offset: usize) -> Origin<'_> {
        if offset < self.solution_end {
            let source = self.solution_source(offset);
            return Origin::Solution(file_modules::locate(
                &self.solution_pieces,
                &self.solution_path,
                &self.solution_text,
                source,
            ));
        }
        self.crates
            .iter()
            .find(|c| c.range.contains(&offset))
            .map_or(Origin::Bundler, Origin::Library)
    }
}

/// The single-file bundle of a solution already read: its text, library paths made
/// absolute, then the library module with what it reaches.
pub fn bundle_solution(
    solution: &Solution,
    lib: &mut Library,
    opts: &BundleOptions,
) -> Result<Bundle, Error> {
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
    let reach::Reached { kept, resolution } = reach::for_solution(lib, solution, &refs)?;
    writable::check_writable(lib, &kept)?;
    for (k, krate) in lib.crates() {
        if kept.has_crate(lib, k) {
            solution.check_name_free(&krate.module_name)?;
        }
    }
    let resolver = resolve::Resolver::with_cache(lib, resolution);
    let (module, mut crates) = emit::library_parts(lib, &kept, &resolver, opts);
    let (mut text, edits) = emit::solution_text(solution, &refs, &kept.unused_imports, lib);
    let solution_end = text.len();
    if !module.is_empty() {
        text.push('\n');
        for c in &mut crates {
            c.range = c.range.start + text.len()..c.range.end + text.len();
        }
        text += &module;
    }
    Ok(Bundle {
        text,
        solution_path: solution.path.clone(),
        solution_text: solution.text.clone(),
        solution_pieces: solution.pieces.clone(),
        edits,
        solution_end,
        crates,
    })
}

/// The library module with the named top-level modules (templates) and all they use: what
/// `grundy show` prints, and what a snippet expands to.
pub fn show(names: &[String], lib: &mut Library, opts: &BundleOptions) -> Result<String, Error> {
    let reach::Reached { kept, resolution } = reach::for_modules(lib, names)?;
    writable::check_writable(lib, &kept)?;
    let resolver = resolve::Resolver::with_cache(lib, resolution);
    Ok(emit::library_parts(lib, &kept, &resolver, opts).0)
}
