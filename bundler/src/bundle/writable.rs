//! Library code that parses but that the bundle cannot write out, refused at its place once
//! reach has said what is kept: what prettyplease cannot print, a `macro_rules!` whose rules
//! are not `(..) => {..};`, a file module the one-file bundle cannot bring along.

use super::library::{Entry, Library};
use super::reach::{Kept, Node};
use super::source::{LineStarts, Location, SourceError};
use super::tokens;
use proc_macro2::{Spacing, Span, TokenStream, TokenTree};
use syn::visit::Visit;

/// Fails on the first kept library item the bundle cannot write out: what prettyplease, which
/// writes it, cannot print (it panics), that is syntax syn keeps only as tokens (not valid
/// there, or not stable Rust) and a `macro_rules!` whose rules are not `(..) => {..};` one
/// after another; and a file module declared inside a block, whose file a one-file bundle
/// cannot bring along.
pub fn check_writable(lib: &Library, kept: &Kept) -> Result<(), SourceError> {
    for node in &kept.nodes {
        let Node::Item(id) = *node else { continue };
        let module = lib.module(id.module);
        let Entry::Item(item) = lib.entry(id) else {
            continue;
        };
        let mut found = Unwritable {
            text: &module.text,
            found: None,
        };
        found.visit_item(item);
        if let Some((at, message)) = found.found {
            return Err(SourceError::Syntax {
                at: Location::of_offset(&module.file, &module.text, at),
                message,
            });
        }
    }
    Ok(())
}

/// Finds the first node [`check_writable`] refuses, in a tree read from `text`: its offset and
/// what is wrong.
struct Unwritable<'t> {
    text: &'t str,
    found: Option<(usize, String)>,
}

impl Unwritable<'_> {
    fn offset(&self, at: proc_macro2::LineColumn) -> usize {
        LineStarts::of(self.text).byte_at(self.text, at.line, at.column)
    }

    /// Records tokens syn could not read as syntax it models, if they are the first found.
    fn verbatim(&mut self, tokens: &TokenStream) {
        let mut spans = tokens.clone().into_iter().map(|t| t.span());
        let Some(first) = spans.next() else { return };
        let start = self.offset(first.start());
        let end = self.offset(spans.last().unwrap_or(first).end()).max(start);
        let written = &self.text[start..end];
        let line = written.lines().next().unwrap_or_default();
        let shown = if line.len() == written.len() && line.chars().count() <= 60 {
            line.to_string()
        } else {
            format!("{}…", line.chars().take(60).collect::<String>())
        };
        let message = format!(
            "`{shown}` is not Rust the bundler can write out (not valid here, or not stable Rust)"
        );
        self.found.get_or_insert((start, message));
    }
}

impl<'ast> Visit<'ast> for Unwritable<'_> {
    fn visit_item(&mut self, node: &'ast syn::Item) {
        match node {
            _ if self.found.is_some() => {}
            syn::Item::Verbatim(tokens) => self.verbatim(tokens),
            syn::Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                if let (Some(name), Some((span, expected))) = (&m.ident, bad_rule(&m.mac.tokens)) {
                    let message = format!("in `macro_rules! {name}`, expected {expected}");
                    self.found = Some((self.offset(span.start()), message));
                } else if let (Some(name), Some(span)) = (&m.ident, file_module_in(&m.mac.tokens)) {
                    let message = format!(
                        "`macro_rules! {name}` declares a file module (`mod name;`) in what it \
                         writes: the bundle would need to expand each call to bring that \
                         file along, which it does not do"
                    );
                    self.found = Some((self.offset(span.start()), message));
                }
            }
            // Module files are read for the modules of a module, not for those in a block.
            syn::Item::Mod(m) if m.content.is_none() => {
                let message = format!(
                    "file module `{}` declared inside a block, where the bundle cannot bring its \
                     file along; write its items here, `mod {} {{ .. }}`",
                    m.ident, m.ident
                );
                self.found = Some((self.offset(m.mod_token.span.start()), message));
            }
            _ => syn::visit::visit_item(self, node),
        }
    }

    fn visit_foreign_item(&mut self, node: &'ast syn::ForeignItem) {
        match node {
            syn::ForeignItem::Verbatim(tokens) => self.verbatim(tokens),
            _ => syn::visit::visit_foreign_item(self, node),
        }
    }

    fn visit_trait_item(&mut self, node: &'ast syn::TraitItem) {
        match node {
            syn::TraitItem::Verbatim(tokens) => self.verbatim(tokens),
            _ => syn::visit::visit_trait_item(self, node),
        }
    }

    fn visit_impl_item(&mut self, node: &'ast syn::ImplItem) {
        match node {
            syn::ImplItem::Verbatim(tokens) => self.verbatim(tokens),
            _ => syn::visit::visit_impl_item(self, node),
        }
    }

    fn visit_expr(&mut self, node: &'ast syn::Expr) {
        match node {
            syn::Expr::Verbatim(tokens) => self.verbatim(tokens),
            _ => syn::visit::visit_expr(self, node),
        }
    }

    fn visit_pat(&mut self, node: &'ast syn::Pat) {
        match node {
            syn::Pat::Verbatim(tokens) => self.verbatim(tokens),
            _ => syn::visit::visit_pat(self, node),
        }
    }

    fn visit_type(&mut self, node: &'ast syn::Type) {
        match node {
            syn::Type::Verbatim(tokens) => self.verbatim(tokens),
            _ => syn::visit::visit_type(self, node),
        }
    }

    fn visit_type_param_bound(&mut self, node: &'ast syn::TypeParamBound) {
        match node {
            syn::TypeParamBound::Verbatim(tokens) => self.verbatim(tokens),
            _ => syn::visit::visit_type_param_bound(self, node),
        }
    }
}

