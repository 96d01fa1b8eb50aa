//! The engine on small fixture crates made for it (tests/fixtures/crates): a crate whose
//! names clash across namespaces, shadow globs and hide behind `pub(crate)` and features
//! (`nslib`), and an edition 2015 crate that depends on it under another name and uses its
//! macros through `#[macro_use]` (`oldlib`). Each solution is bundled through the command
//! line, compiled with plain rustc under editions 2021 (run) and 2024, with zero warnings, and
//! must print the `// stdout:` line written by hand at its top.

#[path = "../../tests/budget.rs"]
mod budget;

use bundler::cli::{run, Cli};
use bundler::profile::rustc::{compile_in, type_check_in};
use clap::Parser;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/crates")
}

/// `grundy bundle <solution> <args..>`: its output, or its error message.
fn bundle(solution: &str, args: &[&str]) -> Result<String, String> {
    let path = fixtures().join("solutions").join(solution);
    let mut argv = vec![
        "bundler".to_string(),
        "bundle".into(),
        path.display().to_string(),
    ];
    for arg in args {
        argv.push(match arg.strip_prefix("lib:") {
            Some(dir) => fixtures().join(dir).display().to_string(),
            None => arg.to_string(),
        });
    }
    let cli = Cli::try_parse_from(argv).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    run(cli, &mut out).map_err(|e| e.to_string())?;
    Ok(String::from_utf8(out).expect("the bundle is UTF-8"))
}

/// Bundles, compiles in both editions without a warning, runs, and compares with the
/// solution's `// stdout:` line.
fn check(solution: &str, args: &[&str]) {
    let text = bundle(solution, args).unwrap_or_else(|e| panic!("bundling {solution}: {e}"));
    budget::check(
        &format!(
            "fixtures/{}",
            [solution]
                .iter()
                .chain(args)
                .map(|a| a.trim_start_matches("lib:"))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        &text,
    );
    let expected = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// stdout: "))
        .expect("each fixture starts with its expected output")
        .to_string();
    let dir = tempfile::tempdir().unwrap();
    if let Err(stderr) = type_check_in(dir.path(), "main", &text, "2024").unwrap() {
        panic!("rustc --edition 2024:\n{stderr}\n--- bundle ---\n{text}");
    }
    if let Err(stderr) = compile_in(dir.path(), &text, "2021").unwrap() {
        panic!("rustc --edition 2021 -O:\n{stderr}\n--- bundle ---\n{text}");
    }
    let output = Command::new(dir.path().join("main")).output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim_end(),
        expected,
        "--- bundle ---\n{text}"
    );
}

#[test]
fn namespaces_globs_visibility_and_macros() {
    check("namespaces.rs", &["--lib", "lib:nslib"]);
}

#[test]
fn edition_2015_crate_with_a_renamed_dependency_and_its_features() {
    check(
        "old_edition.rs",
        &["--lib", "lib:oldlib", "--lib", "lib:nslib"],
    );
}

#[test]
fn default_features_can_be_declined() {
    check(
        "no_default_features.rs",
        &["--lib", "lib:nslib", "--no-default-features"],
    );
}

#[test]
fn features_asked_for_are_enabled() {
    check(
        "features.rs",
        &[
            "--lib",
            "lib:nslib",
            "--no-default-features",
            "--features",
            "big",
        ],
    );
}

#[test]
fn library_lints_are_capped_and_deny_attributes_dropped() {
    let text = bundle("namespaces.rs", &["--lib", "lib:nslib"]).unwrap();
    assert!(
        text.contains("#[allow(") && text.contains("warnings"),
        "{text}"
    );
    assert!(!text.contains("deny(missing_docs)"), "{text}");
}

/// Constructs that broke bundles of real crates (see the fixture's comments).
#[test]
fn raw_module_names_compiled_out_files_inner_macros_renamed_alloc() {
    check("quirks.rs", &["--lib", "lib:quirks"]);
}

/// A proc-macro dependency the solution does not use is no obstacle (AtCoder's proconio
/// comes with its `derive` feature on), nor is the library's `#[macro_use] extern crate` of
/// it, which the bundle drops.
#[test]
fn an_unused_proc_macro_dependency_is_left_out() {
    check(
        "proc_macro_unused.rs",
        &["--lib", "lib:pmlib", "--features", "derive"],
    );
}

/// A proc macro imported and never applied (`use proconio::{fastout, input};` in a contest
/// template) is dropped from the import; applied, it is refused with the reason.
#[test]
fn an_unused_proc_macro_import_is_dropped_and_an_applied_one_refused() {
    let args = ["--lib", "lib:pmlib", "--features", "derive"];
    check("proc_macro_import_unused.rs", &args);
    let text = bundle("proc_macro_import_unused.rs", &args).unwrap();
    assert!(text.contains("use crate::pmlib::{two};"), "{text}");
    let message = bundle("proc_macro_applied.rs", &args).unwrap_err();
    assert!(
        message.contains("procmac 0.1.0") && message.contains("is a proc-macro crate"),
        "{message}"
    );
}

/// Items a macro call defines are kept with the call: statics defined by another crate's
/// exported macro (imported with `use`, as proconio 0.3 uses `lazy_static!`) and reached
/// only from an exported macro's body, and a `thread_local!` with a block initializer.
#[test]
fn items_defined_by_macro_calls_are_kept_with_the_call() {
    check("macro_defined.rs", &["--lib", "lib:uselazy"]);
}

