//! The command line: argument parsing and one function per subcommand, writing to a given
//! output so tests run exactly what the binary runs.

use crate::bundle::crates::FeatureRequest;
use crate::contest::catalog::{self, Catalog, CatalogError};
use crate::contest::compose;
use crate::contest::notebook::{self, NotebookError};
use crate::contest::scaffold::{self, ScaffoldError};
use crate::contest::snippets::{self, SnippetFormat};
use crate::explore::ExploreError;
use crate::judge::{self, Bundled, JudgeError, JudgeOptions};
use crate::pipeline::{self, Input, Libraries, PipelineError, Request, Verified, Verify};
use crate::profile::{Profile, Target};
use crate::project;
use crate::{atomic, BundleOptions, Error, Library};
use clap::builder::{PathBufValueParser, TypedValueParser};
use clap::{Parser, Subcommand};
use std::fs::Metadata;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(
    name = "grundy",
    version,
    about = "Bundle competitive-programming solutions into one file, judge them, and serve the game-theory templates"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Bundle a solution and the library items it uses into one file for the judge
    Bundle(BundleArgs),
    /// Judge problems: bundle, compile with plain rustc, run every test, print a table
    Test(TestArgs),
    /// List the templates (name, what it computes, time, how it is verified)
    List(ListArgs),
    /// Print templates with everything they use, as one module ready to paste
    Show(ShowArgs),
    /// Write editor snippets: one per template, expanding to what `show` prints
    Snippets(SnippetsArgs),
    /// Write the team notebook: landscape A4, four columns, contents with page numbers
    /// (notebook.html, and notebook.md to read on screen)
    Notebook(NotebookArgs),
    /// Explore a game: Grundy values, their period proven where a theorem allows (or said to
    /// be only observed), the template that answers it, and a paste-ready function
    Explore(ExploreArgs),
    /// Create problems/<ID>/ (main.rs, README.md, tests/) and register it in the workspace
    #[allow(rustdoc::invalid_html_tags)] // `<ID>` is for `--help`, as clap prints it
    New(NewArgs),
    /// Receive problems from Competitive Companion: one problem folder each (samples as
    /// tests, limits in its README), until the batch sent is complete or Ctrl-C
    Receive(ReceiveArgs),
    /// Look for an input the solution fails on: generated inputs (gen.rs or gen.py, run as
    /// `gen SEED`), small first, answered by a brute force (brute.rs or brute.py), the
    /// solution judged as `grundy test` judges it; the first failing input is shrunk and saved
    /// as tests/stress-<k>.in and .out. Exit status: 1 counterexample, 0 none, 2 cannot run
    #[allow(rustdoc::invalid_html_tags)] // `<k>` is for `--help`, as clap prints it
    Stress(StressArgs),
}

#[derive(Debug, clap::Args)]
pub struct StressArgs {
    /// The problem: a folder, or an id as `grundy test` takes them [default: the problem
    /// folder the current directory is in]
    pub problem: Option<String>,
    #[command(flatten)]
    pub problems: ProblemsArg,
    #[command(flatten)]
    pub target: TargetArg,
    /// The brute force [default: brute.rs or brute.py in the problem folder]: a Rust file
    /// (bundled and compiled once), a Python script, or any executable; reads an input on
    /// stdin and prints the right answer
    #[arg(long, value_name = "PATH", value_parser = existing(Metadata::is_file, "file"))]
    pub brute: Option<PathBuf>,
    /// The generator [default: gen.rs or gen.py]: run as `gen SEED`, prints one input, the
    /// same for the same seed; may read GRUNDY_STRESS_SIZE (1, 2, 3, ...) to scale it
    #[arg(long = "gen", value_name = "PATH", value_parser = existing(Metadata::is_file, "file"))]
    pub generator: Option<PathBuf>,
    /// A validator [default: validate.rs or validate.py when there is one]: reads an input on
    /// stdin and exits 0 if and only if it is valid; shrinking keeps to valid inputs
    #[arg(long, value_name = "PATH", value_parser = existing(Metadata::is_file, "file"))]
    pub validate: Option<PathBuf>,
    /// Stop looking after this many runs
    #[arg(long, value_name = "N")]
    pub runs: Option<u64>,
    /// Seconds to look for a counterexample
    #[arg(long, default_value_t = 30.0, value_name = "SECONDS", value_parser = seconds)]
    pub time: f64,
    /// Seconds to shrink it (0: keep the input as found)
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS", value_parser = seconds)]
    pub shrink_time: f64,
    /// The first run's seed; run i has seed SEED + i
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Runs at once [default: one per core]
    #[arg(long, short, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: Option<u64>,
    /// Report the counterexample without saving it into tests/
    #[arg(long)]
    pub no_save: bool,
    /// Write gen.rs and brute.rs to start from into the problem folder (never over a file
    /// there), and stop
    #[arg(long)]
    pub init: bool,
    /// Multiply the time limit by this factor (for a machine slower than the judge's)
    #[arg(long, default_value_t = 1.0, value_name = "FACTOR", value_parser = positive_factor)]
    pub time_factor: f64,
    /// How the solution is isolated, as for `grundy test`
    #[arg(long, default_value = "auto", value_parser = clap::builder::PossibleValuesParser::new(judge::Isolation::NAMES))]
    pub isolation: String,
}

