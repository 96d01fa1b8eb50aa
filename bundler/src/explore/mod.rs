//! `explore`: from a game's rules to its values, their pattern with the theorem that proves
//! it (or the plain word that it is only observed), the library template that already
//! answers it, and a paste-ready function for any heap up to 10^18.
//!
//! Games: finite subtraction sets and octal codes (on the library's own engines,
//! `templates::subtraction_sg` and `templates::octal`), and games in a Rust file: one heap
//! (`fn options(n: u64) -> Vec<Vec<u64>>`, each option a list of heaps, so splitting games
//! work) or two heaps (`fn options(a: u64, b: u64) -> Vec<(u64, u64)>`). A file is compiled
//! with plain rustc together with a driver (`one_heap_driver.rs`, `two_heap_driver.rs`) and
//! run under the judge's supervisor with a time limit. Misere outcomes of single heaps go
//! through the same driver: the subtraction set or octal code is written out as `options`.
//!
//! - Subtraction set S with largest move m: G(n) is the mex of G(n - s), so it depends only
//!   on the m values before n. Once a window of m consecutive values repeats at distance p,
//!   every later value repeats too: period p is PROVEN from the window's start.
//! - Octal games: the Guy-Smith periodicity theorem, as `templates::octal::find_period`
//!   applies it (agreement on n0 <= n < 2*n0 + p + t, t the largest removal).
//! - Anything else, and every arithmetic period, is only OBSERVED.

mod closed_form;
mod error;
pub mod octal_values;
mod pattern;
pub mod picture;
mod program;
mod report;

use crate::judge::Limits;
pub use closed_form::Known;
pub use error::ExploreError;
pub use pattern::Found;
use program::{
    bad_output, misere, octal_options, parse_board, parse_values, run_game, two_heap_file,
    ONE_HEAP_DRIVER, TWO_HEAP_DRIVER,
};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use templates::octal::Octal;

/// A game `explore` takes.
#[derive(Debug, Clone)]
pub enum Game {
    Subtraction(Vec<usize>),
    Octal(String),
    /// A Rust file defining `options` for one heap or for two.
    Rust(PathBuf),
}

impl Game {
    /// The game in words, for the report and the emitted function's doc comment.
    pub fn name(&self) -> String {
        match self {
            Game::Subtraction(moves) => {
                let moves: Vec<String> = moves.iter().map(usize::to_string).collect();
                format!("subtraction game S = {{{}}}", moves.join(", "))
            }
            Game::Octal(code) => format!("octal game {code}"),
            Game::Rust(path) => format!("game in {}", path.display()),
        }
    }
}

/// How to explore: how far, whether misere too, and how to run a game's program.
#[derive(Debug, Clone)]
pub struct Request {
    /// Heaps `0..n` (one-heap games) or the board `n x n` (two-heap games); `None`: a size
    /// that answers within a second or two.
    pub n: Option<usize>,
    /// Misere outcomes of single heaps too (one-heap games).
    pub misere: bool,
    /// The program that runs a compiled game under limits (`grundy supervise`).
    pub supervisor: PathBuf,
    pub limits: Limits,
}

impl Request {
    /// A request for the default size, without misere outcomes, whose programs run under
    /// `supervisor` for at most `cpu` (and the compile limits' memory).
    pub fn new(supervisor: PathBuf, cpu: Duration) -> Request {
        Request {
            n: None,
            misere: false,
            supervisor,
            limits: Limits {
                cpu,
                wall: crate::judge::wall_for(cpu),
                ..crate::judge::JudgeOptions::default().compile_limits
            },
        }
    }
}

/// The most values computed for an octal code without -n while no period is proven: the
/// late periods of the literature (0.56 from 326,640, proven at 653,570) are within it.
const OCTAL_LIMIT: usize = 1_000_000;
const OCTAL_TIME: Duration = Duration::from_secs(2);
/// How long an octal code whose values already look periodic may go on to its proof.
const OCTAL_PROOF_TIME: Duration = Duration::from_secs(20);

