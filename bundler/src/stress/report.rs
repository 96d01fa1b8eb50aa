//! What a stress run says: a status line on a terminal's stderr while it runs (none
//! elsewhere), then the counterexample (the shrunk input, the verdict as `grundy test` gives
//! it, both answers with the first differing line marked, how it was found and shrunk) or
//! the runs that found none; and the counterexample saved as a test.

use super::error::StressError;
use crate::judge::{Mismatch, Verdict};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// The status line, shown on stderr when it is a terminal.
pub struct Status {
    terminal: bool,
    shown: AtomicBool,
}

impl Status {
    pub fn on_stderr() -> Status {
        Status {
            terminal: std::io::stderr().is_terminal(),
            shown: AtomicBool::new(false),
        }
    }

    pub fn show(&self, line: &str) {
        if self.terminal {
            eprint!("\r\x1b[K{line}");
            self.shown.store(true, Ordering::SeqCst);
        }
    }

    /// Erases the line, before anything else is printed.
    pub fn clear(&self) {
        if self.shown.swap(false, Ordering::SeqCst) {
            eprint!("\r\x1b[K");
        }
    }
}

/// Lines of an input or an answer shown before it is cut, and characters of each line.
const SHOWN_LINES: usize = 20;
const SHOWN_CHARS: usize = 100;

/// `title`, then `text` indented: whole when short, else its first lines and its size.
/// `marked` (1-based) gets a `>` in the margin.
fn shown(title: &str, text: &str, marked: Option<usize>) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = format!("{title}\n");
    if lines.is_empty() {
        out += "      (nothing)\n";
    }
    for (number, line) in lines.iter().enumerate().take(SHOWN_LINES) {
        let margin = if marked == Some(number + 1) {
            "  >   "
        } else {
            "      "
        };
        let cut: String = line.chars().take(SHOWN_CHARS).collect();
        let more = if cut.len() < line.len() { " ..." } else { "" };
        out += &format!("{margin}{cut}{more}\n");
    }
    if lines.len() > SHOWN_LINES {
        out += &format!(
            "      ... ({} lines, {} bytes in all)\n",
            lines.len(),
            text.len()
        );
    }
    out
}

/// `title`, then `text` indented, whole when short, else its first lines and its size.
pub fn excerpt(title: &str, text: &str) -> String {
    shown(title, text, None)
}

/// "3 lines, 8 bytes".
pub fn size(text: &str) -> String {
    let lines = text.lines().count();
    let noun = if lines == 1 { "line" } else { "lines" };
    format!("{lines} {noun}, {} bytes", text.len())
}

/// The first name `stress-<k>` that no file of `tests` has.
pub fn free_test_name(tests: &Path) -> String {
    (1..)
        .map(|k| format!("stress-{k}"))
        .find(|name| {
            ["in", "out", "gen", "sha256"]
                .iter()
                .all(|ext| !tests.join(format!("{name}.{ext}")).exists())
        })
        .expect("some k is free")
}

/// Writes `tests/<name>.in` and, when there is an answer, `.out`, all or nothing.
pub fn save(
    tests: &Path,
    name: &str,
    input: &str,
    answer: Option<&str>,
) -> Result<Vec<PathBuf>, StressError> {
    let mut files = vec![(tests.join(format!("{name}.in")), input)];
    if let Some(answer) = answer {
        files.push((tests.join(format!("{name}.out")), answer));
    }
    let pairs: Vec<(&Path, &[u8])> = files
        .iter()
        .map(|(path, text)| (path.as_path(), text.as_bytes()))
        .collect();
    crate::atomic::write_files(&pairs)?;
    Ok(files.into_iter().map(|(path, _)| path).collect())
}

/// The answers' part of the report: the verdict, then what the brute force and the
/// solution wrote, the first differing line marked.
pub fn answers(verdict: &Verdict, brute: Option<(&str, &str)>, solution: (&str, &str)) -> String {
    let differs = match verdict {
        Verdict::WrongAnswer {
            mismatch: Mismatch::Line { line, .. },
            ..
        } => Some(*line),
        _ => None,
    };
    let mut out = format!("verdict: {verdict}\n");
    if let Some((name, answer)) = brute {
        out += &shown(&format!("{name} answered:"), answer, differs);
    }
    let (name, output) = solution;
    if !output.is_empty() || brute.is_some() {
        out += &shown(&format!("{name} answered:"), output, differs);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_shown_whole_and_long_ones_cut() {
        assert_eq!(
            excerpt("input:", "1\n2 3\n"),
            "input:\n      1\n      2 3\n"
        );
        let long: String = (0..30).map(|i| format!("{i}\n")).collect();
        let shown = excerpt("input:", &long);
        assert!(
            shown.ends_with("      19\n      ... (30 lines, 80 bytes in all)\n"),
            "{shown}"
        );
        let wide = "x".repeat(150);
        assert_eq!(
            excerpt("a:", &wide),
            format!("a:\n      {} ...\n", "x".repeat(100))
        );
        assert_eq!(excerpt("a:", ""), "a:\n      (nothing)\n");
    }

    #[test]
    fn the_first_differing_line_is_marked_in_both_answers() {
        let verdict = Verdict::WrongAnswer {
            test: "stress-1".into(),
            mismatch: Mismatch::Line {
                line: 2,
                expected: Some("Bob".into()),
                got: Some("Alice".into()),
            },
        };
        assert_eq!(
            answers(
                &verdict,
                Some(("brute.rs", "Alice\nBob\n")),
                ("main.rs", "Alice\nAlice\n")
            ),
            "verdict: WA on stress-1 (line 2: expected \"Bob\", got \"Alice\")\n\
             brute.rs answered:\n      Alice\n  >   Bob\n\
             main.rs answered:\n      Alice\n  >   Alice\n"
        );
    }

    #[test]
    fn test_names_skip_every_taken_one() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(free_test_name(dir.path()), "stress-1");
        std::fs::write(dir.path().join("stress-1.out"), "").unwrap();
        std::fs::write(dir.path().join("stress-2.in"), "").unwrap();
        assert_eq!(free_test_name(dir.path()), "stress-3");
    }
}