#[derive(Debug, clap::Args)]
pub struct ReceiveArgs {
    /// The port on 127.0.0.1 to listen on; 0 picks a free one and prints it. The default is
    /// in the extension's own list, so it needs no setting; another must be added to its
    /// custom ports
    #[arg(long, default_value_t = crate::contest::receive::DEFAULT_PORT)]
    pub port: u16,
}

#[derive(Debug, clap::Args)]
pub struct BundleArgs {
    /// The solution, e.g. problems/poj2311/main.rs; `-` reads it from stdin (its
    /// libraries then come from the current directory's Cargo package, or our templates)
    #[arg(value_parser = solution_path)]
    pub solution: PathBuf,
    /// Write here (atomically) instead of to stdout
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub libs: LibsArg,
    #[command(flatten)]
    pub target: TargetArg,
    /// Compile and link the bundle as the judge does, not only type-check it
    #[arg(long, conflicts_with = "no_check")]
    pub check: bool,
    /// Write the bundle without type-checking it first (faster; it may not compile)
    #[arg(long)]
    pub no_check: bool,
    /// Keep the bundled crates' doc comments (left out by default: they do not run)
    #[arg(long)]
    pub keep_docs: bool,
    /// The default: the bundled crates' doc comments are left out
    #[arg(long, hide = true, conflicts_with = "keep_docs")]
    pub strip_docs: bool,
    /// Drop comments and every space Rust does not need
    #[arg(long)]
    pub minify: bool,
    /// Keep the bundled crates' code that `main` never reaches (by default the check cuts
    /// what rustc finds unused: functions, methods, types and their impls, traits,
    /// constants, imports)
    #[arg(long)]
    pub keep_unused: bool,
    /// Bundle the crates the judge provides too (AtCoder's, DMOJ's), instead of leaving
    /// `use proconio::...` to the judge's own copy
    #[arg(long)]
    pub bundle_provided: bool,
    /// Leave out the license notice (SPDX id and copyright line) written above each bundled
    /// crate that declares a license (crates the config's `own` names never get one)
    #[arg(long)]
    pub no_license_notices: bool,
}

#[derive(Debug, clap::Args)]
pub struct TestArgs {
    /// Problem ids (folder names under the problems directory); all when none is given
    pub ids: Vec<String>,
    #[command(flatten)]
    pub problems: ProblemsArg,
    #[command(flatten)]
    pub target: TargetArg,
    /// Multiply every time limit by this factor (for a machine slower than the judge's)
    #[arg(long, default_value_t = 1.0, value_name = "FACTOR", value_parser = positive_factor)]
    pub time_factor: f64,
    /// Problems compiled at once
    #[arg(long, short, default_value_t = 2)]
    pub jobs: usize,
    /// How solutions are isolated: the strongest that works here, or the one named (an
    /// error when it does not work here)
    #[arg(long, default_value = "auto", value_parser = clap::builder::PossibleValuesParser::new(judge::Isolation::NAMES))]
    pub isolation: String,
    /// Seconds rustc may take on one bundle (wall time) before the verdict is CE
    #[arg(long, default_value_t = 60, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub compile_time: u64,
    /// MiB of memory rustc may use on one bundle before the verdict is CE
    #[arg(long, default_value_t = 2048, value_name = "MIB", value_parser = clap::value_parser!(u64).range(64..=65536))]
    pub compile_memory: u64,
}

#[derive(Debug, clap::Args)]
pub struct ListArgs {
    /// Only templates whose name, header or usual aliases (take-away, misere, ...) contain
    /// every one of these words (case, accents and `-`/`_` ignored)
    pub words: Vec<String>,
    #[command(flatten)]
    pub lib: LibArg,
}

#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    /// Template names, e.g. wythoff nim
    #[arg(required = true)]
    pub names: Vec<String>,
    #[command(flatten)]
    pub lib: LibArg,
    /// Leave out the doc comments
    #[arg(long)]
    pub strip_docs: bool,
    /// Add the templates to this file instead of printing them: its module from an earlier
    /// `show` or `bundle` is regenerated with its templates and these, the rest is kept
    #[arg(long, value_name = "FILE")]
    pub into: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct SnippetsArgs {
    /// The editor's snippet format: vscode (JSON with comments), ultisnips or neosnippet
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(SnippetFormat::NAMES))]
    pub format: String,
    /// Merge into this file (created if missing): grundy's entries from an earlier run are
    /// replaced, every other entry is kept; `-` for stdout
    #[arg(short, long, value_name = "FILE", conflicts_with = "install")]
    pub output: Option<PathBuf>,
    /// Merge into grundy's own file in the editor's user folder: VS Code
    /// CONFIG/Code/User/snippets/grundy.code-snippets (CONFIG: ~/.config on Linux), UltiSnips
    /// ~/.vim/UltiSnips/rust_grundy.snippets, neosnippet ~/.vim/neosnippets/rust_grundy.snip
    #[arg(long)]
    pub install: bool,
    /// Leave the doc comments out of the snippet bodies
    #[arg(long)]
    pub strip_docs: bool,
    #[command(flatten)]
    pub lib: LibArg,
}

