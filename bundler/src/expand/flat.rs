//! The server's token trees, "flat trees": every group, literal, punctuation and identifier
//! of a stream in one array of numbers per kind, so that JSON never nests deeper than one
//! level whatever the stream's depth. As protocol versions 5 and 6 have them (rust-analyzer's
//! `crates/proc-macro-api/src/legacy_protocol/msg/flat.rs`, `ENCODE_CLOSE_SPAN_VERSION` and
//! `EXTENDED_LEAF_DATA` on):
//!
//! - `subtree`: 5 numbers a group: open span, close span, delimiter (0 none, 1 `()`, 2 `{}`,
//!   3 `[]`), and the range `lo..hi` of its children in `token_tree`. Group 0 is the stream
//!   itself: with no delimiter, its children are the stream; with one, the stream is that one
//!   group.
//! - `literal`: 4 a literal: span, its text (without quotes, prefix or suffix) in `text`, its
//!   kind (low byte; high byte: a raw string's `#` count), its suffix in `text` or `!0`;
//! - `punct`: 3: span, character, spacing (0 alone, 1 joint);
//! - `ident`: 3: span, text (without `r#`) in `text`, raw (0 or 1);
//! - `token_tree`: each child as `index << 2 | tag`, tag 0 group, 1 literal, 2 punct, 3 ident;
//!   a group's index is above its parent's.
//!
//! A span is a number of ours: [`DEF_SITE`], [`CALL_SITE`], [`MIXED_SITE`], and from
//! [`FIRST_INPUT`] on one per input token, so the output tells where each token came from.

use super::Hygiene;
use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

pub(crate) const DEF_SITE: u32 = 0;
pub(crate) const CALL_SITE: u32 = 1;
pub(crate) const MIXED_SITE: u32 = 2;
pub(crate) const FIRST_INPUT: u32 = 3;

const NONE: u32 = !0;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct FlatTree {
    subtree: Vec<u32>,
    literal: Vec<u32>,
    punct: Vec<u32>,
    ident: Vec<u32>,
    token_tree: Vec<u32>,
    text: Vec<String>,
}

/// Literal kinds as the protocol numbers them (rustc's `LitKind` order).
mod lit {
    pub const ERR: u8 = 0;
    pub const BYTE: u8 = 1;
    pub const CHAR: u8 = 2;
    pub const INTEGER: u8 = 3;
    pub const FLOAT: u8 = 4;
    pub const STR: u8 = 5;
    pub const STR_RAW: u8 = 6;
    pub const BYTE_STR: u8 = 7;
    pub const BYTE_STR_RAW: u8 = 8;
    pub const C_STR: u8 = 9;
    pub const C_STR_RAW: u8 = 10;
}

/// Writes streams as flat trees, numbering input tokens' spans across all of a request's
/// streams (a call's input and its attribute).
#[derive(Default)]
pub(crate) struct Encoder {
    /// The span of the input token numbered `FIRST_INPUT + i`.
    spans: Vec<Span>,
}

