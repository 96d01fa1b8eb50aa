//! The library's templates as a contest reference: each with its parsed header, its code
//! without header and tests, its topic, the templates it uses and the problems that use it.
//! `list`, `snippets` and `notebook` all read from one [`Catalog`].

use crate::bundle::parse::Paths;
use crate::bundle::source::{self, is_cfg_test, item_attrs, SourceError};
use crate::contest::header::{self, Header, HeaderError};
use crate::suggest;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};
use syn::spanned::Spanned;
use syn::visit::Visit;

/// Topics in the order the notebook prints them, each with its templates in reading order.
/// A template missing here is filed under [`OTHER_TOPIC`], so a new one still shows up.
pub const TOPICS: [(&str, &[&str]); 7] = [
    (
        "Foundations",
        &[
            "mex",
            "subtraction_sg",
            "dag_sg",
            "memo_sg",
            "split_sg",
            "nimber",
            "nimber_field",
            "xor_convolution",
            "loopy_game",
        ],
    ),
    (
        "Nim family",
        &[
            "nim",
            "bash",
            "moore_nim",
            "staircase_nim",
            "lasker_nim",
            "anti_nim",
        ],
    ),
    ("Misere and multi-game", &["anti_sg", "every_sg"]),
    ("Partizan games", &["partizan_number"]),
    (
        "Classic closed forms",
        &["wythoff", "isqrt", "fibonacci_nim", "ed_game"],
    ),
    (
        "Boards and graphs",
        &[
            "cutting_game",
            "coin_turning",
            "hackenbush_tree",
            "hackenbush_rings",
            "octal",
            "general_matching",
        ],
    ),
    (
        "Input and output",
        &["fast_io", "interactive_io", "stress_gen"],
    ),
];

/// The topic of templates that [`TOPICS`] does not name.
pub const OTHER_TOPIC: &str = "Other";

/// Words people type for a template that its header does not contain (`list` searches the
/// whole header besides). Kept here, not in the headers: a header has six fixed keys, none
/// of them for search words.
pub const ALIASES: [(&str, &[&str]); 5] = [
    ("bash", &["take-away", "takeaway"]),
    ("subtraction_sg", &["take-away", "takeaway"]),
    ("moore_nim", &["nimk"]),
    ("nimber", &["nim multiplication", "nim-product"]),
    ("wythoff", &["golden ratio"]),
];

/// The topic a template is filed under.
pub fn topic_of(name: &str) -> &'static str {
    TOPICS
        .iter()
        .find(|(_, names)| names.contains(&name))
        .map_or(OTHER_TOPIC, |(topic, _)| topic)
}

/// One template module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    /// The module name, which is also its file stem.
    pub name: String,
    pub header: Header,
    /// The source without its `//!` header and without its `#[cfg(test)]` items, ending in
    /// one newline. Comments and layout are kept as written.
    pub code: String,
    pub topic: &'static str,
    /// Templates this one names through `crate::<name>`, sorted.
    pub depends_on: Vec<String>,
    /// Ids of the problems whose `main.rs` names this template or a template that uses it,
    /// sorted.
    pub used_by: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("cannot read {}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("{}: {source}", path.display())]
    Header { path: PathBuf, source: HeaderError },
    #[error(transparent)]
    Source(#[from] SourceError),
    #[error("no template files in {}", dir.display())]
    Empty { dir: PathBuf },
    #[error("no template matches `{query}`{}", match closest.as_slice() {
        [] => String::new(),
        names => format!(" (closest names: {})", names.join(", ")),
    })]
    NoMatch { query: String, closest: Vec<String> },
    #[error("no template named `{name}`{}", match suggestion {
        Some(s) => format!(" (did you mean `{s}`?)"),
        None => String::new(),
    })]
    Unknown {
        name: String,
        suggestion: Option<String>,
    },
}

/// Every template of a library, sorted by name.
#[derive(Debug, Clone)]
pub struct Catalog {
    templates: Vec<Template>,
}