#[derive(Debug, clap::Args)]
pub struct NotebookArgs {
    /// Templates to print, with the templates they use; all when none is given
    pub names: Vec<String>,
    /// The directory to write into (created if missing)
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,
    /// Header fields printed above each template's code
    #[arg(long, value_enum, value_delimiter = ',', default_values_t = notebook::Field::DEFAULT)]
    pub fields: Vec<notebook::Field>,
    /// Also print notebook.pdf with headless Chromium (which must be installed)
    #[arg(long)]
    pub pdf: bool,
    #[command(flatten)]
    pub lib: LibArg,
    #[command(flatten)]
    pub problems: ProblemsArg,
}

#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("which_game").required(true).args(["subtraction", "octal", "game"])))]
pub struct ExploreArgs {
    /// A finite subtraction set: the numbers of stones a move may take, e.g. 1,3,4
    #[arg(long, value_delimiter = ',', value_name = "MOVES", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub subtraction: Vec<u64>,
    /// An octal code as in the octal template, e.g. 0.77 (Kayles) or 0.137
    #[arg(long, value_name = "CODE")]
    pub octal: Option<String>,
    /// A Rust file defining `fn options(n: u64) -> Vec<Vec<u64>>` (one heap; each option a
    /// list of heaps) or `fn options(a: u64, b: u64) -> Vec<(u64, u64)>` (two heaps),
    /// compiled with plain rustc and run under a time limit
    #[arg(long, value_name = "FILE", value_parser = existing(Metadata::is_file, "file"))]
    pub game: Option<PathBuf>,
    /// Seconds a game's Rust file may run
    #[arg(long, default_value_t = 10, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=600))]
    pub time_limit: u64,
    /// Heaps to compute, 0..N (more proves longer periods), or the N x N board of a
    /// two-heap game [default: what answers in a second or two]
    #[arg(short = 'n', value_parser = clap::value_parser!(u64).range(2..=2_000_000))]
    pub n: Option<u64>,
    /// Also the misere outcomes of single heaps (the last mover loses)
    #[arg(long)]
    pub misere: bool,
    /// Also print a self-contained Rust function G(n) for any n (needs a proven period)
    #[arg(long)]
    pub emit: bool,
    /// Draw a two-heap game's P-positions into FILE, SVG or PNG by its extension
    #[arg(long, value_name = "FILE")]
    pub picture: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct NewArgs {
    /// The problem's id as its judge writes it (poj2311, abc300_a, 1234A): the folder's
    /// name and the Cargo binary's
    #[arg(value_parser = problem_id)]
    pub id: String,
    #[command(flatten)]
    pub problems: ProblemsArg,
}

// `LibArg` and `ProblemsArg` name their ids: both flatten into `notebook`, where the id
// `dir` their fields would share made one option fill both.
#[derive(Debug, clap::Args)]
pub struct LibArg {
    /// The library crate's directory (default: the checkout's `templates/` when the current
    /// directory is in one, else the templates built into the program)
    #[arg(
        id = "lib_dir",
        long = "lib",
        value_name = "DIR",
        value_parser = existing(Metadata::is_dir, "directory")
    )]
    pub dir: Option<PathBuf>,
}

impl LibArg {
    fn dir(&self) -> Result<PathBuf, Error> {
        match &self.dir {
            Some(dir) => Ok(dir.clone()),
            None => project::templates_dir(),
        }
    }
}

/// A finite number above zero (`--time-factor`).
fn positive_factor(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(f) if f.is_finite() && f > 0.0 => Ok(f),
        _ => Err(format!("`{text}` is not a number above zero")),
    }
}

/// A number of seconds, 0 or more (`stress --time`).
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..=1e9).contains(&s) => Ok(s),
        _ => Err(format!("`{text}` is not a number of seconds")),
    }
}

