//! `grundy stress`: looks for an input on which a problem's solution fails, shrinks it, and
//! keeps it as a test. The solution is built and judged exactly as `grundy test` does it
//! ([`crate::judge::Prepared`]: the judge profile's compile, the problem's limits, sandbox
//! and checker or interactor); a generator writes inputs (`gen SEED`), a brute force answers
//! them, a validator may check them. Runs go on every core, smallest inputs first; the first
//! failing input is shrunk (its generator's choices when it draws them from the `stress_gen`
//! template, else its text), reported, and saved as `tests/stress-<k>.in` with the brute
//! force's answer as `.out`.
//!
//! The files: `programs` finds and builds the generator, brute force and validator; `trial`
//! runs one input through them and the solution; `search` is the loop over seeds; `shrink`
//! (text) and `stream` (choices) shrink, trying candidates through `candidates`; `report`
//! says what happened and saves the test; `init` writes a generator and a brute force to
//! start from.

mod candidates;
mod error;
mod init;
mod programs;
mod report;
mod search;
mod shrink;
mod stream;
mod trial;

pub use error::StressError;
pub use init::{init, Made, BRUTE, GENERATOR};
pub use search::{size_of_run, Budget};

use crate::judge::problem::Problem;
use crate::judge::{self, Bundled, JudgeOptions, Lane, Prepared};
use candidates::Candidates;
use programs::{Found, Ready, Role};
use report::Status;
use search::{Hit, Searched};
use shrink::Oracle;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use trial::{Failure, Programs};

/// CPU time a generator or a validator may take on one input.
const TOOL_CPU: Duration = Duration::from_secs(10);
/// CPU time the brute force may take on one input: this, or ten times the solution's limit.
const BRUTE_CPU: Duration = Duration::from_secs(10);

/// A stress run.
pub struct Request<'a> {
    /// The problem folder.
    pub folder: PathBuf,
    /// The solution's source as `grundy test` bundles it.
    pub bundle_solution: &'a (dyn Fn(&Path) -> Result<Bundled, String> + Sync),
    /// A Rust program's source as a checker's is bundled (no judge's profile, edition 2021).
    pub bundle_tool: &'a (dyn Fn(&Path) -> Result<String, String> + Sync),
    pub opts: JudgeOptions,
    /// The programs named by flags, else found in the problem folder.
    pub brute: Option<PathBuf>,
    pub generator: Option<PathBuf>,
    pub validator: Option<PathBuf>,
    pub budget: Budget,
    pub shrink_time: Duration,
    /// The first run's seed.
    pub seed: u64,
    /// Runs at once.
    pub jobs: usize,
    /// Write the counterexample into `tests/`.
    pub save: bool,
}

/// How a stress run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Counterexample,
    NoneFound,
}

