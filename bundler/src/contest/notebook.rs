//! The team notebook a team takes to a contest, in the manner of KACTL: landscape A4 pages
//! of four columns of small monospace text, contents with page numbers, and beside each
//! template a short hash of its code to check what was typed by hand.
//!
//! The layout is computed here rather than left to the browser, because Chromium has no CSS
//! `target-counter` to print the page a link points to: every line is wrapped at [`CHARS`]
//! characters and placed in columns of [`LINES`] fixed-height lines, so the page of each
//! template is known. The same templates and fields also go to a Markdown file, for reading
//! on screen.

use crate::atomic::{self, WriteError};
use crate::contest::catalog::{Catalog, CatalogError, Template};
use crate::contest::header::{Header, KEYS};
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::rc::Rc;
use std::sync::OnceLock;
use syntect::parsing::{ParseState, ScopeStack, SyntaxSet};
use syntect::util::LinesWithEndings;

/// Page geometry, fonts, and the colors of the highlighting classes: dark tones and weights
/// that stay distinct on a black-and-white printer.
const CSS: &str = include_str!("notebook/notebook.css");

const TITLE: &str = "Combinatorial game templates";

/// Characters on a line of a column; the stylesheet sizes columns in `ch` from it.
pub const CHARS: usize = 56;
/// Lines in a column; the stylesheet sizes columns from it.
pub const LINES: usize = 99;
/// Columns on a page.
pub const COLUMNS: usize = 4;
/// Code lines that stay in the column of their template's header.
const CODE_KEPT: usize = 3;

/// A header field a notebook can print beside the code (`--fields`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, clap::ValueEnum)]
pub enum Field {
    Description,
    Usage,
    Time,
    Memory,
    Source,
    Status,
}

impl Field {
    /// What a contest needs: what a template computes and how fast it is. The usage examples
    /// are left to `--fields` (the code shows the signatures): with them the whole library
    /// takes a ninth page.
    pub const DEFAULT: [Field; 3] = [Field::Description, Field::Time, Field::Memory];

    fn key(self) -> &'static str {
        // The variants follow the header's keys.
        KEYS[self as usize]
    }

    fn text(self, header: &Header) -> &str {
        match self {
            Field::Description => &header.description,
            Field::Usage => &header.usage,
            Field::Time => &header.time,
            Field::Memory => &header.memory,
            Field::Source => &header.source,
            Field::Status => &header.status,
        }
    }
}

/// What a notebook holds.
#[derive(Debug, Clone)]
pub struct Options {
    /// Templates to print, with every template they use; all when empty.
    pub names: Vec<String>,
    /// Header fields to print, in any order (they print in the header's).
    pub fields: Vec<Field>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            names: Vec::new(),
            fields: Field::DEFAULT.to_vec(),
        }
    }
}

/// A rendered notebook.
#[derive(Debug, Clone)]
pub struct Notebook {
    pub html: String,
    pub markdown: String,
    /// Pages the HTML prints on.
    pub pages: usize,
    /// Each template printed, in order, with the page (from 1) its entry starts on.
    pub contents: Vec<(String, usize)>,
}

#[derive(Debug, thiserror::Error)]
pub enum NotebookError {
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error("cannot highlight {template}: {message}")]
    Highlight { template: String, message: String },
    #[error(
        "the header of `{template}` takes {lines} lines, more than the {LINES} of a column: \
         print fewer --fields"
    )]
    HeaderTooLong { template: String, lines: usize },
    #[error(
        "--pdf prints with Chromium, and none of {} is on PATH (on Debian: apt-get install \
         chromium)", CHROMIUM_NAMES.join(", ")
    )]
    NoChromium,
    #[error("Chromium could not print {}: {message}", html.display())]
    Print { html: PathBuf, message: String },
    #[error(transparent)]
    Write(#[from] WriteError),
}

/// The check hash printed beside each template, as KACTL prints one: the first 6 hex digits
/// of the SHA-256 of the template's code with every whitespace character removed, so code
/// typed with other indentation or line breaks still matches.
pub fn code_hash(code: &str) -> String {
    let compact: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    let digest = Sha256::digest(compact.as_bytes());
    digest[..3].iter().map(|b| format!("{b:02x}")).collect()
}