/// Edition 2015 as rustc's 2015 parser reads it: bare `Fn` trait objects with a bound after
/// the return type, anonymous trait method parameters, and crate-relative `use` paths (single
/// names in a group too) in a macro body expanded in a submodule; `::name` in a macro call's
/// tokens after `use` and after a field's `:`, where the root binds `name` by an import of
/// the standard library (libc 0.2.68's `s!` and `pub use ::ffi::c_void;`).
#[test]
fn edition_2015_syntax_and_macro_body_paths() {
    check("old_syntax.rs", &["--lib", "lib:oldsyntax"]);
}

/// Edition 2015 macro bodies: a `define_builder!` whose expansion is a module with `use`
/// paths from the crate root, to items (`engine::EngineBuilder`) and a module handed to the
/// call (`use $matcher_mod::Matcher`) that nothing else names, kept and made crate-relative;
/// a block macro's `use std::sync::atomic::{AtomicUsize, Ordering}` that stays as written,
/// `std` being an extern crate.
#[test]
fn edition_2015_macro_bodies_declaring_modules_and_importing_std() {
    check("old_macro_bodies.rs", &["--lib", "lib:oldbuilder"]);
}

/// A crate re-exported whole (`pub use backlib;`, `pub extern crate backlib as back;`) is reached through its module, and the
/// solution's bare `use frontlib;` does not clash with the bundle's `mod frontlib`.
#[test]
fn a_reexported_crate_and_a_bare_crate_import() {
    check("reexported_crate.rs", &["--lib", "lib:frontlib"]);
    let text = bundle("reexported_crate.rs", &["--lib", "lib:frontlib"]).unwrap();
    assert!(
        text.starts_with("// stdout: 5 13\n\nuse crate::frontlib::backlib::Step;"),
        "{text}"
    );
}

/// A const reached only as a type alias's generic argument (`type Mint = ModInt<MOD>`) is
/// kept, and `#[cfg]` on tuple-struct fields is decided as on named ones.
#[test]
fn const_generic_arguments_and_cfg_on_tuple_fields() {
    check("const_alias.rs", &["--lib", "lib:constlib"]);
}

/// An inherent impl of `Watched<T, Quiet>` whose `new` the solution calls, though it never
/// names `Quiet` (only inferred): kept for the type it implements, with `Quiet` through it.
#[test]
fn an_impl_for_a_type_argument_nothing_names() {
    check("inferred_arguments.rs", &["--lib", "lib:constlib"]);
}

/// `use constlib::setof;` names a `#[macro_export]` macro written in `macros/sets.rs`, a file
/// that only the unparsed `macros/mod.rs` declares (Haar-you/kyopro-lib-rust's `hashset!`).
#[test]
fn an_exported_macro_in_a_module_file_not_declared_yet() {
    check("nested_exported_macro.rs", &["--lib", "lib:constlib"]);
}

/// An exported macro calls another by its bare name (`put!` inside `put_line!`), which
/// resolves where `put_line!` is called: the solution's import of `put`, though its own code
/// never calls it, stays.
#[test]
fn a_macro_called_by_bare_name_inside_another_keeps_its_import() {
    check("bare_macro_call.rs", &["--lib", "lib:barelib"]);
}

/// `use krate::{self, item};` at the root: the bundle's module is already `krate` there, so
/// the `self` leaf goes (kept, it would define the name twice, E0255) and the rest stays.
#[test]
fn a_crate_imported_with_self_beside_its_items() {
    check("crate_self_import.rs", &["--lib", "lib:barelib"]);
}

/// In an edition 2018 crate, `use dep::item;` where the item has its crate's name is a path
/// to the dependency like any other (`use dep::{dep, dep2};`), in a function, in a module
/// and re-exported, though the dependency also has a private module of that name: another
/// crate's private items are no bindings there.
#[test]
fn an_item_named_like_its_crate_is_imported_from_the_crate() {
    check("namesake_import.rs", &["--lib", "lib:namesakeuser"]);
}

/// `Grid::cells_if_square` calls `self.is_square()`, a method of a trait its module brings in
/// with `pub use crate::shape::*;` and never names: the trait and its impl come along.
#[test]
fn a_trait_a_glob_brings_in_called_by_method_name() {
    check("glob_imported_trait.rs", &["--lib", "lib:constlib"]);
}

/// `use constlib::doubling::*;` and a call of `double_u64`, a function that an item-level
/// macro call writes: the call is kept for the name it may define.
#[test]
fn a_glob_import_of_items_a_macro_call_writes() {
    check("glob_of_macro_written_items.rs", &["--lib", "lib:constlib"]);
}

/// `flags::FAST`, a constant that a recursive `one_bit_each!` call writes, where the macro's
/// file is reached only through a `pub(crate)` module of the root's glob import and so is
/// read after the call is first met (libm 0.2.15's `cpu_flags::SSE3`): what the call may
/// write is worked out again once that file is read.
#[test]
fn constants_a_macro_writes_whose_definition_is_read_later() {
    check(
        "macro_written_consts_behind_a_glob.rs",
        &["--lib", "lib:constlib"],
    );
}

/// A blanket impl (`impl<S, D, R> MadeFrom<S, (BecauseWidening, R)> for D`) serves every
/// type once its trait is kept, though no code names the marker types in its header: the
/// trait solver picks them (zerocopy 0.8.30's `MutationCompatible`, through rand 0.9).
#[test]
fn blanket_impls_whose_markers_only_inference_picks() {
    check("markers_picked_by_inference.rs", &["--lib", "lib:constlib"]);
}

