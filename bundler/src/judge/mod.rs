//! The judge runner behind `grundy test`: bundles each problem's `main.rs`, compiles the
//! bundle as the chosen judge profile does ([`JudgeOptions::profile`]; `rustc --edition 2021
//! -O main.rs -o main` for none), runs every test under the problem's limits and compares
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
//!   time limit plus a second: a solution that sleeps or waits);
//! - `MLE`: resident memory over the limit, or an allocation refused by the address-space cap;
//! - `OLE`: stdout or stderr over [`JudgeOptions::output_limit`] bytes;
//! - `RE`: non-zero exit status, a signal, or too many processes, with stderr's tail;
//! - `CE`: rustc's first error and its location, or the compile limit it went over;
//! - `BE`: the bundler failed, so there was nothing to compile.
//!
//! A broken problem folder (no tests, an input without expected output, a bad limit line, a
//! failing `gen.py`, a checker that crashes) is a [`JudgeError`], never a verdict: it is the
//! problem's fault, not the solution's.

mod compare;
mod execute;
pub mod live;
pub mod problem;
pub mod sandbox;
pub mod supervise;

pub use compare::Mismatch;
pub use problem::{DEFAULT_MEMORY_LIMIT, DEFAULT_TIME_LIMIT};
pub use sandbox::Isolation;

use crate::profile::provided;
use crate::profile::Profile;
use execute::Runner;
use problem::{Expected, Helper, Input, Problem, TestCase};
use std::fmt;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};
pub use supervise::Limits;
use supervise::{End, Limit, RunReport, RunSpec, Stream};
use tempfile::TempDir;

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
    /// Raised (by a signal handler) to stop: every run is stopped and every temporary
    /// directory removed before [`run`] returns [`JudgeError::Interrupted`].
    pub interrupt: Arc<AtomicBool>,
    /// What rustc may take compiling one bundle (`CE` beyond): time and memory.
    pub compile_limits: Limits,
    /// The judge whose command compiles each bundle, and in which of its editions.
    pub profile: &'static Profile,
    pub edition: &'static str,
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
            interrupt: Arc::new(AtomicBool::new(false)),
            compile_limits: execute::COMPILE_LIMITS,
            profile: &crate::profile::PROFILES[0],
            edition: crate::profile::PROFILES[0].editions[0],
        }
    }
}

/// Processes a solution may have at once (its threads are not counted).
pub const PROCESS_LIMIT: u64 = 256;

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

/// A problem's verdict.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Accepted,
    WrongAnswer {
        test: String,
        mismatch: Mismatch,
    },
    /// `wall` when the wall-time limit (a sleeping or blocked solution) was the one hit.
    TimeLimitExceeded {
        test: String,
        limit: Duration,
        wall: bool,
    },
    /// `limit` in bytes.
    MemoryLimitExceeded {
        test: String,
        limit: u64,
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
    /// The short code: AC, WA, TLE, MLE, OLE, RE, CE or BE.
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer { .. } => "WA",
            Verdict::TimeLimitExceeded { .. } => "TLE",
            Verdict::MemoryLimitExceeded { .. } => "MLE",
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
            Verdict::TimeLimitExceeded { test, limit, wall } => {
                let kind = if *wall { "wall-time limit" } else { "limit" };
                write!(f, "{code} on {test} ({kind} {})", limit_seconds(*limit))
            }
            Verdict::MemoryLimitExceeded { test, limit } => {
                write!(f, "{code} on {test} (limit {} MiB)", limit >> 20)
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
    /// The most CPU time a test took (all threads); `None` when none ran (CE, BE).
    pub slowest: Option<Duration>,
    /// The most resident memory a test used.
    pub peak_memory: Option<u64>,
}

impl ProblemReport {
    /// The table row, with ids padded to `id_width`.
    pub fn row(&self, id_width: usize) -> String {
        let slowest = self.slowest.map_or_else(|| "-".to_string(), seconds);
        let memory = self.peak_memory.map_or_else(
            || "-".to_string(),
            |bytes| format!("{} MiB", bytes.div_ceil(1 << 20)),
        );
        format!(
            "{:<id_width$}  {:>5}  {slowest:>8}  {memory:>8}  {}",
            self.id, self.tests, self.verdict
        )
    }
}

/// The result of a run; its `Display` is the table printed by `grundy test`.
#[derive(Debug, Clone)]
pub struct Report {
    pub problems: Vec<ProblemReport>,
    /// How solutions were isolated.
    pub isolation: Isolation,
    /// Wall time of the whole run (bundling, compiling and judging overlap).
    pub elapsed: Duration,
    /// The judge whose profile compiled the bundles, and its command.
    pub judged_as: String,
}

/// The width of the id column for these ids.
pub fn id_width<'a>(ids: impl IntoIterator<Item = &'a str>) -> usize {
    ids.into_iter().map(str::len).fold(7, usize::max)
}

