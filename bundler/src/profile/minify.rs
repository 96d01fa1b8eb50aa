//! `--minify`: the bundle re-printed token by token on one line, without comments (doc
//! comments included), with a space only where two adjacent tokens would otherwise lex as
//! something else under edition 2021 or 2024.
//!
//! Spacing a program cannot observe is all that changes, with two exceptions: `line!()`
//! and `column!()` (hence panic locations) and the text `stringify!` makes of its tokens.

use proc_macro2::{Delimiter, LexError, Spacing, TokenStream, TokenTree};
use std::collections::HashMap;

/// `source` minified. `Err` only if proc-macro2's lexer rejects it (a bundle never should).
pub fn minify(source: &str) -> Result<String, LexError> {
    minify_renamed(source, &HashMap::new(), true)
}

/// `source` minified, each identifier that is a key of `renamed` (lifetimes' and labels'
/// included) written as its value. Without `inert_attributes`, the attributes rustc does
/// nothing with go too: `#[doc = "..."]` written as an attribute, and those only tools read
/// (`#[allow(clippy::x)]`, `#[rustfmt::skip]`); a macro's matcher may ask for one, so the
/// caller checks.
pub fn minify_renamed(
    source: &str,
    renamed: &HashMap<String, String>,
    inert_attributes: bool,
) -> Result<String, LexError> {
    let mut printer = Printer {
        text: String::with_capacity(source.len() / 2),
        last: Last::Open,
        renamed,
        inert_attributes,
    };
    printer.stream(source.parse()?);
    printer.text.push('\n');
    Ok(printer.text)
}

/// Two-character sequences the lexer (or rustc's token gluing) reads as one token or a
/// comment: a space goes between two punctuation tokens that would form one. `<-` is
/// rustc's old arrow (`a<-b` is an error), `--` keeps `- -x` as written, `##` and
/// (below) `#"` are reserved in 2024 (guarded strings), `.=` comes from `..=`.
const GLUED: [&str; 27] = [
    "&&", "||", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<", ">>",
    "->", "=>", "<-", "::", "..", ".=", "--", "##", "//", "/*", "*/",
];

/// What the text printed so far ends with.
#[derive(Clone, Copy)]
enum Last {
    /// An opening or closing delimiter, or nothing yet: nothing merges with it.
    Open,
    /// An identifier, keyword or lifetime name.
    Word,
    /// A literal, ending with this character.
    Literal(char),
    /// A punctuation character; `joint` when the source had the next token right after it.
    Punct { ch: char, joint: bool },
}

struct Printer<'r> {
    text: String,
    last: Last,
    renamed: &'r HashMap<String, String>,
    inert_attributes: bool,
}

impl Printer<'_> {
    fn stream(&mut self, tokens: TokenStream) {
        let mut tokens = tokens.into_iter().peekable();
        while let Some(token) = tokens.next() {
            match token {
                TokenTree::Punct(p)
                    if p.as_char() == '#'
                        && (is_doc_comment(&p)
                            || (!self.inert_attributes && is_inert(tokens.clone()))) =>
                {
                    // The comment became `#`, `!` for an inner one, and `[doc = "..."]`.
                    if matches!(tokens.peek(), Some(TokenTree::Punct(q)) if q.as_char() == '!') {
                        tokens.next();
                    }
                    tokens.next();
                    // What preceded the comment did not touch what follows it.
                    if let Last::Punct { ch, .. } = self.last {
                        self.last = Last::Punct { ch, joint: false };
                    }
                }
                TokenTree::Punct(p) => {
                    let ch = p.as_char();
                    let space = match self.last {
                        Last::Punct { ch: prev, joint } => {
                            !joint && GLUED.contains(&format!("{prev}{ch}").as_str())
                        }
                        // `a#b`, `k'a` are reserved prefixes (2021), `'a` a label after a keyword.
                        Last::Word => matches!(ch, '#' | '\''),
                        // Too many `#` after a raw string; `1.` and `.` read as `1` and `..`.
                        Last::Literal(end) => (end == '#' || end == '.') && end == ch,
                        Last::Open => false,
                    };
                    let joint = p.spacing() == Spacing::Joint;
                    self.push(space, &ch.to_string(), Last::Punct { ch, joint });
                }
                TokenTree::Ident(ident) => {
                    let text = ident.to_string();
                    let text = self.renamed.get(&text).unwrap_or(&text);
                    let space = self.before_word_or_literal(text);
                    self.push(space, text, Last::Word);
                }
                TokenTree::Literal(literal) => {
                    let text = literal.to_string();
                    let space = self.before_word_or_literal(&text);
                    let end = text.chars().next_back().unwrap_or(' ');
                    self.push(space, &text, Last::Literal(end));
                }
                TokenTree::Group(group) => {
                    let (open, close) = match group.delimiter() {
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::Brace => ("{", "}"),
                        Delimiter::Bracket => ("[", "]"),
                        Delimiter::None => ("", ""),
                    };
                    self.push(false, open, Last::Open);
                    self.stream(group.stream());
                    self.push(false, close, Last::Open);
                }
            }
        }
    }

    /// Whether an identifier or literal spelled `text` needs a space before it.
    fn before_word_or_literal(&self, text: &str) -> bool {
        let first = text.chars().next().unwrap_or(' ');
        let word_start = first.is_alphanumeric() || first == '_';
        match self.last {
            // `a b`, `1 as`, and the reserved prefixes `k"s"`, `k'c'` (2021).
            Last::Word => word_start || matches!(first, '"' | '\''),
            // A literal's suffix (`"s"x`, `1u8`), or `1.` running into `.5` or `.`.
            Last::Literal(end) => word_start || (end == '.' && first.is_ascii_digit()),
            // A guarded string `#"..."#` (2024).
            Last::Punct { ch, .. } => ch == '#' && first == '"',
            Last::Open => false,
        }
    }

    fn push(&mut self, space: bool, text: &str, last: Last) {
        if space {
            self.text.push(' ');
        }
        self.text.push_str(text);
        self.last = last;
    }
}

