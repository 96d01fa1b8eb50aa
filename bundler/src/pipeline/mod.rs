//! One bundle from solution to verified text, in one call ([`run`]): read the solution, find
//! its libraries and its judge's profile, bundle (leaving the crates the judge provides as
//! they are), minify, check the size, and compile the result as the judge would before
//! anything is written. `grundy bundle`, `grundy test`, the tests and the benches all go
//! through it.
//!
//! A bundle that does not compile is an error: at the solution's file, line and column when
//! rustc points into the solution's own code, else naming the bundled crate whose code failed
//! (the bundler's fault, not the user's).

mod error;
mod fit;
mod prune;
mod shorten;
mod systems;
mod verify;

pub use error::{NewerEdition, PipelineError, Refused};
pub use prune::Pruned;

use crate::bundle::crates::{self, CrateGraph, Edition, FeatureRequest};
use crate::bundle::parse::Solution;
use crate::bundle::{self, Bundle, BundleOptions, Library};
use crate::config::Config;
use crate::profile::rustc::Emit;
use crate::profile::{Profile, Provided, Target};
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
    /// Leave out the bundled crates' doc comments (a submission does not need them).
    pub strip_docs: bool,
    pub minify: bool,
    pub verify: Verify,
    /// Bundle the crates the judge provides too, instead of leaving them to it.
    pub bundle_provided: bool,
    /// Leave out the bundled crates' license notices.
    pub without_license_notices: bool,
    /// Cut the bundled crates' code that `main` does not reach (when the bundle is
    /// verified: rustc finds it).
    pub prune: bool,
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
            strip_docs: true,
            minify: false,
            verify: Verify::TypeCheck,
            bundle_provided: false,
            without_license_notices: false,
            prune: true,
        }
    }

    /// A request for the engine's bundle of the file at `path` against `libraries`, as it
    /// writes it: doc comments kept, neither verified nor pruned (pruning compiles the bundle
    /// many times), for a caller that compiles or reads the bundle itself.
    pub fn unverified(path: &Path, libraries: Libraries) -> Request {
        Request {
            libraries,
            strip_docs: false,
            verify: Verify::Skip,
            prune: false,
            ..Request::file(path)
        }
    }
}

/// A bundle ready for its judge.
#[derive(Debug, Clone)]
pub struct Verified {
    pub text: String,
    /// When `text` holds only what the judge's systems compile (code for other systems left
    /// out to fit its limit): the text as it compiles and runs here.
    pub here: Option<String>,
    /// The judge and edition it was made and checked for.
    pub target: Target,
    /// What a person should know: the crates left to the judge, and at which versions.
    pub notes: Vec<String>,
    /// rustc's warnings about the solution's own code, located in it.
    pub warnings: Vec<String>,
    /// What was cut of the code `main` does not reach (none when not verified).
    pub pruned: Option<Pruned>,
}

