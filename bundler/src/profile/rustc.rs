//! The one place a judge's rustc command is made ([`Profile::rustc_args`]), and running it
//! on a single file: compiled and linked as the judge does, or only type-checked
//! (`--emit=metadata`), with rustc's diagnostics read from its JSON output.

use super::provided::Externs;
use super::Profile;
use std::path::Path;
use std::process::Command;

/// What rustc makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Emit {
    /// The executable, as the judge builds it.
    Binary,
    /// Only the crate's metadata: every type and borrow checked, no code generated.
    Metadata,
    /// An unoptimized object file with readable symbols, to see what code is generated:
    /// the judge's cfgs and externs, none of its optimization flags.
    Object,
}

impl Profile {
    /// rustc's arguments to compile `source` in `edition` as this judge does, writing
    /// `output`, with `externs` (the provided crates the source uses).
    pub fn rustc_args(
        &self,
        edition: &str,
        emit: Emit,
        source: &str,
        output: &str,
        externs: &Externs,
    ) -> Vec<String> {
        let mut args = vec!["--edition".to_string(), edition.to_string()];
        if emit != Emit::Object {
            args.extend(self.flags.iter().map(|f| f.to_string()));
        }
        for cfg in self.cfgs {
            args.extend(["--cfg".to_string(), cfg.to_string()]);
        }
        args.extend(externs.args.iter().cloned());
        match emit {
            Emit::Binary => {}
            Emit::Metadata => args.push("--emit=metadata".to_string()),
            Emit::Object => args.extend(
                [
                    "--emit=obj",
                    "-C",
                    "opt-level=0",
                    "-C",
                    "debuginfo=0",
                    "-C",
                    "symbol-mangling-version=v0",
                ]
                .map(str::to_string),
            ),
        }
        args.extend([source.to_string(), "-o".to_string(), output.to_string()]);
        args
    }
}

/// One message of rustc's.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// `error`, `warning`, ...
    pub level: String,
    pub message: String,
    /// `E0425`, `unused_variables`, ...
    pub code: Option<String>,
    /// Where in the compiled file it points, after following macro expansions back to it.
    pub at: Option<Span>,
    /// Each place it points at that is written in the compiled file itself, not made by a
    /// macro (a lint about several items marks each).
    pub marked: Vec<Span>,
    /// Where the outermost macro call whose expansion made the place it points at is
    /// written in the compiled file (none when no macro made it).
    pub expanded_from: Option<Span>,
    /// rustc's own rendering, naming the compiled file.
    pub rendered: String,
    label: Option<String>,
    /// The notes and help below it ("the trait `Div` is not implemented for `Foo`").
    pub notes: Vec<String>,
    /// The edits rustc suggests in the compiled file.
    pub fixes: Vec<Fix>,
}

/// An edit rustc suggests: bytes `at` of the compiled file become `replacement`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Fix {
    pub at: (usize, usize),
    pub replacement: String,
    /// rustc marks it machine-applicable (as `cargo fix` applies them), not only likely.
    pub certain: bool,
}

/// A range of the compiled file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub byte_start: usize,
    pub byte_end: usize,
}

impl Diagnostic {
    /// What rustc writes under the span ("expected `u32`, found `u64`"), if anything.
    pub fn label(&self) -> Option<&str> {
        self.label.as_deref()
    }
}

impl Diagnostic {
    pub fn is_error(&self) -> bool {
        self.level.starts_with("error")
    }

    /// A summary line rustc adds ("aborting due to 2 previous errors", "1 warning emitted").
    fn is_summary(&self) -> bool {
        self.at.is_none()
            && (self.message.starts_with("aborting due to")
                || self.message.ends_with("warnings emitted")
                || self.message.ends_with("warning emitted"))
    }
}

/// What a rustc run said.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub success: bool,
    pub diagnostics: Vec<Diagnostic>,
    /// Whatever stderr held that was not a diagnostic (an internal compiler error's report).
    pub other: String,
}

impl Outcome {
    /// Compiled without an error or a warning.
    pub fn is_clean(&self) -> bool {
        self.success && self.diagnostics.is_empty() && self.other.trim().is_empty()
    }

    /// Everything rustc said, as it renders it.
    pub fn rendered(&self) -> String {
        let mut text: String = self
            .diagnostics
            .iter()
            .map(|d| d.rendered.as_str())
            .collect();
        text += &self.other;
        text
    }
}

/// Compiles `source` (written as `dir/main.rs`) as `profile` does in `edition`: `Emit::Binary`
/// makes `dir/main`. `Err` only when rustc cannot be run.
pub fn compile(
    dir: &Path,
    profile: &Profile,
    edition: &str,
    emit: Emit,
    source: &str,
    externs: &Externs,
) -> std::io::Result<Outcome> {
    compile_with(dir, profile, edition, emit, source, externs, &[])
}

