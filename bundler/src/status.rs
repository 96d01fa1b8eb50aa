//! One status line on a terminal's stderr saying what long work is under way (building a
//! proc-macro crate, running build scripts, building a judge's crates, verifying a bundle, a
//! test running): written over in place, and erased when the work ends or before anything
//! else is printed, so what follows starts on a clean line. Off unless the program turns it
//! on for a terminal ([`show_on_terminal`]): a pipe or a file gets nothing, and neither do
//! the tests and benches that call the library.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;

/// The process's status line: `None` while it is off.
static LINE: Mutex<Option<StatusLine<std::io::Stderr>>> = Mutex::new(None);

/// Turns the status line on when stderr is a terminal, as wide as the terminal is.
pub fn show_on_terminal() {
    let stderr = std::io::stderr();
    if !stderr.is_terminal() {
        return;
    }
    let width = terminal_size::terminal_size_of(&stderr)
        .map(|(w, _)| usize::from(w.0))
        .filter(|&w| w > 0)
        .unwrap_or(80);
    *lock() = Some(StatusLine::new(stderr, width));
}

/// Says `what` is under way until the returned guard is dropped; the work it interrupts (if
/// any) is said again after.
#[must_use = "the line is erased when the guard is dropped"]
pub fn show(what: impl Into<String>) -> Shown {
    let id = lock().as_mut().map(|line| line.push(what.into()));
    Shown { id }
}

/// Runs `print` (which writes to the terminal) with the status line erased, then writes the
/// line again. `print` must neither show nor end a status: the line is held meanwhile.
pub fn hidden<T>(print: impl FnOnce() -> T) -> T {
    let mut line = lock();
    if let Some(line) = line.as_mut() {
        line.erase();
    }
    let result = print();
    if let Some(line) = line.as_mut() {
        line.draw();
    }
    result
}

fn lock() -> std::sync::MutexGuard<'static, Option<StatusLine<std::io::Stderr>>> {
    // A panic while drawing leaves nothing half-done that matters: the line is redrawn whole.
    LINE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A status shown by [`show`]; dropping it ends it.
#[derive(Debug)]
pub struct Shown {
    /// Its place in the line's stack; `None` when the line is off.
    id: Option<u64>,
}

impl Drop for Shown {
    fn drop(&mut self) {
        if let Some(id) = self.id {
            if let Some(line) = lock().as_mut() {
                line.pop(id);
            }
        }
    }
}

/// A status line written to `out`: the work under way, innermost last; the innermost is
/// shown, cut to the terminal's width (a line that wrapped could not be erased).
#[derive(Debug)]
pub struct StatusLine<W: Write> {
    out: W,
    width: usize,
    stack: Vec<(u64, String)>,
    next_id: u64,
    drawn: bool,
}

impl<W: Write> StatusLine<W> {
    pub fn new(out: W, width: usize) -> StatusLine<W> {
        StatusLine {
            out,
            width,
            stack: Vec::new(),
            next_id: 0,
            drawn: false,
        }
    }

    /// Shows `what` over what was shown; its id, for [`StatusLine::pop`].
    pub fn push(&mut self, what: String) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.stack.push((id, what));
        self.draw();
        id
    }

    /// Ends the status `id`: what it was shown over is shown again, or the line is erased.
    pub fn pop(&mut self, id: u64) {
        self.stack.retain(|(i, _)| *i != id);
        self.draw();
    }

    /// Erases the line, if anything is shown.
    pub fn erase(&mut self) {
        if self.drawn {
            // Best effort, as for any progress output: a terminal that fails a write has gone.
            let _ = self.out.write_all(ERASE.as_bytes());
            let _ = self.out.flush();
            self.drawn = false;
        }
    }

    /// Writes the innermost status over the line (or erases it when there is none).
    pub fn draw(&mut self) {
        self.erase();
        let Some((_, what)) = self.stack.last() else {
            return;
        };
        // One column stays free: a line that fills the width moves some terminals' cursor
        // to the next line.
        let shown: String = what
            .chars()
            .filter(|c| !c.is_control())
            .take(self.width.saturating_sub(1))
            .collect();
        let _ = self.out.write_all(shown.as_bytes());
        let _ = self.out.flush();
        self.drawn = true;
    }
}

/// Back to the line's start, and clear it.
const ERASE: &str = "\r\x1b[K";

#[cfg(test)]
mod tests {
    use super::*;

    fn text(line: &StatusLine<Vec<u8>>) -> String {
        String::from_utf8(line.out.clone()).unwrap()
    }

    #[test]
    fn the_innermost_work_is_shown_and_what_it_interrupted_comes_back() {
        let mut line = StatusLine::new(Vec::new(), 80);
        let outer = line.push("verifying".into());
        assert_eq!(text(&line), "verifying");
        let inner = line.push("building proconio".into());
        assert_eq!(text(&line), "verifying\r\x1b[Kbuilding proconio");
        line.pop(inner);
        assert_eq!(
            text(&line),
            "verifying\r\x1b[Kbuilding proconio\r\x1b[Kverifying"
        );
        line.pop(outer);
        assert!(
            text(&line).ends_with("verifying\r\x1b[K"),
            "{:?}",
            text(&line)
        );
        // Nothing shown: nothing to erase.
        line.erase();
        assert!(text(&line).ends_with("verifying\r\x1b[K"));
    }

    #[test]
    fn a_status_is_cut_to_the_width_and_loses_control_characters() {
        let mut line = StatusLine::new(Vec::new(), 8);
        line.push("ab\ncdefghijk".into());
        assert_eq!(text(&line), "abcdefg");
    }

    #[test]
    fn the_process_line_is_off_unless_turned_on() {
        // The tests' stderr is not turned on: showing and hiding write nothing and do not fail.
        let shown = show("verifying");
        assert!(shown.id.is_none());
        assert_eq!(hidden(|| 7), 7);
    }
}
