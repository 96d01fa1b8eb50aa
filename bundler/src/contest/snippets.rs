//! Editor snippets: one per template, triggered by its name, expanding to the `show` output
//! (the template and everything it uses, paste-ready), for VS Code, UltiSnips and neosnippet.

use crate::atomic::WriteError;
use crate::contest::catalog::Catalog;
use std::fmt::{self, Write as _};
use std::io;
use std::path::{Path, PathBuf};
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SnippetFormat {
    /// A VS Code snippets file (`rust.json` or a `.code-snippets` file).
    VsCode,
    /// An UltiSnips `rust.snippets` file.
    UltiSnips,
    /// A neosnippet `rust.snip` file.
    NeoSnippet,
}

impl SnippetFormat {
    /// The names `FromStr` accepts, as the command line spells them.
    pub const NAMES: [&'static str; 3] = ["vscode", "ultisnips", "neosnippet"];

    /// Where `--install` writes: a file of grundy's own that the editor loads for Rust besides
    /// the user's files. VS Code loads every `*.code-snippets` file of its user folder
    /// (`scope` limits each entry to Rust); UltiSnips loads `rust_*.snippets` from
    /// `~/.vim/UltiSnips`; neosnippet loads `rust_*.snip` from every `neosnippets` folder of
    /// the runtime path, `~/.vim` among them.
    pub fn install_path(self) -> Result<PathBuf, String> {
        let env = |name: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let home =
            || env("HOME").ok_or("HOME is not set, so the editor's folder is unknown; use -o FILE");
        Ok(match self {
            SnippetFormat::VsCode => {
                let config = if cfg!(windows) {
                    env("APPDATA")
                        .ok_or("APPDATA is not set, so VS Code's folder is unknown; use -o FILE")?
                } else if cfg!(target_os = "macos") {
                    home()?.join("Library/Application Support")
                } else {
                    match env("XDG_CONFIG_HOME") {
                        Some(dir) if dir.is_absolute() => dir,
                        _ => home()?.join(".config"),
                    }
                };
                config.join("Code/User/snippets/grundy.code-snippets")
            }
            SnippetFormat::UltiSnips => home()?.join(".vim/UltiSnips/rust_grundy.snippets"),
            SnippetFormat::NeoSnippet => home()?.join(".vim/neosnippets/rust_grundy.snip"),
        })
    }
}

impl FromStr for SnippetFormat {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, String> {
        match name {
            "vscode" => Ok(SnippetFormat::VsCode),
            "ultisnips" => Ok(SnippetFormat::UltiSnips),
            "neosnippet" => Ok(SnippetFormat::NeoSnippet),
            _ => Err(format!(
                "unknown snippet format `{name}` (expected {}){}",
                SnippetFormat::NAMES.join(", "),
                match crate::suggest::closest(name, SnippetFormat::NAMES) {
                    Some(s) => format!("; did you mean `{s}`?"),
                    None => String::new(),
                }
            )),
        }
    }
}

impl fmt::Display for SnippetFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let index = *self as usize;
        f.write_str(SnippetFormat::NAMES[index])
    }
}

/// One snippet before any format's escaping.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snippet {
    /// The trigger: the template's name.
    pub name: String,
    /// The first sentence of the template's description.
    pub description: String,
    /// The text the snippet expands to, without trailing newlines.
    pub body: String,
}

/// One snippet per template of `catalog`, in name order, each body being
/// `show(&[name])`: the template with everything it depends on, as `grundy show` prints it.
pub fn collect<E>(
    catalog: &Catalog,
    show: &mut dyn FnMut(&[String]) -> Result<String, E>,
) -> Result<Vec<Snippet>, E> {
    catalog
        .templates()
        .iter()
        .map(|t| {
            let body = show(std::slice::from_ref(&t.name))?;
            Ok(Snippet {
                name: t.name.clone(),
                description: t.header.summary(),
                body: body.trim_end_matches('\n').to_string(),
            })
        })
        .collect()
}

/// The snippets file in `format` holding only ours, each body escaped so the editor inserts
/// it verbatim.
pub fn render(format: SnippetFormat, snippets: &[Snippet]) -> String {
    merge(format, "", snippets).expect("an empty file holds nothing to misread")
}

