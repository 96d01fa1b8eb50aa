//! Compiling a bundle as its judge does before it is handed over: rustc's edition migration
//! applied to older crates' code, and each error traced to the solution's own line or to the
//! bundled crate whose code failed.

use super::fit::Handed;
use super::prune::{self, Pruned};
use super::shorten::Compile;
use super::{NewerEdition, PipelineError, Refused};
use crate::bundle::crates::Edition;
use crate::bundle::source::Location;
use crate::bundle::{Bundle, BundledCrate, Origin};
use crate::profile::provided;
use crate::profile::rustc::{self, Diagnostic, Emit, Outcome};
use crate::profile::{Profile, Target};

/// Makes the text to hand over of a checked bundle, given a type-check to try changes with.
pub(super) type Finish<'a> =
    dyn Fn(&mut Bundle, Option<&Compile>) -> Result<Handed, PipelineError> + 'a;

/// How a bundle is checked before it is handed over.
#[derive(Debug, Clone, Copy)]
pub(super) struct Check {
    pub target: Target,
    pub emit: Emit,
    /// Cut the bundled crates' code that `main` does not reach ([`prune`]).
    pub prune: bool,
    /// The edition of the solution's package, when it has one.
    pub solution_edition: Option<Edition>,
}

/// What verification made of a bundle.
pub(super) struct Checked {
    /// The text to hand over (`finish`'s).
    pub handed: Handed,
    /// rustc's warnings about the solution's own code, located in it.
    pub warnings: Vec<String>,
    pub pruned: Option<Pruned>,
    /// What migrating the solution's code from its package's older edition changed.
    pub migrated: Option<String>,
}

/// Compiles the bundle as `check.target` does: migrated first where older crates' code
/// does not compile in the edition, then pruned, then made the text to hand over by
/// `finish` (minified, fitted to the judge's limit, given a type-check to try what it
/// changes with), which is compiled in the end. `Ok` with
/// the warnings about the solution's own code; an error for any error, or any warning about
/// library code.
pub(super) fn verify(
    bundle: &mut Bundle,
    check: Check,
    finish: &Finish,
) -> Result<Checked, PipelineError> {
    let Target { profile, edition } = check.target;
    let compiling = profile.compiling(edition);
    let _status = crate::status::show(format!(
        "verifying the bundle ({} bytes) {compiling}",
        bundle.text.len()
    ));
    let externs = provided::externs(profile, &provided::used(profile, &bundle.text))?;
    // Compiles in an edition as the judge does; the folder written to, for an object file.
    let compile_in = |source: &str, edition: &str, emit: Emit, extra: &[&str]| {
        let dir = tempfile::tempdir().map_err(PipelineError::Rustc)?;
        let outcome =
            rustc::compile_with(dir.path(), profile, edition, emit, source, &externs, extra)
                .map_err(PipelineError::Rustc)?;
        Ok::<_, PipelineError>((outcome, dir))
    };
    let compile = |source: &str, emit: Emit, extra: &[&str]| {
        compile_in(source, edition, emit, extra).map(|(outcome, _)| outcome)
    };
    let migrated = match check.solution_edition {
        Some(older) if older.as_str() < edition => {
            let lints = migration_lints(older, edition);
            let (linted, _) = compile_in(&bundle.text, older.as_str(), Emit::Metadata, &lints)?;
            migrate_solution(bundle, &linted, older, edition)
        }
        _ => None,
    };
    let mut plain = compile(&bundle.text, Emit::Metadata, &[])?;
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
                || !lint_migrate(bundle, &|source| {
                    let lints = ["--force-warn", "rust-2024-compatibility"];
                    compile_in(source, "2021", Emit::Metadata, &lints).map(|(o, _)| o)
                })?
            {
                break;
            }
            linted = true;
        }
        plain = compile(&bundle.text, Emit::Metadata, &[])?;
    }
    if !plain.success {
        return Err(blame_each_error(bundle, &plain, edition, compiling)
            .err()
            .unwrap_or_else(|| PipelineError::RustcFailed {
                compiling: profile.compiling(edition),
                refused: Refused::new(plain.other.clone(), &bundle.text),
            }));
    }
    let compiled = bundle.text.clone();
    let pruned = if check.prune {
        let generated = |source: &str, extra: &[&str]| {
            let (outcome, dir) = compile_in(source, edition, Emit::Object, extra)?;
            Ok(outcome
                .success
                .then(|| rustc::generated_functions(dir.path()))
                .flatten())
        };
        let compiler = prune::Compiler {
            check: &|source, extra| compile(source, Emit::Metadata, extra),
            generated: &generated,
            alike: prune::Alike {
                target_features: features_as_here(profile),
                here: Profile::here(),
            },
            limit: profile.limit.map(|(limit, _)| limit),
        };
        Some(prune::prune(bundle, &compiler)?)
    } else {
        None
    };
    let handed = finish(
        bundle,
        Some(&|text: &str| compile(text, Emit::Metadata, &[])),
    )?;
    // What compiles here: the judge's part alone may not.
    let text = handed.here.as_deref().unwrap_or(&handed.text);
    let outcome = if text == compiled && check.emit == Emit::Metadata {
        plain
    } else {
        compile(text, check.emit, &[])?
    };
    let troubled =
        |o: &Outcome| !o.success || o.diagnostics.iter().any(|d| bundler_warning(bundle, d));
    let warnings = if text != bundle.text && troubled(&outcome) {
        // Places in a minified bundle are on one line: find them in the bundle as made.
        let unminified = compile(&bundle.text, check.emit, &[])?;
        if !troubled(&unminified) {
            return Err(PipelineError::Library {
                culprit: "the minified bundle".to_string(),
                compiling,
                refused: Refused::new(outcome.rendered(), text),
            });
        }
        blame_each_error(bundle, &unminified, edition, compiling)?
    } else {
        blame_each_error(bundle, &outcome, edition, compiling)?
    };
    Ok(Checked {
        handed,
        warnings,
        pruned,
        migrated,
    })
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