/// A template's code as the notebook prints it: without its whole-line comments (`//`,
/// `///`), which the header already says in prose, and without blank lines (indentation and
/// highlighting show where an item starts), since the notebook is short of lines and
/// neither is typed in a contest. The hash is over this text.
pub fn printed_code(code: &str) -> String {
    code.lines()
        .filter(|line| !line.trim_start().starts_with("//") && !line.trim().is_empty())
        .map(|line| format!("{line}\n"))
        .collect()
}

/// How [`code_hash`] is computed, for the notebook's legend and footer.
const HASH_RULE: &str = "first 6 hex digits of the SHA-256 of the code with all whitespace \
                         removed";

/// The templates `options` names with every template they use (all when it names none),
/// grouped by topic in the catalog's order.
fn selection<'a>(
    catalog: &'a Catalog,
    options: &Options,
) -> Result<Vec<(&'static str, Vec<&'a Template>)>, CatalogError> {
    let topics = catalog.by_topic();
    if options.names.is_empty() {
        return Ok(topics);
    }
    let mut chosen = BTreeSet::new();
    let mut pending: Vec<&str> = options.names.iter().map(String::as_str).collect();
    while let Some(name) = pending.pop() {
        let template = catalog.get(name)?;
        if chosen.insert(template.name.as_str()) {
            pending.extend(template.depends_on.iter().map(String::as_str));
        }
    }
    Ok(topics
        .into_iter()
        .map(|(topic, members)| {
            let kept = members
                .into_iter()
                .filter(|t| chosen.contains(t.name.as_str()));
            (topic, kept.collect::<Vec<_>>())
        })
        .filter(|(_, members)| !members.is_empty())
        .collect())
}

/// Renders the notebook `options` asks for.
pub fn render(catalog: &Catalog, options: &Options) -> Result<Notebook, NotebookError> {
    let topics = selection(catalog, options)?;
    let fields: Vec<Field> = options
        .fields
        .iter()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut layout = Layout::default();
    let names: Vec<&str> = topics
        .iter()
        .flat_map(|(_, members)| members.iter().map(|t| t.name.as_str()))
        .collect();
    // The contents has as many lines whatever the page numbers: laid out with placeholders,
    // then rewritten in place once the pages are known.
    let contents_lines = contents(&topics, &vec![0; names.len()], &fields);
    let contents_len = contents_lines.len();
    layout.flow(contents_lines);
    let mut pages = Vec::new();
    for (topic, members) in &topics {
        for (i, t) in members.iter().enumerate() {
            let (mut keep, flow) = entry(t, &fields)?;
            if i == 0 {
                keep.insert(0, Line::text("topic", styled(topic, "")));
            }
            if halves(&keep) > 2 * LINES {
                return Err(NotebookError::HeaderTooLong {
                    template: t.name.clone(),
                    lines: halves(&keep) / 2,
                });
            }
            pages.push((t.name.clone(), layout.place(keep, flow)));
        }
    }
    let numbers: Vec<usize> = pages.iter().map(|(_, page)| *page).collect();
    let final_contents = contents(&topics, &numbers, &fields);
    debug_assert_eq!(final_contents.len(), contents_len);
    for (slot, line) in layout.lines_mut().zip(final_contents) {
        *slot = line;
    }
    Ok(Notebook {
        html: layout.html(),
        markdown: render_markdown(&topics, &fields, names.len()),
        pages: layout.pages(),
        contents: pages,
    })
}

/// One printed line: a class for the stylesheet, an anchor, and its HTML.
#[derive(Debug, Clone)]
struct Line {
    class: &'static str,
    id: Option<String>,
    html: String,
}

impl Line {
    fn text(class: &'static str, text: Styled) -> Line {
        Line {
            class,
            id: None,
            html: text.html(),
        }
    }

    /// Height in half lines: a blank line of code, or the gap between two entries, takes
    /// half a line, which is room the library's code has plenty of.
    fn halves(&self) -> usize {
        if matches!(self.class, "half" | "gap") {
            1
        } else {
            2
        }
    }
}

