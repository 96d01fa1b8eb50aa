//! The programs of a stress run besides the solution: the brute force, the generator and the
//! validator, found in the problem folder (`brute.rs` or `brute.py`, ...) or named by a flag,
//! and made ready to run: a Rust file bundled and compiled once as the judge compiles a
//! checker, a Python script run by the interpreter `python3` starts (found once, so a shim
//! such as pyenv's is not started again on every run), anything else run as it is.

use super::error::StressError;
use crate::judge::{self, JudgeOptions, Tool};
use std::path::{Path, PathBuf};

/// What a program is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Brute,
    Generator,
    Validator,
}

impl Role {
    /// Its file's name without extension, in a problem folder.
    pub fn stem(self) -> &'static str {
        match self {
            Role::Brute => "brute",
            Role::Generator => "gen",
            Role::Validator => "validate",
        }
    }

    fn flag(self) -> &'static str {
        match self {
            Role::Brute => "--brute",
            Role::Generator => "--gen",
            Role::Validator => "--validate",
        }
    }

    pub fn noun(self) -> &'static str {
        match self {
            Role::Brute => "brute force",
            Role::Generator => "generator",
            Role::Validator => "validator",
        }
    }
}

/// A program as found.
#[derive(Debug, Clone)]
pub enum Source {
    Rust(PathBuf),
    Python(PathBuf),
    Executable(PathBuf),
}

impl Source {
    fn of(path: PathBuf) -> Source {
        match path.extension().and_then(|e| e.to_str()) {
            Some("rs") => Source::Rust(path),
            Some("py") => Source::Python(path),
            _ => Source::Executable(path),
        }
    }
}

/// A program found for a role, and the name messages give it (`brute.py`, or the path a
/// flag gave).
#[derive(Debug, Clone)]
pub struct Found {
    pub role: Role,
    pub source: Source,
    pub name: String,
}

/// The program for `role`: the one `flag` names, else `<stem>.rs` or `<stem>.py` in the
/// problem folder `dir`. A required role without one is an error saying where it looked.
pub fn find(
    role: Role,
    problem: &str,
    dir: &Path,
    flag: Option<&Path>,
    required: bool,
) -> Result<Option<Found>, StressError> {
    if let Some(path) = flag {
        let absolute = std::path::absolute(path).map_err(super::error::io_error(path))?;
        return Ok(Some(Found {
            role,
            source: Source::of(absolute),
            name: path.display().to_string(),
        }));
    }
    let names = ["rs", "py"].map(|ext| format!("{}.{ext}", role.stem()));
    if let Some(name) = names.iter().find(|name| dir.join(name).is_file()) {
        return Ok(Some(Found {
            role,
            source: Source::of(dir.join(name)),
            name: name.clone(),
        }));
    }
    if !required {
        return Ok(None);
    }
    Err(StressError::Missing {
        what: role.noun(),
        problem: problem.to_string(),
        dir: dir.to_path_buf(),
        stem: role.stem(),
        flag: role.flag(),
    })
}

/// A program ready to run.
#[derive(Debug, Clone)]
pub struct Ready {
    pub name: String,
    pub tool: Tool,
}

/// Makes `found` ready: a Rust file bundled by `bundle` (as checkers are: no judge's
/// profile, edition 2021) and compiled into `build`; a script run by `python` (the
/// interpreter, found once by [`python`]). Programs run in the problem folder `dir`.
pub fn prepare(
    found: &Found,
    dir: &Path,
    build: &Path,
    bundle: &(dyn Fn(&Path) -> Result<String, String> + Sync),
    python: &Path,
    opts: &JudgeOptions,
) -> Result<Ready, StressError> {
    let failed = |message: String| StressError::Build {
        program: found.name.clone(),
        message,
    };
    let tool = |program: PathBuf, args: Vec<String>| Tool {
        program,
        args,
        dir: dir.to_path_buf(),
    };
    let tool = match &found.source {
        Source::Rust(path) => {
            let source = bundle(path).map_err(|e| failed(format!("cannot be bundled: {e}")))?;
            let binary = judge::compile_tool(opts, &source, build, found.role.stem())?
                .map_err(|e| failed(format!("does not compile: {e}")))?;
            tool(binary, Vec::new())
        }
        Source::Python(path) => tool(
            python.to_path_buf(),
            vec![path.to_string_lossy().into_owned()],
        ),
        Source::Executable(path) => tool(path.clone(), Vec::new()),
    };
    Ok(Ready {
        name: found.name.clone(),
        tool,
    })
}

/// Whether `found` is a Python script (whose interpreter must be found first).
pub fn is_python(found: &Found) -> bool {
    matches!(found.source, Source::Python(_))
}

/// The interpreter `python3` starts in `dir`, as a path: a shim (pyenv's, a virtualenv's
/// wrapper) then runs only once rather than on every run. `script` names what needs it.
pub fn python(dir: &Path, script: &str) -> Result<PathBuf, StressError> {
    let asked = std::process::Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output();
    let reason = match asked {
        Ok(output) if output.status.success() => {
            let path = String::from_utf8_lossy(&output.stdout).trim().to_string();
            // An embedded interpreter may not know its own path: then `python3` it is.
            return Ok(PathBuf::from(if path.is_empty() {
                "python3"
            } else {
                &path
            }));
        }
        Ok(output) => format!("{}", output.status),
        Err(e) => e.to_string(),
    };
    Err(StressError::Python {
        script: script.to_string(),
        reason,
    })
}