impl Encoder {
    pub(crate) fn encode(&mut self, stream: &TokenStream) -> FlatTree {
        let mut tree = FlatTree::default();
        let mut strings: HashMap<String, u32> = HashMap::new();
        let mut intern = |tree: &mut FlatTree, text: &str| -> u32 {
            *strings.entry(text.to_string()).or_insert_with(|| {
                tree.text.push(text.to_string());
                (tree.text.len() - 1) as u32
            })
        };
        tree.subtree.extend([CALL_SITE, CALL_SITE, 0, 0, 0]);
        // Breadth first: each group's children take one contiguous range of `token_tree`,
        // and its nested groups get higher indexes than itself.
        let mut queue = std::collections::VecDeque::from([(0usize, stream.clone())]);
        while let Some((index, stream)) = queue.pop_front() {
            let children: Vec<TokenTree> = stream.into_iter().collect();
            let lo = tree.token_tree.len() as u32;
            tree.subtree[index * 5 + 3] = lo;
            tree.subtree[index * 5 + 4] = lo + children.len() as u32;
            for child in children {
                let tagged = match child {
                    TokenTree::Group(group) => {
                        let at = tree.subtree.len() / 5;
                        let open = self.span_id(group.span_open());
                        let close = self.span_id(group.span_close());
                        let delimiter = match group.delimiter() {
                            Delimiter::None => 0,
                            Delimiter::Parenthesis => 1,
                            Delimiter::Brace => 2,
                            Delimiter::Bracket => 3,
                        };
                        tree.subtree.extend([open, close, delimiter, 0, 0]);
                        queue.push_back((at, group.stream()));
                        (at as u32) << 2
                    }
                    TokenTree::Literal(literal) => {
                        let at = tree.literal.len() / 4;
                        let id = self.span_id(literal.span());
                        let repr = literal.to_string();
                        let (kind, hashes, symbol, suffix) = split_literal(&repr);
                        let symbol = intern(&mut tree, symbol);
                        let suffix = if suffix.is_empty() {
                            NONE
                        } else {
                            intern(&mut tree, suffix)
                        };
                        let kind = u32::from(kind) | u32::from(hashes) << 8;
                        tree.literal.extend([id, symbol, kind, suffix]);
                        (at as u32) << 2 | 1
                    }
                    TokenTree::Punct(punct) => {
                        let at = tree.punct.len() / 3;
                        let id = self.span_id(punct.span());
                        let joint = u32::from(punct.spacing() == Spacing::Joint);
                        tree.punct.extend([id, punct.as_char() as u32, joint]);
                        (at as u32) << 2 | 2
                    }
                    TokenTree::Ident(ident) => {
                        let at = tree.ident.len() / 3;
                        let id = self.span_id(ident.span());
                        let repr = ident.to_string();
                        let (raw, text) = match repr.strip_prefix("r#") {
                            Some(text) => (1, text),
                            None => (0, repr.as_str()),
                        };
                        let text = intern(&mut tree, text);
                        tree.ident.extend([id, text, raw]);
                        (at as u32) << 2 | 3
                    }
                };
                tree.token_tree.push(tagged);
            }
        }
        tree
    }

    fn span_id(&mut self, span: Span) -> u32 {
        self.spans.push(span);
        FIRST_INPUT + self.spans.len() as u32 - 1
    }

    /// Reads a flat tree the server answered, or says what is wrong with it.
    pub(crate) fn decode(&self, tree: &FlatTree) -> Result<(TokenStream, Vec<Hygiene>), String> {
        let subtrees = chunks::<5>(&tree.subtree, "subtree")?;
        let literals = chunks::<4>(&tree.literal, "literal")?;
        let puncts = chunks::<3>(&tree.punct, "punct")?;
        let idents = chunks::<3>(&tree.ident, "ident")?;
        let text = |index: u32| -> Result<&str, String> {
            tree.text
                .get(index as usize)
                .map(String::as_str)
                .ok_or_else(|| format!("text {index} of {}", tree.text.len()))
        };
        if subtrees.is_empty() {
            return Err("no token tree".into());
        }
        // Built from the last group to the first: a group's children, all above it, are done.
        let mut built: Vec<Option<(TokenStream, Vec<Hygiene>)>> = vec![None; subtrees.len()];
        for index in (0..subtrees.len()).rev() {
            let [_, _, _, lo, hi] = subtrees[index];
            let children = tree
                .token_tree
                .get(lo as usize..hi as usize)
                .ok_or_else(|| format!("children {lo}..{hi} of {}", tree.token_tree.len()))?;
            let mut tokens = Vec::with_capacity(children.len());
            let mut hygiene = Vec::new();
            for &tagged in children {
                let at = (tagged >> 2) as usize;
                let token = match tagged & 3 {
                    0 => {
                        if at <= index {
                            return Err(format!("group {index} contains group {at}"));
                        }
                        let (stream, inner) = built[at]
                            .take()
                            .ok_or_else(|| format!("group {at} is used twice"))?;
                        hygiene.extend(inner);
                        TokenTree::Group(self.group(subtrees[at], stream)?)
                    }
                    1 => {
                        let &[id, symbol, kind, suffix] = literals
                            .get(at)
                            .ok_or_else(|| format!("literal {at} of {}", literals.len()))?;
                        let suffix = if suffix == NONE { "" } else { text(suffix)? };
                        let repr = join_literal(kind, text(symbol)?, suffix)?;
                        let mut literal: Literal = repr
                            .parse()
                            .map_err(|_| format!("`{repr}` is not a literal"))?;
                        literal.set_span(self.span(id)?.0);
                        TokenTree::Literal(literal)
                    }
                    2 => {
                        let &[id, ch, joint] = puncts
                            .get(at)
                            .ok_or_else(|| format!("punct {at} of {}", puncts.len()))?;
                        let mut punct = Punct::new(punct_char(ch)?, spacing(joint)?);
                        punct.set_span(self.span(id)?.0);
                        TokenTree::Punct(punct)
                    }
                    _ => {
                        let &[id, symbol, raw] = idents
                            .get(at)
                            .ok_or_else(|| format!("ident {at} of {}", idents.len()))?;
                        let (span, of) = self.span(id)?;
                        let mut ident = ident(text(symbol)?, raw)?;
                        ident.set_span(span);
                        hygiene.push(of);
                        TokenTree::Ident(ident)
                    }
                };
                tokens.push(token);
            }
            built[index] = Some((tokens.into_iter().collect(), hygiene));
        }
        let (stream, hygiene) = built[0].take().unwrap_or_default();
        let [_, _, delimiter, _, _] = subtrees[0];
        if delimiter == 0 {
            Ok((stream, hygiene))
        } else {
            let group = self.group(subtrees[0], stream)?;
            Ok((TokenStream::from(TokenTree::Group(group)), hygiene))
        }
    }