fn halves(lines: &[Line]) -> usize {
    lines.iter().map(Line::halves).sum()
}

/// Columns of at most [`LINES`] lines, [`COLUMNS`] to a page.
#[derive(Default)]
struct Layout {
    columns: Vec<Vec<Line>>,
}

impl Layout {
    /// Half lines left in the last column.
    fn room(&self) -> usize {
        self.columns.last().map_or(0, |c| 2 * LINES - halves(c))
    }

    /// Lines placed one after another, a column full going on in the next.
    fn flow(&mut self, lines: Vec<Line>) {
        for line in lines {
            if self.room() < line.halves() {
                self.columns.push(Vec::new());
            }
            self.columns
                .last_mut()
                .expect("a column was added")
                .push(line);
        }
    }

    /// Places `keep` in one column, after a blank line unless it opens the column, then
    /// `flow`. Returns the page (from 1) `keep` is on. `keep` fits a column.
    fn place(&mut self, keep: Vec<Line>, flow: Vec<Line>) -> usize {
        let opens = self.columns.last().is_none_or(Vec::is_empty);
        if !opens && self.room() < halves(&keep) + 1 {
            self.columns.push(Vec::new());
        } else if !opens {
            self.flow(vec![Line::text("gap", Styled::default())]);
        }
        if self.columns.is_empty() {
            self.columns.push(Vec::new());
        }
        let page = (self.columns.len() - 1) / COLUMNS + 1;
        self.flow(keep);
        self.flow(flow);
        page
    }

    fn pages(&self) -> usize {
        self.columns.len().div_ceil(COLUMNS)
    }

    fn lines_mut(&mut self) -> impl Iterator<Item = &mut Line> {
        self.columns.iter_mut().flatten()
    }

    fn html(&self) -> String {
        let pages = self.pages();
        let mut out = format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <title>{TITLE}</title>\n<style>\n:root {{ --chars: {CHARS}; --lines: {LINES}; }}\n\
             {CSS}</style>\n</head>\n<body>\n"
        );
        for (index, page) in self.columns.chunks(COLUMNS).enumerate() {
            out.push_str("<div class=\"page\">\n");
            for column in page {
                out.push_str("<div class=\"col\">\n");
                for line in column {
                    let id = line
                        .id
                        .as_ref()
                        .map(|id| format!(" id=\"{id}\""))
                        .unwrap_or_default();
                    let _ = writeln!(
                        out,
                        "<div class=\"l {}\"{id}>{}</div>",
                        line.class, line.html
                    );
                }
                out.push_str("</div>\n");
            }
            let _ = write!(
                out,
                "<footer><span>{TITLE}</span><span>#hash: {HASH_RULE}</span>\
                 <span>page {} of {pages}</span></footer>\n</div>\n",
                index + 1
            );
        }
        out.push_str("</body>\n</html>\n");
        out
    }
}

/// Text with a style per character: the HTML tags that open around it ("" for none).
#[derive(Debug, Clone, Default)]
struct Styled(Vec<(char, Rc<str>)>);

fn styled(text: &str, style: &str) -> Styled {
    let mut s = Styled::default();
    s.push(text, &Rc::from(style));
    s
}

impl Styled {
    fn push(&mut self, text: &str, style: &Rc<str>) {
        self.0.extend(text.chars().map(|c| (c, style.clone())));
    }

