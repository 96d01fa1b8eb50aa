//! Where Rust source text is code and where it is a comment or a literal, by Rust's lexical
//! rules but without building tokens: for the scans of raw text that must not take a `}` in
//! a string, or a `"` in a comment, for code. And the identifiers and whole words of raw
//! text, which tell what a file may hold before it is parsed.

use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// Everything else: identifiers (raw ones too), lifetimes and labels, numbers,
    /// punctuation, whitespace.
    Code,
    /// `// ...`, up to its line break (not included).
    LineComment,
    /// `/* ... */`, with the comments nested in it.
    BlockComment,
    /// `"..."`, `b"..."`, `c"..."`, or raw (`r"..."`, `br#"..."#`, `cr##"..."##`): no escapes
    /// there.
    Str,
    /// `'x'`, `'\''`, `b'x'`.
    Char,
}

/// A stretch of text of one class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    pub class: Class,
    /// Prefix and delimiters included.
    pub range: Range<usize>,
    /// How many closings the text ends before: the nested comments left open for a block
    /// comment, 1 for an unterminated literal, 0 for a whole piece.
    pub unclosed: usize,
}

/// The pieces of `text`, in order, one after another from its start to its end; code runs as
/// long as it goes.
pub fn pieces(text: &str) -> impl Iterator<Item = Piece> + '_ {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        let start = at;
        let mut i = start;
        while i < bytes.len() {
            if let Some(piece) = literal_at(text, i) {
                if i > start {
                    at = i;
                    return Some(code(start..i));
                }
                at = piece.range.end;
                return Some(piece);
            }
            // A whole word at once, so that a prefix (`br` of `br"..."`) is looked for at the
            // start of a word only. Other bytes are ASCII: `i` stays on a character.
            i += if is_ident_byte(bytes[i]) {
                bytes[i..].iter().take_while(|&&b| is_ident_byte(b)).count()
            } else {
                1
            };
        }
        at = bytes.len();
        (i > start).then(|| code(start..i))
    })
}

fn code(range: Range<usize>) -> Piece {
    Piece {
        class: Class::Code,
        range,
        unclosed: 0,
    }
}

/// The comment or literal that starts at byte `at` of `text`, if one does: `at` must be at
/// the start of a token (a `b` inside a word followed by `"` starts nothing). A quote that
/// opens a lifetime or label starts nothing either.
pub fn literal_at(text: &str, at: usize) -> Option<Piece> {
    let rest = text.get(at..)?.as_bytes();
    // Every comment and literal starts with one of these bytes; `pieces` asks at each
    // token of a file, so the others are turned away first.
    if !matches!(rest.first(), Some(b'/' | b'"' | b'\'' | b'b' | b'c' | b'r')) {
        return None;
    }
    let piece = |class, len, unclosed| Piece {
        class,
        range: at..at + len,
        unclosed,
    };
    if rest.starts_with(b"//") {
        let len = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        return Some(piece(Class::LineComment, len, 0));
    }
    if rest.starts_with(b"/*") {
        let (len, unclosed) = block_comment(rest);
        return Some(piece(Class::BlockComment, len, unclosed));
    }
    // Whether `rest` starts with `prefix` and one of the bytes `next` right after it.
    let opens = |prefix: &[u8], next: &[u8]| {
        rest.starts_with(prefix) && rest.get(prefix.len()).is_some_and(|b| next.contains(b))
    };
    if let Some(prefix) = [&b"br"[..], b"cr", b"r"]
        .into_iter()
        .find(|p| opens(p, b"\"#"))
    {
        let hashes = rest[prefix.len()..]
            .iter()
            .take_while(|&&b| b == b'#')
            .count();
        let body = prefix.len() + hashes + 1;
        if rest.get(body - 1) != Some(&b'"') {
            return None; // a raw identifier, `r#name`
        }
        let close = [&b"\""[..], &vec![b'#'; hashes]].concat();
        let (len, unclosed) = match rest[body..].windows(close.len()).position(|w| w == close) {
            Some(end) => (body + end + close.len(), 0),
            None => (rest.len(), 1),
        };
        return Some(piece(Class::Str, len, unclosed));
    }
    if let Some(prefix) = [&b"b"[..], b"c", b""].into_iter().find(|p| opens(p, b"\"")) {
        let (len, unclosed) = cooked_str_end(rest, prefix.len() + 1);
        return Some(piece(Class::Str, len, unclosed));
    }
    let prefix = [&b"b"[..], b""].into_iter().find(|p| opens(p, b"'"))?;
    let (len, unclosed) = char_end(rest, prefix.len() + 1, prefix.is_empty())?;
    Some(piece(Class::Char, len, unclosed))
}

