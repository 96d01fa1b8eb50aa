//! The memory limit held by the kernel where cgroup v2 lets the judge: each solution runs in
//! a child group of the judge's own with `memory.max` at the limit, so the kernel stops it at
//! the limit (an OOM kill, counted in `memory.events`) where sampling every 5 ms could miss a
//! quick spike, and `memory.peak` is its exact peak. That needs the unified hierarchy with
//! the memory controller enabled for the judge's children: root, or a delegated group. On
//! cgroup v1 machines, and where the group cannot be written, the supervisor samples.

use super::spec::MemoryBy;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Duration;

impl MemoryBy {
    /// A child group of this process's cgroup v2 group can hold the limit, or why not.
    pub fn detect() -> MemoryBy {
        match writable_base() {
            Ok(base) => MemoryBy::Cgroup(base),
            Err(why) => MemoryBy::Sampled(why),
        }
    }
}

/// The cgroup v2 group in which each run gets a group of its own with `memory.max`: this
/// process's group once memory is enabled for its children, or else (a group holding
/// processes may not enable controllers for children, unless it is the root) its parent,
/// where memory is enabled since this group has it. Either once a group could be made there.
fn writable_base() -> Result<PathBuf, String> {
    let (mount, own) = own_group_dir(
        &read(Path::new("/proc/self/mounts"))?,
        &read(Path::new("/proc/self/cgroup"))?,
    )?;
    let controllers = read(&own.join("cgroup.controllers"))?;
    if !has_controller(&controllers, "memory") {
        return Err(format!(
            "cgroup v2 at {} has no memory controller (it has: {})",
            own.display(),
            match controllers.trim() {
                "" => "none",
                some => some,
            }
        ));
    }
    let subtree = own.join("cgroup.subtree_control");
    let enabled =
        has_controller(&read(&subtree)?, "memory") || std::fs::write(&subtree, "+memory").is_ok();
    let base = base_for_runs(&mount, &own, enabled)?;
    Group::create(&base, 1 << 30)?;
    Ok(base)
}

/// Where runs get their groups: this process's group `own` when memory is `enabled` for its
/// children, else its parent (never above the mount).
fn base_for_runs(mount: &Path, own: &Path, enabled: bool) -> Result<PathBuf, String> {
    match own.parent() {
        _ if enabled => Ok(own.to_path_buf()),
        Some(parent) if own != mount => Ok(parent.to_path_buf()),
        _ => Err(format!(
            "cannot enable memory for the child groups of {} (it holds processes)",
            own.display()
        )),
    }
}

/// A solution's own group, removed when dropped (once its processes are gone).
pub struct Group {
    dir: PathBuf,
}

impl Group {
    /// A new child group of `base` holding its processes to `limit` bytes.
    pub fn create(base: &Path, limit: u64) -> Result<Group, String> {
        let dir = base.join(format!("grundy-{}", std::process::id()));
        std::fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let group = Group { dir };
        group.write("memory.max", &limit.to_string())?;
        // Absent without swap accounting; where present, swapping would let a solution past
        // the limit slowly instead of stopping it.
        let _ = group.write("memory.swap.max", "0");
        // One OOM kill ends the whole tree, as the supervisor would.
        let _ = group.write("memory.oom.group", "1");
        Ok(group)
    }

