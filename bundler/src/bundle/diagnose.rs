//! What a syntax error means. syn reports text its lexer rejects only as "cannot parse string
//! into token stream", at the token the lexer stopped on: that token is looked at again here,
//! by the rules of proc-macro2's lexer (the one that rejected it), to say what is wrong with
//! it. Errors at the end of the file, which syn places at 1:1, are moved to the file's end;
//! syn's long lists of expected tokens are named; what was found is said.

use super::scan;
use super::source::{self, LineStarts, Location, SourceError};
use std::path::Path;
use std::str::FromStr;

/// `error`, from a parse of the file at its path, explained. Where a library file fails to
/// parse, its text is not kept: the file is read and parsed again, and if that no longer
/// gives the same error (the file changed, or the text never came from it), `error` stays.
pub fn explained(error: SourceError) -> SourceError {
    let SourceError::Syntax { at, message } = &error else {
        return error;
    };
    let Ok(text) = source::read(&at.path) else {
        return error;
    };
    match syn::parse_file(&text) {
        Err(e)
            if e.to_string() == *message && Location::of_span(&at.path, &text, e.span()) == *at =>
        {
            explain(&at.path, &text, &e)
        }
        _ => error,
    }
}

/// The syntax error `error` that syn gave for `text`, the file at `path`, said as precisely
/// as its cause can be known.
pub fn explain(path: &Path, text: &str, error: &syn::Error) -> SourceError {
    let span = error.span();
    let start = span.start();
    let (at, message) = match proc_macro2::TokenStream::from_str(text) {
        Err(lex) => {
            let start = lex.span().start();
            let offset = offset_of(text, start.line, start.column);
            lex_problem(text, offset).unwrap_or((offset, error.to_string()))
        }
        // syn's place for the end of the whole input: the call site, 1:0 and empty.
        Ok(_) if (start.line, start.column) == (1, 0) && span.end() == start => {
            let message = named(&error.to_string());
            let message = if message.starts_with(END) {
                message
            } else {
                format!("{END}, {message}")
            };
            (text.trim_end().len(), message)
        }
        Ok(_) => {
            let offset = offset_of(text, start.line, start.column);
            let mut message = named(&error.to_string());
            if message.starts_with("expected ") && !message.contains("found") {
                if let Some(found) = found(&text[offset..]) {
                    message = format!("{message}, found {found}");
                }
            }
            (offset, message)
        }
    };
    SourceError::Syntax {
        at: Location::of_offset(path, text, at),
        message,
    }
}

const END: &str = "unexpected end of input";

/// The byte offset of `line` (1-based) and `column` (0-based, in characters) in `text`, as
/// proc-macro2 counts them; the end of `text` if it has no such place.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    LineStarts::of(text).byte_at(text, line, column)
}

/// syn's lists of the tokens that may start an item, a type or a pattern, and what they mean.
const LISTS: [(&str, &str); 4] = [
    (
        "one of: `fn`, `extern`, `use`, `static`, `const`, `unsafe`, `mod`, `type`, `struct`, \
         `enum`, `union`, `trait`, `auto`, `impl`, `default`, `macro`, identifier, `self`, \
         `super`, `crate`, `::`",
        "an item",
    ),
    (
        "one of: `fn`, `extern`, `use`, `static`, `const`, `unsafe`, `mod`, `type`, `struct`, \
         `enum`, `union`, `trait`, `auto`, `impl`, `default`, `macro`",
        "an item after the visibility",
    ),
    (
        "one of: `for`, parentheses, `fn`, `unsafe`, `extern`, identifier, `::`, `<`, `dyn`, \
         square brackets, `*`, `&`, `!`, `impl`, `_`, lifetime",
        "a type",
    ),
    (
        "one of: identifier, `::`, `<`, `_`, literal, `const`, `ref`, `mut`, `&`, parentheses, \
         square brackets, `..`, `const`",
        "a pattern",
    ),
];

