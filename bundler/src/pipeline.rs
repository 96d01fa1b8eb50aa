//! One bundle from solution to verified text, in one call ([`run`]): read the solution, find
//! its libraries and its judge's profile, bundle (leaving the crates the judge provides as
//! they are), minify, check the size, and compile the result as the judge would before
//! anything is written. `grundy bundle`, `grundy test`, the tests and the benches all go
//! through it.
//!
//! A bundle that does not compile is an error: at the solution's file, line and column when
//! rustc points into the solution's own code, else naming the bundled crate whose code failed
//! (the bundler's fault, not the user's).

use crate::bundle::crates::Edition;
use crate::bundle::crates::{self, CrateGraph, FeatureRequest};
use crate::bundle::parse::Solution;
use crate::bundle::{self, Bundle, BundleOptions, BundledCrate, Library, Origin};
use crate::config::{Config, ConfigError};
use crate::profile::provided::{self, ProvidedError};
use crate::profile::rustc::{self, Diagnostic, Emit, Outcome};
use crate::profile::{minify, Profile, TooLarge};
use crate::project;
use std::path::{Path, PathBuf};

/// Where the solution comes from.
#[derive(Debug, Clone)]
pub enum Input {
    File(PathBuf),
    /// Text read elsewhere (stdin); its libraries and settings are looked up as for a file
    /// at `anchor`.
    Text {
        text: String,
        anchor: PathBuf,
    },
}

/// Where the libraries come from.
#[derive(Debug, Clone, Default)]
pub enum Libraries {
    /// The package the solution is in, else the config's `libs`, else our templates.
    #[default]
    Auto,
    /// These library crates (with their dependencies).
    Dirs(Vec<PathBuf>),
    /// The dependencies of this package.
    Manifest(PathBuf),
}

/// How far a bundle is compiled before it is handed over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Verify {
    /// Not at all (`--no-check`).
    Skip,
    /// Type-checked: every error rustc finds before generating code (the default).
    #[default]
    TypeCheck,
    /// Compiled and linked as the judge does (`--check`).
    Build,
}

/// One bundle to make.
#[derive(Debug, Clone)]
pub struct Request {
    pub input: Input,
    pub libraries: Libraries,
    /// For [`Libraries::Dirs`] (and the config's `libs`).
    pub features: FeatureRequest,
    /// The judge's name; else the config's, else `none`.
    pub judge: Option<String>,
    /// The edition; else the package's when the judge offers it, else the judge's default.
    pub edition: Option<String>,
    pub strip_docs: bool,
    pub minify: bool,
    pub verify: Verify,
    /// Bundle the crates the judge provides too, instead of leaving them to it.
    pub bundle_provided: bool,
    /// Leave out the bundled crates' license notices.
    pub without_license_notices: bool,
}

impl Request {
    /// A request for the file at `path` with every default.
    pub fn file(path: &Path) -> Request {
        Request {
            input: Input::File(path.to_path_buf()),
            libraries: Libraries::Auto,
            features: FeatureRequest::default(),
            judge: None,
            edition: None,
            strip_docs: false,
            minify: false,
            verify: Verify::TypeCheck,
            bundle_provided: false,
            without_license_notices: false,
        }
    }
}

