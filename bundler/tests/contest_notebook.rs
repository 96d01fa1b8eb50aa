//! `notebook`: the team notebook's layout (pages of three columns of fixed lines), its
//! contents and hashes, its choice of templates and fields, its Markdown, and the PDF that
//! Chromium prints from it.

use bundler::contest::catalog::Catalog;
use bundler::contest::notebook::{render, write, Field, Notebook, Options, CHARS, COLUMNS, LINES};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fixture() -> Catalog {
    let dir = manifest_dir().join("tests/fixtures/contest");
    Catalog::load(&dir.join("templates"), Some(&dir.join("problems"))).unwrap()
}

/// The whole library of this workspace.
fn library() -> Catalog {
    let root = manifest_dir().join("..");
    Catalog::load(&root.join("templates"), Some(&root.join("problems"))).unwrap()
}

fn options(names: &[&str], fields: &[Field]) -> Options {
    Options {
        names: names.iter().map(|n| n.to_string()).collect(),
        fields: fields.to_vec(),
    }
}

/// One printed line of the HTML, read back from its markup.
#[derive(Debug)]
struct Printed {
    page: usize,
    /// Counted over the whole document, from 1.
    column: usize,
    class: String,
    id: Option<String>,
    /// The text, tags removed and entities decoded.
    text: String,
}

/// The lines of the notebook's HTML, which writes one element per source line.
fn printed(html: &str) -> Vec<Printed> {
    let (mut page, mut column) = (0, 0);
    let mut lines = Vec::new();
    for line in html.lines() {
        if line == "<div class=\"page\">" {
            page += 1;
        } else if line == "<div class=\"col\">" {
            column += 1;
        } else if let Some(rest) = line.strip_prefix("<div class=\"l ") {
            let class_end = rest.find('"').unwrap();
            let open_end = rest.find('>').unwrap();
            let id = rest[..open_end]
                .split("id=\"")
                .nth(1)
                .map(|s| s.trim_end_matches('"').to_string());
            let inner = rest[open_end + 1..].strip_suffix("</div>").unwrap();
            lines.push(Printed {
                page,
                column,
                class: rest[..class_end].to_string(),
                id,
                text: decode(&strip_tags(inner)),
            });
        }
    }
    lines
}

/// Height in half lines, as the stylesheet gives it (`.l.half, .l.gap`).
fn halves(line: &Printed) -> usize {
    if line.class == "half" || line.class == "gap" {
        1
    } else {
        2
    }
}

fn text_of(line: &Printed) -> &str {
    &line.text
}

