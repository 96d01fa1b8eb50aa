//! Everything that can stop a bundle, each with the context a user needs to fix it.

use crate::atomic::WriteError;
use crate::bundle::diagnose;
use crate::bundle::source::{Location, SourceError};
use std::path::PathBuf;

/// Why a bundle failed. Boxed: it travels up through every `?` of the bundler, and most of
/// its kinds carry a location and several names.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct Error(Box<ErrorKind>);

impl Error {
    pub fn kind(&self) -> &ErrorKind {
        &self.0
    }
}

impl<E: Into<ErrorKind>> From<E> for Error {
    fn from(kind: E) -> Error {
        Error(Box::new(kind.into()))
    }
}

/// A syntax error is explained on its way into an [`Error`]: what its place says is wrong
/// there.
impl From<SourceError> for ErrorKind {
    fn from(error: SourceError) -> ErrorKind {
        ErrorKind::Source(diagnose::explained(error))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ErrorKind {
    #[error(transparent)]
    Source(SourceError),
    #[error("{}: not a library crate: it has no {missing}", dir.display())]
    NotALibrary { dir: PathBuf, missing: &'static str },
    #[error("{at}: no file for module `{module}` (looked for {})\n{}",
        tried.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(" and "),
        at.excerpt())]
    ModuleFileMissing {
        at: Location,
        module: String,
        tried: Vec<PathBuf>,
    },
    #[error("{at}: module `{module}` is {}, a file that already contains it (circular modules)\n{}",
        file.display(), at.excerpt())]
    ModuleCycle {
        at: Location,
        module: String,
        file: PathBuf,
    },
    #[error("{at}: `{path}` is not in the library: `{parent}` ({}) has no `{name}`{}\n{}",
        searched.display(),
        suggestion.as_ref().map_or(String::new(), |s| format!("; did you mean `{s}`?")),
        at.excerpt())]
    Unknown {
        /// The file of the module that was searched, so a person sees which library it was.
        searched: PathBuf,
        at: Location,
        /// The whole path as written, e.g. `templates::nmi::nim_sum`.
        path: String,
        /// The module that lacks `name`, e.g. `templates`.
        parent: String,
        name: String,
        suggestion: Option<String>,
    },
    #[error("no template named `{name}` in {}{}",
        library.display(),
        suggestion.as_ref().map_or(String::new(), |s| format!("; did you mean `{s}`?")))]
    UnknownTemplate {
        /// The library's root file.
        library: PathBuf,
        name: String,
        suggestion: Option<String>,
    },
    #[error("{at}: the solution already defines `{name}`, the module the bundle adds; rename it\n{}",
        at.excerpt())]
    NameTaken { at: Location, name: String },
    #[error("{at}: these `use` declarations import each other in a cycle: {chain}\n{}", at.excerpt())]
    UseCycle { at: Location, chain: String },
    #[error(transparent)]
    Write(#[from] WriteError),
    #[error("could not run cargo: {0}")]
    Cargo(std::io::Error),
    #[error("`cargo metadata` failed for {}:\n{stderr}", manifest.display())]
    Metadata { manifest: PathBuf, stderr: String },
    #[error("cannot write the embedded templates to {}: {source}", dir.display())]
    Embedded {
        dir: PathBuf,
        source: std::io::Error,
    },
    #[error("{package} (in {}) is a proc-macro crate: a judge compiles one file with no macro crate beside it, so it cannot be bundled", dir.display())]
    ProcMacro { package: String, dir: PathBuf },
    /// A proc macro the solution applies could not be expanded: its crate did not build,
    /// the server did not start, the macro panicked.
    #[error("{at}: cannot expand the {kind} `{name}`: {source}\n{}", at.excerpt())]
    Expand {
        at: Location,
        kind: crate::expand::MacroKind,
        name: String,
        source: crate::expand::ExpandError,
    },
    #[error("{at}: what the {kind} `{name}` made is not Rust items: {message}\n{}", at.excerpt())]
    ExpansionNotItems {
        at: Location,
        kind: crate::expand::MacroKind,
        name: String,
        message: String,
    },
}