/// `existing` (a snippets file's text; empty for a new file) with our snippets in place of
/// those a previous run wrote there, every other entry kept. An error, and nothing written,
/// when `existing` cannot be read as that format or our part of it cannot be told apart.
pub fn merge(
    format: SnippetFormat,
    existing: &str,
    snippets: &[Snippet],
) -> Result<String, String> {
    match format {
        SnippetFormat::VsCode => merge_vscode(existing, snippets),
        SnippetFormat::UltiSnips => merge_block(existing, &ultisnips(snippets)),
        SnippetFormat::NeoSnippet => merge_block(existing, &neosnippet(snippets)),
    }
}

/// Merges our snippets into the file at `path` (see [`merge`]) and writes it atomically; a
/// missing file is created. A file that cannot be merged into is left as it was.
pub fn write_merged(
    format: SnippetFormat,
    path: &Path,
    snippets: &[Snippet],
) -> Result<(), WriteError> {
    let fail = |source| WriteError {
        path: path.to_path_buf(),
        source,
    };
    let existing = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| {
            fail(io::Error::new(
                io::ErrorKind::InvalidData,
                "it is not UTF-8 text; it was left as it was",
            ))
        })?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(fail(e)),
    };
    let merged = merge(format, &existing, snippets).map_err(|message| {
        fail(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("cannot merge {format} snippets into it: {message}; it was left as it was"),
        ))
    })?;
    crate::atomic::write_output(path, merged.as_bytes())
}

/// The name of each of our VS Code entries starts with this: it is how a later run tells
/// ours from the user's. The trigger (`prefix`) stays the bare template name.
pub const VSCODE_KEY_PREFIX: &str = "grundy: ";

/// The first and last lines of our block in an UltiSnips or neosnippet file (both skip `#`
/// lines): a later run replaces what lies between them and nothing else. The first line
/// starts with [`BLOCK_BEGIN`] and goes on with a note for whoever opens the file.
pub const BLOCK_BEGIN: &str = "# >>> grundy snippets";
pub const BLOCK_END: &str = "# <<< grundy snippets";
const BLOCK_NOTE: &str =
    ": generated by `grundy snippets` from the templates; rerun it instead of editing up to the closing line";

/// VS Code reads `$` as a tab stop or variable and `\` as the escape character, so both get
/// a backslash; the JSON layer is left to serde_json. The file may be JSON with comments, as
/// VS Code's own are. The user's entries and comments are kept byte for byte; what is
/// normalized is the whitespace after the last kept entry and around ours, which go where the
/// first of the old ones was (at the end if none), each on its own tab-indented line.
fn merge_vscode(existing: &str, snippets: &[Snippet]) -> Result<String, String> {
    let existing = if existing.trim().is_empty() {
        "{}\n"
    } else {
        existing
    };
    let object = JsonObject::read(existing)?;
    let ours = snippets.iter().map(|s| {
        let body: Vec<String> = s
            .body
            .lines()
            .map(|line| escape(line, &['\\', '$']))
            .collect();
        let value = serde_json::json!({
            "scope": "rust",
            "prefix": s.name,
            "body": body,
            "description": s.description,
        });
        let mut text = Vec::new();
        let formatter = serde_json::ser::PrettyFormatter::with_indent(b"\t");
        serde::Serialize::serialize(
            &value,
            &mut serde_json::Serializer::with_formatter(&mut text, formatter),
        )
        .expect("a map of strings always serializes");
        let key = serde_json::Value::String(format!("{VSCODE_KEY_PREFIX}{}", s.name));
        let value = String::from_utf8(text).expect("serde_json writes UTF-8");
        format!("\n\t{key}: {}", value.replace('\n', "\n\t"))
    });
    let mut entries: Vec<String> = Vec::new();
    let mut first_ours = None;
    // Comments around our old entries: kept, ahead of our new ones.
    let mut comments = String::new();
    for member in &object.members {
        if member.key.starts_with(VSCODE_KEY_PREFIX) {
            first_ours.get_or_insert(entries.len());
            for trivia in [member.before, member.after] {
                if !trivia.trim().is_empty() {
                    comments = format!("{comments}\n\t{}", trivia.trim());
                }
            }
        } else {
            entries.push(format!(
                "{}{}{}",
                member.before,
                member.text,
                member.after.trim_end()
            ));
        }
    }
    if !object.empty_trivia.trim().is_empty() {
        comments = format!("{comments}\n\t{}", object.empty_trivia.trim());
    }
    let mut ours: Vec<String> = ours.collect();
    if let Some(first) = ours.first_mut() {
        first.insert_str(0, &comments);
    }
    let at = first_ours.unwrap_or(entries.len());
    entries.splice(at..at, ours);
    Ok(format!(
        "{}{}\n}}{}",
        &existing[..=object.open],
        entries.join(","),
        &existing[object.close + 1..]
    ))
}

