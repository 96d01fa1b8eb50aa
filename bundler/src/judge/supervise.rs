//! The supervisor: one short-lived process per run (a solution, rustc, a generator, a checker
//! or an interactor), started by the judge as `grundy supervise <spec as JSON>`. For many runs
//! in quick succession (`grundy stress`), `grundy supervise --serve` stays up and supervises
//! the specs it reads one after another, in the same way: starting a supervisor anew for
//! each costs more than a short run itself.
//!
//! A process of its own because only a process can be a child subreaper: whatever the run
//! forks, even a grandchild that left the session, stays a descendant of the supervisor and
//! is killed before the report is written. It also applies the rlimits and the sandbox
//! between fork and exec (it is single-threaded, so that is safe), and it measures the whole
//! tree (CPU time of every thread of every process, summed resident memory) where the judge
//! could only see its direct child. The judge starts it, waits for it, and reads the report.

use super::cgroup::Group;
use super::disk;
use super::sandbox;
use super::spec::{DiskBy, End, Isolation, Limit, Limits, RunReport, RunSpec, Stream};
use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use nix::sys::resource::{setrlimit, Resource};
use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;
use std::collections::HashMap;
use std::fs::File;
use std::os::fd::{AsFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often the main process is checked for exit, and (every [`SAMPLE_EVERY`] checks) the
/// tree for CPU time, memory and size.
const POLL: Duration = Duration::from_millis(1);
const SAMPLE_EVERY: u32 = 5;
/// Giving up on killing (a process stuck in the kernel), rather than hanging the judge.
const KILL_PATIENCE: Duration = Duration::from_secs(10);

/// Runs the supervisor when this process was started as one (`<exe> supervise <spec>`);
/// `None` otherwise. Any executable given as [`super::JudgeOptions::supervisor`] calls this
/// first thing in `main`, while it is still single-threaded (the supervisor forks).
pub fn main_if_asked() -> Option<std::process::ExitCode> {
    let mut args = std::env::args_os().skip(1);
    if args.next()? != "supervise" {
        return None;
    }
    let arg = args.next().unwrap_or_default();
    if arg == "--serve" {
        return Some(serve());
    }
    Some(main(&arg.to_string_lossy()))
}

/// `supervise --serve`: supervises each spec read from stdin (one JSON a line) as [`main`]
/// does, and answers each with a line (0: its report was written) once it is over. Ends at
/// the end of stdin, or with the judge (whose signal stops the run under way too).
fn serve() -> std::process::ExitCode {
    use std::io::{BufRead, Write};
    let supervisor = Supervisor::new(true);
    let mut specs = std::io::stdin().lock();
    let mut line = String::new();
    loop {
        line.clear();
        match specs.read_line(&mut line) {
            Ok(0) | Err(_) => return std::process::ExitCode::SUCCESS,
            Ok(_) => {}
        }
        let written = supervisor.answer(line.trim_end());
        let mut out = std::io::stdout().lock();
        let code = u8::from(written != std::process::ExitCode::SUCCESS);
        if writeln!(out, "{code}").and_then(|()| out.flush()).is_err() {
            return std::process::ExitCode::FAILURE;
        }
        if supervisor.stop.load(Ordering::SeqCst) {
            return std::process::ExitCode::SUCCESS;
        }
    }
}

/// The supervisor's entry point: `spec` is the JSON of a [`RunSpec`]. The exit code is 0 when
/// the report was written, whatever the run did.
fn main(spec: &str) -> std::process::ExitCode {
    Supervisor::new(false).answer(spec)
}

/// What a supervisor sets up once, for its one run or a server's many.
struct Supervisor {
    /// Raised by the judge's signal (or its death): the run under way is stopped.
    stop: Arc<AtomicBool>,
    /// A server: its stdin and stdout are the judge's, never a run's, and what a run leaves
    /// in the supervisor (a tmpfs) is undone after it.
    serving: bool,
}

impl Supervisor {
    fn new(serving: bool) -> Supervisor {
        let stop = Arc::new(AtomicBool::new(false));
        for signal in [
            signal_hook::consts::SIGTERM,
            signal_hook::consts::SIGINT,
            signal_hook::consts::SIGHUP,
        ] {
            // Registration fails only for forbidden signals, which these are not.
            let _ = signal_hook::flag::register(signal, Arc::clone(&stop));
        }
        // If the judge dies, even by SIGKILL, we get SIGTERM and clean up the tree.
        let _ = nix::sys::prctl::set_pdeathsig(Signal::SIGTERM);
        if nix::unistd::getppid() == Pid::from_raw(1) {
            stop.store(true, Ordering::SeqCst);
        }
        let _ = nix::sys::prctl::set_child_subreaper(true);
        Supervisor { stop, serving }
    }

    /// Runs the spec `json` and writes its report where it says.
    fn answer(&self, json: &str) -> std::process::ExitCode {
        let spec: RunSpec = match serde_json::from_str(json) {
            Ok(spec) => spec,
            Err(e) => {
                eprintln!("error: supervise: bad run spec: {e}");
                return std::process::ExitCode::FAILURE;
            }
        };
        let report = self.supervise(&spec);
        let json = serde_json::to_string(&report).expect("a report always serializes");
        match std::fs::write(&spec.report, json) {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: supervise: {}: {e}", spec.report.display());
                std::process::ExitCode::FAILURE
            }
        }
    }

    fn supervise(&self, spec: &RunSpec) -> RunReport {
        let stop = &self.stop;
        let not_started = |message: String| RunReport {
            end: End::NotStarted(message),
            cpu: Duration::ZERO,
            wall: Duration::ZERO,
            peak_memory: 0,
            disk: 0,
        };
        let disk_usage = match prepare_disk(spec) {
            Ok(usage) => usage,
            Err(message) => return not_started(message),
        };
        // Made before the fork (the child joins it first thing), removed when dropped, after the
        // tree is gone.
        let group = spec.memory_cgroup.as_deref().map(|base| {
            let group = Group::create(base, spec.limits.memory)?;
            let procs = group.procs()?;
            Ok::<_, String>((group, procs))
        });
        let (group, procs) = match group.transpose() {
            Ok(group) => group.unzip(),
            Err(message) => return not_started(format!("the memory cgroup: {message}")),
        };
        let mut command = match build_command(spec, procs) {
            Ok(command) => command,
            Err(message) => return not_started(message),
        };
        let start = Instant::now();
        let child = match command.spawn() {
            Ok(child) => child,
            Err(e) => return not_started(format!("{}: {e}", spec.program.display())),
        };
        drop(command);
        // Our stdin and stdout may be pipe ends shared with the other side of an interactive
        // run: that side must see end-of-file when the run ends, not when we do.
        if !self.serving {
            release_standard_streams();
        }

        let main_pid = Pid::from_raw(child.id() as i32);
        // Woken by the main process's end, else every POLL (without pidfds: slept through).
        let ended = pidfd(main_pid);
        let me = std::process::id() as i32;
        let mut main_end: Option<(End, Duration)> = None;
        let mut killed: Option<End> = None;
        let mut peak_memory = 0u64;
        let mut disk_peak = 0u64;
        let mut next_disk_look = Instant::now();
        let mut sampled_cpu = Duration::ZERO;
        let mut reaped = Reaped::default();
        let mut polls = 0u32;
        while main_end.is_none() && killed.is_none() {
            reap(main_pid, &mut main_end, start, &mut reaped);
            if main_end.is_some() {
                break;
            }
            if stop.load(Ordering::SeqCst) {
                killed = Some(End::Interrupted);
                break;
            }
            polls += 1;
            let wall = start.elapsed();
            if polls.is_multiple_of(SAMPLE_EVERY) {
                let tree = Tree::sample(me);
                peak_memory = peak_memory.max(tree.memory);
                let cpu = tree.cpu + reaped.cpu;
                sampled_cpu = sampled_cpu.max(cpu);
                killed = if cpu > spec.limits.cpu {
                    Some(End::Killed(Limit::Cpu))
                } else if tree.processes > spec.limits.processes {
                    Some(End::Killed(Limit::Processes))
                } else if group.is_none() && tree.memory > spec.limits.memory {
                    Some(End::Killed(Limit::Memory))
                } else if let Some((usage, kill_past)) = &disk_usage {
                    // Adding up a folder of many files takes long: at most a fifth of the time
                    // goes to it, so that the other limits are still checked.
                    let began = Instant::now();
                    if began >= next_disk_look {
                        disk_peak = disk_peak.max(usage());
                        next_disk_look = began + began.elapsed() * 5;
                    }
                    kill_past
                        .filter(|&bound| disk_peak > bound)
                        .map(|_| End::Killed(Limit::Disk))
                } else {
                    None
                };
            }
            if killed.is_none() && wall > spec.limits.wall {
                killed = Some(End::Killed(Limit::Wall));
            }
            match &ended {
                Some(fd) => {
                    let mut ready = [PollFd::new(fd.as_fd(), PollFlags::POLLIN)];
                    let _ = poll(&mut ready, PollTimeout::from(POLL.as_millis() as u16));
                }
                None => std::thread::sleep(POLL),
            }
        }
        let wall_at_kill = start.elapsed();
        kill_tree(me, main_pid, &mut main_end, start, &mut reaped);
        if let Some((usage, _)) = &disk_usage {
            disk_peak = disk_peak.max(usage());
        }
        if self.serving && mounted_tmpfs(spec) {
            // The next run's namespace is a copy of this one: the tmpfs would outlive its files.
            let _ = nix::mount::umount2(&spec.dir, nix::mount::MntFlags::MNT_DETACH);
        }
        let (cpu, max_rss) = (reaped.cpu, reaped.max_rss);
        let oom_killed = group.as_ref().is_some_and(|group| group.oom_kills() > 0);
        let bwrap = spec.isolation == Some(Isolation::Bubblewrap);
        let (end, wall) = end_of(killed, main_end, oom_killed, bwrap, wall_at_kill);
        let peak_memory = match &group {
            // The kernel's count, of everything charged to the group (page cache and tmpfs too).
            Some(group) => group.peak().unwrap_or(peak_memory),
            None => peak_memory.max(max_rss),
        };
        RunReport {
            end,
            // A tree killed at once may lose the times of processes whose reaper died first.
            cpu: cpu.max(sampled_cpu),
            wall,
            peak_memory,
            disk: disk_peak,
        }
    }
}

