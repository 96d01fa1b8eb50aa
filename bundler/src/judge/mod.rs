//! The judge runner behind `bundler test`: bundles each problem's `main.rs`, compiles the
//! bundle with `rustc --edition 2021 -O main.rs -o main` in a temporary directory, runs every
//! test under the problem's time limit and compares outputs as judges do.
//!
//! Problems are compiled in parallel ([`JudgeOptions::compile_jobs`] threads); tests then run
//! one at a time so their times are not distorted. A problem's verdict is the first test that
//! is not accepted, in test-name order, and no later test of it runs:
//!
//! - `AC`: every test's output matched (trailing whitespace and trailing empty lines ignored);
//! - `WA`: the first differing line, or for a `.sha256` test that the digest differs;
//! - `TLE`: killed at the time limit; `OLE`: killed when its output grew past
//!   [`JudgeOptions::output_limit`]; `RE`: non-zero exit status or a signal, with stderr's tail;
//! - `CE`: rustc's first error and its location in the bundle;
//! - `BE`: the bundler failed, so there was nothing to compile.
//!
//! A broken problem folder (no tests, an input without expected output, a bad time-limit
//! line, a failing `gen.py`) is a [`JudgeError`], never a verdict: it is the problem's fault,
//! not the solution's.

mod compare;
mod execute;
mod problem;

pub use compare::Mismatch;
pub use problem::DEFAULT_TIME_LIMIT;

use execute::Outcome;
use problem::{Expected, Input, Problem, TestCase};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// How to judge.
#[derive(Debug, Clone)]
pub struct JudgeOptions {
    /// Multiplies every problem's time limit, e.g. 2.0 on a machine slower than the judge's.
    pub time_limit_factor: f64,
    /// Problems compiled at once; 2 suits a 2-core machine.
    pub compile_jobs: usize,
    /// A run is killed (`OLE`) once its stdout and stderr together exceed this many bytes.
    pub output_limit: u64,
    /// Where the temporary directories are created (the system's by default).
    pub temp_root: Option<PathBuf>,
}

impl Default for JudgeOptions {
    fn default() -> Self {
        JudgeOptions {
            time_limit_factor: 1.0,
            compile_jobs: 2,
            output_limit: 256 << 20,
            temp_root: None,
        }
    }
}

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
    /// rustc, python3 or a compiled solution could not be started or waited for.
    Tool(String),
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
            JudgeError::UnknownProblem { id, closest } => match closest {
                Some(closest) => write!(f, "unknown problem `{id}`; the closest is `{closest}`"),
                None => write!(f, "unknown problem `{id}`; there are no problems"),
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
            JudgeError::Tool(message) => f.write_str(message),
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

/// A problem's verdict.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Accepted,
    WrongAnswer {
        test: String,
        mismatch: Mismatch,
    },
    TimeLimitExceeded {
        test: String,
        limit: Duration,
    },
    OutputLimitExceeded {
        test: String,
        limit: u64,
    },
    /// `status` reads "exit status 3" or "signal 11 (SIGSEGV)".
    RuntimeError {
        test: String,
        status: String,
        stderr_tail: String,
    },
    CompileError {
        first_error: String,
    },
    BundleError {
        message: String,
    },
}

impl Verdict {
    /// The short code: AC, WA, TLE, OLE, RE, CE or BE.
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer { .. } => "WA",
            Verdict::TimeLimitExceeded { .. } => "TLE",
            Verdict::OutputLimitExceeded { .. } => "OLE",
            Verdict::RuntimeError { .. } => "RE",
            Verdict::CompileError { .. } => "CE",
            Verdict::BundleError { .. } => "BE",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let code = self.code();
        match self {
            Verdict::Accepted => f.write_str(code),
            Verdict::WrongAnswer { test, mismatch } => write!(f, "{code} on {test} ({mismatch})"),
            Verdict::TimeLimitExceeded { test, limit } => {
                write!(f, "{code} on {test} (limit {})", limit_seconds(*limit))
            }
            Verdict::OutputLimitExceeded { test, limit } => {
                write!(f, "{code} on {test} (output over {limit} bytes)")
            }
            Verdict::RuntimeError {
                test,
                status,
                stderr_tail,
            } => {
                write!(f, "{code} on {test} ({status}")?;
                if !stderr_tail.is_empty() {
                    write!(f, "; stderr: {stderr_tail}")?;
                }
                f.write_str(")")
            }
            Verdict::CompileError { first_error } => write!(f, "{code} ({first_error})"),
            Verdict::BundleError { message } => write!(f, "{code} (bundler: {message})"),
        }
    }
}

/// One problem's line of the report.
#[derive(Debug, Clone)]
pub struct ProblemReport {
    pub id: String,
    pub tests: usize,
    pub verdict: Verdict,
    /// The slowest test that ran; `None` when none ran (CE, BE).
    pub slowest: Option<Duration>,
}