/// The top-level object of a JSON-with-comments text, as slices of it.
struct JsonObject<'a> {
    /// Byte offsets of its `{` and `}`.
    open: usize,
    close: usize,
    members: Vec<Member<'a>>,
    /// What an object without members holds between its braces (comments, spaces).
    empty_trivia: &'a str,
}

/// One `"key": value` of the top-level object.
struct Member<'a> {
    key: String,
    /// Spaces and comments before it, after the `{` or `,`.
    before: &'a str,
    /// From the key's opening quote to the value's last character.
    text: &'a str,
    /// Spaces and comments after it, up to the `,` or `}`.
    after: &'a str,
}

impl<'a> JsonObject<'a> {
    fn read(text: &'a str) -> Result<JsonObject<'a>, String> {
        // Comments become spaces (line breaks kept): serde_json then checks the rest and
        // reports lines and columns of the file itself, and every offset stays valid.
        let plain = blank_comments(text)?;
        let value: serde_json::Value = serde_json::from_str(&plain)
            .map_err(|e| format!("not valid JSON (with comments): {e}"))?;
        if !value.is_object() {
            return Err("not a JSON object of snippets".into());
        }
        let bytes = plain.as_bytes();
        let open = plain.find('{').expect("an object has a `{`");
        let (mut depth, mut strings) = (0usize, JsonStrings::default());
        let mut pieces = Vec::new();
        let mut start = open + 1;
        let mut close = open;
        for (i, &b) in bytes.iter().enumerate().skip(open) {
            if strings.contains(b) {
                continue;
            }
            match b {
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth -= 1;
                    if depth == 0 {
                        pieces.push(start..i);
                        close = i;
                        break;
                    }
                }
                b',' if depth == 1 => {
                    pieces.push(start..i);
                    start = i + 1;
                }
                _ => {}
            }
        }
        let mut members = Vec::new();
        let mut empty_trivia = "";
        for piece in pieces {
            let inner = &plain[piece.clone()];
            let Some(first) = inner.find(|c: char| !c.is_whitespace()) else {
                empty_trivia = &text[piece];
                continue;
            };
            let last = inner.trim_end().len();
            let body = &inner[first..last];
            let one: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(&format!("{{{body}}}")).expect("a member of a valid object");
            let key = one.into_iter().next().expect("one member").0;
            members.push(Member {
                key,
                before: &text[piece.start..piece.start + first],
                text: &text[piece.start + first..piece.start + last],
                after: &text[piece.start + last..piece.end],
            });
        }
        Ok(JsonObject {
            open,
            close,
            members,
            empty_trivia,
        })
    }
}

/// Whether each byte of JSON text, fed in order, belongs to a string (its quotes included):
/// both scans of a snippets file need it.
#[derive(Default)]
struct JsonStrings {
    in_string: bool,
    escaped: bool,
}

impl JsonStrings {
    fn contains(&mut self, b: u8) -> bool {
        if self.in_string {
            match b {
                _ if self.escaped => self.escaped = false,
                b'\\' => self.escaped = true,
                b'"' => self.in_string = false,
                _ => {}
            }
            true
        } else {
            self.in_string = b == b'"';
            self.in_string
        }
    }
}