/// A bundle ready for its judge.
#[derive(Debug, Clone)]
pub struct Verified {
    pub text: String,
    pub profile: &'static Profile,
    pub edition: &'static str,
    /// What a person should know: the crates left to the judge, and at which versions.
    pub notes: Vec<String>,
    /// rustc's warnings about the solution's own code, located in it.
    pub warnings: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum PipelineError {
    #[error(transparent)]
    Bundle(#[from] bundle::Error),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("cannot read the solution from standard input: {0}")]
    Stdin(std::io::Error),
    #[error("{0}")]
    Profile(String),
    #[error("cannot minify the bundle: {0}")]
    Minify(String),
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    #[error(transparent)]
    Provided(#[from] ProvidedError),
    #[error("could not run rustc: {0}")]
    Rustc(std::io::Error),
    /// rustc rejects the solution's own code; each error located in the solution.
    #[error("the solution does not compile {compiling}:\n{}", errors.join("\n"))]
    Solution {
        /// "as Codeforces compiles it (`rustc ...`)".
        compiling: String,
        errors: Vec<String>,
    },
    /// The bundled code of a library does not compile: the bundler's fault.
    #[error(
        "{culprit} does not compile {compiling}; this is a bug of the bundler, not of \
             the solution: please report it with the solution and the library.\n{rendered}"
    )]
    Library {
        /// "the bundled code of `gamelib 0.1.0`", "the minified bundle", ...
        culprit: String,
        compiling: String,
        rendered: String,
    },
    #[error(transparent)]
    NewerEdition(Box<NewerEdition>),
    /// A bundled crate reads what its build script makes, which no judge runs.
    #[error(
        "`{package}` reads `env!(\"{variable}\")`, which its build script sets when Cargo builds \
         it: a judge compiles one file and runs no build script, so `{package}` cannot be \
         bundled (a newer version may not need one; `cargo tree -i {name}` shows what brings \
         it in)"
    )]
    BuildScript {
        package: String,
        name: String,
        variable: String,
    },
    /// rustc itself failed (a crash, a stack overflow on deep nesting): a judge's may too.
    #[error(
        "rustc failed on the bundle {compiling}, without an error about its code: it crashed \
             (a judge's rustc may crash the same way), or the toolchain does not run here:\n{stderr}"
    )]
    RustcFailed { compiling: String, stderr: String },
}

/// The variable of rustc's "environment variable `X` not defined at compile time", which in
/// bundled code means one a build script sets (`OUT_DIR`, typenum's `TYPENUM_BUILD_OP`).
fn build_script_variable(message: &str) -> Option<String> {
    let rest = message.strip_prefix("environment variable `")?;
    let (variable, tail) = rest.split_once('`')?;
    tail.starts_with(" not defined at compile time")
        .then(|| variable.to_string())
}

/// A bundled crate of a newer edition than the judge's does not compile in the judge's.
#[derive(Debug, thiserror::Error)]
#[error(
    "`{package}` is an edition {crate_edition} crate and does not compile in edition {edition} \
     {compiling}; the bundler does not rewrite code down to an older edition. Judges that take \
     it: {takers}.\n{rendered}"
)]
pub struct NewerEdition {
    pub package: String,
    pub crate_edition: &'static str,
    pub edition: String,
    pub compiling: String,
    pub takers: String,
    pub rendered: String,
}

