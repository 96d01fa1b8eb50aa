//! The README's table of problems is generated from the problem folders
//! (`bundler::contest::problem_table`): one row per problem with its link, title, the
//! templates its bundle holds, and its number of tests. This test keeps the README's copy
//! true, and rewrites it when run with `GRUNDY_UPDATE_README=1` (`make readme`).

use bundler::contest::problem_table;
use std::path::Path;

#[test]
fn the_readme_lists_every_problem_with_the_templates_it_uses() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let readme_path = workspace.join("README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let rows =
        problem_table::rows(&workspace.join("problems"), &workspace.join("templates")).unwrap();
    assert!(rows.len() >= 21, "only {} problems found", rows.len());
    for row in &rows {
        assert!(
            !row.contains("does not"),
            "a problem does not bundle: {row}"
        );
    }
    let expected = problem_table::with_rows(&readme, &rows)
        .unwrap_or_else(|| panic!("README.md has no `{}` table", problem_table::HEADER));
    if expected != readme && std::env::var_os("GRUNDY_UPDATE_README").is_some() {
        std::fs::write(&readme_path, &expected).unwrap();
        return;
    }
    let stale: Vec<&str> = expected
        .lines()
        .filter(|line| line.starts_with("| ") && !readme.lines().any(|l| l == *line))
        .collect();
    assert!(
        stale.is_empty(),
        "README.md's problems table is out of date; run `make readme` to rewrite it. \
         Rows it should have:\n{}",
        stale.join("\n")
    );
    assert_eq!(
        expected, readme,
        "README.md's problems table has rows for no problem; run `make readme`"
    );
}