/// `text` with the entities an HTML escaper writes turned back into characters.
fn decode(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// `text` without HTML tags (entities kept).
fn strip_tags(text: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// The notebook's printed text, lines joined by a space and spaces collapsed, so wrapped
/// prose reads as written.
fn plain_text(html: &str) -> String {
    let lines: Vec<String> = printed(html).into_iter().map(|l| l.text).collect();
    lines
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn no_whitespace(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Every page has at most three columns of at most `LINES` lines of at most `CHARS`
/// characters, and the page count is what the notebook says.
fn assert_layout(notebook: &Notebook) {
    let lines = printed(&notebook.html);
    assert_eq!(
        notebook.html.matches("<div class=\"page\">").count(),
        notebook.pages
    );
    let last_column = lines.last().unwrap().column;
    assert_eq!(last_column.div_ceil(COLUMNS), notebook.pages);
    for column in 1..=last_column {
        let in_column: Vec<&Printed> = lines.iter().filter(|l| l.column == column).collect();
        let height: usize = in_column.iter().map(|l| halves(l)).sum();
        assert!(height <= 2 * LINES, "column {column}: {height} half lines");
        assert!(in_column
            .iter()
            .all(|l| l.page == (column - 1) / COLUMNS + 1));
    }
    for line in &lines {
        assert!(line.text.chars().count() <= CHARS, "too long: {line:?}");
    }
}

/// For each template: its title and the first line of its code are in one column, the
/// contents gives the page its title is on, and its code lines hold its code.
fn assert_entries(notebook: &Notebook, catalog: &Catalog) {
    let lines = printed(&notebook.html);
    assert!(!notebook.contents.is_empty());
    for (name, page) in &notebook.contents {
        let id = format!("t-{name}");
        let title = lines
            .iter()
            .position(|l| l.id.as_deref() == Some(id.as_str()))
            .unwrap_or_else(|| panic!("no title for {name}"));
        assert_eq!(lines[title].page, *page, "{name}");
        let entry_end = lines[title + 1..]
            .iter()
            .position(|l| l.class == "title")
            .map_or(lines.len(), |i| title + 1 + i);
        let entry = &lines[title..entry_end];
        let first_code = entry.iter().find(|l| l.class == "code").unwrap();
        assert_eq!(first_code.column, lines[title].column, "{name}");
        let code: String = entry
            .iter()
            .filter(|l| l.class.starts_with("code") || l.class == "half")
            .map(text_of)
            .collect();
        let template = catalog.get(name).unwrap();
        // All of the code but its whole-line comments, in order.
        let uncommented: String = template
            .code
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect();
        assert_eq!(no_whitespace(&code), no_whitespace(&uncommented), "{name}");
        // The contents line of the template ends with that page.
        let toc = lines
            .iter()
            .find(|l| l.class == "toc" && l.text.trim_start().starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("{name} is not in the contents"));
        assert!(toc.text.ends_with(&format!(" {page}")), "{toc:?}");
    }
}

#[test]
fn the_fixture_library_lays_out_with_contents_and_pages() {
    let catalog = fixture();
    let notebook = render(&catalog, &Options::default()).unwrap();
    assert_layout(&notebook);
    assert_entries(&notebook, &catalog);
    let names: Vec<&str> = notebook.contents.iter().map(|(n, _)| n.as_str()).collect();
    // In the order of the topics.
    assert_eq!(
        names,
        ["mex", "subtraction_sg", "anti_nim", "wythoff", "escapes"]
    );
    assert_eq!(notebook.pages, 1);
}

#[test]
fn the_whole_library_fits_eight_pages_with_headers_beside_their_code() {
    let catalog = library();
    let notebook = render(&catalog, &Options::default()).unwrap();
    assert_layout(&notebook);
    assert_entries(&notebook, &catalog);
    assert_eq!(notebook.contents.len(), catalog.templates().len());
    assert!(notebook.pages <= 8, "{} pages", notebook.pages);
    assert!(notebook.pages > 1, "a layout over several pages is tested");
}

#[test]
fn default_fields_leave_out_usage_source_and_status() {
    let text = plain_text(&render(&fixture(), &Options::default()).unwrap().html);
    assert!(
        text.contains("Wythoff's game. Two piles;"),
        "description: {text}"
    );
    assert!(text.contains("O(1) per query."), "time");
    let usage = "assert!(templates::wythoff::is_cold(3, 5));";
    assert!(!text.contains(usage), "usage");
    let with_usage = options(&[], &[Field::Usage]);
    let text_with_usage = plain_text(&render(&fixture(), &with_usage).unwrap().html);
    assert!(text_with_usage.contains(usage), "{text_with_usage}");
    assert!(!text.contains("Wythoff (1907)"), "source");
    assert!(!text.contains("a test fixture"), "status");
    let chosen = options(&[], &[Field::Source, Field::Status]);
    let text = plain_text(&render(&fixture(), &chosen).unwrap().html);
    assert!(text.contains("Source: Wythoff (1907)."), "{text}");
    assert!(
        text.contains("Status: exhaustive: none, a test fixture."),
        "{text}"
    );
    assert!(!text.contains("O(1) per query."));
}

#[test]
fn named_templates_come_with_what_they_use() {
    let notebook = render(&fixture(), &options(&["subtraction_sg"], &Field::DEFAULT)).unwrap();
    let names: Vec<&str> = notebook.contents.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["mex", "subtraction_sg"]);
    let err = render(&fixture(), &options(&["wythof"], &Field::DEFAULT)).unwrap_err();
    assert!(err.to_string().contains("did you mean `wythoff`"), "{err}");
}

/// The hash beside a template is what the legend's shell command computes from its code.
#[test]
fn hashes_match_the_legends_shell_command() {
    let catalog = fixture();
    let notebook = render(&catalog, &Options::default()).unwrap();
    let legend = "tr -d '[:space:]' < a.rs | sha256sum | cut -c1-6";
    assert!(plain_text(&notebook.html).contains(legend));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.rs"),
        bundler::contest::notebook::printed_code(&catalog.get("wythoff").unwrap().code),
    )
    .unwrap();
    let output = Command::new("sh")
        .arg("-c")
        .arg(legend)
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(output.status.success());
    let hash = String::from_utf8(output.stdout).unwrap();
    let title = printed(&notebook.html)
        .into_iter()
        .find(|l| l.id.as_deref() == Some("t-wythoff"))
        .unwrap();
    assert!(
        title.text.ends_with(&format!("#{}", hash.trim())),
        "{title:?} {hash}"
    );
}

#[test]
fn code_is_highlighted_and_escaped() {
    let html = render(&fixture(), &Options::default()).unwrap().html;
    let lines: Vec<&str> = html
        .lines()
        .filter(|l| l.starts_with("<div class=\"l code"))
        .collect();
    // Whole-line comments are not printed: the header says it, and nobody types them.
    assert!(!html.contains("Walks Wythoff's construction"), "{html}");
    assert!(!lines.iter().any(|l| l.contains("hl-comment")));
    assert!(lines
        .iter()
        .any(|l| l.contains("hl-storage") || l.contains("hl-keyword")));
    // Markup inside the code stays text: `<html> & </pre>` in a string literal.
    assert!(html.contains("&lt;html&gt; &amp; &lt;/pre&gt;"), "{html}");
    assert!(!html.contains("<html> &"));
    for line in html.lines().filter(|l| l.starts_with("<div class=\"l ")) {
        assert_eq!(
            line.matches("<span").count(),
            line.matches("</span>").count(),
            "{line}"
        );
    }
}

#[test]
fn markdown_has_the_chosen_templates_and_fields() {
    let catalog = fixture();
    let md = render(&catalog, &Options::default()).unwrap().markdown;
    assert!(md.contains("\n- [Foundations](#foundations)\n"), "{md}");
    assert!(
        md.contains("\n  - [`wythoff`](#wythoff) Wythoff's game.\n"),
        "{md}"
    );
    for t in catalog.templates() {
        assert_eq!(md.matches(&format!("\n### {}\n", t.name)).count(), 1);
        assert!(
            md.contains(&format!("```rust\n{}```\n", t.code)),
            "{}",
            t.name
        );
    }
    assert!(md.contains("**Used by:** p-wythoff\n"));
    assert!(md.contains("**Uses:** [`mex`](#mex)\n"));
    assert!(md.contains("**Time:** O(1) per query.\n"));
    assert!(!md.contains("**Source:**"));
    let md = render(&catalog, &options(&["mex"], &[Field::Status]))
        .unwrap()
        .markdown;
    assert!(md.contains("**Status:**"));
    assert!(!md.contains("**Time:**"));
    assert!(!md.contains("### wythoff"));
}

#[test]
fn write_creates_both_files_or_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("notebook");
    let written = write(&fixture(), &Options::default(), &out, false).unwrap();
    assert_eq!(
        written.files,
        [out.join("notebook.html"), out.join("notebook.md")]
    );
    let notebook = render(&fixture(), &Options::default()).unwrap();
    assert_eq!(
        std::fs::read_to_string(&written.files[0]).unwrap(),
        notebook.html
    );
    assert_eq!(
        std::fs::read_to_string(&written.files[1]).unwrap(),
        notebook.markdown
    );
    assert_eq!(
        std::fs::read_dir(&out).unwrap().count(),
        2,
        "no temporary file is left"
    );

    let file = dir.path().join("plain-file");
    std::fs::write(&file, "x").unwrap();
    let err = write(&fixture(), &Options::default(), &file.join("nb"), false).unwrap_err();
    assert!(err.to_string().contains("plain-file"), "{err}");
}

fn grundy(args: &[&str], path: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command
        .arg("notebook")
        .args(args)
        .current_dir(manifest_dir());
    if let Some(path) = path {
        command.env("PATH", path);
    }
    command.output().unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn the_binary_rejects_bad_fields_and_names() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("nb");
    let dir = dir.to_str().unwrap();
    let output = grundy(&["-o", dir, "--fields", "description,sauce"], None);
    assert!(!output.status.success());
    let message = stderr(&output);
    assert!(
        message.contains("invalid value 'sauce' for '--fields"),
        "{message}"
    );
    let output = grundy(&["-o", dir, "nim", "wythof"], None);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "error: no template named `wythof` (did you mean `wythoff`?)\n"
    );
    assert!(!Path::new(dir).exists(), "nothing written");
}

