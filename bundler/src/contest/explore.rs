//! `explore`: from a game's rules to its Grundy values, their period with the theorem that
//! proves it (or the plain word that it is only observed), the library template that already
//! answers it, and a paste-ready function for any heap up to 10^18.
//!
//! Games so far: finite subtraction sets and octal codes, on the library's own engines
//! (`templates::subtraction_sg`, `templates::octal`).
//!
//! - Subtraction set S with largest move m: G(n) is the mex of G(n - s), so it depends only
//!   on the m values before n. Once a window of m consecutive values repeats at distance p,
//!   every later value repeats too: period p is PROVEN from the window's start.
//! - Octal games: the Guy-Smith periodicity theorem, as `templates::octal::find_period`
//!   applies it (agreement on n0 <= n < 2*n0 + p + t, t the largest removal).

use std::fmt::Write as _;
use templates::octal::Octal;

/// A game `explore` takes.
#[derive(Debug, Clone)]
pub enum Game {
    Subtraction(Vec<usize>),
    Octal(String),
    /// A Rust file defining `fn options(n: u64) -> Vec<Vec<u64>>`: the positions a heap of `n`
    /// can move to, each a list of heaps (so splitting games work).
    Rust(std::path::PathBuf),
}

impl Game {
    /// The game in words, for the report and the emitted function's doc comment.
    fn name(&self) -> String {
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

/// The `main` appended to a game's Rust file: G(0..n) by mex over its options, each heap of
/// an option checked to be smaller than the position (else the game could loop).
const DRIVER: &str = r#"
fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).expect("n");
    let mut g: Vec<u32> = Vec::new();
    for heap in 0..n {
        let mut seen = vec![false; 64];
        for option in options(heap) {
            let mut value = 0u32;
            for &part in &option {
                if part >= heap {
                    eprintln!("options({heap}) returned a heap of {part}, not smaller than {heap}");
                    std::process::exit(3);
                }
                value ^= g[part as usize];
            }
            if value as usize >= seen.len() {
                seen.resize(value as usize + 1, false);
            }
            seen[value as usize] = true;
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
    }
    let text: Vec<String> = g.iter().map(u32::to_string).collect();
    println!("{}", text.join(" "));
}
"#;

/// Explores the game in the Rust file `path` on heaps `0..n`: compiled with plain rustc and
/// run under `limits` through the judge's supervisor (`supervisor`). Its period is only ever
/// OBSERVED: no theorem covers every game.
pub fn explore_file(
    path: &std::path::Path,
    n: usize,
    supervisor: &std::path::Path,
    limits: crate::judge::Limits,
) -> Result<Exploration, String> {
    let source = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    // The game's lines come first, so rustc's line numbers are the file's.
    let program = format!("{source}\n{DRIVER}");
    let shown = path.display().to_string();
    let output =
        crate::judge::compile_and_run(supervisor, &program, &[n.max(2).to_string()], limits)
            .map_err(|e| e.to_string())?
            .map_err(|reason| {
                format!(
                    "{}: {}",
                    shown,
                    reason.replace("main.rs:", &format!("{shown}:"))
                )
            })?;
    let values = output
        .split_whitespace()
        .map(|v| {
            v.parse::<u32>()
                .map_err(|e| format!("{shown}: unexpected output: {e}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Exploration {
        game: Game::Rust(path.to_path_buf()),
        period: observed_period(&values),
        values,
        template: None,
    })
}

/// What `explore` found.
#[derive(Debug, Clone)]
pub struct Exploration {
    pub game: Game,
    /// G(0..n).
    pub values: Vec<u32>,
    pub period: Option<Found>,
    /// The library template that answers this game, with how to call it.
    pub template: Option<String>,
}

/// A period and how sure it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    pub preperiod: usize,
    pub period: usize,
    /// Proven by the game's theorem within the values computed, or only seen in them.
    pub proven: bool,
}

/// Explores `game` on heaps `0..n`.
pub fn explore(game: &Game, n: usize) -> Result<Exploration, String> {
    let n = n.max(2);
    let (values, period, template) = match game {
        Game::Subtraction(moves) => {
            if moves.is_empty() || moves.contains(&0) {
                return Err("a subtraction set holds moves of at least 1, e.g. 1,3,4".into());
            }
            let mut moves = moves.clone();
            moves.sort_unstable();
            moves.dedup();
            let values = templates::subtraction_sg::subtraction_sg(n - 1, &moves);
            let largest = *moves.last().expect("not empty");
            let period = window_period(&values, largest).or_else(|| observed_period(&values));
            (values, period, subtraction_template(&moves))
        }
        Game::Octal(code) => {
            let octal = Octal::parse(code)?;
            let values = octal.grundy_values(n - 1);
            let period = templates::octal::find_period(&values, octal.max_removal())
                .map(|p| Found {
                    preperiod: p.preperiod,
                    period: p.period,
                    proven: true,
                })
                .or_else(|| observed_period(&values));
            (values, period, None)
        }
        Game::Rust(path) => {
            return Err(format!(
                "{}: a game in a Rust file is explored with explore_file",
                path.display()
            ))
        }
    };
    Ok(Exploration {
        game: game.clone(),
        values,
        period,
        template,
    })
}

/// The smallest period a repeated window of `width` values proves (then the smallest
/// preperiod for it).
fn window_period(values: &[u32], width: usize) -> Option<Found> {
    let len = values.len();
    (1..len).find_map(|period| {
        let start = (0..len.checked_sub(period + width)? + 1)
            .find(|&s| values[s..s + width] == values[s + period..s + period + width])?;
        // Periodic from `start` on; earlier values may agree too.
        let mut preperiod = start;
        while preperiod > 0 && values[preperiod - 1] == values[preperiod - 1 + period] {
            preperiod -= 1;
        }
        Some(Found {
            preperiod,
            period,
            proven: true,
        })
    })
}

/// A period seen in the last half of the values (three times over at least), proving nothing.
fn observed_period(values: &[u32]) -> Option<Found> {
    let len = values.len();
    (1..=len / 3).find_map(|period| {
        let mut start = len - period;
        while start > 0 && values[start - 1] == values[start - 1 + period] {
            start -= 1;
        }
        (len - start >= 3 * period && start <= len / 2).then_some(Found {
            preperiod: start,
            period,
            proven: false,
        })
    })
}

/// The library's closed form for a subtraction set, when it has one.
fn subtraction_template(moves: &[usize]) -> Option<String> {
    let (first, last) = (moves[0], *moves.last()?);
    let consecutive = moves.len() == last - first + 1;
    if !consecutive {
        return None;
    }
    Some(if first == 1 {
        format!(
            "Bash game with m = {last}: `use templates::bash::first_player_wins;` then \
             `first_player_wins(n, {last})` (G(n) = n mod {})",
            last + 1
        )
    } else {
        format!(
            "extended Bash game with a = {first}, b = {last}: `use templates::bash::extended_grundy;` \
             then `extended_grundy(n, {first}, {last})`"
        )
    })
}

impl Exploration {
    /// The report: values (P-positions, G = 0, marked `*`), the pattern and its status, and
    /// the template that answers it.
    pub fn report(&self) -> String {
        let mut out = String::new();
        let name = self.game.name();
        let _ = writeln!(
            out,
            "{name}: Grundy values G(0..{}), P-positions (G = 0) marked *",
            self.values.len()
        );
        let shown = self.values.len().min(200);
        for row in (0..shown).step_by(20) {
            let cells: Vec<String> = (row..(row + 20).min(shown))
                .map(|n| {
                    let g = self.values[n];
                    format!("{g:>2}{}", if g == 0 { "*" } else { " " })
                })
                .collect();
            let _ = writeln!(out, "{row:>6}: {}", cells.join(""));
        }
        if self.values.len() > shown {
            let _ = writeln!(out, "        ... ({} more)", self.values.len() - shown);
        }
        let _ = match self.period {
            Some(found) if found.proven => writeln!(
                out,
                "period {} from n = {}: PROVEN ({}; the values computed to n = {} complete the proof)",
                found.period,
                found.preperiod,
                match self.game {
                    Game::Subtraction(_) =>
                        "a window of max(S) values repeats, and each value depends only on the max(S) before it",
                    Game::Octal(_) => "Guy-Smith periodicity theorem",
                    Game::Rust(_) => unreachable!("a game in a file is never proven"),
                },
                self.values.len() - 1
            ),
            Some(found) => writeln!(
                out,
                "period {} from n = {}: OBSERVED only, up to n = {}; not proven (compute further with -n)",
                found.period,
                found.preperiod,
                self.values.len() - 1
            ),
            None => writeln!(
                out,
                "no period found up to n = {}",
                self.values.len() - 1
            ),
        };
        if let Some(template) = &self.template {
            let _ = writeln!(out, "known closed form: {template}");
        }
        out
    }

    /// A self-contained function answering G(n) for any `n: u64` from a proven period: the
    /// preperiod's values and one period in const tables. `None` without a proven period.
    pub fn function(&self) -> Option<String> {
        let found = self.period.filter(|f| f.proven)?;
        let table = |range: std::ops::Range<usize>| {
            self.values[range]
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (pre, p) = (found.preperiod, found.period);
        let game = self.game.name();
        let period_table = format!(
            "    const PERIOD: [u32; {p}] = [{}];\n",
            table(pre..pre + p)
        );
        // Without a preperiod, no `n < 0` for the compiler to warn about.
        let body = if pre == 0 {
            format!("{period_table}    PERIOD[(n % {p}) as usize]\n")
        } else {
            format!(
                "    const PREPERIOD: [u32; {pre}] = [{}];\n{period_table}    \
                 if n < {pre} {{\n        PREPERIOD[n as usize]\n    }} else {{\n        \
                 PERIOD[((n - {pre}) % {p}) as usize]\n    }}\n",
                table(0..pre)
            )
        };
        Some(format!(
            "/// Grundy value of a heap of `n` in the {game}, for any `n`: period {p} from\n\
             /// n = {pre}, proven (grundy explore).\n\
             fn grundy(n: u64) -> u32 {{\n{body}}}\n"
        ))
    }
}