/// `text` with each `//` and `/* */` comment outside strings turned into spaces, its line
/// breaks kept.
fn blank_comments(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let (mut i, mut strings) = (0, JsonStrings::default());
    while i < bytes.len() {
        let b = bytes[i];
        let comment = bytes[i..].starts_with(b"//") || bytes[i..].starts_with(b"/*");
        if !strings.contains(b) && comment {
            let end = if bytes[i + 1] == b'/' {
                text[i..].find('\n').map_or(text.len(), |n| i + n)
            } else {
                let close = text[i + 2..]
                    .find("*/")
                    .ok_or("a `/*` comment is never closed")?;
                i + 2 + close + 2
            };
            out.extend(
                bytes[i..end]
                    .iter()
                    .map(|&c| if c == b'\n' { b'\n' } else { b' ' }),
            );
            i = end;
            continue;
        }
        out.push(b);
        i += 1;
    }
    Ok(String::from_utf8(out).expect("only ASCII bytes were replaced, by ASCII"))
}

/// `existing` with `block` (from [`BLOCK_BEGIN`] to [`BLOCK_END`]) in place of the one a
/// previous run wrote, or appended after a blank line; the rest is kept byte for byte.
fn merge_block(existing: &str, block: &str) -> Result<String, String> {
    let mut begins = Vec::new();
    let mut ends = Vec::new();
    let mut offset = 0;
    for line in existing.split_inclusive('\n') {
        let trimmed = line.trim_end();
        if trimmed.starts_with(BLOCK_BEGIN) {
            begins.push(offset);
        } else if trimmed == BLOCK_END {
            ends.push(offset + line.len());
        }
        offset += line.len();
    }
    match (begins.as_slice(), ends.as_slice()) {
        ([], []) if existing.is_empty() => Ok(block.to_string()),
        ([], []) => {
            let newline = if existing.ends_with('\n') { "" } else { "\n" };
            Ok(format!("{existing}{newline}\n{block}"))
        }
        ([begin], [end]) if begin < end => {
            Ok(format!("{}{block}{}", &existing[..*begin], &existing[*end..]))
        }
        _ => Err(format!(
            "its grundy block is damaged: {} opening and {} closing marker lines (`{BLOCK_BEGIN}...` and `{BLOCK_END}`) where one of each, in that order, was expected; fix or remove them",
            begins.len(),
            ends.len(),
        )),
    }
}

/// UltiSnips: `$` opens tab stops, a backtick opens an interpolation, `\` escapes them.
/// The description is quoted, so its double quotes become single ones.
fn ultisnips(snippets: &[Snippet]) -> String {
    let mut out = format!("{BLOCK_BEGIN}{BLOCK_NOTE}\n");
    for s in snippets {
        let _ = writeln!(
            out,
            "\nsnippet {} \"{}\" b",
            s.name,
            s.description.replace('"', "'")
        );
        out.push_str(&escape(&s.body, &['\\', '`', '$']));
        out.push_str("\nendsnippet\n");
    }
    out + "\n" + BLOCK_END + "\n"
}

/// neosnippet: the same three characters as UltiSnips are special (`${1}`, `` `eval` ``,
/// `\`); every body line is indented by one tab, which neosnippet strips when expanding.
fn neosnippet(snippets: &[Snippet]) -> String {
    let mut out = format!("{BLOCK_BEGIN}{BLOCK_NOTE}\n");
    for s in snippets {
        let _ = write!(
            out,
            "\nsnippet {}\nabbr {}\noptions head\n",
            s.name, s.description
        );
        for line in escape(&s.body, &['\\', '`', '$']).lines() {
            // An empty line stays empty rather than holding a lone tab.
            if !line.is_empty() {
                out.push('\t');
            }
            out.push_str(line);
            out.push('\n');
        }
    }
    out + "\n" + BLOCK_END + "\n"
}

/// `text` with a backslash put before every character in `special`.
fn escape(text: &str, special: &[char]) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if special.contains(&c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_parse_from_their_names_and_print_back() {
        for name in SnippetFormat::NAMES {
            assert_eq!(name.parse::<SnippetFormat>().unwrap().to_string(), name);
        }
        let err = "vs-code".parse::<SnippetFormat>().unwrap_err();
        assert!(err.contains("did you mean `vscode`?"), "{err}");
    }

    #[test]
    fn escape_prefixes_only_the_special_characters() {
        assert_eq!(escape(r"a$b\c`d", &['\\', '$']), r"a\$b\\c`d");
    }
}
