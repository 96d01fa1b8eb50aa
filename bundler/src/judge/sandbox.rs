//! Isolation of a solution from the machine, as strong as what is installed:
//!
//! - bubblewrap (`bwrap`, Debian package `bubblewrap`) when it runs here: new user, PID,
//!   network, IPC, UTS and mount namespaces; the solution sees the system's `/usr` read-only,
//!   its binary, and an empty writable `/work`, nothing else of the machine; no network;
//!   killing bwrap ends every process in its PID namespace.
//! - otherwise Landlock (Linux 5.13 and later): the kernel lets the solution read and run only
//!   the system directories and its binary, write only its working directory, and (on the
//!   kernels that support it) neither connect nor bind TCP sockets nor signal processes
//!   outside its sandbox.
//! - otherwise nothing but what every mode has: rlimits, a fresh empty working directory, a
//!   private copy of the input on stdin (its path is not beside the expected output), an empty
//!   environment, its own session, and the supervisor killing the whole tree.
//!
//! When the judge runs as root, solutions outside bubblewrap run as `nobody` (65534), so they
//! cannot raise their rlimits back, signal the judge, or write what root owns.

use super::spec::{Confinement, DiskBy, Isolation, MemoryBy, RunSpec};
use landlock::{
    path_beneath_rules, Access, AccessFs, AccessNet, CompatLevel, Compatible, Ruleset, RulesetAttr,
    RulesetCreatedAttr, RulesetStatus, Scope, ABI,
};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The uid and gid solutions run as when the judge is root.
const NOBODY: u32 = 65534;

/// System directories a program needs to start (the dynamic loader and libc) and to run
/// what it may legitimately run; missing ones are skipped.
const SYSTEM_DIRS: [&str; 5] = ["/usr", "/lib", "/lib64", "/bin", "/sbin"];

/// Where bubblewrap puts the binary and the working directory inside the sandbox.
const SANDBOX_BINARY: &str = "/judge/main";

/// tmpfs sizes are in pages: one page over the bound lets a solution write exactly the bound,
/// and makes a full tmpfs mean that it tried to write past it.
pub(super) const PAGE: u64 = 4096;

/// The size of the tmpfs holding at most `bytes` of files.
pub(super) fn tmpfs_size(bytes: u64) -> u64 {
    bytes.div_ceil(PAGE) * PAGE + PAGE
}
const SANDBOX_WORK: &str = "/work";

impl Isolation {
    /// The strongest isolation that works on this machine, found by trying it.
    pub fn detect() -> Isolation {
        if bubblewrap_works() {
            Isolation::Bubblewrap
        } else if landlock_works() {
            Isolation::Landlock
        } else {
            Isolation::None
        }
    }

    /// The isolation a person asked for by name ("auto" is [`Isolation::detect`]), checked to
    /// work here.
    pub fn named(name: &str) -> Result<Isolation, String> {
        let isolation = match name {
            "auto" => return Ok(Isolation::detect()),
            "bubblewrap" => Isolation::Bubblewrap,
            "landlock" => Isolation::Landlock,
            "none" => Isolation::None,
            other => return Err(format!("unknown isolation `{other}`")),
        };
        let works = match isolation {
            Isolation::Bubblewrap => bubblewrap_works(),
            Isolation::Landlock => landlock_works(),
            Isolation::None => true,
        };
        if works {
            Ok(isolation)
        } else {
            Err(format!(
                "{name} does not work on this machine (bubblewrap: install the Debian package \
                 `bubblewrap` and allow unprivileged user namespaces; landlock: Linux 5.13 or later \
                 with the LSM enabled)"
            ))
        }
    }

