//! Which crates a bundle draws from, as Cargo would build them: each crate's name, root file,
//! edition, enabled features and dependencies (by the names its code uses for them).
//!
//! A library without dependencies is read from its own `Cargo.toml` (fast: no process). Any
//! other graph comes from `cargo metadata`, which resolves registry and path dependencies,
//! renames and feature unification exactly as a Cargo build would; it runs `--offline` first,
//! so fetched sources suffice, and online only when that fails.

use super::ids::CrateId;
use super::source::{self, SourceError};
use super::{Error, ErrorKind};
use cargo_metadata::cargo_platform::Platform;
use cargo_metadata::{
    DepKindInfo, DependencyKind, Metadata, MetadataCommand, Node, Package, PackageId, Target,
    TargetKind,
};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Edition {
    E2015,
    E2018,
    E2021,
    E2024,
}

impl Edition {
    /// The edition a manifest's `edition = "..."` names (2015 for anything else, as Cargo's
    /// default).
    pub fn parse(text: &str) -> Edition {
        match text {
            "2018" => Edition::E2018,
            "2021" => Edition::E2021,
            "2024" => Edition::E2024,
            _ => Edition::E2015,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Edition::E2015 => "2015",
            Edition::E2018 => "2018",
            Edition::E2021 => "2021",
            Edition::E2024 => "2024",
        }
    }
}

/// One library crate of the graph.
#[derive(Debug, Clone)]
pub struct CrateSpec {
    /// The name code uses for it (`[lib] name`, else the package name with `-` as `_`).
    pub name: String,
    /// `name version`, for messages.
    pub package: String,
    /// The folder of its `Cargo.toml`.
    pub dir: PathBuf,
    /// Its root file (`src/lib.rs` unless `[lib] path` says otherwise).
    pub root: PathBuf,
    pub edition: Edition,
    pub features: BTreeSet<String>,
    /// Its dependencies by the name its code uses for each.
    pub deps: BTreeMap<String, CrateId>,
    /// Its proc-macro dependencies, which no bundle can carry, by the name its code uses.
    pub proc_macros: BTreeMap<String, ProcMacro>,
    /// Its manifest's `license` (an SPDX expression) and `license-file`.
    pub license: Option<String>,
    pub license_file: Option<PathBuf>,
    /// Its build script's source, if it has one.
    pub build_script: Option<PathBuf>,
    /// The cfg predicate under which Cargo builds it, when every way to it is a dependency
    /// for some platforms only (`unix` for libc under getrandom); `None` when always built.
    pub built_where: Option<String>,
}

/// A proc-macro crate of the graph: left out, an error only when a bundle needs it.
#[derive(Debug, Clone)]
pub struct ProcMacro {
    /// `name version`.
    pub package: String,
    pub dir: PathBuf,
}

impl ProcMacro {
    pub fn error(&self) -> Error {
        proc_macro(&self.package, &self.dir)
    }
}

/// The crates a solution may use, and those they depend on.
#[derive(Debug, Clone, Default)]
pub struct CrateGraph {
    /// Indexed by [`CrateId`].
    pub crates: Vec<CrateSpec>,
    /// The crates the solution itself names, by the name it uses for each.
    pub roots: BTreeMap<String, CrateId>,
    /// The proc-macro crates among them.
    pub proc_macro_roots: BTreeMap<String, ProcMacro>,
}

/// Features asked for on the command line, for the libraries given with `--lib`.
#[derive(Debug, Clone, Default)]
pub struct FeatureRequest {
    pub features: Vec<String>,
    pub no_default_features: bool,
    pub all_features: bool,
}