    fn group(
        &self,
        [open, _, delimiter, _, _]: [u32; 5],
        stream: TokenStream,
    ) -> Result<Group, String> {
        let delimiter = match delimiter {
            0 => Delimiter::None,
            1 => Delimiter::Parenthesis,
            2 => Delimiter::Brace,
            3 => Delimiter::Bracket,
            other => return Err(format!("delimiter {other}")),
        };
        let mut group = Group::new(delimiter, stream);
        group.set_span(self.span(open)?.0);
        Ok(group)
    }

    /// The span for a token of the output with span number `id`, and its hygiene.
    fn span(&self, id: u32) -> Result<(Span, Hygiene), String> {
        Ok(match id {
            DEF_SITE => (Span::call_site(), Hygiene::DefSite),
            CALL_SITE => (Span::call_site(), Hygiene::CallSite),
            MIXED_SITE => (Span::call_site(), Hygiene::MixedSite),
            _ => match self.spans.get((id - FIRST_INPUT) as usize) {
                Some(&span) => (span, Hygiene::Input),
                None => return Err(format!("span {id}, which no token of ours had")),
            },
        })
    }
}

/// `numbers` as rows of `N`, if it divides into them.
fn chunks<const N: usize>(numbers: &[u32], what: &str) -> Result<Vec<[u32; N]>, String> {
    if !numbers.len().is_multiple_of(N) {
        return Err(format!("{} numbers for {what}s of {N}", numbers.len()));
    }
    Ok(numbers
        .chunks_exact(N)
        .map(|row| std::array::from_fn(|i| row[i]))
        .collect())
}

fn spacing(joint: u32) -> Result<Spacing, String> {
    match joint {
        0 => Ok(Spacing::Alone),
        1 => Ok(Spacing::Joint),
        other => Err(format!("spacing {other}")),
    }
}

/// The punctuation character numbered `ch`, if a `Punct` may be one (else `Punct::new` panics).
fn punct_char(ch: u32) -> Result<char, String> {
    match char::from_u32(ch) {
        Some(
            c @ ('!' | '#' | '$' | '%' | '&' | '\'' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';'
            | '<' | '=' | '>' | '?' | '@' | '^' | '|' | '~'),
        ) => Ok(c),
        _ => Err(format!("punctuation character {ch}")),
    }
}

/// The identifier `text` (`r#text` if `raw`), read by `proc_macro2`'s own lexer so that text
/// it would refuse is an error, not `Ident::new`'s panic.
fn ident(text: &str, raw: u32) -> Result<Ident, String> {
    let repr = match raw {
        0 => text.to_string(),
        1 => format!("r#{text}"),
        other => return Err(format!("ident rawness {other}")),
    };
    let mut tokens = repr.parse::<TokenStream>().ok().into_iter().flatten();
    match (tokens.next(), tokens.next()) {
        (Some(TokenTree::Ident(ident)), None) if ident == repr => Ok(ident),
        _ => Err(format!("`{repr}` is not an identifier")),
    }
}

