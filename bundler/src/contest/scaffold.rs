//! `new <ID>`: a problem folder ready to fill in. In a checkout: registered as a binary of
//! the `problems` package so `cargo run -p problems --bin <ID>` works at once. Anywhere else:
//! a Cargo package of its own, a member of the contest folder's workspace (made if there is
//! none), depending on a copy of our templates vendored into the contest folder, which
//! neither clearing a cache nor upgrading grundy can break.

use crate::atomic::{self, WriteError};
use same_file::Handle;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum ScaffoldError {
    #[error("invalid problem id `{id}`: {reason}")]
    InvalidId { id: String, reason: &'static str },
    #[error("{} already exists", path.display())]
    Exists { path: PathBuf },
    #[error("`{id}` is already a [[bin]] in {}", manifest.display())]
    AlreadyRegistered { id: String, manifest: PathBuf },
    #[error("{}: {message}", path.display())]
    Manifest { path: PathBuf, message: String },
    #[error("cannot create {}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("cannot lock {}: {source}", path.display())]
    Lock { path: PathBuf, source: io::Error },
    #[error(transparent)]
    Write(#[from] WriteError),
    #[error("the problem was created, but the README's problems table was not updated: {0}")]
    Table(String),
}

/// A problem to make in a contest folder, with what is known of it (from Competitive
/// Companion, or only its id).
#[derive(Debug, Clone, Default)]
pub struct ProblemSpec {
    pub id: String,
    pub title: Option<String>,
    pub url: Option<String>,
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mb: Option<u64>,
    /// Samples: input and expected output.
    pub tests: Vec<(String, String)>,
    pub interactive: bool,
    /// The files the solution reads and writes instead of stdin and stdout, when it does.
    pub input_file: Option<String>,
    pub output_file: Option<String>,
}

/// The contest folder for a problem made from `cwd`: the nearest folder at or above it whose
/// `Cargo.toml` is a workspace, else `cwd` itself (which becomes one).
pub fn contest_folder(cwd: &Path) -> PathBuf {
    cwd.ancestors()
        .find(|dir| {
            std::fs::read_to_string(dir.join("Cargo.toml"))
                .ok()
                .and_then(|text| text.parse::<toml::Table>().ok())
                .is_some_and(|manifest| manifest.contains_key("workspace"))
        })
        .unwrap_or(cwd)
        .to_path_buf()
}

/// Makes the problem folder `contest/<id>/` (a package: `Cargo.toml`, `main.rs`, `README.md`
/// with the limits, `tests/` with the samples) and adds it to the workspace of
/// `contest/Cargo.toml`, which is made if missing, as is the vendored `contest/templates/`.
/// All or nothing, and safe beside other `new`s and `receive`s, as [`new_problem`].
pub fn new_in_contest(contest: &Path, spec: &ProblemSpec) -> Result<PathBuf, ScaffoldError> {
    let id = spec.id.as_str();
    validate_id(id).map_err(|reason| ScaffoldError::InvalidId {
        id: id.to_string(),
        reason,
    })?;
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |source| ScaffoldError::Io { path, source }
    };
    let manifest_path = contest.join("Cargo.toml");
    if !manifest_path.exists() {
        // `create_new`: of two makers, one writes it and the other finds it.
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&manifest_path)
        {
            Ok(mut file) => io::Write::write_all(&mut file, CONTEST_MANIFEST.as_bytes())
                .map_err(io_error(&manifest_path))?,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(io_error(&manifest_path)(e)),
        }
    }
    let (locked, manifest, target) = locked_for(&manifest_path, contest, id)?;
    let registered = with_member(&manifest, &manifest_path, id)?;
    let templates = contest.join("templates");
    if !templates.join("Cargo.toml").is_file() {
        let staging = tempfile::Builder::new()
            .prefix(".templates-")
            .tempdir_in(contest)
            .map_err(io_error(contest))?;
        crate::project::write_embedded_templates(staging.path()).map_err(io_error(&templates))?;
        std::fs::rename(staging.keep(), &templates).map_err(io_error(&templates))?;
    }
    let staging = tempfile::Builder::new()
        .prefix(&format!(".new-{id}-"))
        .tempdir_in(contest)
        .map_err(io_error(contest))?;
    std::fs::create_dir(staging.path().join("tests")).map_err(io_error(&target))?;
    let mut files = vec![
        ("Cargo.toml".to_string(), package_manifest(id)),
        ("main.rs".to_string(), main_rs(id, spec.url.as_deref())),
        ("README.md".to_string(), contest_readme(spec)),
    ];
    if spec.tests.is_empty() {
        files.push(("tests/sample.in".into(), String::new()));
        files.push(("tests/sample.out".into(), String::new()));
    }
    for (n, (input, output)) in spec.tests.iter().enumerate() {
        files.push((format!("tests/sample{}.in", n + 1), input.clone()));
        files.push((format!("tests/sample{}.out", n + 1), output.clone()));
    }
    place(staging, &files, &target, &manifest_path, &registered)?;
    drop(locked);
    Ok(target)
}

