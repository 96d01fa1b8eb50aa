//! Reading a problem folder: its solution, time limit and tests (see the layout in the
//! project README: `main.rs`, `README.md`, `tests/<name>.{in,gen}` + `.{out,sha256}`).

use super::compare::is_digest_hex;
use super::error::JudgeError;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The time limit of a problem whose README does not state one.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(2);
/// The memory limit of a problem whose README does not state one, as on most judges.
pub const DEFAULT_MEMORY_LIMIT: u64 = 256 << 20;

const TIME_LIMIT_PREFIX: &str = "Time limit:";
const MEMORY_LIMIT_PREFIX: &str = "Memory limit:";

#[derive(Debug)]
pub struct Problem {
    pub id: String,
    pub dir: PathBuf,
    pub time_limit: Duration,
    /// Bytes of resident memory.
    pub memory_limit: u64,
    pub tests: Vec<TestCase>,
    /// Judges outputs with several right answers (`checker.rs` or a script).
    pub checker: Option<Helper>,
    /// The judge's side of an interactive problem (`interactor.rs` or a script).
    pub interactor: Option<Helper>,
    /// The file the solution reads its input from instead of stdin (`Input file: in.txt`).
    pub input_file: Option<String>,
    /// The file the solution writes its output to instead of stdout (`Output file: out.txt`).
    pub output_file: Option<String>,
}

