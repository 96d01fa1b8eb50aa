//! Orchestration: problems selected and loaded, bundles compiled on `compile_jobs` threads
//! while the judging thread takes them in order, and each problem's tests run one at a time,
//! graded by [`super::standard`] or [`super::interactive`].

use super::error::{io_error, JudgeError};
use super::execute::{self, Runner};
use super::interactive;
use super::options::{Bundled, JudgeOptions, PROCESS_LIMIT};
use super::problem::{Helper, Input, Problem, TestCase};
use super::report::{ProblemReport, Report, Verdict};
use super::spec::{
    Confinement, Disk, DiskBy, End, Isolation, Limits, MemoryBy, RunReport, RunSpec, Stream,
};
use super::standard::{self, Case};
use super::work::Work;
use crate::profile::{provided, Target};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

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
/// [`super::problem::folders_to_judge`]). `bundle` turns a solution's path into the single-file
/// source to compile.
pub fn run(
    folders: &[PathBuf],
    bundle: &(dyn Fn(&Path) -> Result<Bundled, String> + Sync),
    opts: &JudgeOptions,
) -> Result<Report, JudgeError> {
    run_with(folders, bundle, opts, &mut |_| {})
}

/// [`run`], telling `on_event` what happens as it happens.
pub fn run_with(
    folders: &[PathBuf],
    bundle: &(dyn Fn(&Path) -> Result<Bundled, String> + Sync),
    opts: &JudgeOptions,
    on_event: &mut dyn FnMut(Event<'_>),
) -> Result<Report, JudgeError> {
    let problems = folders
        .iter()
        .map(|folder| Problem::load(folder))
        .collect::<Result<Vec<_>, _>>()?;
    let ids: Vec<String> = problems.iter().map(|p| p.id.clone()).collect();
    require_python(&problems)?;
    let confinement = confinement(opts);
    let opts = &with_absolute_temp_root(opts)?;
    on_event(Event::Start {
        ids: &ids,
        isolation: confinement.isolation,
    });
    let start = Instant::now();
    // Raised on an interrupt, and on an error so the builders stop too.
    let failed = AtomicBool::new(false);
    let stop = || failed.load(Ordering::SeqCst) || opts.interrupt.load(Ordering::SeqCst);
    let runner = Runner {
        supervisor: &opts.supervisor,
        stop: &stop,
        server: None,
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
        let result = judge_in_order(&problems, &receiver, &runner, opts, &confinement, on_event);
        if result.is_err() {
            failed.store(true, Ordering::SeqCst);
        }
        result
    });
    let (reports, targets) = judged?;
    Ok(Report {
        problems: reports,
        confinement,
        elapsed: start.elapsed(),
        judged_as: judged_as(&targets),
    })
}

/// How solutions are confined under `opts`: the strongest isolation that works here unless
/// one is named, and how the disk and memory bounds hold. Decided once per judging run.
pub(super) fn confinement(opts: &JudgeOptions) -> Confinement {
    let isolation = opts.isolation.unwrap_or_else(Isolation::detect);
    Confinement {
        isolation,
        disk: Disk {
            bytes: opts.output_limit,
            by: opts.disk.unwrap_or_else(|| DiskBy::detect(isolation)),
        },
        memory: MemoryBy::detect(),
    }
}

/// `opts` with an absolute temporary root: programs run in other folders, where a relative
/// one would point elsewhere.
pub(super) fn with_absolute_temp_root(
    opts: &JudgeOptions,
) -> Result<std::borrow::Cow<'_, JudgeOptions>, JudgeError> {
    Ok(match &opts.temp_root {
        Some(root) if root.is_relative() => std::borrow::Cow::Owned(JudgeOptions {
            temp_root: Some(std::path::absolute(root).map_err(io_error(root))?),
            ..opts.clone()
        }),
        _ => std::borrow::Cow::Borrowed(opts),
    })
}

/// How the problems were compiled: each target once, in the order first met; every problem
/// in its own package's edition, so there may be several.
fn judged_as(targets: &[Target]) -> String {
    let mut each: Vec<String> = Vec::new();
    for target in targets {
        let described = target.judged_as();
        if !each.contains(&described) {
            each.push(described);
        }
    }
    match each.is_empty() {
        true => "no solution was bundled".to_string(),
        false => each.join("; "),
    }
}

