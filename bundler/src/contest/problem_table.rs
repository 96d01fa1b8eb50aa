//! The README's table of problems, generated from the problem folders so it cannot drift:
//! one row per folder with a `main.rs`, giving its link (the `Source:` line of its README) or
//! `(custom)`, what it is (its README's title), the templates its bundle holds (those the
//! solution names, then in parentheses those they pull in), and its number of tests.
//! `new` rewrites the table after adding a problem; the workspace's readme test compares it.

use crate::bundle::parse::Solution;
use crate::pipeline::{self, Libraries, Request};
use std::collections::BTreeSet;
use std::path::Path;

/// The first line of the table; the rows follow its separator line up to a blank line.
pub const HEADER: &str =
    "| problem | what | templates used (in parentheses: pulled in by them) | tests |";
const SEPARATOR: &str = "|---|---|---|---|";
const BUNDLE_HEADER: &str = "// Bundled from the library `templates`: ";

/// The rows for the problems in `problems_dir`, bundled against the library in `templates`,
/// sorted by id; a problem that does not bundle gets its error in the templates cell, for a
/// person to see.
pub fn rows(problems_dir: &Path, templates: &Path) -> std::io::Result<Vec<String>> {
    let mut dirs: Vec<_> = std::fs::read_dir(problems_dir)?
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|dir| dir.join("main.rs").is_file())
        .collect();
    dirs.sort();
    let mut rows = Vec::new();
    for dir in dirs {
        let id = dir
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let readme = std::fs::read_to_string(dir.join("README.md")).unwrap_or_default();
        let what = readme
            .lines()
            .next()
            .and_then(|title| title.split_once(": "))
            .map_or("", |(_, what)| what.trim());
        let source = readme
            .lines()
            .find_map(|line| line.strip_prefix("Source: "))
            // The link alone: some lines go on to say what differs from the original.
            .and_then(|rest| rest.split_whitespace().next())
            .filter(|url| url.starts_with("http"));
        let first = match source {
            Some(url) => format!("[{id}]({url})"),
            None => format!("{id} (custom)"),
        };
        let used = templates_cell(&dir.join("main.rs"), templates);
        let tests = count_tests(&dir.join("tests"));
        rows.push(format!("| {first} | {what} | {used} | {tests} |"));
    }
    Ok(rows)
}

/// "`named`, (`pulled in`)" in the bundle's order.
fn templates_cell(main: &Path, templates: &Path) -> String {
    let named: BTreeSet<String> = match Solution::read(main) {
        Ok(solution) => solution
            .references(|name| name == "templates")
            .into_iter()
            .filter_map(|r| r.segments.get(1).cloned())
            .collect(),
        Err(e) => return format!("does not parse: {}", first_line(&e.to_string())),
    };
    let libraries = Libraries::Dirs(vec![templates.to_path_buf()]);
    let bundle = match pipeline::run(&Request::unverified(main, libraries)) {
        Ok(verified) => verified.text,
        Err(e) => return format!("does not bundle: {}", first_line(&e.to_string())),
    };
    let Some(list) = bundle.lines().find_map(|l| l.strip_prefix(BUNDLE_HEADER)) else {
        return String::new();
    };
    list.trim_end_matches('.')
        .split(", ")
        .map(|module| match named.contains(module) {
            true => format!("`{module}`"),
            false => format!("(`{module}`)"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}

/// The tests: inputs given (`.in`) or generated (`.gen`).
fn count_tests(tests: &Path) -> usize {
    std::fs::read_dir(tests).map_or(0, |entries| {
        entries
            .filter_map(|entry| {
                let path = entry.ok()?.path();
                matches!(path.extension()?.to_str()?, "in" | "gen").then_some(())
            })
            .count()
    })
}

/// `readme` with its problems table's rows replaced by `rows`; `None` when it has no table.
pub fn with_rows(readme: &str, rows: &[String]) -> Option<String> {
    let lines: Vec<&str> = readme.lines().collect();
    let header = lines.iter().position(|line| *line == HEADER)?;
    if lines.get(header + 1) != Some(&SEPARATOR) {
        return None;
    }
    let start = header + 2;
    let end = lines[start..]
        .iter()
        .position(|line| !line.starts_with('|'))
        .map_or(lines.len(), |n| start + n);
    let mut out: Vec<&str> = lines[..start].to_vec();
    out.extend(rows.iter().map(String::as_str));
    out.extend(&lines[end..]);
    let mut text = out.join("\n");
    if readme.ends_with('\n') {
        text.push('\n');
    }
    Some(text)
}

/// Rewrites the table in `readme_path` (atomically) when it differs; whether it changed.
/// A README without the table is left alone.
pub fn update(readme_path: &Path, problems_dir: &Path) -> Result<bool, crate::Error> {
    let Ok(readme) = std::fs::read_to_string(readme_path) else {
        return Ok(false);
    };
    let rows = rows(problems_dir, &crate::project::templates_dir()?).map_err(|source| {
        crate::Error::from(crate::ErrorKind::Source(
            crate::bundle::source::SourceError::Read {
                path: problems_dir.to_path_buf(),
                source,
            },
        ))
    })?;
    match with_rows(&readme, &rows) {
        Some(text) if text != readme => {
            crate::atomic::write_files(&[(readme_path, text.as_bytes())])?;
            Ok(true)
        }
        _ => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_replace_the_table_and_nothing_else() {
        let readme = format!("# T\n\n{HEADER}\n{SEPARATOR}\n| old | x | y | 1 |\n\nafter\n");
        let rows = vec![
            "| a | b | c | 2 |".to_string(),
            "| d | e | f | 3 |".to_string(),
        ];
        assert_eq!(
            with_rows(&readme, &rows).unwrap(),
            format!(
                "# T\n\n{HEADER}\n{SEPARATOR}\n| a | b | c | 2 |\n| d | e | f | 3 |\n\nafter\n"
            )
        );
        assert_eq!(with_rows("# no table\n", &rows), None);
    }
}