impl CrateGraph {
    /// The libraries in `dirs` (each holding a `Cargo.toml`) and everything they depend on.
    pub fn from_libs(dirs: &[PathBuf], request: &FeatureRequest) -> Result<CrateGraph, Error> {
        let mut manifests = Vec::new();
        for dir in dirs {
            let manifest = Manifest::read(dir)?.library()?;
            if manifest.proc_macro {
                return Err(proc_macro(&manifest.package, dir));
            }
            manifests.push(manifest);
        }
        if manifests.iter().all(|m| !m.has_dependencies) {
            let mut graph = CrateGraph::default();
            for manifest in manifests {
                let features = manifest.enabled(request);
                graph
                    .roots
                    .insert(manifest.name.clone(), CrateId(graph.crates.len()));
                graph.crates.push(manifest.into_spec(features));
            }
            return Ok(graph);
        }
        // A package that depends on each library as asked, for Cargo to resolve: kept in the
        // cache folder (so its answer is cached too), else thrown away.
        let mut toml = String::from(
            "[package]\nname = \"bundler-libraries\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n\
             [lib]\npath = \"lib.rs\"\n\n[workspace]\n\n[dependencies]\n",
        );
        for (i, manifest) in manifests.iter().enumerate() {
            let features: Vec<String> = if request.all_features {
                manifest.features.keys().map(|f| format!("{f:?}")).collect()
            } else {
                request.features.iter().map(|f| format!("{f:?}")).collect()
            };
            toml += &format!(
                "lib{i} = {{ package = {:?}, path = {:?}, default-features = {}, features = [{}] }}\n",
                manifest.package_name,
                std::path::absolute(&manifest.dir)
                    .unwrap_or_else(|_| manifest.dir.clone())
                    .display()
                    .to_string(),
                !request.no_default_features,
                features.join(", ")
            );
        }
        let temp;
        let dir = match crate::dirs::cache_dir() {
            Some(cache) => cache.join(format!("libraries-{}", crate::dirs::cache_key(&toml))),
            None => {
                temp = tempfile::tempdir().map_err(ErrorKind::Cargo)?;
                temp.path().to_path_buf()
            }
        };
        std::fs::create_dir_all(&dir).map_err(ErrorKind::Cargo)?;
        // Written only when new: a fresh write would invalidate the cached answer.
        if std::fs::read_to_string(dir.join("Cargo.toml"))
            .ok()
            .as_deref()
            != Some(&toml)
        {
            std::fs::write(dir.join("Cargo.toml"), &toml).map_err(ErrorKind::Cargo)?;
            std::fs::write(dir.join("lib.rs"), "").map_err(ErrorKind::Cargo)?;
        }
        let mut graph = from_metadata(&dir.join("Cargo.toml"))?;
        // The solution names each library by its own crate name, not `lib<i>`.
        graph.roots = std::mem::take(&mut graph.roots)
            .into_values()
            .map(|c| (graph.crates[c.0].name.clone(), c))
            .collect();
        Ok(graph)
    }

    /// The dependencies of the Cargo package whose manifest is `manifest` (the package a
    /// solution belongs to), as that package's build of `solution` would see them: with the
    /// package's own library, which its binaries use by its name as Cargo gives it to them,
    /// and its dev-dependencies when `solution` is one of its examples, tests or benches.
    pub fn from_package(manifest: &Path, solution: Option<&Path>) -> Result<CrateGraph, Error> {
        let manifest = &std::path::absolute(manifest).unwrap_or_else(|_| manifest.to_path_buf());
        let dir = manifest.parent().unwrap_or(Path::new("."));
        let mut package = Manifest::read(dir)?;
        // Which target the solution is, with its dev-dependencies, only Cargo knows.
        if package.has_dev_dependencies && solution.is_some() {
            return graph_of_metadata(&metadata(manifest)?, manifest, solution);
        }
        // Fast path: every dependency a path to a crate without dependencies of its own.
        if let Some(paths) = package.path_dependencies.take() {
            let mut graph = CrateGraph::default();
            for (dep_dir, features, default) in paths.values() {
                let dep = Manifest::read(&dir.join(dep_dir))?.library()?;
                if dep.has_dependencies || dep.proc_macro {
                    return from_metadata(manifest);
                }
                let request = FeatureRequest {
                    features: features.clone(),
                    no_default_features: !default,
                    all_features: false,
                };
                let features = dep.enabled(&request);
                // Not renamed (a rename goes to `cargo metadata`), so code names it by its
                // lib name, `ac_library` for the package `ac-library-rs`.
                graph
                    .roots
                    .insert(dep.name.clone(), CrateId(graph.crates.len()));
                graph.crates.push(dep.into_spec(features));
            }
            if package.root.is_file() && !package.proc_macro {
                let features = package.enabled(&FeatureRequest::default());
                let mut own = package.into_spec(features);
                own.deps = graph.roots.clone();
                graph
                    .roots
                    .entry(own.name.clone())
                    .or_insert(CrateId(graph.crates.len()));
                graph.crates.push(own);
            }
            return Ok(graph);
        }
        from_metadata(manifest)
    }
}

