//! Size budgets: every bundle the tests make of a corpus case, a problem or a fixture has
//! its size recorded in `bundle-sizes.tsv` at the workspace's root, and a bundle more than a
//! tenth over its recorded size fails (keeping too much is a failing test, not a silent
//! regression). `make sizes` records the sizes of the day: each test writes its own under
//! `target/bundle-sizes/`, which the target then gathers into the table.
//!
//! Each test crate that bundles includes this file (`#[path = ".."] mod budget;`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// How far over its recorded size a bundle may grow before its test fails, in tenths.
const SLACK_TENTHS: usize = 11;

/// The workspace's root: the folder above that holds the table.
pub fn workspace() -> PathBuf {
    // Every package including this file is one level below the workspace's root, or two.
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.ancestors()
        .find(|dir| dir.join("bundle-sizes.tsv").is_file())
        .unwrap_or(here)
        .to_path_buf()
}

fn table() -> &'static BTreeMap<String, usize> {
    static TABLE: OnceLock<BTreeMap<String, usize>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let path = workspace().join("bundle-sizes.tsv");
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        text.lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .map(|line| {
                let (key, bytes) = line
                    .split_once('\t')
                    .unwrap_or_else(|| panic!("bundle-sizes.tsv: no tab in {line:?}"));
                let bytes = bytes
                    .trim()
                    .parse()
                    .unwrap_or_else(|e| panic!("bundle-sizes.tsv: {line:?}: {e}"));
                (key.to_string(), bytes)
            })
            .collect()
    })
}

/// Checks the bundle of `key` (`corpus/acl_convolution`, `problems/poj2311`,
/// `fixtures/pruned.rs`) against its budget; with `GRUNDY_UPDATE_SIZES` set, records it.
pub fn check(key: &str, bundle: &str) {
    let size = bundle.len();
    if std::env::var_os("GRUNDY_UPDATE_SIZES").is_some() {
        let dir = workspace().join("target/bundle-sizes");
        std::fs::create_dir_all(&dir).expect("cannot create target/bundle-sizes");
        let file = dir.join(key.replace('/', "%"));
        std::fs::write(&file, format!("{key}\t{size}\n")).expect("cannot record a size");
        return;
    }
    let Some(&recorded) = table().get(key) else {
        panic!(
            "{key} has no size in bundle-sizes.tsv (its bundle is {size} bytes): run `make sizes`"
        );
    };
    assert!(
        size * 10 <= recorded * SLACK_TENTHS,
        "{key}: the bundle is {size} bytes, over a tenth more than the {recorded} recorded in \
         bundle-sizes.tsv: it keeps more than it did (if that is right, run `make sizes`)"
    );
}