    fn append(&mut self, other: Styled) {
        self.0.extend(other.0);
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    fn is_blank(&self) -> bool {
        self.0.iter().all(|(c, _)| c.is_whitespace())
    }

    fn html(&self) -> String {
        let mut out = String::new();
        for run in self.0.chunk_by(|a, b| a.1 == b.1) {
            let style = &run[0].1;
            let text: String = run.iter().map(|(c, _)| *c).collect();
            let _ = write!(out, "{style}{}{}", escape_html(&text), closing(style));
        }
        out
    }
}

/// The tags that close the opening tags `open`, innermost first.
fn closing(open: &str) -> String {
    let names: Vec<&str> = open
        .split('<')
        .skip(1)
        .map(|tag| &tag[..tag.find([' ', '>']).unwrap_or(tag.len())])
        .collect();
    names
        .iter()
        .rev()
        .map(|name| format!("</{name}>"))
        .collect()
}

/// `text` in lines of at most `width` characters, broken at the last space that fits (or
/// anywhere when none does). Lines after the first are indented `hang` more than the text.
fn wrap(text: &Styled, width: usize, hang: usize) -> Vec<Styled> {
    let is_space = |(c, _): &(char, Rc<str>)| *c == ' ';
    let indent = text.0.iter().take_while(|x| is_space(x)).count();
    let hang = (indent + hang).min(width / 2);
    let mut rest = &text.0[..];
    let mut lines = Vec::new();
    loop {
        let prefix = if lines.is_empty() { 0 } else { hang };
        let room = width - prefix;
        let mut line = Styled(vec![(' ', Rc::from("")); prefix]);
        if rest.len() <= room {
            line.0.extend_from_slice(rest);
            lines.push(line);
            return lines;
        }
        let start = rest.iter().take_while(|x| is_space(x)).count();
        let cut = (start + 1..=room).rev().find(|&i| is_space(&rest[i]));
        let (head, tail) = rest.split_at(cut.unwrap_or(room));
        line.0.extend_from_slice(head);
        while line.0.last().is_some_and(is_space) {
            line.0.pop();
        }
        lines.push(line);
        rest = &tail[tail.iter().take_while(|x| is_space(x)).count()..];
        if rest.is_empty() {
            return lines;
        }
    }
}

/// Code lines wrapped to a column, lines that continue another marked with `cont_class`,
/// blank lines as half lines.
fn code_lines(code: &[Styled], class: &'static str, cont_class: &'static str) -> Vec<Line> {
    code.iter()
        .flat_map(|source_line| {
            let first = if source_line.is_blank() {
                "half"
            } else {
                class
            };
            wrap(source_line, CHARS, 2)
                .into_iter()
                .enumerate()
                .map(move |(i, l)| Line::text(if i == 0 { first } else { cont_class }, l))
        })
        .collect()
}

/// A template's entry: the lines that stay together (its title, its fields and the first
/// lines of its code) and the rest of its code.
fn entry(t: &Template, fields: &[Field]) -> Result<(Vec<Line>, Vec<Line>), NotebookError> {
    let failed = |message| NotebookError::Highlight {
        template: t.name.clone(),
        message,
    };
    let printed = printed_code(&t.code);
    let hash = format!("#{}", code_hash(&printed));
    let mut title = styled(&t.name, "<b>");
    if !t.depends_on.is_empty() {
        title.push(
            &format!(" needs {}", t.depends_on.join(", ")),
            &Rc::from(""),
        );
    }
    let mut keep = Vec::new();
    let pad = CHARS.saturating_sub(title.len() + hash.len()).max(1);
    title.push(&" ".repeat(pad), &Rc::from(""));
    title.push(&hash, &Rc::from("<span class=\"hash\">"));
    for (i, line) in wrap(&title, CHARS, 2).into_iter().enumerate() {
        let mut line = Line::text("title", line);
        if i == 0 {
            line.id = Some(template_id(&t.name));
        }
        keep.push(line);
    }
    // Lines are what the notebook is short of: short fields share a paragraph ("Time: O(n).
    // Memory: O(1).") and the usage example goes shaded, without its label.
    let key = |label: &str| styled(label, "<span class=\"key\">");
    let prose_lines = |prose: Styled| {
        wrap(&prose, CHARS, 0)
            .into_iter()
            .map(|l| Line::text("text", l))
    };
    // The paragraph last begun, and whether a field's label begins it (one may then join).
    let mut open: Option<(Styled, bool)> = None;
    for &field in fields {
        // The description is what an entry opens with; the others say what they are.
        let mut label = (field != Field::Description).then(|| format!("{}: ", field.key()));
        for block in blocks(field.text(&t.header)).map_err(failed)? {
            match block {
                Block::Prose(prose) => {
                    let mut paragraph = match (label.take(), open.take()) {
                        (Some(label), Some((mut joined, true))) => {
                            joined.push("  ", &Rc::from(""));
                            joined.append(key(&label));
                            joined
                        }
                        (label, previous) => {
                            keep.extend(previous.into_iter().flat_map(|(p, _)| prose_lines(p)));
                            label.as_deref().map(key).unwrap_or_default()
                        }
                    };
                    let labeled = paragraph.len() > 0;
                    paragraph.append(prose);
                    open = Some((paragraph, labeled));
                }
                Block::Code(code) => {
                    keep.extend(open.take().into_iter().flat_map(|(p, _)| prose_lines(p)));
                    if let Some(label) = label.take().filter(|_| field != Field::Usage) {
                        keep.push(Line::text("text", key(label.trim_end())));
                    }
                    keep.extend(code_lines(&code, "usage", "usage cont"));
                }
            }
        }
    }
    keep.extend(open.into_iter().flat_map(|(p, _)| prose_lines(p)));
    let code: Vec<Styled> = highlight_rust(&printed).map_err(failed)?;
    let mut lines = code_lines(&code, "code", "code cont");
    let kept = lines.len().min(CODE_KEPT);
    let flow = lines.split_off(kept);
    keep.extend(lines);
    Ok((keep, flow))
}

/// A header field's paragraphs (to reflow) and code blocks (doctests, to wrap line by line).
enum Block {
    Prose(Styled),
    Code(Vec<Styled>),
}

/// A header field (Markdown, as headers are written) as blocks.
fn blocks(text: &str) -> Result<Vec<Block>, String> {
    let mut out = Vec::new();
    let mut prose = Styled::default();
    let mut code: Option<(String, bool)> = None;
    let mut emphasis: Vec<&str> = Vec::new();
    let flush = |prose: &mut Styled, out: &mut Vec<Block>| {
        if !prose.is_blank() {
            out.push(Block::Prose(std::mem::take(prose)));
        }
        *prose = Styled::default();
    };
    for event in Parser::new(text) {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                flush(&mut prose, &mut out);
                let rust = match kind {
                    CodeBlockKind::Fenced(lang) => lang.is_empty() || &*lang == "rust",
                    CodeBlockKind::Indented => true,
                };
                code = Some((String::new(), rust));
            }
            Event::Text(t) => match code.as_mut() {
                Some((code, _)) => code.push_str(&t),
                None => prose.push(&t, &Rc::from(emphasis.concat())),
            },
            Event::End(TagEnd::CodeBlock) => {
                let (text, rust) = code.take().unwrap_or_default();
                out.push(Block::Code(if rust {
                    highlight_rust(&text)?
                } else {
                    text.lines().map(|l| styled(l, "")).collect()
                }));
            }
            Event::Code(t) => prose.push(&t, &Rc::from("<span class=\"ic\">")),
            Event::SoftBreak | Event::HardBreak => prose.push(" ", &Rc::from("")),
            Event::Start(Tag::Emphasis) => emphasis.push("<i>"),
            Event::Start(Tag::Strong) => emphasis.push("<b>"),
            Event::End(TagEnd::Emphasis | TagEnd::Strong) => {
                emphasis.pop();
            }
            Event::Start(Tag::Item) => {
                flush(&mut prose, &mut out);
                prose.push("- ", &Rc::from(""));
            }
            Event::End(TagEnd::Paragraph | TagEnd::Item) => flush(&mut prose, &mut out),
            _ => {}
        }
    }
    flush(&mut prose, &mut out);
    Ok(out)
}

