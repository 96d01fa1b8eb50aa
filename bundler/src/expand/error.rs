//! Everything that can stop an expansion, each saying which toolchain, server, library or
//! macro it is about.

use super::MacroKind;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum ExpandError {
    #[error(
        "the toolchain at {} has no proc-macro server ({} is missing): the `rustc` component \
         rustup installs ships it (a distribution's packaged rustc, such as Debian's, does not)",
        sysroot.display(), server.display()
    )]
    ServerNotFound { sysroot: PathBuf, server: PathBuf },
    #[error(
        "the proc-macro server {} ({toolchain}) speaks protocol version {version}; this bundler \
         speaks versions {} to {}, those of toolchains 1.85 to 1.95: expand with one of those, \
         or with a bundler that speaks version {version}",
        server.display(), super::SUPPORTED_VERSIONS.start(), super::SUPPORTED_VERSIONS.end()
    )]
    UnsupportedVersion {
        server: PathBuf,
        toolchain: String,
        version: u32,
    },
    /// The call's input has a `None`-delimited group, which this server may drop.
    #[error(
        "the proc-macro server {} ({toolchain}) loses invisible (`None`-delimited) groups, \
         which this call's input has: `«a + b» * c` could come back as `a + b * c`; use a \
         toolchain from 1.86 on",
        server.display()
    )]
    InvisibleGroups { server: PathBuf, toolchain: String },
    #[error("could not start the proc-macro server {}: {source}", server.display())]
    Start {
        server: PathBuf,
        source: std::io::Error,
    },
    /// The server died, or reading or writing its pipes failed.
    #[error("the proc-macro server {} failed: {reason}{}", server.display(),
        if stderr.is_empty() { String::new() } else { format!("\nits stderr:\n{stderr}") })]
    Crashed {
        server: PathBuf,
        reason: String,
        stderr: String,
    },
    /// An answer that is not what the protocol version it announced says (bad JSON, an
    /// answer to another request, a token tree out of its own bounds).
    #[error("the proc-macro server {} answered what its protocol does not allow: {what}", server.display())]
    Protocol { server: PathBuf, what: String },
    #[error("the proc-macro server could not load {}: {message}", dylib.display())]
    DylibLoad { dylib: PathBuf, message: String },
    #[error("{} has no {kind} `{name}`; it has {}", dylib.display(),
        if available.is_empty() { "no macros".to_string() } else { available.join(", ") })]
    NoSuchMacro {
        dylib: PathBuf,
        name: String,
        kind: MacroKind,
        /// Each of its macros, as `kind `name``.
        available: Vec<String>,
    },
    /// The macro's own error: proc macros report errors by panicking.
    #[error("proc macro `{name}` panicked: {}",
        if message.is_empty() { "(no message)" } else { message })]
    Panicked { name: String, message: String },
    #[error("{} is not UTF-8, which the proc-macro server's protocol needs", path.display())]
    NotUtf8 { path: PathBuf },
    #[error("could not run {program}: {source}")]
    Run {
        program: String,
        source: std::io::Error,
    },
    #[error("`rustc --print sysroot` in {} failed: {stderr}", dir.display())]
    Sysroot { dir: PathBuf, stderr: String },
    /// Cargo could not build a proc-macro crate: its own message, as it printed it.
    #[error("cargo could not build the proc-macro crates of {}:\n{message}", manifest.display())]
    Build { manifest: PathBuf, message: String },
}
