//! One problem compiled once and judged on inputs given one at a time, from several threads
//! at once: what `grundy stress` runs on. Each step is `grundy test`'s own ([`super::run()`]):
//! the same build (the bundle compiled as the judge profile does, the checker or interactor
//! too), the same limits, sandbox and grading of a test. A [`Lane`] is one thread's folders.
//! Trusted programs of the user's (a generator, a brute force, a validator) are compiled and
//! run as the judge compiles and runs a problem's checker: plain rustc, under a supervisor,
//! no sandbox.

use super::error::{io_error, JudgeError};
use super::execute::{self, Runner, Server};
use super::options::{Bundled, JudgeOptions};
use super::problem::{Expected, Input, Problem, TestCase};
use super::report::Verdict;
use super::run::{self, Build};
use super::spec::{Confinement, End, Limits, Stream};
use super::work::Work;
use crate::profile::Target;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::Duration;

/// A problem whose solution is bundled and compiled, ready to be judged on any input.
pub struct Prepared {
    problem: Problem,
    work: Work,
    target: Target,
    opts: JudgeOptions,
    confinement: Confinement,
}

impl Prepared {
    /// Loads the problem folder `folder` and builds its solution as `grundy test` does
    /// (`bundle` turns the solution's path into the source to compile). `Ok(Err(verdict))`
    /// when there is nothing to run: the bundler failed (BE) or rustc did (CE).
    pub fn new(
        folder: &Path,
        bundle: &(dyn Fn(&Path) -> Result<Bundled, String> + Sync),
        opts: &JudgeOptions,
    ) -> Result<Result<Prepared, Verdict>, JudgeError> {
        let problem = Problem::load(folder)?;
        let opts = run::with_absolute_temp_root(opts)?.into_owned();
        let stop = || opts.interrupt.load(Ordering::SeqCst);
        let runner = Runner {
            supervisor: &opts.supervisor,
            stop: &stop,
            server: None,
        };
        let (work, target) = match run::build(&problem, bundle, &runner, &opts)? {
            Build::Compiled { work, target } => (work, target),
            Build::Failed { verdict, .. } => return Ok(Err(verdict)),
        };
        let confinement = run::confinement(&opts);
        Ok(Ok(Prepared {
            problem,
            work,
            target,
            opts,
            confinement,
        }))
    }

    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The judge and edition the solution was compiled for.
    pub fn target(&self) -> Target {
        self.target
    }

    /// How the solution is confined (for the report's last line, as `grundy test` says it).
    pub fn confinement(&self) -> &Confinement {
        &self.confinement
    }

    /// The limits the solution runs under: the problem's, times the time factor.
    pub fn limits(&self) -> Limits {
        run::solution_limits(&self.problem, self.target, &self.opts)
    }

    /// Folders of one thread's own, and a supervisor that stays up for its runs; the
    /// binaries are shared.
    pub fn lane(&self) -> Result<Lane<'_>, JudgeError> {
        let work = self.work.lane()?;
        let files = work.private().join("caller");
        std::fs::create_dir(&files).map_err(io_error(&files))?;
        Ok(Lane {
            prepared: self,
            work,
            files,
            server: Mutex::new(Server::start(&self.opts.supervisor)?),
        })
    }
}

/// One thread's way to judge the prepared solution and to run trusted programs.
pub struct Lane<'a> {
    prepared: &'a Prepared,
    work: Work,
    /// The caller's files ([`Lane::file`]), apart from the judge's own.
    files: PathBuf,
    server: Mutex<Server>,
}

/// The verdict on one input, and what the solution wrote.
#[derive(Debug, Clone)]
pub struct Judged {
    pub verdict: Verdict,
    /// The solution's output (its first MiB; empty for an interactive problem, whose output
    /// went to the interactor).
    pub output: String,
}

/// A trusted program of the user's, and where it runs.
#[derive(Debug, Clone)]
pub struct Tool {
    pub program: PathBuf,
    /// Its leading arguments (a script's path after its interpreter), before the caller's.
    pub args: Vec<String>,
    /// Its working folder.
    pub dir: PathBuf,
}

/// How a trusted program's run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolEnd {
    Exited(i32),
    /// It did not exit by itself: a signal, a limit, or it could not start, in words.
    Failed(String),
}

#[derive(Debug, Clone)]
pub struct ToolRun {
    pub end: ToolEnd,
    /// The last lines of its stderr, joined and cut short.
    pub stderr: String,
}

/// Limits for a trusted program: `cpu` of CPU time (the wall clock as for a solution), and
/// the memory and output the judge gives its checkers.
pub fn tool_limits(cpu: Duration) -> Limits {
    Limits {
        cpu,
        wall: run::wall_for(cpu),
        ..execute::TOOL_LIMITS
    }
}