/// When an octal code explored without -n stops: after [`OCTAL_TIME`], unless the values
/// then look periodic (from n0, period p) and the proof (at 2*n0 + 2*p + t values) is
/// within [`OCTAL_LIMIT`]: then at that length, or at [`OCTAL_PROOF_TIME`].
struct OctalBudget {
    max_removal: usize,
    /// Decided at the first call past `OCTAL_TIME`: the length to go on to, if any.
    proof_at: Option<Option<usize>>,
}

impl OctalBudget {
    fn new(max_removal: usize) -> OctalBudget {
        OctalBudget {
            max_removal,
            proof_at: None,
        }
    }

    /// Whether to stop with `values` computed `elapsed` after the start.
    fn spent(&mut self, values: &[u32], elapsed: Duration) -> bool {
        if elapsed < OCTAL_TIME {
            return false;
        }
        let t = self.max_removal;
        let proof_at = *self.proof_at.get_or_insert_with(|| {
            pattern::observed(values)
                .filter(|f| f.saltus == 0)
                .map(|f| 2 * f.preperiod.max(1) + 2 * f.period + t)
                .filter(|&at| at <= OCTAL_LIMIT)
        });
        proof_at.is_none_or(|at| values.len() >= at) || elapsed > OCTAL_PROOF_TIME
    }
}
/// The largest two-heap board: its values travel as text, 4 million of them.
const MAX_BOARD: usize = 2000;
/// Positions a two-heap game's board may reach.
const BOARD_POSITIONS: usize = 8_000_000;

/// What `explore` found.
#[derive(Debug, Clone)]
pub struct Exploration {
    pub game: Game,
    pub values: Values,
    /// The pattern of one-heap values.
    pub period: Option<Found>,
    /// The library template that answers this game, with how to call it.
    pub known: Option<Known>,
    pub misere: Option<Misere>,
}

/// The values computed.
#[derive(Debug, Clone)]
pub enum Values {
    /// G(0..n).
    OneHeap(Vec<u32>),
    /// `G(a, b)` as `board[a][b]`, a square.
    TwoHeap(Vec<Vec<u32>>),
}

/// Misere outcomes of single heaps `0..p_positions.len()`.
#[derive(Debug, Clone)]
pub struct Misere {
    /// Whether heap `n` alone is a P-position (the player to move loses) in misere play.
    pub p_positions: Vec<bool>,
    /// False when the search stopped at its budget before the heaps asked for.
    pub complete: bool,
}

