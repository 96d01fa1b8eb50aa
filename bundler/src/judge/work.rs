//! A problem's temporary folders.

use super::error::{io_error, JudgeError};
use super::options::JudgeOptions;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use tempfile::TempDir;

/// A problem's directories, removed with it: `build/` (the bundle and binaries, readable by
/// the solution's user), `private/` (its input copy, outputs and reports: the judge's only),
/// and `run/`, the solution's fresh working directory.
pub(super) struct Work {
    root: TempDir,
    build: PathBuf,
}

impl Work {
    pub(super) fn new(opts: &JudgeOptions, id: &str) -> Result<Work, JudgeError> {
        let prefix = format!("judge-{id}-");
        let root = match &opts.temp_root {
            Some(root) => tempfile::Builder::new().prefix(&prefix).tempdir_in(root),
            None => tempfile::Builder::new().prefix(&prefix).tempdir(),
        }
        .map_err(|source| JudgeError::Io {
            path: opts.temp_root.clone().unwrap_or_else(std::env::temp_dir),
            source,
        })?;
        let build = root.path().join("build");
        let work = Work { root, build };
        work.make(&[(work.build(), 0o755), (work.private(), 0o700)])?;
        Ok(work)
    }

    /// Another work area inside this one, sharing its `build/` (the binaries) but with a
    /// `private/` and `run/` of its own: for runs on several threads at once.
    pub(super) fn lane(&self) -> Result<Work, JudgeError> {
        let root = tempfile::Builder::new()
            .prefix("lane-")
            .tempdir_in(self.root.path())
            .map_err(io_error(self.root.path()))?;
        let lane = Work {
            root,
            build: self.build.clone(),
        };
        lane.make(&[(lane.private(), 0o700)])?;
        Ok(lane)
    }

    /// Sets the root's mode and creates `dirs` with theirs. Others may pass through the root
    /// (to run build/main) but not list it; private/ is the judge's alone.
    fn make(&self, dirs: &[(PathBuf, u32)]) -> Result<(), JudgeError> {
        let root = (self.root.path().to_path_buf(), 0o711);
        for (dir, mode) in std::iter::once(&root).chain(dirs) {
            if *dir != root.0 {
                std::fs::create_dir(dir).map_err(io_error(dir))?;
            }
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(*mode))
                .map_err(io_error(dir))?;
        }
        Ok(())
    }

    pub(super) fn build(&self) -> PathBuf {
        self.build.clone()
    }

    pub(super) fn private(&self) -> PathBuf {
        self.root.path().join("private")
    }

    pub(super) fn private_file(&self, name: &str) -> PathBuf {
        self.private().join(name)
    }

    /// An empty working directory for the next run.
    pub(super) fn fresh_run_dir(&self) -> Result<PathBuf, JudgeError> {
        self.remove_run_dir()?;
        let dir = self.run_dir();
        std::fs::create_dir(&dir).map_err(io_error(&dir))?;
        Ok(dir)
    }

    /// Removes what the last run wrote, up to the disk bound, as soon as it is graded.
    pub(super) fn remove_run_dir(&self) -> Result<(), JudgeError> {
        let dir = self.run_dir();
        if dir.exists() {
            std::fs::remove_dir_all(&dir).map_err(io_error(&dir))?;
        }
        Ok(())
    }

    pub(super) fn run_dir(&self) -> PathBuf {
        self.root.path().join("run")
    }
}
