//! Edition 2015 syntax that rustc's 2015 parser reads and syn does not: trait objects without
//! `dyn` whose `Fn` return type is followed by a bound (`Box<Fn(u64) -> u64 + 'static>`), and
//! trait methods with anonymous parameters (`fn area(&self, u64) -> u64;`). The text is
//! rewritten into what 2015 also reads with the same meaning (`dyn Fn(..)`, `_: u64`), by
//! insertions only, so every line keeps its number.
//!
//! Written by hand: syn has no 2015 mode, and rustc's parser is not a library.

use super::source::LineStarts;
use super::tokens::is_punct;
use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// `text` with the insertions made, or `None` when there is nothing to insert (or the text
/// does not lex).
pub fn rewrite(text: &str) -> Option<String> {
    let tokens: TokenStream = text.parse().ok()?;
    let mut inserts: Vec<(proc_macro2::LineColumn, &'static str)> = Vec::new();
    scan(tokens, &mut inserts);
    if inserts.is_empty() {
        return None;
    }
    let lines = LineStarts::of(text);
    let mut offsets: Vec<(usize, &str)> = inserts
        .into_iter()
        .map(|(at, what)| (lines.byte_at(text, at.line, at.column), what))
        .collect();
    offsets.sort();
    offsets.dedup();
    let mut out = String::with_capacity(text.len() + 8 * offsets.len());
    let mut done = 0;
    for (offset, what) in offsets {
        out.push_str(&text[done..offset]);
        out.push_str(what);
        done = offset;
    }
    out.push_str(&text[done..]);
    Some(out)
}

fn is_word(token: Option<&TokenTree>, word: &str) -> bool {
    matches!(token, Some(TokenTree::Ident(id)) if id == word)
}

/// Finds the insertions in `tokens` and every group inside.
fn scan(tokens: TokenStream, inserts: &mut Vec<(proc_macro2::LineColumn, &'static str)>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    // How many `<` are open at each token of this level (`->` and `=>` close none).
    let mut angles = 0usize;
    for (i, token) in tokens.iter().enumerate() {
        let before = i.checked_sub(1).map(|b| &tokens[b]);
        match token {
            TokenTree::Punct(p) if p.as_char() == '<' => angles += 1,
            TokenTree::Punct(p) if p.as_char() == '>' => {
                let arrow = matches!(before, Some(TokenTree::Punct(q)) if q.spacing() == Spacing::Joint && matches!(q.as_char(), '-' | '='));
                if !arrow {
                    angles = angles.saturating_sub(1);
                }
            }
            TokenTree::Ident(id)
                if matches!(id.to_string().as_str(), "Fn" | "FnMut" | "FnOnce")
                    && matches!(tokens.get(i + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis)
                    && is_object_position(&tokens, i, angles) =>
            {
                inserts.push((id.span().start(), "dyn "));
            }
            TokenTree::Ident(id) if id == "trait" => {
                // The trait's body: its first brace group.
                if let Some(TokenTree::Group(body)) = tokens[i + 1..]
                    .iter()
                    .find(|t| matches!(t, TokenTree::Group(g) if g.delimiter() == Delimiter::Brace))
                {
                    anonymous_parameters(body.stream(), inserts);
                }
            }
            TokenTree::Group(group) => scan(group.stream(), inserts),
            _ => {}
        }
    }
}

/// Whether the `Fn(..)` at `i` stands where a type does (after `&`, `&mut`, `&'a`, or as a
/// generic argument), not where a bound does (after `:`, `+`, `impl`, `dyn`).
fn is_object_position(tokens: &[TokenTree], i: usize, angles: usize) -> bool {
    let at = |back: usize| i.checked_sub(back).and_then(|b| tokens.get(b));
    match at(1) {
        Some(TokenTree::Punct(p)) if p.as_char() == '&' => true,
        Some(TokenTree::Punct(p)) if p.as_char() == '<' => true,
        Some(TokenTree::Punct(p)) if p.as_char() == ',' => angles > 0,
        // `&mut Fn`, `&'a Fn`, `&'a mut Fn`.
        Some(TokenTree::Ident(id)) if id == "mut" => {
            is_punct(at(2), '&') || is_punct(at(4), '&') && is_punct(at(3), '\'')
        }
        Some(TokenTree::Ident(_)) => is_punct(at(2), '\'') && is_punct(at(3), '&'),
        _ => false,
    }
}

/// In a trait's body, each `fn` parameter that is a type alone gets the name `_`.
fn anonymous_parameters(
    body: TokenStream,
    inserts: &mut Vec<(proc_macro2::LineColumn, &'static str)>,
) {
    let tokens: Vec<TokenTree> = body.into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        if !is_word(Some(token), "fn") {
            continue;
        }
        let Some(TokenTree::Group(params)) = tokens[i + 1..]
            .iter()
            .find(|t| matches!(t, TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis))
        else {
            continue;
        };
        let params: Vec<TokenTree> = params.stream().into_iter().collect();
        for chunk in split_parameters(&params) {
            let named = chunk.iter().enumerate().any(|(j, t)| {
                is_punct(Some(t), ':')
                    && !is_punct(chunk.get(j + 1), ':')
                    && !(j > 0 && is_punct(chunk.get(j - 1), ':'))
            });
            let is_self = chunk.iter().any(|t| is_word(Some(t), "self"));
            if !named && !is_self {
                if let Some(first) = chunk.first() {
                    inserts.push((first.span().start(), "_: "));
                }
            }
        }
    }
}

/// The parameters of a parameter list: its tokens split at commas outside `<..>`.
fn split_parameters(tokens: &[TokenTree]) -> Vec<&[TokenTree]> {
    let mut chunks = Vec::new();
    let (mut start, mut angles) = (0, 0usize);
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Punct(p) if p.as_char() == '<' => angles += 1,
            TokenTree::Punct(p) if p.as_char() == '>' => {
                let arrow = i > 0
                    && matches!(&tokens[i - 1], TokenTree::Punct(q) if q.spacing() == Spacing::Joint && q.as_char() == '-');
                if !arrow {
                    angles = angles.saturating_sub(1);
                }
            }
            TokenTree::Punct(p) if p.as_char() == ',' && angles == 0 => {
                chunks.push(&tokens[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    chunks.push(&tokens[start..]);
    chunks.retain(|c| !c.is_empty());
    chunks
}

#[cfg(test)]
mod tests {
    use super::rewrite;

    #[test]
    fn trait_objects_in_type_positions_get_dyn() {
        let text = "pub fn boxed(f: Box<Fn(u64) -> u64 + 'static>, g: &mut FnMut(u32) -> u32,\n\
                    h: &'a Fn(), k: &'a mut FnOnce(), m: HashMap<u8, Box<Fn()>>) {}";
        assert_eq!(
            rewrite(text).unwrap(),
            "pub fn boxed(f: Box<dyn Fn(u64) -> u64 + 'static>, g: &mut dyn FnMut(u32) -> u32,\n\
             h: &'a dyn Fn(), k: &'a mut dyn FnOnce(), m: HashMap<u8, Box<dyn Fn()>>) {}"
        );
        syn::parse_file(&rewrite(text).unwrap()).unwrap();
    }

    #[test]
    fn bounds_and_objects_with_dyn_are_left_alone() {
        for text in [
            "fn f<F: Fn(u64) -> u64, G>(f: F) where G: Clone + FnMut() {}",
            "fn g(f: &dyn Fn()) -> impl Fn() { || () }",
            "fn h<A, B: Fn()>(a: A, b: B) -> bool { 1 < 2 }",
            "trait T { fn named(&self, x: u64, (a, b): (u8, u8), y: Vec<std::string::String>); }",
        ] {
            assert_eq!(rewrite(text), None, "{text}");
        }
    }

    #[test]
    fn anonymous_trait_method_parameters_get_a_name() {
        let text = "pub trait Shape {\n    fn area(&self, u64) -> u64;\n    \
                    fn mix(&mut self, HashMap<u8, u8>, ::std::string::String, &[u8]) {}\n}\n\
                    fn free(x: u64) {}";
        let rewritten = rewrite(text).unwrap();
        assert_eq!(
            rewritten,
            "pub trait Shape {\n    fn area(&self, _: u64) -> u64;\n    \
             fn mix(&mut self, _: HashMap<u8, u8>, _: ::std::string::String, _: &[u8]) {}\n}\n\
             fn free(x: u64) {}"
        );
        syn::parse_file(&rewritten).unwrap();
        assert!(syn::parse_file(text).is_err(), "syn rejects the original");
    }
}