/// How the run ended and when: the limit the supervisor stopped it for, else the kernel's OOM
/// kill in its memory group, else the main process's own end.
fn end_of(
    killed: Option<End>,
    main_end: Option<(End, Duration)>,
    oom_killed: bool,
    bwrap: bool,
    wall_at_kill: Duration,
) -> (End, Duration) {
    match (killed, main_end) {
        (Some(end), _) => (end, wall_at_kill),
        (None, Some((_, wall))) if oom_killed => (End::Killed(Limit::Memory), wall),
        // bwrap reports its child's death by signal N as exit status 128 + N.
        (None, Some((End::Exited(code), wall))) if bwrap && code > 128 => {
            (End::Signaled(code - 128), wall)
        }
        (None, Some(main)) => main,
        (None, None) => (End::Interrupted, wall_at_kill),
    }
}

/// How the working folder's files are measured, and the bound past which the run is stopped
/// (`None`: the kernel holds it).
type DiskUsage = (Box<dyn Fn() -> u64>, Option<u64>);

/// The run's [`DiskUsage`], `None` when there is nothing to measure. Mounts the tmpfs first
/// when the supervisor is the one to mount it: in its own namespace, which its children share
/// and which vanishes with them.
fn prepare_disk(spec: &RunSpec) -> Result<Option<DiskUsage>, String> {
    let Some(bound) = spec.disk else {
        return Ok(None);
    };
    let dir = spec.dir.clone();
    Ok(match bound.by {
        DiskBy::Watched => Some((Box::new(move || disk::walked_used(&dir)), Some(bound.bytes))),
        // Inside bwrap's namespace, out of our sight: a write past it fails, that is all.
        DiskBy::Tmpfs if spec.isolation == Some(Isolation::Bubblewrap) => None,
        DiskBy::Tmpfs => {
            disk::mount_private_tmpfs(&spec.dir, &disk::tmpfs_options(bound.bytes))
                .map_err(|e| format!("a tmpfs on {}: {e}", spec.dir.display()))?;
            Some((Box::new(move || disk::tmpfs_used(&dir)), None))
        }
    })
}