/// `message` with each list of [`LISTS`] it ends with named.
fn named(message: &str) -> String {
    LISTS
        .iter()
        .find_map(|(list, name)| {
            let head = message.strip_suffix(list)?;
            Some(format!("{head}{name}"))
        })
        .unwrap_or_else(|| message.to_string())
}

/// Multi-character punctuation, longest first, so that the found token is named whole.
const PUNCTUATION: [&str; 25] = [
    "<<=", ">>=", "...", "..=", "::", "->", "=>", "..", "==", "!=", "<=", ">=", "&&", "||", "+=",
    "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<", ">>", "<-",
];

/// The token `rest` starts with, as a message names it; `None` when it is too long to quote
/// or starts a character or a lifetime.
fn found(rest: &str) -> Option<String> {
    let first = rest.chars().next()?;
    if ["///", "//!", "/**", "/*!"]
        .iter()
        .any(|d| rest.starts_with(d))
    {
        return Some("a doc comment".into());
    }
    let string = scan::literal_at(rest, 0).map(|p| p.class);
    if matches!(string, Some(scan::Class::Str)) {
        return Some("a string literal".into());
    }
    if first == '\'' || rest.starts_with("b'") {
        return None;
    }
    let len = if is_word(first) {
        rest.find(|c: char| !is_word(c)).unwrap_or(rest.len())
    } else {
        PUNCTUATION
            .iter()
            .find(|p| rest.starts_with(*p))
            .map_or(first.len_utf8(), |p| p.len())
    };
    (len <= 40).then(|| format!("`{}`", &rest[..len]))
}

/// The literals proc-macro2 reads, each with its own rules.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Str,
    ByteStr,
    CStr,
    Char,
    Byte,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Str => "string literal",
            Kind::ByteStr => "byte string literal",
            Kind::CStr => "C string literal",
            Kind::Char => "character literal",
            Kind::Byte => "byte literal",
        }
    }

    fn bytes_only(self) -> bool {
        matches!(self, Kind::ByteStr | Kind::Byte)
    }
}

/// Why the token at byte `at` of `text`, where proc-macro2's lexer stopped, is no token: the
/// offset of the culprit and what is wrong there. `None` if no cause is found.
fn lex_problem(text: &str, at: usize) -> Option<(usize, String)> {
    let rest = &text[at..];
    let problem = match rest.chars().next()? {
        // The lexer stops at an opening delimiter only at the end of the file.
        open @ ('(' | '[' | '{') => (
            at,
            format!(
                "unclosed `{open}`: the file ends before its closing `{}`",
                closing(open)
            ),
        ),
        close @ (')' | ']' | '}') => return closer(text, at, close),
        '/' => return comment(text, at),
        '"' => return quoted(text, at, at + 1, Kind::Str),
        '\'' => return character(text, at, at, Kind::Char),
        '0'..='9' => return number(text, at),
        'b' if rest.starts_with("b\"") => return quoted(text, at, at + 2, Kind::ByteStr),
        'b' if rest.starts_with("b'") => return character(text, at, at + 1, Kind::Byte),
        'c' if rest.starts_with("c\"") => return quoted(text, at, at + 2, Kind::CStr),
        'r' => return raw(text, at, 1, Kind::Str),
        'b' if rest.starts_with("br") => return raw(text, at, 2, Kind::ByteStr),
        'c' if rest.starts_with("cr") => return raw(text, at, 2, Kind::CStr),
        c => (at, invalid_character(c)),
    };
    Some(problem)
}

fn closing(open: char) -> char {
    match open {
        '(' => ')',
        '[' => ']',
        _ => '}',
    }
}