/// A binary of a package that has a library of its own uses it by the library's name, as
/// Cargo lets it (`[lib] name = "kit"`), with the library's path dependency: the fast path
/// without `cargo metadata`. Refused before: "the bundle has no crate `kit`".
#[test]
fn a_packages_binary_uses_the_packages_own_library() {
    let output = run_in_package(
        "ownlibpkg/src/bin/solve.rs",
        &[],
        &["mod kit {", "mod renamed {"],
    );
    assert_eq!(output, "true 3 false\n");
}

/// A library package's example is built by Cargo with the package's dev-dependencies: it is
/// bundled with them (here `renamed-lib-rs`, which only `[dev-dependencies]` names).
#[test]
fn a_librarys_example_is_bundled_with_its_dev_dependencies() {
    let output = run_in_package(
        "devpkg/examples/lca.rs",
        &[],
        &["mod devpkg {", "mod renamed {"],
    );
    assert_eq!(output, "2 true\n");
}

/// A solution's own file modules (`mod geometry;` beside it, `geometry/area.rs` under it, a
/// `#[path]`) come inside the bundle, and a library crate reached only from one of them is
/// bundled; a `#[cfg(test)] mod tests;` whose file is not there stays as written.
#[test]
fn a_solutions_own_file_modules_come_inline() {
    check("own_modules/main.rs", &["--lib", "lib:constlib"]);
}

/// A bundled crate that declares a license gets a notice above its module: the SPDX id and
/// the copyright line of its license file; `--no-license-notices` leaves them out.
#[test]
fn license_notices_name_each_bundled_crate_that_declares_one() {
    let text = bundle("const_alias.rs", &["--lib", "lib:constlib"]).unwrap();
    assert!(
        text.contains(
            "// License of `constlib 0.1.0`: MIT; Copyright (c) 2026 The constlib fixture \
             authors\n// Bundled from the library `constlib`"
        ),
        "{text}"
    );
    let text = bundle(
        "const_alias.rs",
        &["--lib", "lib:constlib", "--no-license-notices"],
    )
    .unwrap();
    assert!(!text.contains("License of"), "{text}");
}

/// Impls that a macro writes in a module no path reaches are found (the module's text shows
/// a macro writing impls), and an exported macro two private modules deep is re-exported
/// at the crate's module through modules made `pub(crate)`; one exported macro name in two
/// modules under opposite cfgs is re-exported under those cfgs; the import of a trait a macro
/// call writes (petgraph's `trait_template!`) is kept for the method calls it serves.
#[test]
fn impls_written_by_macros_and_deep_exported_macros() {
    check("macro_impls.rs", &["--lib", "lib:macroimpls"]);
}

/// A type written by a macro call (ppv-lite86's `x2`, which zerocopy's
/// `cryptocorrosion_derive_traits! { .. }` writes) keeps its inherent impl and its trait impls,
/// written by hand or by macros of the crate, once it is used.
#[test]
fn impls_of_a_type_a_macro_call_writes() {
    check("macro_types.rs", &["--lib", "lib:macrotypes"]);
}

/// Bindings in libc's manner: `cfg_if!` (the crate's own copy) is read as the items it
/// writes, each under its branch's cfg; a name imported under a cfg does not hide the glob
/// that brings it on other targets; the functions of an `extern` block are found by name, also
/// when imported under another, and only those used are kept; a `#[path]` inside an inline
/// module is found. The judge's target is this machine's (x86_64 Linux, as `--judge none`
/// checks here): the branches for Windows and for other systems are left out.
#[test]
fn cfg_if_branches_and_extern_blocks() {
    check("platform.rs", &["--lib", "lib:platlib"]);
    let text = bundle("platform.rs", &["--lib", "lib:platlib"]).unwrap();
    for unused in ["unused_extern", "UNUSED_CONST", "unused_word_t", "cfg_if"] {
        assert!(!text.contains(unused), "{unused} is kept:\n{text}");
    }
    if cfg!(all(
        target_os = "linux",
        target_arch = "x86_64",
        target_env = "gnu"
    )) {
        assert!(!text.contains("mod windows"), "{text}");
    }
}

/// For Codeforces, which compiles on Windows, the bundle is built for Windows and for this
/// machine, which checks it: the branch for Windows stays (unchecked here), the branch for a
/// system that is neither goes.
#[test]
fn a_judge_on_another_system_gets_its_code_and_no_third_systems() {
    let args = ["--lib", "lib:platlib", "--judge", "codeforces"];
    check("platform.rs", &args);
    let text = bundle("platform.rs", &args).unwrap();
    assert!(text.contains("mod windows"), "{text}");
    if cfg!(all(
        target_os = "linux",
        target_arch = "x86_64",
        target_env = "gnu"
    )) {
        assert!(!text.contains("mod other_os"), "{text}");
    }
}

/// A solution's glob import of a prelude keeps the traits it re-exports whose methods the
/// solution calls without naming them (rand's `use rand::prelude::*;` for `seed_from_u64`
/// and `shuffle`), and only those.
#[test]
fn a_glob_imported_prelude_brings_the_traits_called() {
    check("prelude_traits.rs", &["--lib", "lib:preludelib"]);
    let text = bundle("prelude_traits.rs", &["--lib", "lib:preludelib"]).unwrap();
    assert!(!text.contains("never_called"), "{text}");
}