/// A literal's source text from its parts: the protocol's kind number (with a raw string's
/// `#` count in its high byte), its text between quotes (or digits), and its suffix.
fn join_literal(kind: u32, symbol: &str, suffix: &str) -> Result<String, String> {
    let (base, hashes) = ((kind & 0xff) as u8, kind >> 8);
    let raw = matches!(base, lit::STR_RAW | lit::BYTE_STR_RAW | lit::C_STR_RAW);
    if hashes > 0xff || hashes != 0 && !raw {
        return Err(format!("literal kind {kind}"));
    }
    let hashes = "#".repeat(hashes as usize);
    let body = match base {
        // An error literal is only its text: read it as such, or fail with it.
        lit::ERR | lit::INTEGER | lit::FLOAT => symbol.to_string(),
        lit::BYTE => format!("b'{symbol}'"),
        lit::CHAR => format!("'{symbol}'"),
        lit::STR => format!("\"{symbol}\""),
        lit::STR_RAW => format!("r{hashes}\"{symbol}\"{hashes}"),
        lit::BYTE_STR => format!("b\"{symbol}\""),
        lit::BYTE_STR_RAW => format!("br{hashes}\"{symbol}\"{hashes}"),
        lit::C_STR => format!("c\"{symbol}\""),
        lit::C_STR_RAW => format!("cr{hashes}\"{symbol}\"{hashes}"),
        _ => return Err(format!("literal kind {kind}")),
    };
    Ok(body + suffix)
}

/// A literal as the protocol has it: kind, raw string's `#` count, the text between the quotes
/// (or the number, sign included), and the suffix.
type Parts<'a> = (u8, u8, &'a str, &'a str);

/// A literal's source text in the protocol's parts. Text no Rust lexer reads as one
/// literal (only `Literal::from_str_unchecked` makes it) goes whole, as an error literal.
fn split_literal(repr: &str) -> Parts<'_> {
    let quoted = |prefix: usize, quote: char, kind: u8| {
        let close = repr.rfind(quote).filter(|&c| c >= prefix)?;
        Some((kind, 0, &repr[prefix..close], &repr[close + 1..]))
    };
    let raw = |prefix: usize, kind: u8| {
        let hashes = repr[prefix..].bytes().take_while(|&b| b == b'#').count();
        let open = prefix + hashes;
        if repr.as_bytes().get(open) != Some(&b'"') {
            return None;
        }
        let close = repr.rfind('"').filter(|&c| c > open)?;
        let after = &repr[close + 1..];
        let suffix = after
            .get(hashes..)
            .filter(|_| after.bytes().take(hashes).all(|b| b == b'#'))?;
        Some((
            kind,
            u8::try_from(hashes).ok()?,
            &repr[open + 1..close],
            suffix,
        ))
    };
    let bytes = repr.as_bytes();
    let found = match (bytes.first(), bytes.get(1)) {
        (Some(b'"'), _) => quoted(1, '"', lit::STR),
        (Some(b'\''), _) => quoted(1, '\'', lit::CHAR),
        (Some(b'r'), _) => raw(1, lit::STR_RAW),
        (Some(b'b'), Some(b'"')) => quoted(2, '"', lit::BYTE_STR),
        (Some(b'b'), Some(b'\'')) => quoted(2, '\'', lit::BYTE),
        (Some(b'b'), Some(b'r')) => raw(2, lit::BYTE_STR_RAW),
        (Some(b'c'), Some(b'"')) => quoted(2, '"', lit::C_STR),
        (Some(b'c'), Some(b'r')) => raw(2, lit::C_STR_RAW),
        (Some(b'-' | b'0'..=b'9'), _) => number(repr),
        _ => None,
    };
    found.unwrap_or((lit::ERR, 0, repr, ""))
}

