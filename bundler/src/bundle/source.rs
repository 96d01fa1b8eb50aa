//! Reading Rust sources and manifests, with errors that point at file, line and column and
//! show the offending line.

use super::scan::{self, ident_len};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// A place in a source file, with the text of its line for the excerpt under a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub path: PathBuf,
    /// 1-based.
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    /// The line's text, without its line break.
    pub text: String,
}

impl Location {
    /// The place at `line` (1-based) and `column` (0-based, in characters, as proc-macro2
    /// counts) of `source`.
    pub fn new(path: &Path, source: &str, line: usize, column: usize) -> Location {
        Location {
            path: path.to_path_buf(),
            line,
            column: column + 1,
            text: source
                .lines()
                .nth(line.saturating_sub(1))
                .unwrap_or("")
                .to_string(),
        }
    }

    /// Where `span` starts in `source`.
    pub fn of_span(path: &Path, source: &str, span: proc_macro2::Span) -> Location {
        let start = span.start();
        Location::new(path, source, start.line, start.column)
    }

    /// The place of byte `offset` of `source`.
    pub fn of_offset(path: &Path, source: &str, offset: usize) -> Location {
        let before = &source[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Location::new(
            path,
            source,
            before.matches('\n').count() + 1,
            before[line_start..].chars().count(),
        )
    }

    /// The line, numbered, with a caret under the column, as rustc shows it.
    pub fn excerpt(&self) -> String {
        let number = self.line.to_string();
        let pad = " ".repeat(number.len());
        let indent: String = self
            .text
            .chars()
            .take(self.column - 1)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        format!(
            "{pad} |\n{number} | {}\n{pad} | {indent}^",
            self.text.trim_end()
        )
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.path.display(), self.line, self.column)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error("cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: io::Error },
    #[error("{at}: the file is not valid UTF-8 (first bad byte here)\n{}", at.excerpt())]
    NotUtf8 { at: Location },
    #[error("{at}: syntax error: {message}\n{}", at.excerpt())]
    Syntax { at: Location, message: String },
    #[error("{at}: bad manifest: {message}\n{}", at.excerpt())]
    Manifest { at: Location, message: String },
    #[error("{}: no package or lib name in this manifest", path.display())]
    NoCrateName { path: PathBuf },
}

/// The file's text, or where its first byte that is not UTF-8 is.
pub fn read(path: &Path) -> Result<String, SourceError> {
    let bytes = std::fs::read(path).map_err(|source| SourceError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let lossy = String::from_utf8_lossy(e.as_bytes());
        let prefix = String::from_utf8_lossy(&e.as_bytes()[..good]);
        SourceError::NotUtf8 {
            at: Location::of_offset(path, &lossy, prefix.len()),
        }
    })?;
    // A byte-order mark is no part of the code (rustc skips it too).
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// Parses a whole Rust file.
pub fn parse(path: &Path, source: &str) -> Result<syn::File, SourceError> {
    syn::parse_file(source).map_err(|e| SourceError::Syntax {
        at: Location::of_span(path, source, e.span()),
        message: e.to_string(),
    })
}

/// Parses a library file without its `#[cfg(test)] mod` items, which a bundle never keeps and
/// which hold most of a template's text: they are blanked out (newlines kept, so every
/// position stays where it was) before syn reads the file. If that text does not parse, the
/// whole file is parsed instead, which also gives the error a full parse would.
pub fn parse_without_tests(path: &Path, source: &str) -> Result<syn::File, SourceError> {
    match blank_test_modules(source).map(|text| syn::parse_file(&text)) {
        Some(Ok(file)) => Ok(file),
        _ => parse(path, source),
    }
}

const CFG_TEST: &str = "#[cfg(test)]";

/// `source` with each top-level `#[cfg(test)] [pub[(..)]] mod name { .. }` turned into spaces, or
/// `None` if it has none or its delimiters do not balance. The delimiters counted are those
/// of code ([`scan`]), not of comments and literals.
fn blank_test_modules(source: &str) -> Option<String> {
    let bytes = source.as_bytes();
    let mut blank = Vec::new();
    let (mut depth, mut module_start) = (0usize, None);
    for piece in scan::pieces(source) {
        if piece.unclosed > 0 {
            return None;
        }
        if piece.class != scan::Class::Code {
            continue;
        }
        let mut i = piece.range.start;
        while i < piece.range.end {
            match bytes[i] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        if let Some(start) = module_start.take() {
                            blank.push(start..i + 1);
                        }
                    }
                }
                b'#' if depth == 0 && source[i..].starts_with(CFG_TEST) => {
                    let rest = source[i + CFG_TEST.len()..].trim_start();
                    let rest = match rest.strip_prefix("pub") {
                        Some(vis) if vis.trim_start().starts_with('(') => {
                            vis.split_once(')').map_or(rest, |(_, r)| r.trim_start())
                        }
                        Some(vis) => vis.trim_start(),
                        None => rest,
                    };
                    if let Some(rest) = rest.strip_prefix("mod ") {
                        let rest = rest.trim_start();
                        let name = ident_len(rest);
                        let body = rest[name..].trim_start();
                        // Only whitespace and words up to the `{`: all in this piece of code.
                        if name > 0 && body.starts_with('{') {
                            module_start = Some(attached_lines_start(source, i));
                            i = source.len() - body.len(); // on to the module's `{`
                            continue;
                        }
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }
    if blank.is_empty() || depth != 0 {
        return None;
    }
    let mut text = String::with_capacity(source.len());
    let mut last = 0;
    for range in blank {
        text.push_str(&source[last..range.start]);
        text.extend(
            source[range.clone()]
                .chars()
                .map(|c| if c == '\n' { c } else { ' ' }),
        );
        last = range.end;
    }
    text.push_str(&source[last..]);
    Some(text)
}

/// Where the item whose `#[cfg(test)]` is at `at` starts: earlier whole lines of `///` doc
/// comments and `#[...]` attributes belong to it too.
fn attached_lines_start(source: &str, at: usize) -> usize {
    let mut start = at;
    while let Some(line_end) = source[..start]
        .trim_end_matches([' ', '\t'])
        .strip_suffix('\n')
    {
        let line_start = line_end.rfind('\n').map_or(0, |n| n + 1);
        let line = line_end[line_start..].trim();
        let doc = line.starts_with("///") && !line.starts_with("////");
        start = if doc || line.starts_with("#[") && line.ends_with(']') {
            line_start
        } else {
            // The last line of an attribute written over several (regex-automata's
            // `#[cfg(all(` .. `))]` over its tests): left, the parse would fail and the file be
            // parsed whole, tests and all.
            match line.ends_with(']').then(|| attribute_start(line_end)) {
                Some(Some(attribute)) => attribute,
                _ => break,
            }
        };
    }
    start
}

/// Where the attribute whose `]` ends `text` starts, when its `#[` begins a line.
fn attribute_start(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (at, c) in text.char_indices().rev() {
        match c {
            ']' => depth += 1,
            '[' => {
                depth -= 1;
                if depth == 0 {
                    let hash = text[..at].strip_suffix('#')?;
                    let line_start = hash.rfind('\n').map_or(0, |n| n + 1);
                    return hash[line_start..].trim().is_empty().then_some(line_start);
                }
            }
            _ => {}
        }
    }
    None
}

/// Where each line of a text starts: a line and column as proc-macro2 gives them (lines from
/// 1, columns in characters from 0) to a byte offset, without walking the lines before it.
pub struct LineStarts(Vec<usize>);

impl LineStarts {
    pub fn of(text: &str) -> LineStarts {
        LineStarts(
            std::iter::once(0)
                .chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1))
                .collect(),
        )
    }

    /// The byte of `text` (the text these lines are of) at `line` and `column`; past its
    /// end, its end.
    pub fn byte_at(&self, text: &str, line: usize, column: usize) -> usize {
        let line_start = self
            .0
            .get(line.saturating_sub(1))
            .copied()
            .unwrap_or(text.len());
        let rest = &text[line_start..];
        line_start
            + rest
                .char_indices()
                .nth(column)
                .map_or(rest.len(), |(i, _)| i)
    }
}

/// The crate name a library is used under: `[lib] name`, else `[package] name` with `-` as
/// `_`. Also returns the path of its root file (`[lib] path`, else `src/lib.rs`).
pub fn library_manifest(library_dir: &Path) -> Result<(String, PathBuf), SourceError> {
    let path = library_dir.join("Cargo.toml");
    library_name_and_root(&read_manifest(&path)?, library_dir, &path)
}

/// A `Cargo.toml`, parsed; a syntax error points at its place.
pub fn read_manifest(path: &Path) -> Result<toml::Table, SourceError> {
    // One bundle reads the same manifests from several places (the package's, its
    // workspace's, the config's): each text is parsed once per thread. Keyed by the text
    // read, so an edited manifest is parsed again.
    thread_local! {
        static PARSED: std::cell::RefCell<std::collections::HashMap<PathBuf, (String, toml::Table)>> =
            Default::default();
    }
    let text = read(path)?;
    let known = PARSED.with_borrow(|parsed| {
        parsed
            .get(path)
            .filter(|(read, _)| *read == text)
            .map(|(_, table)| table.clone())
    });
    if let Some(table) = known {
        return Ok(table);
    }
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let offset = e.span().map_or(0, |s| s.start);
        SourceError::Manifest {
            at: Location::of_offset(path, &text, offset),
            message: e.message().to_string(),
        }
    })?;
    PARSED.with_borrow_mut(|parsed| parsed.insert(path.to_path_buf(), (text, table.clone())));
    Ok(table)
}