/// The manifest of the Cargo package a solution file belongs to, if it has dependencies or a
/// library of its own (other than the file itself): the nearest `Cargo.toml` with a
/// `[package]` above the file.
pub fn enclosing_package(solution: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(solution).ok()?;
    for dir in absolute.ancestors().skip(1) {
        let manifest = dir.join("Cargo.toml");
        if manifest.is_file() {
            let table = source::read_manifest(&manifest).ok()?;
            if table.contains_key("package") {
                let has_deps = table
                    .get("dependencies")
                    .and_then(|d| d.as_table())
                    .is_some_and(|d| !d.is_empty());
                let has_lib = source::library_name_and_root(&table, dir, &manifest)
                    .is_ok_and(|(_, root)| root.is_file() && root != absolute);
                return (has_deps || has_lib).then_some(manifest);
            }
        }
    }
    None
}

fn proc_macro(package: &str, dir: &Path) -> Error {
    ErrorKind::ProcMacro {
        package: package.to_string(),
        dir: dir.to_path_buf(),
    }
    .into()
}

/// A dependency by path: its folder, the features asked of it, whether with its defaults.
type PathDependency = (PathBuf, Vec<String>, bool);

/// What the bundler reads of a `Cargo.toml` itself.
struct Manifest {
    dir: PathBuf,
    name: String,
    package_name: String,
    package: String,
    root: PathBuf,
    edition: Edition,
    features: toml::Table,
    proc_macro: bool,
    /// Any non-dev dependency, optional or for some target only.
    has_dependencies: bool,
    /// Any dev-dependency, for some target only or not.
    has_dev_dependencies: bool,
    /// When every dependency is a plain path dependency: dependency key to (path, features,
    /// default features).
    path_dependencies: Option<BTreeMap<String, PathDependency>>,
    license: Option<String>,
    license_file: Option<PathBuf>,
    build_script: Option<PathBuf>,
}

impl Manifest {
    fn read(dir: &Path) -> Result<Manifest, Error> {
        let path = dir.join("Cargo.toml");
        if !path.is_file() {
            return Err(ErrorKind::NotALibrary {
                dir: dir.to_path_buf(),
                missing: "Cargo.toml",
            }
            .into());
        }
        let table = source::read_manifest(&path)?;
        let get = |t: &str, key: &str| table.get(t).and_then(|t| t.get(key)).cloned();
        let package_name = get("package", "name")
            .and_then(|n| n.as_str().map(str::to_string))
            .ok_or_else(|| SourceError::NoCrateName { path: path.clone() })?;
        let (name, root) = source::library_name_and_root(&table, dir, &path)?;
        let version = get("package", "version")
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        let edition = match get("package", "edition") {
            Some(toml::Value::String(e)) => Edition::parse(&e),
            Some(toml::Value::Table(t)) if t.get("workspace").is_some() => {
                workspace_edition(dir).unwrap_or(Edition::E2015)
            }
            _ => Edition::E2015,
        };
        let proc_macro = get("lib", "proc-macro")
            .or_else(|| get("lib", "proc_macro"))
            .and_then(|v| v.as_bool())
            .unwrap_or(false);
        let deps = table.get("dependencies").and_then(|d| d.as_table());
        let declares = |key: &str| {
            let listed = |t: &toml::Value| t.as_table().is_some_and(|d| !d.is_empty());
            table.get(key).is_some_and(listed)
                || table
                    .get("target")
                    .and_then(|t| t.as_table())
                    .is_some_and(|targets| targets.values().any(|t| t.get(key).is_some_and(listed)))
        };
        let has_dependencies = declares("dependencies");
        let has_dev_dependencies = declares("dev-dependencies") || declares("dev_dependencies");
        let path_dependencies = (!table.contains_key("target"))
            .then(|| {
                let mut out = BTreeMap::new();
                for (key, value) in deps.into_iter().flatten() {
                    let spec = value.as_table()?;
                    let path = spec.get("path")?.as_str()?;
                    if spec.get("optional").and_then(|o| o.as_bool()) == Some(true) {
                        return None;
                    }
                    let features = spec
                        .get("features")
                        .and_then(|f| f.as_array())
                        .map(|f| {
                            f.iter()
                                .filter_map(|f| f.as_str().map(str::to_string))
                                .collect()
                        })
                        .unwrap_or_default();
                    let default = spec
                        .get("default-features")
                        .and_then(|d| d.as_bool())
                        .unwrap_or(true);
                    // A `package = ..` rename needs the dependency's own name: Cargo knows.
                    if spec.contains_key("package") {
                        return None;
                    }
                    out.insert(key.clone(), (PathBuf::from(path), features, default));
                }
                Some(out)
            })
            .flatten();
        let text_of = |key: &str| get("package", key).and_then(|v| v.as_str().map(str::to_string));
        Ok(Manifest {
            license: text_of("license"),
            license_file: text_of("license-file").map(|f| dir.join(f)),
            // `build = "file"`, else a `build.rs` beside the manifest (`build = false`: none).
            build_script: match get("package", "build") {
                Some(toml::Value::String(file)) => Some(dir.join(file)),
                Some(_) => None,
                None => Some(dir.join("build.rs")).filter(|f| f.is_file()),
            },
            dir: dir.to_path_buf(),
            name,
            package: format!("{package_name} {version}"),
            package_name,
            root,
            edition,
            features: table
                .get("features")
                .and_then(|f| f.as_table())
                .cloned()
                .unwrap_or_default(),
            proc_macro,
            has_dependencies,
            has_dev_dependencies,
            path_dependencies,
        })
    }