/// A number's kind and where its suffix starts, as rustc's lexer splits them: `1f32` is an
/// integer with suffix `f32`, `1e3f32` a float, `0x1f32` an integer without suffix.
fn number(repr: &str) -> Option<Parts<'_>> {
    let bytes = repr.as_bytes();
    let start = usize::from(bytes.first() == Some(&b'-'));
    let digits = |from: usize, hex: bool| {
        from + bytes[from..]
            .iter()
            .take_while(|&&b| b == b'_' || b.is_ascii_digit() || hex && b.is_ascii_hexdigit())
            .count()
    };
    let based =
        bytes.get(start) == Some(&b'0') && matches!(bytes.get(start + 1), Some(b'x' | b'o' | b'b'));
    let (end, float) = if based {
        (digits(start + 2, bytes[start + 1] == b'x'), false)
    } else {
        let mut end = digits(start, false);
        let mut float = false;
        // `1.` and `1.5` are floats; `1..2` and `1.max(2)` are not one literal.
        if bytes.get(end) == Some(&b'.')
            && !matches!(
                bytes.get(end + 1),
                Some(b'.' | b'_' | b'a'..=b'z' | b'A'..=b'Z')
            )
        {
            float = true;
            end = digits(end + 1, false);
        }
        if matches!(bytes.get(end), Some(b'e' | b'E')) {
            let sign = usize::from(matches!(bytes.get(end + 1), Some(b'+' | b'-')));
            let exponent = digits(end + 1 + sign, false);
            if bytes[end + 1 + sign..exponent]
                .iter()
                .any(u8::is_ascii_digit)
            {
                float = true;
                end = exponent;
            }
        }
        (end, float)
    };
    if end == start {
        return None;
    }
    let kind = if float { lit::FLOAT } else { lit::INTEGER };
    Some((kind, 0, &repr[..end], &repr[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> TokenStream {
        text.parse().unwrap()
    }

    /// A tree as the protocol's description spells it, for `struct r#Foo "a"@{[0u32]}`:
    /// written by hand, not by the encoder.
    fn by_hand() -> FlatTree {
        FlatTree {
            // The stream (no delimiter, 5 children), `{..}` (1 child), `[..]` (1 child).
            subtree: vec![1, 1, 0, 0, 5, 7, 8, 2, 5, 6, 9, 10, 3, 6, 7],
            literal: vec![
                5,
                2,
                u32::from(lit::STR),
                !0,
                11,
                3,
                u32::from(lit::INTEGER),
                4,
            ],
            punct: vec![6, '@' as u32, 0],
            ident: vec![3, 0, 0, 4, 1, 1],
            token_tree: vec![3, 3 | 1 << 2, 1, 2, 1 << 2, 2 << 2, 1 | 1 << 2],
            text: ["struct", "Foo", "a", "0", "u32"]
                .map(String::from)
                .to_vec(),
        }
    }

    #[test]
    fn encodes_as_the_protocol_describes() {
        let mut encoder = Encoder::default();
        let tree = encoder.encode(&tokens(r#"struct r#Foo "a"@{[0u32]}"#));
        assert_eq!(tree, by_hand());
    }

    #[test]
    fn decodes_a_tree_written_by_hand() {
        let mut encoder = Encoder::default();
        // Nine input tokens numbered 3..=11 (each group has two), as `by_hand` uses them.
        encoder.encode(&tokens(r#"struct r#Foo "a"@{[0u32]}"#));
        let mut tree = by_hand();
        tree.punct[2] = 1;
        let (stream, hygiene) = encoder.decode(&tree).unwrap();
        assert_eq!(stream.to_string(), r#"struct r#Foo "a" @{ [0u32] }"#);
        assert_eq!(hygiene, [Hygiene::Input, Hygiene::Input]);
        let mut punct = stream.into_iter().nth(3);
        let Some(TokenTree::Punct(at)) = punct.take() else {
            panic!("the fourth token is `@`");
        };
        assert_eq!(at.spacing(), Spacing::Joint);
    }

    /// Each literal's parts as rustc's lexer splits them (kind, `#`s, text, suffix).
    #[test]
    fn literals_split_as_rustc_lexes_them() {
        let cases: &[(&str, Parts)] = &[
            (r#""a\"b""#, (lit::STR, 0, r#"a\"b"#, "")),
            (r#""s"suffix"#, (lit::STR, 0, "s", "suffix")),
            (
                r##"r#"raw "quoted""#"##,
                (lit::STR_RAW, 1, r#"raw "quoted""#, ""),
            ),
            (r#"r"plain""#, (lit::STR_RAW, 0, "plain", "")),
            (r#"b"bytes\n""#, (lit::BYTE_STR, 0, r"bytes\n", "")),
            (r###"br##"x"##"###, (lit::BYTE_STR_RAW, 2, "x", "")),
            (r#"c"cee""#, (lit::C_STR, 0, "cee", "")),
            (r##"cr#"cee"#"##, (lit::C_STR_RAW, 1, "cee", "")),
            ("'a'", (lit::CHAR, 0, "a", "")),
            (r"'\''", (lit::CHAR, 0, r"\'", "")),
            ("b'q'", (lit::BYTE, 0, "q", "")),
            ("1u8", (lit::INTEGER, 0, "1", "u8")),
            ("1_000i64", (lit::INTEGER, 0, "1_000", "i64")),
            ("1f32", (lit::INTEGER, 0, "1", "f32")),
            ("0x1f32", (lit::INTEGER, 0, "0x1f32", "")),
            ("0xffu8", (lit::INTEGER, 0, "0xff", "u8")),
            ("0b1010_u16", (lit::INTEGER, 0, "0b1010_", "u16")),
            ("-7i32", (lit::INTEGER, 0, "-7", "i32")),
            ("1.5", (lit::FLOAT, 0, "1.5", "")),
            ("1.", (lit::FLOAT, 0, "1.", "")),
            ("-0.5", (lit::FLOAT, 0, "-0.5", "")),
            ("1e3f32", (lit::FLOAT, 0, "1e3", "f32")),
            ("2.5E-3_f64", (lit::FLOAT, 0, "2.5E-3_", "f64")),
        ];
        for &(repr, expected) in cases {
            assert_eq!(split_literal(repr), expected, "{repr}");
        }
    }

    /// Through the encoder and back, as the server gives an input back untouched: the same
    /// text, token for token, every identifier from the input.
    #[test]
    fn tricky_tokens_round_trip() {
        let text = concat!(
            r####"r"raw" r#"one "hash""# br##"x"## b"bytes\x00" c"cee" cr#"c"# 'c' '\'' b'q' "####,
            r#""s\"q" "suffixed"x 1u8 1f32 0x1f32 1e3f32 2.5E-3_f64 1_000 1. "#,
            "'a 'static <'a> a::b->c => x>>=y && || ..= r#type r#fn _ é $x #[attr] ",
            "(a, [b; 2], {c}) /// doc\n fn f() {}",
        );
        let input = tokens(text);
        let mut encoder = Encoder::default();
        let tree = encoder.encode(&input);
        let (output, hygiene) = encoder.decode(&tree).unwrap();
        assert_eq!(output.to_string(), input.to_string());
        assert_eq!(hygiene.len(), count_idents(&input));
        assert!(hygiene.iter().all(|&h| h == Hygiene::Input));
        assert_eq!(spacings(&output), spacings(&input));
    }

    /// Tokens no source text spells: negative literals and `None`-delimited groups.
    #[test]
    fn made_tokens_round_trip() {
        let made: TokenStream = [
            TokenTree::Literal(Literal::i32_suffixed(-7)),
            TokenTree::Literal(Literal::f64_unsuffixed(-0.5)),
            TokenTree::Group(Group::new(Delimiter::None, tokens("a + 1"))),
            TokenTree::Ident(Ident::new_raw("match", Span::call_site())),
        ]
        .into_iter()
        .collect();
        let mut encoder = Encoder::default();
        let tree = encoder.encode(&made);
        let (output, _) = encoder.decode(&tree).unwrap();
        // `proc_macro2` keeps a negative literal in a stream as `-` and the literal.
        let trees: Vec<String> = output.clone().into_iter().map(|t| t.to_string()).collect();
        assert_eq!(trees, ["-", "7i32", "-", "0.5", "a + 1", "r#match"]);
        let Some(TokenTree::Group(group)) = output.into_iter().nth(4) else {
            panic!("the fifth token is the group");
        };
        assert_eq!(group.delimiter(), Delimiter::None);
    }

    #[test]
    fn a_delimited_root_is_one_group() {
        let mut tree = by_hand();
        tree.subtree[2] = 2; // the stream braced: `{ struct .. }`
        let mut encoder = Encoder::default();
        encoder.encode(&tokens(r#"struct r#Foo "a"@{[0u32]}"#));
        let (stream, _) = encoder.decode(&tree).unwrap();
        assert_eq!(stream.into_iter().count(), 1);
    }

    #[test]
    fn spans_tell_hygiene_and_keep_input_locations() {
        let input = tokens("\n  first");
        let mut encoder = Encoder::default();
        encoder.encode(&input);
        let tree = FlatTree {
            subtree: vec![CALL_SITE, CALL_SITE, 0, 0, 4],
            ident: vec![
                DEF_SITE,
                0,
                0,
                CALL_SITE,
                1,
                0,
                MIXED_SITE,
                2,
                0,
                FIRST_INPUT,
                3,
                0,
            ],
            token_tree: vec![3, 1 << 2 | 3, 2 << 2 | 3, 3 << 2 | 3],
            text: ["d", "c", "m", "first"].map(String::from).to_vec(),
            ..FlatTree::default()
        };
        let (stream, hygiene) = encoder.decode(&tree).unwrap();
        use Hygiene::*;
        assert_eq!(hygiene, [DefSite, CallSite, MixedSite, Input]);
        let last = stream.into_iter().last().unwrap();
        assert_eq!(last.span().start().line, 2);
        assert_eq!(last.span().start().column, 2);
    }

    /// Broken trees are errors, never a panic or a guess.
    #[test]
    fn malformed_trees_are_errors() {
        let mut encoder = Encoder::default();
        encoder.encode(&tokens(r#"struct r#Foo "a"@{[0u32]}"#));
        type Break = fn(&mut FlatTree);
        let broken: &[(&str, Break)] = &[
            ("no root", |t| t.subtree.clear()),
            ("uneven rows", |t| t.punct.push(0)),
            ("range out of bounds", |t| t.subtree[4] = 99),
            ("range reversed", |t| t.subtree[3] = 6),
            ("group contains itself", |t| t.token_tree[4] = 0),
            ("group used twice", |t| t.token_tree[3] = 1 << 2),
            ("missing leaf", |t| t.token_tree[0] = 9 << 2 | 3),
            ("missing text", |t| t.ident[1] = 40),
            ("unknown span", |t| t.ident[0] = 500),
            ("bad delimiter", |t| t.subtree[7] = 4),
            ("bad spacing", |t| t.punct[2] = 2),
            ("letter as punct", |t| t.punct[1] = 'a' as u32),
            ("no char", |t| t.punct[1] = 0xD800),
            ("bad rawness", |t| t.ident[2] = 2),
            ("number as ident", |t| t.text[0] = "1x".into()),
            ("two idents in one", |t| t.text[0] = "a b".into()),
            ("raw self", |t| t.text[1] = "self".into()),
            ("bad literal kind", |t| t.literal[2] = 11),
            ("hashes on a plain string", |t| t.literal[2] |= 1 << 8),
            ("too many hashes", |t| t.literal[2] = 6 | 300 << 8),
            ("unclosed string", |t| t.text[2] = "a\"".into()),
        ];
        for (what, breaks) in broken {
            let mut tree = by_hand();
            breaks(&mut tree);
            assert!(encoder.decode(&tree).is_err(), "{what}");
        }
    }

    fn count_idents(stream: &TokenStream) -> usize {
        stream
            .clone()
            .into_iter()
            .map(|token| match token {
                TokenTree::Ident(_) => 1,
                TokenTree::Group(g) => count_idents(&g.stream()),
                _ => 0,
            })
            .sum()
    }

    /// Each punctuation's spacing, depth first.
    fn spacings(stream: &TokenStream) -> Vec<(char, Spacing)> {
        let mut out = Vec::new();
        for token in stream.clone() {
            match token {
                TokenTree::Punct(p) => out.push((p.as_char(), p.spacing())),
                TokenTree::Group(g) => out.extend(spacings(&g.stream())),
                _ => {}
            }
        }
        out
    }
}