/// The length of the block comment `text` starts with, and how many of its comments are left
/// open at the end of `text`.
fn block_comment(text: &[u8]) -> (usize, usize) {
    let (mut depth, mut i) = (0usize, 0);
    while i < text.len() {
        if text[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if text[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return (i, 0);
            }
        } else {
            i += 1;
        }
    }
    (text.len(), depth)
}

/// The end of a string whose text starts at `from` (after its quote), and 1 if it is
/// unterminated.
fn cooked_str_end(text: &[u8], from: usize) -> (usize, usize) {
    let mut i = from;
    while i < text.len() {
        match text[i] {
            b'\\' => i += 2,
            b'"' => return (i + 1, 0),
            _ => i += 1,
        }
    }
    (text.len(), 1)
}

/// The end of a character literal whose text starts at `from` (after its quote), and 1 if it
/// is unterminated; `None` if the quote opens a lifetime or label instead, which only a
/// quote with no `b` before it (`maybe_lifetime`) can.
fn char_end(text: &[u8], from: usize, maybe_lifetime: bool) -> Option<(usize, usize)> {
    let after = |n: usize| {
        let end = from + n;
        match text.get(end) {
            Some(b'\'') => Some((end + 1, 0)),
            _ if maybe_lifetime => None,
            _ => Some((text.len(), 1)),
        }
    };
    match *text.get(from)? {
        // An escape: the character after `\`, then up to the closing quote (`\u{..}`).
        b'\\' => {
            let escaped = text
                .get(from + 1)
                .map_or(text.len(), |&b| from + 1 + utf8_len(b));
            let close = text[escaped.min(text.len())..]
                .iter()
                .position(|&b| b == b'\'');
            Some(close.map_or((text.len(), 1), |n| (escaped + n + 1, 0)))
        }
        b => after(utf8_len(b)),
    }
}

/// The length of the UTF-8 character whose first byte is `b`.
fn utf8_len(b: u8) -> usize {
    match b {
        0xf0.. => 4,
        0xe0.. => 3,
        0xc0.. => 2,
        _ => 1,
    }
}

/// Whether `b` may be part of an identifier (every non-ASCII byte counts: a scan may take a
/// non-identifier character for one, never the reverse).
pub fn is_ident_byte(b: u8) -> bool {
    b == b'_' || b.is_ascii_alphanumeric() || b >= 0x80
}

/// The length in bytes of the identifier `text` starts with.
pub fn ident_len(text: &str) -> usize {
    text.bytes().take_while(|&b| is_ident_byte(b)).count()
}

/// What follows each whole-identifier occurrence of `word` in `text`.
pub fn after<'t>(text: &'t str, word: &'t str) -> impl Iterator<Item = &'t str> + 't {
    words(text, word).map(move |at| &text[at + word.len()..])
}

