//! Why a stress run could not be done or was stopped: each one message, naming the program
//! (and the seed, when a run was under way) at fault.

use crate::judge::{JudgeError, Verdict};
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum StressError {
    #[error(transparent)]
    Judge(#[from] JudgeError),
    /// No brute force or generator was found.
    #[error(
        "no {what} for problem `{problem}`: looked for {stem}.rs and {stem}.py in {}; write \
         one (`grundy stress --init` starts {stem}.rs), or name one with {flag} PATH",
        dir.display()
    )]
    Missing {
        what: &'static str,
        problem: String,
        dir: PathBuf,
        stem: &'static str,
        flag: &'static str,
    },
    /// `stress` was given (or found) several problems.
    #[error(
        "grundy stress takes one problem, and {} holds {}: name one ({})",
        dir.display(), ids.len(), ids.join(", ")
    )]
    SeveralProblems { dir: PathBuf, ids: Vec<String> },
    /// The solution could not be built (BE or CE).
    #[error("the solution cannot be run: {0}")]
    Solution(Verdict),
    /// A brute force, generator or validator that does not bundle or compile.
    #[error("{program}: {message}")]
    Build { program: String, message: String },
    #[error(
        "python3 is needed to run {script} and could not be run ({reason}); install it \
         (Debian: `apt-get install python3`)"
    )]
    Python { script: String, reason: String },
    /// A program of the user's failed on a run: the generator, the brute force, or the
    /// validator on the generator's input.
    #[error("{program} failed for seed {seed} (size {size}): {message}")]
    Program {
        program: String,
        seed: u64,
        size: u64,
        message: String,
    },
    #[error(
        "{program} is not deterministic: run twice as `{stem} {seed}` (size {size}), it \
         wrote two different inputs ({difference}); a generator must draw its random \
         numbers from the seed"
    )]
    NotDeterministic {
        program: String,
        stem: String,
        seed: u64,
        size: u64,
        difference: String,
    },
    #[error(
        "{validator} rejects the input {generator} wrote for seed {seed} (size {size}): \
         the generator's bug{}{message}\n{input}",
        if message.is_empty() { "" } else { "; it says: " }
    )]
    Rejected {
        validator: String,
        generator: String,
        seed: u64,
        size: u64,
        message: String,
        /// The input, as the report shows one.
        input: String,
    },
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Write(#[from] crate::atomic::WriteError),
}

impl StressError {
    /// Whether the run was stopped by a signal (the shell's 130), not refused (2).
    pub fn interrupted(&self) -> bool {
        matches!(self, StressError::Judge(JudgeError::Interrupted))
    }
}

pub(super) fn io_error(path: &std::path::Path) -> impl FnOnce(std::io::Error) -> StressError + '_ {
    move |source| StressError::Io {
        path: path.to_path_buf(),
        source,
    }
}