/// The result of a run; its `Display` is the table printed by `bundler test`.
#[derive(Debug, Clone)]
pub struct Report {
    pub problems: Vec<ProblemReport>,
    /// Wall time of bundling and compiling (in parallel), then of running the tests.
    pub compile_time: Duration,
    pub run_time: Duration,
}

impl Report {
    /// Whether there was at least one problem and every one is AC.
    pub fn all_accepted(&self) -> bool {
        !self.problems.is_empty() && self.problems.iter().all(|p| p.verdict == Verdict::Accepted)
    }

    /// The summary line, e.g. `21 problems: 19 AC, 1 WA, 1 TLE`.
    pub fn summary(&self) -> String {
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for code in ["AC", "WA", "TLE", "OLE", "RE", "CE", "BE"] {
            let count = self
                .problems
                .iter()
                .filter(|p| p.verdict.code() == code)
                .count();
            if count > 0 {
                counts.push((code, count));
            }
        }
        let counts: Vec<String> = counts.iter().map(|(c, n)| format!("{n} {c}")).collect();
        let noun = if self.problems.len() == 1 {
            "problem"
        } else {
            "problems"
        };
        format!("{} {noun}: {}", self.problems.len(), counts.join(", "))
    }
}

/// A limit as set in a README: "0.5 s", "2 s" (no float noise like 0.29999999).
fn limit_seconds(limit: Duration) -> String {
    let fixed = format!("{:.3}", limit.as_secs_f64());
    format!("{} s", fixed.trim_end_matches('0').trim_end_matches('.'))
}

fn seconds(duration: Duration) -> String {
    format!("{:.2} s", duration.as_secs_f64())
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The verdict goes last: its width varies too much to align anything after it.
        let id_width = self.problems.iter().map(|p| p.id.len()).fold(7, usize::max);
        writeln!(
            f,
            "{:<id_width$}  {:>5}  {:>8}  verdict",
            "problem", "tests", "slowest"
        )?;
        for p in &self.problems {
            let slowest = p.slowest.map_or_else(|| "-".to_string(), seconds);
            writeln!(
                f,
                "{:<id_width$}  {:>5}  {slowest:>8}  {}",
                p.id, p.tests, p.verdict
            )?;
        }
        writeln!(f, "{}", self.summary())?;
        write!(
            f,
            "total {} (bundle and compile {}, tests {})",
            seconds(self.compile_time + self.run_time),
            seconds(self.compile_time),
            seconds(self.run_time)
        )
    }
}

/// Judges the problems `ids` of `problems_dir` in the order given (all of them, sorted, when
/// `ids` is empty). `bundle` turns a solution's path into the single-file source to compile.
pub fn run(
    problems_dir: &Path,
    ids: &[String],
    bundle: &(dyn Fn(&Path) -> Result<String, String> + Sync),
    opts: &JudgeOptions,
) -> Result<Report, JudgeError> {
    let problems = select(problems_dir, ids)?
        .iter()
        .map(|id| Problem::load(problems_dir, id))
        .collect::<Result<Vec<_>, _>>()?;

    let start = Instant::now();
    let builds = build_all(&problems, bundle, opts)?;
    let compile_time = start.elapsed();

    let start = Instant::now();
    let mut reports = Vec::new();
    for (problem, build) in problems.iter().zip(builds) {
        let (verdict, slowest) = match build {
            Build::Compiled(dir) => judge(problem, &dir, opts)?,
            Build::Failed(verdict) => (verdict, None),
        };
        reports.push(ProblemReport {
            id: problem.id.clone(),
            tests: problem.tests.len(),
            verdict,
            slowest,
        });
    }
    Ok(Report {
        problems: reports,
        compile_time,
        run_time: start.elapsed(),
    })
}

/// The requested ids, checked and without repeats, or every problem's id.
fn select(problems_dir: &Path, ids: &[String]) -> Result<Vec<String>, JudgeError> {
    let existing = problem::problem_ids(problems_dir)?;
    if ids.is_empty() {
        if existing.is_empty() {
            return Err(JudgeError::NoProblems {
                dir: problems_dir.to_path_buf(),
            });
        }
        return Ok(existing);
    }
    let mut selected: Vec<String> = Vec::new();
    for id in ids {
        if !existing.contains(id) {
            return Err(JudgeError::UnknownProblem {
                id: id.clone(),
                closest: crate::suggest::closest(id, existing.iter().map(String::as_str))
                    .map(str::to_string),
            });
        }
        if !selected.contains(id) {
            selected.push(id.clone());
        }
    }
    Ok(selected)
}

enum Build {
    /// The directory holding the compiled `main`; removed when dropped.
    Compiled(TempDir),
    Failed(Verdict),
}

