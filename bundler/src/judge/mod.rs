//! The judge runner behind `grundy test`: bundles each problem's `main.rs`, compiles the
//! bundle for the judge and edition it was made for ([`Bundled::target`]; `rustc --edition
//! 2021 -O main.rs -o main` for no judge), runs every test under the problem's limits and compares
//! outputs as judges do.
//!
//! Every program (rustc, a generator, a solution, a checker, an interactor) runs under a
//! supervisor process ([`supervise`]) that applies rlimits and the sandbox ([`sandbox`]),
//! measures the whole process tree and kills all of it before reporting. Problems are
//! compiled in parallel ([`JudgeOptions::compile_jobs`] threads) while earlier problems are
//! judged; tests run one at a time. A problem's verdict is the first test that is not
//! accepted, in test-name order, and no later test of it runs:
//!
//! - `AC`: every test's output matched (trailing whitespace and trailing empty lines ignored),
//!   or the problem's checker or interactor accepted it;
//! - `WA`: the first differing line, a `.sha256` digest that differs, or the checker's or
//!   interactor's message;
//! - `TLE`: over the CPU-time limit (all threads), or over the wall-time limit (twice the
//!   time limit plus a second: a solution that sleeps or waits; twice that against an
//!   interactor, whose time the solution waits out);
//! - `MLE`: memory over the limit (a cgroup v2 group's `memory.max` where the judge can make
//!   one, else resident memory sampled), or an allocation refused by the address-space cap;
//! - `OLE`: stdout or stderr over [`JudgeOptions::output_limit`] bytes, or the solution's
//!   files over as many bytes all together (a tmpfs of that size, or watched);
//! - `RE`: non-zero exit status, a signal, or too many processes, with stderr's tail;
//! - `CE`: rustc's first error and its location, or the compile limit it went over;
//! - `BE`: the bundler failed, so there was nothing to compile.
//!
//! A broken problem folder (no tests, an input without expected output, a bad limit line, a
//! failing `gen.py`, a checker that crashes) is a [`JudgeError`], never a verdict: it is the
//! problem's fault, not the solution's.
//!
//! The files, split as DMOJ splits its graders: `run` orchestrates (the threads that build,
//! the problems and their tests in order), `prepared` offers the same build and grading one
//! input at a time (for `grundy stress`), `standard` and `interactive` grade one test,
//! `report` holds the verdicts and the table; `spec` is what the judge and the supervisor pass
//! each other, which both sides use; `supervise`, `sandbox`, `disk` and `cgroup` are the
//! supervisor's side.

mod cgroup;
mod compare;
mod disk;
mod error;
mod execute;
mod interactive;
pub mod live;
mod options;
mod prepared;
pub mod problem;
mod report;
mod run;
pub mod sandbox;
mod spec;
mod standard;
pub mod supervise;
mod work;

pub use compare::Mismatch;
pub use error::JudgeError;
pub use options::{Bundled, JudgeOptions, PROCESS_LIMIT};
pub use prepared::{compile_tool, tool_limits, Judged, Lane, Prepared, Tool, ToolEnd, ToolRun};
pub use problem::{DEFAULT_MEMORY_LIMIT, DEFAULT_TIME_LIMIT};
pub use report::{id_width, table_header, ProblemReport, Report, Verdict};
pub use run::{compile_and_run, run, run_with, wall_for, Event};
pub use spec::{Confinement, Disk, DiskBy, Isolation, Limits, MemoryBy};
