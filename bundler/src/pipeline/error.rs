//! What can stop a bundle on its way to the judge.

use crate::bundle;
use crate::config::ConfigError;
use crate::profile::provided::ProvidedError;
use crate::profile::TooLarge;

#[derive(Debug, thiserror::Error)]
pub enum PipelineError {
    #[error(transparent)]
    Bundle(#[from] bundle::Error),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("cannot read the solution from standard input: {0}")]
    Stdin(std::io::Error),
    #[error("{0}")]
    Profile(String),
    #[error("cannot minify the bundle: {0}")]
    Minify(String),
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    #[error(transparent)]
    Provided(#[from] ProvidedError),
    #[error("could not run rustc: {0}")]
    Rustc(std::io::Error),
    /// rustc rejects the solution's own code; each error located in the solution.
    #[error("the solution does not compile {compiling}:\n{}", errors.join("\n"))]
    Solution {
        /// "as Codeforces compiles it (`rustc ...`)".
        compiling: String,
        errors: Vec<String>,
    },
    /// The bundled code of a library does not compile: the bundler's fault.
    #[error(
        "{culprit} does not compile {compiling}; this is a bug of the bundler, not of \
             the solution: please report it with the solution and the library.\n{rendered}"
    )]
    Library {
        /// "the bundled code of `gamelib 0.1.0`", "the minified bundle", ...
        culprit: String,
        compiling: String,
        rendered: String,
    },
    #[error(transparent)]
    NewerEdition(Box<NewerEdition>),
    /// A bundled crate reads what its build script makes, which no judge runs.
    #[error(
        "`{package}` reads `env!(\"{variable}\")`, which its build script sets when Cargo builds \
         it: a judge compiles one file and runs no build script, so `{package}` cannot be \
         bundled (a newer version may not need one; `cargo tree -i {name}` shows what brings \
         it in)"
    )]
    BuildScript {
        package: String,
        name: String,
        variable: String,
    },
    /// rustc itself failed (a crash, a stack overflow on deep nesting): a judge's may too.
    #[error(
        "rustc failed on the bundle {compiling}, without an error about its code: it crashed \
             (a judge's rustc may crash the same way), or the toolchain does not run here:\n{stderr}"
    )]
    RustcFailed { compiling: String, stderr: String },
}

/// A bundled crate of a newer edition than the judge's does not compile in the judge's.
#[derive(Debug, thiserror::Error)]
#[error(
    "`{package}` is an edition {crate_edition} crate and does not compile in edition {edition} \
     {compiling}; the bundler does not rewrite code down to an older edition. Judges that take \
     it: {takers}.\n{rendered}"
)]
pub struct NewerEdition {
    pub package: String,
    pub crate_edition: &'static str,
    pub edition: String,
    pub compiling: String,
    pub takers: String,
    pub rendered: String,
}
