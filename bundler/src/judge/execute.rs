//! Running programs for the judge, each under its own supervisor process (see
//! [`super::supervise`]): compiling with plain rustc, generating inputs, and running solutions,
//! checkers and interactors under limits.

use super::error::JudgeError;
use super::report::limit_seconds;
use super::spec::{End, Limit, Limits, RunReport, RunSpec, Stream};
use crate::profile::provided::Externs;
use crate::profile::rustc::Emit;
use crate::profile::Profile;
use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;
use std::fs::File;
use std::io::Read;
use std::os::fd::AsFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// How often the judge looks at its supervisors (and at the interrupt flag).
const POLL: Duration = Duration::from_millis(1);

/// Limits for rustc (and the linker it runs): a compile bomb gets CE, not the machine. The
/// CPU time bounds the work; the wall time is looser, as a loaded machine compiles slowly.
pub const COMPILE_LIMITS: Limits = Limits {
    cpu: Duration::from_secs(120),
    wall: Duration::from_secs(240),
    memory: 2 << 30,
    address_space: None,
    file_size: Some(1 << 30),
    processes: 64,
    stack: None,
};

/// Limits for a problem's generator and checker: trusted, but bounded all the same.
pub const TOOL_LIMITS: Limits = Limits {
    cpu: Duration::from_secs(60),
    wall: Duration::from_secs(60),
    memory: 2 << 30,
    address_space: None,
    file_size: Some(1 << 30),
    processes: 64,
    stack: None,
};

/// Starts supervisors and waits for them, stopping them all when `stop` is raised.
pub struct Runner<'a> {
    /// The executable whose `supervise` subcommand is [`super::supervise::main`].
    pub supervisor: &'a Path,
    pub stop: &'a (dyn Fn() -> bool + Sync),
    /// A supervisor that stays up, for runs one after another ([`Runner::run`]); `None`: a
    /// supervisor is started for each run.
    pub server: Option<&'a std::sync::Mutex<Server>>,
}

/// A supervisor that stays up (`supervise --serve`) and forks a copy of itself for each run:
/// many short runs in a row cost a fork each rather than the start of a program. Not for
/// interactive runs, whose streams are the supervisor's own.
pub struct Server {
    child: Child,
    specs: std::process::ChildStdin,
    done: std::io::BufReader<std::process::ChildStdout>,
}

