//! `notebook`: the HTML and Markdown reference over the fixture library.

use bundler::contest::catalog::Catalog;
use bundler::contest::notebook::{render_html, render_markdown, write};
use std::path::Path;
use std::process::Command;

fn catalog() -> Catalog {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/contest");
    Catalog::load(&dir.join("templates"), Some(&dir.join("problems"))).unwrap()
}

/// The HTML of one template's entry.
fn entry<'a>(html: &'a str, name: &str) -> &'a str {
    let start = html
        .find(&format!("<article class=\"entry\" id=\"t-{name}\">"))
        .unwrap_or_else(|| panic!("no entry for {name}"));
    let end = start + html[start..].find("</article>").unwrap();
    &html[start..end]
}

#[test]
fn html_has_contents_topics_and_an_entry_per_template() {
    let catalog = catalog();
    let html = render_html(&catalog).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("size: A4"), "the stylesheet is embedded");
    let toc = &html[html.find("<nav class=\"toc\">").unwrap()..html.find("</nav>").unwrap()];
    for (topic, members) in catalog.by_topic() {
        let id = format!("topic-{}", topic.to_lowercase().replace(' ', "-"));
        assert!(toc.contains(&format!("href=\"#{id}\"")), "{topic}");
        assert_eq!(
            html.matches(&format!("<section class=\"topic\" id=\"{id}\">"))
                .count(),
            1
        );
        for t in members {
            assert!(
                toc.contains(&format!("href=\"#t-{}\"", t.name)),
                "{}",
                t.name
            );
            let e = entry(&html, &t.name);
            for key in [
                "Description",
                "Usage",
                "Time",
                "Memory",
                "Source",
                "Status",
                "Used by",
            ] {
                assert!(e.contains(&format!("<dt>{key}</dt>")), "{} {key}", t.name);
            }
        }
    }
    // In the order of the table of contents.
    let positions: Vec<usize> = ["mex", "subtraction_sg", "anti_nim", "wythoff", "escapes"]
        .iter()
        .map(|n| html.find(&format!("id=\"t-{n}\"")).unwrap())
        .collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{positions:?}");
}

#[test]
fn html_entries_show_header_fields_uses_and_problems() {
    let html = render_html(&catalog()).unwrap();
    let wythoff = entry(&html, "wythoff");
    assert!(
        wythoff.contains("<dt>Time</dt><dd><p>O(1) per query.</p></dd>"),
        "{wythoff}"
    );
    assert!(
        wythoff.contains("<dt>Used by</dt><dd>p-wythoff</dd>"),
        "{wythoff}"
    );
    let sg = entry(&html, "subtraction_sg");
    assert!(
        sg.contains("<dt>Uses</dt><dd><a href=\"#t-mex\"><code>mex</code></a></dd>"),
        "{sg}"
    );
    // Inline code in the description is rendered, not left in backticks.
    assert!(sg.contains("<code>s</code>"), "{sg}");
    assert!(entry(&html, "escapes").contains("<dd>none yet</dd>"));
}

