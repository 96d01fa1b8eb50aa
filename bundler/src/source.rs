//! Reading Rust sources and manifests, with errors that point at file, line and column and
//! show the offending line.

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
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let lossy = String::from_utf8_lossy(e.as_bytes());
        let prefix = String::from_utf8_lossy(&e.as_bytes()[..good]);
        SourceError::NotUtf8 {
            at: Location::of_offset(path, &lossy, prefix.len()),
        }
    })
}

/// Parses a whole Rust file.
pub fn parse(path: &Path, source: &str) -> Result<syn::File, SourceError> {
    syn::parse_file(source).map_err(|e| SourceError::Syntax {
        at: Location::of_span(path, source, e.span()),
        message: e.to_string(),
    })
}

/// The crate name a library is used under: `[lib] name`, else `[package] name` with `-` as
/// `_`. Also returns the path of its root file (`[lib] path`, else `src/lib.rs`).
pub fn library_manifest(library_dir: &Path) -> Result<(String, PathBuf), SourceError> {
    let path = library_dir.join("Cargo.toml");
    let text = read(&path)?;
    let manifest: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let offset = e.span().map_or(0, |s| s.start);
        SourceError::Manifest {
            at: Location::of_offset(&path, &text, offset),
            message: e.message().to_string(),
        }
    })?;
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
        .ok_or(SourceError::NoCrateName { path })?;
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
}