impl Catalog {
    /// Reads every `src/*.rs` of the library crate in `library_dir` except `lib.rs`, and, when
    /// `problems_dir` is given, every `<id>/main.rs` under it to find which problems use which
    /// template (paths starting with the library's crate name, read from its Cargo.toml).
    /// Fails on the first unreadable file, bad header or syntax error.
    pub fn load(library_dir: &Path, problems_dir: Option<&Path>) -> Result<Catalog, CatalogError> {
        let src = library_dir.join("src");
        let mut templates = Vec::new();
        for path in sorted_entries(&src)? {
            let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            if path.extension().is_none_or(|e| e != "rs") || name == "lib" {
                continue;
            }
            let source = source::read(&path)?;
            let header = Header::parse(&source).map_err(|source| CatalogError::Header {
                path: path.clone(),
                source,
            })?;
            let file = source::parse(&path, &source)?;
            templates.push(Template {
                name: name.to_string(),
                header,
                code: code_without_header_and_tests(&source, &file),
                topic: topic_of(name),
                depends_on: module_references(&file, "crate").into_iter().collect(),
                used_by: Vec::new(),
            });
        }
        if templates.is_empty() {
            return Err(CatalogError::Empty { dir: src });
        }
        if let Some(problems_dir) = problems_dir {
            let (crate_name, _) = source::library_manifest(library_dir)?;
            for dir in sorted_entries(problems_dir)? {
                let main = dir.join("main.rs");
                let Some(id) = dir.file_name().and_then(|s| s.to_str()) else {
                    continue;
                };
                if !main.is_file() {
                    continue;
                }
                let mut used =
                    module_references(&source::parse(&main, &source::read(&main)?)?, &crate_name);
                // What the templates it names use, it uses too.
                let mut pending: Vec<String> = used.iter().cloned().collect();
                while let Some(name) = pending.pop() {
                    if let Some(t) = templates.iter().find(|t| t.name == name) {
                        for dep in &t.depends_on {
                            if used.insert(dep.clone()) {
                                pending.push(dep.clone());
                            }
                        }
                    }
                }
                for template in &mut templates {
                    if used.contains(&template.name) {
                        template.used_by.push(id.to_string());
                    }
                }
            }
        }
        Ok(Catalog { templates })
    }

    pub fn templates(&self) -> &[Template] {
        &self.templates
    }

    /// The template called `name`, or an error suggesting the closest name.
    pub fn get(&self, name: &str) -> Result<&Template, CatalogError> {
        self.templates
            .iter()
            .find(|t| t.name == name)
            .ok_or_else(|| CatalogError::Unknown {
                name: name.to_string(),
                suggestion: suggest::closest(name, self.templates.iter().map(|t| t.name.as_str()))
                    .map(str::to_string),
            })
    }

    /// The templates whose name, header or [`ALIASES`] contain every word of `query`,
    /// ignoring case, accents and the difference between `-`, `_` and a space (`misere`
    /// finds "misère", `anti-nim` finds `anti_nim`). A query that matches nothing is an error
    /// naming the closest template names.
    pub fn matching(&self, query: &str) -> Result<Vec<&Template>, CatalogError> {
        let folded = fold(query);
        let words: Vec<&str> = folded.split_whitespace().collect();
        let found: Vec<&Template> = self
            .templates
            .iter()
            .filter(|t| {
                let h = &t.header;
                let aliases = ALIASES.iter().filter(|(name, _)| *name == t.name);
                let text = [
                    &t.name,
                    &h.description,
                    &h.usage,
                    &h.time,
                    &h.memory,
                    &h.source,
                    &h.status,
                ]
                .map(String::as_str)
                .into_iter()
                .chain(aliases.flat_map(|(_, words)| words.iter().copied()))
                .collect::<Vec<_>>()
                .join("\n");
                let text = fold(&text);
                words.iter().all(|w| text.contains(w))
            })
            .collect();
        if found.is_empty() {
            return Err(CatalogError::NoMatch {
                query: query.to_string(),
                closest: self.closest_names(&folded.replace(' ', "_")),
            });
        }
        Ok(found)
    }

    /// Up to three template names nearest to `word` (see [`suggest::closest`]), by the whole
    /// name or one of its `_`-separated parts (`hackenbsh` finds `hackenbush_tree`).
    fn closest_names(&self, word: &str) -> Vec<String> {
        let keys: Vec<(&str, &str)> = self
            .templates
            .iter()
            .flat_map(|t| {
                let name = t.name.as_str();
                std::iter::once(name)
                    .chain(name.split('_'))
                    .map(move |key| (key, name))
            })
            .collect();
        let mut closest: Vec<String> = Vec::new();
        while closest.len() < 3 {
            let left = keys
                .iter()
                .filter(|(_, name)| !closest.iter().any(|c| c == name));
            let Some(key) = suggest::closest(word, left.clone().map(|(key, _)| *key)) else {
                break;
            };
            let name = left.clone().find(|(k, _)| *k == key).map(|(_, name)| *name);
            closest.extend(name.map(str::to_string));
        }
        closest
    }