    fn write(&self, name: &str, value: &str) -> Result<(), String> {
        let path = self.dir.join(name);
        std::fs::write(&path, value).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// `cgroup.procs`, opened before the fork: the child joins by writing `0` to it.
    pub fn procs(&self) -> Result<File, String> {
        let path = self.dir.join("cgroup.procs");
        File::options()
            .write(true)
            .open(&path)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The most memory the group held (`memory.peak`, Linux 5.19 and later), or failing that
    /// what it holds now.
    pub fn peak(&self) -> Option<u64> {
        ["memory.peak", "memory.current"]
            .iter()
            .find_map(|name| bytes(&std::fs::read_to_string(self.dir.join(name)).ok()?))
    }

    /// How many of its processes the kernel killed for going over `memory.max`.
    pub fn oom_kills(&self) -> u64 {
        std::fs::read_to_string(self.dir.join("memory.events"))
            .ok()
            .and_then(|text| oom_kills(&text))
            .unwrap_or(0)
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        // A group is removable once its last process is gone, which the kernel may finish
        // a moment after the supervisor reaped it.
        for _ in 0..200 {
            if std::fs::remove_dir(&self.dir).is_ok() || !self.dir.exists() {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Where the unified hierarchy is mounted and the folder of this process's group in it, from
/// `/proc/self/mounts` and `/proc/self/cgroup`.
fn own_group_dir(mounts: &str, proc_cgroup: &str) -> Result<(PathBuf, PathBuf), String> {
    let mount = cgroup2_mount(mounts).ok_or("no cgroup v2 hierarchy is mounted")?;
    let own = own_group(proc_cgroup).ok_or("this process is in no cgroup v2 group")?;
    let dir = match own.trim_matches('/') {
        "" => mount.clone(),
        path => mount.join(path),
    };
    Ok((mount, dir))
}

/// Where the unified hierarchy is mounted, from `/proc/self/mounts`.
fn cgroup2_mount(mounts: &str) -> Option<PathBuf> {
    mounts.lines().find_map(|line| {
        let mut fields = line.split_whitespace();
        let (_, point, kind) = (fields.next()?, fields.next()?, fields.next()?);
        (kind == "cgroup2").then(|| PathBuf::from(point))
    })
}

/// This process's group in the unified hierarchy, from `/proc/self/cgroup` (`0::/path`).
fn own_group(proc_cgroup: &str) -> Option<&str> {
    proc_cgroup
        .lines()
        .find_map(|line| line.strip_prefix("0::"))
}

/// Whether a controller list (`cgroup.controllers`, `cgroup.subtree_control`) names `name`.
fn has_controller(list: &str, name: &str) -> bool {
    list.split_whitespace().any(|controller| controller == name)
}

/// A byte count file: `memory.peak`, `memory.current` (`max` is not a count).
fn bytes(text: &str) -> Option<u64> {
    text.trim().parse().ok()
}

/// The `oom_kill` count of `memory.events`.
fn oom_kills(events: &str) -> Option<u64> {
    events.lines().find_map(|line| {
        let (key, value) = line.split_once(' ')?;
        (key == "oom_kill").then(|| value.trim().parse().ok())?
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_unified_mount_is_found_beside_v1_ones() {
        let v1 = "cgroup /sys/fs/cgroup/memory cgroup rw,relatime,memory 0 0\n\
                  cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0\n";
        assert_eq!(
            cgroup2_mount(v1),
            Some(PathBuf::from("/sys/fs/cgroup/unified"))
        );
        assert_eq!(
            cgroup2_mount("cgroup /sys/fs/cgroup/memory cgroup rw 0 0\n"),
            None
        );
    }

    #[test]
    fn the_own_group_is_the_v2_line() {
        let text = "4:memory:/process_api/567d\n0::/user.slice/judge.scope\n";
        assert_eq!(own_group(text), Some("/user.slice/judge.scope"));
        assert_eq!(own_group("4:memory:/x\n"), None);
    }

    #[test]
    fn the_own_group_is_found_beneath_the_mount() {
        let mounts = "cgroup2 /sys/fs/cgroup cgroup2 rw,nosuid 0 0\n";
        let root = PathBuf::from("/sys/fs/cgroup");
        assert_eq!(
            own_group_dir(mounts, "0::/user.slice/judge.scope\n"),
            Ok((root.clone(), root.join("user.slice/judge.scope")))
        );
        assert_eq!(own_group_dir(mounts, "0::/\n"), Ok((root.clone(), root)));
        assert_eq!(
            own_group_dir("proc /proc proc rw 0 0\n", "0::/\n"),
            Err("no cgroup v2 hierarchy is mounted".to_string())
        );
    }

    #[test]
    fn runs_go_beside_the_judge_when_its_group_cannot_have_memory_children() {
        let mount = Path::new("/sys/fs/cgroup");
        let scope = mount.join("user.slice/judge.scope");
        assert_eq!(base_for_runs(mount, &scope, true), Ok(scope.clone()));
        assert_eq!(
            base_for_runs(mount, &scope, false),
            Ok(mount.join("user.slice"))
        );
        assert_eq!(base_for_runs(mount, mount, true), Ok(mount.to_path_buf()));
        assert!(base_for_runs(mount, mount, false)
            .unwrap_err()
            .starts_with("cannot enable memory for the child groups of /sys/fs/cgroup"));
    }

    #[test]
    fn a_groups_peak_and_oom_kills_are_read_from_its_files() {
        let dir = tempfile::tempdir().unwrap();
        let group = Group {
            dir: dir.path().to_path_buf(),
        };
        assert_eq!((group.peak(), group.oom_kills()), (None, 0));
        std::fs::write(dir.path().join("memory.current"), "4096\n").unwrap();
        assert_eq!(group.peak(), Some(4096));
        std::fs::write(dir.path().join("memory.peak"), "67108864\n").unwrap();
        std::fs::write(dir.path().join("memory.events"), "oom 1\noom_kill 1\n").unwrap();
        assert_eq!((group.peak(), group.oom_kills()), (Some(64 << 20), 1));
        // A real group's files vanish with it; this folder is the TempDir's to remove.
        std::mem::forget(group);
    }

    #[test]
    fn controllers_are_whole_words() {
        assert!(has_controller("cpuset cpu io memory pids\n", "memory"));
        assert!(!has_controller("hugetlb\n", "memory"));
        assert!(!has_controller("memory_recursiveprot\n", "memory"));
    }

    #[test]
    fn counts_are_read_from_memory_files() {
        assert_eq!(bytes("268435456\n"), Some(268_435_456));
        assert_eq!(bytes("max\n"), None);
        let events = "low 0\nhigh 0\nmax 12\noom 1\noom_kill 2\noom_group_kill 1\n";
        assert_eq!(oom_kills(events), Some(2));
        assert_eq!(oom_kills("low 0\n"), None);
    }
}
