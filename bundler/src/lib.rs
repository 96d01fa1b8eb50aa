//! The bundler: turns a solution written against library crates into one file a judge
//! compiles with plain `rustc`, serves the library's templates at contest time, and judges
//! the problems. Rooms under a thin command line ([`cli`]):
//!
//! - [`bundle`](mod@bundle): the engine (crates and manifests, parsing, name resolution, reachability,
//!   emitting the single file);
//! - [`profile`]: what each judge accepts (editions, flags, cfgs, size limit, provided
//!   crates) and compiling as it does;
//! - [`pipeline`]: one bundle from solution to verified text, over the two above;
//! - [`contest`]: the template catalog, `list`/`show`, snippets, the notebook, `new`;
//! - [`explore`]: a game's values, their period proven or observed, code for any heap;
//! - [`judge`]: compiling and running problems against their tests;
//! - [`stress`]: looking for an input a solution fails on, shrinking it, keeping it as a test;
//! - [`expand`]: expanding procedural macros through the toolchain's own proc-macro server;
//! - [`status`]: the line on a terminal that says what long work is under way.

pub mod atomic;
pub mod bundle;
pub mod cli;
pub mod config;
pub mod contest;
pub mod dirs;
pub mod expand;
pub mod explore;
pub mod judge;
pub mod pipeline;
pub mod profile;
pub mod project;
pub mod status;
pub mod stress;
pub mod suggest;

pub use bundle::{bundle_solution, show, BundleOptions, Error, ErrorKind, Library};

/// syn and proc-macro2 allocate for nearly every token: with glibc's allocator a big bundle
/// spent about a quarter of its time in `malloc` and `free`. Here, for every program that
/// links the bundler (both binaries, the tests and the benches).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::{Path, PathBuf};

/// The checkout this crate was built in: for the workspace's own tests and benches only. The
/// program never looks there (see [`project`]): the checkout may have moved.
pub fn workspace_dir() -> PathBuf {
    let bundler = Path::new(env!("CARGO_MANIFEST_DIR"));
    bundler.parent().unwrap_or(bundler).to_path_buf()
}
