//! The bound on a solution's files all together (`RLIMIT_FSIZE` bounds each file alone, so
//! five files just under it would pass). Where a mount namespace can be had, the working
//! folder is a tmpfs of the bound's size: the kernel refuses a write past it, as a full disk
//! does, and the files vanish with the namespace. Bubblewrap mounts it when it knows
//! `--size`; a judge running as root has the supervisor mount it in a namespace of its own.
//! Elsewhere the supervisor adds the folder's files up on every sample and stops the run past
//! the bound.

use super::sandbox::{bubblewrap_runs, tmpfs_size, PAGE};
use super::spec::{DiskBy, Isolation};
use std::collections::HashSet;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};

impl DiskBy {
    /// How the bound holds for solutions run under `isolation` on this machine.
    pub fn detect(isolation: Isolation) -> DiskBy {
        let tmpfs = match isolation {
            Isolation::Bubblewrap => bubblewrap_sizes_tmpfs(),
            Isolation::Landlock | Isolation::None => private_tmpfs_works(),
        };
        if tmpfs {
            DiskBy::Tmpfs
        } else {
            DiskBy::Watched
        }
    }
}

/// The mount options of that tmpfs.
pub fn tmpfs_options(bytes: u64) -> String {
    format!("size={}", tmpfs_size(bytes))
}

/// Moves the calling process into a mount namespace of its own and mounts a tmpfs with
/// `options` (from [`tmpfs_options`], made before any fork) on `dir`. Needs `CAP_SYS_ADMIN`.
pub fn mount_private_tmpfs(dir: &Path, options: &str) -> nix::Result<()> {
    use nix::mount::{mount, MsFlags};
    nix::sched::unshare(nix::sched::CloneFlags::CLONE_NEWNS)?;
    // Where `/` is shared (systemd makes it so), the tmpfs would otherwise appear in the
    // machine's namespace too and outlive the run.
    mount(
        None::<&str>,
        "/",
        None::<&str>,
        MsFlags::MS_REC | MsFlags::MS_PRIVATE,
        None::<&str>,
    )?;
    mount(
        Some("tmpfs"),
        dir,
        Some("tmpfs"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV,
        Some(options),
    )
}

/// Whether [`mount_private_tmpfs`] works here, tried in a child (`true`) so that the judge's
/// own namespace is left as it is.
fn private_tmpfs_works() -> bool {
    if !nix::unistd::geteuid().is_root() {
        return false;
    }
    let Ok(dir) = tempfile::tempdir() else {
        return false;
    };
    let target = dir.path().to_path_buf();
    let options = tmpfs_options(PAGE);
    let mut command = Command::new("true");
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // SAFETY: only system calls between fork and exec; the strings were made before.
    unsafe {
        command
            .pre_exec(move || mount_private_tmpfs(&target, &options).map_err(std::io::Error::from));
    }
    command.status().is_ok_and(|status| status.success())
}

/// Whether the installed bwrap sizes a tmpfs (`--size`, bubblewrap 0.7 and later).
fn bubblewrap_sizes_tmpfs() -> bool {
    bubblewrap_runs(&["--perms", "01777", "--size", "8192", "--tmpfs", "/tmp"])
}

/// What the files on the tmpfs mounted at `dir` take.
pub fn tmpfs_used(dir: &Path) -> u64 {
    nix::sys::statvfs::statvfs(dir).map_or(0, |stat| {
        (stat.blocks() - stat.blocks_free()) * stat.fragment_size()
    })
}

/// What the files beneath `dir` take on disk: allocated blocks, as `du` counts them (a sparse
/// file takes only what was written), each file once however many links it has.
pub fn walked_used(dir: &Path) -> u64 {
    let mut seen = HashSet::new();
    let mut total = 0;
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries = std::fs::read_dir(&folder).or_else(|e| {
            // A folder the solution closed to everyone: the supervisor is its owner (or root)
            // and opens it again, or what it holds would not be counted.
            if e.kind() != std::io::ErrorKind::PermissionDenied {
                return Err(e);
            }
            std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o700))?;
            std::fs::read_dir(&folder)
        });
        // Vanished while we looked: the solution removed it.
        let Ok(entries) = entries else { continue };
        for entry in entries.flatten() {
            let Ok(meta) = entry.metadata() else { continue };
            if meta.is_dir() {
                folders.push(entry.path());
            } else if seen.insert((meta.dev(), meta.ino())) {
                total += meta.blocks() * 512;
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tmpfs_holds_the_bound_and_one_page_more() {
        assert_eq!(tmpfs_size(1 << 20), (1 << 20) + 4096);
        assert_eq!(tmpfs_size(5000), 8192 + 4096);
        assert_eq!(tmpfs_options(1 << 20), "size=1052672");
    }

    #[test]
    fn walking_counts_written_bytes_once_per_file_in_every_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a"), vec![1u8; 64 << 10]).unwrap();
        std::fs::create_dir(dir.path().join("deep")).unwrap();
        std::fs::write(dir.path().join("deep/b"), vec![1u8; 64 << 10]).unwrap();
        std::fs::hard_link(dir.path().join("a"), dir.path().join("deep/a-again")).unwrap();
        // Sparse: a megabyte long, one page written.
        let sparse = std::fs::File::create(dir.path().join("sparse")).unwrap();
        sparse.set_len(1 << 20).unwrap();
        let used = walked_used(dir.path());
        assert!(
            ((128 << 10)..(128 << 10) + (64 << 10)).contains(&used),
            "{used}"
        );
    }

    #[test]
    fn a_missing_folder_takes_nothing() {
        assert_eq!(walked_used(Path::new("/nonexistent/grundy")), 0);
    }
}