/// Where `word` occurs in `text` as a whole identifier.
fn words<'t>(text: &'t str, word: &'t str) -> impl Iterator<Item = usize> + 't {
    let bytes = text.as_bytes();
    // memchr's vectorised search: every file of a crate is scanned for a few words before
    // any is parsed, so this runs over all of a crate's text.
    memchr::memmem::find_iter(bytes, word.as_bytes()).filter(move |&at| {
        !at.checked_sub(1).is_some_and(|i| is_ident_byte(bytes[i]))
            && !bytes
                .get(at + word.len())
                .is_some_and(|&b| is_ident_byte(b))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each piece of `text` as its class and text.
    fn classes(text: &str) -> Vec<(Class, &str)> {
        let pieces: Vec<Piece> = pieces(text).collect();
        let mut end = 0;
        for p in &pieces {
            assert_eq!(p.range.start, end, "pieces follow one another: {pieces:?}");
            end = p.range.end;
        }
        assert_eq!(end, text.len(), "pieces cover the text");
        pieces
            .iter()
            .map(|p| (p.class, &text[p.range.clone()]))
            .collect()
    }

    #[test]
    fn block_comments_nest() {
        assert_eq!(
            classes("a /* b /* c */ d */ e"),
            [
                (Class::Code, "a "),
                (Class::BlockComment, "/* b /* c */ d */"),
                (Class::Code, " e")
            ]
        );
        // `/*/` opens a comment and does not close it.
        let open = literal_at("/*/ x /* y */", 0).unwrap();
        assert_eq!((open.range, open.unclosed), (0..13, 1));
        assert_eq!(literal_at("/* /* /*", 0).unwrap().unclosed, 3);
    }

    #[test]
    fn line_comments_end_before_the_line_break() {
        assert_eq!(
            classes("x // \"quote\n'y'"),
            [
                (Class::Code, "x "),
                (Class::LineComment, "// \"quote"),
                (Class::Code, "\n"),
                (Class::Char, "'y'")
            ]
        );
    }

    #[test]
    fn raw_strings_end_at_a_quote_with_as_many_hashes() {
        assert_eq!(
            classes(r####"f(r##"a "# b"## + 1)"####),
            [
                (Class::Code, "f("),
                (Class::Str, r###"r##"a "# b"##"###),
                (Class::Code, " + 1)")
            ]
        );
        assert_eq!(
            classes(r#"br"\" cr"x""#),
            [
                (Class::Str, r#"br"\""#),
                (Class::Code, " "),
                (Class::Str, r#"cr"x""#)
            ]
        );
        // A raw identifier is code.
        assert_eq!(
            classes("r#type + r#\"\"#"),
            [(Class::Code, "r#type + "), (Class::Str, "r#\"\"#")]
        );
        assert_eq!(literal_at("r##\"a\"#", 0).unwrap().unclosed, 1);
    }

    #[test]
    fn strings_skip_escaped_quotes_and_keep_their_prefix() {
        assert_eq!(
            classes(r#"("a\"b", b"\\", c"x")"#),
            [
                (Class::Code, "("),
                (Class::Str, r#""a\"b""#),
                (Class::Code, ", "),
                (Class::Str, r#"b"\\""#),
                (Class::Code, ", "),
                (Class::Str, r#"c"x""#),
                (Class::Code, ")")
            ]
        );
        // A `b` ending a word is no prefix.
        assert_eq!(
            classes("ab\"x\""),
            [(Class::Code, "ab"), (Class::Str, "\"x\"")]
        );
        assert_eq!(literal_at("\"abc", 0).unwrap().unclosed, 1);
    }

    #[test]
    fn characters_against_lifetimes() {
        assert_eq!(
            classes(r"fn f<'a>(x: &'a u8) -> char { 'x' }"),
            [
                (Class::Code, "fn f<'a>(x: &'a u8) -> char { "),
                (Class::Char, "'x'"),
                (Class::Code, " }")
            ]
        );
        assert_eq!(
            classes(r"['\'', '\\', '\u{7d}', b'}', 'é', 'label: loop {}]"),
            [
                (Class::Code, "["),
                (Class::Char, r"'\''"),
                (Class::Code, ", "),
                (Class::Char, r"'\\'"),
                (Class::Code, ", "),
                (Class::Char, r"'\u{7d}'"),
                (Class::Code, ", "),
                (Class::Char, "b'}'"),
                (Class::Code, ", "),
                (Class::Char, "'é'"),
                (Class::Code, ", 'label: loop {}]")
            ]
        );
        // A quote in a string is no character.
        assert_eq!(
            classes("\"'\"'a'"),
            [(Class::Str, "\"'\""), (Class::Char, "'a'")]
        );
        assert_eq!(literal_at(r"'\'", 0).unwrap().unclosed, 1);
    }

    #[test]
    fn no_text_makes_it_panic() {
        for text in [
            "", "'", "b'", "'\\", "'\\é", "b'é", "r#", "br##", "\"\\", "/*", "é'", "c",
        ] {
            let _ = classes(text);
            for at in 0..=text.len() + 1 {
                let _ = literal_at(text, at);
            }
        }
    }
}