/// Writes `files` into `staging`, renames it to `target`, then writes `manifest` (the
/// manifest at `manifest_path` with the problem registered): all or nothing, each failure
/// removing what was made.
fn place(
    staging: tempfile::TempDir,
    files: &[(String, String)],
    target: &Path,
    manifest_path: &Path,
    manifest: &str,
) -> Result<(), ScaffoldError> {
    for (name, contents) in files {
        std::fs::write(staging.path().join(name), contents).map_err(|source| {
            ScaffoldError::Io {
                path: target.join(name),
                source,
            }
        })?;
    }
    // From here the folder is ours to remove by hand: `staging` no longer cleans up.
    let staged = staging.keep();
    if let Err(source) = std::fs::rename(&staged, target) {
        let _ = std::fs::remove_dir_all(&staged);
        return Err(ScaffoldError::Io {
            path: target.to_path_buf(),
            source,
        });
    }
    if let Err(e) = atomic::write_files(&[(manifest_path, manifest.as_bytes())]) {
        let _ = std::fs::remove_dir_all(target);
        return Err(e.into());
    }
    Ok(())
}

/// A contest folder's manifest: a workspace of its problems, one target folder for all.
const CONTEST_MANIFEST: &str =
    "# A contest folder made by grundy: one package per problem, one target folder.
[workspace]
resolver = \"2\"
members = []
";

/// `manifest` with `id` appended to `workspace.members`, comments and layout kept.
fn with_member(manifest: &str, path: &Path, id: &str) -> Result<String, ScaffoldError> {
    let invalid = |message: String| ScaffoldError::Manifest {
        path: path.to_path_buf(),
        message,
    };
    let mut document: toml_edit::DocumentMut = manifest
        .parse()
        .map_err(|e: toml_edit::TomlError| invalid(e.message().to_string()))?;
    let workspace = document
        .entry("workspace")
        .or_insert_with(toml_edit::table)
        .as_table_like_mut()
        .ok_or_else(|| invalid("`workspace` is not a table".into()))?;
    let members = workspace
        .entry("members")
        .or_insert(toml_edit::value(toml_edit::Array::new()))
        .as_array_mut()
        .ok_or_else(|| invalid("`workspace.members` is not an array".into()))?;
    if members.iter().any(|m| m.as_str() == Some(id)) {
        return Err(ScaffoldError::AlreadyRegistered {
            id: id.to_string(),
            manifest: path.to_path_buf(),
        });
    }
    members.push(id);
    Ok(document.to_string())
}

/// A problem's package: named by its id (Cargo wants a package name to start with a letter:
/// `1999G`'s is `p1999G`, its binary still `1999G`), with our vendored templates.
fn package_manifest(id: &str) -> String {
    let package = if id.starts_with(|c: char| c.is_ascii_alphabetic()) {
        id.to_string()
    } else {
        format!("p{id}")
    };
    format!(
        "[package]
name = \"{package}\"
version = \"0.1.0\"
edition = \"2021\"
publish = false
# `tests/` holds the samples, not Rust tests.
autotests = false

[[bin]]
name = \"{id}\"
path = \"main.rs\"

[dependencies]
templates = {{ path = \"../templates\" }}
"
    )
}

/// The lines of a problem's README that say its limits, and how it is judged where that is
/// not the usual way, as `grundy test` reads them (`Time limit:`, `Memory limit:`).
pub fn limit_lines(spec: &ProblemSpec) -> String {
    let mut text = String::new();
    if let Some(ms) = spec.time_limit_ms {
        text += &format!("Time limit: {} s\n", ms as f64 / 1000.0);
    }
    if let Some(mb) = spec.memory_limit_mb {
        text += &format!("Memory limit: {mb} MB\n");
    }
    if spec.interactive {
        text += "Interactive: yes (add interactor.rs to judge it)\n";
    }
    if let Some(file) = &spec.input_file {
        text += &format!("Input file: {file}\n");
    }
    if let Some(file) = &spec.output_file {
        text += &format!("Output file: {file}\n");
    }
    text
}

/// The README of a problem in a contest folder: what the judge said of it, in the lines
/// `grundy test` reads (`Time limit:`, `Memory limit:`).
fn contest_readme(spec: &ProblemSpec) -> String {
    let mut text = format!("# {}\n\n", spec.title.as_deref().unwrap_or(&spec.id));
    text += &format!("Source: {}\n\n", spec.url.as_deref().unwrap_or("custom"));
    text += &limit_lines(spec);
    text
}

/// Checks that `id` can name a folder, a Cargo binary and a URL fragment alike: ASCII
/// letters, digits, `-` and `_`, starting and ending with a letter or digit, and none of the
/// names Cargo refuses for a binary. The error says what is wrong with it.
pub fn validate_id(id: &str) -> Result<(), &'static str> {
    if id.is_empty() {
        return Err("it is empty");
    }
    // As judges write them (`abc300_a`, `1234A`, `poj2311`), and as Cargo takes bin names.
    if !id
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err("use only letters, digits, `-` and `_`");
    }
    let edge = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    if !edge(id.chars().next()) || !edge(id.chars().last()) {
        return Err("it must start and end with a letter or digit");
    }
    // Cargo's own folders in a build directory; it refuses binaries named like them.
    if ["build", "deps", "examples", "incremental"].contains(&id) {
        return Err("Cargo reserves it for its build directory");
    }
    Ok(())
}