/// [`library_manifest`] of a manifest already read from `path` in `library_dir`.
pub fn library_name_and_root(
    manifest: &toml::Table,
    library_dir: &Path,
    path: &Path,
) -> Result<(String, PathBuf), SourceError> {
    let field = |table: &str, key: &str| {
        manifest
            .get(table)
            .and_then(|t| t.get(key))
            .and_then(|n| n.as_str())
            .map(str::to_string)
    };
    let name = field("lib", "name")
        .or_else(|| field("package", "name"))
        .map(|n| n.replace('-', "_"))
        .ok_or_else(|| SourceError::NoCrateName {
            path: path.to_path_buf(),
        })?;
    let root = library_dir.join(field("lib", "path").unwrap_or_else(|| "src/lib.rs".into()));
    Ok((name, root))
}

/// Whether `attr` is `#[cfg(test)]`.
pub fn is_cfg_test(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("cfg")
        && matches!(&attr.meta, syn::Meta::List(list) if list.tokens.to_string() == "test")
}

/// The outer attributes of any item.
pub fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    use syn::Item::*;
    match item {
        Const(i) => &i.attrs,
        Enum(i) => &i.attrs,
        ExternCrate(i) => &i.attrs,
        Fn(i) => &i.attrs,
        ForeignMod(i) => &i.attrs,
        Impl(i) => &i.attrs,
        Macro(i) => &i.attrs,
        Mod(i) => &i.attrs,
        Static(i) => &i.attrs,
        Struct(i) => &i.attrs,
        Trait(i) => &i.attrs,
        TraitAlias(i) => &i.attrs,
        Type(i) => &i.attrs,
        Union(i) => &i.attrs,
        Use(i) => &i.attrs,
        _ => &[],
    }
}