/// A closing delimiter the lexer refused: nothing is open, or another delimiter is. The text
/// before it lexes the same alone, and if something is open there the lexer stops at the
/// innermost such delimiter: the one this closes.
fn closer(text: &str, at: usize, close: char) -> Option<(usize, String)> {
    let message = match proc_macro2::TokenStream::from_str(&text[..at]) {
        Ok(_) => format!("unexpected closing `{close}`: nothing is open here"),
        Err(lex) => {
            let start = lex.span().start();
            let open = text[offset_of(text, start.line, start.column)..]
                .chars()
                .next()
                .filter(|c| matches!(c, '(' | '[' | '{'))?;
            format!(
                "mismatched delimiters: the `{open}` opened at {}:{} is closed by `{close}` \
                 (expected `{}`)",
                start.line,
                start.column + 1,
                closing(open)
            )
        }
    };
    Some((at, message))
}

/// A comment the lexer refused: a block comment left open, or a doc comment with a lone
/// carriage return.
fn comment(text: &str, at: usize) -> Option<(usize, String)> {
    let comment = scan::literal_at(text, at)?;
    match (comment.class, comment.unclosed) {
        (scan::Class::BlockComment, 1) => {
            let message = "unterminated block comment (expected `*/`)".to_string();
            return Some((at, message));
        }
        (scan::Class::BlockComment, depth @ 2..) => {
            let message = format!(
                "unterminated block comment: {depth} `*/` missing (a `/*` inside a block \
                 comment opens a nested one)"
            );
            return Some((at, message));
        }
        (scan::Class::BlockComment | scan::Class::LineComment, _) => {}
        _ => return None,
    }
    let cr = bare_cr(&text[comment.range])?;
    Some((at + cr, "bare carriage return (CR) in a doc comment".into()))
}

/// The offset of the first carriage return in `text` not followed by a line feed.
fn bare_cr(text: &str) -> Option<usize> {
    text.match_indices('\r')
        .map(|(i, _)| i)
        .find(|&i| !text[i + 1..].starts_with('\n'))
}

/// A string of `kind` that starts at `at` and whose text starts at `from`.
fn quoted(text: &str, at: usize, from: usize, kind: Kind) -> Option<(usize, String)> {
    let string = scan::literal_at(text, at)?;
    // Its text: up to the closing quote, or the end of the file.
    let end = string.range.end - usize::from(string.unclosed == 0);
    let mut i = from;
    while let Some(c) = text.get(i..end).and_then(|t| t.chars().next()) {
        match c {
            '\\' => match escape(text, i, kind) {
                Ok(next) => {
                    i = next;
                    continue;
                }
                Err(problem) => return Some(problem),
            },
            '\r' if !text[i + 1..].starts_with('\n') => {
                return Some((i, format!("bare carriage return (CR) in a {}", kind.name())));
            }
            '\0' if kind == Kind::CStr => return Some((i, nul())),
            c if kind.bytes_only() && !c.is_ascii() => return Some((i, non_ascii(c, kind.name()))),
            _ => {}
        }
        i += c.len_utf8();
    }
    let message = format!("unterminated {} (expected a closing `\"`)", kind.name());
    (string.unclosed > 0).then_some((at, message))
}