    /// This manifest, if it is a library's.
    fn library(self) -> Result<Manifest, Error> {
        if !self.root.is_file() {
            return Err(ErrorKind::NotALibrary {
                dir: self.dir,
                missing: "src/lib.rs",
            }
            .into());
        }
        Ok(self)
    }

    /// The features enabled for this crate (which has no dependencies) under `request`: those
    /// asked for and `default` unless declined, closed under what each feature enables.
    fn enabled(&self, request: &FeatureRequest) -> BTreeSet<String> {
        let mut todo: Vec<String> = if request.all_features {
            self.features.keys().cloned().collect()
        } else {
            request.features.clone()
        };
        if !request.no_default_features && self.features.contains_key("default") {
            todo.push("default".into());
        }
        let mut on = BTreeSet::new();
        while let Some(feature) = todo.pop() {
            if !on.insert(feature.clone()) {
                continue;
            }
            if let Some(implied) = self.features.get(&feature).and_then(|f| f.as_array()) {
                todo.extend(
                    implied
                        .iter()
                        .filter_map(|f| f.as_str().map(str::to_string)),
                );
            }
        }
        on
    }

    fn into_spec(self, features: BTreeSet<String>) -> CrateSpec {
        CrateSpec {
            name: self.name,
            package: self.package,
            dir: self.dir,
            root: self.root,
            edition: self.edition,
            features,
            deps: BTreeMap::new(),
            proc_macros: BTreeMap::new(),
            license: self.license,
            license_file: self.license_file,
            build_script: self.build_script,
            built_where: None,
        }
    }
}

/// `[workspace.package] edition` of the nearest workspace above `dir`.
fn workspace_edition(dir: &Path) -> Option<Edition> {
    for ancestor in dir.ancestors().skip(1) {
        let path = ancestor.join("Cargo.toml");
        if let Ok(table) = source::read_manifest(&path) {
            if let Some(workspace) = table.get("workspace") {
                let edition = workspace.get("package")?.get("edition")?.as_str()?;
                return Some(Edition::parse(edition));
            }
        }
    }
    None
}

/// The host's target triple, so that `cargo metadata` leaves out other platforms'
/// dependencies (which an offline machine has not fetched).
fn host_triple() -> Option<String> {
    let output = Command::new("rustc").arg("-vV").output().ok()?;
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
}