/// As `cargo fix --edition` migrates to 2024: the code of crates older than 2024 compiled as
/// 2021 with the lints of `rust-2024-compatibility`, and the fixes rustc is sure of applied
/// to it. That code alone, as cargo lints each crate by itself: newer code may not compile
/// as 2021 (a 2024 crate's let chains), and then rustc lints nothing; the whole bundle when
/// the older crates do not compile alone (one that uses a newer crate). True if it changed
/// anything.
fn lint_migrate(
    bundle: &mut Bundle,
    lint: &dyn Fn(&str) -> Result<Outcome, PipelineError>,
) -> Result<bool, PipelineError> {
    let mut outcome = lint(&older_crates_alone(bundle, "2024"))?;
    if !outcome.success {
        outcome = lint(&bundle.text)?;
    }
    let older = |at: usize| older_than(bundle, at, "2024");
    let fixes: Vec<rustc::Fix> = outcome
        .diagnostics
        .iter()
        .flat_map(|d| d.fixes.iter().filter(|f| f.certain && older(f.at.0)))
        .cloned()
        .collect();
    Ok(apply_fixes(bundle, fixes))
}

/// The bundle's text with only the code of crates older than `edition` and the lines the
/// bundler adds: the rest (the solution's code, newer crates') blanked in place, so that
/// each byte kept stays where it is, and an empty `main` after it all.
fn older_crates_alone(bundle: &Bundle, edition: &str) -> String {
    let mut bytes = bundle.text.clone().into_bytes();
    let newer = bundle
        .crates
        .iter()
        .filter(|c| c.edition.as_str() >= edition)
        .map(|c| c.range.clone());
    for range in std::iter::once(bundle.solution_range()).chain(newer) {
        for byte in &mut bytes[range] {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
    }
    let mut text = String::from_utf8(bytes).expect("whole characters are blanked");
    text.push_str("\nfn main() {}\n");
    text
}

/// The lints `cargo fix --edition` applies to move code of edition `older` to `edition`:
/// each later edition's compatibility group, and the lints of 2018's idioms that 2021
/// made errors (`Box<Trait>` without `dyn`, `...` ranges in patterns).
fn migration_lints(older: Edition, edition: &str) -> Vec<&'static str> {
    // Those alone: no other lint's fix (an unused `mut`) is the migration's to make.
    let mut lints = vec!["-A", "warnings"];
    for (next, group) in [
        ("2018", "rust-2018-compatibility"),
        ("2021", "rust-2021-compatibility"),
        ("2024", "rust-2024-compatibility"),
    ] {
        if older.as_str() < next && next <= edition {
            lints.extend(["--force-warn", group]);
        }
    }
    if older.as_str() < "2021" && edition >= "2021" {
        for lint in ["bare_trait_objects", "ellipsis_inclusive_range_patterns"] {
            lints.extend(["--force-warn", lint]);
        }
    }
    lints
}

