//! Building the proc-macro crates an expansion needs, with Cargo, and finding the toolchain
//! it built them with: a proc-macro library loads only into the server of the toolchain that
//! compiled it.

use super::ExpandError;
use cargo_metadata::Message;
use std::ffi::OsString;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A compiled proc-macro crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MacroDylib {
    /// The library target's name, as Cargo reports it.
    pub name: String,
    /// Its package's `Cargo.toml` (in a registry's source folder, for a crate from one).
    pub manifest: PathBuf,
    /// The library the server loads.
    pub path: PathBuf,
}

/// Builds `packages` (Cargo package specs: `name` or `name@version`; none: the manifest's
/// own package) as the package or workspace of `manifest` depends on them, with its lock file
/// and features, into `target_dir`; returns every proc-macro library the build made (those
/// the asked ones depend on too), in Cargo's order. Cargo runs in the manifest's folder, so that the toolchain it
/// picks (`rust-toolchain.toml`) is the one [`toolchain_sysroot`] finds there.
pub fn build_proc_macros(
    manifest: &Path,
    packages: &[&str],
    target_dir: &Path,
) -> Result<Vec<MacroDylib>, ExpandError> {
    let _status = crate::status::show(match packages {
        [] => format!(
            "building the proc-macro crate {}, with Cargo",
            manifest.display()
        ),
        _ => format!(
            "building the proc-macro crates {}, with Cargo",
            packages.join(", ")
        ),
    });
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(&cargo);
    command
        .current_dir(folder_of(manifest))
        .arg("build")
        // Diagnostics rendered to stderr as a person reads them; stdout keeps the JSON.
        .arg("--message-format=json-render-diagnostics")
        .arg("--manifest-path")
        .arg(manifest)
        .arg("--target-dir")
        .arg(target_dir);
    for package in packages {
        command.args(["-p", package]);
    }
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|source| run_error(&cargo, source))?;
    let stderr = child.stderr.take().map(|mut stderr| {
        // Read beside stdout: either pipe left full would stall Cargo.
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        })
    });
    let mut dylibs = Vec::new();
    if let Some(stdout) = child.stdout.take() {
        // A read error ends the stream; Cargo's status then tells what happened.
        for message in Message::parse_stream(BufReader::new(stdout)).map_while(Result::ok) {
            let Message::CompilerArtifact(artifact) = message else {
                continue;
            };
            if !artifact.target.is_proc_macro() {
                continue;
            }
            let library = artifact
                .filenames
                .iter()
                .find(|f| f.extension() == Some(std::env::consts::DLL_EXTENSION));
            if let Some(library) = library {
                dylibs.push(MacroDylib {
                    name: artifact.target.name.clone(),
                    manifest: artifact.manifest_path.clone().into(),
                    path: library.clone().into(),
                });
            }
        }
    }
    let status = child.wait().map_err(|source| run_error(&cargo, source))?;
    let stderr = stderr
        .and_then(|thread| thread.join().ok())
        .unwrap_or_default();
    if !status.success() {
        let message = stderr.trim();
        return Err(ExpandError::Build {
            manifest: manifest.to_path_buf(),
            message: if message.is_empty() {
                format!("cargo build ended with {status}")
            } else {
                message.to_string()
            },
        });
    }
    Ok(dylibs)
}

/// The sysroot of the toolchain Cargo builds with in `folder`: `rustc --print sysroot` (or
/// `$RUSTC`'s) run there, with this process's environment, as Cargo runs it.
pub fn toolchain_sysroot(folder: &Path) -> Result<PathBuf, ExpandError> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(&rustc)
        .args(["--print", "sysroot"])
        .current_dir(folder)
        .stdin(Stdio::null())
        .output()
        .map_err(|source| run_error(&rustc, source))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() || stdout.trim().is_empty() {
        return Err(ExpandError::Sysroot {
            dir: folder.to_path_buf(),
            stderr: String::from_utf8_lossy(&output.stderr).trim().to_string(),
        });
    }
    Ok(PathBuf::from(stdout.trim()))
}

/// The folder holding `manifest` (`.` for a bare `Cargo.toml`).
pub fn folder_of(manifest: &Path) -> &Path {
    match manifest.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

fn run_error(program: &OsString, source: std::io::Error) -> ExpandError {
    ExpandError::Run {
        program: program.to_string_lossy().into_owned(),
        source,
    }
}