impl Server {
    pub fn start(supervisor: &Path) -> Result<Server, JudgeError> {
        let mut child = Command::new(supervisor)
            .args(["supervise", "--serve"])
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| {
                JudgeError::Tool(format!(
                    "could not start the supervisor {}: {e}",
                    supervisor.display()
                ))
            })?;
        let specs = child.stdin.take().expect("piped");
        let done = std::io::BufReader::new(child.stdout.take().expect("piped"));
        Ok(Server { child, specs, done })
    }

    /// Runs `spec` to the end; when `stop` is raised, stops the server, and the run with it.
    fn run(&mut self, spec: &RunSpec, stop: &dyn Fn() -> bool) -> Result<RunReport, JudgeError> {
        use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
        use std::io::{BufRead, Write};
        let lost = |e: std::io::Error| JudgeError::Tool(format!("the supervisor stopped: {e}"));
        let json = serde_json::to_string(spec).expect("a run spec always serializes");
        writeln!(self.specs, "{json}")
            .and_then(|()| self.specs.flush())
            .map_err(lost)?;
        // Woken by its answer at once, and every tenth of a second to look at `stop`.
        loop {
            if stop() {
                let _ = self.child.kill();
                let _ = self.child.wait();
                return Err(JudgeError::Interrupted);
            }
            let mut ready = [PollFd::new(self.done.get_ref().as_fd(), PollFlags::POLLIN)];
            match poll(&mut ready, PollTimeout::from(100u16)) {
                Ok(0) | Err(nix::errno::Errno::EINTR) => continue,
                Ok(_) => break,
                Err(e) => return Err(lost(e.into())),
            }
        }
        let mut line = String::new();
        if self.done.read_line(&mut line).map_err(lost)? == 0 {
            return Err(lost(std::io::ErrorKind::UnexpectedEof.into()));
        }
        read_report(&spec.report)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The report a supervisor wrote.
fn read_report(path: &Path) -> Result<RunReport, JudgeError> {
    let json = std::fs::read_to_string(path).map_err(|source| {
        JudgeError::Tool(format!(
            "the supervisor left no report at {}: {source}",
            path.display()
        ))
    })?;
    serde_json::from_str(&json).map_err(|e| JudgeError::Tool(format!("bad supervisor report: {e}")))
}

/// A supervisor that was started.
struct Running {
    child: Child,
    report: PathBuf,
}

impl Runner<'_> {
    fn start(&self, spec: &RunSpec, stdin: Stdio, stdout: Stdio) -> Result<Running, JudgeError> {
        let json = serde_json::to_string(spec).expect("a run spec always serializes");
        let child = Command::new(self.supervisor)
            .arg("supervise")
            .arg(json)
            // A group of its own: the terminal's Ctrl-C reaches the judge only, which then
            // stops every run in order.
            .process_group(0)
            .stdin(stdin)
            .stdout(stdout)
            .spawn()
            .map_err(|e| {
                JudgeError::Tool(format!(
                    "could not start the supervisor {}: {e}",
                    self.supervisor.display()
                ))
            })?;
        Ok(Running {
            child,
            report: spec.report.clone(),
        })
    }

    /// Waits for every run; on a stop request, stops them all and reports `Interrupted`.
    fn wait_all(&self, mut runs: Vec<Running>) -> Result<Vec<RunReport>, JudgeError> {
        let mut done: Vec<bool> = vec![false; runs.len()];
        while done.iter().any(|d| !d) {
            if (self.stop)() {
                for run in &mut runs {
                    let _ = kill(Pid::from_raw(run.child.id() as i32), Signal::SIGTERM);
                }
                for run in &mut runs {
                    let _ = run.child.wait();
                }
                return Err(JudgeError::Interrupted);
            }
            for (run, done) in runs.iter_mut().zip(&mut done) {
                if !*done {
                    *done = run
                        .child
                        .try_wait()
                        .map_err(|e| JudgeError::Tool(format!("waiting for a supervisor: {e}")))?
                        .is_some();
                }
            }
            std::thread::sleep(POLL);
        }
        runs.iter().map(|run| read_report(&run.report)).collect()
    }

    /// Runs `spec` to the end, by the server when there is one.
    pub fn run(&self, spec: &RunSpec) -> Result<RunReport, JudgeError> {
        if let Some(server) = self.server {
            let mut server = server.lock().unwrap_or_else(|e| e.into_inner());
            return server.run(spec, self.stop);
        }
        let running = self.start(spec, Stdio::null(), Stdio::null())?;
        Ok(self.wait_all(vec![running])?.remove(0))
    }

    /// Runs a solution and an interactor, each one's stdout relayed to the other's stdin.
    /// Returns their reports and which side closed its stdout (ended) first.
    ///
    /// Relayed by the judge rather than piped directly because the order is then causal: a
    /// side can only see the other's end after the relay has seen it, so a solution that
    /// crashes because the interactor hung up is never mistaken for one that crashed first.
    pub fn run_interactive(
        &self,
        solution: &RunSpec,
        interactor: &RunSpec,
    ) -> Result<(RunReport, RunReport, Side), JudgeError> {
        let pipe = || std::io::pipe().map_err(|e| JudgeError::Tool(format!("pipe: {e}")));
        let (solution_in, to_solution) = pipe()?;
        let (from_solution, solution_out) = pipe()?;
        let (interactor_in, to_interactor) = pipe()?;
        let (from_interactor, interactor_out) = pipe()?;
        let solution_run = self.start(solution, solution_in.into(), solution_out.into())?;
        let interactor_run =
            match self.start(interactor, interactor_in.into(), interactor_out.into()) {
                Ok(run) => run,
                Err(e) => {
                    let _ = self.stop_and_wait(solution_run);
                    return Err(e);
                }
            };
        let first_closed: std::sync::Mutex<Option<Side>> = std::sync::Mutex::new(None);
        let relay = |from: std::io::PipeReader, to: std::io::PipeWriter, side: Side| {
            relay(from, to, || {
                first_closed
                    .lock()
                    .expect("no relay panics holding it")
                    .get_or_insert(side);
            })
        };
        let reports = std::thread::scope(|scope| {
            scope.spawn(|| relay(from_solution, to_interactor, Side::Solution));
            scope.spawn(|| relay(from_interactor, to_solution, Side::Interactor));
            self.wait_all(vec![solution_run, interactor_run])
        });
        let mut reports = reports?;
        let interactor = reports.pop().expect("two reports");
        let solution = reports.pop().expect("two reports");
        let first = first_closed
            .into_inner()
            .expect("no relay panics holding it")
            .unwrap_or(Side::Solution);
        Ok((solution, interactor, first))
    }

    fn stop_and_wait(&self, mut run: Running) -> std::io::Result<()> {
        let _ = kill(Pid::from_raw(run.child.id() as i32), Signal::SIGTERM);
        run.child.wait().map(drop)
    }
}