/// The first column's opening: title, legend, and the contents with `pages`, the page of each
/// template in order.
fn contents(
    topics: &[(&'static str, Vec<&Template>)],
    pages: &[usize],
    fields: &[Field],
) -> Vec<Line> {
    let mut lines = vec![Line::text("doc-title", styled(TITLE, ""))];
    let shown: Vec<String> = fields.iter().map(|f| f.key().to_lowercase()).collect();
    let legend = format!(
        "Each template: its name, the templates it needs (type them too) and its check hash \
         #hash, then its {}, then its code. The hash is the {HASH_RULE}: for code typed into \
         a.rs, `tr -d '[:space:]' < a.rs | sha256sum | cut -c1-6`. A line marked with ↳ \
         continues the line above it; shaded lines are usage examples.",
        if shown.is_empty() {
            "header fields".to_string()
        } else {
            shown.join(", ")
        }
    );
    for block in blocks(&legend).unwrap_or_default() {
        if let Block::Prose(prose) = block {
            lines.extend(
                wrap(&prose, CHARS, 0)
                    .into_iter()
                    .map(|l| Line::text("text", l)),
            );
        }
    }
    lines.push(Line::text("topic", styled("Contents", "")));
    let mut pages = pages.iter();
    for (topic, members) in topics {
        lines.push(Line::text("toc-topic", styled(topic, "")));
        for t in members {
            let page = pages.next().copied().unwrap_or_default().to_string();
            let name = format!("  {} ", t.name);
            let dots = CHARS.saturating_sub(name.len() + page.len() + 1).max(1);
            let mut line = styled(&name, &format!("<a href=\"#{}\">", template_id(&t.name)));
            line.push(&".".repeat(dots), &Rc::from("<span class=\"dots\">"));
            line.push(&format!(" {page}"), &Rc::from(""));
            lines.push(Line::text("toc", line));
        }
    }
    lines
}

/// The notebook in Markdown: the same templates and fields, and the problems using each.
fn render_markdown(topics: &[(&str, Vec<&Template>)], fields: &[Field], count: usize) -> String {
    let mut out = format!(
        "# {TITLE}: team notebook\n\n{count} templates. Each entry gives the template's \
         header, the problems that use it, and its code (paste it, or run `grundy show \
         NAME`). Generated by `grundy notebook`.\n\n## Contents\n\n",
    );
    for (topic, members) in topics {
        let _ = writeln!(out, "- [{topic}](#{})", slug(topic));
        for t in members {
            let _ = writeln!(
                out,
                "  - [`{}`](#{}) {}",
                t.name,
                slug(&t.name),
                t.header.summary()
            );
        }
    }
    for (topic, members) in topics {
        let _ = write!(out, "\n## {topic}\n");
        for t in members {
            let _ = write!(out, "\n### {}\n\n", t.name);
            for field in fields {
                let text = field.text(&t.header);
                // A fence must open its own line to be one.
                let gap = if text.starts_with("```") { "\n\n" } else { " " };
                let _ = write!(out, "**{}:**{gap}{}\n\n", field.key(), rust_fences(text));
            }
            if !t.depends_on.is_empty() {
                let uses: Vec<String> = t
                    .depends_on
                    .iter()
                    .map(|n| format!("[`{n}`](#{})", slug(n)))
                    .collect();
                let _ = write!(out, "**Uses:** {}\n\n", uses.join(", "));
            }
            let used_by = if t.used_by.is_empty() {
                "none yet".to_string()
            } else {
                t.used_by.join(", ")
            };
            let fence = fence_for(&t.code);
            let _ = write!(
                out,
                "**Used by:** {used_by}\n\n{fence}rust\n{}{fence}\n",
                t.code
            );
        }
    }
    out
}

/// Marks the header's bare code fences (doctests) as Rust so Markdown viewers highlight them.
fn rust_fences(text: &str) -> String {
    let mut inside = false;
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            if line.trim_start().starts_with("```") {
                let bare = !inside && line.trim() == "```";
                inside = !inside;
                if bare {
                    return line.replacen("```", "```rust", 1);
                }
            }
            line.to_string()
        })
        .collect();
    lines.join("\n")
}