/// Creates `problems_dir/<id>/` with `main.rs` (reading input with the `fast_io` template),
/// `README.md` (the statement's sections to fill in; both name the problem's page `url`
/// when there is one) and `tests/sample.in` + `sample.out`
/// (empty), then registers `[[bin]] name = "<id>"` in `problems_dir/Cargo.toml` and rewrites
/// the problems table of the README beside `problems_dir` (see
/// [`crate::contest::problem_table`]), so the workspace's tests pass. Returns the new folder.
///
/// Safe to run several at once: each holds an exclusive lock on the manifest from reading it
/// to writing it back, so they take turns, and each sees the folders and registrations of
/// those before it.
///
/// All or nothing: the folder is built under a temporary name beside its target and renamed
/// into place, and only then is the manifest rewritten (atomically, so whole or not at all).
/// A failure removes what this call made: the half-built temporary folder, or the renamed
/// folder when the manifest cannot be written.
pub fn new_problem(
    problems_dir: &Path,
    id: &str,
    url: Option<&str>,
) -> Result<PathBuf, ScaffoldError> {
    validate_id(id).map_err(|reason| ScaffoldError::InvalidId {
        id: id.to_string(),
        reason,
    })?;
    let manifest_path = problems_dir.join("Cargo.toml");
    let (locked, manifest, target) = locked_for(&manifest_path, problems_dir, id)?;
    let registered = with_bin(&manifest, &manifest_path, id)?;

    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |source| ScaffoldError::Io { path, source }
    };
    let staging = tempfile::Builder::new()
        .prefix(&format!(".new-{id}-"))
        .tempdir_in(problems_dir)
        .map_err(io_error(problems_dir))?;
    std::fs::create_dir(staging.path().join("tests")).map_err(io_error(&target))?;
    let files = [
        ("main.rs", main_rs(id, url)),
        ("README.md", readme(id, url)),
        ("tests/sample.in", String::new()),
        ("tests/sample.out", String::new()),
    ]
    .map(|(name, contents)| (name.to_string(), contents));
    place(staging, &files, &target, &manifest_path, &registered)?;
    // Still under the lock, so two `new`s cannot each write a table missing the other's row.
    // The problem is made by now: a table that cannot be written is said, not undone.
    let readme = problems_dir.join("../README.md");
    let table = crate::contest::problem_table::update(&readme, problems_dir)
        .map_err(|e| ScaffoldError::Table(e.to_string()));
    // Only now may the next `new` read the manifest.
    drop(locked);
    table?;
    Ok(target)
}

/// The manifest at `manifest_path`, locked (the lock lasts as long as the handle) and read,
/// and the folder `dir/id` the problem will be, which must not exist yet.
fn locked_for(
    manifest_path: &Path,
    dir: &Path,
    id: &str,
) -> Result<(Handle, String, PathBuf), ScaffoldError> {
    let mut locked = lock(manifest_path)?;
    // Read through the locked handle: on Windows the lock keeps out even this process's other
    // handles.
    let mut manifest = String::new();
    locked
        .as_file_mut()
        .read_to_string(&mut manifest)
        .map_err(manifest_error(manifest_path))?;
    let target = dir.join(id);
    if target.symlink_metadata().is_ok() {
        return Err(ScaffoldError::Exists { path: target });
    }
    Ok((locked, manifest, target))
}

/// An open handle on the manifest at `path`, holding its exclusive lock (waiting for it).
///
/// The manifest is rewritten by renaming a new file over it, and a lock belongs to the file,
/// not the path: a waiter may get the lock of a file already replaced. Such a lock guards
/// nothing, so it is dropped and the current file locked instead.
fn lock(path: &Path) -> Result<Handle, ScaffoldError> {
    let fail = manifest_error(path);
    loop {
        let file = File::open(path).map_err(fail)?;
        file.lock().map_err(|source| ScaffoldError::Lock {
            path: path.to_path_buf(),
            source,
        })?;
        let locked = Handle::from_file(file).map_err(fail)?;
        if Handle::from_path(path).map_err(fail)? == locked {
            return Ok(locked);
        }
    }
}