/// The table's first line.
pub fn table_header(id_width: usize) -> String {
    format!(
        "{:<id_width$}  {:>5}  {:>8}  {:>8}  verdict",
        "problem", "tests", "cpu", "memory"
    )
}

impl Report {
    /// Whether there was at least one problem and every one is AC.
    pub fn all_accepted(&self) -> bool {
        !self.problems.is_empty() && self.problems.iter().all(|p| p.verdict == Verdict::Accepted)
    }

    /// The summary line, e.g. `21 problems: 19 AC, 1 WA, 1 TLE`.
    pub fn summary(&self) -> String {
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for code in ["AC", "WA", "TLE", "MLE", "OLE", "RE", "CE", "BE"] {
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

    /// The lines after the rows: summary, time, profile, isolation.
    pub fn footer(&self) -> String {
        format!(
            "{}\ntotal {}\njudged as: {}\nisolation: {}",
            self.summary(),
            seconds(self.elapsed),
            self.judged_as,
            self.isolation.describe()
        )
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
        let width = id_width(self.problems.iter().map(|p| p.id.as_str()));
        writeln!(f, "{}", table_header(width))?;
        for p in &self.problems {
            writeln!(f, "{}", p.row(width))?;
        }
        f.write_str(&self.footer())
    }
}

/// What [`run_with`] tells as it goes.
pub enum Event<'a> {
    /// Before anything runs: the problems, in order, and the isolation in effect.
    Start {
        ids: &'a [String],
        isolation: Isolation,
    },
    /// A problem's test `test` (1-based) of `tests` starts.
    Test {
        problem: &'a str,
        test: usize,
        tests: usize,
    },
    /// A problem has its verdict.
    Finished(&'a ProblemReport),
}

/// Judges the problem folders `folders` in the order given (see
/// [`problem::folders_to_judge`]). `bundle` turns a solution's path into the single-file
/// source to compile.
pub fn run(
    folders: &[PathBuf],
    bundle: &(dyn Fn(&Path) -> Result<String, String> + Sync),
    opts: &JudgeOptions,
) -> Result<Report, JudgeError> {
    run_with(folders, bundle, opts, &mut |_| {})
}

/// [`run`], telling `on_event` what happens as it happens.
pub fn run_with(
    folders: &[PathBuf],
    bundle: &(dyn Fn(&Path) -> Result<String, String> + Sync),
    opts: &JudgeOptions,
    on_event: &mut dyn FnMut(Event<'_>),
) -> Result<Report, JudgeError> {
    let problems = folders
        .iter()
        .map(|folder| Problem::load(folder))
        .collect::<Result<Vec<_>, _>>()?;
    let ids: Vec<String> = problems.iter().map(|p| p.id.clone()).collect();
    require_python(&problems)?;
    let isolation = opts.isolation.unwrap_or_else(Isolation::detect);
    // Programs run in other folders: a relative temporary root would point elsewhere there.
    let absolute_root;
    let opts = match &opts.temp_root {
        Some(root) if root.is_relative() => {
            absolute_root = JudgeOptions {
                temp_root: Some(std::path::absolute(root).map_err(io_error(root))?),
                ..opts.clone()
            };
            &absolute_root
        }
        _ => opts,
    };
    on_event(Event::Start {
        ids: &ids,
        isolation,
    });
    let start = Instant::now();
    // Raised on an interrupt, and on an error so the builders stop too.
    let failed = AtomicBool::new(false);
    let stop = || failed.load(Ordering::SeqCst) || opts.interrupt.load(Ordering::SeqCst);
    let runner = Runner {
        supervisor: &opts.supervisor,
        stop: &stop,
    };
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, Result<Build, JudgeError>)>();
    let judged = std::thread::scope(|scope| {
        for _ in 0..opts.compile_jobs.max(1) {
            let sender = sender.clone();
            let (next, problems, runner) = (&next, &problems, &runner);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::SeqCst);
                let Some(problem) = problems.get(index) else {
                    break;
                };
                if stop() {
                    break;
                }
                let built = build(problem, bundle, runner, opts);
                if sender.send((index, built)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let result = judge_in_order(&problems, &receiver, &runner, opts, isolation, on_event);
        if result.is_err() {
            failed.store(true, Ordering::SeqCst);
        }
        result
    });
    let reports = judged?;
    Ok(Report {
        problems: reports,
        isolation,
        elapsed: start.elapsed(),
        judged_as: format!(
            "{} ({})",
            opts.profile.title,
            opts.profile.command_line(opts.edition)
        ),
    })
}

/// Takes the builds as they come and judges them in the problems' order.
fn judge_in_order(
    problems: &[Problem],
    builds: &mpsc::Receiver<(usize, Result<Build, JudgeError>)>,
    runner: &Runner,
    opts: &JudgeOptions,
    isolation: Isolation,
    on_event: &mut dyn FnMut(Event<'_>),
) -> Result<Vec<ProblemReport>, JudgeError> {
    let mut waiting: Vec<Option<Result<Build, JudgeError>>> =
        problems.iter().map(|_| None).collect();
    let mut reports = Vec::new();
    for (index, problem) in problems.iter().enumerate() {
        while waiting[index].is_none() {
            match builds.recv() {
                Ok((i, built)) => waiting[i] = Some(built),
                // Every builder stopped early: an interrupt.
                Err(_) => return Err(JudgeError::Interrupted),
            }
        }
        let built = waiting[index].take().expect("just received")?;
        let (verdict, slowest, peak_memory) = match built {
            Build::Compiled(work) => {
                let judged = judge(problem, &work, runner, opts, isolation, on_event)?;
                (
                    judged.verdict,
                    Some(judged.slowest),
                    Some(judged.peak_memory),
                )
            }
            Build::Failed(verdict) => (verdict, None, None),
        };
        let report = ProblemReport {
            id: problem.id.clone(),
            tests: problem.tests.len(),
            verdict,
            slowest,
            peak_memory,
        };
        on_event(Event::Finished(&report));
        reports.push(report);
    }
    Ok(reports)
}

/// Generated tests run `python3 gen.py`: without python3 that is said once, up front, naming
/// the first problem that needs it, rather than failing after everything compiled.
fn require_python(problems: &[Problem]) -> Result<(), JudgeError> {
    let needing = problems.iter().find_map(|problem| {
        let test = problem
            .tests
            .iter()
            .find(|test| matches!(test.input, Input::Generated(_)))?;
        Some((problem, test))
    });
    let Some((problem, test)) = needing else {
        return Ok(());
    };
    let works = std::process::Command::new("python3")
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if works {
        Ok(())
    } else {
        Err(JudgeError::Tool(format!(
            "python3 is needed to generate the input of test `{}` of problem `{}` \
             (tests/{}.gen runs gen.py) and could not be run; install it (Debian: \
             `apt-get install python3`) or judge other problems",
            test.name, problem.id, test.name
        )))
    }
}

/// Compiles `source` with plain rustc and runs it with `args`, each under a supervisor
/// (`supervisor`: the executable whose `supervise` subcommand it is) and `limits`, for a
/// trusted program of the user's (`explore`'s games). `Ok(Err(reason))`: it did not compile
/// (rustc's first error, at `main.rs:line:column`), or it failed or went over a limit.
pub fn compile_and_run(
    supervisor: &Path,
    source: &str,
    args: &[String],
    limits: Limits,
) -> Result<Result<String, String>, JudgeError> {
    let dir = tempfile::Builder::new()
        .prefix("grundy-run-")
        .tempdir()
        .map_err(io_error(&std::env::temp_dir()))?;
    let main_rs = dir.path().join("main.rs");
    std::fs::write(&main_rs, source).map_err(io_error(&main_rs))?;
    let binary = dir.path().join("main");
    let never = || false;
    let runner = Runner {
        supervisor,
        stop: &never,
    };
    let compile_limits = execute::COMPILE_LIMITS;
    if let Err(error) =
        execute::Compiler::PLAIN.compile(&runner, &main_rs, &binary, dir.path(), &compile_limits)?
    {
        return Ok(Err(error));
    }
    let stdout = dir.path().join("stdout");
    let stderr = dir.path().join("stderr");
    let spec = execute::tool_spec(
        binary,
        args.to_vec(),
        dir.path(),
        Stream::File(stdout.clone()),
        stderr.clone(),
        dir.path().join("report"),
        limits,
    );
    let report = runner.run(&spec)?;
    Ok(match report.end {
        // All of it: the output limit already bounds it.
        End::Exited(0) => Ok(std::fs::read_to_string(&stdout).map_err(io_error(&stdout))?),
        End::Killed(limit) => Err(execute::describe_limit(limit, &limits)),
        end => Err(format!(
            "{}: {}",
            execute::describe(&end),
            execute::tail(&execute::read_tail(&stderr))
        )),
    })
}

/// A problem's directories, removed with it: `build/` (the bundle and binaries, readable by
/// the solution's user), `private/` (its input copy, outputs and reports: the judge's only),
/// and `run/`, the solution's fresh working directory.
struct Work {
    root: TempDir,
}

impl Work {
    fn new(opts: &JudgeOptions, id: &str) -> Result<Work, JudgeError> {
        let prefix = format!("judge-{id}-");
        let root = match &opts.temp_root {
            Some(root) => tempfile::Builder::new().prefix(&prefix).tempdir_in(root),
            None => tempfile::Builder::new().prefix(&prefix).tempdir(),
        }
        .map_err(|source| JudgeError::Io {
            path: opts.temp_root.clone().unwrap_or_else(std::env::temp_dir),
            source,
        })?;
        let work = Work { root };
        // Others may pass through (to run build/main) but not list; private/ is ours alone.
        for (dir, mode) in [
            (work.root.path(), 0o711),
            (&work.build(), 0o755),
            (&work.private(), 0o700),
        ] {
            if dir != work.root.path() {
                std::fs::create_dir(dir).map_err(io_error(dir))?;
            }
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode))
                .map_err(io_error(dir))?;
        }
        Ok(work)
    }

    fn build(&self) -> PathBuf {
        self.root.path().join("build")
    }

    fn private(&self) -> PathBuf {
        self.root.path().join("private")
    }

    fn private_file(&self, name: &str) -> PathBuf {
        self.private().join(name)
    }

    /// An empty working directory for the next run.
    fn fresh_run_dir(&self) -> Result<PathBuf, JudgeError> {
        let dir = self.root.path().join("run");
        if dir.exists() {
            std::fs::remove_dir_all(&dir).map_err(io_error(&dir))?;
        }
        std::fs::create_dir(&dir).map_err(io_error(&dir))?;
        Ok(dir)
    }
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> JudgeError + '_ {
    move |source| JudgeError::Io {
        path: path.to_path_buf(),
        source,
    }
}

enum Build {
    Compiled(Work),
    Failed(Verdict),
}

/// Bundles and compiles the solution, and compiles the problem's Rust checker or interactor.
fn build(
    problem: &Problem,
    bundle: &(dyn Fn(&Path) -> Result<String, String> + Sync),
    runner: &Runner,
    opts: &JudgeOptions,
) -> Result<Build, JudgeError> {
    let source = match bundle(&problem.main_rs()) {
        Ok(source) => source,
        Err(message) => return Ok(Build::Failed(Verdict::BundleError { message })),
    };
    let externs = match provided::externs(opts.profile, &provided::used(opts.profile, &source)) {
        Ok(externs) => externs,
        Err(e) => {
            let message = e.to_string();
            return Ok(Build::Failed(Verdict::BundleError { message }));
        }
    };
    let work = Work::new(opts, &problem.id)?;
    let main_rs = work.build().join("main.rs");
    std::fs::write(&main_rs, source).map_err(io_error(&main_rs))?;
    let binary = work.build().join("main");
    let compiler = execute::Compiler {
        profile: opts.profile,
        edition: opts.edition,
        externs: &externs,
    };
    if let Err(first_error) = compiler.compile(
        runner,
        &main_rs,
        &binary,
        &work.private(),
        &opts.compile_limits,
    )? {
        return Ok(Build::Failed(Verdict::CompileError { first_error }));
    }
    for (name, helper) in [
        ("checker", &problem.checker),
        ("interactor", &problem.interactor),
    ] {
        if let Some(Helper::Rust(source)) = helper {
            let binary = work.build().join(name);
            execute::Compiler::PLAIN
                .compile(
                    runner,
                    source,
                    &binary,
                    &work.private(),
                    &opts.compile_limits,
                )?
                .map_err(|error| JudgeError::Helper {
                    problem: problem.id.clone(),
                    message: format!("{name}.rs does not compile: {error}"),
                })?;
        }
    }
    Ok(Build::Compiled(work))
}

struct Judged {
    verdict: Verdict,
    slowest: Duration,
    peak_memory: u64,
}

/// The wall clock a CPU-time limit allows: twice it and a second, so a program that sleeps
/// or waits is stopped while one that computes meets its CPU limit first, even on a busy
/// machine.
pub fn wall_for(cpu: Duration) -> Duration {
    cpu * 2 + Duration::from_secs(1)
}

/// The limits a problem's solution runs under.
fn solution_limits(problem: &Problem, opts: &JudgeOptions) -> Limits {
    let cpu = problem.time_limit.mul_f64(opts.time_limit_factor);
    Limits {
        cpu,
        wall: wall_for(cpu),
        memory: problem.memory_limit,
        // Room for thread stacks and allocator arenas, which reserve far more than they use:
        // resident memory is what is limited; this only stops absurd allocations at once.
        address_space: Some(problem.memory_limit + (1 << 30)),
        file_size: Some(opts.output_limit + 1),
        processes: PROCESS_LIMIT,
        stack: Some(stack_limit(opts.profile.stack, problem.memory_limit)),
    }
}

/// The main thread's stack limit: the judge's (Codeforces links 256 MiB), else as large as
/// the memory limit (AtCoder, Library Checker and DMOJ). Its pages count in the resident
/// memory measured, so a stack that may take all the memory is stopped by the memory limit
/// (MLE, as those judges say of an endless recursion): its own limit is set beyond that one,
/// so that the two never race.
fn stack_limit(judge: Option<u64>, memory: u64) -> u64 {
    match judge {
        Some(stack) if stack < memory => stack,
        _ => memory + (64 << 20),
    }
}

/// Runs the problem's tests in order until one fails.
fn judge(
    problem: &Problem,
    work: &Work,
    runner: &Runner,
    opts: &JudgeOptions,
    isolation: Isolation,
    on_event: &mut dyn FnMut(Event<'_>),
) -> Result<Judged, JudgeError> {
    let limits = solution_limits(problem, opts);
    let mut judged = Judged {
        verdict: Verdict::Accepted,
        slowest: Duration::ZERO,
        peak_memory: 0,
    };
    for (index, test) in problem.tests.iter().enumerate() {
        on_event(Event::Test {
            problem: &problem.id,
            test: index + 1,
            tests: problem.tests.len(),
        });
        let input = work.private_file("input");
        prepare_input(problem, test, &input, work, runner)?;
        let run_dir = work.fresh_run_dir()?;
        let stdout = work.private_file("stdout");
        let stderr = work.private_file("stderr");
        let spec = RunSpec {
            program: work.build().join("main"),
            args: Vec::new(),
            dir: run_dir,
            stdin: Stream::File(input.clone()),
            stdout: Stream::File(stdout.clone()),
            stderr: Stream::File(stderr.clone()),
            // A judge's environment is bare: no RUST_BACKTRACE turning a panic into a slow
            // backtrace.
            env: Vec::new(),
            limits,
            isolation: Some(isolation),
            report: work.private_file("report"),
        };
        let verdict = match &problem.interactor {
            None => {
                let report = runner.run(&spec)?;
                judged.slowest = judged.slowest.max(report.cpu);
                judged.peak_memory = judged.peak_memory.max(report.peak_memory);
                match failure(&report, test, &limits, &stdout, &stderr, opts)? {
                    Some(verdict) => verdict,
                    None => check_output(problem, test, work, &input, &stdout, runner)?,
                }
            }
            Some(interactor) => {
                let spec = RunSpec {
                    stdin: Stream::Inherit,
                    stdout: Stream::Inherit,
                    ..spec
                };
                let (verdict, report) =
                    interact(problem, test, work, interactor, &spec, &input, runner, opts)?;
                judged.slowest = judged.slowest.max(report.cpu);
                judged.peak_memory = judged.peak_memory.max(report.peak_memory);
                verdict
            }
        };
        if verdict != Verdict::Accepted {
            judged.verdict = verdict;
            return Ok(judged);
        }
    }
    Ok(judged)
}

/// Puts the test's input at `input`, the judge's private copy: the solution reads it on
/// stdin and cannot learn where the tests are from its path. A `.gen` test runs `gen.py`.
fn prepare_input(
    problem: &Problem,
    test: &TestCase,
    input: &Path,
    work: &Work,
    runner: &Runner,
) -> Result<(), JudgeError> {
    match &test.input {
        Input::File(path) => std::fs::copy(path, input).map(drop).map_err(io_error(path)),
        Input::Generated(args) => {
            let stderr = work.private_file("gen.stderr");
            let spec = execute::tool_spec(
                "python3",
                std::iter::once("gen.py".to_string())
                    .chain(args.iter().cloned())
                    .collect(),
                &problem.dir,
                Stream::File(input.to_path_buf()),
                stderr.clone(),
                work.private_file("gen.report"),
                execute::TOOL_LIMITS,
            );
            let report = runner.run(&spec)?;
            match report.end {
                End::Exited(0) => Ok(()),
                end => Err(JudgeError::Generator {
                    problem: problem.id.clone(),
                    test: test.name.clone(),
                    message: format!(
                        "{}: {}",
                        execute::describe(&end),
                        execute::tail(&execute::read_tail(&stderr))
                    ),
                }),
            }
        }
    }
}

/// The verdict of a run that did not end well, or `None` when it exited 0 within every limit.
fn failure(
    report: &RunReport,
    test: &TestCase,
    limits: &Limits,
    stdout: &Path,
    stderr: &Path,
    opts: &JudgeOptions,
) -> Result<Option<Verdict>, JudgeError> {
    let name = test.name.clone();
    let tle = |wall| Verdict::TimeLimitExceeded {
        test: name.clone(),
        limit: if wall { limits.wall } else { limits.cpu },
        wall,
    };
    let mle = || Verdict::MemoryLimitExceeded {
        test: name.clone(),
        limit: limits.memory,
    };
    let size = |path: &Path| std::fs::metadata(path).map_or(0, |m| m.len());
    const SIGXFSZ: i32 = 25;
    Ok(Some(match &report.end {
        End::Interrupted => return Err(JudgeError::Interrupted),
        End::NotStarted(message) => {
            return Err(JudgeError::Tool(format!(
                "could not run the solution: {message}"
            )))
        }
        End::Killed(Limit::Cpu) => tle(false),
        End::Killed(Limit::Wall) => tle(true),
        End::Killed(Limit::Memory) => mle(),
        _ if size(stdout) > opts.output_limit
            || size(stderr) > opts.output_limit
            || report.end == End::Signaled(SIGXFSZ) =>
        {
            Verdict::OutputLimitExceeded {
                test: name,
                limit: opts.output_limit,
            }
        }
        _ if report.cpu > limits.cpu => tle(false),
        _ if report.peak_memory > limits.memory => mle(),
        End::Exited(0) => return Ok(None),
        end => {
            let stderr_text = execute::read_tail(stderr);
            // Rust's allocation-failure message: the address-space cap refused an allocation.
            if stderr_text.contains("memory allocation of") && stderr_text.contains("failed") {
                mle()
            } else {
                let status = match end {
                    End::Killed(limit) => execute::describe_limit(*limit, limits),
                    end => execute::describe(end),
                };
                Verdict::RuntimeError {
                    test: name,
                    status,
                    stderr_tail: execute::tail(&stderr_text),
                }
            }
        }
    }))
}

/// Compares the solution's output with the expected one, or asks the problem's checker.
fn check_output(
    problem: &Problem,
    test: &TestCase,
    work: &Work,
    input: &Path,
    output: &Path,
    runner: &Runner,
) -> Result<Verdict, JudgeError> {
    let open = |path: &Path| {
        std::fs::File::open(path)
            .map(io::BufReader::new)
            .map_err(io_error(path))
    };
    let mismatch = match (&problem.checker, &test.expected) {
        (Some(checker), Expected::Output(expected)) => {
            run_checker(problem, work, checker, input, output, expected, runner)?
        }
        (Some(_), _) => {
            return Err(JudgeError::Helper {
                problem: problem.id.clone(),
                message: format!("test `{}`: a checker needs a .out answer file", test.name),
            })
        }
        (None, Expected::Output(expected)) => {
            compare::compare(open(expected)?, open(output)?).map_err(io_error(output))?
        }
        (None, Expected::Digest(hex)) => {
            compare::compare_digest(hex, open(output)?).map_err(io_error(output))?
        }
        (None, Expected::Interactor) => unreachable!("tests without answers need an interactor"),
    };
    Ok(match mismatch {
        Ok(()) => Verdict::Accepted,
        Err(mismatch) => Verdict::WrongAnswer {
            test: test.name.clone(),
            mismatch,
        },
    })
}

/// The program and leading arguments that run a helper.
fn helper_command(work: &Work, name: &str, helper: &Helper) -> (PathBuf, Vec<String>) {
    match helper {
        Helper::Rust(_) => (work.build().join(name), Vec::new()),
        Helper::Script { interpreter, path } => (
            PathBuf::from(&interpreter[0]),
            interpreter[1..]
                .iter()
                .cloned()
                .chain([path.to_string_lossy().into_owned()])
                .collect(),
        ),
    }
}

fn path_arg(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Exit statuses 126 and 127: the shell's and `env`'s "found but not runnable" and "not
/// found", as when a script's `#!` names an interpreter that is not installed. The problem's
/// fault, not a rejection.
fn cannot_run(code: i32) -> bool {
    code == 126 || code == 127
}

/// Runs `checker <input> <output> <answer>`: exit 0 accepts, any other exit (a panic's 101
/// too: lazy checkers unwrap what they parse) rejects with its message; a signal or a limit is
/// the problem's fault.
fn run_checker(
    problem: &Problem,
    work: &Work,
    checker: &Helper,
    input: &Path,
    output: &Path,
    answer: &Path,
    runner: &Runner,
) -> Result<Result<(), Mismatch>, JudgeError> {
    let (program, mut args) = helper_command(work, "checker", checker);
    // The checker runs in the problem's folder: a path relative to ours would not lead there.
    let answer = std::path::absolute(answer).map_err(io_error(answer))?;
    args.extend([path_arg(input), path_arg(output), path_arg(&answer)]);
    let message_file = work.private_file("checker.out");
    let spec = execute::tool_spec(
        program,
        args,
        &problem.dir,
        Stream::File(message_file.clone()),
        work.private_file("checker.err"),
        work.private_file("checker.report"),
        execute::TOOL_LIMITS,
    );
    let report = runner.run(&spec)?;
    let message = || {
        // A line break between them: stdout's last line may be unfinished.
        let text =
            execute::read_tail(&message_file) + "\n" + &execute::read_tail(&spec_stderr(&spec));
        execute::tail(&text)
    };
    match report.end {
        End::Exited(0) => Ok(Ok(())),
        End::Exited(code) if !cannot_run(code) => Ok(Err(Mismatch::Judged {
            by: "checker",
            message: message(),
        })),
        End::Interrupted => Err(JudgeError::Interrupted),
        end => Err(JudgeError::Helper {
            problem: problem.id.clone(),
            message: format!(
                "the checker failed: {}; {}",
                execute::describe(&end),
                message()
            ),
        }),
    }
}

fn spec_stderr(spec: &RunSpec) -> PathBuf {
    match &spec.stderr {
        Stream::File(path) => path.clone(),
        _ => PathBuf::new(),
    }
}

/// Runs the solution against the interactor (`interactor <input> [<answer>]`, its stdout the
/// solution's stdin and the other way round). The verdict: the solution's limits first; then
/// whichever side failed first (the interactor's rejection, or the solution's crash); AC when
/// the solution exited 0 and the interactor accepted.
#[allow(clippy::too_many_arguments)]
fn interact(
    problem: &Problem,
    test: &TestCase,
    work: &Work,
    interactor: &Helper,
    solution: &RunSpec,
    input: &Path,
    runner: &Runner,
    opts: &JudgeOptions,
) -> Result<(Verdict, RunReport), JudgeError> {
    let (program, mut args) = helper_command(work, "interactor", interactor);
    args.push(path_arg(input));
    if let Expected::Output(answer) = &test.expected {
        // The interactor runs in the problem's folder: a relative path would not lead there.
        let answer = std::path::absolute(answer).map_err(io_error(answer))?;
        args.push(path_arg(&answer));
    }
    let message_file = work.private_file("interactor.err");
    let mut limits = execute::TOOL_LIMITS;
    limits.wall = solution.limits.wall + Duration::from_secs(1);
    let spec = RunSpec {
        stdin: Stream::Inherit,
        stdout: Stream::Inherit,
        ..execute::tool_spec(
            program,
            args,
            &problem.dir,
            Stream::Inherit,
            message_file.clone(),
            work.private_file("interactor.report"),
            limits,
        )
    };
    let (ran, judged, first) = runner.run_interactive(solution, &spec)?;
    let stdout = work.private_file("stdout");
    let stderr = spec_stderr(solution);
    let solution_failure = failure(&ran, test, &solution.limits, &stdout, &stderr, opts)?;
    let rejected = |message: String| Verdict::WrongAnswer {
        test: test.name.clone(),
        mismatch: Mismatch::Judged {
            by: "interactor",
            message,
        },
    };
    let message = || execute::tail(&execute::read_tail(&message_file));
    let verdict = match (&judged.end, solution_failure) {
        (
            _,
            Some(limit @ (Verdict::TimeLimitExceeded { .. } | Verdict::MemoryLimitExceeded { .. })),
        )
        | (End::Exited(0), Some(limit)) => limit,
        (End::Exited(0), None) => Verdict::Accepted,
        (End::Exited(code), None) if !cannot_run(*code) => rejected(message()),
        (End::Exited(code), Some(crash)) if !cannot_run(*code) => {
            if first == execute::Side::Interactor {
                rejected(message())
            } else {
                crash
            }
        }
        (End::Interrupted, _) => return Err(JudgeError::Interrupted),
        (end, _) => {
            return Err(JudgeError::Helper {
                problem: problem.id.clone(),
                message: format!(
                    "the interactor failed on test `{}`: {}; {}",
                    test.name,
                    execute::describe(end),
                    message()
                ),
            })
        }
    };
    Ok((verdict, ran))
}
