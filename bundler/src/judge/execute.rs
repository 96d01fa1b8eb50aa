//! Compiling a bundle with plain rustc and running the binary under a time limit.

use super::JudgeError;
use std::fs::{self, File};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How often a running solution is checked for exit, time and output size.
const POLL: Duration = Duration::from_millis(1);

/// Writes `source` as `main.rs` in `dir` and compiles it exactly as a judge would.
/// Returns rustc's first error (with its location) when compilation fails.
pub fn compile(dir: &Path, source: &str) -> Result<Result<(), String>, JudgeError> {
    let result = crate::bundle::check::compile_in(dir, source, "2021")
        .map_err(|e| JudgeError::Tool(format!("could not compile with rustc: {e}")))?;
    Ok(result.map_err(|stderr| first_error(&stderr).unwrap_or_else(|| tail(&stderr))))
}

/// rustc's first `error` line, followed by the location from its `-->` line.
fn first_error(stderr: &str) -> Option<String> {
    let mut lines = stderr.lines();
    let error = lines
        .by_ref()
        .find(|line| line.starts_with("error:") || line.starts_with("error["))?;
    let location = lines
        .take(3)
        .find_map(|line| line.trim_start().strip_prefix("--> "));
    Some(match location {
        Some(location) => format!("{error} at {location}"),
        None => error.to_string(),
    })
}

/// Runs `python3 gen.py <args>` in the problem folder, writing its stdout to `input`.
pub fn generate(
    problem_dir: &Path,
    args: &[String],
    input: &Path,
) -> Result<Result<(), String>, JudgeError> {
    let stdout = File::create(input).map_err(|source| JudgeError::Io {
        path: input.to_path_buf(),
        source,
    })?;
    let output = Command::new("python3")
        .arg("gen.py")
        .args(args)
        .current_dir(problem_dir)
        .stdin(Stdio::null())
        .stdout(stdout)
        .output()
        .map_err(|e| JudgeError::Tool(format!("could not start python3: {e}")))?;
    if output.status.success() {
        Ok(Ok(()))
    } else {
        let stderr = String::from_utf8_lossy(&output.stderr);
        Ok(Err(format!(
            "{}: {}",
            describe(output.status),
            tail(&stderr)
        )))
    }
}

/// How a run ended.
pub enum Outcome {
    /// The process exited by itself (successfully or not) after `elapsed`.
    Exited {
        status: ExitStatus,
        elapsed: Duration,
        stderr: String,
    },
    /// Killed at the time limit.
    TimedOut { elapsed: Duration },
    /// Killed because its output (stdout and stderr) grew past the limit.
    OutputExceeded { elapsed: Duration },
}

/// Runs `binary` with stdin from `input`, stdout into `output` (stderr beside it), killing it
/// at `time_limit` or once stdout and stderr together exceed `output_limit` bytes. Files, not
/// pipes, so nothing can block.
pub fn run(
    binary: &Path,
    input: &Path,
    output: &Path,
    time_limit: Duration,
    output_limit: u64,
) -> Result<Outcome, JudgeError> {
    let open = |path: &Path, create: bool| {
        let file = if create {
            File::create(path)
        } else {
            File::open(path)
        };
        file.map_err(|source| JudgeError::Io {
            path: path.to_path_buf(),
            source,
        })
    };
    let stderr_path = output.with_extension("stderr");
    // A judge's environment is bare: no RUST_BACKTRACE turning a panic into a slow backtrace.
    let mut child = Command::new(binary)
        .env_clear()
        .current_dir(binary.parent().unwrap_or(Path::new(".")))
        .stdin(open(input, false)?)
        .stdout(open(output, true)?)
        .stderr(open(&stderr_path, true)?)
        .spawn()
        .map_err(|e| JudgeError::Tool(format!("could not start {}: {e}", binary.display())))?;
    let start = Instant::now();
    let wait_error = |e| JudgeError::Tool(format!("waiting for {}: {e}", binary.display()));
    loop {
        if let Some(status) = child.try_wait().map_err(wait_error)? {
            let elapsed = start.elapsed();
            let stderr = fs::read(&stderr_path).map_err(|source| JudgeError::Io {
                path: stderr_path.clone(),
                source,
            })?;
            return Ok(Outcome::Exited {
                status,
                elapsed,
                stderr: String::from_utf8_lossy(&stderr).into_owned(),
            });
        }
        let elapsed = start.elapsed();
        let size = |path: &Path| fs::metadata(path).map_or(0, |m| m.len());
        let written = size(output) + size(&stderr_path);
        if elapsed >= time_limit || written > output_limit {
            // Killing fails only if it already exited, which wait() then reaps.
            let _ = child.kill();
            child.wait().map_err(wait_error)?;
            return Ok(if elapsed >= time_limit {
                Outcome::TimedOut { elapsed }
            } else {
                Outcome::OutputExceeded { elapsed }
            });
        }
        thread::sleep(POLL);
    }
}

/// "exit status 3" or "signal 11 (SIGSEGV)".
pub fn describe(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exit status {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                4 => " (SIGILL)",
                6 => " (SIGABRT)",
                8 => " (SIGFPE)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                _ => "",
            };
            return format!("signal {signal}{name}");
        }
    }
    status.to_string()
}

/// The last two meaningful lines of a stderr, joined and cut short, for a one-line verdict.
pub fn tail(stderr: &str) -> String {
    const MAX_CHARS: usize = 120;
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("note: run with `RUST_BACKTRACE"))
        .collect();
    let joined = lines[lines.len().saturating_sub(2)..].join(" / ");
    if joined.chars().count() > MAX_CHARS {
        format!("{}...", joined.chars().take(MAX_CHARS).collect::<String>())
    } else {
        joined
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_error_takes_the_first_error_and_its_location() {
        let stderr = "warning: unused variable: `x`\n --> main.rs:1:5\n\n\
            error[E0425]: cannot find value `y` in this scope\n --> main.rs:2:13\n  |\n\
            error: expected `;`, found `}`\n --> main.rs:3:1\n\n\
            error: aborting due to 2 previous errors\n";
        assert_eq!(
            first_error(stderr).as_deref(),
            Some("error[E0425]: cannot find value `y` in this scope at main.rs:2:13")
        );
        assert_eq!(
            first_error("error: linking with `cc` failed\n").as_deref(),
            Some("error: linking with `cc` failed")
        );
        assert_eq!(first_error("warning: only this\n"), None);
    }

    #[test]
    fn tail_skips_the_backtrace_hint_and_keeps_two_lines() {
        let stderr = "\nthread 'main' panicked at main.rs:2:5:\nboom\n\
            note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n";
        assert_eq!(
            tail(stderr),
            "thread 'main' panicked at main.rs:2:5: / boom"
        );
        assert_eq!(tail(""), "");
        assert_eq!(tail(&"z".repeat(500)).len(), 123);
    }
}