/// Compiles the single-file program `source` as the judge compiles a checker (plain `rustc
/// --edition 2021 -O`, under a supervisor and `opts`' compile limits) into `dir/name/name`,
/// returned. `Ok(Err(reason))`: rustc's first error, at `name.rs:line:column`.
pub fn compile_tool(
    opts: &JudgeOptions,
    source: &str,
    dir: &Path,
    name: &str,
) -> Result<Result<PathBuf, String>, JudgeError> {
    let folder = dir.join(name);
    std::fs::create_dir_all(&folder).map_err(io_error(&folder))?;
    let main_rs = folder.join(format!("{name}.rs"));
    std::fs::write(&main_rs, source).map_err(io_error(&main_rs))?;
    let binary = folder.join(name);
    let stop = || opts.interrupt.load(Ordering::SeqCst);
    let runner = Runner {
        supervisor: &opts.supervisor,
        stop: &stop,
        server: None,
    };
    let compiled = execute::Compiler::PLAIN.compile(
        &runner,
        &main_rs,
        &binary,
        &folder,
        &opts.compile_limits,
    )?;
    Ok(compiled.map(|()| binary))
}

impl Lane<'_> {
    fn with_runner<T>(&self, f: impl FnOnce(&Runner) -> T) -> T {
        let stop = || self.prepared.opts.interrupt.load(Ordering::SeqCst);
        f(&Runner {
            supervisor: &self.prepared.opts.supervisor,
            stop: &stop,
            server: Some(&self.server),
        })
    }

    /// A file of this lane's for the caller's inputs and answers.
    pub fn file(&self, name: &str) -> PathBuf {
        self.files.join(name)
    }

    /// Judges the solution on the input file `input` as `grundy test` judges a test named
    /// `name` whose expected output is `answer`: compared as the problem compares (exactly
    /// but for trailing whitespace, or by its checker). An interactive problem's solution
    /// plays its interactor on `input`, given `answer` too when there is one.
    pub fn judge(
        &self,
        name: &str,
        input: &Path,
        answer: Option<&Path>,
    ) -> Result<Judged, JudgeError> {
        let prepared = self.prepared;
        let problem = &prepared.problem;
        let expected = match (answer, &problem.interactor) {
            (Some(answer), _) => Expected::Output(answer.to_path_buf()),
            (None, Some(_)) => Expected::Interactor,
            (None, None) => {
                return Err(JudgeError::Tool(format!(
                    "problem `{}`: an input without an answer can only be judged by an \
                     interactor",
                    problem.id
                )))
            }
        };
        let test = TestCase {
            name: name.to_string(),
            input: Input::File(input.to_path_buf()),
            expected,
        };
        let (verdict, _) = self.with_runner(|runner| {
            run::judge_test(
                problem,
                &test,
                &self.work,
                prepared.target,
                runner,
                &prepared.opts,
                &prepared.confinement,
            )
        })?;
        let output = match (&problem.interactor, &problem.output_file) {
            (Some(_), _) => String::new(),
            (None, Some(file)) => execute::read_head(&self.work.run_dir().join(file))?,
            (None, None) => execute::read_head(&self.work.private_file("stdout"))?,
        };
        self.work.remove_run_dir()?;
        Ok(Judged { verdict, output })
    }

    /// Runs the trusted program `tool` as the judge runs a checker (its environment and
    /// `env`, no sandbox), reading `stdin` (or nothing) and writing `stdout`.
    pub fn run_tool(
        &self,
        tool: &Tool,
        stdin: Option<&Path>,
        stdout: &Path,
        env: &[(String, String)],
        limits: Limits,
    ) -> Result<ToolRun, JudgeError> {
        let stderr = self.work.private_file("tool.stderr");
        let mut spec = execute::tool_spec(
            &tool.program,
            tool.args.clone(),
            &tool.dir,
            Stream::File(stdout.to_path_buf()),
            stderr.clone(),
            self.work.private_file("tool.report"),
            limits,
        );
        if let Some(stdin) = stdin {
            spec.stdin = Stream::File(stdin.to_path_buf());
        }
        spec.env.extend(env.iter().cloned());
        let report = self.with_runner(|runner| runner.run(&spec))?;
        let end = match report.end {
            End::Exited(code) => ToolEnd::Exited(code),
            End::Interrupted => return Err(JudgeError::Interrupted),
            End::Killed(limit) => ToolEnd::Failed(execute::describe_limit(limit, &limits)),
            end => ToolEnd::Failed(execute::describe(&end)),
        };
        Ok(ToolRun {
            end,
            stderr: execute::tail(&execute::read_tail(&stderr)),
        })
    }
}