/// A backtick fence longer than any backtick run in `code`, so the code cannot close it.
fn fence_for(code: &str) -> String {
    let longest = code.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    "`".repeat((longest + 1).max(3))
}

/// The anchor GitHub derives from a heading: lowercase, spaces as `-`, punctuation dropped.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn template_id(name: &str) -> String {
    format!("t-{}", slug(name))
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `code`'s lines with Rust highlighting: each character styled by the `hl-` classes of the
/// syntect scopes it is in (`hl-keyword`, `hl-comment`, ...), which the stylesheet colors.
fn highlight_rust(code: &str) -> Result<Vec<Styled>, String> {
    // Loading syntect's syntaxes takes a noticeable moment: once per process.
    static SYNTAXES: OnceLock<SyntaxSet> = OnceLock::new();
    let syntaxes = SYNTAXES.get_or_init(SyntaxSet::load_defaults_newlines);
    let syntax = syntaxes
        .find_syntax_by_extension("rs")
        .ok_or("syntect has no Rust syntax")?;
    let mut state = ParseState::new(syntax);
    let mut stack = ScopeStack::new();
    let style = |stack: &ScopeStack| -> Rc<str> {
        let spans: String = stack
            .as_slice()
            .iter()
            .map(|scope| {
                let name = scope.build_string();
                let classes: Vec<String> = name.split('.').map(|a| format!("hl-{a}")).collect();
                format!("<span class=\"{}\">", classes.join(" "))
            })
            .collect();
        Rc::from(spans)
    };
    let mut lines = Vec::new();
    for source_line in LinesWithEndings::from(code) {
        let ops = state
            .parse_line(source_line, syntaxes)
            .map_err(|e| e.to_string())?;
        let mut line = Styled::default();
        let mut at = 0;
        for (next, op) in ops {
            line.push(&source_line[at..next], &style(&stack));
            at = next;
            stack.apply(&op).map_err(|e| format!("{e:?}"))?;
        }
        line.push(&source_line[at..], &style(&stack));
        while line.0.last().is_some_and(|(c, _)| *c == '\n' || *c == '\r') {
            line.0.pop();
        }
        lines.push(line);
    }
    Ok(lines)
}

