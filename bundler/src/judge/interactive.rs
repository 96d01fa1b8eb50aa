//! Interactive grading: the solution and the problem's interactor talk through the judge's
//! relay, and the interactor's exit status is the answer's verdict.

use super::compare::Mismatch;
use super::error::{io_error, JudgeError};
use super::execute;
use super::problem::{Expected, Helper};
use super::report::Verdict;
use super::spec::{End, RunReport, RunSpec, Stream};
use super::standard::{cannot_run, failure, helper_command, path_arg, stream_path, Case};
use std::time::Duration;

/// Runs the solution against the interactor (`interactor <input> [<answer>]`, its stdout the
/// solution's stdin and the other way round). The verdict: the solution's limits first; then
/// whichever side failed first (the interactor's rejection, or the solution's crash); AC when
/// the solution exited 0 and the interactor accepted.
///
/// `solution` is the spec of a standard run; its stdin and stdout become the relay's pipes.
pub(super) fn grade(
    case: &Case,
    interactor: &Helper,
    solution: RunSpec,
) -> Result<(Verdict, RunReport), JudgeError> {
    let Case {
        problem,
        test,
        work,
        input,
        runner,
        opts,
    } = *case;
    let solution = &RunSpec {
        stdin: Stream::Inherit,
        stdout: Stream::Inherit,
        ..solution
    };
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
    let stderr = stream_path(&solution.stderr);
    let solution_failure = failure(&ran, test, solution, &stdout, &stderr, opts)?;
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