    /// The templates grouped by topic, topics in [`TOPICS`] order then [`OTHER_TOPIC`], each
    /// topic's templates in the table's order (others by name); empty topics are left out.
    pub fn by_topic(&self) -> Vec<(&'static str, Vec<&Template>)> {
        let rank = |t: &Template| {
            TOPICS
                .iter()
                .flat_map(|(_, names)| names.iter())
                .position(|n| *n == t.name)
                .unwrap_or(usize::MAX)
        };
        let topics = TOPICS.iter().map(|(topic, _)| *topic);
        topics
            .chain([OTHER_TOPIC])
            .map(|topic| {
                let mut members: Vec<&Template> =
                    self.templates.iter().filter(|t| t.topic == topic).collect();
                members.sort_by_key(|t| rank(t));
                (topic, members)
            })
            .filter(|(_, members)| !members.is_empty())
            .collect()
    }
}

/// The `list` table: one line per template with its name, the first sentence of its
/// description, its time bound and the first clause of its status, in aligned columns.
/// With a `width`, cells are cut with `…` so each line fits it: time and status first give
/// up characters down to a comfortable width, then the widest cuttable column does, none
/// below a few characters, the name never; narrower still, status and then time are left
/// out. Without a width nothing is cut.
pub fn format_list(templates: &[&Template], width: Option<usize>) -> String {
    /// How far each column is cut, pass by pass (the name never): the summary matters most.
    const MIN_WIDTHS: [[usize; 4]; 2] = [[usize::MAX, usize::MAX, 16, 24], [usize::MAX, 24, 8, 12]];
    const GAP: usize = 2;
    let mut rows: Vec<[String; 4]> = templates
        .iter()
        .map(|t| {
            [
                t.name.clone(),
                t.header.summary(),
                header::flatten(&t.header.time)
                    .trim_end_matches('.')
                    .to_string(),
                first_clause(&t.header.status),
            ]
        })
        .collect();
    let mut widths = [0; 4];
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    // Columns shown, from the left: too narrow a screen loses status, then time.
    let mut shown = 4;
    if let Some(limit) = width {
        let total =
            |w: &[usize], shown: usize| w[..shown].iter().sum::<usize>() + GAP * (shown - 1);
        for mins in MIN_WIDTHS {
            while total(&widths, shown) > limit {
                let widest = (1..4)
                    .filter(|&c| widths[c] > mins[c])
                    .max_by_key(|&c| widths[c]);
                match widest {
                    Some(c) => widths[c] -= 1,
                    None => break,
                }
            }
        }
        while shown > 2 && total(&widths, shown) > limit {
            shown -= 1;
        }
        // Only a screen narrower than the names and 26 more characters gets here.
        let room = limit.saturating_sub(widths[0] + GAP).max(1);
        widths[1] = widths[1].min(room);
        for row in &mut rows {
            for (cell, &width) in row.iter_mut().zip(&widths).skip(1) {
                *cell = cut(cell, width);
            }
        }
    }
    let mut out = String::new();
    for row in &rows {
        let mut line = String::new();
        for (cell, width) in row.iter().zip(widths).take(shown) {
            let _ = write!(line, "{cell:<width$}{:GAP$}", "");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The width `list` fits its table to: `COLUMNS` when set to a number, else the terminal's
/// width when standard output is one; `None` (nothing cut) when it is a pipe or a file.
pub fn list_width() -> Option<usize> {
    let columns = std::env::var("COLUMNS").ok();
    match columns.and_then(|c| c.trim().parse().ok()) {
        Some(columns) => Some(columns),
        None => terminal_size::terminal_size_of(io::stdout()).map(|(w, _)| usize::from(w.0)),
    }
}

/// The status up to its first `;` or sentence end: how the template was verified, in short.
fn first_clause(status: &str) -> String {
    let flat = header::flatten(status);
    let sentence = header::first_sentence(&flat);
    let clause = sentence.split(';').next().unwrap_or(sentence);
    clause.trim_end_matches('.').to_string()
}

/// `text` cut to at most `width` characters, the last one `…` when something was cut.
fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let kept: String = text.chars().take(width - 1).collect();
    format!("{}…", kept.trim_end())
}

/// Lowercase with the accents of Latin letters dropped and `-`, `_` made spaces, for
/// matching typed words.
fn fold(text: &str) -> String {
    text.to_lowercase()
        .chars()
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ä' => 'a',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ò' | 'ó' | 'ô' | 'ö' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            'ñ' => 'n',
            '-' | '_' => ' ',
            c => c,
        })
        .collect()
}

fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>, CatalogError> {
    let io_error = |source| CatalogError::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut paths = std::fs::read_dir(dir)
        .map_err(io_error)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(io_error)?;
    paths.sort();
    Ok(paths)
}

/// The lines of `source` outside the leading `//!` header and outside every top-level
/// `#[cfg(test)]` item, with blank lines at both ends dropped.
fn code_without_header_and_tests(source: &str, file: &syn::File) -> String {
    // 1-based inclusive line ranges of the test items, attributes and doc comments included.
    let test_lines: Vec<(usize, usize)> = file
        .items
        .iter()
        .filter_map(|item| {
            let attrs = item_attrs(item);
            attrs.iter().any(is_cfg_test).then(|| {
                let span = item.span();
                let first_attr = attrs.iter().map(|a| a.pound_token.span.start().line);
                let start = first_attr.chain([span.start().line]).min().unwrap_or(1);
                (start, span.end().line)
            })
        })
        .collect();
    let kept: Vec<&str> = source
        .lines()
        .enumerate()
        .skip_while(|(_, line)| line.starts_with("//!"))
        .filter(|(index, _)| {
            let line_no = index + 1;
            !test_lines
                .iter()
                .any(|&(start, end)| (start..=end).contains(&line_no))
        })
        .map(|(_, line)| line)
        .collect();
    let first = kept.iter().position(|l| !l.trim().is_empty());
    let last = kept.iter().rposition(|l| !l.trim().is_empty());
    match (first, last) {
        (Some(first), Some(last)) => kept[first..=last].join("\n") + "\n",
        _ => String::new(),
    }
}

/// The modules named right after `root` (`crate`, or a crate name) by the paths of the
/// file's non-test items (`root::<module>::..`), in code, `use` trees and macro arguments.
fn module_references(file: &syn::File, root: &str) -> BTreeSet<String> {
    let mut paths = Paths::default();
    for item in &file.items {
        if !item_attrs(item).iter().any(is_cfg_test) {
            paths.visit_item(item);
        }
    }
    paths
        .found
        .into_iter()
        .filter(|p| p.segments.len() >= 2 && p.segments[0] == root)
        .map(|p| p.segments[1].clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_drops_the_header_and_the_tests_but_keeps_comments() {
        let source = "//! Description: x.\n//!\n//! Usage: y\n\n/// Doc.\npub fn f() {} // why\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {}\n}\n";
        let file = syn::parse_file(source).unwrap();
        assert_eq!(
            code_without_header_and_tests(source, &file),
            "/// Doc.\npub fn f() {} // why\n"
        );
    }

    #[test]
    fn references_follow_use_trees_and_paths_outside_tests() {
        let source = "use crate::mex::Mex;\nuse crate::{nim, split_sg::{a, b}};\nuse std::fmt;\nfn f() { crate::wythoff::is_cold(1, 2); other::crate_like(); println!(\"{}\", crate::octal::g(crate)); }\n#[cfg(test)]\nmod tests { use crate::bash::X; }\n";
        let file = syn::parse_file(source).unwrap();
        let found: Vec<String> = module_references(&file, "crate").into_iter().collect();
        assert_eq!(found, ["mex", "nim", "octal", "split_sg", "wythoff"]);
    }

    #[test]
    fn first_clause_stops_at_a_semicolon_or_sentence_end() {
        assert_eq!(
            first_clause("exhaustive: n <= 9; random n."),
            "exhaustive: n <= 9"
        );
        assert_eq!(
            first_clause("exhaustive: n <= 9.\nProblems: a."),
            "exhaustive: n <= 9"
        );
        assert_eq!(first_clause("exhaustive: n <= 9."), "exhaustive: n <= 9");
    }

    #[test]
    fn cut_marks_what_it_drops() {
        assert_eq!(cut("abcdef", 6), "abcdef");
        assert_eq!(cut("abc def", 5), "abc…");
    }

    #[test]
    fn topics_name_each_template_once() {
        let mut all: Vec<&str> = TOPICS.iter().flat_map(|(_, n)| n.iter().copied()).collect();
        let count = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), count);
        assert_eq!(topic_of("wythoff"), "Classic closed forms");
        assert_eq!(topic_of("something_new"), OTHER_TOPIC);
    }
}
