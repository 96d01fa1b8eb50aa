//! Reading a problem folder: its solution, time limit and tests (see the layout in the
//! project README: `main.rs`, `README.md`, `tests/<name>.{in,gen}` + `.{out,sha256}`).

use super::compare::is_digest_hex;
use super::JudgeError;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The time limit of a problem whose README does not state one.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(2);

const TIME_LIMIT_PREFIX: &str = "Time limit:";

#[derive(Debug)]
pub struct Problem {
    pub id: String,
    pub dir: PathBuf,
    pub time_limit: Duration,
    pub tests: Vec<TestCase>,
}

#[derive(Debug)]
pub struct TestCase {
    pub name: String,
    pub input: Input,
    pub expected: Expected,
}

#[derive(Debug)]
pub enum Input {
    File(PathBuf),
    /// Arguments for `python3 gen.py`, read from `tests/<name>.gen`.
    Generated(Vec<String>),
}

#[derive(Debug)]
pub enum Expected {
    Output(PathBuf),
    /// Lowercase hex SHA-256 of the normalized expected output.
    Digest(String),
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> JudgeError + '_ {
    move |source| JudgeError::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn invalid(path: &Path, message: impl Into<String>) -> JudgeError {
    JudgeError::Invalid {
        path: path.to_path_buf(),
        message: message.into(),
    }
}

/// The ids of the problems in `dir`, sorted: its subfolders holding a `main.rs`, a
/// `README.md` or a `tests/` folder (other folders, like a crate's `src/`, are not problems).
pub fn problem_ids(dir: &Path) -> Result<Vec<String>, JudgeError> {
    let mut ids = Vec::new();
    for entry in fs::read_dir(dir).map_err(io_error(dir))? {
        let path = entry.map_err(io_error(dir))?.path();
        let looks_like_problem = ["main.rs", "README.md", "tests"]
            .iter()
            .any(|part| path.join(part).exists());
        if path.is_dir() && looks_like_problem {
            if let Some(name) = path.file_name().and_then(|n| n.to_str()) {
                ids.push(name.to_string());
            }
        }
    }
    ids.sort();
    Ok(ids)
}

impl Problem {
    /// Reads and checks the problem folder `dir/id`.
    pub fn load(dir: &Path, id: &str) -> Result<Problem, JudgeError> {
        let dir = dir.join(id);
        let main = dir.join("main.rs");
        if !main.is_file() {
            return Err(invalid(&main, "the solution is missing"));
        }
        Ok(Problem {
            id: id.to_string(),
            time_limit: time_limit(&dir.join("README.md"))?,
            tests: tests(id, &dir.join("tests"))?,
            dir,
        })
    }

    pub fn main_rs(&self) -> PathBuf {
        self.dir.join("main.rs")
    }
}

/// The README's `Time limit: <seconds> s` line, or the default without one (or without README).
fn time_limit(readme: &Path) -> Result<Duration, JudgeError> {
    let text = match fs::read_to_string(readme) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(DEFAULT_TIME_LIMIT),
        Err(e) => return Err(io_error(readme)(e)),
    };
    let Some((index, line)) = text
        .lines()
        .enumerate()
        .find(|(_, line)| line.trim_start().starts_with(TIME_LIMIT_PREFIX))
    else {
        return Ok(DEFAULT_TIME_LIMIT);
    };
    let seconds = line.trim()[TIME_LIMIT_PREFIX.len()..]
        .trim()
        .strip_suffix(" s")
        .and_then(|number| number.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0);
    match seconds {
        Some(seconds) => Ok(Duration::from_secs_f64(seconds)),
        None => Err(invalid(
            readme,
            format!(
                "line {}: `{}` is not of the form `Time limit: <seconds> s`",
                index + 1,
                line.trim()
            ),
        )),
    }
}

/// The tests in `tests_dir`, sorted by name; every input needs exactly one expected output.
fn tests(problem: &str, tests_dir: &Path) -> Result<Vec<TestCase>, JudgeError> {
    #[derive(Default)]
    struct Files {
        input: Option<PathBuf>,
        generator: Option<PathBuf>,
        output: Option<PathBuf>,
        digest: Option<PathBuf>,
    }
    let mut by_name: BTreeMap<String, Files> = BTreeMap::new();
    let entries = match fs::read_dir(tests_dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(JudgeError::NoTests {
                problem: problem.to_string(),
            })
        }
        Err(e) => return Err(io_error(tests_dir)(e)),
    };
    for entry in entries {
        let path = entry.map_err(io_error(tests_dir))?.path();
        let (Some(stem), Some(extension)) = (
            path.file_stem().and_then(|s| s.to_str()),
            path.extension().and_then(|s| s.to_str()),
        ) else {
            continue;
        };
        let files = by_name.entry(stem.to_string()).or_default();
        let slot = match extension {
            "in" => &mut files.input,
            "gen" => &mut files.generator,
            "out" => &mut files.output,
            "sha256" => &mut files.digest,
            _ => continue,
        };
        *slot = Some(path);
    }
    let mut tests = Vec::new();
    for (name, files) in by_name {
        let input = match (files.input, files.generator) {
            (Some(_), Some(generator)) => {
                return Err(invalid(
                    &generator,
                    format!("test `{name}` has both a .in and a .gen; keep one"),
                ))
            }
            (Some(path), None) => Input::File(path),
            (None, Some(path)) => {
                let line = fs::read_to_string(&path).map_err(io_error(&path))?;
                Input::Generated(line.split_whitespace().map(str::to_string).collect())
            }
            (None, None) => {
                let orphan = files.output.or(files.digest).expect("an entry has a file");
                return Err(invalid(&orphan, "no .in or .gen gives this test its input"));
            }
        };
        let expected = match (files.output, files.digest) {
            (Some(_), Some(digest)) => {
                return Err(invalid(
                    &digest,
                    format!("test `{name}` has both a .out and a .sha256; keep one"),
                ))
            }
            (Some(path), None) => Expected::Output(path),
            (None, Some(path)) => {
                let digest = fs::read_to_string(&path).map_err(io_error(&path))?;
                let digest = digest.trim();
                if !is_digest_hex(digest) {
                    return Err(invalid(&path, "expected 64 lowercase hex digits"));
                }
                Expected::Digest(digest.to_string())
            }
            (None, None) => {
                return Err(JudgeError::MissingExpected {
                    problem: problem.to_string(),
                    test: name,
                })
            }
        };
        tests.push(TestCase {
            name,
            input,
            expected,
        });
    }
    if tests.is_empty() {
        return Err(JudgeError::NoTests {
            problem: problem.to_string(),
        });
    }
    Ok(tests)
}