#[test]
fn pdf_without_chromium_is_one_clear_error() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("nb");
    let empty = tempfile::tempdir().unwrap();
    let output = grundy(&["-o", dir.to_str().unwrap(), "--pdf"], Some(empty.path()));
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.contains("--pdf prints with Chromium"), "{message}");
    assert!(!dir.exists(), "nothing written");
}

/// The first directory on PATH holding `name`.
fn installed(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// Chromium prints the whole library on as many landscape pages as the notebook computed,
/// at most 8.
#[test]
fn chromium_prints_the_computed_pages_in_landscape() {
    let computed = render(&library(), &Options::default()).unwrap().pages;
    assert!(computed <= 8, "{computed} pages");
    let missing: Vec<&str> = ["chromium", "pdfinfo"]
        .into_iter()
        .filter(|tool| installed(tool).is_none())
        .collect();
    if !missing.is_empty() {
        eprintln!(
            "skipped printing to PDF: {} not installed (apt-get install chromium \
             poppler-utils); checked only the computed {computed} pages",
            missing.join(" and ")
        );
        return;
    }
    let out = tempfile::tempdir().unwrap();
    let output = grundy(&["-o", out.path().to_str().unwrap(), "--pdf"], None);
    assert!(output.status.success(), "{}", stderr(&output));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.ends_with(&format!("\n{computed} pages\n")),
        "{stdout}"
    );
    let info = Command::new("pdfinfo")
        .arg(out.path().join("notebook.pdf"))
        .output()
        .unwrap();
    assert!(info.status.success());
    let info = String::from_utf8(info.stdout).unwrap();
    let field = |key: &str| {
        info.lines()
            .find_map(|l| l.strip_prefix(key))
            .unwrap_or_else(|| panic!("no {key} in {info}"))
            .trim()
            .to_string()
    };
    assert_eq!(field("Pages:"), computed.to_string(), "{info}");
    // "841.92 x 595.28 pts (A4)": wider than tall.
    let size: Vec<f64> = field("Page size:")
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(size.len() == 2 && size[0] > size[1], "{info}");
    assert!(
        (size[0] - 842.0).abs() < 2.0 && (size[1] - 595.0).abs() < 2.0,
        "A4: {info}"
    );
}