/// Makes the bundle `request` asks for; nothing is written anywhere.
pub fn run(request: &Request) -> Result<Verified, PipelineError> {
    let (solution, anchor) = match &request.input {
        Input::File(path) => (Solution::read(path)?, path.clone()),
        Input::Text { text, anchor } => {
            let text = text.strip_prefix('\u{feff}').unwrap_or(text).to_string();
            let solution = Solution::from_text(Path::new("<stdin>"), text)?;
            (solution, anchor.clone())
        }
    };
    let config = Config::for_solution(&anchor)?;
    let judge = request
        .judge
        .as_deref()
        .or(config.judge.as_deref())
        .unwrap_or("none");
    let profile = Profile::named(judge).map_err(PipelineError::Profile)?;
    let package_edition = crate::config::package_edition(&anchor);
    let edition = profile
        .edition(request.edition.as_deref(), package_edition.as_deref())
        .map_err(PipelineError::Profile)?;
    let (mut library, manifest) = open_libraries(request, &anchor, &config.libs)?;
    library.judge_cfgs(profile.cfgs, profile.target);
    let provided = if request.bundle_provided {
        Vec::new()
    } else {
        library.keep_external(|name| profile.provides(name).is_some())
    };
    // The proc macros the solution applies, of crates the judge does not provide.
    // Without a package (libraries given by folder) nothing is expanded, and a bundle that
    // needs a proc-macro crate is refused.
    library.build_scripts = manifest
        .as_deref()
        .map(bundle::build_scripts::BuildScripts::new);
    let solution = match manifest.as_deref().map(bundle::proc_macros::Expander::new) {
        Some(mut expander) => {
            let solution = bundle::proc_macros::expand_solution(solution, &library, &mut expander)?;
            library.expander = Some(Box::new(expander));
            solution
        }
        None => solution,
    };
    let opts = BundleOptions {
        strip_docs: request.strip_docs,
        without_license_notices: request.without_license_notices,
        own: config.own.clone(),
    };
    let mut bundle = bundle::bundle_solution(&solution, &mut library, &opts)?;
    // The process ends soon: freeing every syntax tree of the library one by one costs more
    // than the rest of emitting (a few ms on itertools).
    std::mem::forget(library);
    let finish = |text: &str| -> Result<String, PipelineError> {
        let text = if request.minify {
            minify::minify(text).map_err(|e| PipelineError::Minify(e.to_string()))?
        } else {
            text.to_string()
        };
        profile.check_size(&text, request.strip_docs, request.minify)?;
        Ok(text)
    };
    let text = finish(&bundle.text)?;
    let (text, warnings) = match request.verify {
        Verify::Skip => (text, Vec::new()),
        Verify::TypeCheck => verify(&mut bundle, text, &finish, profile, edition, Emit::Metadata)?,
        Verify::Build => verify(&mut bundle, text, &finish, profile, edition, Emit::Binary)?,
    };
    let mut notes = Vec::new();
    if !provided.is_empty() {
        notes.push(format!(
            "left to {}, which provides them: {}",
            profile.title,
            provided
                .iter()
                .map(|package| provided_note(profile, package))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    Ok(Verified {
        text,
        profile,
        edition,
        notes,
        warnings,
    })
}

/// `proconio 0.5.0`, or `proconio 0.4.5 (AtCoder's is =0.5.0)` when the package's version is
/// not the judge's, whose the judge compiles with.
fn provided_note(profile: &Profile, package: &str) -> String {
    let (name, version) = package.split_once(' ').unwrap_or((package, ""));
    match profile.provided.iter().find(|c| c.package == name) {
        Some(c) if c.version.trim_start_matches('=') != version => {
            format!("{package} ({}'s is {})", profile.title, c.version)
        }
        _ => package.to_string(),
    }
}

/// The libraries `request` names for a solution at `anchor`; `configured` (the config's)
/// for a solution outside any package. With them, the manifest of the package whose
/// dependencies they are, if they are a package's.
fn open_libraries(
    request: &Request,
    anchor: &Path,
    configured: &[PathBuf],
) -> Result<(Library, Option<PathBuf>), bundle::Error> {
    let (graph, manifest) = match &request.libraries {
        Libraries::Dirs(dirs) => (CrateGraph::from_libs(dirs, &request.features)?, None),
        Libraries::Manifest(manifest) => {
            (CrateGraph::from_package(manifest)?, Some(manifest.clone()))
        }
        Libraries::Auto => match crates::enclosing_package(anchor) {
            Some(manifest) => (CrateGraph::from_package(&manifest)?, Some(manifest)),
            None if !configured.is_empty() => {
                (CrateGraph::from_libs(configured, &request.features)?, None)
            }
            None => (
                CrateGraph::from_libs(&[project::templates_dir()?], &request.features)?,
                None,
            ),
        },
    };
    Ok((Library::of_graph(graph)?, manifest))
}

/// Compiles `text` (the bundle, perhaps minified) as `profile` does. `Ok` with the warnings
/// about the solution's own code; an error for any error, or any warning about library code.
fn verify(
    bundle: &mut Bundle,
    mut text: String,
    finish: &dyn Fn(&str) -> Result<String, PipelineError>,
    profile: &'static Profile,
    edition: &'static str,
    emit: Emit,
) -> Result<(String, Vec<String>), PipelineError> {
    let externs = provided::externs(profile, &provided::used(profile, &text))?;
    let compile = |source: &str| -> Result<Outcome, PipelineError> {
        let dir = tempfile::tempdir().map_err(PipelineError::Rustc)?;
        rustc::compile(dir.path(), profile, edition, emit, source, &externs)
            .map_err(PipelineError::Rustc)
    };
    let compiling = profile.compiling(edition);
    let mut outcome = compile(&text)?;
    let minified = text != bundle.text;
    if !outcome.success {
        // Places in a minified bundle are on one line: migrate the bundle as made.
        let mut plain = if minified {
            compile(&bundle.text)?
        } else {
            outcome
        };
        let mut migrated = false;
        let mut linted = false;
        for _ in 0..MIGRATION_ROUNDS {
            if plain.success {
                break;
            }
            if !migrate(bundle, &plain, edition) {
                // What rustc cannot fix from the errors (an `impl Trait` that captures more
                // in 2024: zerocopy's `iter`), `cargo fix --edition` fixes from the lints of
                // the edition before: once, and only for errors in older crates' code (the
                // solution's own are reported at once).
                let older_errors = plain.diagnostics.iter().any(|d| {
                    d.is_error()
                        && d.at
                            .is_some_and(|at| older_than(bundle, at.byte_start, edition))
                });
                if linted
                    || edition != "2024"
                    || !older_errors
                    || !lint_migrate(bundle, &externs, profile)?
                {
                    break;
                }
                linted = true;
            }
            migrated = true;
            plain = compile(&bundle.text)?;
        }
        if migrated {
            text = finish(&bundle.text)?;
        }
        outcome = if minified && migrated {
            compile(&text)?
        } else {
            plain
        };
    }
    let troubled =
        |o: &Outcome| !o.success || o.diagnostics.iter().any(|d| bundler_warning(bundle, d));
    if minified && troubled(&outcome) {
        // Places in a minified bundle are on one line: find them in the bundle as made.
        let unminified = compile(&bundle.text)?;
        if !troubled(&unminified) {
            return Err(PipelineError::Library {
                culprit: "the minified bundle".to_string(),
                compiling,
                rendered: outcome.rendered(),
            });
        }
        return located(bundle, &unminified, edition, compiling).map(|w| (text, w));
    }
    located(bundle, &outcome, edition, compiling).map(|w| (text, w))
}

/// Rounds of edition migration before the errors left are reported: each round's fixes may
/// uncover errors rustc did not reach before.
const MIGRATION_ROUNDS: usize = 4;

/// Applies to `bundle` the fixes rustc proposes for the errors in the code of crates older
/// than `edition` (what `cargo fix --edition` does to them: `Some(ref x)` on a reference is
/// refused in 2024); true if it changed anything. rustc is sure of a fix, or only thinks it
/// likely inside a macro's body (`let &(.., ref output) = &parts`): those are taken for the
/// binding-mode rules of edition 2024, and the bundle is compiled again after. The solution's
/// own errors are left to its author.
fn migrate(bundle: &mut Bundle, outcome: &Outcome, edition: &str) -> bool {
    let older = |at: usize| older_than(bundle, at, edition);
    let fixes: Vec<rustc::Fix> = outcome
        .diagnostics
        .iter()
        .filter(|d| d.is_error() && d.at.is_some_and(|at| older(at.byte_start)))
        .flat_map(|d| {
            let binding_modes = d.code.is_none()
                && (d.message.contains("implicitly-borrowing pattern")
                    || d.message.contains("default binding mode"));
            d.fixes.iter().filter(move |f| f.certain || binding_modes)
        })
        .filter(|f| older(f.at.0))
        .cloned()
        .collect();
    apply_fixes(bundle, fixes)
}

/// Whether byte `at` of the bundle is code of a crate older than `edition`.
fn older_than(bundle: &Bundle, at: usize, edition: &str) -> bool {
    matches!(bundle.origin(at), Origin::Library(k) if k.edition.as_str() < edition)
}

/// As `cargo fix --edition` migrates to 2024: the bundle compiled as 2021 with the lints of
/// `rust-2024-compatibility`, and the fixes rustc is sure of applied to the code of crates
/// older than 2024. True if it changed anything.
fn lint_migrate(
    bundle: &mut Bundle,
    externs: &provided::Externs,
    profile: &Profile,
) -> Result<bool, PipelineError> {
    let dir = tempfile::tempdir().map_err(PipelineError::Rustc)?;
    let outcome = rustc::compile_with(
        dir.path(),
        profile,
        "2021",
        Emit::Metadata,
        &bundle.text,
        externs,
        &["--force-warn", "rust-2024-compatibility"],
    )
    .map_err(PipelineError::Rustc)?;
    let older = |at: usize| older_than(bundle, at, "2024");
    let fixes: Vec<rustc::Fix> = outcome
        .diagnostics
        .iter()
        .flat_map(|d| d.fixes.iter().filter(|f| f.certain && older(f.at.0)))
        .cloned()
        .collect();
    Ok(apply_fixes(bundle, fixes))
}

/// Applies `fixes` to `bundle` (one per place; overlapping ones wait for another round); true
/// if it changed anything.
fn apply_fixes(bundle: &mut Bundle, mut fixes: Vec<rustc::Fix>) -> bool {
    fixes.sort();
    fixes.dedup_by(|a, b| a.at == b.at);
    // From the end, so that each range is still where rustc saw it; overlapping ones wait.
    let mut applied = false;
    let mut before = usize::MAX;
    for fix in fixes.into_iter().rev() {
        let (start, end) = fix.at;
        let fits = end <= before
            && bundle.text.is_char_boundary(start)
            && bundle.text.is_char_boundary(end);
        if fits {
            bundle.replace(start..end, &fix.replacement);
            before = start;
            applied = true;
        }
    }
    applied
}

/// Whether `d` is a warning about the bundle's own lines (which must have none). One placed in
/// a crate's code is not: each crate's module carries `#[allow(warnings)]`, so it was raised
/// where a macro of the crate was called, about the caller's tokens (proconio's `let mut` under
/// an empty `input! {}`, a name `input!` binds and the solution never reads, which rustc places
/// at `$var` in the macro with no trace of the call).
fn bundler_warning(bundle: &Bundle, d: &Diagnostic) -> bool {
    !d.is_error()
        && matches!(
            d.at.map(|at| bundle.origin(at.byte_start)),
            Some(Origin::Bundler)
        )
}

/// For an error naming a crate nobody has (`use rand::Rng;` in a package without rand):
/// where crates come from.
fn missing_crate(d: &Diagnostic) -> String {
    let unresolved = matches!(d.code.as_deref(), Some("E0432" | "E0433"));
    let name =
        d.message.split('`').nth(1).filter(|name| {
            name.chars().all(|c| c.is_alphanumeric() || c == '_') && !name.is_empty()
        });
    match name {
        Some(name) if unresolved && d.message.contains("crate") => format!(
            "\nnote: the bundle has no crate `{name}`: it is not a dependency of the solution's \
             package (nor of a `--lib`), nor provided by the judge"
        ),
        _ => String::new(),
    }
}

/// The error for `krate`, of a newer edition than the bundle is compiled in, which does not
/// compile there: a crate is not rewritten down to an older edition; the judges that would
/// take it are named.
fn newer_edition(
    krate: &BundledCrate,
    edition: &str,
    compiling: String,
    rendered: &str,
) -> PipelineError {
    let newer = krate.edition.as_str();
    let takers: Vec<String> = crate::profile::PROFILES
        .iter()
        .filter(|p| p.editions.contains(&newer))
        .map(|p| match p.editions {
            [only] if *only == newer => format!("--judge {}", p.name),
            _ => format!("--judge {} --edition {newer}", p.name),
        })
        .collect();
    PipelineError::NewerEdition(Box::new(NewerEdition {
        package: krate.package.clone(),
        crate_edition: newer,
        edition: edition.to_string(),
        compiling,
        takers: takers.join(", "),
        rendered: rendered.to_string(),
    }))
}

/// `outcome`'s errors, each traced to the solution or to a bundled crate; `Ok` with the
/// solution's warnings when there is none.
fn located(
    bundle: &Bundle,
    outcome: &Outcome,
    edition: &str,
    compiling: String,
) -> Result<Vec<String>, PipelineError> {
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    // (package, rustc's message) of each error, then each warning, in the bundled crates.
    let mut library = Vec::new();
    for d in &outcome.diagnostics {
        match d.at.map(|at| bundle.origin(at.byte_start)) {
            Some(Origin::Solution(at)) => {
                let code = d.code.as_ref().map_or(String::new(), |c| format!("[{c}]"));
                let label = d.label().map_or(String::new(), |l| format!(" {l}"));
                let line = format!(
                    "{at}: {}{code}: {}\n{}{label}{}",
                    d.level,
                    d.message,
                    at.excerpt(),
                    missing_crate(d)
                );
                if d.is_error() {
                    errors.push(line);
                } else {
                    warnings.push(line);
                }
            }
            Some(Origin::Library(krate)) if Edition::parse(edition) < krate.edition => {
                return Err(newer_edition(krate, edition, compiling, &d.rendered));
            }
            Some(Origin::Library(krate)) if build_script_variable(&d.message).is_some() => {
                return Err(PipelineError::BuildScript {
                    package: krate.package.clone(),
                    name: krate
                        .package
                        .split(' ')
                        .next()
                        .unwrap_or_default()
                        .to_string(),
                    variable: build_script_variable(&d.message).unwrap_or_default(),
                });
            }
            // Raised where the solution calls a macro of the crate (see `bundler_warning`).
            Some(Origin::Library(_)) if !d.is_error() => {}
            Some(Origin::Library(krate)) => library.push((
                !d.is_error(),
                format!("the bundled code of `{}`", krate.package),
                d.rendered.clone(),
            )),
            // A warning about no place in particular cannot be pinned on library code.
            None if !d.is_error() => warnings.push(d.rendered.trim_end().to_string()),
            Some(Origin::Bundler) | None => library.push((
                !d.is_error(),
                "the bundle's own lines".to_string(),
                d.rendered.clone(),
            )),
        }
    }
    // The solution's own errors first: a library's may follow from them.
    if !errors.is_empty() {
        const SHOWN: usize = 10;
        let more = errors.len().saturating_sub(SHOWN);
        errors.truncate(SHOWN);
        if more > 0 {
            errors.push(format!("and {more} more errors"));
        }
        return Err(PipelineError::Solution { compiling, errors });
    }
    let failed = !outcome.success;
    library.sort_by_key(|(is_warning, _, _)| *is_warning);
    match library.into_iter().next() {
        Some((_, culprit, rendered)) => Err(PipelineError::Library {
            culprit,
            compiling,
            rendered: rendered + &outcome.other,
        }),
        None if failed => {
            // A crash's report ends with what matters; its backtrace is long.
            let lines: Vec<&str> = outcome.other.lines().collect();
            let stderr = if lines.len() > 12 {
                format!("{}\n...", lines[..12].join("\n"))
            } else {
                lines.join("\n")
            };
            Err(PipelineError::RustcFailed { compiling, stderr })
        }
        None => Ok(warnings),
    }
}
