//! A mutation fuzzer for the bundle engine that runs on stable Rust (cargo-fuzz needs
//! nightly). Its seeds are every problem's solution and every template file. An input is a
//! seed with a few byte-, token- and line-level mutations, made to the solution or, in a copy
//! of the templates crate, to a template file; it is bundled on a thread with the binary's
//! stack. Each must come back, in time and without a panic, with a bundle or with an error
//! that says where (`file:line:column` inside the file, or at least the file's name); a
//! lexical error must say what is wrong. Distinct bundles are then type-checked by rustc
//! whenever their input compiles cleanly as Cargo would build it (the library a crate, the
//! solution a binary against it): then the bundle must compile without a warning too.
//!
//! `FUZZ_SECONDS` (default 20) sets the time and `FUZZ_SEED` the seed. A failure prints the
//! seed and the case's number and saves the input under the temporary directory;
//! `FUZZ_SEED=<seed> FUZZ_CASE=<number>` runs that one case again.

use bundler::pipeline::{self, Libraries, Request};
use bundler::profile::rustc::type_check_in;
use std::collections::{BTreeSet, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

/// The binary bundles on a thread with this stack: deep nesting needs it.
const STACK_BYTES: usize = 512 << 20;
/// An input that takes longer hangs: a bundle takes milliseconds.
const HANG: Duration = Duration::from_secs(10);
/// The share of the time spent making and bundling inputs; the rest type-checks bundles.
const BUNDLING_SHARE: f64 = 0.6;
/// Distinct bundles kept for type-checking (a random sample of all), per second of the run:
/// about as many as the time left for type-checking gets through.
const SAMPLE_PER_SECOND: u64 = 4;
/// Mutated inputs are cut at this size, so that growth does not slow the run down.
const MAX_LEN: usize = 1 << 20;

/// Tokens inserted whole: delimiters, comment and literal starts, items that send the bundler
/// to other files or modules, and bytes that are not UTF-8 or not allowed in Rust.
const TOKENS: &[&[u8]] = &[
    b"{",
    b"}",
    b"(",
    b")",
    b"[",
    b"]",
    b"<",
    b">",
    b"::",
    b";",
    b",",
    b"=",
    b"#",
    b"!",
    b"$",
    b"'",
    b"'a",
    b"'static",
    b"\"",
    b"r#\"",
    b"\"#",
    b"r#",
    b"b'",
    b"br#\"",
    b"c\"",
    b"\\",
    b"`",
    b"/*",
    b"*/",
    b"//",
    b"///",
    b"//!",
    b"/**",
    b"0x",
    b"0b2",
    b"1e",
    b"mod x;",
    b"mod tests;",
    b"pub mod nim;",
    b"#[path = \"lib.rs\"] mod m;",
    b"#[path = \"nim.rs\"] mod m;",
    b"#[path = \"../Cargo.toml\"] mod m;",
    b"#[path = \"/\"] mod m;",
    b"#[path = \"..\"]",
    b"use templates::*;",
    b"use templates::nim::*;",
    b"use templates::nim::nim_sum;",
    b"use crate::*;",
    b"use super::*;",
    b"pub use self::*;",
    b"use templates as t;",
    b"extern crate templates;",
    b"extern crate templates as t;",
    b"#[macro_use] extern crate templates;",
    b"macro_rules! m { ($($t:tt)*) => { $($t)* }; }",
    b"m! { use templates::nim::nim_sum; }",
    b"#[cfg(test)]",
    b"#[cfg(not(test))]",
    b"#[cfg(feature = \"x\")]",
    b"#![cfg(any())]",
    b"pub mod templates {}",
    b"fn templates() {}",
    b"impl ",
    b"pub ",
    b"crate::",
    b"self::",
    b"super::",
    b"$crate::",
    b"::templates::",
    b"templates::",
    b"\xef\xbb\xbf",
    b"\0",
    b"\r",
    b"\xff",
    b"\xc3",
    b"\xed\xa0\x80",
    "\u{20ac}".as_bytes(),
    "\u{201c}".as_bytes(),
];

/// The texts inputs are made from.
struct Seeds {
    /// Each problem's `main.rs`.
    solutions: Vec<String>,
    /// Each file of `templates/src`, by name.
    templates: Vec<(String, String)>,
    /// The identifiers and the lines of all of them, to insert.
    words: Vec<String>,
    lines: Vec<String>,
}

impl Seeds {
    fn read() -> Seeds {
        let workspace = bundler::workspace_dir();
        let files = |dir: &Path| -> Vec<PathBuf> {
            let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .map(|entry| entry.unwrap().path())
                .collect();
            paths.sort();
            paths
        };
        let solutions: Vec<String> = files(&workspace.join("problems"))
            .into_iter()
            .map(|dir| dir.join("main.rs"))
            .filter(|main| main.is_file())
            .map(|main| std::fs::read_to_string(main).unwrap())
            .collect();
        let templates: Vec<(String, String)> = files(&workspace.join("templates/src"))
            .into_iter()
            .filter(|path| path.extension().is_some_and(|e| e == "rs"))
            .map(|path| {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read_to_string(&path).unwrap())
            })
            .collect();
        assert!(
            !solutions.is_empty() && !templates.is_empty(),
            "no seeds found"
        );
        let texts = solutions.iter().chain(templates.iter().map(|(_, t)| t));
        let mut words = BTreeSet::new();
        let mut lines = BTreeSet::new();
        for text in texts {
            words.extend(
                text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .filter(|w| w.len() > 1)
                    .map(str::to_string),
            );
            lines.extend(text.lines().map(|l| format!("{l}\n")));
        }
        Seeds {
            solutions,
            templates,
            words: words.into_iter().collect(),
            lines: lines.into_iter().collect(),
        }
    }

    /// A solution that reaches template `name`: a problem's that names it, or else one that
    /// imports all of it.
    fn solution_for(&self, name: &str, rng: &mut fastrand::Rng) -> String {
        let stem = name.trim_end_matches(".rs");
        let path = format!("templates::{stem}");
        let users: Vec<&String> = self
            .solutions
            .iter()
            .filter(|s| {
                s.match_indices(&path).any(|(at, _)| {
                    !s[at + path.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
                })
            })
            .collect();
        match users.len() {
            0 if stem != "lib" => {
                format!("#[allow(unused_imports)]\nuse templates::{stem}::*;\n\nfn main() {{}}\n")
            }
            0 => self.solutions[rng.usize(..self.solutions.len())].clone(),
            n => users[rng.usize(..n)].clone(),
        }
    }
}

/// One input: a solution and, if a template is what was mutated, that file's new text.
struct Case {
    number: u64,
    solution: Vec<u8>,
    template: Option<(String, Vec<u8>)>,
}

impl Case {
    /// Case `number` of `seed`: the same every run, however many cases ran before.
    fn new(seeds: &Seeds, seed: u64, number: u64) -> Case {
        let mut rng = fastrand::Rng::with_seed(seed ^ number.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        if rng.u8(..100) < 55 {
            let text = &seeds.solutions[rng.usize(..seeds.solutions.len())];
            Case {
                number,
                solution: mutate(&mut rng, text, seeds),
                template: None,
            }
        } else {
            let (name, text) = &seeds.templates[rng.usize(..seeds.templates.len())];
            let solution = seeds.solution_for(name, &mut rng).into_bytes();
            let template = Some((name.clone(), mutate(&mut rng, text, seeds)));
            Case {
                number,
                solution,
                template,
            }
        }
    }
}

/// `text` with up to three mutations; one input in twenty is the seed itself.
fn mutate(rng: &mut fastrand::Rng, text: &str, seeds: &Seeds) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    let count = if rng.u8(..20) == 0 {
        0
    } else {
        rng.usize(1..=3)
    };
    for _ in 0..count {
        mutate_once(rng, &mut bytes, seeds);
    }
    bytes.truncate(MAX_LEN);
    bytes
}

/// One mutation of `bytes`, of a kind drawn at random.
fn mutate_once(rng: &mut fastrand::Rng, bytes: &mut Vec<u8>, seeds: &Seeds) {
    let insert = |bytes: &mut Vec<u8>, at: usize, what: &[u8]| {
        bytes.splice(at..at, what.iter().copied());
    };
    match rng.u8(..13) {
        0 => {
            let r = range(rng, bytes.len());
            bytes.drain(r);
        }
        1 => {
            let r = range(rng, bytes.len());
            let copy = bytes[r].to_vec();
            let at = char_boundary(rng, bytes);
            insert(bytes, at, &copy);
        }
        2 => {
            // Two ranges trade places.
            let a = range(rng, bytes.len());
            let after = range(rng, bytes.len() - a.end);
            let b = a.end + after.start..a.end + after.end;
            let mut swapped = bytes[..a.start].to_vec();
            swapped.extend_from_slice(&bytes[b.clone()]);
            swapped.extend_from_slice(&bytes[a.end..b.start]);
            swapped.extend_from_slice(&bytes[a.clone()]);
            swapped.extend_from_slice(&bytes[b.end..]);
            *bytes = swapped;
        }
        3 => {
            let at = rng.usize(..=bytes.len());
            insert(bytes, at, &[rng.u8(..)]);
        }
        4 if !bytes.is_empty() => {
            let at = rng.usize(..bytes.len());
            bytes[at] = rng.u8(..);
        }
        5..=7 => {
            let at = char_boundary(rng, bytes);
            insert(bytes, at, TOKENS[rng.usize(..TOKENS.len())]);
        }
        8 => {
            let at = char_boundary(rng, bytes);
            let word = &seeds.words[rng.usize(..seeds.words.len())];
            insert(bytes, at, format!(" {word} ").as_bytes());
        }
        12 => {
            // The word around a random place becomes another: the text often still parses,
            // and names something else.
            let is_word = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_';
            let at = rng.usize(..=bytes.len());
            let start = bytes[..at]
                .iter()
                .rposition(|b| !is_word(b))
                .map_or(0, |i| i + 1);
            let end = bytes[at..]
                .iter()
                .position(|b| !is_word(b))
                .map_or(bytes.len(), |i| at + i);
            let word = &seeds.words[rng.usize(..seeds.words.len())];
            bytes.splice(start..end, word.bytes());
        }
        9 => {
            // A whole line deleted, doubled or moved.
            let starts: Vec<usize> = std::iter::once(0)
                .chain(
                    bytes
                        .iter()
                        .enumerate()
                        .filter(|(_, &b)| b == b'\n')
                        .map(|(i, _)| i + 1),
                )
                .filter(|&i| i < bytes.len())
                .collect();
            if starts.is_empty() {
                return;
            }
            let line = |i: usize| starts[i]..starts.get(i + 1).copied().unwrap_or(bytes.len());
            let r = line(rng.usize(..starts.len()));
            let text = bytes[r.clone()].to_vec();
            match rng.u8(..3) {
                0 => {
                    bytes.drain(r);
                }
                1 => insert(bytes, r.start, &text),
                _ => {
                    bytes.drain(r);
                    let to = starts[rng.usize(..starts.len())].min(bytes.len());
                    insert(bytes, to, &text);
                }
            }
        }
        10 => {
            // A line of another seed, at a line start.
            let line = &seeds.lines[rng.usize(..seeds.lines.len())];
            let at = line_start(rng, bytes);
            insert(bytes, at, line.as_bytes());
        }
        _ => {
            let depth = rng.usize(1..2000);
            let (at, what) = match rng.u8(..6) {
                0 => (
                    char_boundary(rng, bytes),
                    format!("{}{}", "(".repeat(depth), ")".repeat(depth)),
                ),
                1 => (char_boundary(rng, bytes), "{".repeat(depth)),
                2 => (
                    line_start(rng, bytes),
                    format!(
                        "fn deep() {{ let _ = {}1{}; }}\n",
                        "(".repeat(depth),
                        ")".repeat(depth)
                    ),
                ),
                3 => {
                    let depth = depth % 300 + 1;
                    (
                        line_start(rng, bytes),
                        format!("{}{}\n", "pub mod m {".repeat(depth), "}".repeat(depth)),
                    )
                }
                4 => (
                    line_start(rng, bytes),
                    format!("fn f() {{ {}{} }}\n", "{".repeat(depth), "}".repeat(depth)),
                ),
                _ => (
                    char_boundary(rng, bytes),
                    "x".repeat(rng.usize(100..100_000)),
                ),
            };
            insert(bytes, at, what.as_bytes());
        }
    }
}

/// A random range of `len` bytes, short more often than not.
fn range(rng: &mut fastrand::Rng, len: usize) -> std::ops::Range<usize> {
    if len == 0 {
        return 0..0;
    }
    let start = rng.usize(..len);
    let most = if rng.u8(..8) == 0 {
        len - start
    } else {
        16.min(len - start)
    };
    start..start + rng.usize(1..=most)
}

/// A random place in `bytes` that is not inside a UTF-8 character.
fn char_boundary(rng: &mut fastrand::Rng, bytes: &[u8]) -> usize {
    let mut at = rng.usize(..=bytes.len());
    while at > 0 && at < bytes.len() && bytes[at] & 0xc0 == 0x80 {
        at -= 1;
    }
    at
}

/// The start of a random line of `bytes`.
fn line_start(rng: &mut fastrand::Rng, bytes: &[u8]) -> usize {
    let at = rng.usize(..=bytes.len());
    bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1)
}