/// `use globlib::*;` with a call of `halve`: `Real`, which the root re-exports from another
/// crate, comes, and not `Spare`, whose method name `digits` only a variable of the kept
/// `text` module has, read before that crate was (num's `Float` and, behind it, all of libm
/// came for a solution's `use num::*;` once proconio's code, which says `max`, was kept).
#[test]
fn a_glob_brings_the_traits_the_solutions_own_calls_need() {
    check(
        "glob_traits_by_the_solutions_calls.rs",
        &["--lib", "lib:globlib"],
    );
    let text = bundle(
        "glob_traits_by_the_solutions_calls.rs",
        &["--lib", "lib:globlib"],
    )
    .unwrap();
    assert!(
        text.contains("trait Real") && !text.contains("trait Spare"),
        "{text}"
    );
}

/// Shaped like nalgebra 0.20 over typenum (each part failed alone before): an inherent impl
/// of an alias of an alias, in a module nothing names (`det`); `Mul` written by a macro of
/// another file from a file of nothing but its call; a macro's `numbers::$D`, kept for the
/// names its call hands it and no other (`Five` stays out); an edition 2015 call's
/// `3 => ::consts::Three`, whose path starts after `=>`; edition 2018 trait objects without
/// `dyn`, in a signature and in an exported macro's body (text_io 0.1.8's `read!`).
#[test]
fn impls_of_aliases_macro_written_impls_and_names_handed_to_macros() {
    let args = ["--lib", "lib:aliaslib"];
    check("aliases_and_handed_names.rs", &args);
    let text = bundle("aliases_and_handed_names.rs", &args).unwrap();
    assert!(!text.contains("Five"), "{text}");
}

/// An import the solution never uses (`doubled`; `Tally`, whose macro call spells `cmp` only
/// as a path's module while the solution calls `.cmp`) is left out with what it names; a
/// trait import that only method calls use (`Real` for `halve`, `Spare` for `digits`) stays.
/// Two that go side by side at the end of a group both go (the second was kept, naming
/// nothing bundled).
#[test]
fn an_unused_import_brings_nothing() {
    check("unused_imports.rs", &["--lib", "lib:globlib"]);
    let text = bundle("unused_imports.rs", &["--lib", "lib:globlib"]).unwrap();
    assert!(
        !text.contains("doubled") && !text.contains("Tally"),
        "{text}"
    );
}

/// What only the solution's `#[test]` functions and `#[cfg(test)]` module name (`Countdown`,
/// `ending_width`) is not bundled, pruned or not: the judge builds no tests.
#[test]
fn what_only_tests_name_is_not_bundled() {
    for args in [
        &["--lib", "lib:prunelib"][..],
        &["--lib", "lib:prunelib", "--keep-unused"],
    ] {
        check("tests_only.rs", args);
        let text = bundle("tests_only.rs", args).unwrap();
        let items = library_items(&text);
        assert!(
            items.contains("struct prunelib::shapes::Square"),
            "{items:#?}"
        );
        for only_tests in [
            "struct prunelib::shapes::Countdown",
            "fn prunelib::platform::ending_width",
        ] {
            assert!(
                !items.contains(only_tests),
                "{only_tests} was bundled: {items:#?}"
            );
        }
    }
}

/// Members, statements and match arms under cfgs that the features decide false name an
/// optional dependency Cargo enabled (num-traits' `forward! { libm::floorf as floor .. }`
/// with both `std` and `libm` on): they are dropped as soon as they are read, and the
/// dependency, which nothing else names, stays out of the bundle (libm's 430 KB did not).
#[test]
fn what_cfgs_compile_out_inside_items_brings_nothing() {
    check("cfg_decided_inside_items.rs", &["--lib", "lib:cfglib"]);
    let text = bundle("cfg_decided_inside_items.rs", &["--lib", "lib:cfglib"]).unwrap();
    assert!(!text.contains("mod heavy"), "{text}");
}

/// An anonymous `const _: () = { .. };` that names nothing of the library, holding a macro
/// that writes a module of impls for types from outside (zerocopy's `simd_arch_mod!` for
/// `__m128i`), comes with its crate.
#[test]
fn impls_inside_an_anonymous_const() {
    check("anonymous_const.rs", &["--lib", "lib:anonconst"]);
}

#[test]
fn same_input_same_bytes() {
    let args = ["--lib", "lib:oldlib", "--lib", "lib:nslib"];
    assert_eq!(
        bundle("old_edition.rs", &args).unwrap(),
        bundle("old_edition.rs", &args).unwrap()
    );
}

#[test]
fn a_proc_macro_crate_is_refused_with_a_reason() {
    let message = bundle("namespaces.rs", &["--lib", "lib:procmac"]).unwrap_err();
    assert!(
        message.contains("procmac 0.1.0") && message.contains("is a proc-macro crate"),
        "{message}"
    );
}

