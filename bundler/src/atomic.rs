//! All-or-nothing file writes: every file is first written in full to a temporary file beside
//! its target, and only then are they renamed into place, so a failure while writing (disk
//! full, missing directory, no permission) leaves the targets as they were. Only a rename
//! failing halfway, after a full write, could leave some targets replaced.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The target that could not be written, and why.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", path.display())]
pub struct WriteError {
    pub path: PathBuf,
    pub source: io::Error,
}

/// Writes each `(target, contents)` pair. The target directories must exist. The files get
/// the permissions a newly created file gets (`tempfile` would make them private).
pub fn write_files(files: &[(&Path, &[u8])]) -> Result<(), WriteError> {
    let mut staged: Vec<PathBuf> = Vec::new();
    let result = (|| {
        for (target, contents) in files {
            let temp = temp_path(target);
            let fail = |source| WriteError {
                path: target.to_path_buf(),
                source,
            };
            let mut file = std::fs::File::create_new(&temp).map_err(fail)?;
            staged.push(temp);
            file.write_all(contents).map_err(fail)?;
            file.sync_all().map_err(fail)?;
        }
        for ((target, _), temp) in files.iter().zip(&staged) {
            std::fs::rename(temp, target).map_err(|source| WriteError {
                path: target.to_path_buf(),
                source,
            })?;
        }
        Ok(())
    })();
    if result.is_err() {
        for temp in &staged {
            let _ = std::fs::remove_file(temp);
        }
    }
    result
}

/// Writes one output file as a user means it: through a symlink to its target, straight into
/// a device or FIFO (`/dev/stdout`, `/dev/null`), and otherwise atomically, keeping the
/// permissions of the file it replaces.
pub fn write_output(path: &Path, contents: &[u8]) -> Result<(), WriteError> {
    let target = through_symlinks(path);
    let fail = |source| WriteError {
        path: path.to_path_buf(),
        source,
    };
    match std::fs::metadata(&target) {
        Ok(meta) if !meta.is_file() && !meta.is_dir() => {
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .open(&target)
                .map_err(fail)?;
            file.write_all(contents).map_err(fail)
        }
        Ok(meta) => {
            write_files(&[(&target, contents)])?;
            std::fs::set_permissions(&target, meta.permissions()).map_err(fail)
        }
        Err(_) => write_files(&[(&target, contents)]),
    }
}

/// The file a chain of symlinks at `path` ends at (`path` itself if it is none).
fn through_symlinks(path: &Path) -> PathBuf {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::read_link(&current) {
            Ok(next) => {
                current = match current.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                }
            }
            Err(_) => break,
        }
    }
    current
}

/// `.<name>.<pid>.tmp` beside `target`: hidden, and distinct per process.
/// A temporary name beside `target`, unique to this writer: threads of one process writing
/// the same target at once (two bundles caching one answer) must not share it.
fn temp_path(target: &Path) -> PathBuf {
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let write = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = target
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy());
    target.with_file_name(format!(".{name}.{}-{write}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_every_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
        std::fs::write(&b, "old").unwrap();
        write_files(&[(&a, b"one"), (&b, b"two")]).unwrap();
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "one");
        assert_eq!(std::fs::read_to_string(&b).unwrap(), "two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[test]
    fn a_failure_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.txt");
        let missing = dir.path().join("no-such-dir/b.txt");
        let err = write_files(&[(&a, b"one"), (&missing, b"two")]).unwrap_err();
        assert_eq!(err.path, missing);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