/// How a bundle came back.
enum Outcome {
    Bundled(String),
    Failed(String),
    Panicked(String),
    Hung,
}

/// Bundles the solution at `solution` against the library in `library` on a thread of its
/// own, as the binary does, and waits at most [`HANG`].
fn bundle(solution: &Path, library: &Path) -> Outcome {
    let (solution, library) = (solution.to_path_buf(), library.to_path_buf());
    let (sender, receiver) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let request = Request::unverified(&solution, Libraries::Dirs(vec![library]));
            let result = pipeline::run(&request).map(|verified| verified.text);
            // The receiver is gone only once the case counts as hung.
            let _ = sender.send(result.map_err(|e| e.to_string()));
        })
        .expect("a thread to bundle on");
    match receiver.recv_timeout(HANG) {
        Ok(Ok(text)) => Outcome::Bundled(text),
        Ok(Err(message)) => Outcome::Failed(message),
        Err(mpsc::RecvTimeoutError::Timeout) => Outcome::Hung,
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            let payload = worker.join().err();
            let message = payload.as_ref().and_then(|p| {
                p.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            });
            Outcome::Panicked(message.unwrap_or_else(|| "no message".into()))
        }
    }
}

/// Whether an error message says where: its first line starts with `file:line:column: ` at a
/// place inside that file, or names one of the files under `roots`. A lexical error must say
/// what is wrong, not only that the text is no tokens.
fn check_located(message: &str, roots: &[&Path]) -> Result<(), String> {
    let first = message.lines().next().unwrap_or_default();
    if first.contains("cannot parse string into token stream") {
        return Err("a lexical error without its cause".into());
    }
    let Some((path, line, column)) = location(first) else {
        return match roots.iter().any(|r| first.contains(&*r.to_string_lossy())) {
            true => Ok(()),
            false => Err("neither file:line:column nor a file named".into()),
        };
    };
    let bytes = std::fs::read(path).map_err(|e| format!("its file cannot be read: {e}"))?;
    let text = String::from_utf8_lossy(&bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let lines: Vec<&str> = text.split('\n').collect();
    let width = line
        .checked_sub(1)
        .and_then(|l| lines.get(l))
        .map(|l| l.trim_end_matches('\r').chars().count())
        .ok_or_else(|| format!("line {line} is not in the file ({} lines)", lines.len()))?;
    if column == 0 || column > width + 1 {
        return Err(format!(
            "column {column} is not on line {line} ({width} characters)"
        ));
    }
    Ok(())
}

/// The `file:line:column` a message's first line starts with.
fn location(first: &str) -> Option<(&str, usize, usize)> {
    first.match_indices(": ").find_map(|(at, _)| {
        let mut parts = first[..at].rsplitn(3, ':');
        let column = parts.next()?.parse().ok()?;
        let line = parts.next()?.parse().ok()?;
        let path = parts.next().filter(|p| !p.is_empty())?;
        Some((path, line, column))
    })
}

/// A bundle to type-check, with the input it came from.
struct Candidate {
    number: u64,
    solution: String,
    template: Option<(String, String)>,
    bundle: String,
}

/// What a run found, for its summary.
#[derive(Default)]
struct Tally {
    inputs: u64,
    bundled: u64,
    distinct: u64,
    failed: u64,
    checked: u64,
    /// Inputs that do not compile cleanly themselves: their bundles prove nothing.
    input_rejected: u64,
    compiled: u64,
}

/// The fuzzer's state: the seeds, and the copies of the solution and the templates crate
/// that inputs are written to.
struct Fuzzer {
    seeds: Seeds,
    seed: u64,
    /// Holds `templates` (a copy of the crate) beside the workspace manifest, whose edition it
    /// inherits, and `main.rs`, the solution.
    dir: tempfile::TempDir,
}

impl Fuzzer {
    fn new(seed: u64) -> Fuzzer {
        let seeds = Seeds::read();
        let dir = tempfile::tempdir().unwrap();
        let workspace = bundler::workspace_dir();
        std::fs::copy(workspace.join("Cargo.toml"), dir.path().join("Cargo.toml")).unwrap();
        let src = dir.path().join("templates/src");
        std::fs::create_dir_all(&src).unwrap();
        std::fs::copy(
            workspace.join("templates/Cargo.toml"),
            dir.path().join("templates/Cargo.toml"),
        )
        .unwrap();
        for (name, text) in &seeds.templates {
            std::fs::write(src.join(name), text).unwrap();
        }
        Fuzzer { seeds, seed, dir }
    }

    fn library(&self) -> PathBuf {
        self.dir.path().join("templates")
    }

    fn solution(&self) -> PathBuf {
        self.dir.path().join("main.rs")
    }

    /// Bundles `case` and checks how it came back: its bundle if it made one, or what is
    /// wrong.
    fn run(&self, case: &Case) -> Result<Option<String>, String> {
        std::fs::write(self.solution(), &case.solution).unwrap();
        let template = case.template.as_ref().map(|(name, text)| {
            let path = self.library().join("src").join(name);
            std::fs::write(&path, text).unwrap();
            (path, name)
        });
        let verdict = match bundle(&self.solution(), &self.library()) {
            Outcome::Bundled(text) => Ok(Some(text)),
            Outcome::Failed(message) => check_located(&message, &[self.dir.path()])
                .map(|()| None)
                .map_err(|why| format!("{why}:\n{message}")),
            Outcome::Panicked(message) => Err(format!("the bundler panicked: {message}")),
            Outcome::Hung => Err(format!("no answer in {} s", HANG.as_secs())),
        };
        if let Some((path, name)) = template {
            let original = &self
                .seeds
                .templates
                .iter()
                .find(|(n, _)| n == name)
                .unwrap()
                .1;
            std::fs::write(path, original).unwrap();
        }
        verdict
    }

    /// Saves `case` (and `extra` files) where a person can look, and fails with `what`.
    fn fail(&self, case: &Case, what: &str, extra: &[(&str, &[u8])]) -> ! {
        let dir = std::env::temp_dir().join(format!("bundler-fuzz-{}-{}", self.seed, case.number));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("main.rs"), &case.solution).unwrap();
        if let Some((name, text)) = &case.template {
            std::fs::write(dir.join(name), text).unwrap();
        }
        for (name, bytes) in extra {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        let template = case.template.as_ref().map_or(String::new(), |(name, _)| {
            format!(", with templates/src/{name} as saved")
        });
        panic!(
            "{what}\n\ncase {} of seed {}: the solution saved as {}{template}; run it alone with \
             FUZZ_SEED={} FUZZ_CASE={} cargo test -p bundler --test fuzz -- --nocapture",
            case.number,
            self.seed,
            dir.join("main.rs").display(),
            self.seed,
            case.number
        );
    }

    /// Type-checks candidates on as many threads as there are cores until `deadline` (at
    /// least two whose input compiles, if there are), each against the library its input
    /// had.
    fn type_check(&self, candidates: Vec<Candidate>, deadline: Instant, tally: &mut Tally) {
        let work = tempfile::tempdir().unwrap();
        let pristine = work.path().join("libtemplates.rmeta");
        let built = rustc_library(&self.library().join("src/lib.rs"), &pristine);
        assert!(
            built.status.success(),
            "the templates crate does not compile:\n{}",
            stderr(&built)
        );
        let queue = Mutex::new(candidates);
        let progress = Mutex::new(std::mem::take(tally));
        let failure = Mutex::new(None);
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| loop {
                    let done = progress.lock().unwrap().checked;
                    if failure.lock().unwrap().is_some() || (Instant::now() > deadline && done >= 2)
                    {
                        return;
                    }
                    let Some(candidate) = queue.lock().unwrap().pop() else {
                        return;
                    };
                    let verdict = self.check_candidate(&candidate, &pristine);
                    let mut tally = progress.lock().unwrap();
                    match verdict {
                        Verdict::InputRejected => tally.input_rejected += 1,
                        Verdict::Compiled => {
                            tally.checked += 1;
                            tally.compiled += 1;
                        }
                        Verdict::Broken(stderr) => {
                            tally.checked += 1;
                            *failure.lock().unwrap() = Some((candidate, stderr));
                        }
                    }
                });
            }
        });
        *tally = progress.into_inner().unwrap();
        if let Some((candidate, stderr)) = failure.into_inner().unwrap() {
            let case = Case {
                number: candidate.number,
                solution: candidate.solution.into_bytes(),
                template: candidate.template.map(|(n, t)| (n, t.into_bytes())),
            };
            self.fail(
                &case,
                &format!("the bundle does not compile, though its input does:\n{stderr}"),
                &[("bundle.rs", candidate.bundle.as_bytes())],
            );
        }
    }

    /// Whether `candidate`'s bundle compiles, if its input does: the solution against the
    /// templates crate at `pristine`, or against its own copy with the mutated file.
    fn check_candidate(&self, candidate: &Candidate, pristine: &Path) -> Verdict {
        let dir = tempfile::tempdir().unwrap();
        let library = match &candidate.template {
            None => pristine.to_path_buf(),
            Some((name, text)) => {
                let src = dir.path().join("src");
                std::fs::create_dir(&src).unwrap();
                for (file, original) in &self.seeds.templates {
                    let text = if file == name { text } else { original };
                    std::fs::write(src.join(file), text).unwrap();
                }
                let rmeta = dir.path().join("libtemplates.rmeta");
                if !rustc_library(&src.join("lib.rs"), &rmeta).status.success() {
                    return Verdict::InputRejected;
                }
                rmeta
            }
        };
        let main = dir.path().join("main.rs");
        std::fs::write(&main, &candidate.solution).unwrap();
        let solution = rustc()
            .args(["--crate-type", "bin", "--extern"])
            .arg(format!("templates={}", library.display()))
            .arg("-o")
            .arg(dir.path().join("main.rmeta"))
            .arg(&main)
            .output()
            .expect("rustc to run");
        if !solution.status.success() || !solution.stderr.is_empty() {
            return Verdict::InputRejected;
        }
        match type_check_in(dir.path(), "bundle", &candidate.bundle, "2021") {
            Ok(Ok(())) => Verdict::Compiled,
            Ok(Err(stderr)) => Verdict::Broken(stderr),
            Err(e) => panic!("cannot run rustc: {e}"),
        }
    }
}