/// What a bundle of the solution at `solution` is compiled as: the judge `request` names,
/// else `config`'s, else `none`; the edition it names (an error when the judge does not
/// offer it), else the solution's package's when the judge offers it (a let chain in an
/// edition 2024 package compiles only as 2024), else the judge's default. The one place
/// that decides: `grundy bundle`, `test` and `stress` all reach it through [`run`].
fn target(request: &Request, solution: &Path, config: &Config) -> Result<Target, PipelineError> {
    let judge = request
        .judge
        .as_deref()
        .or(config.judge.as_deref())
        .unwrap_or("none");
    let profile = Profile::named(judge).map_err(PipelineError::Profile)?;
    let package_edition = crate::config::package_edition(solution);
    let edition = profile
        .edition(request.edition.as_deref(), package_edition.as_deref())
        .map_err(PipelineError::Profile)?;
    Ok(Target { profile, edition })
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
    let target = target(request, &anchor, &config)?;
    let profile = target.profile;
    let (mut library, manifest) = open_libraries(request, &anchor, &config.libs)?;
    library.judge_cfgs(profile.cfgs, &profile.built_for());
    // The graph's packages (`name version`), the provided ones the solution depends on
    // first: the versions the note on the crates left to the judge compares with its own.
    let mut provided = if request.bundle_provided {
        Vec::new()
    } else {
        library.keep_external(|name| profile.provides(name).is_some())
    };
    provided.extend(library.crates().map(|(_, c)| c.spec.package.clone()));
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
    let asked = fit::Asked {
        strip_docs: request.strip_docs,
        minify: request.minify,
    };
    let fitted = std::cell::RefCell::new(Vec::new());
    let finish = |bundle: &mut Bundle,
                  compile: Option<&shorten::Compile>|
     -> Result<fit::Handed, PipelineError> {
        let (handed, notes) = fit::fit(bundle, profile, asked, compile)?;
        *fitted.borrow_mut() = notes;
        Ok(handed)
    };
    let solution_edition = crate::config::package_edition(&anchor).map(|e| Edition::parse(&e));
    let check = |emit| verify::Check {
        target,
        emit,
        prune: request.prune,
        solution_edition,
    };
    let checked = match request.verify {
        Verify::Skip => verify::Checked {
            handed: finish(&mut bundle, None)?,
            warnings: Vec::new(),
            pruned: None,
            migrated: None,
        },
        Verify::TypeCheck => verify::verify(&mut bundle, check(Emit::Metadata), &finish)?,
        Verify::Build => verify::verify(&mut bundle, check(Emit::Binary), &finish)?,
    };
    let verify::Checked {
        handed: fit::Handed { text, here },
        warnings,
        pruned,
        migrated,
    } = checked;
    let mut notes: Vec<String> = migrated.into_iter().collect();
    notes.extend(fitted.into_inner());
    let left_to_judge = crate::profile::provided::used(profile, &text);
    if !left_to_judge.is_empty() {
        notes.push(format!(
            "left to {}, which provides them: {}",
            profile.title,
            left_to_judge
                .iter()
                .map(|c| provided_note(profile, c, &provided))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    Ok(Verified {
        text,
        here,
        target,
        notes,
        warnings,
        pruned,
    })
}

/// `proconio 0.5.0`, or `proconio 0.4.5 (AtCoder's is =0.5.0)` when the version in the
/// package's graph (the first of `packages`, `name version` each, of that name) is not one
/// the judge's requirement takes (DMOJ's `rand 0.8` takes 0.8.5); the judge's version for a
/// crate not in the graph.
fn provided_note(profile: &Profile, c: &Provided, packages: &[String]) -> String {
    use cargo_metadata::semver::{Version, VersionReq};
    let judges = c.version.trim_start_matches('=');
    let ours = packages.iter().find_map(|p| {
        p.split_once(' ')
            .filter(|(name, _)| *name == c.package)
            .map(|(_, version)| version)
    });
    let taken = |version: &str| match (VersionReq::parse(c.version), Version::parse(version)) {
        (Ok(requirement), Ok(version)) => requirement.matches(&version),
        _ => version == judges,
    };
    match ours {
        Some(version) if !taken(version) => {
            format!(
                "{} {version} ({}'s is {})",
                c.package, profile.title, c.version
            )
        }
        Some(version) => format!("{} {version}", c.package),
        None => format!("{} {judges}", c.package),
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
        Libraries::Manifest(manifest) => (
            CrateGraph::from_package(manifest, Some(anchor))?,
            Some(manifest.clone()),
        ),
        Libraries::Auto => match crates::enclosing_package(anchor) {
            Some(manifest) => (
                CrateGraph::from_package(&manifest, Some(anchor))?,
                Some(manifest),
            ),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_provided_crate_is_noted_at_the_packages_version_and_the_judges_where_it_differs() {
        let note = |judge: &str, name: &str, packages: &[&str]| {
            let profile = Profile::named(judge).unwrap();
            let packages: Vec<String> = packages.iter().map(|p| p.to_string()).collect();
            provided_note(profile, profile.provides(name).unwrap(), &packages)
        };
        assert_eq!(
            note("atcoder", "proconio", &["either 1.9.0", "proconio 0.4.5"]),
            "proconio 0.4.5 (AtCoder's is =0.5.0)"
        );
        assert_eq!(
            note("atcoder", "proconio", &["proconio 0.5.0"]),
            "proconio 0.5.0"
        );
        // DMOJ's requirement `0.8` takes any 0.8.x.
        assert_eq!(note("dmoj", "rand", &["rand 0.8.5"]), "rand 0.8.5");
        assert_eq!(
            note("dmoj", "rand", &["rand 0.9.2"]),
            "rand 0.9.2 (DMOJ's is 0.8)"
        );
        // Not in the package: the judge's own.
        assert_eq!(note("atcoder", "itertools", &[]), "itertools 0.14.0");
    }
}