/// The command that runs `spec`; its child first joins the memory group through `procs`.
fn build_command(spec: &RunSpec, procs: Option<File>) -> Result<Command, String> {
    let (program, args) = sandbox::wrap(spec)?;
    let mut command = Command::new(program);
    command.args(args).current_dir(&spec.dir).env_clear();
    if spec.isolation != Some(Isolation::Bubblewrap) {
        // bwrap sets the sandbox's environment itself (`--setenv`).
        command.envs(spec.env.iter().map(|(k, v)| (k, v)));
    }
    let open = |stream: &Stream, write: bool| -> Result<Stdio, String> {
        Ok(match stream {
            Stream::Inherit => Stdio::inherit(),
            Stream::Null => Stdio::null(),
            Stream::File(path) => {
                let file = if write {
                    File::create(path)
                } else {
                    File::open(path)
                };
                file.map_err(|e| format!("{}: {e}", path.display()))?.into()
            }
        })
    };
    command
        .stdin(open(&spec.stdin, false)?)
        .stdout(open(&spec.stdout, true)?)
        .stderr(open(&spec.stderr, true)?);
    let limits = spec.limits;
    let isolation = spec.isolation;
    // Trusted tools are spared the bound (and its count).
    let processes = isolation.map(|_| process_bound(limits.processes));
    let dir = spec.dir.clone();
    let program = spec.program.clone();
    let drop_to_nobody = sandbox::drops_privileges(isolation);
    if drop_to_nobody {
        sandbox::give_to_nobody(&spec.dir)?;
    }
    // SAFETY: the supervisor is single-threaded, so the forked child may allocate and call
    // anything before exec without meeting a lock another thread held at the fork.
    unsafe {
        command.pre_exec(move || {
            if let Some(procs) = &procs {
                // "0" is the writer: the child, and all it will start.
                std::io::Write::write_all(&mut &*procs, b"0")?;
            }
            // A session of its own: no terminal, and one process group to signal.
            nix::unistd::setsid()?;
            apply_rlimits(&limits, processes)?;
            if isolation == Some(Isolation::Landlock) {
                sandbox::landlock(&program, &dir).map_err(std::io::Error::other)?;
            }
            if drop_to_nobody {
                sandbox::become_nobody()?;
            }
            Ok(())
        });
    }
    Ok(command)
}