/// A raw string (`r"..."`, `br#"..."#`, `cr"..."`) or raw identifier (`r#name`) that starts at
/// `at` with a prefix of `prefix` bytes.
fn raw(text: &str, at: usize, prefix: usize, kind: Kind) -> Option<(usize, String)> {
    let after = &text[at + prefix..];
    let hashes = after.len() - after.trim_start_matches('#').len();
    let opening = &text[at..at + prefix + hashes];
    let raw_kind = format!("raw {}", kind.name());
    if !after[hashes..].starts_with('"') {
        if prefix == 1 && hashes == 1 {
            let name = &after[1..];
            let name = &name[..name
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(name.len())];
            return Some(match name {
                "_" | "super" | "self" | "Self" | "crate" => {
                    (at, format!("`{name}` cannot be a raw identifier"))
                }
                _ => (
                    at,
                    "expected an identifier or `\"` after `r#` (a raw identifier or raw string)"
                        .into(),
                ),
            });
        }
        return (hashes > 0).then(|| (at, format!("expected `\"` after `{opening}` ({raw_kind})")));
    }
    if hashes > 255 {
        let message = format!("too many `#` before a {raw_kind}: {hashes}, at most 255");
        return Some((at, message));
    }
    let string = scan::literal_at(text, at)?;
    let body_start = at + prefix + hashes + 1;
    let body_end = match string.unclosed {
        0 => string.range.end - 1 - hashes,
        _ => string.range.end,
    };
    let body = text.get(body_start..body_end)?;
    let problem = bare_cr(body)
        .map(|i| (i, format!("bare carriage return (CR) in a {raw_kind}")))
        .or_else(|| match kind {
            Kind::ByteStr => body
                .char_indices()
                .find(|(_, c)| !c.is_ascii())
                .map(|(i, c)| (i, non_ascii(c, &raw_kind))),
            Kind::CStr => body.find('\0').map(|i| (i, nul())),
            _ => None,
        });
    match (problem, string.unclosed) {
        (Some((i, message)), _) => Some((body_start + i, message)),
        (None, 0) => None,
        (None, _) => Some((
            at,
            format!(
                "unterminated {raw_kind} (expected `\"{}`)",
                "#".repeat(hashes)
            ),
        )),
    }
}

