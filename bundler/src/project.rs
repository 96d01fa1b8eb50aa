//! Where the program finds things nobody named: the templates and the problems folder of the
//! checkout the current directory is in (looked for from it upward), and otherwise the
//! templates embedded in the program at build time. Never the path the program was built in:
//! the checkout may have moved, or be another clone.

use crate::bundle::{Error, ErrorKind};
use std::path::{Path, PathBuf};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_templates.rs"));
}

/// The nearest of `start` and its ancestors for which `found` holds.
fn upward(start: &Path, found: impl Fn(&Path) -> bool) -> Option<PathBuf> {
    start
        .ancestors()
        .find(|dir| found(dir))
        .map(Path::to_path_buf)
}

/// Whether `dir` holds the `templates` crate.
fn is_templates_crate(dir: &Path) -> bool {
    crate::bundle::source::read_manifest(&dir.join("Cargo.toml"))
        .ok()
        .and_then(|manifest| {
            let name = manifest.get("package")?.get("name")?.as_str()?.to_string();
            Some(name == "templates")
        })
        .unwrap_or(false)
}

/// The templates: the checkout's (`templates/` beside or above the current directory, or the
/// crate the current directory is in), else the embedded copy. Asked for by the engine's
/// callers, never by the engine: this module reads manifests through it.
pub fn templates_dir() -> Result<PathBuf, Error> {
    let here = std::env::current_dir().unwrap_or_default();
    let checkout = upward(&here, |dir| {
        is_templates_crate(dir) || is_templates_crate(&dir.join("templates"))
    });
    match checkout {
        Some(dir) if is_templates_crate(&dir) => Ok(dir),
        Some(dir) => Ok(dir.join("templates")),
        None => embedded_templates_dir(),
    }
}

/// The problems folder of the checkout the current directory is in: the nearest
/// `problems/` (with its `Cargo.toml`) beside or above it.
pub fn problems_dir() -> Option<PathBuf> {
    let here = std::env::current_dir().ok()?;
    let is_problems = |dir: &Path| {
        dir.file_name().is_some_and(|name| name == "problems") && dir.join("Cargo.toml").is_file()
    };
    let dir = upward(&here, |dir| {
        is_problems(dir) || is_problems(&dir.join("problems"))
    })?;
    Some(if is_problems(&dir) {
        dir
    } else {
        dir.join("problems")
    })
}

/// The embedded templates, written once into the cache folder (named by a digest of their
/// contents, so a new build gets a new folder) and read from there like any library crate.
pub fn embedded_templates_dir() -> Result<PathBuf, Error> {
    use sha2::Digest;
    let mut hasher = sha2::Sha256::new();
    for (path, text) in embedded::FILES {
        hasher.update(path.as_bytes());
        hasher.update([0]);
        hasher.update(text.as_bytes());
        hasher.update([0]);
    }
    let digest: String = hasher.finalize()[..8]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    let root = crate::dirs::cache_dir().unwrap_or_else(std::env::temp_dir);
    let dir = root.join(format!("templates-{digest}"));
    // Written last: a folder without it was left half-written and is written again.
    let complete = dir.join(".complete");
    if complete.is_file() {
        return Ok(dir);
    }
    let failed = |source| {
        Error::from(ErrorKind::Embedded {
            dir: dir.clone(),
            source,
        })
    };
    std::fs::create_dir_all(&root).map_err(failed)?;
    let scratch = tempfile::Builder::new()
        .prefix(".templates-")
        .tempdir_in(&root)
        .map_err(failed)?;
    write_embedded_templates(scratch.path()).map_err(failed)?;
    std::fs::write(scratch.path().join(".complete"), "").map_err(failed)?;
    if dir.exists() && !complete.is_file() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    // Another process may have written the same folder meanwhile: theirs is as good.
    if let Err(e) = std::fs::rename(scratch.path(), &dir) {
        if !complete.is_file() {
            return Err(failed(e));
        }
    }
    Ok(dir)
}

/// Writes the embedded templates crate into the folder `dir` (which must exist).
pub fn write_embedded_templates(dir: &Path) -> std::io::Result<()> {
    for (path, text) in embedded::FILES {
        let file = dir.join(path);
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&file, text)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_copy_holds_every_template_and_stands_alone() {
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let sources = std::fs::read_dir(workspace.join("templates/src"))
            .unwrap()
            .count();
        let embedded = embedded::FILES
            .iter()
            .filter(|(path, _)| path.starts_with("src/"))
            .count();
        assert_eq!(embedded, sources);
        let manifest = embedded::FILES
            .iter()
            .find(|(path, _)| *path == "Cargo.toml")
            .unwrap()
            .1;
        assert!(manifest.contains("edition = \"2021\""), "{manifest}");
        assert!(!manifest.contains(".workspace"), "{manifest}");
    }
}
