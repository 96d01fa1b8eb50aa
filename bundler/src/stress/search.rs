//! Looking for a failing input: one thread per lane, each taking the next run. Run `i` has
//! the seed `start + i` and the size [`size_of_run`]`(i)`, so the first inputs are the
//! smallest. The run with the lowest index that fails (or that a program of the user's fails
//! on) decides, whatever the number of lanes: a seed sequence always gives the same result.

use super::error::StressError;
use super::report::{self, Status};
use super::trial::{self, Failure, Invalid, Programs, Trial};
use crate::judge::{JudgeError, Lane};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// When to stop looking.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub runs: Option<u64>,
    pub time: Duration,
}

/// A failing run.
#[derive(Debug, Clone)]
pub struct Hit {
    /// Its index: how many runs came before it.
    pub index: u64,
    pub seed: u64,
    pub size: u64,
    pub input: String,
    /// The generator's choices, when it draws them from `stress_gen`.
    pub choices: Option<Vec<u64>>,
    pub failure: Failure,
}

pub enum Searched {
    Found(Hit),
    Nothing {
        runs: u64,
        largest_size: u64,
        elapsed: Duration,
    },
}

/// The size run `index` gets: size s for 10 s runs (runs 0..10 size 1, 10..30 size 2, 30..60
/// size 3, ...), so that each size is tried longer than the one before.
pub fn size_of_run(index: u64) -> u64 {
    let mut size = 1;
    while 5 * size * (size + 1) <= index {
        size += 1;
    }
    size
}

/// What a run found that stops the search.
enum Stop {
    Hit(Box<Hit>),
    Broken(StressError),
}

/// Runs the generator on the seeds from `start`, until a run fails or the budget is spent.
pub fn search(
    lanes: &[Lane],
    programs: &Programs,
    start: u64,
    budget: Budget,
    status: &Status,
) -> Result<Searched, StressError> {
    let began = Instant::now();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    // The lowest index that stops the search, and what it found; an error of the judge's
    // (an interrupt) stops everything at once.
    let stopped: Mutex<Option<(u64, Stop)>> = Mutex::new(None);
    let fatal: Mutex<Option<JudgeError>> = Mutex::new(None);
    let first_stop = || {
        stopped
            .lock()
            .expect("no panic holds it")
            .as_ref()
            .map(|(i, _)| *i)
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = lanes
            .iter()
            .map(|lane| {
                let (next, done, stopped, fatal) = (&next, &done, &stopped, &fatal);
                scope.spawn(move || loop {
                    if began.elapsed() >= budget.time || fatal.lock().expect("no panic").is_some() {
                        return;
                    }
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if budget.runs.is_some_and(|runs| index >= runs)
                        || first_stop().is_some_and(|first| index > first)
                    {
                        return;
                    }
                    let found = run(lane, programs, start.wrapping_add(index), index);
                    done.fetch_add(1, Ordering::SeqCst);
                    match found {
                        Ok(None) => {}
                        Ok(Some(stop)) => {
                            let mut stopped = stopped.lock().expect("no panic holds it");
                            if stopped.as_ref().is_none_or(|(first, _)| index < *first) {
                                *stopped = Some((index, stop));
                            }
                        }
                        Err(e) => {
                            fatal.lock().expect("no panic").get_or_insert(e);
                            return;
                        }
                    }
                })
            })
            .collect();
        while !workers.iter().all(|w| w.is_finished()) {
            std::thread::sleep(Duration::from_millis(100));
            let runs = done.load(Ordering::SeqCst);
            let issued = next.load(Ordering::SeqCst).max(1);
            status.show(&format!(
                "stress: {runs} runs, {:.0}/s, size {}, {:.0} s",
                runs as f64 / began.elapsed().as_secs_f64(),
                size_of_run(issued - 1),
                began.elapsed().as_secs_f64()
            ));
        }
    });
    status.clear();
    if let Some(e) = fatal.into_inner().expect("the workers are done") {
        return Err(e.into());
    }
    let runs = done.into_inner();
    match stopped.into_inner().expect("the workers are done") {
        Some((_, Stop::Hit(hit))) => Ok(Searched::Found(*hit)),
        Some((_, Stop::Broken(error))) => Err(error),
        None => Ok(Searched::Nothing {
            runs,
            largest_size: size_of_run(runs.max(1) - 1),
            elapsed: began.elapsed(),
        }),
    }
}

/// Run `index`: `None` when the solution passed.
fn run(
    lane: &Lane,
    programs: &Programs,
    seed: u64,
    index: u64,
) -> Result<Option<Stop>, JudgeError> {
    let size = size_of_run(index);
    let broken = |program: &str, message: String| {
        Some(Stop::Broken(StressError::Program {
            program: program.to_string(),
            seed,
            size,
            message,
        }))
    };
    let generated = match trial::generate(lane, programs, seed, size, None)? {
        Ok(generated) => generated,
        Err(how) => return Ok(broken(&programs.generator.name, how)),
    };
    Ok(match trial::judge(lane, programs, &generated.input)? {
        Trial::Passed => None,
        Trial::Failed(failure) => Some(Stop::Hit(Box::new(Hit {
            index,
            seed,
            size,
            input: generated.input,
            choices: generated.choices,
            failure,
        }))),
        Trial::Invalid(Invalid::Rejected(message)) => {
            let validator = programs
                .validator
                .as_ref()
                .expect("only a validator rejects");
            Some(Stop::Broken(StressError::Rejected {
                validator: validator.name.clone(),
                generator: programs.generator.name.clone(),
                seed,
                size,
                message,
                input: report::excerpt("the input:", &generated.input),
            }))
        }
        Trial::Invalid(Invalid::Failed { program, how }) => broken(
            &program,
            format!("{how}\n{}", report::excerpt("the input:", &generated.input)),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_size_gets_more_runs_than_the_last() {
        let sizes: Vec<u64> = (0..60).map(size_of_run).collect();
        assert_eq!(&sizes[..10], &[1; 10]);
        assert_eq!(&sizes[10..30], &[2; 20]);
        assert_eq!(&sizes[30..60], &[3; 30]);
        assert_eq!(size_of_run(60), 4);
        assert_eq!(size_of_run(5000), 32);
    }
}
