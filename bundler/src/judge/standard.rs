//! Standard grading: the solution reads the input on stdin, and its output is compared with
//! the expected one (line by line, or by digest) or judged by the problem's checker.

use super::compare::{self, Mismatch};
use super::error::{io_error, JudgeError};
use super::execute::{self, Runner};
use super::options::JudgeOptions;
use super::problem::{Expected, Helper, Problem, TestCase};
use super::report::Verdict;
use super::spec::{End, Limit, RunReport, RunSpec, Stream};
use super::work::Work;
use std::io;
use std::path::{Path, PathBuf};

/// One test of a problem being graded: what both graders need.
pub(super) struct Case<'a> {
    pub problem: &'a Problem,
    pub test: &'a TestCase,
    pub work: &'a Work,
    /// The judge's private copy of the test's input.
    pub input: &'a Path,
    pub runner: &'a Runner<'a>,
    pub opts: &'a JudgeOptions,
}

/// Runs the solution on the test's input and grades what it wrote.
pub(super) fn grade(case: &Case, solution: &RunSpec) -> Result<(Verdict, RunReport), JudgeError> {
    let report = case.runner.run(solution)?;
    // A solution that writes a file is judged by that file (none written: nothing output).
    let stdout = match &case.problem.output_file {
        Some(name) => {
            let written = solution.dir.join(name);
            if !written.is_file() {
                std::fs::write(&written, "").map_err(io_error(&written))?;
            }
            written
        }
        None => stream_path(&solution.stdout),
    };
    let stderr = stream_path(&solution.stderr);
    let failed = failure(&report, case.test, solution, &stdout, &stderr, case.opts)?;
    let verdict = match failed {
        Some(verdict) => verdict,
        None => check_output(
            case.problem,
            case.test,
            case.work,
            case.input,
            &stdout,
            case.runner,
        )?,
    };
    Ok((verdict, report))
}

/// The verdict of a run that did not end well, or `None` when it exited 0 within every limit.
pub(super) fn failure(
    report: &RunReport,
    test: &TestCase,
    solution: &RunSpec,
    stdout: &Path,
    stderr: &Path,
    opts: &JudgeOptions,
) -> Result<Option<Verdict>, JudgeError> {
    let name = test.name.clone();
    let limits = &solution.limits;
    let tle = |wall| Verdict::TimeLimitExceeded {
        test: name.clone(),
        limit: if wall { limits.wall } else { limits.cpu },
        wall,
    };
    let mle = || Verdict::MemoryLimitExceeded {
        test: name.clone(),
        limit: limits.memory,
    };
    let files_bound = solution.disk.map(|bound| bound.bytes);
    let ole = |files: bool| Verdict::OutputLimitExceeded {
        test: name.clone(),
        limit: match files_bound {
            Some(bytes) if files => bytes,
            _ => opts.output_limit,
        },
        files,
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
        // Stopped by the watcher, or the tmpfs filled up: its write failed as on a full disk.
        End::Killed(Limit::Disk) => ole(true),
        _ if files_bound.is_some_and(|bytes| report.disk > bytes) => ole(true),
        _ if size(stdout) > opts.output_limit
            || size(stderr) > opts.output_limit
            || report.end == End::Signaled(SIGXFSZ) =>
        {
            ole(false)
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
pub(super) fn helper_command(work: &Work, name: &str, helper: &Helper) -> (PathBuf, Vec<String>) {
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

pub(super) fn path_arg(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Exit statuses 126 and 127: the shell's and `env`'s "found but not runnable" and "not
/// found", as when a script's `#!` names an interpreter that is not installed. The problem's
/// fault, not a rejection.
pub(super) fn cannot_run(code: i32) -> bool {
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
        let text = execute::read_tail(&message_file)
            + "\n"
            + &execute::read_tail(&stream_path(&spec.stderr));
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

/// The file a stream is written to (none for a pipe).
pub(super) fn stream_path(stream: &Stream) -> PathBuf {
    match stream {
        Stream::File(path) => path.clone(),
        _ => PathBuf::new(),
    }
}