/// `--lib` and `--problems` each set their own directory: `--problems` once set both.
#[test]
fn the_binary_keeps_lib_and_problems_apart() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().to_str().unwrap();
    let problems = "tests/fixtures/contest/problems";
    let lib = "tests/fixtures/contest/templates";
    let output = grundy(&["-o", dir, "--problems", problems, "--lib", lib], None);
    assert!(output.status.success(), "{}", stderr(&output));
    let md = std::fs::read_to_string(out.path().join("notebook.md")).unwrap();
    assert!(md.contains("\n### wythoff\n"), "{md}");
    assert!(md.contains("**Used by:** p-wythoff\n"), "{md}");
    // Without `--lib`, the library is this workspace's templates, where `fast_io` is.
    let output = grundy(&["-o", dir, "--problems", problems], None);
    assert!(output.status.success(), "{}", stderr(&output));
    let html = std::fs::read_to_string(out.path().join("notebook.html")).unwrap();
    assert!(html.contains("id=\"t-fast_io\""));
}

/// A header taller than a column cannot sit beside its code: an error naming the template.
#[test]
fn a_header_longer_than_a_column_is_an_error() {
    let lib = tempfile::tempdir().unwrap();
    std::fs::create_dir(lib.path().join("src")).unwrap();
    let description = "Description: long.\n".to_string() + &"//! More words.\n//!\n".repeat(LINES);
    let source = format!(
        "//! {description}//! Usage: none.\n//!\n//! Time: O(1).\n//!\n//! Memory: O(1).\n//!\n\
         //! Source: none.\n//!\n//! Status: none.\n\npub fn f() {{}}\n"
    );
    std::fs::write(lib.path().join("src/huge.rs"), source).unwrap();
    let catalog = Catalog::load(lib.path(), None).unwrap();
    let err = render(&catalog, &Options::default()).unwrap_err();
    let message = err.to_string();
    let taken: usize = message
        .strip_prefix("the header of `huge` takes ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{message}"));
    assert!(taken > LINES, "{message}");
    assert!(
        message.ends_with(&format!(
            "more than the {LINES} of a column: print fewer --fields"
        )),
        "{message}"
    );
    // Without the description it fits.
    render(&catalog, &options(&[], &[Field::Time])).unwrap();
}
