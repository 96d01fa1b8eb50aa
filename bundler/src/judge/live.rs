//! `grundy test` as a person sees it: the table's rows printed as problems finish, the test
//! running on the status line of a terminal's stderr ([`crate::status`]), and Ctrl-C (or
//! SIGTERM, or SIGHUP) stopping every run and removing every temporary directory before
//! exiting.

use super::error::JudgeError;
use super::options::{Bundled, JudgeOptions};
use super::report::{id_width, table_header, Report};
use super::run::{run_with, Event};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Raises `opts.interrupt` on SIGINT, SIGTERM and SIGHUP; a second one ends the process at
/// once (exit status 130), for a person who does not want to wait for the cleanup.
pub fn stop_on_signals(opts: &JudgeOptions) -> std::io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    for signal in [SIGINT, SIGTERM, SIGHUP] {
        signal_hook::flag::register_conditional_shutdown(signal, 130, Arc::clone(&opts.interrupt))?;
        signal_hook::flag::register(signal, Arc::clone(&opts.interrupt))?;
    }
    Ok(())
}

/// Judges like [`super::run()`], writing the table to `out` row by row.
pub fn run_printing(
    folders: &[PathBuf],
    bundle: &(dyn Fn(&Path) -> Result<Bundled, String> + Sync),
    opts: &JudgeOptions,
    out: &mut dyn Write,
) -> Result<Report, JudgeError> {
    let mut width = 0;
    let mut progress = None;
    let mut failed_write: Option<std::io::Error> = None;
    let mut on_event = |event: Event<'_>| {
        // The test that ran is done with; a row goes out on a line of its own.
        progress = None;
        let mut row = |text: String| {
            crate::status::hidden(|| writeln!(out, "{text}").and_then(|()| out.flush()))
        };
        let written = match event {
            Event::Start { ids, .. } => {
                width = id_width(ids.iter().map(String::as_str));
                row(table_header(width))
            }
            Event::Test {
                problem,
                test,
                tests,
            } => {
                progress = Some(crate::status::show(format!(
                    "{problem}: test {test}/{tests}"
                )));
                Ok(())
            }
            Event::Finished(report) => row(report.row(width)),
        };
        if let Err(e) = written {
            failed_write.get_or_insert(e);
        }
    };
    let report = run_with(folders, bundle, opts, &mut on_event)?;
    if let Some(e) = failed_write {
        return Err(JudgeError::Tool(format!("cannot write the table: {e}")));
    }
    writeln!(out, "{}", report.footer())
        .map_err(|e| JudgeError::Tool(format!("cannot write the table: {e}")))?;
    Ok(report)
}