enum Verdict {
    InputRejected,
    Compiled,
    Broken(String),
}

/// `rustc --edition 2021 --emit=metadata`, to be given what to check.
fn rustc() -> Command {
    let mut command = Command::new("rustc");
    command.args(["--edition", "2021", "--emit=metadata"]);
    command
}

/// Type-checks the templates crate whose root is `lib_rs` into `rmeta`, its lints capped as
/// Cargo caps a dependency's.
fn rustc_library(lib_rs: &Path, rmeta: &Path) -> Output {
    rustc()
        .args([
            "--crate-type",
            "lib",
            "--crate-name",
            "templates",
            "--cap-lints",
            "allow",
        ])
        .arg("-o")
        .arg(rmeta)
        .arg(lib_rs)
        .output()
        .expect("rustc to run")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn env_number(name: &str) -> Option<u64> {
    let value = std::env::var(name).ok()?;
    Some(
        value
            .parse()
            .unwrap_or_else(|_| panic!("{name} must be a whole number, not {value:?}")),
    )
}

#[test]
fn mutated_inputs_bundle_or_fail_with_a_located_error() {
    let seed = env_number("FUZZ_SEED").unwrap_or(1);
    let fuzzer = Fuzzer::new(seed);
    let start = Instant::now();
    let seconds = env_number("FUZZ_SECONDS").unwrap_or(20);
    let deadline = start + Duration::from_secs(seconds);
    let bundling_until = start + Duration::from_secs_f64(seconds as f64 * BUNDLING_SHARE);
    let only = env_number("FUZZ_CASE");
    let mut tally = Tally::default();
    let mut seen = HashSet::new();
    let sample_size = (seconds * SAMPLE_PER_SECOND).max(1) as usize;
    let mut sample: Vec<Candidate> = Vec::new();
    let mut sampler = fastrand::Rng::with_seed(seed);
    let mut number = only.unwrap_or(0);
    while Instant::now() < bundling_until || only.is_some() {
        let case = Case::new(&fuzzer.seeds, seed, number);
        tally.inputs += 1;
        match fuzzer.run(&case) {
            Err(what) => fuzzer.fail(&case, &what, &[]),
            Ok(None) => tally.failed += 1,
            Ok(Some(bundle)) => {
                tally.bundled += 1;
                let mut hash = DefaultHasher::new();
                bundle.hash(&mut hash);
                if seen.insert(hash.finish()) {
                    tally.distinct += 1;
                    let candidate = Candidate {
                        number,
                        // Both read as UTF-8 to have bundled.
                        solution: String::from_utf8(case.solution).unwrap(),
                        template: case
                            .template
                            .map(|(name, text)| (name, String::from_utf8(text).unwrap())),
                        bundle,
                    };
                    // Reservoir sampling: each distinct bundle is kept with equal chance.
                    if sample.len() < sample_size {
                        sample.push(candidate);
                    } else {
                        let slot = sampler.usize(..tally.distinct as usize);
                        if slot < sample_size {
                            sample[slot] = candidate;
                        }
                    }
                }
            }
        }
        if only.is_some() {
            break;
        }
        number += 1;
    }
    let bundling = start.elapsed();
    fuzzer.type_check(sample, deadline, &mut tally);
    println!(
        "fuzz (seed {seed}): {} inputs in {:.1} s ({:.0}/s), {} bundled ({} distinct), {} failed \
         with a located error; type-checked {} bundles whose input compiles, {} compiled ({} \
         skipped: their input does not compile); {:.1} s in all",
        tally.inputs,
        bundling.as_secs_f64(),
        tally.inputs as f64 / bundling.as_secs_f64(),
        tally.bundled,
        tally.distinct,
        tally.failed,
        tally.checked,
        tally.compiled,
        tally.input_rejected,
        start.elapsed().as_secs_f64()
    );
    if only.is_none() {
        assert!(
            tally.checked > 0,
            "no bundle was type-checked: the check of successes is not working"
        );
    }
}

/// The check of errors takes what says where and refuses what does not.
#[test]
fn the_location_check_refuses_errors_that_do_not_say_where() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.rs");
    std::fs::write(&file, "fn main() {\n    let x = 1\n}\n").unwrap();
    let roots = [dir.path()];
    let at = |line, column| {
        format!(
            "{}:{line}:{column}: syntax error: expected `;`",
            file.display()
        )
    };
    assert_eq!(check_located(&at(2, 14), &roots), Ok(()));
    assert_eq!(check_located(&at(4, 1), &roots), Ok(()));
    for (line, column) in [(2, 15), (5, 1), (0, 1), (1, 0)] {
        assert!(
            check_located(&at(line, column), &roots).is_err(),
            "{line}:{column}"
        );
    }
    let named = format!("cannot read {}: permission denied", file.display());
    assert_eq!(check_located(&named, &roots), Ok(()));
    assert!(check_located("no template named `x`", &roots).is_err());
    let vague = format!(
        "{}:1:1: syntax error: cannot parse string into token stream",
        file.display()
    );
    assert!(check_located(&vague, &roots).is_err());
}