/// [`compile`] with `extra` arguments for rustc (lints asked for).
pub fn compile_with(
    dir: &Path,
    profile: &Profile,
    edition: &str,
    emit: Emit,
    source: &str,
    externs: &Externs,
    extra: &[&str],
) -> std::io::Result<Outcome> {
    std::fs::write(dir.join("main.rs"), source)?;
    let output = match emit {
        Emit::Binary => "main",
        Emit::Metadata => "main.rmeta",
        Emit::Object => "main.o",
    };
    let out = Command::new("rustc")
        .args(profile.rustc_args(edition, emit, "main.rs", output, externs))
        .args(extra)
        .arg("--error-format=json")
        .current_dir(dir)
        .output()?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    let (diagnostics, other) = parse_json(&stderr, "main.rs");
    Ok(Outcome {
        success: out.status.success(),
        diagnostics: diagnostics
            .into_iter()
            .filter(|d| !d.is_summary())
            .collect(),
        other,
    })
}

#[derive(serde::Deserialize)]
struct JsonDiagnostic {
    message: String,
    level: String,
    code: Option<JsonCode>,
    spans: Vec<JsonSpan>,
    rendered: Option<String>,
    #[serde(default)]
    children: Vec<JsonDiagnostic>,
}

impl JsonDiagnostic {
    /// The replacements suggested in `file`, from the notes below the diagnostic.
    fn fixes(&self, file: &str, out: &mut Vec<Fix>) {
        for span in &self.spans {
            let applicability = span.suggestion_applicability.as_deref();
            if let (Some(replacement), Some("MachineApplicable" | "MaybeIncorrect")) =
                (&span.suggested_replacement, applicability)
            {
                if span.file_name == file {
                    out.push(Fix {
                        at: (span.byte_start, span.byte_end),
                        replacement: replacement.clone(),
                        certain: applicability == Some("MachineApplicable"),
                    });
                }
            }
        }
        for child in &self.children {
            child.fixes(file, out);
        }
    }
}

#[derive(serde::Deserialize)]
struct JsonCode {
    code: String,
}

#[derive(serde::Deserialize)]
struct JsonSpan {
    file_name: String,
    byte_start: usize,
    byte_end: usize,
    is_primary: bool,
    label: Option<String>,
    expansion: Option<Box<JsonExpansion>>,
    #[serde(default)]
    suggested_replacement: Option<String>,
    #[serde(default)]
    suggestion_applicability: Option<String>,
}

#[derive(serde::Deserialize)]
struct JsonExpansion {
    span: JsonSpan,
}

/// rustc's `--error-format=json` stderr: its diagnostics, and the lines that are not one.
fn parse_json(stderr: &str, file: &str) -> (Vec<Diagnostic>, String) {
    let mut diagnostics = Vec::new();
    let mut other = String::new();
    for line in stderr.lines() {
        match serde_json::from_str::<JsonDiagnostic>(line) {
            Ok(d) => {
                let primary = d.spans.iter().find(|s| s.is_primary);
                let at = primary.and_then(|s| in_file(s, file));
                let marked = d
                    .spans
                    .iter()
                    .filter(|s| s.is_primary && s.expansion.is_none() && s.file_name == file)
                    .map(|s| Span {
                        byte_start: s.byte_start,
                        byte_end: s.byte_end,
                    })
                    .collect();
                let mut fixes = Vec::new();
                d.fixes(file, &mut fixes);
                diagnostics.push(Diagnostic {
                    fixes,
                    label: primary.and_then(|s| s.label.clone()),
                    notes: d.children.iter().map(|c| c.message.clone()).collect(),
                    level: d.level,
                    rendered: d.rendered.unwrap_or_else(|| format!("{}\n", d.message)),
                    message: d.message,
                    code: d.code.map(|c| c.code),
                    at,
                    marked,
                    expanded_from: primary.and_then(|s| outermost_call(s, file)),
                });
            }
            Err(_) => {
                other += line;
                other.push('\n');
            }
        }
    }
    (diagnostics, other)
}

/// The span in `file` that `span` is, or that a macro call expanded into it (a `println!`
/// with a bad argument points into std; its call is in the file).
fn in_file(span: &JsonSpan, file: &str) -> Option<Span> {
    let mut span = span;
    loop {
        if span.file_name == file {
            return Some(Span {
                byte_start: span.byte_start,
                byte_end: span.byte_end,
            });
        }
        span = &span.expansion.as_ref()?.span;
    }
}

/// The functions an [`Emit::Object`] compile in `dir` generated code for, demangled
/// (`<u64 as main::num_integer::Integer>::gcd`): in a binary, only what `main` may run, each
/// generic function once per set of types it is used with. `None` when there is no object.
pub fn generated_functions(dir: &Path) -> Option<Vec<String>> {
    use object::{Object, ObjectSymbol};
    let bytes = std::fs::read(dir.join("main.o")).ok()?;
    let file = object::File::parse(&*bytes).ok()?;
    Some(
        file.symbols()
            .filter(|s| s.is_definition() && s.kind() == object::SymbolKind::Text)
            .filter_map(|s| s.name().ok())
            .map(|name| format!("{:#}", rustc_demangle::demangle(name)))
            .collect(),
    )
}

