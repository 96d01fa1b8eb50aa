//! Trying shrink candidates: as many at once as there are lanes, each one remembered so it is
//! never run twice. A candidate is kept when the solution still fails on it with the first
//! failure's verdict (WA stays WA, TLE stays TLE: a broken input that crashes the solution is
//! no smaller WA), the validator accepting it and the brute force answering it.

use super::error::StressError;
use super::report::Status;
use super::search::Hit;
use super::shrink::Oracle;
use super::trial::{self, Failure, Programs, Trial};
use crate::judge::{JudgeError, Lane};
use std::collections::HashMap;
use std::time::Instant;

pub struct Candidates<'a> {
    lanes: &'a [Lane<'a>],
    programs: &'a Programs,
    /// The code of the verdict a candidate must keep.
    code: &'static str,
    /// The seed and size the generator replays choices with.
    seed: u64,
    size: u64,
    deadline: Instant,
    status: &'a Status,
    began: Instant,
    /// Each input judged: its failure when it is kept.
    judged: HashMap<String, Option<Failure>>,
    /// Each stream of choices given to the generator: the choices it drew and its input (none
    /// when it failed on them).
    generated: HashMap<Vec<u64>, Option<(Vec<u64>, String)>>,
    /// Inputs kept, by the choices drawn for them.
    inputs: HashMap<Vec<u64>, String>,
    /// Candidates run.
    pub runs: usize,
    error: Option<JudgeError>,
}

impl<'a> Candidates<'a> {
    /// Candidates judged against the failing run `hit`, until `deadline`.
    pub fn new(
        lanes: &'a [Lane<'a>],
        programs: &'a Programs,
        hit: &Hit,
        deadline: Instant,
        status: &'a Status,
    ) -> Candidates<'a> {
        let mut candidates = Candidates {
            lanes,
            programs,
            code: hit.failure.verdict.code(),
            seed: hit.seed,
            size: hit.size,
            deadline,
            status,
            began: Instant::now(),
            judged: HashMap::new(),
            generated: HashMap::new(),
            inputs: HashMap::new(),
            runs: 0,
            error: None,
        };
        candidates
            .judged
            .insert(hit.input.clone(), Some(hit.failure.clone()));
        if let Some(choices) = &hit.choices {
            candidates.inputs.insert(choices.clone(), hit.input.clone());
        }
        candidates
    }

    /// How many smaller failing inputs were found.
    pub fn steps(&self) -> usize {
        self.judged.values().filter(|kept| kept.is_some()).count() - 1
    }

    /// The failure of an input that was kept.
    pub fn failure(&self, input: &str) -> Option<&Failure> {
        self.judged.get(input).and_then(Option::as_ref)
    }

    /// The input the generator wrote for kept choices.
    pub fn input_of(&self, choices: &[u64]) -> Option<&String> {
        self.inputs.get(choices)
    }

    /// The judge's error that stopped the shrink (an interrupt), if one did.
    pub fn into_error(self) -> Option<StressError> {
        self.error.map(StressError::from)
    }

    fn keeps(&self, trial: &Trial) -> Option<Failure> {
        match trial {
            Trial::Failed(failure) if failure.verdict.code() == self.code => Some(failure.clone()),
            _ => None,
        }
    }

    /// Runs `work` on each of `items`, one lane each, at once.
    fn on_lanes<T: Sync, R: Send>(
        &self,
        items: &[T],
        work: impl Fn(&Lane, &T) -> Result<R, JudgeError> + Sync,
    ) -> Vec<Result<R, JudgeError>> {
        std::thread::scope(|scope| {
            let running: Vec<_> = items
                .iter()
                .zip(self.lanes)
                .map(|(item, lane)| {
                    let work = &work;
                    scope.spawn(move || work(lane, item))
                })
                .collect();
            running
                .into_iter()
                .map(|run| run.join().expect("a candidate's thread does not panic"))
                .collect()
        })
    }

    /// Judges the inputs not judged yet, side by side.
    fn judge_new(&mut self, inputs: &[String]) {
        let new: Vec<&String> = inputs
            .iter()
            .filter(|input| !self.judged.contains_key(*input))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let programs = self.programs;
        let results = self.on_lanes(&new, |lane, input| trial::judge(lane, programs, input));
        for (input, result) in new.into_iter().zip(results) {
            self.runs += 1;
            match result {
                Ok(trial) => {
                    let kept = self.keeps(&trial);
                    self.judged.insert(input.clone(), kept);
                }
                Err(e) => {
                    self.error.get_or_insert(e);
                }
            }
        }
    }

    fn spent_now(&self) -> bool {
        self.error.is_some() || Instant::now() >= self.deadline
    }

    fn tell(&self) {
        self.status.show(&format!(
            "shrinking: {} steps, {} runs, {:.1} s",
            self.steps(),
            self.runs,
            self.began.elapsed().as_secs_f64()
        ));
    }
}

