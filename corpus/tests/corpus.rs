//! The corpus of crates at the versions most workspaces pin (see `harness` for what each
//! case must do), and what this set proves beyond its cases.

#[macro_use]
mod harness;

use harness::*;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use syn::visit::Visit;

cases! {
    acl_convolution,
    old_style_extern,
    num_bigint_rational,
    petgraph_dijkstra,
    indexmap_counts,
    acl_dsu_fenwick,
    acl_lazy_segtree,
    acl_math,
    acl_maxflow,
    acl_mincostflow,
    acl_modint,
    acl_scc_twosat,
    acl_segtree,
    acl_string,
    ascii_cipher,
    bitsets,
    itertools_basics,
    itertools_combinatorics,
    itertools_merge_either,
    mixed_kruskal,
    mixed_lis,
    mixed_number_theory,
    num_integer_basics,
    num_traits_float,
    num_traits_generic,
    permutohedron_tsp,
    proconio_dijkstra,
    proconio_grid,
    proconio_sources,
    rand_pcg_hashing,
    small_crates,
    superslice_queries,
    rand08_sampling,
    // Small packages, each a few lines on one crate, for Codeforces, which provides no crate.
    tiny_acl_convolution for "codeforces" within 64 << 10,
    tiny_itertools for "codeforces" within 16 << 10,
    tiny_num_gcd for "codeforces" within 12 << 10,
    tiny_proconio_input for "codeforces" within 16 << 10,
    tiny_rand_pcg_entropy for "codeforces" within 64 << 10,
}

/// One crate however it is reached: rand_core given as a `--lib` folder (a path package to
/// Cargo) is also rand_pcg's dependency from the registry (another package, the same
/// manifest). Bundled as two modules, rand_pcg's impls were of the other one's `SeedableRng`.
#[test]
fn a_crate_given_and_depended_on_is_one_module() {
    let folder = |package: &str| {
        let src = dependency(package).src_dir;
        let dir = src.parent().expect("src has a parent").to_path_buf();
        dir.into_os_string()
    };
    let args = [
        "--lib".into(),
        folder("rand_pcg"),
        "--lib".into(),
        folder("rand_core"),
    ];
    check_case_with(
        "rand_pcg_hashing",
        Path::new(env!("CARGO_BIN_EXE_rand_pcg_hashing")),
        &args,
    );
}

#[test]
fn every_case_folder_is_listed() {
    assert_every_case_folder_is_listed(CASES);
}

/// Names of the modules nested (at any depth) in a module called `crate_module`.
#[derive(Default)]
struct ModsUnder {
    crate_module: String,
    depth_inside: usize,
    found: BTreeSet<String>,
    saw_crate_module: bool,
}

impl<'ast> Visit<'ast> for ModsUnder {
    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        let is_crate = item.ident == self.crate_module.as_str();
        if self.depth_inside > 0 {
            self.found.insert(item.ident.to_string());
        }
        if is_crate {
            self.saw_crate_module = true;
            self.depth_inside += 1;
        }
        syn::visit::visit_item_mod(self, item);
        if is_crate {
            self.depth_inside -= 1;
        }
    }
}

/// Together, the cases reach every module of ac-library-rs: each `src/<name>.rs` of the crate
/// shows up as a `mod <name>` inside the crate's module (`mod ac_library`) of some bundle.
#[test]
fn cases_reach_every_ac_library_module() {
    let acl = dependency("ac-library-rs");
    let modules: BTreeSet<String> = fs::read_dir(&acl.src_dir)
        .expect("cannot list ac-library-rs/src")
        .filter_map(|entry| {
            let path = entry.expect("cannot read ac-library-rs/src").path();
            let stem = path.file_stem()?.to_str()?.to_string();
            (path.extension()? == "rs" && stem != "lib").then_some(stem)
        })
        .collect();
    assert!(
        !modules.is_empty(),
        "no modules found in {}",
        acl.src_dir.display()
    );

    let mut reached_by: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    let mut problems = Vec::new();
    for case in CASES {
        let source =
            fs::read_to_string(case_dir(case).join("main.rs")).expect("cannot read main.rs");
        if !source.contains(&acl.lib_name) {
            continue;
        }
        let bundle = match bundle_case(case, &[]) {
            Ok(bundle) => bundle,
            Err(e) => {
                problems.push(format!("{case}: {e}"));
                continue;
            }
        };
        let kept = keep_bundle(case, &bundle);
        let file = match syn::parse_file(&bundle) {
            Ok(file) => file,
            Err(e) => {
                problems.push(format!(
                    "{case}: the bundle does not parse: {e} ({})",
                    kept.display()
                ));
                continue;
            }
        };
        let mut visitor = ModsUnder {
            crate_module: acl.lib_name.clone(),
            ..ModsUnder::default()
        };
        visitor.visit_file(&file);
        if !visitor.saw_crate_module {
            problems.push(format!(
                "{case}: the bundle has no `mod {}` ({})",
                acl.lib_name,
                kept.display()
            ));
        }
        for name in visitor.found {
            reached_by.entry(name).or_default().push(case);
        }
    }
    let missing: Vec<&String> = modules
        .iter()
        .filter(|m| !reached_by.contains_key(*m))
        .collect();
    assert!(
        missing.is_empty(),
        "no bundle has these ac-library-rs modules: {missing:?}\nreached: {reached_by:?}\nproblems:\n{}",
        problems.join("\n")
    );
}