    /// The names [`Isolation::named`] takes.
    pub const NAMES: [&'static str; 4] = ["auto", "bubblewrap", "landlock", "none"];

    /// One line for the report.
    pub fn describe(self) -> String {
        let root = nix::unistd::geteuid().is_root();
        let as_nobody = if root { ", as nobody" } else { "" };
        match self {
            Isolation::Bubblewrap => {
                "bubblewrap (namespaces: user, pid, net, ipc, uts, mount; read-only /usr, empty /work)"
                    .to_string()
            }
            Isolation::Landlock => format!(
                "landlock (reads only system dirs and its binary, writes only its work dir, no TCP{as_nobody})"
            ),
            Isolation::None => format!(
                "none: rlimits, own session, empty work dir{as_nobody}; install bubblewrap for a sandbox"
            ),
        }
    }
}

impl Confinement {
    /// The report's isolation line: the isolation, then how the files and the memory were
    /// bounded.
    pub fn describe(&self) -> String {
        let bytes = self.disk.bytes;
        let bound = if bytes.is_multiple_of(1 << 20) {
            format!("{} MiB", bytes >> 20)
        } else {
            format!("{bytes} bytes")
        };
        let by = match self.disk.by {
            DiskBy::Tmpfs => "a tmpfs of that size",
            DiskBy::Watched => "watched every 5 ms",
        };
        let memory = match self.memory {
            MemoryBy::Cgroup(_) => "cgroup v2 memory.max",
            MemoryBy::Sampled(_) => "sampled every 5 ms",
        };
        format!(
            "{}; files: {bound} in all, {by}; memory: {memory}",
            self.isolation.describe()
        )
    }
}

fn bubblewrap_works() -> bool {
    bubblewrap_runs(&[])
}

/// Whether bwrap runs `true` in a sandbox of every namespace with `/` read-only and `extra`
/// arguments (what a kernel or an older bwrap may refuse).
pub(super) fn bubblewrap_runs(extra: &[&str]) -> bool {
    Command::new("bwrap")
        .args(["--unshare-all", "--die-with-parent", "--ro-bind", "/", "/"])
        .args(extra)
        .arg("true")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

fn landlock_works() -> bool {
    Ruleset::default()
        .set_compatibility(CompatLevel::HardRequirement)
        .handle_access(AccessFs::from_all(ABI::V1))
        .and_then(|ruleset| ruleset.create())
        .is_ok()
}

/// Whether a run under `isolation` (`None`: a trusted tool) drops from root to `nobody`.
pub fn drops_privileges(isolation: Option<Isolation>) -> bool {
    matches!(isolation, Some(Isolation::Landlock | Isolation::None))
        && nix::unistd::geteuid().is_root()
}

/// The program and arguments that run `spec.program` under its isolation.
pub fn wrap(spec: &RunSpec) -> Result<(PathBuf, Vec<String>), String> {
    if spec.isolation != Some(Isolation::Bubblewrap) {
        return Ok((spec.program.clone(), spec.args.clone()));
    }
    let text = |path: &Path| {
        path.to_str()
            .map(str::to_string)
            .ok_or_else(|| format!("{}: not valid UTF-8", path.display()))
    };
    let mut args: Vec<String> = [
        "--unshare-all",
        "--die-with-parent",
        "--new-session",
        "--uid",
        "65534",
        "--gid",
        "65534",
        "--proc",
        "/proc",
        "--dev",
        "/dev",
    ]
    .map(str::to_string)
    .to_vec();
    for dir in SYSTEM_DIRS {
        let path = Path::new(dir);
        match std::fs::read_link(path) {
            // Merged-/usr systems: /lib -> usr/lib.
            Ok(target) => args.extend(["--symlink".into(), text(&target)?, dir.into()]),
            Err(_) if path.is_dir() => args.extend(["--ro-bind".into(), dir.into(), dir.into()]),
            Err(_) => {}
        }
    }
    if Path::new("/etc/ld.so.cache").exists() {
        args.extend(["--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache"].map(String::from));
    }
    args.extend([
        "--ro-bind".into(),
        text(&spec.program)?,
        SANDBOX_BINARY.into(),
    ]);
    match spec.disk {
        // Writable by the sandbox's user, whichever uid bwrap mounted it as.
        Some(bound) if bound.by == DiskBy::Tmpfs => args.extend([
            "--perms".into(),
            "01777".into(),
            "--size".into(),
            tmpfs_size(bound.bytes).to_string(),
            "--tmpfs".into(),
            SANDBOX_WORK.into(),
        ]),
        _ => args.extend(["--bind".into(), text(&spec.dir)?, SANDBOX_WORK.into()]),
    }
    args.extend(["--chdir".into(), SANDBOX_WORK.into(), "--clearenv".into()]);
    for (key, value) in &spec.env {
        args.extend(["--setenv".into(), key.clone(), value.clone()]);
    }
    args.extend(["--".into(), SANDBOX_BINARY.into()]);
    args.extend(spec.args.iter().cloned());
    Ok((PathBuf::from("bwrap"), args))
}

/// Makes `dir` the property of `nobody`, who will run in it.
pub fn give_to_nobody(dir: &Path) -> Result<(), String> {
    std::os::unix::fs::chown(dir, Some(NOBODY), Some(NOBODY))
        .map_err(|e| format!("{}: {e}", dir.display()))
}

/// Drops every group and becomes `nobody`; called between fork and exec.
pub fn become_nobody() -> std::io::Result<()> {
    use nix::unistd::{setgid, setgroups, setuid, Gid, Uid};
    setgroups(&[])?;
    setgid(Gid::from_raw(NOBODY))?;
    setuid(Uid::from_raw(NOBODY))?;
    Ok(())
}

/// Restricts the calling process (and all it will run) to reading and running the system
/// directories and `program`, and writing only beneath `dir`; called between fork and exec.
pub fn landlock(program: &Path, dir: &Path) -> Result<(), String> {
    // Best effort above ABI 1: older kernels enforce what they know (no TCP rules before
    // ABI 4, no signal scoping before ABI 6); ABI 1 itself is required, or the run fails.
    let abi = ABI::V6;
    let read = AccessFs::from_read(abi);
    let system: Vec<&str> = SYSTEM_DIRS
        .into_iter()
        .chain(["/etc", "/proc"])
        .filter(|dir| Path::new(dir).exists())
        .collect();
    let devices = ["/dev/null", "/dev/zero", "/dev/urandom"];
    let restrict = || -> Result<RulesetStatus, landlock::RulesetError> {
        Ok(Ruleset::default()
            .handle_access(AccessFs::from_all(abi))?
            .handle_access(AccessNet::from_all(abi))?
            .scope(Scope::Signal | Scope::AbstractUnixSocket)?
            .create()?
            .add_rules(path_beneath_rules(system, read))?
            .add_rules(path_beneath_rules([program], read))?
            .add_rules(path_beneath_rules(devices, AccessFs::from_all(abi)))?
            .add_rules(path_beneath_rules([dir], AccessFs::from_all(abi)))?
            .restrict_self()?
            .ruleset)
    };
    match restrict() {
        Ok(RulesetStatus::NotEnforced) => Err("Landlock is not enforced by this kernel".into()),
        Ok(_) => Ok(()),
        Err(e) => Err(format!("Landlock: {e}")),
    }
}