/// The call site in `file` of the outermost macro call whose expansion made `span`.
fn outermost_call(span: &JsonSpan, file: &str) -> Option<Span> {
    let mut call = None;
    let mut span = span;
    while let Some(expansion) = &span.expansion {
        span = &expansion.span;
        if span.file_name == file {
            call = Some(Span {
                byte_start: span.byte_start,
                byte_end: span.byte_end,
            });
        }
    }
    call
}

/// The first line of `rustc --version` (e.g. `rustc 1.95.0 (59807616e 2026-04-14)`).
pub fn rustc_version() -> std::io::Result<String> {
    let output = Command::new("rustc").arg("--version").output()?;
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// Writes `source` as `main.rs` in `dir` and compiles it to `dir/main` with `rustc -O` in
/// `edition`. `Ok(Err(stderr))` when rustc rejects it.
pub fn compile_in(dir: &Path, source: &str, edition: &str) -> std::io::Result<Result<(), String>> {
    let outcome = compile(
        dir,
        plain(),
        edition,
        Emit::Binary,
        source,
        &Externs::default(),
    )?;
    Ok(if outcome.success {
        Ok(())
    } else {
        Err(outcome.rendered())
    })
}

/// Type-checks `source` in `edition` (`rustc -O --emit=metadata`), in a folder of its own
/// under `dir` named by `stem`. `Ok(Err(stderr))` when rustc rejects it or warns: what the
/// bundler writes must compile without a single warning.
pub fn type_check_in(
    dir: &Path,
    stem: &str,
    source: &str,
    edition: &str,
) -> std::io::Result<Result<(), String>> {
    let dir = dir.join(format!("{stem}-{edition}"));
    std::fs::create_dir_all(&dir)?;
    let outcome = compile(
        &dir,
        plain(),
        edition,
        Emit::Metadata,
        source,
        &Externs::default(),
    )?;
    Ok(clean_or_rendered(outcome))
}

/// Compiles `source` with `rustc -O` in `edition` in a temporary folder; `Err` with rustc's
/// whole message when it does not compile.
pub fn check(source: &str, edition: &str) -> std::io::Result<Result<(), String>> {
    let dir = tempfile::tempdir()?;
    compile_in(dir.path(), source, edition)
}

/// The `none` profile: `rustc -O`.
fn plain() -> &'static Profile {
    &super::PROFILES[0]
}

fn clean_or_rendered(outcome: Outcome) -> Result<(), String> {
    if outcome.is_clean() {
        Ok(())
    } else {
        Err(outcome.rendered())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_has_the_judges_edition_flags_cfgs_and_externs() {
        let atcoder = Profile::named("atcoder").unwrap();
        let externs = Externs {
            args: vec!["--extern".into(), "proconio=/x/libproconio.rlib".into()],
        };
        assert_eq!(
            atcoder
                .rustc_args("2024", Emit::Metadata, "main.rs", "main.rmeta", &externs)
                .join(" "),
            "--edition 2024 -C opt-level=3 -C lto --cfg atcoder \
             --extern proconio=/x/libproconio.rlib --emit=metadata main.rs -o main.rmeta"
        );
        assert_eq!(
            Profile::named("codeforces").unwrap().command_line("2021"),
            "rustc --edition 2021 -O --cfg ONLINE_JUDGE main.rs -o main"
        );
    }

    #[test]
    fn diagnostics_point_into_the_file_through_macro_calls() {
        let dir = tempfile::tempdir().unwrap();
        let check = |source: &str| {
            compile(
                dir.path(),
                plain(),
                "2021",
                Emit::Metadata,
                source,
                &Externs::default(),
            )
            .unwrap()
        };
        let source = "fn main() {\n    println!(\"{}\", missing);\n}\n";
        let outcome = check(source);
        assert!(!outcome.success);
        let error = outcome.diagnostics.iter().find(|d| d.is_error()).unwrap();
        assert_eq!(error.code.as_deref(), Some("E0425"));
        let at = error.at.unwrap();
        assert_eq!(&source[at.byte_start..at.byte_end], "missing");
        assert!(outcome.rendered().contains("--> main.rs:2:20"));
        assert!(
            outcome.diagnostics.iter().all(|d| !d.is_summary()),
            "no summary lines"
        );

        let source = "fn main() {\n    let unused = 1;\n}\n";
        let outcome = check(source);
        assert!(outcome.success && !outcome.is_clean());
        let warning = &outcome.diagnostics[0];
        assert!(!warning.is_error());
        let at = warning.at.unwrap();
        assert_eq!(&source[at.byte_start..at.byte_end], "unused");
        assert!(check("fn main() {}\n").is_clean());
    }
}