/// Applies to the solution's part of `bundle` the fixes rustc is sure of among `linted`'s
/// lints (the bundle compiled in the solution's edition `older`), as `cargo fix --edition`
/// migrates a package, and says what changed, where. The solution's files stay as they are.
/// The lints rustc raised before an error stopped it count too: the error is then reported
/// in `edition` alone, not behind the migration's.
fn migrate_solution(
    bundle: &mut Bundle,
    linted: &Outcome,
    older: Edition,
    edition: &str,
) -> Option<String> {
    let solution = bundle.solution_range();
    let mut changes = Vec::new();
    let mut fixes = Vec::new();
    for d in linted.diagnostics.iter().filter(|d| !d.is_error()) {
        for fix in d
            .fixes
            .iter()
            .filter(|f| f.certain && solution.contains(&f.at.0))
        {
            if let Origin::Solution(at) = bundle.origin(fix.at.0) {
                let lint = d.code.clone().unwrap_or_default();
                changes.push((at.path, at.line, at.column, lint));
            }
            fixes.push(fix.clone());
        }
    }
    if !apply_fixes(bundle, fixes) {
        return None;
    }
    changes.sort();
    changes.dedup();
    let places: Vec<String> = changes
        .iter()
        .map(|(path, line, column, lint)| format!("{}:{line}:{column} ({lint})", path.display()))
        .collect();
    Some(format!(
        "the solution's package is edition {}: its code was migrated in the bundle to edition \
         {edition} as `cargo fix --edition` would (its files are as they were): {}",
        older.as_str(),
        places.join(", ")
    ))
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
        if fits && end <= bundle.solution_range().end {
            bundle.replace_in_solution(start..end, &fix.replacement);
            before = start;
            applied = true;
        } else if fits && start >= bundle.solution_range().end {
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
    refused: Box<Refused>,
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
        refused,
    }))
}