fn temp_dir(opts: &JudgeOptions) -> Result<TempDir, JudgeError> {
    let dir = match &opts.temp_root {
        Some(root) => tempfile::Builder::new().prefix("judge").tempdir_in(root),
        None => tempfile::Builder::new().prefix("judge").tempdir(),
    };
    dir.map_err(|source| JudgeError::Io {
        path: opts.temp_root.clone().unwrap_or_else(std::env::temp_dir),
        source,
    })
}

/// Bundles and compiles every problem, `opts.compile_jobs` at a time.
fn build_all(
    problems: &[Problem],
    bundle: &(dyn Fn(&Path) -> Result<String, String> + Sync),
    opts: &JudgeOptions,
) -> Result<Vec<Build>, JudgeError> {
    let next = AtomicUsize::new(0);
    let results: Vec<Mutex<Option<Result<Build, JudgeError>>>> =
        problems.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..opts.compile_jobs.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(problem) = problems.get(index) else {
                    break;
                };
                let result = build(problem, bundle, opts);
                *results[index].lock().expect("no worker panics holding it") = Some(result);
            });
        }
    });
    results
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .expect("no worker panics holding it")
                .expect("every problem was built")
        })
        .collect()
}

fn build(
    problem: &Problem,
    bundle: &(dyn Fn(&Path) -> Result<String, String> + Sync),
    opts: &JudgeOptions,
) -> Result<Build, JudgeError> {
    let source = match bundle(&problem.main_rs()) {
        Ok(source) => source,
        Err(message) => return Ok(Build::Failed(Verdict::BundleError { message })),
    };
    let dir = temp_dir(opts)?;
    Ok(match execute::compile(dir.path(), &source)? {
        Ok(()) => Build::Compiled(dir),
        Err(first_error) => Build::Failed(Verdict::CompileError { first_error }),
    })
}

/// Runs the problem's tests in order until one fails; returns the verdict and slowest time.
fn judge(
    problem: &Problem,
    build_dir: &TempDir,
    opts: &JudgeOptions,
) -> Result<(Verdict, Option<Duration>), JudgeError> {
    let limit = problem.time_limit.mul_f64(opts.time_limit_factor);
    let binary = build_dir.path().join("main");
    let output = build_dir.path().join("output");
    let mut slowest = Duration::ZERO;
    for test in &problem.tests {
        let input = input_file(problem, test, build_dir.path())?;
        let outcome = execute::run(&binary, &input, &output, limit, opts.output_limit)?;
        let name = test.name.clone();
        let verdict = match outcome {
            Outcome::TimedOut { elapsed } => {
                slowest = slowest.max(elapsed);
                Verdict::TimeLimitExceeded { test: name, limit }
            }
            Outcome::OutputExceeded { elapsed } => {
                slowest = slowest.max(elapsed);
                Verdict::OutputLimitExceeded {
                    test: name,
                    limit: opts.output_limit,
                }
            }
            Outcome::Exited {
                status,
                elapsed,
                stderr,
            } => {
                slowest = slowest.max(elapsed);
                if status.success() {
                    match check(test, &output)? {
                        Ok(()) => Verdict::Accepted,
                        Err(mismatch) => Verdict::WrongAnswer {
                            test: name,
                            mismatch,
                        },
                    }
                } else {
                    Verdict::RuntimeError {
                        test: name,
                        status: execute::describe(status),
                        stderr_tail: execute::tail(&stderr),
                    }
                }
            }
        };
        if verdict != Verdict::Accepted {
            return Ok((verdict, Some(slowest)));
        }
    }
    Ok((Verdict::Accepted, Some(slowest)))
}

/// The test's input file, generating it first (untimed) for a `.gen` test.
fn input_file(problem: &Problem, test: &TestCase, work_dir: &Path) -> Result<PathBuf, JudgeError> {
    match &test.input {
        Input::File(path) => Ok(path.clone()),
        Input::Generated(args) => {
            let path = work_dir.join("generated.in");
            execute::generate(&problem.dir, args, &path)?.map_err(|message| {
                JudgeError::Generator {
                    problem: problem.id.clone(),
                    test: test.name.clone(),
                    message,
                }
            })?;
            Ok(path)
        }
    }
}

fn check(test: &TestCase, output: &Path) -> Result<Result<(), Mismatch>, JudgeError> {
    let read = |path: &Path| {
        std::fs::read(path)
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .map_err(|source| JudgeError::Io {
                path: path.to_path_buf(),
                source,
            })
    };
    let got = read(output)?;
    Ok(match &test.expected {
        Expected::Output(path) => compare::compare(&read(path)?, &got),
        Expected::Digest(hex) => compare::compare_digest(hex, &got),
    })
}