/// Whether `after` (what follows a `#`) is an attribute rustc does nothing with:
/// `[doc = "..."]`, a lint level for tools' lints only (`[allow(clippy::a, clippy::b)]`), or
/// a tool's own (`[rustfmt::skip]`, `[clippy::msrv = ".."]`); inner or outer.
fn is_inert(mut after: impl Iterator<Item = TokenTree>) -> bool {
    let group = match after.next() {
        Some(TokenTree::Punct(bang)) if bang.as_char() == '!' => after.next(),
        other => other,
    };
    let Some(TokenTree::Group(group)) = group else {
        return false;
    };
    let inner: Vec<TokenTree> = group.stream().into_iter().collect();
    let tool = |path: &[TokenTree]| {
        matches!(path, [TokenTree::Ident(tool), TokenTree::Punct(c), TokenTree::Punct(_), ..]
            if (tool == "clippy" || tool == "rustfmt" || tool == "rustdoc") && c.as_char() == ':')
    };
    if group.delimiter() != Delimiter::Bracket {
        return false;
    }
    match inner.as_slice() {
        [TokenTree::Ident(doc), TokenTree::Punct(eq), TokenTree::Literal(_)] => {
            doc == "doc" && eq.as_char() == '='
        }
        [TokenTree::Ident(level), TokenTree::Group(lints)]
            if matches!(
                level.to_string().as_str(),
                "allow" | "warn" | "deny" | "expect"
            ) =>
        {
            let lints: Vec<TokenTree> = lints.stream().into_iter().collect();
            !lints.is_empty()
                && lints
                    .split(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','))
                    .filter(|lint| !lint.is_empty())
                    .all(tool)
        }
        path => tool(path),
    }
}

/// A doc comment's `#` has the comment itself as its source text; an attribute's is `#`.
fn is_doc_comment(pound: &proc_macro2::Punct) -> bool {
    pound
        .span()
        .source_text()
        .is_some_and(|text| text.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renaming_writes_each_name_anew_and_inert_attributes_may_go() {
        let source = "#![allow(clippy::all)]\n#[doc = \"a\"] #[rustfmt::skip] #[allow(clippy::x, \
                      dead_code)] #[inline] fn long_name<'life>(x: &'life u8) {}";
        let renamed: HashMap<String, String> = [("long_name", "f"), ("life", "a")]
            .into_iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        assert_eq!(
            minify_renamed(source, &renamed, true).unwrap(),
            "#![allow(clippy::all)]#[doc=\"a\"]#[rustfmt::skip]#[allow(clippy::x,dead_code)]\
             #[inline]fn f<'a>(x:&'a u8){}\n"
        );
        // A lint level naming rustc's lints too stays, as does every other attribute.
        assert_eq!(
            minify_renamed(source, &renamed, false).unwrap(),
            "#[allow(clippy::x,dead_code)]#[inline]fn f<'a>(x:&'a u8){}\n"
        );
    }
}
