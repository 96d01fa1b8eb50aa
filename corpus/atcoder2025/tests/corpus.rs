//! The corpus at AtCoder's 2025 versions (see `harness` for what each case must do).

#[macro_use]
#[path = "../../tests/harness/mod.rs"]
mod harness;

use harness::*;
use std::path::Path;

cases! {
    petgraph08_routes,
    itertools014_runs,
    bitvec_sieve,
    ndarray_matrix,
    collections_2025,
    regex_tokens,
    rand09_treap,
    // A few lines on petgraph for Codeforces, which provides no crate.
    tiny_petgraph_dijkstra for "codeforces" within 64 << 10,
}

#[test]
fn every_case_folder_is_listed() {
    assert_every_case_folder_is_listed(CASES);
}