/// The outer attributes of any item, to change.
pub fn item_attrs_mut(item: &mut syn::Item) -> Option<&mut Vec<syn::Attribute>> {
    use syn::Item::*;
    Some(match item {
        Const(i) => &mut i.attrs,
        Enum(i) => &mut i.attrs,
        ExternCrate(i) => &mut i.attrs,
        Fn(i) => &mut i.attrs,
        ForeignMod(i) => &mut i.attrs,
        Impl(i) => &mut i.attrs,
        Macro(i) => &mut i.attrs,
        Mod(i) => &mut i.attrs,
        Static(i) => &mut i.attrs,
        Struct(i) => &mut i.attrs,
        Trait(i) => &mut i.attrs,
        TraitAlias(i) => &mut i.attrs,
        Type(i) => &mut i.attrs,
        Union(i) => &mut i.attrs,
        Use(i) => &mut i.attrs,
        _ => return None,
    })
}

/// The name an item defines in its module, if it defines one.
pub fn item_name(item: &syn::Item) -> Option<&syn::Ident> {
    use syn::Item::*;
    match item {
        Const(i) => Some(&i.ident),
        Enum(i) => Some(&i.ident),
        ExternCrate(i) => Some(i.rename.as_ref().map_or(&i.ident, |(_, r)| r)),
        Fn(i) => Some(&i.sig.ident),
        Macro(i) => i.ident.as_ref(),
        Mod(i) => Some(&i.ident),
        Static(i) => Some(&i.ident),
        Struct(i) => Some(&i.ident),
        Trait(i) => Some(&i.ident),
        TraitAlias(i) => Some(&i.ident),
        Type(i) => Some(&i.ident),
        Union(i) => Some(&i.ident),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpt_puts_the_caret_under_the_column() {
        let at = Location::new(Path::new("a.rs"), "fn main() {\n    let x = ;\n}\n", 2, 12);
        assert_eq!(at.to_string(), "a.rs:2:13");
        assert_eq!(at.excerpt(), "  |\n2 |     let x = ;\n  |             ^");
    }

    #[test]
    fn offsets_count_characters_not_bytes() {
        let at = Location::of_offset(Path::new("a.rs"), "é\nxé!", 6);
        assert_eq!((at.line, at.column), (2, 3));
    }

    /// The items of `text` with each `#[cfg(test)]` item left out, as tokens.
    fn items_but_tests(file: &syn::File) -> Vec<String> {
        file.items
            .iter()
            .filter(|item| !item_attrs(item).iter().any(is_cfg_test))
            .map(|item| quote::ToTokens::to_token_stream(item).to_string())
            .collect()
    }

    #[test]
    fn blanking_finds_the_end_of_a_test_module_past_tricky_literals() {
        let source = "use std::fmt;\n/// Checks.\n#[allow(unused)]\n#[cfg(test)]\nmod tests {\n    const A: &str = \"}\\\"}\";\n    \
                      const B: &str = r#\"}\"#;\n    const C: &[u8] = br\"\\\";\n    const D: char = '}';\n    \
                      const E: char = '\\'';\n    fn f<'a>(x: &'a str) -> &'a str { x } // }\n    \
                      /* } /* } */ */\n}\npub fn after() {}\n";
        let blanked = blank_test_modules(source).expect("a test module to blank");
        assert_eq!(blanked.len(), source.len());
        assert_eq!(blanked.lines().count(), source.lines().count());
        let file = syn::parse_file(&blanked).unwrap();
        assert_eq!(file.items.len(), 2, "{blanked}");
        let after = blanked.lines().position(|l| l == "pub fn after() {}");
        assert_eq!(after, source.lines().position(|l| l == "pub fn after() {}"));
    }

    #[test]
    fn blanking_takes_attributes_written_over_several_lines_along() {
        let source = "pub fn kept() {}\n#[cfg(all(\n    feature = \"a\",\n    not(miri),\n))]\n\
                      #[cfg(test)]\nmod tests {\n    fn f() {}\n}\n";
        let blanked = blank_test_modules(source).expect("a test module to blank");
        assert_eq!(blanked.lines().next(), Some("pub fn kept() {}"));
        assert!(!blanked.contains("cfg"), "{blanked}");
        assert_eq!(syn::parse_file(&blanked).unwrap().items.len(), 1);
        // A `]` above that closes no attribute stays: the module alone goes.
        let stray = "const A: [u8; 2] = [1,\n    2]\n#[cfg(test)]\nmod tests {}\n";
        let blanked = blank_test_modules(stray).expect("a test module to blank");
        assert!(
            blanked.starts_with("const A: [u8; 2] = [1,\n    2]\n "),
            "{blanked}"
        );
    }

    #[test]
    fn blanking_declines_unbalanced_text_and_files_without_tests() {
        assert_eq!(blank_test_modules("#[cfg(test)]\nmod tests {\n"), None);
        // Not valid Rust (an escape is ASCII), yet a character to the scan: no panic on a
        // char boundary. Blanked like any test module, whose errors are never looked at.
        assert!(
            blank_test_modules("#[cfg(test)]\nmod tests { const C: char = '\\é'; }\n").is_some()
        );
        assert_eq!(blank_test_modules("#[cfg(test)]\nmod tests { \"}\n"), None);
        assert_eq!(blank_test_modules("fn f() {}\n"), None);
        // Not a module: left to the full parse.
        assert_eq!(blank_test_modules("#[cfg(test)]\nfn f() {}\n"), None);
    }

    /// On every template, the fast path is taken and gives the items a full parse gives.
    #[test]
    fn every_template_parses_the_same_without_its_tests() {
        let dir = crate::workspace_dir().join("templates/src");
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let text = read(&path).unwrap();
            let full = parse(&path, &text).unwrap();
            if full
                .items
                .iter()
                .any(|i| matches!(i, syn::Item::Mod(m) if m.attrs.iter().any(is_cfg_test)))
            {
                let blanked = blank_test_modules(&text)
                    .unwrap_or_else(|| panic!("{}: no test module found", path.display()));
                let fast =
                    syn::parse_file(&blanked).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                assert_eq!(
                    items_but_tests(&fast),
                    items_but_tests(&full),
                    "{}",
                    path.display()
                );
            }
        }
    }
}