/// A side of an interactive run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Solution,
    Interactor,
}

/// Copies `from` to `to` until `from` ends, then calls `ended` and only then closes `to`, so
/// the other side cannot see the end before it is recorded. When the other side stops
/// reading, closes `from` too, as a direct pipe would be: its writer then gets a broken pipe.
fn relay(mut from: std::io::PipeReader, mut to: std::io::PipeWriter, ended: impl FnOnce()) {
    use std::io::Write;
    let mut buffer = [0u8; 1 << 16];
    loop {
        match from.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => {
                if to.write_all(&buffer[..read]).is_err() {
                    return;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    ended();
    drop(to);
}

/// The environment of trusted tools: the judge's own, so rustup's rustc and python3 work,
/// without the backtrace switches: a checker's or interactor's panic is a rejection, and its
/// message, not a backtrace, must end what it printed.
fn inherited_env() -> Vec<(String, String)> {
    std::env::vars()
        .filter(|(name, _)| !matches!(name.as_str(), "RUST_BACKTRACE" | "RUST_LIB_BACKTRACE"))
        .collect()
}

/// A spec for a trusted tool (no sandbox).
pub fn tool_spec(
    program: impl Into<PathBuf>,
    args: Vec<String>,
    dir: &Path,
    stdout: Stream,
    stderr: PathBuf,
    report: PathBuf,
    limits: Limits,
) -> RunSpec {
    RunSpec {
        program: program.into(),
        args,
        dir: dir.to_path_buf(),
        stdin: Stream::Null,
        stdout,
        stderr: Stream::File(stderr),
        env: inherited_env(),
        limits,
        isolation: None,
        disk: None,
        memory_cgroup: None,
        report,
    }
}

/// How a judge compiles: its profile's command in one of its editions, with the provided
/// crates the source uses.
pub struct Compiler<'a> {
    pub profile: &'a Profile,
    pub edition: &'a str,
    pub externs: &'a Externs,
}

impl Compiler<'static> {
    /// `rustc --edition 2021 -O`: for checkers and interactors, which are ours, not a
    /// submission.
    pub const PLAIN: Compiler<'static> = Compiler {
        profile: &crate::profile::PROFILES[0],
        edition: "2021",
        externs: &Externs { args: Vec::new() },
    };
}

