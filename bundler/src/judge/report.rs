//! Verdicts and the table `grundy test` prints.

use super::compare::Mismatch;
use super::spec::Confinement;
use std::fmt;
use std::time::Duration;

/// A problem's verdict.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Accepted,
    WrongAnswer {
        test: String,
        mismatch: Mismatch,
    },
    /// `wall` when the wall-time limit (a sleeping or blocked solution) was the one hit.
    TimeLimitExceeded {
        test: String,
        limit: Duration,
        wall: bool,
    },
    /// `limit` in bytes.
    MemoryLimitExceeded {
        test: String,
        limit: u64,
    },
    /// `files` when the solution's files, all together, went over the disk bound.
    OutputLimitExceeded {
        test: String,
        limit: u64,
        files: bool,
    },
    /// `status` reads "exit status 3" or "signal 11 (SIGSEGV)".
    RuntimeError {
        test: String,
        status: String,
        stderr_tail: String,
    },
    CompileError {
        first_error: String,
    },
    BundleError {
        message: String,
    },
}

impl Verdict {
    /// The short code: AC, WA, TLE, MLE, OLE, RE, CE or BE.
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer { .. } => "WA",
            Verdict::TimeLimitExceeded { .. } => "TLE",
            Verdict::MemoryLimitExceeded { .. } => "MLE",
            Verdict::OutputLimitExceeded { .. } => "OLE",
            Verdict::RuntimeError { .. } => "RE",
            Verdict::CompileError { .. } => "CE",
            Verdict::BundleError { .. } => "BE",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let code = self.code();
        match self {
            Verdict::Accepted => f.write_str(code),
            Verdict::WrongAnswer { test, mismatch } => write!(f, "{code} on {test} ({mismatch})"),
            Verdict::TimeLimitExceeded { test, limit, wall } => {
                let kind = if *wall { "wall-time limit" } else { "limit" };
                write!(f, "{code} on {test} ({kind} {})", limit_seconds(*limit))
            }
            Verdict::MemoryLimitExceeded { test, limit } => {
                write!(f, "{code} on {test} (limit {} MiB)", limit >> 20)
            }
            Verdict::OutputLimitExceeded { test, limit, files } => {
                let what = if *files { "files" } else { "output" };
                // In MiB, as the isolation line and the memory limit say it, when whole.
                if limit % (1 << 20) == 0 {
                    write!(f, "{code} on {test} ({what} over {} MiB)", limit >> 20)
                } else {
                    write!(f, "{code} on {test} ({what} over {limit} bytes)")
                }
            }
            Verdict::RuntimeError {
                test,
                status,
                stderr_tail,
            } => {
                write!(f, "{code} on {test} ({status}")?;
                if !stderr_tail.is_empty() {
                    write!(f, "; stderr: {stderr_tail}")?;
                }
                f.write_str(")")
            }
            Verdict::CompileError { first_error } => write!(f, "{code} ({first_error})"),
            Verdict::BundleError { message } => write!(f, "{code} (bundler: {message})"),
        }
    }
}

/// One problem's line of the report.
#[derive(Debug, Clone)]
pub struct ProblemReport {
    pub id: String,
    pub tests: usize,
    pub verdict: Verdict,
    /// The most CPU time a test took (all threads); `None` when none ran (CE, BE).
    pub slowest: Option<Duration>,
    /// The most resident memory a test used.
    pub peak_memory: Option<u64>,
}

impl ProblemReport {
    /// The table row, with ids padded to `id_width`.
    pub fn row(&self, id_width: usize) -> String {
        let slowest = self.slowest.map_or_else(|| "-".to_string(), seconds);
        let memory = self.peak_memory.map_or_else(
            || "-".to_string(),
            |bytes| format!("{} MiB", bytes.div_ceil(1 << 20)),
        );
        format!(
            "{:<id_width$}  {:>5}  {slowest:>8}  {memory:>8}  {}",
            self.id, self.tests, self.verdict
        )
    }
}

/// The result of a run; its `Display` is the table printed by `grundy test`.
#[derive(Debug, Clone)]
pub struct Report {
    pub problems: Vec<ProblemReport>,
    /// How solutions were isolated and bounded.
    pub confinement: Confinement,
    /// Wall time of the whole run (bundling, compiling and judging overlap).
    pub elapsed: Duration,
    /// The judge whose profile compiled the bundles, and its command.
    pub judged_as: String,
}

/// The width of the id column for these ids.
pub fn id_width<'a>(ids: impl IntoIterator<Item = &'a str>) -> usize {
    ids.into_iter().map(str::len).fold(7, usize::max)
}

/// The table's first line.
pub fn table_header(id_width: usize) -> String {
    format!(
        "{:<id_width$}  {:>5}  {:>8}  {:>8}  verdict",
        "problem", "tests", "cpu", "memory"
    )
}

impl Report {
    /// Whether there was at least one problem and every one is AC.
    pub fn all_accepted(&self) -> bool {
        !self.problems.is_empty() && self.problems.iter().all(|p| p.verdict == Verdict::Accepted)
    }

    /// The summary line, e.g. `21 problems: 19 AC, 1 WA, 1 TLE`.
    pub fn summary(&self) -> String {
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for code in ["AC", "WA", "TLE", "MLE", "OLE", "RE", "CE", "BE"] {
            let count = self
                .problems
                .iter()
                .filter(|p| p.verdict.code() == code)
                .count();
            if count > 0 {
                counts.push((code, count));
            }
        }
        let counts: Vec<String> = counts.iter().map(|(c, n)| format!("{n} {c}")).collect();
        let noun = if self.problems.len() == 1 {
            "problem"
        } else {
            "problems"
        };
        format!("{} {noun}: {}", self.problems.len(), counts.join(", "))
    }

    /// The lines after the rows: summary, time, profile, isolation.
    pub fn footer(&self) -> String {
        format!(
            "{}\ntotal {}\njudged as: {}\nisolation: {}",
            self.summary(),
            seconds(self.elapsed),
            self.judged_as,
            self.confinement.describe()
        )
    }
}

/// A limit as set in a README: "0.5 s", "2 s" (no float noise like 0.29999999).
pub(super) fn limit_seconds(limit: Duration) -> String {
    let fixed = format!("{:.3}", limit.as_secs_f64());
    format!("{} s", fixed.trim_end_matches('0').trim_end_matches('.'))
}

fn seconds(duration: Duration) -> String {
    format!("{:.2} s", duration.as_secs_f64())
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The verdict goes last: its width varies too much to align anything after it.
        let width = id_width(self.problems.iter().map(|p| p.id.as_str()));
        writeln!(f, "{}", table_header(width))?;
        for p in &self.problems {
            writeln!(f, "{}", p.row(width))?;
        }
        f.write_str(&self.footer())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_limits_in_mib_when_whole_else_in_bytes() {
        let ole = |limit: u64, files: bool| {
            Verdict::OutputLimitExceeded {
                test: "t1".to_string(),
                limit,
                files,
            }
            .to_string()
        };
        assert_eq!(ole(256 << 20, true), "OLE on t1 (files over 256 MiB)");
        assert_eq!(ole(1000, false), "OLE on t1 (output over 1000 bytes)");
    }
}