/// A character or byte literal, or a lifetime, starting at `at` with its quote at `quote`.
fn character(text: &str, at: usize, quote: usize, kind: Kind) -> Option<(usize, String)> {
    let body = &text[quote + 1..];
    let after = match body.chars().next() {
        None => quote + 1,
        Some('\'') if body[1..].starts_with('\'') => return None,
        Some('\'') => return Some((at, format!("empty {}", kind.name()))),
        Some('\\') => match escape(text, quote + 1, kind) {
            Ok(after) => after,
            Err(problem) => return Some(problem),
        },
        Some(c) if kind == Kind::Byte && !c.is_ascii() => {
            return Some((quote + 1, non_ascii(c, kind.name())));
        }
        Some(c) => {
            // `'a#`: a lifetime or label with `#` right after it, a reserved form.
            let name = body.len() - body.trim_start_matches(is_word).len();
            if kind == Kind::Char
                && (c.is_alphabetic() || c == '_')
                && body[name..].starts_with('#')
                && !body.starts_with("r#")
            {
                let message = format!(
                    "`#` right after the lifetime `'{}` (separate them with a space)",
                    &body[..name]
                );
                return Some((quote + 1 + name, message));
            }
            quote + 1 + c.len_utf8()
        }
    };
    let rest = &text[after..];
    if rest.starts_with('\'') {
        return None;
    }
    let run = rest.len()
        - rest
            .trim_start_matches(|c: char| c != '\'' && !c.is_whitespace())
            .len();
    let message = if rest[run..].starts_with('\'') {
        format!(
            "{} may only contain one character (for a string, use double quotes)",
            kind.name()
        )
    } else {
        format!("unterminated {} (expected a closing `'`)", kind.name())
    };
    Some((at, message))
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The escape whose `\` is at `at`, in a literal of `kind`: where the text after it starts, or
/// what is wrong with it.
fn escape(text: &str, at: usize, kind: Kind) -> Result<usize, (usize, String)> {
    let rest = &text[at + 1..];
    let Some(c) = rest.chars().next() else {
        return Ok(text.len()); // the literal is unterminated
    };
    match c {
        'n' | 'r' | 't' | '\\' | '\'' | '"' => Ok(at + 2),
        '0' if kind == Kind::CStr => Err((at, nul())),
        '0' => Ok(at + 2),
        'x' => {
            let digits: String = rest[1..].chars().take(2).collect();
            let value = u8::from_str_radix(&digits, 16)
                .ok()
                .filter(|_| digits.len() == 2 && digits.chars().all(|d| d.is_ascii_hexdigit()));
            match value {
                None => Err((at, "invalid `\\x` escape: expected two hex digits".into())),
                Some(0) if kind == Kind::CStr => Err((at, nul())),
                Some(v) if v > 0x7f && !kind.bytes_only() && kind != Kind::CStr => Err((
                    at,
                    format!(
                        "out of range escape `\\x{digits}` in a {}: at most `\\x7f`",
                        kind.name()
                    ),
                )),
                Some(_) => Ok(at + 4),
            }
        }
        'u' if kind.bytes_only() => Err((
            at,
            format!("unicode escape in a {} (only ASCII there)", kind.name()),
        )),
        'u' => unicode_escape(rest, at, kind),
        '\n' | '\r' if matches!(kind, Kind::Str | Kind::ByteStr | Kind::CStr) => {
            // A line continuation: the line break and the whitespace after it are skipped.
            let skipped = rest.len() - rest.trim_start_matches([' ', '\t', '\n', '\r']).len();
            match bare_cr(&rest[..skipped]) {
                Some(cr) => Err((
                    at + 1 + cr,
                    format!("bare carriage return (CR) in a {}", kind.name()),
                )),
                None => Ok(at + 1 + skipped),
            }
        }
        c if c.is_ascii_graphic() => Err((at, format!("unknown character escape `\\{c}`"))),
        c => Err((
            at,
            format!("unknown character escape: `\\` followed by {}", describe(c)),
        )),
    }
}

/// `\u{...}`, with `rest` the text after its `\`: one to six hex digits (underscores after
/// the first) naming a character.
fn unicode_escape(rest: &str, at: usize, kind: Kind) -> Result<usize, (usize, String)> {
    let malformed = || {
        (
            at,
            "invalid unicode escape: expected `\\u{` with 1 to 6 hex digits, then `}`".to_string(),
        )
    };
    let inner = rest[1..].strip_prefix('{').ok_or_else(malformed)?;
    let close = inner.find('}').ok_or_else(malformed)?;
    let digits = &inner[..close];
    let hex: String = digits.chars().filter(|&c| c != '_').collect();
    if digits.starts_with('_')
        || hex.is_empty()
        || hex.len() > 6
        || !hex.chars().all(|c| c.is_ascii_hexdigit())
    {
        return Err(malformed());
    }
    match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
        None => Err((
            at,
            format!("invalid unicode escape `\\u{{{digits}}}`: no such character"),
        )),
        Some('\0') if kind == Kind::CStr => Err((at, nul())),
        Some(_) => Ok(at + "\\u{".len() + close + 1),
    }
}

fn nul() -> String {
    "a C string literal cannot contain NUL".into()
}

fn non_ascii(c: char, literal: &str) -> String {
    format!("non-ASCII character {} in a {literal}", describe(c))
}

/// A number the lexer refused: `0x`, `0o` or `0b` with no digits, or a digit too big for
/// its base.
fn number(text: &str, at: usize) -> Option<(usize, String)> {
    let rest = &text[at..];
    let (base, name) = match rest.get(..2)? {
        "0x" => (16, "a hexadecimal"),
        "0o" => (8, "an octal"),
        "0b" => (2, "a binary"),
        _ => return None,
    };
    let mut empty = true;
    for (i, c) in rest[2..].char_indices() {
        match c.to_digit(16) {
            Some(d) if c.is_ascii_digit() && d >= base => {
                let message = format!("invalid digit `{c}` in {name} literal");
                return Some((at + 2 + i, message));
            }
            Some(d) if d < base => empty = false,
            _ if c == '_' => {}
            _ => break,
        }
    }
    empty.then(|| (at, format!("expected digits after `{}`", &rest[..2])))
}

fn invalid_character(c: char) -> String {
    let hint = match c {
        '\u{201c}' | '\u{201d}' => "; did you mean `\"`?",
        '\u{2018}' | '\u{2019}' => "; did you mean `'`?",
        '\u{feff}' => " (a byte-order mark may only start the file)",
        '\\' => " (outside a string or character literal)",
        _ => "",
    };
    format!("invalid character {}{hint}", describe(c))
}

