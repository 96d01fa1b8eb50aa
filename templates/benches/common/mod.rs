//! One harness for the templates' benches (`make bench`): contenders run side by side, one
//! run each per round with the rounds interleaved (so the machine's drift hits all alike),
//! their answers compared (a fast wrong contender is a failure, not a win), medians and
//! ratios printed, targets checked.
//!
//! A Rust contender that must run as its own process (reading stdin, as on a judge) is this
//! bench binary itself started again with `BENCH_ROLE` set: `main` first calls [`role`].
//! C++ contenders are compiled with `g++ -O2`; without g++ they are skipped with a note.
#![allow(dead_code)] // Each bench uses part of it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One side of a race: its name and a run that returns its answer (compared across
/// contenders) and how long it took.
pub struct Contender {
    pub name: String,
    pub run: Box<dyn FnMut() -> (String, Duration)>,
}

impl Contender {
    /// A contender timed in-process; `work` returns its answer.
    pub fn in_process(name: &str, mut work: impl FnMut() -> String + 'static) -> Contender {
        Contender {
            name: name.to_string(),
            run: Box::new(move || {
                let start = Instant::now();
                let answer = work();
                (answer, start.elapsed())
            }),
        }
    }

    /// A contender that is a program: `program args...` with stdin from `stdin` (or none);
    /// its answer is its stdout, trimmed. Timed as a whole process (wall clock).
    pub fn process(name: &str, program: &Path, args: &[String], stdin: Option<&Path>) -> Contender {
        Contender::spawned(name, program, args, stdin, None)
    }

    /// This bench binary in the role `role` (see [`role`]), as a process.
    pub fn this_binary(name: &str, role: &str, args: &[String], stdin: Option<&Path>) -> Contender {
        let exe = std::env::current_exe().expect("bench binary");
        Contender::spawned(name, &exe, args, stdin, Some(role))
    }

    fn spawned(
        name: &str,
        program: &Path,
        args: &[String],
        stdin: Option<&Path>,
        role: Option<&str>,
    ) -> Contender {
        let (program, args) = (program.to_path_buf(), args.to_vec());
        let (stdin, role) = (stdin.map(Path::to_path_buf), role.map(str::to_string));
        Contender {
            name: name.to_string(),
            run: Box::new(move || {
                let mut command = Command::new(&program);
                command.args(&args).stderr(Stdio::inherit());
                if let Some(role) = &role {
                    command.env("BENCH_ROLE", role);
                }
                command.stdin(match &stdin {
                    Some(file) => Stdio::from(std::fs::File::open(file).expect("bench input")),
                    None => Stdio::null(),
                });
                let start = Instant::now();
                let output = command
                    .output()
                    .unwrap_or_else(|e| panic!("{}: {e}", program.display()));
                let elapsed = start.elapsed();
                assert!(
                    output.status.success(),
                    "{} {args:?} failed: {}",
                    program.display(),
                    output.status
                );
                let answer = String::from_utf8_lossy(&output.stdout).trim().to_string();
                (answer, elapsed)
            }),
        }
    }
}

/// The role this process was started in by [`Contender::this_binary`], if any.
pub fn role() -> Option<String> {
    std::env::var("BENCH_ROLE").ok().filter(|r| !r.is_empty())
}

/// The medians of a race, in the contenders' order.
pub struct Race {
    pub title: String,
    pub medians: Vec<(String, Duration)>,
}

impl Race {
    /// The median of the contender named `name`.
    pub fn median(&self, name: &str) -> Duration {
        self.medians
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no contender {name:?} in {}", self.title))
            .1
    }

    /// Prints whether `ours` took at most `max_ratio` times `theirs`; false when it did not.
    pub fn target(&self, ours: &str, theirs: &str, max_ratio: f64) -> bool {
        let ratio = self.median(ours).as_secs_f64() / self.median(theirs).as_secs_f64();
        let met = ratio <= max_ratio;
        println!(
            "  target {ours} / {theirs} <= {max_ratio:.2}: {ratio:.2} {}",
            if met { "met" } else { "MISSED" }
        );
        met
    }
}

/// Runs every contender once per round for `rounds` rounds (after one untimed warm-up
/// round), checks that all give the same answer, and prints each median with its ratio to
/// the first contender's.
pub fn race(title: &str, rounds: usize, contenders: &mut [Contender]) -> Race {
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); contenders.len()];
    for round in 0..=rounds {
        let mut answers = Vec::new();
        for (i, contender) in contenders.iter_mut().enumerate() {
            let (answer, elapsed) = (contender.run)();
            if round > 0 {
                times[i].push(elapsed);
            }
            answers.push(answer);
        }
        for (contender, answer) in contenders.iter().zip(&answers).skip(1) {
            assert_eq!(
                answer, &answers[0],
                "{title}: {} answered differently from {}",
                contender.name, contenders[0].name
            );
        }
    }
    let medians: Vec<(String, Duration)> = contenders
        .iter()
        .zip(times)
        .map(|(c, mut t)| {
            t.sort();
            (c.name.clone(), t[t.len() / 2])
        })
        .collect();
    println!("{title} ({rounds} interleaved rounds, median)");
    let base = medians[0].1.as_secs_f64();
    for (name, median) in &medians {
        println!(
            "  {name:<34} {:>10.2} ms  {:>5.2}x",
            median.as_secs_f64() * 1e3,
            median.as_secs_f64() / base
        );
    }
    Race {
        title: title.to_string(),
        medians,
    }
}

/// A directory for a bench's inputs and programs, kept between runs (inside `target/`).
pub fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("template-bench");
    std::fs::create_dir_all(&dir).expect("bench scratch directory");
    dir
}

/// `source` compiled with `g++ -O2` as `scratch()/name`; `None` (and a note) without g++.
pub fn gxx(name: &str, source: &str) -> Option<PathBuf> {
    let dir = scratch();
    let cpp = dir.join(format!("{name}.cpp"));
    let binary = dir.join(name);
    std::fs::write(&cpp, source).expect("write C++ source");
    match Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&binary)
        .arg(&cpp)
        .status()
    {
        Ok(status) if status.success() => Some(binary),
        Ok(status) => panic!("g++ failed on {}: {status}", cpp.display()),
        Err(_) => {
            println!("  (g++ not found: the C++ contender {name} is skipped)");
            None
        }
    }
}