impl Oracle<String> for Candidates<'_> {
    fn first(
        &mut self,
        candidates: &mut dyn Iterator<Item = (usize, String)>,
    ) -> Option<(usize, String)> {
        loop {
            if self.spent_now() {
                return None;
            }
            let window: Vec<(usize, String)> = candidates.take(self.lanes.len()).collect();
            if window.is_empty() {
                return None;
            }
            let inputs: Vec<String> = window.iter().map(|(_, input)| input.clone()).collect();
            self.judge_new(&inputs);
            self.tell();
            let kept = window
                .into_iter()
                .find(|(_, input)| matches!(self.judged.get(input), Some(Some(_))));
            if kept.is_some() {
                return kept;
            }
        }
    }

    fn width(&self) -> usize {
        self.lanes.len()
    }

    fn spent(&self) -> bool {
        self.spent_now()
    }
}

impl Oracle<Vec<u64>> for Candidates<'_> {
    /// Runs the generator on each stream of choices (the seed's, replaying them), then judges
    /// what it wrote; answers with the choices it drew.
    fn first(
        &mut self,
        candidates: &mut dyn Iterator<Item = (usize, Vec<u64>)>,
    ) -> Option<(usize, Vec<u64>)> {
        loop {
            if self.spent_now() {
                return None;
            }
            let window: Vec<(usize, Vec<u64>)> = candidates.take(self.lanes.len()).collect();
            if window.is_empty() {
                return None;
            }
            let new: Vec<&Vec<u64>> = window
                .iter()
                .map(|(_, choices)| choices)
                .filter(|choices| !self.generated.contains_key(*choices))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            let (programs, seed, size) = (self.programs, self.seed, self.size);
            let results = self.on_lanes(&new, |lane, choices| {
                trial::generate(lane, programs, seed, size, Some(choices))
            });
            for (choices, result) in new.into_iter().zip(results) {
                self.runs += 1;
                match result {
                    Ok(generated) => {
                        let drawn = generated.ok().and_then(|g| Some((g.choices?, g.input)));
                        self.generated.insert(choices.clone(), drawn);
                    }
                    Err(e) => {
                        self.error.get_or_insert(e);
                    }
                }
            }
            let inputs: Vec<String> = window
                .iter()
                .filter_map(|(_, choices)| Some(self.generated.get(choices)?.as_ref()?.1.clone()))
                .collect();
            self.judge_new(&inputs);
            self.tell();
            for (tag, choices) in window {
                let Some(Some((drawn, input))) = self.generated.get(&choices) else {
                    continue;
                };
                if matches!(self.judged.get(input), Some(Some(_))) {
                    let (drawn, input) = (drawn.clone(), input.clone());
                    self.inputs.insert(drawn.clone(), input);
                    return Some((tag, drawn));
                }
            }
        }
    }

    fn width(&self) -> usize {
        self.lanes.len()
    }

    fn spent(&self) -> bool {
        self.spent_now()
    }
}