/// The rlimits of `limits`, and `processes` as `RLIMIT_NPROC` (for a solution: see
/// [`process_bound`]).
fn apply_rlimits(limits: &Limits, processes: Option<u64>) -> std::io::Result<()> {
    let set = |resource, value: u64| setrlimit(resource, value, value);
    // Whole seconds only: the supervisor's sampling is the precise limit, this the backstop.
    let cpu_seconds = limits.cpu.as_secs() + 2;
    setrlimit(Resource::RLIMIT_CPU, cpu_seconds, cpu_seconds + 1)?;
    if let Some(bytes) = limits.address_space {
        set(Resource::RLIMIT_AS, bytes)?;
    }
    if let Some(bytes) = limits.file_size {
        set(Resource::RLIMIT_FSIZE, bytes)?;
    }
    if let Some(bytes) = limits.stack {
        set(Resource::RLIMIT_STACK, bytes)?;
    }
    set(Resource::RLIMIT_CORE, 0)?;
    set(Resource::RLIMIT_NOFILE, 256)?;
    if let Some(processes) = processes {
        set(Resource::RLIMIT_NPROC, processes)?;
    }
    Ok(())
}

/// `RLIMIT_NPROC` for a run allowed `processes` at once. It counts the user's processes across
/// the system (and none at all for root): the tree count the supervisor samples is the limit
/// that always holds (so this one is set above it, to be reached second), this one stops a
/// fork bomb early. The user's processes are counted once per supervisor (a server's runs,
/// forked from it, share its count): a walk of /proc each run would cost more than a short
/// run, and the count is only the bound's base.
fn process_bound(processes: u64) -> u64 {
    static RUNNING: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let running = *RUNNING.get_or_init(|| {
        let user = nix::unistd::getuid().as_raw();
        procfs::process::all_processes()
            .map(|all| {
                all.filter_map(Result::ok)
                    .filter(|p| p.uid().ok() == Some(user))
                    .count() as u64
            })
            .unwrap_or(0)
    });
    running + 2 * processes
}

