//! The report of an exploration, its picture's board, and the function it emits.

use super::program::MISERE_POSITIONS;
use super::{pattern, picture, Exploration, Found, Game, Misere, Values};
use std::fmt::Write as _;

impl Exploration {
    /// The report: the values (P-positions marked), the pattern and its status, the template
    /// that answers the game, and misere outcomes when asked.
    pub fn report(&self) -> String {
        let mut out = String::new();
        let name = self.game.name();
        match &self.values {
            Values::OneHeap(values) => {
                self.report_one_heap(&mut out, &name, values);
            }
            Values::TwoHeap(board) => {
                let side = board.len();
                let p = p_board(board);
                let count = p.iter().flatten().filter(|&&p| p).count();
                let _ = writeln!(
                    out,
                    "{name}: two heaps (a, b) with a, b < {side}; {count} P-positions (G = 0), \
                     marked # below (b up, a across; the corner up to 40)"
                );
                out += &picture::text(&p, 40);
            }
        }
        if let Some(known) = &self.known {
            let status = if known.proven {
                "a theorem: holds for every n"
            } else {
                "matches every position computed; evidence, not proof"
            };
            let _ = writeln!(out, "known closed form ({status}): {}", known.text);
        }
        if let Some(misere) = &self.misere {
            report_misere(&mut out, misere);
        }
        out
    }

    fn report_one_heap(&self, out: &mut String, name: &str, values: &[u32]) {
        let _ = writeln!(
            out,
            "{name}: Grundy values G(0..{}), P-positions (G = 0) marked *",
            values.len()
        );
        let shown = values.len().min(200);
        for row in (0..shown).step_by(20) {
            let cells: Vec<String> = (row..(row + 20).min(shown))
                .map(|n| {
                    let g = values[n];
                    format!("{g:>2}{}", if g == 0 { "*" } else { " " })
                })
                .collect();
            let _ = writeln!(out, "{row:>6}: {}", cells.join(""));
        }
        if values.len() > shown {
            let _ = writeln!(out, "        ... ({} more)", values.len() - shown);
        }
        let last = values.len() - 1;
        let _ = match self.period {
            Some(found) => match found.proof_end {
                Some(end) => writeln!(
                    out,
                    "period {} from n = {}: PROVEN ({}; the proof completes with the values up to n = {end})",
                    found.period,
                    found.preperiod,
                    match self.game {
                        Game::Octal(_) => "Guy-Smith periodicity theorem",
                        _ => "a window of max(S) values repeats, and each value depends only on the max(S) before it",
                    },
                ),
                None if found.saltus > 0 => writeln!(
                    out,
                    "arithmetic period {} with saltus {} from n = {} (G(n + {}) = G(n) + {}): \
                     OBSERVED only, up to n = {last}; not proven",
                    found.period, found.saltus, found.preperiod, found.period, found.saltus
                ),
                None => writeln!(
                    out,
                    "period {} from n = {}: OBSERVED only, up to n = {last}; not proven (compute further with -n)",
                    found.period, found.preperiod
                ),
            },
            None => writeln!(out, "no period found up to n = {last}; compute further with -n"),
        };
    }

    /// The P-positions of a two-heap game, `None` for a one-heap game.
    pub fn p_board(&self) -> Option<picture::Board> {
        match &self.values {
            Values::TwoHeap(board) => Some(p_board(board)),
            Values::OneHeap(_) => None,
        }
    }

    /// A self-contained function answering G(n) for any `n: u64` from a proven period: the
    /// preperiod's values and one period in const tables. `None` without a proven period.
    pub fn function(&self) -> Option<String> {
        let found = self.period.filter(Found::proven)?;
        let Values::OneHeap(values) = &self.values else {
            return None;
        };
        let table = |range: std::ops::Range<usize>| {
            values[range]
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

fn p_board(board: &[Vec<u32>]) -> picture::Board {
    board
        .iter()
        .map(|row| row.iter().map(|&g| g == 0).collect())
        .collect()
}

fn report_misere(out: &mut String, misere: &Misere) {
    let heaps = misere.p_positions.len();
    let p: Vec<String> = (0..heaps)
        .filter(|&n| misere.p_positions[n])
        .map(|n| n.to_string())
        .collect();
    let _ = writeln!(
        out,
        "misere play (the last mover loses), single heaps 0..{heaps}: P-positions {}",
        if p.is_empty() {
            "none".to_string()
        } else {
            p.join(" ")
        }
    );
    let outcomes: Vec<u32> = misere.p_positions.iter().map(|&p| p as u32).collect();
    if !misere.complete {
        let _ = writeln!(
            out,
            "  (the search stopped at its budget of {MISERE_POSITIONS} positions, at heap {heaps}: positions of \
             several heaps grow too many)"
        );
    }
    if let Some(found) = pattern::observed(&outcomes).filter(|f| f.saltus == 0) {
        let _ = writeln!(
            out,
            "  outcomes: period {} from n = {}, OBSERVED only",
            found.period, found.preperiod
        );
    }
}