/// A path that names an existing `kind` of file (`is_kind` tells).
fn existing(
    is_kind: fn(&Metadata) -> bool,
    kind: &'static str,
) -> impl TypedValueParser<Value = PathBuf> {
    PathBufValueParser::new().try_map(move |path| match std::fs::metadata(&path) {
        Ok(meta) if is_kind(&meta) => Ok(path),
        Ok(_) => Err(format!("not a {kind}")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(format!("no such {kind}")),
        Err(e) => Err(e.to_string()),
    })
}

/// An existing file, or `-` for stdin (`bundle`'s solution).
fn solution_path(text: &str) -> Result<PathBuf, String> {
    if text == "-" {
        return Ok(PathBuf::from(text));
    }
    match std::fs::metadata(text) {
        Ok(meta) if meta.is_file() => Ok(PathBuf::from(text)),
        Ok(_) => Err("not a file".to_string()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err("no such file".to_string()),
        Err(e) => Err(e.to_string()),
    }
}

/// An id `new` can create (see `scaffold::validate_id`).
fn problem_id(text: &str) -> Result<String, &'static str> {
    scaffold::validate_id(text).map(|()| text.to_string())
}

/// Where a bundle's libraries come from.
#[derive(Debug, clap::Args)]
pub struct LibsArg {
    /// A library crate's directory; repeat for several. Its dependencies come along. Default:
    /// the dependencies of the Cargo package the solution is in, else this workspace's
    /// templates
    #[arg(
        long = "lib",
        value_name = "DIR",
        value_parser = existing(Metadata::is_dir, "directory")
    )]
    pub dirs: Vec<PathBuf>,
    /// The Cargo package whose dependencies are the libraries (its Cargo.toml)
    #[arg(
        long,
        value_name = "PATH",
        conflicts_with = "dirs",
        value_parser = existing(Metadata::is_file, "file")
    )]
    pub manifest_path: Option<PathBuf>,
    /// Features to enable in the `--lib` crates (comma- or space-separated, repeatable)
    #[arg(long, short = 'F', value_name = "FEATURES", value_delimiter = ',')]
    pub features: Vec<String>,
    /// Do not enable the `--lib` crates' default features
    #[arg(long)]
    pub no_default_features: bool,
    /// Enable every feature of the `--lib` crates
    #[arg(long)]
    pub all_features: bool,
}

impl LibsArg {
    /// Where the libraries come from, and the features asked for.
    fn libraries(&self) -> (Libraries, FeatureRequest) {
        let request = FeatureRequest {
            features: self
                .features
                .iter()
                .flat_map(|f| f.split_whitespace())
                .map(str::to_string)
                .collect(),
            no_default_features: self.no_default_features,
            all_features: self.all_features,
        };
        let libraries = if !self.dirs.is_empty() {
            Libraries::Dirs(self.dirs.clone())
        } else if let Some(manifest) = &self.manifest_path {
            Libraries::Manifest(manifest.clone())
        } else {
            Libraries::Auto
        };
        (libraries, request)
    }
}

/// The judge a bundle is for, and its edition.
#[derive(Debug, clap::Args)]
pub struct TargetArg {
    /// The judge to bundle for: its edition, flags, cfgs and provided crates for the check,
    /// and its source-size limit (a longer bundle is an error). Default: `judge` in the
    /// package's [package.metadata.grundy] or in ~/.config/grundy/config.toml, else none
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(Profile::NAMES))]
    pub judge: Option<String>,
    /// The edition to compile in, among those the judge offers (Codeforces: 2021 or 2024).
    /// Default: the solution's package's when the judge offers it, else the judge's first
    #[arg(long, value_parser = ["2015", "2018", "2021", "2024"])]
    pub edition: Option<String>,
}

#[derive(Debug, clap::Args)]
pub struct ProblemsArg {
    /// The problems directory (default: the `problems/` of the checkout the current
    /// directory is in)
    #[arg(
        id = "problems_dir",
        long = "problems",
        value_name = "DIR",
        value_parser = existing(Metadata::is_dir, "directory")
    )]
    pub dir: Option<PathBuf>,
}

/// Parsing and visiting syntax trees recurse: deeply nested code needs a deep stack, which
/// the main thread's 8 MiB is not.
const STACK_BYTES: usize = 512 << 20;

/// The whole program, for the `grundy` and `cargo-grundy` binaries.
pub fn main() -> ExitCode {
    // The judge's supervisor: internal, and single-threaded (it forks), so before anything.
    if let Some(code) = crate::judge::supervise::main_if_asked() {
        return code;
    }
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // `cargo grundy x` runs `cargo-grundy grundy x`.
    if args.get(1).is_some_and(|first| first == "grundy") {
        args.remove(1);
    }
    let cli = Cli::parse_from(args);
    crate::status::show_on_terminal();
    let worker = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(move || match run(cli, &mut std::io::stdout().lock()) {
            Ok(code) => code,
            Err(e) => {
                eprintln!("error: {e}");
                e.exit_code()
            }
        });
    match worker.map(|w| w.join()) {
        Ok(Ok(code)) => code,
        _ => {
            eprintln!("error: grundy failed unexpectedly");
            ExitCode::FAILURE
        }
    }
}