fn manifest_error(path: &Path) -> impl Fn(io::Error) -> ScaffoldError + Copy + '_ {
    move |e| ScaffoldError::Manifest {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// `manifest` with a `[[bin]]` for `id` appended, after checking that no binary already has
/// that name or path.
fn with_bin(manifest: &str, path: &Path, id: &str) -> Result<String, ScaffoldError> {
    let bins = |text: &str| -> Result<Vec<(String, String)>, ScaffoldError> {
        let table: toml::Table =
            text.parse()
                .map_err(|e: toml::de::Error| ScaffoldError::Manifest {
                    path: path.to_path_buf(),
                    message: e.message().to_string(),
                })?;
        let field = |bin: &toml::Value, key| {
            bin.get(key)
                .and_then(|v| v.as_str())
                .unwrap_or("")
                .to_string()
        };
        Ok(table
            .get("bin")
            .and_then(|b| b.as_array())
            .map(|bins| {
                bins.iter()
                    .map(|b| (field(b, "name"), field(b, "path")))
                    .collect()
            })
            .unwrap_or_default())
    };
    let bin_path = format!("{id}/main.rs");
    if bins(manifest)?
        .iter()
        .any(|(name, p)| name == id || *p == bin_path)
    {
        return Err(ScaffoldError::AlreadyRegistered {
            id: id.to_string(),
            manifest: path.to_path_buf(),
        });
    }
    let mut updated = manifest.to_string();
    if !updated.is_empty() && !updated.ends_with('\n') {
        updated.push('\n');
    }
    updated.push_str(&format!(
        "\n[[bin]]\nname = \"{id}\"\npath = \"{bin_path}\"\n"
    ));
    // The appended table must land in the bin array, not inside some other table.
    if !bins(&updated)?.contains(&(id.to_string(), bin_path)) {
        return Err(ScaffoldError::Manifest {
            path: path.to_path_buf(),
            message: "cannot append a [[bin]] table to it".into(),
        });
    }
    Ok(updated)
}

/// The solution to start from; its header names the problem's page, when known.
fn main_rs(id: &str, url: Option<&str>) -> String {
    let header = match url {
        Some(url) => format!("// problem: {url}\n// Statement: {id}/README.md."),
        None => format!(
            "// problem: custom\n// ^ Put the problem's URL in place of `custom` if it has one. \
             Statement: {id}/README.md."
        ),
    };
    format!(
        "{header}

use templates::fast_io::{{Scanner, Writer}};

fn main() {{
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    // Replace this echo with the solution: `input.u64()`, `input.try_u64()` (None at the end
    // of the input), `out.u64(x).byte(b'\\n')`. The writer flushes when dropped.
    while let Some(x) = input.try_u64() {{
        out.u64(x).byte(b'\\n');
    }}
}}
"
    )
}

fn readme(id: &str, url: Option<&str>) -> String {
    let source = url.unwrap_or("custom");
    format!(
        "# {id}: TITLE

Source: {source}

## Rules

The game in our own words: the position, what a move is, who wins.

## Input

## Output

## Constraints

## Samples

Input:

```
```

Output:

```
```

## Templates

`fast_io`.
"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_judges_ids_cargo_accepts() {
        for good in [
            "poj1067",
            "luogu-p2197",
            "wythoff-big",
            "a",
            "abc300_a",
            "1234A",
            "POJ1067",
        ] {
            assert!(validate_id(good).is_ok(), "{good}");
        }
        for bad in [
            "", "_a", "a_", "-a", "a-", "a/b", "a.b", "..", "é", "deps", "build",
        ] {
            assert!(validate_id(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_bin_is_appended_once() {
        let path = Path::new("Cargo.toml");
        let manifest =
            "[package]\nname = \"problems\"\n\n[[bin]]\nname = \"a\"\npath = \"a/main.rs\"";
        let updated = with_bin(manifest, path, "b").unwrap();
        assert!(updated.starts_with(manifest), "{updated}");
        assert!(
            updated.ends_with("\n\n[[bin]]\nname = \"b\"\npath = \"b/main.rs\"\n"),
            "{updated}"
        );
        assert!(matches!(
            with_bin(manifest, path, "a"),
            Err(ScaffoldError::AlreadyRegistered { .. })
        ));
        let by_path = "[[bin]]\nname = \"other\"\npath = \"b/main.rs\"\n";
        assert!(with_bin(by_path, path, "b").is_err());
    }
}
