//! Compiling a single file exactly as a judge does (`rustc --edition <E> -O main.rs`, or a
//! [`Judge`]'s own flags), or only type-checking it, warnings counted as failures.

use super::judges::Judge;
use super::{Error, ErrorKind};
use std::path::Path;
use std::process::Command;

/// Writes `source` as `main.rs` in `dir` and compiles it to `dir/main`. `Ok(Err(stderr))`
/// when rustc rejects it; `Err` when rustc cannot be run.
pub fn compile_in(dir: &Path, source: &str, edition: &str) -> std::io::Result<Result<(), String>> {
    compile_with(dir, source, edition, &["-O"])
}

/// [`compile_in`] with `flags` (e.g. a judge's optimization and cfgs) in place of `-O`.
pub fn compile_with(
    dir: &Path,
    source: &str,
    edition: &str,
    flags: &[&str],
) -> std::io::Result<Result<(), String>> {
    std::fs::write(dir.join("main.rs"), source)?;
    let output = Command::new("rustc")
        .args(["--edition", edition])
        .args(flags)
        .args(["main.rs", "-o", "main"])
        .current_dir(dir)
        .output()?;
    Ok(if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    })
}

/// Type-checks `source`, written as `dir/<stem>.rs`, with `rustc --edition <edition>
/// --emit=metadata` (no code generated). `Ok(Err(stderr))` when rustc rejects it or warns:
/// what the bundler writes must compile without a single warning.
pub fn type_check_in(
    dir: &Path,
    stem: &str,
    source: &str,
    edition: &str,
) -> std::io::Result<Result<(), String>> {
    let file = dir.join(format!("{stem}.rs"));
    std::fs::write(&file, source)?;
    let output = Command::new("rustc")
        .args(["--edition", edition, "--emit=metadata", "-o"])
        .arg(dir.join(format!("{stem}-{edition}.rmeta")))
        .arg(&file)
        .output()?;
    Ok(if output.status.success() && output.stderr.is_empty() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    })
}

/// Compiles `source` in a temporary directory; fails with rustc's whole message.
pub fn check(source: &str, edition: &str) -> Result<(), Error> {
    check_with(source, edition, &["-O"])
}

/// Compiles `source` as `judge` does (its edition and flags); fails with rustc's message.
pub fn check_as(source: &str, judge: &Judge) -> Result<(), Error> {
    check_with(source, judge.edition, judge.flags)
}

/// The first line of `rustc --version` (e.g. `rustc 1.95.0 (59807616e 2026-04-14)`).
pub fn rustc_version() -> std::io::Result<String> {
    let output = Command::new("rustc").arg("--version").output()?;
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

fn check_with(source: &str, edition: &str, flags: &[&str]) -> Result<(), Error> {
    let dir = tempfile::tempdir().map_err(ErrorKind::Rustc)?;
    compile_with(dir.path(), source, edition, flags)
        .map_err(ErrorKind::Rustc)?
        .map_err(|stderr| {
            ErrorKind::Check {
                edition: edition.to_string(),
                stderr,
            }
            .into()
        })
}