/// Takes the builds as they come and judges them in the problems' order; with the reports,
/// the target of each solution bundled.
fn judge_in_order(
    problems: &[Problem],
    builds: &mpsc::Receiver<(usize, Result<Build, JudgeError>)>,
    runner: &Runner,
    opts: &JudgeOptions,
    confinement: &Confinement,
    on_event: &mut dyn FnMut(Event<'_>),
) -> Result<(Vec<ProblemReport>, Vec<Target>), JudgeError> {
    let mut waiting: Vec<Option<Result<Build, JudgeError>>> =
        problems.iter().map(|_| None).collect();
    let mut reports = Vec::new();
    let mut targets = Vec::new();
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
            Build::Compiled { work, target } => {
                targets.push(target);
                let judged = judge(problem, &work, target, runner, opts, confinement, on_event)?;
                (
                    judged.verdict,
                    Some(judged.slowest),
                    Some(judged.peak_memory),
                )
            }
            Build::Failed { verdict, target } => {
                targets.extend(target);
                (verdict, None, None)
            }
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
    Ok((reports, targets))
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
        server: None,
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

pub(super) enum Build {
    /// Compiled for `target`, whose stack it runs with.
    Compiled { work: Work, target: Target },
    /// Not bundled or not compiled (BE, CE); `target` when the bundle was made for one.
    Failed {
        verdict: Verdict,
        target: Option<Target>,
    },
}

/// Bundles and compiles the solution, and compiles the problem's Rust checker or interactor.
pub(super) fn build(
    problem: &Problem,
    bundle: &(dyn Fn(&Path) -> Result<Bundled, String> + Sync),
    runner: &Runner,
    opts: &JudgeOptions,
) -> Result<Build, JudgeError> {
    let Bundled { source, target } = match bundle(&problem.main_rs()) {
        Ok(bundled) => bundled,
        Err(message) => {
            let verdict = Verdict::BundleError { message };
            return Ok(Build::Failed {
                verdict,
                target: None,
            });
        }
    };
    let profile = target.profile;
    let externs = match provided::externs(profile, &provided::used(profile, &source)) {
        Ok(externs) => externs,
        Err(e) => {
            let message = e.to_string();
            return Ok(Build::Failed {
                verdict: Verdict::BundleError { message },
                target: Some(target),
            });
        }
    };
    let work = Work::new(opts, &problem.id)?;
    let main_rs = work.build().join("main.rs");
    std::fs::write(&main_rs, source).map_err(io_error(&main_rs))?;
    let binary = work.build().join("main");
    let compiler = execute::Compiler {
        profile,
        edition: target.edition,
        externs: &externs,
    };
    if let Err(first_error) = compiler.compile(
        runner,
        &main_rs,
        &binary,
        &work.private(),
        &opts.compile_limits,
    )? {
        return Ok(Build::Failed {
            verdict: Verdict::CompileError { first_error },
            target: Some(target),
        });
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
    Ok(Build::Compiled { work, target })
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

/// The limits a problem's solution compiled for `target` runs under.
pub(super) fn solution_limits(problem: &Problem, target: Target, opts: &JudgeOptions) -> Limits {
    let cpu = problem.time_limit.mul_f64(opts.time_limit_factor);
    // Against an interactor the solution waits while it starts and replies (an interpreter
    // such as python3 takes seconds to start on a busy machine): not the solution's idle
    // time, so its wall clock also holds the interactor's share, one more solution's worth.
    let sides = if problem.interactor.is_some() { 2 } else { 1 };
    Limits {
        cpu,
        wall: wall_for(cpu) * sides,
        memory: problem.memory_limit,
        // Room for thread stacks and allocator arenas, which reserve far more than they use:
        // resident memory is what is limited; this only stops absurd allocations at once.
        address_space: Some(problem.memory_limit + (1 << 30)),
        file_size: Some(opts.output_limit + 1),
        processes: PROCESS_LIMIT,
        stack: Some(stack_limit(target.profile.stack, problem.memory_limit)),
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
    target: Target,
    runner: &Runner,
    opts: &JudgeOptions,
    confinement: &Confinement,
    on_event: &mut dyn FnMut(Event<'_>),
) -> Result<Judged, JudgeError> {
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
        let (verdict, report) = judge_test(problem, test, work, target, runner, opts, confinement)?;
        work.remove_run_dir()?;
        judged.slowest = judged.slowest.max(report.cpu);
        judged.peak_memory = judged.peak_memory.max(report.peak_memory);
        if verdict != Verdict::Accepted {
            judged.verdict = verdict;
            return Ok(judged);
        }
    }
    Ok(judged)
}

/// Runs the solution on one test and grades it. What it wrote stays in the run folder (and
/// `stdout` of the private one) until the caller removes it.
pub(super) fn judge_test(
    problem: &Problem,
    test: &TestCase,
    work: &Work,
    target: Target,
    runner: &Runner,
    opts: &JudgeOptions,
    confinement: &Confinement,
) -> Result<(Verdict, RunReport), JudgeError> {
    let limits = solution_limits(problem, target, opts);
    let input = work.private_file("input");
    prepare_input(problem, test, &input, work, runner)?;
    let run_dir = work.fresh_run_dir()?;
    if let Some(name) = &problem.input_file {
        let copy = run_dir.join(name);
        std::fs::copy(&input, &copy).map_err(io_error(&copy))?;
        // Readable by the solution's user, whatever the input's own mode.
        std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o644))
            .map_err(io_error(&copy))?;
    }
    let spec = RunSpec {
        program: work.build().join("main"),
        args: Vec::new(),
        dir: run_dir,
        stdin: Stream::File(input.clone()),
        stdout: Stream::File(work.private_file("stdout")),
        stderr: Stream::File(work.private_file("stderr")),
        // A judge's environment is bare: no RUST_BACKTRACE turning a panic into a slow
        // backtrace.
        env: Vec::new(),
        limits,
        isolation: Some(confinement.isolation),
        // Files in and out of the solution's folder must outlive its run: that folder is
        // watched, never the run's own tmpfs.
        disk: Some(match (&problem.input_file, &problem.output_file) {
            (None, None) => confinement.disk,
            _ => Disk {
                by: DiskBy::Watched,
                ..confinement.disk
            },
        }),
        memory_cgroup: match &confinement.memory {
            MemoryBy::Cgroup(base) => Some(base.clone()),
            MemoryBy::Sampled(_) => None,
        },
        report: work.private_file("report"),
    };
    let case = Case {
        problem,
        test,
        work,
        input: &input,
        runner,
        opts,
    };
    match &problem.interactor {
        None => standard::grade(&case, &spec),
        Some(interactor) => interactive::grade(&case, interactor, spec),
    }
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