impl Compiler<'_> {
    /// Compiles `source` into `binary` with the profile's command, under `limits`.
    /// `Ok(Err(reason))` when it does not compile: rustc's first error with its location, or the
    /// limit it went over. `scratch` holds rustc's stderr and the report.
    pub fn compile(
        &self,
        runner: &Runner,
        source: &Path,
        binary: &Path,
        scratch: &Path,
        limits: &Limits,
    ) -> Result<Result<(), String>, JudgeError> {
        let stderr = scratch.join("rustc.stderr");
        // Run beside the source and name it by its file name, so rustc's messages (and the
        // panic locations in the binary) read `main.rs:2:5` as on a judge.
        let dir = source.parent().unwrap_or(Path::new("."));
        let name = |path: &Path| {
            path.file_name()
                .map(Path::new)
                .unwrap_or(path)
                .to_path_buf()
        };
        let binary = if binary.parent() == Some(dir) {
            name(binary)
        } else {
            binary.to_path_buf()
        };
        let args = self.profile.rustc_args(
            self.edition,
            Emit::Binary,
            &path_text(&name(source))?,
            &path_text(&binary)?,
            self.externs,
        );
        let spec = tool_spec(
            "rustc",
            args,
            dir,
            Stream::Null,
            stderr.clone(),
            scratch.join("rustc.report"),
            *limits,
        );
        let report = runner.run(&spec)?;
        Ok(match report.end {
            End::Exited(0) => Ok(()),
            End::Killed(limit) => Err(format!(
                "compilation stopped: {}",
                describe_limit(limit, limits)
            )),
            End::NotStarted(message) => {
                return Err(JudgeError::Tool(format!("could not run rustc: {message}")))
            }
            _ => {
                let text = read_head(&stderr)?;
                Err(first_error(&text).unwrap_or_else(|| tail(&text)))
            }
        })
    }
}

fn path_text(path: &Path) -> Result<String, JudgeError> {
    path.to_str()
        .map(str::to_string)
        .ok_or_else(|| JudgeError::Tool(format!("{}: path is not UTF-8", path.display())))
}

/// What a limit was, for a message: "the CPU-time limit (1 s)".
pub fn describe_limit(limit: Limit, limits: &Limits) -> String {
    match limit {
        Limit::Cpu => format!("over the CPU-time limit ({})", limit_seconds(limits.cpu)),
        Limit::Wall => format!("over the wall-time limit ({})", limit_seconds(limits.wall)),
        Limit::Memory => format!("over the memory limit ({} MiB)", limits.memory >> 20),
        Limit::Processes => format!("over {} processes", limits.processes),
        Limit::Disk => "over the bound on its files, all together".to_string(),
    }
}

/// The first megabyte of a file (a compile bomb's stderr can be huge), as text.
pub fn read_head(path: &Path) -> Result<String, JudgeError> {
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|file| file.take(1 << 20).read_to_end(&mut bytes))
        .map_err(|source| JudgeError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The last 64 KiB of a file (where a panic message is), as text.
pub fn read_tail(path: &Path) -> String {
    use std::io::{Seek, SeekFrom};
    let Ok(mut file) = File::open(path) else {
        return String::new();
    };
    let _ = file.seek(SeekFrom::End(-(64 << 10)));
    let mut bytes = Vec::new();
    let _ = file.read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
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

/// "exit status 3" or "signal 11 (SIGSEGV)".
pub fn describe(end: &End) -> String {
    match end {
        End::Exited(code) => format!("exit status {code}"),
        End::Signaled(signal) => match Signal::try_from(*signal) {
            Ok(name) => format!("signal {signal} ({name})"),
            Err(_) => format!("signal {signal}"),
        },
        End::Killed(limit) => format!("killed: {limit:?}"),
        End::Interrupted => "interrupted".to_string(),
        End::NotStarted(message) => format!("could not start: {message}"),
    }
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

    #[test]
    fn signals_are_named() {
        assert_eq!(describe(&End::Signaled(11)), "signal 11 (SIGSEGV)");
        assert_eq!(describe(&End::Exited(3)), "exit status 3");
    }
}