/// Runs `cargo metadata` on `manifest` and reads the graph below its package: the package's
/// normal dependencies are the roots.
fn from_metadata(manifest: &Path) -> Result<CrateGraph, Error> {
    graph_of_metadata(&metadata(manifest)?, manifest, None)
}

/// What `cargo metadata` says of the package whose manifest is `manifest` and of every package
/// it depends on (dev-dependencies too), for the host. The answer is kept in the cache folder
/// until a file it was drawn from changes; Cargo runs `--offline` first.
pub fn metadata(manifest: &Path) -> Result<Metadata, Error> {
    let canonical = std::fs::canonicalize(manifest).unwrap_or_else(|_| manifest.to_path_buf());
    let cache = crate::dirs::cache_dir().map(|d| {
        d.join(format!(
            "metadata-{}.json",
            crate::dirs::cache_key(&canonical.display().to_string())
        ))
    });
    if let Some(metadata) = cache.as_deref().and_then(cached_metadata) {
        return Ok(metadata);
    }
    let run = |offline: bool| {
        let mut options = Vec::new();
        if let Some(host) = host_triple() {
            options.extend(["--filter-platform".to_string(), host]);
        }
        if offline {
            options.push("--offline".to_string());
        }
        MetadataCommand::new()
            .cargo_path(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
            .manifest_path(manifest)
            .other_options(options)
            .cargo_command()
            .output()
    };
    let mut output = run(true).map_err(ErrorKind::Cargo)?;
    if !output.status.success() {
        output = run(false).map_err(ErrorKind::Cargo)?;
    }
    if !output.status.success() {
        return Err(ErrorKind::Metadata {
            manifest: manifest.to_path_buf(),
            stderr: String::from_utf8_lossy(&output.stderr).trim().to_string(),
        }
        .into());
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let metadata = MetadataCommand::parse(&text).map_err(|e| ErrorKind::Metadata {
        manifest: manifest.to_path_buf(),
        stderr: e.to_string(),
    })?;
    if let Some(cache) = cache {
        // Cargo's text as it came (it parsed, so it is one JSON value), not a re-serialization.
        let entry = format!(
            "{{\"stamps\":{},\"metadata\":{}}}",
            stamps(&metadata, manifest),
            text.trim()
        );
        // Best effort: a cache that cannot be written is only slower.
        let _ = crate::atomic::write_files(&[(&cache, entry.as_bytes())]);
    }
    Ok(metadata)
}

/// A file's modification time and length, to tell whether it changed.
pub fn stamp(path: &Path) -> Option<(u128, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    let modified = meta
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?;
    Some((modified.as_nanos(), meta.len()))
}

/// The files whose change makes an answer stale: the manifest asked about, the workspace's
/// lock file, and the manifest of every package Cargo reads by path (registry sources do not
/// change).
fn stamps(metadata: &Metadata, manifest: &Path) -> serde_json::Value {
    let mut files = vec![
        manifest.to_path_buf(),
        metadata.workspace_root.join("Cargo.lock").into(),
    ];
    for package in &metadata.packages {
        if package.source.is_none() {
            files.push(package.manifest_path.clone().into());
        }
    }
    files
        .into_iter()
        .map(|f| {
            let (modified, len) = stamp(&f).unwrap_or((0, 0));
            serde_json::json!([f.display().to_string(), modified.to_string(), len])
        })
        .collect()
}

/// A cache entry: each stamped file as (path, modification time in nanoseconds, length), and
/// Cargo's answer.
#[derive(serde::Deserialize)]
struct CachedMetadata {
    stamps: Vec<(PathBuf, String, u64)>,
    metadata: Metadata,
}

/// The cached answer in `file`, if none of the files it depends on changed since.
fn cached_metadata(file: &Path) -> Option<Metadata> {
    let entry: CachedMetadata = serde_json::from_slice(&std::fs::read(file).ok()?).ok()?;
    for (path, modified, len) in &entry.stamps {
        let now = stamp(path).unwrap_or((0, 0));
        if (modified, *len) != (&now.0.to_string(), now.1) {
            return None;
        }
    }
    Some(entry.metadata)
}

/// The first library target of `package`, of any crate type (`lib`, `rlib`, `proc-macro`..).
pub fn library_target(package: &Package) -> Option<&Target> {
    package.targets.iter().find(|t| {
        t.kind.iter().any(|k| {
            !matches!(
                k,
                TargetKind::Bin
                    | TargetKind::Example
                    | TargetKind::Test
                    | TargetKind::Bench
                    | TargetKind::CustomBuild
            )
        })
    })
}

/// The graph below the package of `manifest`, as Cargo builds its target `solution`: its
/// normal dependencies are the roots, and its dev-dependencies too for an example, a test or
/// a bench.
fn graph_of_metadata(
    metadata: &Metadata,
    manifest: &Path,
    solution: Option<&Path>,
) -> Result<CrateGraph, Error> {
    let bad = |what: &str| -> Error {
        ErrorKind::Metadata {
            manifest: manifest.to_path_buf(),
            stderr: format!("unexpected output of cargo metadata: {what}"),
        }
        .into()
    };
    let packages: BTreeMap<&PackageId, &Package> =
        metadata.packages.iter().map(|p| (&p.id, p)).collect();
    let nodes: BTreeMap<&PackageId, &Node> = metadata
        .resolve
        .as_ref()
        .ok_or_else(|| bad("no resolve"))?
        .nodes
        .iter()
        .map(|n| (&n.id, n))
        .collect();
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let wanted = canonical(manifest);
    let root = packages
        .values()
        .find(|p| canonical(p.manifest_path.as_std_path()) == wanted)
        .map(|p| &p.id)
        .ok_or_else(|| bad("the package itself is missing"))?;
    let features_of = |id: &PackageId| -> Vec<String> {
        nodes
            .get(id)
            .map(|n| n.features.iter().map(|f| f.to_string()).collect())
            .unwrap_or_default()
    };
    // Dependencies of a node of the kinds asked (not build ones): extern name (a rename's,
    // not the package's), package id, and the cfg of the platforms it is for (`None`: all). A
    // Cargo too old to say kinds lists only normal ones.
    let deps_of = |id: &PackageId, dev: bool| -> Vec<(String, &PackageId, Option<String>)> {
        nodes
            .get(id)
            .map(|n| n.deps.as_slice())
            .unwrap_or_default()
            .iter()
            .filter_map(|d| {
                if d.dep_kinds.is_empty() {
                    return Some((d.name.clone(), &d.pkg, None));
                }
                let kinds: Vec<&DepKindInfo> = d
                    .dep_kinds
                    .iter()
                    .filter(|k| {
                        k.kind == DependencyKind::Normal
                            || dev && k.kind == DependencyKind::Development
                    })
                    .collect();
                let platforms: Option<Vec<String>> = kinds
                    .iter()
                    .map(|k| platform_cfg(k.target.as_ref()?))
                    .collect();
                (!kinds.is_empty()).then(|| (d.name.clone(), &d.pkg, platforms.map(any_of)))
            })
            .collect()
    };
    let normal_deps = |id: &PackageId| deps_of(id, false);
    let dev_target = solution.is_some_and(|solution| {
        let solution = canonical(solution);
        packages[root].targets.iter().any(|t| {
            let dev = [TargetKind::Example, TargetKind::Test, TargetKind::Bench];
            t.kind.iter().any(|k| dev.contains(k))
                && canonical(t.src_path.as_std_path()) == solution
        })
    });
    let mut graph = CrateGraph::default();
    let mut index: BTreeMap<PackageId, CrateId> = BTreeMap::new();
    let mut todo: Vec<PackageId> = Vec::new();
    let add = |id: &PackageId,
               graph: &mut CrateGraph,
               index: &mut BTreeMap<PackageId, CrateId>,
               todo: &mut Vec<PackageId>|
     -> Result<Result<CrateId, ProcMacro>, Error> {
        if let Some(&i) = index.get(id) {
            return Ok(Ok(i));
        }
        let package = packages
            .get(id)
            .ok_or_else(|| bad("a dependency has no package"))?;
        // One crate however it is reached: a `--lib` folder that is also another `--lib`'s
        // dependency from the registry (rand_core beside rand_pcg) is two packages to Cargo,
        // with one manifest; one module for both, or one's impls miss the other's types.
        let same = graph
            .crates
            .iter()
            .position(|c| c.dir.join("Cargo.toml") == package.manifest_path)
            .map(CrateId);
        if let Some(i) = same {
            graph.crates[i.0].features.extend(features_of(id));
            index.insert(id.clone(), i);
            todo.push(id.clone());
            return Ok(Ok(i));
        }
        let dir = package
            .manifest_path
            .parent()
            .map_or_else(|| PathBuf::from("."), |d| d.as_std_path().to_path_buf());
        let Some(lib) = library_target(package) else {
            return Err(ErrorKind::NotALibrary {
                dir,
                missing: "library target",
            }
            .into());
        };
        let name_version = format!("{} {}", package.name, package.version);
        if lib.is_proc_macro() {
            // Left out: an error only if a bundle turns out to need it.
            return Ok(Err(ProcMacro {
                package: name_version,
                dir,
            }));
        }
        let i = CrateId(graph.crates.len());
        graph.crates.push(CrateSpec {
            name: lib.name.replace('-', "_"),
            package: name_version,
            root: lib.src_path.as_std_path().to_path_buf(),
            edition: Edition::parse(lib.edition.as_str()),
            features: features_of(id).into_iter().collect(),
            deps: BTreeMap::new(),
            proc_macros: BTreeMap::new(),
            license: package.license.clone(),
            license_file: package.license_file.as_ref().map(|f| dir.join(f)),
            build_script: package
                .targets
                .iter()
                .find(|t| t.kind.contains(&TargetKind::CustomBuild))
                .map(|t| t.src_path.as_std_path().to_path_buf()),
            built_where: None,
            dir,
        });
        index.insert(id.clone(), i);
        todo.push(id.clone());
        Ok(Ok(i))
    };
    let mut edges: Vec<Edge> = Vec::new();
    for (name, id, platform) in deps_of(root, dev_target) {
        match add(id, &mut graph, &mut index, &mut todo)? {
            Ok(i) => {
                edges.push((None, i, platform));
                graph.roots.insert(name, i);
            }
            Err(proc_macro) => {
                graph.proc_macro_roots.insert(name, proc_macro);
            }
        }
    }
    // The package's own library, for its binaries (its dependencies are the package's).
    if packages[root]
        .targets
        .iter()
        .any(|t| t.kind.contains(&TargetKind::Lib) || t.kind.contains(&TargetKind::RLib))
    {
        if let Ok(i) = add(root, &mut graph, &mut index, &mut todo)? {
            edges.push((None, i, None));
            let name = graph.crates[i.0].name.clone();
            graph.roots.entry(name).or_insert(i);
        }
    }
    while let Some(id) = todo.pop() {
        let from = index[&id];
        for (name, dep, platform) in normal_deps(&id) {
            match add(dep, &mut graph, &mut index, &mut todo)? {
                Ok(i) => {
                    edges.push((Some(from), i, platform));
                    graph.crates[from.0].deps.insert(name, i);
                }
                Err(proc_macro) => {
                    graph.crates[from.0].proc_macros.insert(name, proc_macro);
                }
            }
        }
    }
    for (spec, built_where) in graph.crates.iter_mut().zip(built_where(&edges)) {
        spec.built_where = built_where;
    }
    Ok(graph)
}

/// The cfg predicate of a dependency's `[target.'cfg(..)'.dependencies]` table; `None` for a
/// target named by its triple, which no cfg states exactly (the crate is then kept for all).
fn platform_cfg(platform: &Platform) -> Option<String> {
    match platform {
        Platform::Cfg(expr) => Some(expr.to_string()),
        Platform::Name(_) => None,
    }
}

/// One predicate true where any of `predicates` is.
fn any_of(mut predicates: Vec<String>) -> String {
    predicates.sort();
    predicates.dedup();
    match predicates.as_slice() {
        [one] => one.clone(),
        _ => format!("any({})", predicates.join(", ")),
    }
}

/// A dependency edge between crates of a graph (from `None`: from the package itself), with
/// the cfg predicate of the platforms it is for (`None`: all).
type Edge = (Option<CrateId>, CrateId, Option<String>);

/// Where Cargo builds each crate (indexed by [`CrateId`]), from the graph's dependency edges:
/// a crate is built where one of its dependents is and the edge from it is for that platform.
/// More than a few ways to a crate, each for other platforms, count as everywhere: a
/// predicate that long would cost more text than it can save.
fn built_where(edges: &[Edge]) -> Vec<Option<String>> {
    const MOST_WAYS: usize = 4;
    #[derive(Clone, PartialEq)]
    enum Where {
        Nowhere,
        Always,
        Under(BTreeSet<String>),
    }
    let count = edges.iter().map(|e| e.1 .0 + 1).max().unwrap_or(0);
    let mut wheres = vec![Where::Nowhere; count];
    loop {
        let mut changed = false;
        for (from, to, platform) in edges {
            let parent = from.map_or(Where::Always, |p| wheres[p.0].clone());
            let reached = match (parent, platform) {
                (Where::Nowhere, _) => continue,
                (Where::Always, None) => Where::Always,
                (Where::Always, Some(p)) => Where::Under(BTreeSet::from([p.clone()])),
                (Where::Under(ways), None) => Where::Under(ways),
                (Where::Under(ways), Some(p)) => {
                    Where::Under(ways.iter().map(|w| format!("all({w}, {p})")).collect())
                }
            };
            let joined = match (&wheres[to.0], reached) {
                (Where::Always, _) | (_, Where::Always) => Where::Always,
                (Where::Nowhere, reached) => reached,
                (Where::Under(old), Where::Under(new)) => {
                    let ways: BTreeSet<String> = old.union(&new).cloned().collect();
                    if ways.len() > MOST_WAYS {
                        Where::Always
                    } else {
                        Where::Under(ways)
                    }
                }
                (old, Where::Nowhere) => old.clone(),
            };
            if joined != wheres[to.0] {
                wheres[to.0] = joined;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    wheres
        .into_iter()
        .map(|w| match w {
            Where::Under(ways) => Some(any_of(ways.into_iter().collect())),
            Where::Nowhere | Where::Always => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What is tested, the edges, and where each crate is built.
    type Row<'a> = (&'a str, Vec<Edge>, Vec<Option<&'a str>>);

    fn edge(from: Option<usize>, to: usize, platform: Option<&str>) -> Edge {
        (from.map(CrateId), CrateId(to), platform.map(str::to_string))
    }

    #[test]
    fn a_crate_is_built_where_some_way_to_it_is() {
        let unix = Some("unix");
        let linux = Some("target_os = \"linux\"");
        let table: &[Row] = &[
            ("always", vec![edge(None, 0, None)], vec![None]),
            ("one platform", vec![edge(None, 0, unix)], vec![unix]),
            (
                "through a crate for one platform",
                vec![edge(None, 0, unix), edge(Some(0), 1, None)],
                vec![unix, unix],
            ),
            (
                "for a platform below a crate for another",
                vec![edge(None, 0, unix), edge(Some(0), 1, linux)],
                vec![unix, Some("all(unix, target_os = \"linux\")")],
            ),
            (
                "two ways, each for a platform",
                vec![
                    edge(None, 0, None),
                    edge(Some(0), 1, unix),
                    edge(None, 1, linux),
                ],
                vec![None, Some("any(target_os = \"linux\", unix)")],
            ),
            (
                "one way for all platforms wins",
                vec![
                    edge(None, 0, unix),
                    edge(Some(0), 1, linux),
                    edge(None, 1, None),
                ],
                vec![unix, None],
            ),
            (
                // Written before the edge that reaches its dependent: still followed.
                "edges in any order",
                vec![edge(Some(1), 0, None), edge(None, 1, unix)],
                vec![unix, unix],
            ),
            (
                "a cycle ends",
                vec![
                    edge(None, 0, unix),
                    edge(Some(0), 1, linux),
                    edge(Some(1), 0, linux),
                ],
                vec![None, None],
            ),
        ];
        for (what, edges, expected) in table {
            let expected: Vec<Option<String>> =
                expected.iter().map(|e| e.map(str::to_string)).collect();
            assert_eq!(&built_where(edges), &expected, "{what}");
        }
    }
}