/// Runs `request`, printing what it finds to `out`.
pub fn run(request: &Request, out: &mut dyn Write) -> Result<Outcome, StressError> {
    let problem = Problem::load(&request.folder)?;
    let interactive = problem.interactor.is_some();
    let find = |role, flag: &Option<PathBuf>, required| {
        programs::find(role, &problem.id, &problem.dir, flag.as_deref(), required)
    };
    let generator = find(Role::Generator, &request.generator, true)?.expect("required");
    let brute = match interactive {
        true => None,
        false => find(Role::Brute, &request.brute, true)?,
    };
    let validator = find(Role::Validator, &request.validator, false)?;
    let found: Vec<&Found> = [Some(&generator), brute.as_ref(), validator.as_ref()]
        .into_iter()
        .flatten()
        .collect();
    let python = match found.iter().find(|f| programs::is_python(f)) {
        Some(script) => programs::python(&problem.dir, &script.name)?,
        None => PathBuf::from("python3"),
    };
    let solution = problem
        .main_rs()
        .strip_prefix(&problem.dir)
        .map_or_else(|_| "main.rs".into(), |p| p.display().to_string());
    writeln!(out, "{}", header(&problem, &solution, &found, request.jobs)).map_err(output_error)?;
    let build = match &request.opts.temp_root {
        Some(root) => tempfile::Builder::new().prefix("stress-").tempdir_in(root),
        None => tempfile::Builder::new().prefix("grundy-stress-").tempdir(),
    }
    .map_err(error::io_error(&std::env::temp_dir()))?;
    // The solution and the programs are compiled side by side.
    let dir = problem.dir.as_path();
    let (prepared, ready) = std::thread::scope(|scope| {
        let solution = scope.spawn(|| Prepared::new(dir, request.bundle_solution, &request.opts));
        let programs: Vec<_> = found
            .iter()
            .map(|found| {
                let (build, python) = (build.path(), python.as_path());
                scope.spawn(move || {
                    programs::prepare(
                        found,
                        dir,
                        build,
                        request.bundle_tool,
                        python,
                        &request.opts,
                    )
                })
            })
            .collect();
        let ready: Vec<Result<Ready, StressError>> = programs
            .into_iter()
            .map(|p| p.join().expect("building a program does not panic"))
            .collect();
        (
            solution
                .join()
                .expect("building the solution does not panic"),
            ready,
        )
    });
    let prepared = prepared?.map_err(StressError::Solution)?;
    let mut ready = ready
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?
        .into_iter();
    let limits = prepared.limits();
    let test_name = match request.save {
        true => report::free_test_name(&problem.dir.join("tests")),
        false => "stress".to_string(),
    };
    let programs = Programs {
        generator: ready.next().expect("the generator was built"),
        brute: brute.as_ref().and_then(|_| ready.next()),
        validator: validator.as_ref().and_then(|_| ready.next()),
        tool_limits: judge::tool_limits(TOOL_CPU),
        brute_limits: judge::tool_limits(BRUTE_CPU.max(limits.cpu * 10)),
        test_name,
    };
    let lanes = (0..request.jobs.max(1))
        .map(|_| prepared.lane())
        .collect::<Result<Vec<Lane>, _>>()?;
    let status = Status::on_stderr();
    check_deterministic(&lanes[0], &programs, request.seed)?;
    let hit = match search::search(&lanes, &programs, request.seed, request.budget, &status)? {
        Searched::Found(hit) => hit,
        Searched::Nothing {
            runs,
            largest_size,
            elapsed,
        } => {
            let last = request.seed.wrapping_add(runs.max(1) - 1);
            writeln!(
                out,
                "no counterexample in {runs} runs ({:.1} s; seeds {} to {last}, sizes 1 to \
                 {largest_size})\nnext: `grundy stress --seed {}` goes on with new seeds",
                elapsed.as_secs_f64(),
                request.seed,
                last.wrapping_add(1)
            )
            .map_err(output_error)?;
            writeln!(out, "{}", footer(&prepared)).map_err(output_error)?;
            return Ok(Outcome::NoneFound);
        }
    };
    let shrunk = shrink(&lanes, &programs, &hit, request.shrink_time, &status)?;
    let saved = if request.save {
        let answer = shrunk.failure.answer.as_deref();
        let tests = problem.dir.join("tests");
        Some(report::save(
            &tests,
            &programs.test_name,
            &shrunk.input,
            answer,
        )?)
    } else {
        None
    };
    let text = found_report(&hit, &shrunk, &programs, &solution, saved.as_deref());
    write!(out, "{text}").map_err(output_error)?;
    writeln!(out, "{}", footer(&prepared)).map_err(output_error)?;
    Ok(Outcome::Counterexample)
}

fn output_error(source: std::io::Error) -> StressError {
    StressError::Io {
        path: PathBuf::from("<stdout>"),
        source,
    }
}

/// "stress poj2311: main.rs against brute.rs, inputs from gen.rs, 2 runs at a time".
fn header(problem: &Problem, solution: &str, found: &[&Found], jobs: usize) -> String {
    let name = |role| {
        found
            .iter()
            .find(|f| f.role == role)
            .map(|f| f.name.as_str())
    };
    let against = match name(Role::Brute) {
        Some(brute) => brute.to_string(),
        None => "its interactor".to_string(),
    };
    let validated = match name(Role::Validator) {
        Some(validator) => format!(" (checked by {validator})"),
        None => String::new(),
    };
    let runs = if jobs == 1 { "run" } else { "runs" };
    format!(
        "stress {}: {solution} against {against}, inputs from {}{validated}, {jobs} {runs} at a time",
        problem.id,
        name(Role::Generator).unwrap_or("?"),
    )
}

/// The lines `grundy test` ends with: how the solution was compiled, limited and isolated.
fn footer(prepared: &Prepared) -> String {
    let limits = prepared.limits();
    format!(
        "judged as: {}, {:.3} s and {} MiB a run\nisolation: {}",
        prepared.target().judged_as(),
        limits.cpu.as_secs_f64(),
        limits.memory >> 20,
        prepared.confinement().describe()
    )
    .replace(".000 s", " s")
}

/// A shrunk counterexample.
struct Shrunk {
    input: String,
    failure: Failure,
    steps: usize,
    runs: usize,
    elapsed: Duration,
    /// Whether shrinking went on until nothing smaller failed (else the time ran out).
    finished: bool,
}

