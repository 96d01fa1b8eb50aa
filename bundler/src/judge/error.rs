//! Why judging could not be done at all (as opposed to a verdict).

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// Why judging could not be done at all.
#[derive(Debug)]
pub enum JudgeError {
    Io {
        path: PathBuf,
        source: io::Error,
    },
    /// No problem folder was found (the suite must never pass by judging nothing).
    NoProblems {
        dir: PathBuf,
    },
    UnknownProblem {
        id: String,
        closest: Option<String>,
        /// How many problems there are.
        known: usize,
    },
    NoTests {
        problem: String,
    },
    /// An input (`.in` or `.gen`) has neither `.out` nor `.sha256`.
    MissingExpected {
        problem: String,
        test: String,
    },
    /// A malformed file in a problem folder.
    Invalid {
        path: PathBuf,
        message: String,
    },
    /// `gen.py` failed for a generated test.
    Generator {
        problem: String,
        test: String,
        message: String,
    },
    /// A checker or interactor failed (crashed, went over its limits, or did not compile).
    Helper {
        problem: String,
        message: String,
    },
    /// rustc, python3 or a compiled solution could not be started or waited for.
    Tool(String),
    /// Stopped by a signal; every run was stopped and every temporary directory removed.
    Interrupted,
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            JudgeError::NoProblems { dir } => write!(
                f,
                "{} holds no problem (a folder with main.rs, README.md or tests/)",
                dir.display()
            ),
            JudgeError::UnknownProblem { id, closest, known } => match (closest, known) {
                (Some(closest), _) => {
                    write!(f, "unknown problem `{id}`; the closest is `{closest}`")
                }
                (None, 0) => write!(f, "unknown problem `{id}`; there are no problems"),
                (None, known) => write!(
                    f,
                    "unknown problem `{id}`, and none of the {known} problems is close \
                     (`grundy test` alone judges them all)"
                ),
            },
            JudgeError::NoTests { problem } => write!(
                f,
                "problem `{problem}` has no tests (expected tests/<name>.in or .gen)"
            ),
            JudgeError::MissingExpected { problem, test } => write!(
                f,
                "problem `{problem}`: test `{test}` has no expected output \
                 (tests/{test}.out or tests/{test}.sha256)"
            ),
            JudgeError::Invalid { path, message } => write!(f, "{}: {message}", path.display()),
            JudgeError::Generator {
                problem,
                test,
                message,
            } => write!(
                f,
                "problem `{problem}`: gen.py failed for test `{test}`: {message}"
            ),
            JudgeError::Helper { problem, message } => {
                write!(f, "problem `{problem}`: {message}")
            }
            JudgeError::Tool(message) => f.write_str(message),
            JudgeError::Interrupted => f.write_str("interrupted; every run was stopped"),
        }
    }
}

impl std::error::Error for JudgeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            JudgeError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

pub(super) fn io_error(path: &Path) -> impl FnOnce(io::Error) -> JudgeError + '_ {
    move |source| JudgeError::Io {
        path: path.to_path_buf(),
        source,
    }
}