/// `cargo metadata`'s answer is kept between runs, and given up once a manifest changes: a
/// copy of the fixture crates, bundled, then with `nslib`'s default features changed.
#[test]
fn metadata_is_cached_until_a_manifest_changes() {
    // Its own cache folder, given to its own processes: the other tests of this binary run
    // beside it with theirs.
    let cache = tempfile::tempdir().unwrap();
    let bundle = |solution: &str, args: &[&str]| -> Result<String, String> {
        let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .arg("bundle")
            .arg(fixtures().join("solutions").join(solution))
            .args(args)
            .env("GRUNDY_CACHE_DIR", cache.path())
            .output()
            .unwrap();
        if output.status.success() {
            Ok(String::from_utf8(output.stdout).unwrap())
        } else {
            Err(String::from_utf8_lossy(&output.stderr).into_owned())
        }
    };
    let copy = tempfile::tempdir().unwrap();
    for krate in ["oldlib", "nslib"] {
        let from = fixtures().join(krate);
        std::fs::create_dir_all(copy.path().join(krate).join("src")).unwrap();
        for file in ["Cargo.toml", "src/lib.rs"] {
            std::fs::copy(from.join(file), copy.path().join(krate).join(file)).unwrap();
        }
    }
    let lib = |krate: &str| copy.path().join(krate).display().to_string();
    let args = ["--lib", &lib("oldlib"), "--lib", &lib("nslib")];
    let first = bundle("old_edition.rs", &args).unwrap();
    assert!(first.contains("\"extra on\""), "{first}");
    let copy_path = copy.path().display().to_string();
    let cached = std::fs::read_dir(cache.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("metadata-")
        })
        .filter(|p| std::fs::read_to_string(p).unwrap().contains(&copy_path))
        .count();
    assert_eq!(cached, 1, "one answer cached");
    assert_eq!(bundle("old_edition.rs", &args).unwrap(), first);
    let manifest = copy.path().join("nslib/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(
        &manifest,
        text.replace("default = [\"extra\"]", "default = []"),
    )
    .unwrap();
    let changed = bundle("old_edition.rs", &args).unwrap();
    assert!(changed.contains("\"extra off\""), "{changed}");
}

/// A path dependency is named by its lib name (`[lib] name`), not its package name, on the
/// path that reads manifests without `cargo metadata` too: `renamed-lib-rs` is `renamed`.
#[test]
fn a_path_dependency_is_named_by_its_lib_name() {
    let output = run_in_package(
        "pathpkg/src/main.rs",
        &[],
        &[
            "use crate::renamed::parity::to_move_loses;",
            "mod renamed {",
        ],
    );
    assert_eq!(output, "false true\n");
}

/// A dependency for some platforms only (`[target.'cfg(..)'.dependencies]`) is a module
/// compiled only there, as Cargo builds it only there: a judge on another system leaves the
/// whole crate out with the code that names it. A crate reached only through such a crate
/// is under the same cfg; one reached two ways is under either's. For Codeforces (Windows,
/// 32 or 64 bits) none is decided; for this machine alone, each is, and no cfg is written.
#[test]
fn a_dependency_for_some_platforms_is_compiled_only_there() {
    if !cfg!(all(
        target_os = "linux",
        target_arch = "x86_64",
        target_env = "gnu"
    )) {
        return;
    }
    let output = run_in_package(
        "platpkg/src/main.rs",
        &["--judge", "codeforces"],
        &[
            "mutable_transmutes\n)]\nmod front {",
            "#[cfg(any(target_os = \"linux\", unix))]\nmod sysonly {",
            "#[cfg(target_pointer_width = \"64\")]\nmod wide {",
            "#[cfg(target_pointer_width = \"64\")]\nmod deep {",
        ],
    );
    assert_eq!(output, "unix unix 64\n");
    let output = run_in_package("platpkg/src/main.rs", &[], &["\n)]\nmod sysonly {"]);
    assert_eq!(output, "unix unix 64\n");
}

