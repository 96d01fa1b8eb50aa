//! How to judge: the options a caller sets.

use super::execute;
use super::spec::{DiskBy, Isolation, Limits};
use crate::profile::Target;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// How to judge.
#[derive(Debug, Clone)]
pub struct JudgeOptions {
    /// Multiplies every problem's time limit, e.g. 2.0 on a machine slower than the judge's.
    pub time_limit_factor: f64,
    /// Problems compiled at once; 2 suits a 2-core machine.
    pub compile_jobs: usize,
    /// A run is stopped (`OLE`) once its stdout or its stderr exceeds this many bytes.
    pub output_limit: u64,
    /// Where the temporary directories are created (the system's by default).
    pub temp_root: Option<PathBuf>,
    /// The executable whose `supervise` subcommand runs each program: the bundler binary
    /// (the current executable by default; a test harness names the real binary).
    pub supervisor: PathBuf,
    /// How solutions are isolated; the strongest that works here when `None`.
    pub isolation: Option<Isolation>,
    /// How the bound on a solution's files (all together, [`JudgeOptions::output_limit`]
    /// bytes) holds; a tmpfs where one can be mounted when `None`.
    pub disk: Option<DiskBy>,
    /// Raised (by a signal handler) to stop: every run is stopped and every temporary
    /// directory removed before [`super::run()`] returns [`super::JudgeError::Interrupted`].
    pub interrupt: Arc<AtomicBool>,
    /// What rustc may take compiling one bundle (`CE` beyond): time and memory.
    pub compile_limits: Limits,
}

/// A solution as the judge compiles it: its single-file source (as it compiles here, where
/// the judge's has only its systems' code), and the judge and edition it was bundled for,
/// whose command compiles it and whose stack it runs with.
#[derive(Debug, Clone)]
pub struct Bundled {
    pub source: String,
    pub target: Target,
}

impl From<crate::pipeline::Verified> for Bundled {
    fn from(verified: crate::pipeline::Verified) -> Bundled {
        Bundled {
            source: verified.here.unwrap_or(verified.text),
            target: verified.target,
        }
    }
}

impl Default for JudgeOptions {
    fn default() -> Self {
        JudgeOptions {
            time_limit_factor: 1.0,
            compile_jobs: 2,
            output_limit: 256 << 20,
            temp_root: None,
            supervisor: std::env::current_exe().unwrap_or_else(|_| PathBuf::from("bundler")),
            isolation: None,
            disk: None,
            interrupt: Arc::new(AtomicBool::new(false)),
            compile_limits: execute::COMPILE_LIMITS,
        }
    }
}

/// Processes a solution may have at once (its threads are not counted).
pub const PROCESS_LIMIT: u64 = 256;