/// `c` as a message shows it: quoted, with its code point if it is not ASCII, or only its
/// code point if it does not show.
fn describe(c: char) -> String {
    // Format characters: they show as nothing.
    const INVISIBLE: [(char, char); 5] = [
        ('\u{ad}', '\u{ad}'),
        ('\u{200b}', '\u{200f}'),
        ('\u{202a}', '\u{202e}'),
        ('\u{2060}', '\u{2064}'),
        ('\u{feff}', '\u{feff}'),
    ];
    let invisible = c.is_control()
        || c.is_whitespace()
        || INVISIBLE
            .iter()
            .any(|&(first, last)| (first..=last).contains(&c));
    match c {
        _ if invisible => format!("U+{:04X}", c as u32),
        '`' => "`` ` ``".into(),
        _ if c.is_ascii() => format!("`{c}`"),
        _ => format!("`{c}` (U+{:04X})", c as u32),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `line:column: message` of the error `source` gives.
    fn diagnosed(source: &str) -> String {
        let error = syn::parse_file(source).expect_err(source);
        match explain(Path::new("a.rs"), source, &error) {
            SourceError::Syntax { at, message } => format!("{}:{}: {message}", at.line, at.column),
            other => panic!("{other}"),
        }
    }

    /// Broken sources and what the message says, place first.
    const CASES: &[(&str, &str)] = &[
        // Delimiters.
        (
            "fn main() {\n    let x = 1;\n",
            "1:11: unclosed `{`: the file ends before its closing `}`",
        ),
        (
            "fn main() {\n    foo(1;\n}\n",
            "3:1: mismatched delimiters: the `(` opened at 2:8 is closed by `}` (expected `)`)",
        ),
        (
            "fn main() { let v = vec![1, 2; }\n",
            "1:32: mismatched delimiters: the `[` opened at 1:25 is closed by `}` (expected `]`)",
        ),
        (
            "fn main() {}\n}\n",
            "2:1: unexpected closing `}`: nothing is open here",
        ),
        // What a delimiter inside a comment, string or character means nothing.
        (
            "fn f() { /* ( */ let a = \"{\"; let b = r#\"(\"#; let c = '['; g::<'a>(); }\n)\n",
            "2:1: unexpected closing `)`: nothing is open here",
        ),
        // Comments.
        (
            "fn f() { /* a /* b */ }\n",
            "1:10: unterminated block comment (expected `*/`)",
        ),
        (
            "/* a /* b\nfn main() {}\n",
            "1:1: unterminated block comment: 2 `*/` missing (a `/*` inside a block comment \
             opens a nested one)",
        ),
        (
            "/** doc\nfn main() {}\n",
            "1:1: unterminated block comment (expected `*/`)",
        ),
        (
            "/// doc\rx\nfn main() {}\n",
            "1:8: bare carriage return (CR) in a doc comment",
        ),
        (
            "fn main() {}\n/*! a\rb */\n",
            "2:6: bare carriage return (CR) in a doc comment",
        ),
        // Strings.
        (
            "fn main() {\n    let s = \"abc;\n}\n",
            "2:13: unterminated string literal (expected a closing `\"`)",
        ),
        (
            "fn main() { let s = \"a\\qb\"; }\n",
            "1:23: unknown character escape `\\q`",
        ),
        (
            "fn main() { let s = \"\\x80\"; }\n",
            "1:22: out of range escape `\\x80` in a string literal: at most `\\x7f`",
        ),
        (
            "fn main() { let s = \"\\xg0\"; }\n",
            "1:22: invalid `\\x` escape: expected two hex digits",
        ),
        (
            "fn main() { let s = \"\\u{110000}\"; }\n",
            "1:22: invalid unicode escape `\\u{110000}`: no such character",
        ),
        (
            "fn main() { let s = \"\\u{_1}\"; }\n",
            "1:22: invalid unicode escape: expected `\\u{` with 1 to 6 hex digits, then `}`",
        ),
        (
            "fn main() { let s = \"a\rb\"; }\n",
            "1:23: bare carriage return (CR) in a string literal",
        ),
        (
            "fn main() { let s = \"a\\\n  \\y\"; }\n",
            "2:3: unknown character escape `\\y`",
        ),
        (
            "fn main() { let s = b\"caf\u{e9}\"; }\n",
            "1:26: non-ASCII character `\u{e9}` (U+00E9) in a byte string literal",
        ),
        (
            "fn main() { let s = b\"\\u{41}\"; }\n",
            "1:23: unicode escape in a byte string literal (only ASCII there)",
        ),
        (
            "fn main() { let s = c\"a\\0b\"; }\n",
            "1:24: a C string literal cannot contain NUL",
        ),
        (
            "fn main() { let s = c\"\\x00\"; }\n",
            "1:23: a C string literal cannot contain NUL",
        ),
        // Raw strings and identifiers.
        (
            "fn main() { let s = r#\"abc\"; }\n",
            "1:21: unterminated raw string literal (expected `\"#`)",
        ),
        (
            "fn main() { let s = r##\"a\"#; }\n",
            "1:21: unterminated raw string literal (expected `\"##`)",
        ),
        (
            "fn main() { let s = br\"\u{e9}\"; }\n",
            "1:24: non-ASCII character `\u{e9}` (U+00E9) in a raw byte string literal",
        ),
        (
            "fn main() { let s = cr\"a\0b\"; }\n",
            "1:25: a C string literal cannot contain NUL",
        ),
        (
            "fn main() { let s = r\"a\rb\"; }\n",
            "1:24: bare carriage return (CR) in a raw string literal",
        ),
        (
            "fn main() { let s = r##x; }\n",
            "1:21: expected `\"` after `r##` (raw string literal)",
        ),
        (
            "fn main() { let s = br#x; }\n",
            "1:21: expected `\"` after `br#` (raw byte string literal)",
        ),
        (
            "fn main() { let s = r#_; }\n",
            "1:21: `_` cannot be a raw identifier",
        ),
        (
            "fn main() { let s = r#self; }\n",
            "1:21: `self` cannot be a raw identifier",
        ),
        (
            "fn main() { let s = r#; }\n",
            "1:21: expected an identifier or `\"` after `r#` (a raw identifier or raw string)",
        ),
        // Characters, bytes and lifetimes.
        (
            "fn main() { let c = 'ab'; }\n",
            "1:21: character literal may only contain one character (for a string, use double \
             quotes)",
        ),
        (
            "fn main() { let c = ''; }\n",
            "1:21: empty character literal",
        ),
        (
            "fn main() { let c = '\\q'; }\n",
            "1:22: unknown character escape `\\q`",
        ),
        (
            "fn main() { let c = '\\x80'; }\n",
            "1:22: out of range escape `\\x80` in a character literal: at most `\\x7f`",
        ),
        (
            "fn main() { let x = 'a'b'; }\n",
            "1:25: unterminated character literal (expected a closing `'`)",
        ),
        (
            "fn f<'1>() {}\n",
            "1:6: unterminated character literal (expected a closing `'`)",
        ),
        (
            "fn f<'a#>() {}\n",
            "1:8: `#` right after the lifetime `'a` (separate them with a space)",
        ),
        (
            "fn main() { let s = b'ab'; }\n",
            "1:21: byte literal may only contain one character (for a string, use double quotes)",
        ),
        (
            "fn main() { let s = b'\u{e9}'; }\n",
            "1:23: non-ASCII character `\u{e9}` (U+00E9) in a byte literal",
        ),
        (
            "fn main() { let s = b'\\u{41}'; }\n",
            "1:23: unicode escape in a byte literal (only ASCII there)",
        ),
        (
            "fn main() { '",
            "1:13: unterminated character literal (expected a closing `'`)",
        ),
        // Numbers.
        (
            "fn main() { let x = 0x; }\n",
            "1:21: expected digits after `0x`",
        ),
        (
            "fn main() { let x = 0b102; }\n",
            "1:25: invalid digit `2` in a binary literal",
        ),
        (
            "fn main() { let x = 0o78; }\n",
            "1:24: invalid digit `8` in an octal literal",
        ),
        // Characters that start no token.
        (
            "fn main() { let x = 1 \\ 2; }\n",
            "1:23: invalid character `\\` (outside a string or character literal)",
        ),
        (
            "fn main() { let x = `a`; }\n",
            "1:21: invalid character `` ` ``",
        ),
        (
            "fn main() { let x\u{20ac} = 1; }\n",
            "1:18: invalid character `\u{20ac}` (U+20AC)",
        ),
        (
            "fn main() { let x = \u{201c}q\u{201d}; }\n",
            "1:21: invalid character `\u{201c}` (U+201C); did you mean `\"`?",
        ),
        ("fn main() {\0}\n", "1:12: invalid character U+0000"),
        (
            "fn main() {}\n\u{feff}",
            "2:1: invalid character U+FEFF (a byte-order mark may only start the file)",
        ),
        // Errors past lexing: the end of the input, named lists, what was found.
        ("use a::b\n", "1:9: unexpected end of input, expected `;`"),
        (
            "fn main() {}\n/// doc\n",
            "2:8: unexpected end of input, expected an item",
        ),
        (
            "pub\n",
            "1:4: unexpected end of input, expected an item after the visibility",
        ),
        (
            "fn main() {}\nstruct S\n",
            "2:9: unexpected end of input, expected one of: `where`, parentheses, curly braces, \
             `;`",
        ),
        ("let x = 1;\n", "1:1: expected an item, found `let`"),
        (
            "fn main() { let x = 1 2; }\n",
            "1:23: expected `;`, found `2`",
        ),
        (
            "fn main() { let x: = 3; }\n",
            "1:20: expected a type, found `=`",
        ),
        (
            "fn main() { let = 3; }\n",
            "1:17: expected a pattern, found `=`",
        ),
        ("fn f(a u32) {}\n", "1:8: expected `:`, found `u32`"),
        (
            "fn main() { match x { 1 => 2 3 => 4 } }\n",
            "1:30: expected `,`, found `3`",
        ),
        (
            "fn main() { x + }\n",
            "1:17: unexpected end of input, expected an expression",
        ),
        (
            "fn main() { let x = 1 \"s\"; }\n",
            "1:23: expected `;`, found a string literal",
        ),
        (
            "fn main() { let x = 1 ::y; }\n",
            "1:23: expected `;`, found `::`",
        ),
    ];

    #[test]
    fn each_broken_source_gets_its_message_at_its_place() {
        let failures: Vec<String> = CASES
            .iter()
            .filter_map(|(source, expected)| {
                let got = diagnosed(source);
                (got != *expected)
                    .then(|| format!("{source:?}\n  expected {expected}\n  got      {got}"))
            })
            .collect();
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    /// A library file's error is explained from the file, read again; if the file no longer
    /// gives that error, the error stays as it was.
    #[test]
    fn an_error_is_explained_from_its_file_only_if_the_file_still_gives_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lib.rs");
        std::fs::write(&path, "fn f() {\n").unwrap();
        let error = source::parse(&path, "fn f() {\n").unwrap_err();
        assert!(explained(error)
            .to_string()
            .contains(":1:8: syntax error: unclosed `{`"));
        let error = source::parse(&path, "fn g() {}\n}\n").unwrap_err();
        let before = error.to_string();
        assert!(
            before.contains(":2:1: syntax error: cannot parse"),
            "{before}"
        );
        assert_eq!(explained(error).to_string(), before);
    }
}