/// `outcome`'s errors, each traced to the solution or to a bundled crate; `Ok` with the
/// solution's warnings when there is none. An error rustc places in a library macro's body,
/// where the solution's own call of the macro made it, is the solution's, at the call (a type
/// the call hands the macro), unless it is a name of the body that does not resolve (which
/// the bundler rewrote).
fn blame_each_error(
    bundle: &Bundle,
    outcome: &Outcome,
    edition: &str,
    compiling: String,
) -> Result<Vec<String>, PipelineError> {
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    // (is a warning, culprit, rustc's message) of each error, then each warning, that is not
    // the solution's.
    let mut library = Vec::new();
    for d in &outcome.diagnostics {
        let called_by_solution = d
            .expanded_from
            .map(|call| bundle.origin(call.byte_start))
            .filter(|_| d.is_error() && !unresolved_name(d));
        match d.at.map(|at| bundle.origin(at.byte_start)) {
            Some(Origin::Solution(at)) => {
                let line = solution_message(d, &at, None);
                if d.is_error() {
                    errors.push(line);
                } else {
                    warnings.push(line);
                }
            }
            Some(Origin::Library(krate)) if Edition::parse(edition) < krate.edition => {
                let refused = Refused::new(d.rendered.clone(), &bundle.text);
                return Err(newer_edition(krate, edition, compiling, refused));
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
            Some(Origin::Library(krate)) => match called_by_solution {
                Some(Origin::Solution(call)) => {
                    errors.push(solution_message(d, &call, Some(&krate.package)));
                }
                // Raised where the solution calls a macro of the crate (see `bundler_warning`).
                _ if !d.is_error() => {}
                _ => library.push((
                    !d.is_error(),
                    format!("the bundled code of `{}`", krate.package),
                    d.rendered.clone(),
                )),
            },
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
        return Err(PipelineError::Solution {
            compiling,
            errors: first_few(errors, "errors"),
        });
    }
    // The errors, or when there is none, the warnings that stop the bundle.
    let failed = !outcome.success;
    let any_error = library.iter().any(|(is_warning, _, _)| !is_warning);
    library.retain(|(is_warning, _, _)| !(any_error && *is_warning));
    if !library.is_empty() {
        let mut culprits: Vec<&str> = Vec::new();
        for (_, culprit, _) in &library {
            if !culprits.contains(&culprit.as_str()) {
                culprits.push(culprit);
            }
        }
        let culprit = culprits.join(" and ");
        let shown = first_few(
            library
                .iter()
                .map(|(_, _, rendered)| rendered.trim_end().to_string())
                .collect(),
            if any_error { "errors" } else { "warnings" },
        );
        // Apart as rustc prints them.
        let rendered = shown.join("\n\n") + "\n" + &outcome.other;
        return Err(PipelineError::Library {
            culprit,
            compiling,
            refused: Refused::new(rendered, &bundle.text),
        });
    }
    if failed {
        // A crash's report ends with what matters; its backtrace is long.
        let lines: Vec<&str> = outcome.other.lines().collect();
        let stderr = if lines.len() > 12 {
            format!("{}\n...", lines[..12].join("\n"))
        } else {
            lines.join("\n")
        };
        return Err(PipelineError::RustcFailed {
            compiling,
            refused: Refused::new(stderr, &bundle.text),
        });
    }
    Ok(warnings)
}

/// rustc's message `d` at `at`, a place in the solution's own code, as the solution's
/// excerpt shows it; for a place in the body of a macro of `macro_crate` that the call at
/// `at` expanded, its label says so instead of rustc's label for the place in the body.
fn solution_message(d: &Diagnostic, at: &Location, macro_crate: Option<&str>) -> String {
    let code = d.code.as_ref().map_or(String::new(), |c| format!("[{c}]"));
    let label = match macro_crate {
        Some(package) => format!(" in this call of a macro of `{package}`"),
        None => d.label().map_or(String::new(), |l| format!(" {l}")),
    };
    format!(
        "{at}: {}{code}: {}\n{}{label}{}",
        d.level,
        d.message,
        at.excerpt(),
        missing_crate(d)
    )
}

/// Whether `d` says a name does not resolve (`cannot find`, `failed to resolve`, `unresolved
/// import`).
fn unresolved_name(d: &Diagnostic) -> bool {
    matches!(
        d.code.as_deref(),
        Some("E0405" | "E0412" | "E0422" | "E0423" | "E0425" | "E0432" | "E0433" | "E0531")
    ) || d.message.starts_with("cannot find macro")
}

/// The first few of `messages` (rustc's count of what it found may be long), and how many
/// more there are (`errors`, `warnings`).
fn first_few(mut messages: Vec<String>, noun: &str) -> Vec<String> {
    const SHOWN: usize = 10;
    let more = messages.len().saturating_sub(SHOWN);
    messages.truncate(SHOWN);
    if more > 0 {
        messages.push(format!("and {more} more {noun}"));
    }
    messages
}

/// The variable of rustc's "environment variable `X` not defined at compile time", which in
/// bundled code means one a build script sets (`OUT_DIR`, typenum's `TYPENUM_BUILD_OP`).
fn build_script_variable(message: &str) -> Option<String> {
    let rest = message.strip_prefix("environment variable `")?;
    let (variable, tail) = rest.split_once('`')?;
    tail.starts_with(" not defined at compile time")
        .then(|| variable.to_string())
}

/// Whether the judge compiles with this machine's `target_feature`s: every judge here is
/// x86, so with no flag choosing a CPU or features, it has x86's defaults, as this machine
/// has when it is x86 too.
fn features_as_here(profile: &Profile) -> bool {
    cfg!(any(target_arch = "x86_64", target_arch = "x86"))
        && !profile
            .flags
            .iter()
            .any(|f| f.contains("target-cpu") || f.contains("target-feature"))
}