/// The `mod` of the first `mod $name;` in a `macro_rules!` body (safe_arch's `submodule!`
/// through nalgebra), or of a `mod name;` when the macro takes arguments: a module whose file
/// only a call's expansion names. (A macro with no `$` at all, libc's `prelude!`, is read as
/// the items it writes where it is called.)
fn file_module_in(rules: &TokenStream) -> Option<Span> {
    let takes_arguments = tokens::has_dollar(rules);
    file_module_in_tokens(rules, takes_arguments)
}

fn file_module_in_tokens(stream: &TokenStream, literal_too: bool) -> Option<Span> {
    let mut found = None;
    tokens::each_token(stream, &mut |tokens, i| {
        if let Some(declaration) = tokens::mod_declaration(tokens, i) {
            if found.is_none() && (declaration.name.is_none() || literal_too) {
                found = Some(declaration.keyword.span());
            }
        }
    });
    found
}

/// The first token of a `macro_rules!` body that breaks the `(..) => {..};` sequence of its
/// rules, and what was expected there. A sequence cut short at the end is printed as it is.
fn bad_rule(rules: &TokenStream) -> Option<(Span, &'static str)> {
    let punct = |token: &TokenTree, c: char, spacing: Spacing| match token {
        TokenTree::Punct(p) => p.as_char() == c && p.spacing() == spacing,
        _ => false,
    };
    // What each state expects: a matcher, `=>` (its two characters), an expansion, `;`.
    const EXPECTED: [&str; 5] = [
        "a rule, `(..) => {..}`",
        "`=>`",
        "`=>`",
        "the expansion, `{..}`",
        "`;` between rules",
    ];
    let mut state = 0;
    for token in rules.clone() {
        state = match state {
            0 | 3 if matches!(token, TokenTree::Group(_)) => state + 1,
            1 if punct(&token, '=', Spacing::Joint) => 2,
            2 if punct(&token, '>', Spacing::Alone) => 3,
            4 if punct(&token, ';', Spacing::Alone) => 0,
            _ => return Some((token.span(), EXPECTED[state])),
        };
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What prettyplease cannot print is found, where it starts, and nothing else: each case
    /// is also given to prettyplease, which must panic exactly on those found.
    #[test]
    fn what_prettyplease_cannot_print_is_found_at_its_place() {
        let cases = [
            (
                "pub fn f();\n",
                Some(
                    "0: `pub fn f();` is not Rust the bundler can write out (not valid here, or \
                      not stable Rust)",
                ),
            ),
            (
                "fn g() {\n    const ZERO: u8;\n}\n",
                Some(
                    "13: `const ZERO: u8;` is not Rust the bundler can write out (not valid \
                      here, or not stable Rust)",
                ),
            ),
            (
                "impl S {\n    fn f(&self);\n}\n",
                Some(
                    "13: `fn f(&self);` is not Rust the bundler can write out (not valid here, \
                      or not stable Rust)",
                ),
            ),
            (
                "macro_rules! m { (x) => {} junk }\n",
                Some("27: in `macro_rules! m`, expected `;` between rules"),
            ),
            (
                "macro_rules! m { (x) = > {} }\n",
                Some("21: in `macro_rules! m`, expected `=>`"),
            ),
            ("macro_rules! m { [x] => (); {} => {}; }\n", None),
            ("macro_rules! m { (x) }\n", None),
            ("fn f() -> impl Fn() + use<> { || {} }\n", None),
        ];
        for (source, expected) in cases {
            let file = syn::parse_file(source).unwrap();
            let mut found = Unwritable {
                text: source,
                found: None,
            };
            found.visit_file(&file);
            let found = found.found.map(|(at, message)| format!("{at}: {message}"));
            assert_eq!(found.as_deref(), expected, "{source}");
            let panicked = std::panic::catch_unwind(|| prettyplease::unparse(&file)).is_err();
            assert_eq!(panicked, expected.is_some(), "{source}");
        }
    }

    /// A module whose file is read where a bundle cannot read it is refused; one written out
    /// there is not.
    #[test]
    fn a_file_module_inside_a_block_is_refused() {
        let source = "fn f() {\n    #[path = \"a.rs\"]\n    mod a;\n    mod b {}\n}\n";
        let file = syn::parse_file(source).unwrap();
        let mut found = Unwritable {
            text: source,
            found: None,
        };
        found.visit_file(&file);
        assert_eq!(
            found.found,
            Some((
                source.find("mod a").unwrap(),
                "file module `a` declared inside a block, where the bundle cannot bring its file \
                 along; write its items here, `mod a { .. }`"
                    .to_string()
            ))
        );
    }
}
