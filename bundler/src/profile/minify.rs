//! `--minify`: the bundle re-printed token by token on one line, without comments (doc
//! comments included), with a space only where two adjacent tokens would otherwise lex as
//! something else under edition 2021 or 2024.
//!
//! Spacing a program cannot observe is all that changes, with two exceptions: `line!()`
//! and `column!()` (hence panic locations) and the text `stringify!` makes of its tokens.

use proc_macro2::{Delimiter, LexError, Spacing, TokenStream, TokenTree};

/// `source` minified. `Err` only if proc-macro2's lexer rejects it (a bundle never should).
pub fn minify(source: &str) -> Result<String, LexError> {
    let mut printer = Printer {
        text: String::with_capacity(source.len() / 2),
        last: Last::Open,
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

struct Printer {
    text: String,
    last: Last,
}

impl Printer {
    fn stream(&mut self, tokens: TokenStream) {
        let mut tokens = tokens.into_iter().peekable();
        while let Some(token) = tokens.next() {
            match token {
                TokenTree::Punct(p) if p.as_char() == '#' && is_doc_comment(&p) => {
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
                    let space = self.before_word_or_literal(&text);
                    self.push(space, &text, Last::Word);
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

/// A doc comment's `#` has the comment itself as its source text; an attribute's is `#`.
fn is_doc_comment(pound: &proc_macro2::Punct) -> bool {
    pound
        .span()
        .source_text()
        .is_some_and(|text| text.starts_with('/'))
}
