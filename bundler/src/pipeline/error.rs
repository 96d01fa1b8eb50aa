//! What can stop a bundle on its way to the judge.

use crate::bundle;
use crate::config::ConfigError;
use crate::profile::provided::ProvidedError;
use crate::profile::TooLarge;
use std::path::PathBuf;

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
    /// Over the judge's limit even minified; `refused` holds the bundle before minifying,
    /// for the user to see what it keeps.
    #[error("{over}{}", on_next_line(&.refused.to_string()))]
    TooLarge {
        over: TooLarge,
        refused: Box<Refused>,
    },
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
             the solution: please report it with the solution and the library.\n{refused}"
    )]
    Library {
        /// "the bundled code of `gamelib 0.1.0`", "the minified bundle", ...
        culprit: String,
        compiling: String,
        refused: Box<Refused>,
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
             (a judge's rustc may crash the same way), or the toolchain does not run here:\n{refused}"
    )]
    RustcFailed {
        compiling: String,
        refused: Box<Refused>,
    },
}

impl PipelineError {
    /// The bundle rustc refused, when the message shows places in it (not in the solution's
    /// own files): for the caller to write where the user can read it.
    pub fn refused_mut(&mut self) -> Option<&mut Refused> {
        match self {
            PipelineError::Library { refused, .. } | PipelineError::RustcFailed { refused, .. } => {
                Some(refused.as_mut())
            }
            PipelineError::NewerEdition(newer) => Some(newer.refused.as_mut()),
            PipelineError::TooLarge { refused, .. } => Some(refused.as_mut()),
            _ => None,
        }
    }
}

/// What rustc said of a bundle it refused, which it names `main.rs`, and that bundle.
#[derive(Debug)]
pub struct Refused {
    /// rustc's own rendering of its messages.
    pub rendered: String,
    /// What the bundle is, for the note saying where it is written: "the bundle rustc
    /// refused".
    pub what: &'static str,
    /// The text rustc compiled.
    pub bundle: String,
    /// Where the bundle was written for the user to read, or why it could not be.
    pub written: Option<Result<PathBuf, String>>,
}

impl Refused {
    /// Boxed: errors stay small on their way up.
    pub fn new(rendered: String, bundle: &str) -> Box<Refused> {
        Box::new(Refused {
            rendered,
            what: "the bundle rustc refused",
            bundle: bundle.to_string(),
            written: None,
        })
    }
}

/// rustc's messages; once the bundle is written, its places (`--> main.rs:15104:5`) name
/// the file written, and a last line says where it is.
impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let file = match &self.written {
            Some(Ok(path)) => Some(path.display().to_string()),
            _ => None,
        };
        for line in self.rendered.split_inclusive('\n') {
            let trimmed = line.trim_start();
            let indent = &line[..line.len() - trimmed.len()];
            let place = ["-->", ":::"].into_iter().find_map(|arrow| {
                let rest = trimmed
                    .strip_prefix(arrow)?
                    .strip_prefix(' ')?
                    .strip_prefix(COMPILED_FILE)?;
                rest.starts_with(':').then_some((arrow, rest))
            });
            match (place, &file) {
                (Some((arrow, rest)), Some(file)) => write!(f, "{indent}{arrow} {file}{rest}")?,
                _ => f.write_str(line)?,
            }
        }
        let Some(written) = &self.written else {
            return Ok(());
        };
        if !self.rendered.is_empty() && !self.rendered.ends_with('\n') {
            f.write_str("\n")?;
        }
        match written {
            Ok(path) => write!(f, "note: {} is written to {}", self.what, path.display()),
            Err(why) => write!(f, "note: {} could not be written: {why}", self.what),
        }
    }
}

/// `text` on a line of its own after what comes before it, or nothing.
fn on_next_line(text: &str) -> String {
    if text.is_empty() {
        String::new()
    } else {
        format!("\n{text}")
    }
}

/// The name rustc is given the bundle by (`rustc ... main.rs`), as its messages show it.
const COMPILED_FILE: &str = "main.rs";

/// A bundled crate of a newer edition than the judge's does not compile in the judge's.
#[derive(Debug, thiserror::Error)]
#[error(
    "`{package}` is an edition {crate_edition} crate and does not compile in edition {edition} \
     {compiling}; the bundler does not rewrite code down to an older edition. Judges that take \
     it: {takers}.\n{refused}"
)]
pub struct NewerEdition {
    pub package: String,
    pub crate_edition: &'static str,
    pub edition: String,
    pub compiling: String,
    pub takers: String,
    pub refused: Box<Refused>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rustcs_places_name_the_file_written_and_a_last_line_says_where() {
        let rendered = "error[E0308]: mismatched types\n  --> main.rs:22:13\n   |\n   \
                        ::: main.rs:3:1\n  --> other.rs:1:1\nsee main.rs:1\n";
        let mut refused = Refused::new(rendered.to_string(), "fn main() {}\n");
        assert_eq!(
            refused.to_string(),
            rendered,
            "nothing written: as rustc said it"
        );
        refused.written = Some(Ok(PathBuf::from("/tmp/sub.rejected.rs")));
        assert_eq!(
            refused.to_string(),
            "error[E0308]: mismatched types\n  --> /tmp/sub.rejected.rs:22:13\n   |\n   \
             ::: /tmp/sub.rejected.rs:3:1\n  --> other.rs:1:1\nsee main.rs:1\n\
             note: the bundle rustc refused is written to /tmp/sub.rejected.rs"
        );
        // A crash's report need not end its line.
        let mut crashed = Refused::new("thread 'rustc' panicked".to_string(), "");
        crashed.written = Some(Err("No space left on device".to_string()));
        assert_eq!(
            crashed.to_string(),
            "thread 'rustc' panicked\nnote: the bundle rustc refused could not be written: No \
             space left on device"
        );
    }
}