/// The names Chromium goes by on PATH, in the order they are tried.
const CHROMIUM_NAMES: [&str; 3] = ["chromium", "chromium-browser", "google-chrome"];

/// The Chromium on PATH.
pub fn find_chromium() -> Result<PathBuf, NotebookError> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .flat_map(|dir| CHROMIUM_NAMES.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
        .ok_or(NotebookError::NoChromium)
}

/// Prints `html` to `pdf` with headless Chromium. A fresh profile keeps a running Chromium
/// from taking the job over; the PDF appears all at once, through a temporary file.
pub fn print_pdf(chromium: &Path, html: &Path, pdf: &Path) -> Result<(), NotebookError> {
    let failed = |message: String| NotebookError::Print {
        html: html.to_path_buf(),
        message,
    };
    let absolute = std::path::absolute(html).map_err(|e| failed(e.to_string()))?;
    let profile = tempfile::tempdir().map_err(|e| failed(e.to_string()))?;
    let dir = pdf.parent().filter(|d| !d.as_os_str().is_empty());
    let temporary = tempfile::Builder::new()
        .prefix(".notebook")
        .suffix(".pdf")
        .tempfile_in(dir.unwrap_or(Path::new(".")))
        .map_err(|source| WriteError {
            path: pdf.to_path_buf(),
            source,
        })?;
    let output = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--print-to-pdf={}", temporary.path().display()))
        .arg(file_url(&absolute))
        .output()
        .map_err(|e| failed(format!("cannot run {}: {e}", chromium.display())))?;
    let printed = std::fs::metadata(temporary.path()).is_ok_and(|m| m.len() > 0);
    if !output.status.success() || !printed {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let last = stderr
            .lines()
            .rfind(|l| !l.trim().is_empty())
            .unwrap_or("no PDF");
        return Err(failed(format!("{} ({last})", output.status)));
    }
    temporary.persist(pdf).map_err(|e| WriteError {
        path: pdf.to_path_buf(),
        source: e.error,
    })?;
    Ok(())
}

/// A `file://` URL for an absolute path, bytes outside the URL-safe set percent-encoded.
fn file_url(path: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut url = String::from("file://");
    for &b in path.as_os_str().as_bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            url.push(char::from(b));
        } else {
            let _ = write!(url, "%{b:02X}");
        }
    }
    url
}

/// What [`write()`] wrote.
#[derive(Debug)]
pub struct Written {
    pub files: Vec<PathBuf>,
    pub pages: usize,
}