/// Explores `game` as `request` asks.
pub fn explore(game: &Game, request: &Request) -> Result<Exploration, ExploreError> {
    let n = |default: usize| request.n.unwrap_or(default).max(2);
    // A game's file is read, and its shape checked, once and before any work.
    let file = match game {
        Game::Rust(path) => {
            let source = std::fs::read_to_string(path).map_err(|source| ExploreError::Read {
                path: path.clone(),
                source,
            })?;
            let two_heaps = two_heap_file(path, &source)?;
            if two_heaps && request.misere {
                return Err(ExploreError::MisereTwoHeaps);
            }
            Some((source, two_heaps))
        }
        _ => None,
    };
    let mut found = match game {
        Game::Subtraction(moves) => {
            if moves.is_empty() || moves.contains(&0) {
                return Err(ExploreError::Subtraction);
            }
            let mut moves = moves.clone();
            moves.sort_unstable();
            moves.dedup();
            let values = templates::subtraction_sg::subtraction_sg(n(10_000) - 1, &moves);
            let largest = *moves.last().expect("not empty");
            let period = pattern::window_period(&values, largest);
            one_heap(game, values, period, closed_form::subtraction(&moves))
        }
        Game::Octal(code) => {
            let octal = Octal::parse(code).map_err(ExploreError::Octal)?;
            let (values, proof) = match request.n {
                Some(n) => octal_values::prove_period(&octal, n.max(2), n.max(2), |_| false),
                None => {
                    let (mut budget, start) =
                        (OctalBudget::new(octal.max_removal()), Instant::now());
                    let stop = |v: &[u32]| budget.spent(v, start.elapsed());
                    octal_values::prove_period(&octal, OCTAL_LIMIT, 1000, stop)
                }
            };
            let period = proof.map(|(p, proven_at)| Found {
                preperiod: p.preperiod,
                period: p.period,
                saltus: 0,
                proof_end: Some(proven_at - 1),
            });
            let known = period.and_then(|p| closed_form::octal(code, p.proof_end? + 1));
            one_heap(game, values, period, known)
        }
        Game::Rust(path) => {
            let (source, two_heaps) = file.as_ref().expect("read above");
            if *two_heaps {
                let side = n(64);
                if side > MAX_BOARD {
                    return Err(ExploreError::BoardTooLarge { side });
                }
                let args = [side.to_string(), BOARD_POSITIONS.to_string()];
                let output = run_game(path, source, TWO_HEAP_DRIVER, &args, request)?;
                let board = parse_board(&output, side).map_err(|e| bad_output(path, e))?;
                Exploration {
                    game: game.clone(),
                    known: closed_form::two_heap(&board),
                    values: Values::TwoHeap(board),
                    period: None,
                    misere: None,
                }
            } else {
                let args = [n(1000).to_string(), "values".to_string()];
                let output = run_game(path, source, ONE_HEAP_DRIVER, &args, request)?;
                let values = parse_values(&output).map_err(|e| bad_output(path, e))?;
                let known = closed_form::one_heap(&values);
                one_heap(game, values, None, known)
            }
        }
    };
    if request.misere {
        let (path, source) = match (game, file) {
            (Game::Rust(path), Some((source, _))) => (path.clone(), source),
            (Game::Subtraction(moves), _) => (
                PathBuf::from("subtraction set"),
                format!(
                    "fn options(n: u64) -> Vec<Vec<u64>> {{\n    [{}].iter().filter(|&&s| s <= n).map(|&s| vec![n - s]).collect()\n}}\n",
                    moves.iter().map(|m| format!("{m}u64")).collect::<Vec<_>>().join(", ")
                ),
            ),
            (Game::Octal(code), _) => (
                PathBuf::from(code),
                octal_options(&Octal::parse(code).map_err(ExploreError::Octal)?),
            ),
            (Game::Rust(_), None) => unreachable!("a game's file is read above"),
        };
        found.misere = Some(misere(&path, &source, request)?);
    }
    Ok(found)
}

/// A one-heap exploration; without a proven period, one observed is looked for.
fn one_heap(
    game: &Game,
    values: Vec<u32>,
    proven: Option<Found>,
    known: Option<Known>,
) -> Exploration {
    Exploration {
        game: game.clone(),
        period: proven.or_else(|| pattern::observed(&values)),
        known,
        values: Values::OneHeap(values),
        misere: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_octal_code_that_looks_periodic_goes_on_to_its_proof() {
        let second = Duration::from_secs(1);
        // Values that look periodic (period 3 from n = 10): the proof needs
        // 2*10 + 2*3 + t values, t = 2.
        let mut values: Vec<u32> = vec![9; 10];
        values.extend((0..20).map(|n| n % 3));
        let mut budget = OctalBudget::new(2);
        assert!(!budget.spent(&values, second));
        assert!(!budget.spent(&values[..27], 3 * second));
        assert!(budget.spent(&values[..28], 3 * second));
        assert!(budget.spent(&values[..27], 21 * second));
        // Values with no period in sight stop at the time.
        let mut budget = OctalBudget::new(2);
        let values: Vec<u32> = (0..30).map(|n| n * n % 31).collect();
        assert!(!budget.spent(&values, second));
        assert!(budget.spent(&values, 3 * second));
    }
}