/// A program a problem ships for judging: Rust compiled by the runner, or a script run by the
/// interpreter its `#!` line names.
#[derive(Debug, Clone)]
pub enum Helper {
    Rust(PathBuf),
    Script {
        interpreter: Vec<String>,
        path: PathBuf,
    },
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
    /// An interactive test without an answer file: the interactor alone decides.
    Interactor,
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

/// The ids of the problems in `dir`, sorted: its subfolders holding a solution (`main.rs`
/// or `src/main.rs`), a `README.md` or a `tests/` folder (other folders, like a crate's
/// `src/`, are not problems).
pub fn problem_ids(dir: &Path) -> Result<Vec<String>, JudgeError> {
    let mut ids = Vec::new();
    for entry in fs::read_dir(dir).map_err(io_error(dir))? {
        let path = entry.map_err(io_error(dir))?.path();
        let looks_like_problem = ["main.rs", "src/main.rs", "README.md", "tests"]
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

/// The solution of the problem folder `dir`: its `main.rs`, else the `src/main.rs` of the
/// Cargo package it is.
fn solution_of(dir: &Path) -> Option<PathBuf> {
    ["main.rs", "src/main.rs"]
        .iter()
        .map(|part| dir.join(part))
        .find(|path| path.is_file())
}

/// Whether `dir` is surely a problem folder: a solution and tests to judge it by (a crate
/// with `src/main.rs` and Rust integration tests is not one).
fn is_problem_folder(dir: &Path) -> bool {
    has_problem_tests(dir) && solution_of(dir).is_some()
}

/// Whether `dir` has a problem's tests: `tests/<name>.in` or `.gen`.
fn has_problem_tests(dir: &Path) -> bool {
    fs::read_dir(dir.join("tests")).is_ok_and(|entries| {
        entries.flatten().any(|entry| {
            let path = entry.path();
            ["in", "gen"]
                .iter()
                .any(|ext| path.extension() == Some(ext.as_ref()))
        })
    })
}

/// The problem folders `grundy test` judges, in order and without repeats.
///
/// Each of `args` is a folder when one exists at that path (a problem folder, or a folder of
/// them: all of those), else a problem's id in `problems_dir` (`--problems`, else the
/// checkout's `problems/` when `cwd` is in one, else the contest folder `cwd` is in). Without
/// `args`: every problem of `--problems`; else the problem folder `cwd` is in; else every
/// problem one level under `cwd`; else every problem of the checkout's `problems/`.
pub fn folders_to_judge(
    args: &[String],
    problems_flag: Option<&Path>,
    checkout_problems: Option<&Path>,
    cwd: &Path,
) -> Result<Vec<PathBuf>, JudgeError> {
    let all_of = |dir: &Path| -> Result<Vec<PathBuf>, JudgeError> {
        let ids = problem_ids(dir)?;
        if ids.is_empty() {
            return Err(JudgeError::NoProblems {
                dir: dir.to_path_buf(),
            });
        }
        Ok(ids.iter().map(|id| dir.join(id)).collect())
    };
    // The problem folder `cwd` is in (`cwd` itself, or one of its ancestors).
    let enclosing = cwd.ancestors().find(|dir| is_problem_folder(dir));
    let holds_problems = |dir: &Path| problem_ids(dir).is_ok_and(|ids| !ids.is_empty());
    if args.is_empty() {
        return match (problems_flag, enclosing) {
            (Some(dir), _) => all_of(dir),
            (None, Some(folder)) => Ok(vec![folder.to_path_buf()]),
            (None, None) if checkout_problems.is_none() && holds_problems(cwd) => all_of(cwd),
            (None, None) => all_of(checkout_problems.unwrap_or(cwd)),
        };
    }
    let ids_dir = problems_flag
        .or(checkout_problems)
        .map(Path::to_path_buf)
        .or_else(|| enclosing.and_then(Path::parent).map(Path::to_path_buf))
        .unwrap_or_else(|| cwd.to_path_buf());
    let mut folders: Vec<PathBuf> = Vec::new();
    for arg in args {
        let path = cwd.join(arg);
        let found = if path.is_dir() {
            // A folder with a problem's tests is that problem, its solution missing or not
            // (which its loading then says), never a folder of problems.
            if has_problem_tests(&path) || solution_of(&path).is_some() {
                vec![path]
            } else {
                all_of(&path)?
            }
        } else {
            let known = problem_ids(&ids_dir).unwrap_or_default();
            if !known.contains(arg) {
                return Err(JudgeError::UnknownProblem {
                    id: arg.clone(),
                    closest: crate::suggest::closest(arg, known.iter().map(String::as_str))
                        .map(str::to_string),
                    known: known.len(),
                });
            }
            vec![ids_dir.join(arg)]
        };
        for folder in found {
            if !folders.contains(&folder) {
                folders.push(folder);
            }
        }
    }
    Ok(folders)
}

impl Problem {
    /// Reads and checks the problem folder `dir`; its id is the folder's name.
    pub fn load(dir: &Path) -> Result<Problem, JudgeError> {
        let dir = std::path::absolute(dir).map_err(io_error(dir))?;
        let id = dir
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let id = id.as_str();
        if solution_of(&dir).is_none() {
            return Err(invalid(
                &dir.join("main.rs"),
                "the solution is missing (main.rs, or src/main.rs of a Cargo package)",
            ));
        }
        let readme = dir.join("README.md");
        let interactor = helper(&dir, "interactor")?;
        let checker = helper(&dir, "checker")?;
        if interactor.is_some() && checker.is_some() {
            return Err(invalid(
                &dir,
                "a problem has a checker or an interactor, not both (the interactor judges)",
            ));
        }
        // What `receive` records of a problem that is not judged by its samples alone.
        if interactor.is_none() && limit_line(&readme, "Interactive: yes")?.is_some() {
            return Err(invalid(
                &readme,
                "the problem is interactive: add its interactor (interactor.rs, or a script \
                 named interactor) to judge it",
            ));
        }
        let [input_file, output_file] =
            ["Input file:", "Output file:"].map(|prefix| io_file(&readme, prefix));
        let (input_file, output_file) = (input_file?, output_file?);
        Ok(Problem {
            id: id.to_string(),
            time_limit: time_limit(&readme)?,
            memory_limit: memory_limit(&readme)?,
            tests: tests(id, &dir.join("tests"), interactor.is_some())?,
            checker,
            interactor,
            input_file,
            output_file,
            dir,
        })
    }

    /// The solution: `main.rs`, or the Cargo package's `src/main.rs`.
    pub fn main_rs(&self) -> PathBuf {
        solution_of(&self.dir).unwrap_or_else(|| self.dir.join("main.rs"))
    }
}

/// The file name of the README's `Input file: name` or `Output file: name` line: a plain name
/// in the solution's working folder.
fn io_file(readme: &Path, prefix: &str) -> Result<Option<String>, JudgeError> {
    let Some((number, line)) = limit_line(readme, prefix)? else {
        return Ok(None);
    };
    let name = line[prefix.len()..].trim();
    let plain = !name.is_empty()
        && name != "."
        && name != ".."
        && !name.contains(['/', '\\'])
        && !name.chars().any(char::is_whitespace);
    if !plain {
        return Err(bad_line(
            readme,
            number,
            &line,
            &format!("{prefix} <file name>"),
        ));
    }
    Ok(Some(name.to_string()))
}

/// The README's line starting with `prefix`, with its 1-based number; `None` without one
/// (or without README).
fn limit_line(readme: &Path, prefix: &str) -> Result<Option<(usize, String)>, JudgeError> {
    let text = match fs::read_to_string(readme) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error(readme)(e)),
    };
    Ok(text
        .lines()
        .enumerate()
        .find(|(_, line)| line.trim_start().starts_with(prefix))
        .map(|(index, line)| (index + 1, line.trim().to_string())))
}

fn bad_line(readme: &Path, number: usize, line: &str, form: &str) -> JudgeError {
    invalid(
        readme,
        format!("line {number}: `{line}` is not of the form `{form}`"),
    )
}

/// The README's `Time limit: <seconds> s` line, or the default.
fn time_limit(readme: &Path) -> Result<Duration, JudgeError> {
    let Some((number, line)) = limit_line(readme, TIME_LIMIT_PREFIX)? else {
        return Ok(DEFAULT_TIME_LIMIT);
    };
    line[TIME_LIMIT_PREFIX.len()..]
        .trim()
        .strip_suffix(" s")
        .and_then(|number| number.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| bad_line(readme, number, &line, "Time limit: <seconds> s"))
}

/// The README's `Memory limit: <n> MiB` line (KiB, MiB or GiB; MB and GB are read as judges
/// mean them, MiB and GiB), or the default.
fn memory_limit(readme: &Path) -> Result<u64, JudgeError> {
    let Some((number, line)) = limit_line(readme, MEMORY_LIMIT_PREFIX)? else {
        return Ok(DEFAULT_MEMORY_LIMIT);
    };
    let value = line[MEMORY_LIMIT_PREFIX.len()..].trim();
    let (amount, unit) = value.split_once(' ').unwrap_or((value, ""));
    let scale: u64 = match unit.trim() {
        "KiB" | "KB" => 1 << 10,
        "MiB" | "MB" => 1 << 20,
        "GiB" | "GB" => 1 << 30,
        _ => 0,
    };
    amount
        .parse::<u64>()
        .ok()
        .and_then(|amount| amount.checked_mul(scale))
        .filter(|bytes| (1 << 20..=64 << 30).contains(bytes))
        .ok_or_else(|| bad_line(readme, number, &line, "Memory limit: <n> MiB"))
}

/// The problem's `<name>.rs`, or its `<name>.<ext>` script whose first line names an
/// interpreter (`#!/usr/bin/env python3`).
fn helper(dir: &Path, name: &str) -> Result<Option<Helper>, JudgeError> {
    let rust = dir.join(format!("{name}.rs"));
    if rust.is_file() {
        return Ok(Some(Helper::Rust(rust)));
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return Ok(None);
    };
    let mut scripts: Vec<PathBuf> = entries
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.file_stem().and_then(|s| s.to_str()) == Some(name) && path.is_file())
        .collect();
    scripts.sort();
    let Some(path) = scripts.into_iter().next() else {
        return Ok(None);
    };
    // The script runs in the problem's folder, which `dir` may name relative to ours.
    let path = std::path::absolute(&path).map_err(io_error(&path))?;
    let text = fs::read_to_string(&path).map_err(io_error(&path))?;
    let interpreter: Vec<String> = text
        .lines()
        .next()
        .and_then(|line| line.strip_prefix("#!"))
        .map(|line| line.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    if interpreter.is_empty() {
        return Err(invalid(
            &path,
            format!("a {name} is {name}.rs or a script whose first line is `#!<interpreter>`"),
        ));
    }
    Ok(Some(Helper::Script { interpreter, path }))
}

/// The tests in `tests_dir`, sorted by name; every input needs exactly one expected output
/// (an interactive problem's may have none).
fn tests(problem: &str, tests_dir: &Path, interactive: bool) -> Result<Vec<TestCase>, JudgeError> {
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
            (None, None) if interactive => Expected::Interactor,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A contest folder with problems `a` (main.rs), `b` (a package's src/main.rs) and a
    /// folder `notes` that is no problem; `a` has a folder `b` of its own.
    fn contest() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in [
            ("a/main.rs", "fn main() {}"),
            ("a/tests/1.in", ""),
            ("a/tests/1.out", ""),
            ("a/b/x.txt", ""),
            ("b/src/main.rs", "fn main() {}"),
            ("b/tests/1.in", ""),
            ("notes/x.txt", ""),
        ] {
            let path = dir.path().join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        dir
    }

    fn names(folders: &[PathBuf], root: &Path) -> Vec<String> {
        folders
            .iter()
            .map(|f| f.strip_prefix(root).unwrap().display().to_string())
            .collect()
    }

    #[test]
    fn folders_are_paths_ids_the_enclosing_problem_or_the_contest() {
        let dir = contest();
        let root = dir.path();
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let judged = |a: &[&str], cwd: &Path| {
            folders_to_judge(&args(a), None, None, cwd).map(|f| names(&f, root))
        };
        assert_eq!(judged(&[], root).unwrap(), ["a", "b"]);
        assert_eq!(judged(&[], &root.join("b/src")).unwrap(), ["b"]);
        assert_eq!(judged(&["b", "a", "b"], root).unwrap(), ["b", "a"]);
        // In `a`, the path `b` (a folder of `a`'s) wins over the id `b`: it holds no problem.
        assert!(matches!(
            judged(&["b"], &root.join("a")),
            Err(JudgeError::NoProblems { .. })
        ));
        // No such path: an id of the contest `a` is in.
        assert_eq!(
            judged(&["c"], &root.join("a/tests"))
                .unwrap_err()
                .to_string(),
            JudgeError::UnknownProblem {
                id: "c".into(),
                closest: Some("a".into()),
                known: 2
            }
            .to_string()
        );
        assert!(matches!(
            judged(&[], &root.join("notes")),
            Err(JudgeError::NoProblems { .. })
        ));
        // Tests without a solution: the problem, whose loading says the solution is missing.
        fs::remove_file(root.join("a/main.rs")).unwrap();
        assert_eq!(judged(&["a"], root).unwrap(), ["a"]);
        let error = Problem::load(&root.join("a")).unwrap_err().to_string();
        assert!(error.contains("the solution is missing"), "{error}");
    }

    #[test]
    fn received_interactive_problems_are_refused_and_file_names_read() {
        let dir = contest();
        let readme = dir.path().join("a/README.md");
        let folder = dir.path().join("a");
        fs::write(&readme, "# A\n\nTime limit: 1 s\n").unwrap();
        let problem = Problem::load(&folder).unwrap();
        assert_eq!((problem.input_file, problem.output_file), (None, None));
        fs::write(
            &readme,
            "Interactive: yes (add interactor.rs to judge it)\n",
        )
        .unwrap();
        let error = Problem::load(&folder).unwrap_err().to_string();
        assert!(error.contains("add its interactor"), "{error}");
        fs::write(&readme, "Input file: in.txt\nOutput file: out.txt\n").unwrap();
        let problem = Problem::load(&folder).unwrap();
        assert_eq!(problem.input_file.as_deref(), Some("in.txt"));
        assert_eq!(problem.output_file.as_deref(), Some("out.txt"));
        for bad in ["Input file: ../x", "Output file:", "Input file: a b"] {
            fs::write(&readme, format!("{bad}\n")).unwrap();
            assert!(Problem::load(&folder).is_err(), "{bad}");
        }
    }
}