/// Writes `notebook.html` and `notebook.md` into `dir` (created if missing), and with `pdf`
/// `notebook.pdf` printed by Chromium (an error before anything is written when there is
/// none). The two are rendered first and written all or nothing (see [`crate::atomic`]); a
/// `dir` this call created is removed again on failure.
pub fn write(
    catalog: &Catalog,
    options: &Options,
    dir: &Path,
    pdf: bool,
) -> Result<Written, NotebookError> {
    let chromium = pdf.then(find_chromium).transpose()?;
    let notebook = render(catalog, options)?;
    let created = !dir.exists();
    let result = (|| {
        std::fs::create_dir_all(dir).map_err(|source| WriteError {
            path: dir.to_path_buf(),
            source,
        })?;
        let mut files = vec![dir.join("notebook.html"), dir.join("notebook.md")];
        atomic::write_files(&[
            (&files[0], notebook.html.as_bytes()),
            (&files[1], notebook.markdown.as_bytes()),
        ])?;
        if let Some(chromium) = chromium {
            let target = dir.join("notebook.pdf");
            print_pdf(&chromium, &files[0], &target)?;
            files.push(target);
        }
        Ok(Written {
            files,
            pages: notebook.pages,
        })
    })();
    if result.is_err() && created {
        let _ = std::fs::remove_dir_all(dir);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_match_github_anchors() {
        assert_eq!(slug("Misere and multi-game"), "misere-and-multi-game");
        assert_eq!(slug("subtraction_sg"), "subtraction_sg");
        assert_eq!(slug("Input and output"), "input-and-output");
    }

    #[test]
    fn fences_outgrow_the_code() {
        assert_eq!(fence_for("fn f() {}"), "```");
        assert_eq!(fence_for("/// ```\n/// x\n/// ```"), "````");
    }

    #[test]
    fn only_opening_bare_fences_get_a_language() {
        assert_eq!(
            rust_fences("text\n```\nlet x = 1;\n```\n```text\nout\n```"),
            "text\n```rust\nlet x = 1;\n```\n```text\nout\n```"
        );
    }

    fn plain(lines: &[Styled]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.0.iter().map(|(c, _)| *c).collect())
            .collect()
    }

    #[test]
    fn wrap_breaks_at_spaces_and_hangs_continuations() {
        let lines = wrap(&styled("    let total = alpha + beta;", ""), 16, 2);
        assert_eq!(
            plain(&lines),
            ["    let total =", "      alpha +", "      beta;"]
        );
        // No space to break at: cut at the width.
        let lines = wrap(&styled("abcdefghij", ""), 4, 0);
        assert_eq!(plain(&lines), ["abcd", "efgh", "ij"]);
        assert_eq!(plain(&wrap(&styled("short", ""), 16, 2)), ["short"]);
    }

    /// Expected values from coreutils: `printf 'fn f() {\n    1\n}\n' | tr -d '[:space:]' |
    /// sha256sum | cut -c1-6`.
    #[test]
    fn hashes_ignore_whitespace() {
        assert_eq!(code_hash("fn f() {\n    1\n}\n"), "fc6f88");
        assert_eq!(code_hash("fn f(){\n1}"), "fc6f88");
        assert_eq!(code_hash("fn f() {}"), "290a52");
    }

    #[test]
    fn styles_close_their_tags_innermost_first() {
        let html = styled("a<b", "<a href=\"#x\"><span class=\"k\"><b>").html();
        assert_eq!(
            html,
            "<a href=\"#x\"><span class=\"k\"><b>a&lt;b</b></span></a>"
        );
    }

    #[test]
    fn highlighted_runs_close_their_spans() {
        let lines = highlight_rust("fn f() {} // why\n").unwrap();
        let html = lines[0].html();
        assert_eq!(
            html.matches("<span").count(),
            html.matches("</span>").count()
        );
        assert!(html.contains("hl-comment"), "{html}");
    }

    #[test]
    fn file_urls_encode_what_a_url_cannot_hold() {
        assert_eq!(
            file_url(Path::new("/tmp/a b/#1/n.html")),
            "file:///tmp/a%20b/%231/n.html"
        );
    }
}