/// Replaces fds 0 and 1 with /dev/null.
fn release_standard_streams() {
    if let Ok(null) = File::options().read(true).write(true).open("/dev/null") {
        let _ = nix::unistd::dup2_stdin(&null);
        let _ = nix::unistd::dup2_stdout(&null);
    }
}

/// What the processes reaped during a run used: their CPU time (with what each reaped) and
/// the most resident memory of any. Counted per run, not from the supervisor's own
/// children's totals, which a server's runs would share.
#[derive(Default)]
struct Reaped {
    cpu: Duration,
    max_rss: u64,
}

/// Reaps every exited child without blocking; records the main process's end and what the
/// reaped used. Returns whether any child is left: none means no descendant at all, since
/// the orphans of a descendant are ours as its subreaper.
fn reap(
    main_pid: Pid,
    main_end: &mut Option<(End, Duration)>,
    start: Instant,
    reaped: &mut Reaped,
) -> bool {
    loop {
        let mut status = 0;
        // SAFETY: an all-zero rusage is a valid one (plain integers), which wait4 overwrites.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: wait4 writes only into `status` and `usage`, ours and of the right types.
        let pid = unsafe { libc::wait4(-1, &mut status, libc::WNOHANG, &mut usage) };
        if pid == 0 {
            return true;
        }
        if pid < 0 {
            return nix::errno::Errno::last() != nix::errno::Errno::ECHILD;
        }
        let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
        reaped.cpu += time(usage.ru_utime) + time(usage.ru_stime);
        // ru_maxrss is in KiB on Linux.
        reaped.max_rss = reaped.max_rss.max(usage.ru_maxrss as u64 * 1024);
        let end = if libc::WIFSIGNALED(status) {
            End::Signaled(libc::WTERMSIG(status))
        } else {
            End::Exited(libc::WEXITSTATUS(status))
        };
        if Pid::from_raw(pid) == main_pid && main_end.is_none() {
            *main_end = Some((end, start.elapsed()));
        }
    }
}

/// Kills every descendant, again and again, until none is left and all are reaped: killed
/// processes cannot fork, and their orphans come to us as the subreaper.
fn kill_tree(
    me: i32,
    main_pid: Pid,
    main_end: &mut Option<(End, Duration)>,
    start: Instant,
    reaped: &mut Reaped,
) {
    let began = Instant::now();
    loop {
        // Without children there is nothing to look for in /proc.
        if !reap(main_pid, main_end, start, reaped) {
            return;
        }
        let pids = Tree::descendants(me);
        if pids.is_empty() || began.elapsed() > KILL_PATIENCE {
            return;
        }
        for pid in pids {
            let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
        }
        std::thread::sleep(POLL);
    }
}