/// Any failure of any subcommand, printed once by `main`.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Bundle(#[from] Error),
    #[error(transparent)]
    Pipeline(#[from] PipelineError),
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error(transparent)]
    Judge(#[from] JudgeError),
    #[error(transparent)]
    Notebook(#[from] NotebookError),
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
    #[error(transparent)]
    Scaffold(#[from] ScaffoldError),
    #[error(transparent)]
    Receive(#[from] crate::contest::receive::ReceiveError),
    #[error(transparent)]
    Write(#[from] atomic::WriteError),
    #[error("cannot write the output: {0}")]
    Output(#[from] io::Error),
    #[error("{}: the output would overwrite the solution itself; name another file", .0.display())]
    OutputIsInput(PathBuf),
    #[error("explore: {0}")]
    Explore(#[from] ExploreError),
    #[error(transparent)]
    StressRun(Box<crate::stress::StressError>),
    /// Any failure of `stress`, whose exit status 1 means a counterexample.
    #[error(transparent)]
    Stress(Box<CliError>),
}

impl From<crate::stress::StressError> for CliError {
    fn from(error: crate::stress::StressError) -> Self {
        CliError::StressRun(Box::new(error))
    }
}

impl CliError {
    /// 130 for a run stopped by a signal, as shells report an interrupted command; 2 for
    /// `stress` (whose 1 means a counterexample); else 1.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Judge(JudgeError::Interrupted) => ExitCode::from(130),
            CliError::StressRun(e) if e.interrupted() => ExitCode::from(130),
            CliError::Stress(inner) => match inner.exit_code() {
                code if code == ExitCode::from(130) => code,
                _ => ExitCode::from(2),
            },
            _ => ExitCode::FAILURE,
        }
    }
}

/// Runs one command; what it prints goes to `out`. The exit code is a failure when `test`
/// finds a problem that is not accepted.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    match cli.command {
        Command::Bundle(args) => bundle(args, out),
        Command::Test(args) => test(args, out),
        Command::List(args) => list(args, out),
        Command::Show(args) => show(args, out),
        Command::Snippets(args) => snippets(args, out),
        Command::Notebook(args) => notebook(args, out),
        Command::Explore(args) => explore(args, out),
        Command::New(args) => new(args, out),
        Command::Receive(args) => receive(args, out),
        Command::Stress(args) => stress(args, out),
    }
}

/// `grundy test`: the exit code is a failure unless every problem is AC.
fn test(
    TestArgs {
        ids,
        problems,
        target,
        time_factor,
        jobs,
        isolation,
        compile_time,
        compile_memory,
    }: TestArgs,
    out: &mut dyn Write,
) -> Result<ExitCode, CliError> {
    let (folders, bundling) = Bundling::for_problems(&ids, &problems, target)?;
    let opts = JudgeOptions {
        compile_jobs: jobs.max(1),
        compile_limits: judge::Limits {
            wall: std::time::Duration::from_secs(compile_time),
            cpu: std::time::Duration::from_secs(compile_time * 2),
            memory: compile_memory << 20,
            ..JudgeOptions::default().compile_limits
        },
        ..bundling.options(time_factor, &isolation)?
    };
    judge::live::stop_on_signals(&opts)?;
    let bundle = |main: &Path| bundling.solution(main);
    let report = judge::live::run_printing(&folders, &bundle, &opts, out)?;
    if !report.all_accepted() {
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// How `test` and `stress` bundle a problem's programs: the solution for the judge and
/// edition the flags ask (the pipeline decides the rest, as for `grundy bundle`), and the
/// libraries (a checkout's problem against its templates, a problem of the user's against
/// its own package's dependencies, our templates without one).
struct Bundling {
    checkout: Option<PathBuf>,
    checkout_libs: Option<PathBuf>,
    asked: TargetArg,
}

impl Bundling {
    /// The problem folders `ids` name (as `grundy test` takes them), and how to bundle them.
    fn for_problems(
        ids: &[String],
        problems: &ProblemsArg,
        target: TargetArg,
    ) -> Result<(Vec<PathBuf>, Bundling), CliError> {
        let cwd = std::env::current_dir().map_err(|source| JudgeError::Io {
            path: PathBuf::from("."),
            source,
        })?;
        let checkout = project::problems_dir();
        let folders = judge::problem::folders_to_judge(
            ids,
            problems.dir.as_deref(),
            checkout.as_deref(),
            &cwd,
        )?;
        let checkout_libs = match &checkout {
            Some(_) => Some(project::templates_dir()?),
            None => None,
        };
        let bundling = Bundling {
            checkout,
            checkout_libs,
            asked: target,
        };
        Ok((folders, bundling))
    }

    /// The options `test` and `stress` judge with.
    fn options(&self, time_factor: f64, isolation: &str) -> Result<JudgeOptions, CliError> {
        Ok(JudgeOptions {
            time_limit_factor: time_factor,
            isolation: Some(judge::Isolation::named(isolation).map_err(JudgeError::Tool)?),
            ..JudgeOptions::default()
        })
    }

    /// The solution's source as the judge compiles it, and what it is compiled as:
    /// unverified (the judge says CE itself).
    fn solution(&self, main: &Path) -> Result<Bundled, String> {
        let (judge, edition) = (&self.asked.judge, &self.asked.edition);
        self.bundle(main, judge.clone(), edition.clone())
            .map(Bundled::from)
    }

    /// A trusted program's source, compiled as checkers are: for no judge, edition 2021.
    fn tool(&self, main: &Path) -> Result<String, String> {
        let verified = self.bundle(main, Some("none".into()), Some("2021".into()))?;
        Ok(verified.text)
    }

    fn bundle(
        &self,
        main: &Path,
        judge: Option<String>,
        edition: Option<String>,
    ) -> Result<Verified, String> {
        let in_checkout = self.checkout.as_deref().is_some_and(|dir| {
            std::path::absolute(main)
                .is_ok_and(|main| main.starts_with(std::path::absolute(dir).unwrap_or_default()))
        });
        let libraries = match &self.checkout_libs {
            Some(dir) if in_checkout => Libraries::Dirs(vec![dir.clone()]),
            _ => Libraries::Auto,
        };
        let request = Request {
            libraries,
            judge,
            edition,
            verify: Verify::Skip,
            ..Request::file(main)
        };
        pipeline::run(&request).map_err(|e| e.to_string())
    }
}

/// `grundy stress`: exit status 1 when a counterexample is found, 0 when none was in the
/// budget, 2 when the run cannot be done (130 when interrupted).
fn stress(args: StressArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    stress_run(args, out).map_err(|e| CliError::Stress(Box::new(e)))
}

fn stress_run(args: StressArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    use crate::stress::{self, Budget, Made, Outcome};
    let StressArgs {
        problem,
        problems,
        target,
        brute,
        generator,
        validate,
        runs,
        time,
        shrink_time,
        seed,
        jobs,
        no_save,
        init,
        time_factor,
        isolation,
    } = args;
    let ids: Vec<String> = problem.into_iter().collect();
    let (folders, bundling) = Bundling::for_problems(&ids, &problems, target)?;
    let [folder] = folders.as_slice() else {
        let ids = folders
            .iter()
            .filter_map(|f| Some(f.file_name()?.to_string_lossy().into_owned()))
            .collect();
        let dir = folders[0].parent().unwrap_or(Path::new(".")).to_path_buf();
        return Err(stress::StressError::SeveralProblems { dir, ids }.into());
    };
    if init {
        let problem = judge::problem::Problem::load(folder).map_err(stress::StressError::from)?;
        for made in stress::init(folder, problem.interactor.is_some())? {
            match made {
                Made::Wrote(path) => writeln!(out, "wrote {}", path.display())?,
                Made::Kept(path) => writeln!(out, "kept {} (already there)", path.display())?,
            }
        }
        writeln!(
            out,
            "next: write this problem's input in the generator and a slow, sure solution in the \
             brute force, then `grundy stress`"
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let opts = bundling.options(time_factor, &isolation)?;
    judge::live::stop_on_signals(&opts)?;
    let solution = |main: &Path| bundling.solution(main);
    let tool = |main: &Path| bundling.tool(main);
    let request = stress::Request {
        folder: folder.clone(),
        bundle_solution: &solution,
        bundle_tool: &tool,
        opts,
        brute,
        generator,
        validator: validate,
        budget: Budget {
            runs,
            time: std::time::Duration::from_secs_f64(time),
        },
        shrink_time: std::time::Duration::from_secs_f64(shrink_time),
        seed,
        jobs: jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            |jobs| jobs as usize,
        ),
        save: !no_save,
    };
    Ok(match stress::run(&request, out)? {
        Outcome::Counterexample => ExitCode::FAILURE,
        Outcome::NoneFound => ExitCode::SUCCESS,
    })
}

/// `grundy list`.
fn list(ListArgs { words, lib }: ListArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let catalog = Catalog::load(&lib.dir()?, None)?;
    let templates = if words.is_empty() {
        catalog.templates().iter().collect()
    } else {
        catalog.matching(&words.join(" "))?
    };
    let table = catalog::format_list(&templates, catalog::list_width());
    out.write_all(table.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// `grundy show`.
fn show(
    ShowArgs {
        names,
        lib,
        strip_docs,
        into,
    }: ShowArgs,
    out: &mut dyn Write,
) -> Result<ExitCode, CliError> {
    let mut library = Library::open(&lib.dir()?)?;
    let opts = BundleOptions {
        strip_docs,
        ..Default::default()
    };
    match into {
        Some(path) => compose::show_into(&path, &names, &mut library, &opts)?,
        None => out.write_all(crate::show(&names, &mut library, &opts)?.as_bytes())?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `grundy snippets`.
fn snippets(
    SnippetsArgs {
        format,
        output,
        install,
        strip_docs,
        lib,
    }: SnippetsArgs,
    out: &mut dyn Write,
) -> Result<ExitCode, CliError> {
    let format: SnippetFormat = format.parse().expect("clap checked the format");
    // A bad install location is found before the work of rendering.
    let installed = if install {
        let path = format
            .install_path()
            .map_err(|message| atomic::WriteError {
                path: PathBuf::from(format!("the {format} snippets")),
                source: io::Error::other(message),
            })?;
        Some(path)
    } else {
        None
    };
    let catalog = Catalog::load(&lib.dir()?, None)?;
    let mut library = Library::open(&lib.dir()?)?;
    let opts = BundleOptions {
        strip_docs,
        ..Default::default()
    };
    let mut show = |names: &[String]| crate::show(names, &mut library, &opts);
    let snippets = snippets::collect(&catalog, &mut show)?;
    match installed.as_deref().or(output.as_deref()) {
        Some(path) if path != Path::new("-") => {
            if let Some(dir) = path.parent().filter(|_| install) {
                std::fs::create_dir_all(dir).map_err(|source| atomic::WriteError {
                    path: dir.to_path_buf(),
                    source,
                })?;
            }
            snippets::write_merged(format, path, &snippets)?;
            if install {
                writeln!(out, "wrote {}", path.display())?;
            }
        }
        _ => out.write_all(snippets::render(format, &snippets).as_bytes())?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `grundy notebook`.
fn notebook(
    NotebookArgs {
        names,
        output,
        fields,
        pdf,
        lib,
        problems,
    }: NotebookArgs,
    out: &mut dyn Write,
) -> Result<ExitCode, CliError> {
    // Which problems use a template is a bonus: away from a checkout there are none.
    let problems_dir = match problems.dir {
        Some(dir) => Some(dir),
        None => project::problems_dir(),
    };
    let catalog = Catalog::load(&lib.dir()?, problems_dir.as_deref())?;
    let options = notebook::Options { names, fields };
    let written = notebook::write(&catalog, &options, &output, pdf)?;
    for path in &written.files {
        writeln!(out, "wrote {}", path.display())?;
    }
    writeln!(out, "{} pages", written.pages)?;
    Ok(ExitCode::SUCCESS)
}

/// `grundy explore`.
fn explore(
    ExploreArgs {
        subtraction,
        octal,
        game,
        time_limit,
        n,
        misere,
        emit,
        picture,
    }: ExploreArgs,
    out: &mut dyn Write,
) -> Result<ExitCode, CliError> {
    use crate::explore::{explore, picture as draw, Game, Request};
    let game = match (octal, game) {
        (Some(code), _) => Game::Octal(code),
        (None, Some(file)) => Game::Rust(file),
        (None, None) => Game::Subtraction(subtraction.iter().map(|&m| m as usize).collect()),
    };
    let seconds = std::time::Duration::from_secs(time_limit);
    let request = Request {
        n: n.map(|n| n as usize),
        misere,
        ..Request::new(std::env::current_exe()?, seconds)
    };
    // Checked before the work, so a wrong name costs nothing.
    let format = picture
        .as_ref()
        .map(|path| match path.extension().and_then(|e| e.to_str()) {
            Some("svg") => Ok(false),
            Some("png") => Ok(true),
            _ => Err(ExploreError::PictureName { path: path.clone() }),
        })
        .transpose()?;
    let found = explore(&game, &request)?;
    write!(out, "{}", found.report())?;
    if let (Some(path), Some(png)) = (&picture, format) {
        let Some(board) = found.p_board() else {
            return Err(ExploreError::PictureOneHeap.into());
        };
        let bytes = if png {
            draw::png(&board)?
        } else {
            draw::svg(&board, &format!("P-positions of the {}", found.game.name())).into_bytes()
        };
        atomic::write_output(path, &bytes)?;
        writeln!(out, "picture: {}", path.display())?;
    }
    if emit {
        let why = match found.p_board() {
            Some(_) => ExploreError::EmitTwoHeaps,
            None => ExploreError::NoProvenPeriod,
        };
        let function = found.function().ok_or(why)?;
        write!(out, "\n{function}")?;
        let smallest = crate::profile::PROFILES
            .iter()
            .filter_map(|judge| Some((judge.limit?.0, judge.title)))
            .min();
        if let Some((limit, title)) = smallest.filter(|&(limit, _)| function.len() > limit) {
            eprintln!(
                "note: the function is {} bytes; {title} takes a source of at most {limit}",
                function.len()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `grundy new`.
fn new(NewArgs { id, problems }: NewArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let checkout = problems.dir.clone().or_else(project::problems_dir);
    let Some(problems_dir) = checkout else {
        let cwd = std::env::current_dir()?;
        let spec = scaffold::ProblemSpec {
            id: id.clone(),
            ..Default::default()
        };
        let dir = scaffold::new_in_contest(&scaffold::contest_folder(&cwd), &spec)?;
        writeln!(out, "created {}", dir.display())?;
        writeln!(
            out,
            "next: write the solution in main.rs and samples in tests/, then `cargo run --bin {id}` or `grundy test {}`; `grundy stress --init` there starts a stress test",
            dir.display()
        )?;
        return Ok(ExitCode::SUCCESS);
    };
    let dir = scaffold::new_problem(&problems_dir, &id, None)?;
    writeln!(out, "created {}", dir.display())?;
    writeln!(
        out,
        "next: write the statement in README.md and tests in tests/, then `cargo run -p problems --bin {id}` or `grundy test {id}`; `grundy stress --init` in its folder starts a stress test"
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `grundy receive`: problem folders in the checkout's `problems/`, else in the contest
/// folder the current directory is in (made one if it is in none).
fn receive(ReceiveArgs { port }: ReceiveArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    use crate::contest::receive::{self, Destination};
    let destination = match project::problems_dir() {
        Some(problems) => Destination::Checkout(problems),
        None => Destination::Contest(scaffold::contest_folder(&std::env::current_dir()?)),
    };
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(signal, std::sync::Arc::clone(&stop))?;
    }
    let mut failed = None;
    let made = receive::receive(port, &destination, &stop, &mut |line| {
        if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
            failed.get_or_insert(e);
        }
    })?;
    if let Some(e) = failed {
        return Err(e.into());
    }
    if let Some(first) = made.first() {
        writeln!(
            out,
            "next: write the solution in {}, then `grundy test` there; `grundy stress --init` starts a stress test",
            first.join("main.rs").display()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `grundy bundle`: the pipeline's bundle of the solution (a file, or `-` for stdin) written
/// to `--output` or `out`.
fn bundle(args: BundleArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let BundleArgs {
        solution,
        output,
        libs,
        target,
        check,
        no_check,
        keep_docs,
        strip_docs: _,
        minify,
        keep_unused,
        bundle_provided,
        no_license_notices,
    } = args;
    let (solution, output) = (solution.as_path(), output.as_deref());
    let verify = match (check, no_check) {
        (true, _) => Verify::Build,
        (_, true) => Verify::Skip,
        _ => Verify::TypeCheck,
    };
    if let Some(output) = output {
        let same = |a: &Path, b: &Path| {
            std::fs::canonicalize(a)
                .ok()
                .is_some_and(|a| Some(a) == std::fs::canonicalize(b).ok())
        };
        if same(output, solution) {
            return Err(CliError::OutputIsInput(output.to_path_buf()));
        }
    }
    let input = if solution == Path::new("-") {
        let mut text = String::new();
        io::Read::read_to_string(&mut io::stdin(), &mut text).map_err(PipelineError::Stdin)?;
        // Libraries as for a file in the current directory.
        let anchor = std::env::current_dir()
            .map_err(PipelineError::Stdin)?
            .join("stdin.rs");
        Input::Text { text, anchor }
    } else {
        Input::File(solution.to_path_buf())
    };
    let (libraries, features) = libs.libraries();
    let request = Request {
        input,
        libraries,
        features,
        judge: target.judge,
        edition: target.edition,
        strip_docs: !keep_docs,
        minify,
        verify,
        bundle_provided,
        without_license_notices: no_license_notices,
        prune: !keep_unused,
    };
    let verified = pipeline::run(&request).map_err(|mut e| {
        if let Some(refused) = e.refused_mut() {
            refused.written = Some(write_refused(&refused.bundle, output));
        }
        e
    })?;
    let Target { profile, edition } = verified.target;
    if verify == Verify::Build && !profile.differs.is_empty() {
        eprintln!(
            "checked as {} does: {} (with {}); not as there: {}",
            profile.title,
            profile.command_line(edition),
            crate::profile::rustc::rustc_version().map_err(PipelineError::Rustc)?,
            profile.differs
        );
    }
    for note in &verified.notes {
        eprintln!("note: {note}");
    }
    for warning in &verified.warnings {
        eprintln!("{warning}");
    }
    write_text(&verified.text, output, out)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the bundle rustc refused, for the user to read the places its message names:
/// beside the output asked for (`sub.rs` -> `sub.rejected.rs`), else (stdout, a device, a
/// folder that cannot take it) in a new file of the system's temporary folder. Its path, or
/// why it could not be written.
fn write_refused(bundle: &str, output: Option<&Path>) -> Result<PathBuf, String> {
    let beside = output
        .filter(|path| *path != Path::new("-"))
        .filter(|path| std::fs::metadata(path).map_or(true, |meta| meta.is_file()))
        .map(|output| output.with_extension("rejected.rs"))
        .filter(|path| atomic::write_output(path, bundle.as_bytes()).is_ok());
    if let Some(path) = beside {
        return Ok(path);
    }
    let in_temp = || -> io::Result<PathBuf> {
        let mut file = tempfile::Builder::new()
            .prefix("grundy-")
            .suffix(".rejected.rs")
            .tempfile()?;
        file.write_all(bundle.as_bytes())?;
        Ok(file.keep().map_err(|e| e.error)?.1)
    };
    in_temp().map_err(|e| e.to_string())
}

/// Writes `text` to `path` atomically, or to `out`.
fn write_text(text: &str, path: Option<&Path>, out: &mut dyn Write) -> Result<(), CliError> {
    match path {
        Some(path) if path != Path::new("-") => atomic::write_output(path, text.as_bytes())?,
        _ => out.write_all(text.as_bytes())?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// clap's own checks of the whole command line, among them ids clashing between flattened
    /// argument structs.
    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