/// Shrinks the failing run `hit` for at most `time`: its generator's choices first when it
/// recorded them (every candidate then an input the generator can write), its text then
/// (only with a validator, after choices: without one, text edits may leave what the
/// generator can write).
fn shrink(
    lanes: &[Lane],
    programs: &Programs,
    hit: &Hit,
    time: Duration,
    status: &Status,
) -> Result<Shrunk, StressError> {
    let began = Instant::now();
    let deadline = began + time;
    let mut candidates = Candidates::new(lanes, programs, hit, deadline, status);
    let mut input = hit.input.clone();
    if !time.is_zero() {
        if let Some(choices) = &hit.choices {
            let shrunk = stream::shrink_stream(choices.clone(), &mut candidates);
            input = candidates
                .input_of(&shrunk)
                .expect("kept choices have their input")
                .clone();
        }
        if hit.choices.is_none() || programs.validator.is_some() {
            input = shrink::shrink_text(&input, &mut candidates);
        }
    }
    status.clear();
    let finished = !Oracle::<String>::spent(&candidates);
    let failure = candidates
        .failure(&input)
        .expect("the shrunk input is one that failed")
        .clone();
    let (steps, runs) = (candidates.steps(), candidates.runs);
    if let Some(error) = candidates.into_error() {
        return Err(error);
    }
    Ok(Shrunk {
        input,
        failure,
        steps,
        runs,
        elapsed: began.elapsed(),
        finished,
    })
}

/// Runs the generator twice on the first seed: it must write the same input.
fn check_deterministic(lane: &Lane, programs: &Programs, seed: u64) -> Result<(), StressError> {
    let size = size_of_run(0);
    let generator = &programs.generator;
    let mut twice = Vec::new();
    for _ in 0..2 {
        let generated = trial::generate(lane, programs, seed, size, None)?.map_err(|how| {
            StressError::Program {
                program: generator.name.clone(),
                seed,
                size,
                message: how,
            }
        })?;
        twice.push(generated.input);
    }
    if twice[0] == twice[1] {
        return Ok(());
    }
    let (first, second): (Vec<&str>, Vec<&str>) =
        (twice[0].lines().collect(), twice[1].lines().collect());
    let line = (0..first.len().max(second.len()))
        .find(|&i| first.get(i) != second.get(i))
        .unwrap_or(0);
    let quote = |text: Option<&&str>| text.map_or("the end".to_string(), |t| format!("{t:?}"));
    Err(StressError::NotDeterministic {
        program: generator.name.clone(),
        stem: Role::Generator.stem().to_string(),
        seed,
        size,
        difference: format!(
            "line {}: {} then {}",
            line + 1,
            quote(first.get(line)),
            quote(second.get(line))
        ),
    })
}

/// The report of a counterexample.
fn found_report(
    hit: &Hit,
    shrunk: &Shrunk,
    programs: &Programs,
    solution: &str,
    saved: Option<&[PathBuf]>,
) -> String {
    let runs = hit.index + 1;
    let noun = if runs == 1 { "run" } else { "runs" };
    let mut text = format!(
        "counterexample after {runs} {noun}: seed {}, size {} ({})\n",
        hit.seed,
        hit.size,
        report::size(&hit.input)
    );
    text += &if shrunk.input == hit.input && shrunk.steps == 0 {
        format!("not shrunk ({} runs tried)\n", shrunk.runs)
    } else {
        format!(
            "shrunk in {} steps ({} runs, {:.1} s){}\n",
            shrunk.steps,
            shrunk.runs,
            shrunk.elapsed.as_secs_f64(),
            if shrunk.finished {
                ": nothing smaller fails"
            } else {
                ": stopped by --shrink-time, it may shrink further"
            }
        )
    };
    text += &report::excerpt(
        &format!("input ({}):", report::size(&shrunk.input)),
        &shrunk.input,
    );
    let failure = &shrunk.failure;
    let brute = programs.brute.as_ref().zip(failure.answer.as_deref());
    text += &report::answers(
        &failure.verdict,
        brute.map(|(brute, answer)| (brute.name.as_str(), answer)),
        (solution, &failure.output),
    );
    if let Some(files) = saved {
        let names: Vec<String> = files
            .iter()
            .map(|f| {
                format!(
                    "tests/{}",
                    f.file_name().unwrap_or_default().to_string_lossy()
                )
            })
            .collect();
        text += &format!(
            "saved as {}: `grundy test` judges it from now on\n",
            names.join(" and ")
        );
    }
    text
}