#[test]
fn html_code_is_highlighted_and_escaped() {
    let html = render_html(&catalog()).unwrap();
    let wythoff = entry(&html, "wythoff");
    let code = &wythoff[wythoff.find("<pre class=\"code\">").unwrap()..];
    assert!(code.contains("<span class=\"hl-"), "{code}");
    assert!(
        code.contains("hl-storage") || code.contains("hl-keyword"),
        "{code}"
    );
    assert!(code.contains("hl-comment"), "{code}");
    // Without its markup, the highlighted code is the template's code.
    let pre = &code["<pre class=\"code\">".len()..code.find("</pre>").unwrap()];
    let catalog = catalog();
    assert_eq!(
        decode(&strip_tags(pre)),
        catalog.get("wythoff").unwrap().code
    );
    // The usage doctest is highlighted too.
    let usage = &wythoff[wythoff.find("<dt>Usage</dt>").unwrap()..];
    assert!(
        usage.starts_with("<dt>Usage</dt><dd><pre class=\"code usage\"><span class=\"hl-"),
        "{usage}"
    );
    // Markup inside the code stays text: `<html> & </pre>` in a string literal.
    let escapes = entry(&html, "escapes");
    assert!(
        escapes.contains("&lt;html&gt; &amp; &lt;/pre&gt;"),
        "{escapes}"
    );
    assert!(!escapes.contains("<html>"));
    assert_eq!(html.matches("<pre").count(), html.matches("</pre>").count());
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

#[test]
fn markdown_has_the_same_content() {
    let catalog = catalog();
    let md = render_markdown(&catalog);
    assert!(md.contains("\n## Contents\n"));
    assert!(md.contains("\n- [Foundations](#foundations)\n"), "{md}");
    assert!(
        md.contains("\n  - [`wythoff`](#wythoff) Wythoff's game.\n"),
        "{md}"
    );
    for t in catalog.templates() {
        assert_eq!(
            md.matches(&format!("\n### {}\n", t.name)).count(),
            1,
            "{}",
            t.name
        );
        assert!(
            md.contains(&format!("```rust\n{}```\n", t.code)),
            "{}",
            t.name
        );
    }
    assert!(md.contains("\n## Misere and multi-game\n") || !md.contains("anti_sg"));
    assert!(md.contains("**Used by:** p-wythoff\n"));
    assert!(md.contains("**Uses:** [`mex`](#mex)\n"));
    assert!(
        md.contains("**Usage:**\n\n```rust\nassert!(templates::wythoff::is_cold(3, 5));\n```"),
        "{md}"
    );
}

/// Read by a Markdown parser, each template's code and its usage doctest are Rust code blocks.
#[test]
fn markdown_code_blocks_parse_back() {
    use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
    let catalog = catalog();
    let md = render_markdown(&catalog);
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for event in Parser::new(&md) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(lang))) => {
                assert_eq!(&*lang, "rust");
                current = Some(String::new());
            }
            Event::Text(text) => {
                if let Some(block) = current.as_mut() {
                    block.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) => blocks.push(current.take().unwrap()),
            _ => {}
        }
    }
    assert_eq!(blocks.len(), 2 * catalog.templates().len());
    for t in catalog.templates() {
        assert!(blocks.contains(&t.code), "{}", t.name);
        let usage = t
            .header
            .usage
            .trim_start_matches("```\n")
            .trim_end_matches("```");
        assert!(blocks.iter().any(|b| b == usage), "{} usage", t.name);
    }
}

#[test]
fn output_is_deterministic() {
    let a = render_html(&catalog()).unwrap();
    let b = render_html(&catalog()).unwrap();
    assert!(a == b, "two renderings differ");
    assert_eq!(render_markdown(&catalog()), render_markdown(&catalog()));
}

#[test]
fn write_creates_both_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("notebook");
    let [html, md] = write(&catalog(), &out).unwrap();
    assert_eq!(html, out.join("notebook.html"));
    assert_eq!(md, out.join("notebook.md"));
    assert_eq!(
        std::fs::read_to_string(html).unwrap(),
        render_html(&catalog()).unwrap()
    );
    assert_eq!(
        std::fs::read_to_string(md).unwrap(),
        render_markdown(&catalog())
    );
    assert_eq!(
        std::fs::read_dir(&out).unwrap().count(),
        2,
        "no temporary file is left"
    );
}

#[test]
fn write_failure_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain-file");
    std::fs::write(&file, "x").unwrap();
    let err = write(&catalog(), &file.join("notebook")).unwrap_err();
    assert!(err.to_string().contains("plain-file"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// `--lib` and `--problems` each set their own directory: `--problems` once set both.
#[test]
fn the_binary_keeps_lib_and_problems_apart() {
    let out = tempfile::tempdir().unwrap();
    let notebook = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .arg("notebook")
            .arg("-o")
            .arg(out.path())
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::read_to_string(out.path().join("notebook.html")).unwrap()
    };
    let problems = "tests/fixtures/contest/problems";
    let html = notebook(&[
        "--problems",
        problems,
        "--lib",
        "tests/fixtures/contest/templates",
    ]);
    assert!(entry(&html, "wythoff").contains("<dt>Used by</dt><dd>p-wythoff</dd>"));
    // Without `--lib`, the library is this workspace's templates, where `fast_io` is.
    let html = notebook(&["--problems", problems]);
    entry(&html, "fast_io");
}