/// A file descriptor that becomes readable when `pid` ends (Linux 5.3 and later), to wake on
/// it rather than at the next poll.
fn pidfd(pid: Pid) -> Option<OwnedFd> {
    // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid.as_raw(), 0) };
    // SAFETY: a non-negative result is a descriptor that nothing else owns.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

/// Whether the run's folder is a tmpfs the supervisor mounted (see [`prepare_disk`]).
fn mounted_tmpfs(spec: &RunSpec) -> bool {
    spec.disk.is_some_and(|disk| disk.by == DiskBy::Tmpfs)
        && spec.isolation != Some(Isolation::Bubblewrap)
}

/// One look at the supervisor's descendants.
struct Tree {
    /// CPU time of the living (and zombie) descendants, with what each of them reaped.
    cpu: Duration,
    memory: u64,
    processes: u64,
}

impl Tree {
    /// The stats of `root`'s descendants, read through each one's `children` files (only
    /// they are read); where the kernel has no such files, found among every process.
    fn below(root: i32) -> Vec<procfs::process::Stat> {
        Self::walked(root).unwrap_or_else(|| {
            let all: Vec<procfs::process::Stat> = procfs::process::all_processes()
                .map(|all| all.filter_map(|p| p.ok()?.stat().ok()).collect())
                .unwrap_or_default();
            Self::among(root, &all).into_iter().cloned().collect()
        })
    }

    /// The children of `pid`, from its threads' `children` files; `None` when they cannot
    /// be read (it exited, or a kernel without CONFIG_PROC_CHILDREN).
    fn children(pid: i32) -> Option<Vec<i32>> {
        let mut children = Vec::new();
        for task in procfs::process::Process::new(pid).ok()?.tasks().ok()? {
            children.extend(task.ok()?.children().ok()?.into_iter().map(|c| c as i32));
        }
        Some(children)
    }

    /// The descendants' stats by `children` files; `None` when `root`'s cannot be read.
    fn walked(root: i32) -> Option<Vec<procfs::process::Stat>> {
        let mut queue = Self::children(root)?;
        let mut found = Vec::new();
        while let Some(pid) = queue.pop() {
            // A process gone meanwhile has nothing left to count or kill.
            let Ok(stat) = procfs::process::Process::new(pid).and_then(|p| p.stat()) else {
                continue;
            };
            found.push(stat);
            queue.extend(Self::children(pid).unwrap_or_default());
        }
        Some(found)
    }

    /// Resident memory a process does not share: its heap, stacks and other anonymous pages.
    /// Summing plain resident sizes would count the shared C library once per process.
    fn private_bytes(pid: i32) -> u64 {
        procfs::process::Process::new(pid)
            .and_then(|p| p.statm())
            .map_or(0, |m| {
                m.resident.saturating_sub(m.shared) * procfs::page_size()
            })
    }

    /// The descendants of `root` among `stats`.
    fn among(root: i32, stats: &[procfs::process::Stat]) -> Vec<&procfs::process::Stat> {
        let mut children: HashMap<i32, Vec<&procfs::process::Stat>> = HashMap::new();
        for stat in stats {
            children.entry(stat.ppid).or_default().push(stat);
        }
        let mut found = Vec::new();
        let mut queue = vec![root];
        while let Some(pid) = queue.pop() {
            for &child in children.get(&pid).into_iter().flatten() {
                found.push(child);
                queue.push(child.pid);
            }
        }
        found
    }

    fn descendants(root: i32) -> Vec<i32> {
        Self::below(root).iter().map(|s| s.pid).collect()
    }

    fn sample(root: i32) -> Tree {
        let below = Self::below(root);
        let ticks = procfs::ticks_per_second().max(1);
        let ticks_used: u64 = below
            .iter()
            .map(|s| s.utime + s.stime + s.cutime.max(0) as u64 + s.cstime.max(0) as u64)
            .sum();
        Tree {
            cpu: Duration::from_secs_f64(ticks_used as f64 / ticks as f64),
            memory: below.iter().map(|s| Self::private_bytes(s.pid)).sum(),
            processes: below.len() as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Duration = Duration::from_secs(1);

    #[test]
    fn an_oom_kill_in_the_group_is_the_memory_limit() {
        let killed = Some((End::Signaled(9), SECOND));
        assert_eq!(
            end_of(None, killed.clone(), true, false, 2 * SECOND),
            (End::Killed(Limit::Memory), SECOND)
        );
        assert_eq!(
            end_of(None, killed, false, false, 2 * SECOND),
            (End::Signaled(9), SECOND)
        );
    }

    #[test]
    fn the_supervisors_own_stop_comes_first() {
        let exited = Some((End::Exited(0), SECOND));
        assert_eq!(
            end_of(
                Some(End::Killed(Limit::Cpu)),
                exited,
                true,
                false,
                2 * SECOND
            ),
            (End::Killed(Limit::Cpu), 2 * SECOND)
        );
        assert_eq!(
            end_of(None, None, false, false, 2 * SECOND),
            (End::Interrupted, 2 * SECOND)
        );
    }

    #[test]
    fn bubblewraps_signal_statuses_are_signals() {
        let exited = Some((End::Exited(137), SECOND));
        assert_eq!(
            end_of(None, exited.clone(), false, true, SECOND),
            (End::Signaled(9), SECOND)
        );
        assert_eq!(
            end_of(None, exited, false, false, SECOND),
            (End::Exited(137), SECOND)
        );
    }
}