/// Bundles `solution` (a fixture inside a package) as `grundy bundle <solution> <args..>`
/// bundles it, with its package's crates; checks the bundle holds each of `parts`, compiles
/// it, and returns what it prints.
fn run_in_package(solution: &str, args: &[&str], parts: &[&str]) -> String {
    let main = fixtures().join(solution);
    let argv = ["grundy", "bundle", main.to_str().unwrap()];
    let cli = Cli::try_parse_from(argv.iter().chain(args)).unwrap();
    let mut out = Vec::new();
    run(cli, &mut out).unwrap_or_else(|e| panic!("{e}"));
    let text = String::from_utf8(out).unwrap();
    assert!(parts.iter().all(|part| text.contains(part)), "{text}");
    let dir = tempfile::tempdir().unwrap();
    compile_in(dir.path(), &text, "2021").unwrap().unwrap();
    let output = Command::new(dir.path().join("main")).output().unwrap();
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Shapes of bitvec, ndarray, matrixmultiply and regex-syntax, small, each of which broke a
/// real crate's bundle: `#[doc = include_str!(..)]` inside a macro's body; a dependency's
/// paths in a macro's body and in the arguments of the call that defines an item (the call's
/// path segments are not names it defines); an exported macro named like the function its
/// module exports, both imported at the root; a private root module re-exported
/// `pub(crate)`; a path through an import written inside a function; a `pub use` of an
/// exported macro elsewhere in the crate (a prelude); a trait a glob brings `as _`, for its
/// methods.
#[test]
fn shapes_of_real_crates() {
    check("real_shapes.rs", &["--lib", "lib:shapelib"]);
}

/// A module whose file only a macro call's expansion names cannot be bundled: refused at the
/// `mod` in the macro, not left for rustc to miss the file.
#[test]
fn a_module_declared_by_a_macro_is_refused_where_it_is_declared() {
    let message = bundle(
        "module_by_macro.rs",
        &["--lib", "lib:modmacro", "--no-check"],
    )
    .unwrap_err();
    assert!(
        message.contains("modmacro/src/lib.rs:3:9")
            && message.contains("`macro_rules! submodule` declares a file module"),
        "{message}"
    );
}

/// A 2021 crate bundled for edition 2024 gets the edition's migration rustc proposes, as
/// `cargo fix --edition` would: the `ref` that 2024's binding modes refuse, in a function
/// (rustc is sure) and in a macro's body (rustc proposes a `&` pattern), and `use<'a>` on an
/// `impl Trait` that would capture more in 2024, which only the 2021 lints propose. The result
/// compiles in both editions.
#[test]
fn an_older_crate_is_migrated_to_the_bundle_edition() {
    check(
        "old_patterns.rs",
        &["--lib", "lib:oldpatterns", "--edition", "2024"],
    );
    let unverified = bundle(
        "old_patterns.rs",
        &[
            "--lib",
            "lib:oldpatterns",
            "--edition",
            "2024",
            "--no-check",
        ],
    )
    .unwrap();
    assert!(unverified.contains("Some(ref items)"), "{unverified}");
    assert!(!unverified.contains("use<"), "{unverified}");
}

/// A 2021 crate's `impl Iterator` return that edition 2024 would have capture its `&self`
/// too (E0716 at its caller's temporary), behind a 2024 crate whose let chains edition 2021
/// refuses: the 2021 lints that propose `use<..>` read the older crate's code alone, as
/// `cargo fix --edition` lints each crate by itself. Compiled in 2024 only, which the let
/// chains need.
#[test]
fn an_older_crates_impl_trait_is_migrated_behind_a_newer_crate() {
    let args = ["--lib", "lib:chainlib", "--edition", "2024"];
    let text = bundle("impl_trait_captures.rs", &args).unwrap_or_else(|e| panic!("{e}"));
    budget::check(
        "fixtures/impl_trait_captures.rs --lib chainlib --edition 2024",
        &text,
    );
    assert!(text.contains("+ use<'a>"), "{text}");
    let dir = tempfile::tempdir().unwrap();
    if let Err(stderr) = compile_in(dir.path(), &text, "2024").unwrap() {
        panic!("rustc --edition 2024 -O:\n{stderr}\n--- bundle ---\n{text}");
    }
    let output = Command::new(dir.path().join("main")).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), "[6, 8, 10]\n");
}

/// A solution's variables are not names its glob imports bring: `let block = 3;` beside
/// `use shapelib::prelude::*;` (whose prelude has a function `block`) keeps no `fn block`.
#[test]
fn variables_are_not_names_a_glob_brings() {
    check("glob_and_locals.rs", &["--lib", "lib:shapelib"]);
    let text = bundle("glob_and_locals.rs", &["--lib", "lib:shapelib"]).unwrap();
    assert!(!text.contains("fn block"), "{text}");
}

