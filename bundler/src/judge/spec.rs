//! What the judge and the supervisor pass each other: the run's spec (program, streams,
//! limits, isolation), sent as JSON on the supervisor's command line, and its report, written
//! as JSON to a file the judge reads. Both sides use this file and neither imports the other.

use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::time::Duration;

/// What to run and under which limits.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunSpec {
    pub program: PathBuf,
    pub args: Vec<String>,
    /// The working directory.
    pub dir: PathBuf,
    pub stdin: Stream,
    pub stdout: Stream,
    pub stderr: Stream,
    /// The whole environment (it is cleared first).
    pub env: Vec<(String, String)>,
    pub limits: Limits,
    /// How a solution is isolated; `None` for a trusted tool (rustc, a generator, a checker,
    /// an interactor), which runs as the judge does.
    pub isolation: Option<Isolation>,
    /// The bound on the files a solution leaves in `dir`, all of them together; `None` for a
    /// trusted tool.
    pub disk: Option<Disk>,
    /// The cgroup v2 group in which to make the run's own group holding `limits.memory`
    /// ([`MemoryBy::Cgroup`]); `None`: the supervisor samples the tree's memory.
    pub memory_cgroup: Option<PathBuf>,
    /// Where the supervisor writes its [`RunReport`] as JSON.
    pub report: PathBuf,
}

/// Where a standard stream comes from or goes to.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Stream {
    /// The supervisor's own (a pipe end the judge gave it, for interactive problems).
    Inherit,
    Null,
    /// Read from (stdin) or created and written (stdout, stderr).
    File(PathBuf),
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct Limits {
    /// CPU time of the whole tree, all threads.
    pub cpu: Duration,
    pub wall: Duration,
    /// Resident memory of the whole tree that its processes do not share, in bytes.
    pub memory: u64,
    /// Each process's address space (`RLIMIT_AS`): stops a huge allocation at once, before it
    /// is touched. `None` for tools such as rustc that reserve far more than they use.
    pub address_space: Option<u64>,
    /// Largest file any process may write (`RLIMIT_FSIZE`); beyond it the writer gets SIGXFSZ.
    pub file_size: Option<u64>,
    /// Processes in the tree at once.
    pub processes: u64,
    /// The main thread's stack (`RLIMIT_STACK`, which Linux lets it grow to): what the judge
    /// gives. `None`: the supervisor's own.
    pub stack: Option<u64>,
}

/// How the run ended.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunReport {
    pub end: End,
    pub cpu: Duration,
    pub wall: Duration,
    /// Peak resident memory: the largest sum seen over the tree, or the largest single process.
    pub peak_memory: u64,
    /// The most the files in the working folder took (allocated bytes) when a [`Disk`] bound
    /// was watched or held by a tmpfs the supervisor sees; 0 otherwise.
    pub disk: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum End {
    Exited(i32),
    Signaled(i32),
    /// Killed by the supervisor for going over a limit.
    Killed(Limit),
    /// The judge was interrupted (or died) and the run was stopped.
    Interrupted,
    /// The program could not be started.
    NotStarted(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Limit {
    Cpu,
    Wall,
    Memory,
    Processes,
    /// The files in the working folder, all together ([`Disk`]).
    Disk,
}

/// The bound on the total size of a solution's files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Disk {
    pub bytes: u64,
    pub by: DiskBy,
}

/// How a [`Disk`] bound holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiskBy {
    /// The working folder is a tmpfs of that size: a write past it fails as on a full disk
    /// (ENOSPC), and the files vanish with the run's mount namespace.
    Tmpfs,
    /// The supervisor adds up the folder's files on every sample and stops the run past it.
    Watched,
}

/// How solutions are confined in a judging run, decided once, before it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confinement {
    pub isolation: Isolation,
    /// The bound on a solution's files: the output limit, so that one knob bounds all a
    /// solution may write (its streams each, its files all together).
    pub disk: Disk,
    pub memory: MemoryBy,
}

/// How the memory limit holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MemoryBy {
    /// By the kernel: each run in a child group of this cgroup v2 group, `memory.max` at the
    /// limit.
    Cgroup(PathBuf),
    /// By the supervisor, which samples the tree every 5 ms; the reason cgroup v2 could not.
    Sampled(String),
}

/// How a solution is isolated (see [`super::sandbox`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Isolation {
    /// Machines with nothing better: limits, tree killing, and `nobody` when root.
    None,
    Landlock,
    Bubblewrap,
}
