//! `grundy stress --init`: a generator and a brute force to start from, written into the
//! problem folder beside `main.rs`, never over a program already there. Both read and write
//! one shape of input (T cases of n numbers), the shape to change into the problem's.

use super::error::{io_error, StressError};
use super::programs::Role;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What `--init` did for one program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Made {
    Wrote(PathBuf),
    /// A program for the role was there (this one), so nothing was written.
    Kept(PathBuf),
}

/// Writes `gen.rs`, and `brute.rs` unless the problem is interactive (its interactor
/// judges), into the problem folder `dir`, each unless the folder has a program for its role
/// (`.rs` or `.py`).
pub fn init(dir: &Path, interactive: bool) -> Result<Vec<Made>, StressError> {
    let mut programs = vec![(Role::Generator, GENERATOR)];
    if !interactive {
        programs.push((Role::Brute, BRUTE));
    }
    let mut made = Vec::new();
    for (role, text) in programs {
        let existing = ["rs", "py"]
            .iter()
            .map(|ext| dir.join(format!("{}.{ext}", role.stem())))
            .find(|path| path.exists());
        if let Some(path) = existing {
            made.push(Made::Kept(path));
            continue;
        }
        let path = dir.join(format!("{}.rs", role.stem()));
        // `create_new`: a file made meanwhile is not overwritten either.
        match std::fs::File::options()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut file) => {
                file.write_all(text.as_bytes()).map_err(io_error(&path))?;
                made.push(Made::Wrote(path));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => made.push(Made::Kept(path)),
            Err(e) => return Err(io_error(&path)(e)),
        }
    }
    Ok(made)
}

/// The generator `--init` writes.
pub const GENERATOR: &str = r#"// The generator `grundy stress` runs as `gen SEED`: it prints one input on stdout, the same
// input for the same seed. `g.size` is 1, 2, 3, ... as runs pass: keep inputs about that
// small, so that the first failing one is already small. Draw every random choice from `g`:
// the tool then shrinks a failing input by replaying smaller choices.
use templates::stress_gen::Gen;

fn main() {
    let mut g = Gen::from_env();
    let size = g.size as usize;
    // Write this problem's input instead: here, T cases, each n and then n numbers.
    let cases = g.int(1..=size.min(3));
    println!("{cases}");
    for _ in 0..cases {
        let n = g.int(1..=size);
        let numbers: Vec<u64> = g.vec(n, |g| g.int(1..=10 * size as u64));
        println!("{n}");
        let line: Vec<String> = numbers.iter().map(u64::to_string).collect();
        println!("{}", line.join(" "));
    }
}
"#;

/// The brute force `--init` writes.
pub const BRUTE: &str = r#"// The brute force `grundy stress` compares main.rs with: as slow as you like (inputs are
// small), but certainly right. For a game, search the real game rather than restate a formula:
// `templates::memo_sg::MemoSg` gives the Grundy value of any position from its moves.
use templates::fast_io::{Scanner, Writer};

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    // Read this problem's input and answer it the slow, sure way instead: here, T cases of n
    // numbers, each answered by their sum.
    for _ in 0..input.usize() {
        let n = input.usize();
        let numbers: Vec<u64> = (0..n).map(|_| input.u64()).collect();
        out.u64(numbers.iter().sum()).byte(b'\n');
    }
}
"#;