/// The items of a bundle's library modules, by kind and path: `fn prunelib::spooky::forgotten`,
/// `impl prunelib::numbers Twice for u64`, `impl prunelib::shapes Square`.
fn library_items(text: &str) -> std::collections::BTreeSet<String> {
    fn walk(items: &[syn::Item], path: &str, out: &mut std::collections::BTreeSet<String>) {
        use quote::ToTokens;
        for item in items {
            let name = |kind: &str, ident: &syn::Ident| format!("{kind} {path}::{ident}");
            match item {
                syn::Item::Mod(m) => {
                    let inner = format!("{path}::{}", m.ident);
                    let inner = inner.trim_start_matches("::");
                    if let Some((_, items)) = &m.content {
                        walk(items, inner, out);
                    }
                }
                syn::Item::Fn(f) => {
                    out.insert(name("fn", &f.sig.ident));
                }
                syn::Item::Struct(s) => {
                    out.insert(name("struct", &s.ident));
                }
                syn::Item::Trait(t) => {
                    out.insert(name("trait", &t.ident));
                }
                syn::Item::Const(c) => {
                    out.insert(name("const", &c.ident));
                }
                syn::Item::Macro(m) if m.ident.is_some() => {
                    out.insert(name("macro", m.ident.as_ref().unwrap()));
                }
                syn::Item::Impl(i) => {
                    let of = i.trait_.as_ref().map_or(String::new(), |(_, p, _)| {
                        format!("{} for ", p.segments.last().unwrap().ident)
                    });
                    let ty = i.self_ty.to_token_stream().to_string();
                    out.insert(format!("impl {path} {of}{ty}"));
                    for member in &i.items {
                        if let syn::ImplItem::Fn(f) = member {
                            out.insert(format!("fn {path}::{ty}::{}", f.sig.ident));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    let file = syn::parse_file(text).expect("a bundle parses");
    let mut out = std::collections::BTreeSet::new();
    walk(&file.items, "", &mut out);
    out.retain(|item| item.contains("prunelib"));
    out
}

/// What the solution runs stays; what the engine keeps because it is named, and rustc finds
/// unused, goes: a method of the name the solution calls on a `Vec`, a trait a glob brings
/// for the solution's own method of its name (with the impls a macro call writes, the macro
/// and the function only they call), the impls a macro writes for types no code meets.
/// What code compiled out here but not on the judge names stays (Codeforces runs Windows).
/// Of a trait impl, a provided method nothing calls goes (but one always inlined, which
/// leaves no code to tell), and so does a macro rule no call matches. A function kept for
/// type-checking that never runs (a `Hash` impl a bound asks for) keeps its signature with a
/// panic for a body, and what only its body called goes; but not one a `cfg!` the judge
/// decides may run. A `thread_local!` goes when nothing left names its static, and an
/// `extern` block once it declares nothing. `--keep-unused` keeps it all. The crates' code is
/// indented with tabs, but in a string over several lines.
#[test]
fn bundles_carry_what_runs() {
    let args = ["--lib", "lib:prunelib"];
    check("pruned.rs", &args);
    let pruned_text = bundle("pruned.rs", &args).unwrap();
    let pruned = library_items(&pruned_text);
    let kept = [
        "struct prunelib::shapes::Square",
        "fn prunelib::shapes::Square::new",
        "fn prunelib::shapes::Square::area",
        "impl prunelib::shapes Display for Square",
        "trait prunelib::numbers::Twice",
        "impl prunelib::numbers Twice for u64",
        "fn prunelib::platform::line_ending",
        "fn prunelib::shapes::Countdown::next",
        "fn prunelib::shapes::Countdown::size_hint",
        "fn prunelib::shapes::Countdown::last",
        "macro prunelib::shapes::describe",
        "impl prunelib::shapes Hash for Square",
        "fn prunelib::platform::crlf_width",
        "struct prunelib::system::Span",
        "fn prunelib::system::Span::length",
        "struct prunelib::system::Steady",
        "fn prunelib::system::Steady::next",
    ];
    assert!(pruned_text.contains("static TALLIES"), "{pruned_text}");
    assert!(!pruned_text.contains("static SEEN"), "{pruned_text}");
    let gone = [
        "fn prunelib::shapes::fold_sides",
        "fn prunelib::shapes::Countdown::count",
        "fn prunelib::shapes::Square::len",
        "trait prunelib::numbers::Haunt",
        "macro prunelib::numbers::haunt_impl",
        "fn prunelib::numbers::spooky_count",
        "fn prunelib::platform::windows_ending",
        "struct prunelib::shapes::Vec",
        "fn prunelib::shapes::Vec < T >::len",
        "fn prunelib::shapes::Square::as_row",
        "struct prunelib::system::Clock",
        "struct prunelib::system::Calendar",
        "trait prunelib::system::Seeded",
        "struct prunelib::system::Leaping",
        "impl prunelib::system Display for Span",
        "fn prunelib::numbers::first_seen",
    ];
    for item in kept {
        assert!(pruned.contains(item), "{item} was cut: {pruned:#?}");
    }
    for item in gone {
        assert!(!pruned.contains(item), "{item} was kept: {pruned:#?}");
    }
    for unmet in ["u8", "i128", "usize"] {
        let item = format!("impl prunelib::numbers Twice for {unmet}");
        assert!(!pruned.contains(&item), "{item} was kept: {pruned:#?}");
    }
    for never_run in [
        "fn hash<H: std::hash::Hasher>(&self, state: &mut H) {::core::panic!()}",
        "fn crlf_width() -> usize {::core::panic!()}",
    ] {
        assert!(pruned_text.contains(never_run), "{pruned_text}");
    }
    // Of an `extern` block, what is called.
    assert!(pruned_text.contains("fn labs("), "{pruned_text}");
    assert!(!pruned_text.contains("fn abs("), "{pruned_text}");
    assert_eq!(
        pruned_text.matches("extern \"C\"").count(),
        1,
        "{pruned_text}"
    );
    assert!(pruned_text.contains("(side $side:expr)"), "{pruned_text}");
    assert!(!pruned_text.contains("(area $area:expr)"), "{pruned_text}");
    assert!(
        pruned_text.contains("\n\tpub mod shapes {\n\t\tuse "),
        "{pruned_text}"
    );
    let unpruned = bundle("pruned.rs", &["--lib", "lib:prunelib", "--keep-unused"]).unwrap();
    assert!(unpruned.contains("(area $area:expr)"), "{unpruned}");
    let everything = library_items(&unpruned);
    // What macro calls write stays written by the calls.
    let by_macros = |item: &&&str| {
        item.contains("Twice for")
            || ["Span", "Steady", "Clock", "Calendar", "Leaping"]
                .iter()
                .any(|t| **item == format!("struct prunelib::system::{t}"))
            || **item == "fn prunelib::system::Steady::next"
    };
    for item in kept.iter().chain(&gone).filter(|i| !by_macros(i)) {
        assert!(
            everything.contains(*item),
            "{item} missing with --keep-unused"
        );
    }
    for call in ["twice_impl!(u8 u16", "records! {", "generator!(Leaping"] {
        assert!(unpruned.contains(call), "{unpruned}");
    }
    let for_windows = bundle(
        "pruned.rs",
        &["--lib", "lib:prunelib", "--judge", "codeforces"],
    );
    let for_windows_text = for_windows.unwrap();
    assert!(
        for_windows_text.contains("fn crlf_width() -> usize {\n")
            && for_windows_text
                .contains("fn hash<H: std::hash::Hasher>(&self, state: &mut H) {::core::panic!()}"),
        "{for_windows_text}"
    );
    let for_windows = library_items(&for_windows_text);
    assert!(
        for_windows.contains("fn prunelib::platform::windows_ending"),
        "{for_windows:#?}"
    );
}

/// A solution in an edition 2018 package, bundled for a judge that compiles only 2021
/// (Codeforces), is migrated in the bundle as `cargo fix --edition` would: `dyn` before its
/// trait objects, in its own file module too, and `..=` for a `...` range pattern; a note
/// says where, at the solution's own files, which stay as they were. Refused before (E0782).
#[test]
fn an_edition_2018_solution_is_migrated_for_a_2021_judge() {
    let main = fixtures().join("oldpkg/src/main.rs");
    let shapes = fixtures().join("oldpkg/src/shapes.rs");
    let files = || {
        [&main, &shapes]
            .map(|f| std::fs::read_to_string(f).unwrap())
            .concat()
    };
    let before = files();
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("bundle")
        .arg(&main)
        .args(["--judge", "codeforces"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let text = String::from_utf8(output.stdout).unwrap();
    for migrated in [
        "fn total(shapes: &[Box<dyn Shape>]) -> u64",
        "fn digits(bytes: &mut dyn Iterator<Item = u8>) -> u64",
        "0..=9 =>",
        "pub fn largest(shapes: &[Box<dyn Shape>]) -> Option<&dyn Shape>",
    ] {
        assert!(text.contains(migrated), "{migrated}:\n{text}");
    }
    let at = |file: &str, line_column: &str, lint: &str| {
        let path = fixtures().join("oldpkg/src").join(file);
        format!("{}:{line_column} ({lint})", path.display())
    };
    for place in [
        at("main.rs", "6:24", "bare_trait_objects"),
        at("main.rs", "10:23", "bare_trait_objects"),
        at("shapes.rs", "15:10", "ellipsis_inclusive_range_patterns"),
    ] {
        assert!(
            stderr.contains("the solution's package is edition 2018") && stderr.contains(&place),
            "{place}:\n{stderr}"
        );
    }
    assert_eq!(files(), before);
    let dir = tempfile::tempdir().unwrap();
    if let Err(stderr) = compile_in(dir.path(), &text, "2021").unwrap() {
        panic!("rustc --edition 2021:\n{stderr}\n--- bundle ---\n{text}");
    }
    let output = Command::new(dir.path().join("main")).output().unwrap();
    let expected = before
        .lines()
        .next()
        .unwrap()
        .trim_start_matches("// stdout: ");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{expected}\n")
    );
    // An error of the solution's own is reported alone, at its place, after the migration.
    let copy = tempfile::tempdir().unwrap();
    std::fs::create_dir(copy.path().join("src")).unwrap();
    for file in ["Cargo.toml", "src/main.rs", "src/shapes.rs"] {
        let text = std::fs::read_to_string(fixtures().join("oldpkg").join(file)).unwrap();
        let text = text.replace(
            "-> u64 {\n    shapes",
            "-> u64 { let x: u32 = \"no\";\n    shapes",
        );
        std::fs::write(copy.path().join(file), text).unwrap();
    }
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("bundle")
        .arg(copy.path().join("src/main.rs"))
        .args(["--judge", "codeforces"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success()
            && stderr.contains("src/main.rs:6:55: error[E0308]")
            && !stderr.contains("E0782"),
        "{stderr}"
    );
}

/// A bundle over Codeforces's limit even minified fits once the bundled crates' own names
/// are shortened, and answers the same: names std also has are given back, names a program
/// observes stay (the solution's, those `#[derive(Debug)]` prints, `stringify!` and `cfg!`
/// read, a format string captures, the linker looks up). The solution is padded with a
/// string literal to just over the limit.
#[test]
fn names_are_shortened_to_fit_a_judges_limit() {
    let fixture = fixtures().join("solutions/longnames.rs");
    let solution = std::fs::read_to_string(&fixture).unwrap();
    let expected = solution
        .lines()
        .next()
        .unwrap()
        .strip_prefix("// stdout: ")
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let main = dir.path().join("main.rs");
    let lib = fixtures().join("longnames");
    let grundy = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .arg("bundle")
            .arg(&main)
            .arg("--lib")
            .arg(&lib)
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "{stderr}");
        (String::from_utf8(output.stdout).unwrap(), stderr)
    };
    let padded = |bytes: usize| {
        let padding = "x".repeat(bytes);
        std::fs::write(
            &main,
            format!("{solution}#[allow(dead_code)]\nconst PADDING: &str = \"{padding}\";\n"),
        )
        .unwrap();
    };
    padded(0);
    let (minified, _) = grundy(&["--minify"]);
    // 300 bytes over once minified.
    padded(65_536 + 300 - minified.len());
    let (text, notes) = grundy(&["--judge", "codeforces"]);
    assert!(
        notes.contains("names of the bundled crates' own code are shortened"),
        "{notes}"
    );
    assert!(text.len() <= 65_536, "{} bytes", text.len());
    let run = tempfile::tempdir().unwrap();
    if let Err(stderr) = compile_in(run.path(), &text, "2021").unwrap() {
        panic!("rustc --edition 2021 -O:\n{stderr}");
    }
    let output = Command::new(run.path().join("main")).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim_end(), expected);
    for kept in [
        "lower_bound_value",
        "multiply_then_add_operation",
        "{accumulated_total_so_far}",
        "fn labs(",
        "cfg!(unix)",
        "fn unix()",
        ".len()",
        "fn next(",
        "type Item",
    ] {
        assert!(text.contains(kept), "{kept} is gone:\n{text}");
    }
    for renamed in [
        "incoming_value_to_add",
        "remaining_steps_left",
        "CountedType",
        "current_step_value",
        "collection_of_vectors",
        "'collection",
        "name_of_the_operation",
        "operation_identifier",
        "number_of_additions",
    ] {
        assert!(!text.contains(renamed), "{renamed} is still there");
    }
}
