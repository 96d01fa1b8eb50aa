//! The bundled crates' item-level calls of their own `macro_rules!` macros, written out.
//!
//! rustc's findings point at the code a macro writes only through the call: it can say that
//! a trait is never used, but not cut the impls `int_trait_impl!(Num for usize u8 ..)`
//! writes for twelve types when one is used. Written out, each impl is code of its own that
//! pruning can cut, and the call goes. Only what this module can match and write back as
//! items is expanded; a call it cannot expand stays a call.
//!
//! `macro_rules!` is matched as rustc matches it (rules in order, the first that matches
//! whole; repetitions greedy; fragments parsed as Rust's grammar parses them, here by syn),
//! with differences that cannot change an item-level expansion's meaning: an expression or
//! type handed to the macro is wrapped in parentheses where its precedence could differ once
//! it is text; `$crate` is the bundle's root, where every bundled crate's paths start; and
//! there is no hygiene, which only keeps a macro's local variables apart from the caller's,
//! while an item-level call has no locals for an argument to name. Written by hand: no maintained crate expands `macro_rules!` outside rustc.

use super::edits::Places;
use crate::bundle::Bundle;
use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use std::collections::{HashMap, HashSet};
use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned;

/// How deep expansions may call further macros before a call is left as it is: a macro
/// that walks a list of tuple arities recurses once per arity (num-traits' go to 20).
const MAX_DEPTH: usize = 32;

/// What a call writes, to decide whether to write it out.
pub(super) struct Written<'a> {
    /// The identifiers of the call's arguments.
    pub idents: &'a HashSet<String>,
    /// Whether it writes items compiled out on every judge (the crate's tests), which the
    /// call carries and its written-out code does not.
    pub compiled_out: bool,
    /// Whether it defines something (a type, trait, function, constant...) rather than
    /// only implementing: rustc's liveness judges a definition written out, never a call.
    pub defines: bool,
}

/// Writes out, in the bundled crates' code, each item-level call of a `macro_rules!` of the
/// same crate called by its bare name that `wanted` takes; how many calls were.
pub(super) fn write_out_calls(bundle: &mut Bundle, wanted: &dyn Fn(&Written) -> bool) -> usize {
    let Ok(file) = syn::parse_file(&bundle.text) else {
        return 0;
    };
    let places = Places::of(&bundle.text);
    let crate_at = |at: usize| bundle.crates.iter().position(|c| c.range.contains(&at));
    let mut macros: Vec<Macros> = bundle.crates.iter().map(|_| Macros::default()).collect();
    let mut calls = Vec::new();
    visit_macros(&file.items, &mut |m: &syn::ItemMacro| {
        let start = places.start(m.span());
        let Some(k) = crate_at(start) else {
            return;
        };
        match &m.ident {
            Some(name) if m.mac.path.is_ident("macro_rules") => {
                macros[k].define(&name.to_string(), &m.mac.tokens);
            }
            None if m.mac.path.get_ident().is_some() => calls.push((k, m.clone())),
            _ => {}
        }
    });
    let mut written = Vec::new();
    for (k, call) in calls {
        let name = call.mac.path.segments[0].ident.to_string();
        let Some(Expansion {
            mut items,
            compiled_out,
        }) = macros[k].expand(&name, &call.mac.tokens)
        else {
            continue;
        };
        let mut idents = HashSet::new();
        super::gated::identifiers(call.mac.tokens.clone(), &mut idents);
        let defines = items.iter().any(|i| {
            !matches!(
                i,
                syn::Item::Impl(_) | syn::Item::Macro(_) | syn::Item::Use(_)
            )
        });
        if !wanted(&Written {
            idents: &idents,
            compiled_out,
            defines,
        }) {
            continue;
        }
        for item in &mut items {
            with_attributes(item, &call.attrs);
        }
        let range = places.range(call.span());
        let line_start = bundle.text[..range.start].rfind('\n').map_or(0, |i| i + 1);
        let indent = &bundle.text[line_start..range.start];
        if !indent.trim().is_empty() {
            continue;
        }
        let text = prettyplease::unparse(&syn::File {
            shebang: None,
            attrs: Vec::new(),
            items,
        });
        let text: Vec<String> = text
            .lines()
            .map(|l| {
                if l.is_empty() {
                    String::new()
                } else {
                    format!("{indent}{l}")
                }
            })
            .collect();
        written.push((range, text.join("\n").trim_start().to_string()));
    }
    let count = written.len();
    for (range, text) in written.into_iter().rev() {
        bundle.replace(range, &text);
    }
    count
}

/// Calls `each` on every `macro_rules!` and item-level macro call of `items`, inside modules
/// too.
fn visit_macros(items: &[syn::Item], each: &mut dyn FnMut(&syn::ItemMacro)) {
    for item in items {
        match item {
            syn::Item::Macro(m) => each(m),
            syn::Item::Mod(m) => {
                if let Some((_, items)) = &m.content {
                    visit_macros(items, each);
                }
            }
            _ => {}
        }
    }
}

/// The items a call writes.
pub(super) struct Expansion {
    pub items: Vec<syn::Item>,
    /// Whether items compiled out on every judge were left out.
    pub compiled_out: bool,
}

/// One rule of a `macro_rules!`: what it matches and what it writes.
#[derive(Debug, Clone)]
struct Rule {
    matcher: Vec<Matcher>,
    transcriber: TokenStream,
}

/// A piece of a rule's matcher.
#[derive(Debug, Clone)]
enum Matcher {
    /// A token that must be there (a punctuation character, an identifier, a literal).
    Token(TokenTree),
    Group(Delimiter, Vec<Matcher>),
    /// `$name:kind`.
    Fragment(String, String),
    /// `$( .. ) sep op`.
    Repeat {
        inner: Vec<Matcher>,
        separator: Option<TokenTree>,
        op: char,
    },
}

/// What a variable matched: one fragment, or one per repetition.
#[derive(Debug, Clone)]
enum Matched {
    One(TokenStream),
    Many(Vec<Matched>),
}

/// The macros of one crate, by name, each with its rules.
#[derive(Debug, Default)]
pub(super) struct Macros {
    rules: HashMap<String, Vec<Rule>>,
}

impl Macros {
    /// Adds `macro_rules! name { .. }`; a name defined twice is not expanded (which
    /// definition a call means would depend on where it is).
    pub(super) fn define(&mut self, name: &str, body: &TokenStream) {
        match rules(body) {
            Some(rules) if !self.rules.contains_key(name) => {
                self.rules.insert(name.to_string(), rules);
            }
            _ => {
                self.rules.insert(name.to_string(), Vec::new());
            }
        }
    }

    /// The items a call of `name` with `arguments` writes, its own further calls of these
    /// macros written out too; `None` when it cannot be expanded here.
    pub(super) fn expand(&self, name: &str, arguments: &TokenStream) -> Option<Expansion> {
        let mut compiled_out = false;
        let items = self.expand_at(name, arguments, 0, &mut compiled_out)?;
        Some(Expansion {
            items,
            compiled_out,
        })
    }

    fn expand_at(
        &self,
        name: &str,
        arguments: &TokenStream,
        depth: usize,
        compiled_out: &mut bool,
    ) -> Option<Vec<syn::Item>> {
        let rules = self.rules.get(name).filter(|r| !r.is_empty())?;
        if depth >= MAX_DEPTH {
            return None;
        }
        let written = rules
            .iter()
            .find_map(|rule| transcribe(&rule.transcriber, &matches(&rule.matcher, arguments)?))?;
        let file: syn::File = syn::parse2(written).ok()?;
        if !file.attrs.is_empty() {
            return None;
        }
        let mut items = Vec::new();
        for item in file.items {
            if super::gated::compiled_out(crate::bundle::source::item_attrs(&item)) {
                *compiled_out = true;
                continue;
            }
            match &item {
                syn::Item::Macro(m) if m.ident.is_none() && self.knows(&m.mac.path) => {
                    let name = m.mac.path.segments.last()?.ident.to_string();
                    let inner = self.expand_at(&name, &m.mac.tokens, depth + 1, compiled_out)?;
                    items.extend(inner.into_iter().map(|mut i| {
                        with_attributes(&mut i, &m.attrs);
                        i
                    }));
                }
                _ => items.push(item),
            }
        }
        Some(items)
    }

    /// Whether `path` calls one of these macros (by a bare name, or from the crate's root).
    pub(super) fn knows(&self, path: &syn::Path) -> bool {
        let last = path.segments.last().map(|s| s.ident.to_string());
        let local =
            path.segments.len() == 1 || path.segments.first().is_some_and(|s| s.ident == "crate");
        local && last.is_some_and(|n| self.rules.get(&n).is_some_and(|r| !r.is_empty()))
    }
}

/// Puts a call's attributes (`#[cfg(..)]`, `#[allow(..)]`) on each item it wrote.
pub(super) fn with_attributes(item: &mut syn::Item, attrs: &[syn::Attribute]) {
    if let Some(own) = crate::bundle::source::item_attrs_mut(item) {
        let mut all = attrs.to_vec();
        all.append(own);
        *own = all;
    }
}

/// The rules of a `macro_rules!` body: `(matcher) => { transcriber };` ...
fn rules(body: &TokenStream) -> Option<Vec<Rule>> {
    let tokens: Vec<TokenTree> = body.clone().into_iter().collect();
    let mut rules = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let TokenTree::Group(matcher) = &tokens[i] else {
            return None;
        };
        let arrow = matches!((tokens.get(i + 1), tokens.get(i + 2)),
            (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b))) if a.as_char() == '=' && b.as_char() == '>');
        let Some(TokenTree::Group(transcriber)) = tokens.get(i + 3).filter(|_| arrow) else {
            return None;
        };
        rules.push(Rule {
            matcher: matcher_of(matcher.stream())?,
            transcriber: transcriber.stream(),
        });
        i += 4;
        if matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ';') {
            i += 1;
        }
    }
    Some(rules)
}

fn matcher_of(stream: TokenStream) -> Option<Vec<Matcher>> {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Punct(p) if p.as_char() == '$' => match tokens.get(i + 1) {
                Some(TokenTree::Ident(name)) => {
                    let colon = matches!(tokens.get(i + 2), Some(TokenTree::Punct(c)) if c.as_char() == ':');
                    let Some(TokenTree::Ident(kind)) = tokens.get(i + 3).filter(|_| colon) else {
                        return None;
                    };
                    out.push(Matcher::Fragment(name.to_string(), kind.to_string()));
                    i += 4;
                }
                Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                    let inner = matcher_of(g.stream())?;
                    let (separator, op, used) = repetition_tail(&tokens[i + 2..])?;
                    out.push(Matcher::Repeat {
                        inner,
                        separator,
                        op,
                    });
                    i += 2 + used;
                }
                _ => return None,
            },
            TokenTree::Group(g) => {
                out.push(Matcher::Group(g.delimiter(), matcher_of(g.stream())?));
                i += 1;
            }
            token => {
                out.push(Matcher::Token(token.clone()));
                i += 1;
            }
        }
    }
    Some(out)
}

/// After `$( .. )`: an optional separator and the operator; how many tokens they took.
fn repetition_tail(tokens: &[TokenTree]) -> Option<(Option<TokenTree>, char, usize)> {
    let op = |t: Option<&TokenTree>| match t {
        Some(TokenTree::Punct(p)) if matches!(p.as_char(), '*' | '+' | '?') => Some(p.as_char()),
        _ => None,
    };
    if let Some(op) = op(tokens.first()) {
        return Some((None, op, 1));
    }
    let separator = tokens.first()?.clone();
    Some((Some(separator), op(tokens.get(1))?, 2))
}

/// What `matcher` binds when it matches all of `arguments`.
fn matches(matcher: &[Matcher], arguments: &TokenStream) -> Option<HashMap<String, Matched>> {
    let parse = |input: ParseStream| {
        let mut bound = HashMap::new();
        match_all(matcher, input, &mut bound)?;
        if input.is_empty() {
            Ok(bound)
        } else {
            Err(input.error("tokens left"))
        }
    };
    parse.parse2(arguments.clone()).ok()
}

fn match_all(
    matcher: &[Matcher],
    input: ParseStream,
    bound: &mut HashMap<String, Matched>,
) -> syn::Result<()> {
    for m in matcher {
        match m {
            Matcher::Token(expected) => input.step(|cursor| match cursor.token_tree() {
                Some((found, rest)) if same_token(expected, &found) => Ok(((), rest)),
                _ => Err(cursor.error("another token")),
            })?,
            Matcher::Group(delimiter, inner) => {
                let content = input.step(|cursor| match cursor.token_tree() {
                    Some((TokenTree::Group(g), rest)) if g.delimiter() == *delimiter => {
                        Ok((g.stream(), rest))
                    }
                    _ => Err(cursor.error("another group")),
                })?;
                let parse = |inner_input: ParseStream| {
                    match_all(inner, inner_input, bound)?;
                    if inner_input.is_empty() {
                        Ok(())
                    } else {
                        Err(inner_input.error("tokens left"))
                    }
                };
                parse.parse2(content)?;
            }
            Matcher::Fragment(name, kind) => {
                let tokens = fragment(kind, input)?;
                bound.insert(name.clone(), Matched::One(tokens));
            }
            Matcher::Repeat {
                inner,
                separator,
                op,
            } => {
                let mut each: Vec<HashMap<String, Matched>> = Vec::new();
                loop {
                    if *op == '?' && !each.is_empty() || input.is_empty() {
                        break;
                    }
                    let fork = input.fork();
                    if !each.is_empty() {
                        if let Some(separator) = separator {
                            let taken = fork.step(|cursor| match cursor.token_tree() {
                                Some((found, rest)) if same_token(separator, &found) => {
                                    Ok(((), rest))
                                }
                                _ => Err(cursor.error("no separator")),
                            });
                            if taken.is_err() {
                                break;
                            }
                        }
                    }
                    let mut one = HashMap::new();
                    if match_all(inner, &fork, &mut one).is_err() || fork.cursor() == input.cursor()
                    {
                        break;
                    }
                    syn::parse::discouraged::Speculative::advance_to(input, &fork);
                    each.push(one);
                }
                if *op == '+' && each.is_empty() {
                    return Err(input.error("no repetition"));
                }
                for name in variables(inner) {
                    let all = each
                        .iter()
                        .map(|b| b.get(&name).cloned())
                        .collect::<Option<Vec<_>>>();
                    bound.insert(name, Matched::Many(all.unwrap_or_default()));
                }
            }
        }
    }
    Ok(())
}

fn variables(matcher: &[Matcher]) -> Vec<String> {
    let mut out = Vec::new();
    for m in matcher {
        match m {
            Matcher::Fragment(name, _) => out.push(name.clone()),
            Matcher::Group(_, inner) | Matcher::Repeat { inner, .. } => {
                out.extend(variables(inner))
            }
            Matcher::Token(_) => {}
        }
    }
    out
}

fn same_token(a: &TokenTree, b: &TokenTree) -> bool {
    match (a, b) {
        (TokenTree::Punct(a), TokenTree::Punct(b)) => a.as_char() == b.as_char(),
        (TokenTree::Ident(a), TokenTree::Ident(b)) => a == b,
        (TokenTree::Literal(a), TokenTree::Literal(b)) => a.to_string() == b.to_string(),
        _ => false,
    }
}

/// One fragment of `kind` taken from `input`, as tokens to write in its place.
fn fragment(kind: &str, input: ParseStream) -> syn::Result<TokenStream> {
    Ok(match kind {
        "tt" => input.step(|cursor| match cursor.token_tree() {
            Some((tt, rest)) => Ok((tt.into_token_stream(), rest)),
            None => Err(cursor.error("no token")),
        })?,
        "ident" => input
            .step(|cursor| match cursor.ident() {
                Some((ident, rest)) if ident != "_" => Ok((ident, rest)),
                _ => Err(cursor.error("no identifier")),
            })?
            .into_token_stream(),
        "lifetime" => input.parse::<syn::Lifetime>()?.into_token_stream(),
        "literal" => {
            let minus = input.peek(syn::Token![-]);
            let sign: Option<syn::Token![-]> = if minus { Some(input.parse()?) } else { None };
            let lit: syn::Lit = input.parse()?;
            quote::quote!(#sign #lit)
        }
        "ty" => {
            let ty: syn::Type = input.parse()?;
            match ty {
                syn::Type::TraitObject(_) | syn::Type::ImplTrait(_) => {
                    parenthesized(ty.into_token_stream())
                }
                _ => ty.into_token_stream(),
            }
        }
        "path" => input.parse::<syn::Path>()?.into_token_stream(),
        "expr" => {
            let expr: syn::Expr = input.parse()?;
            if needs_parentheses(&expr) {
                parenthesized(expr.into_token_stream())
            } else {
                expr.into_token_stream()
            }
        }
        "block" => input.parse::<syn::Block>()?.into_token_stream(),
        "item" => input.parse::<syn::Item>()?.into_token_stream(),
        "stmt" => input.parse::<syn::Stmt>()?.into_token_stream(),
        "pat" => syn::Pat::parse_multi_with_leading_vert(input)?.into_token_stream(),
        "pat_param" => syn::Pat::parse_single(input)?.into_token_stream(),
        "vis" => input.parse::<syn::Visibility>()?.into_token_stream(),
        "meta" => input.parse::<syn::Meta>()?.into_token_stream(),
        _ => return Err(input.error("unknown fragment")),
    })
}

/// Whether an expression handed to a macro could bind differently once written where the
/// macro puts it (`$e * 2` with `a + b`).
fn needs_parentheses(expr: &syn::Expr) -> bool {
    !matches!(
        expr,
        syn::Expr::Lit(_)
            | syn::Expr::Path(_)
            | syn::Expr::Paren(_)
            | syn::Expr::Call(_)
            | syn::Expr::MethodCall(_)
            | syn::Expr::Field(_)
            | syn::Expr::Index(_)
            | syn::Expr::Macro(_)
            | syn::Expr::Tuple(_)
            | syn::Expr::Array(_)
            | syn::Expr::Block(_)
    )
}

fn parenthesized(tokens: TokenStream) -> TokenStream {
    Group::new(Delimiter::Parenthesis, tokens).into_token_stream()
}

/// `transcriber` with every `$name` replaced by what it matched and every `$( .. )`
/// repeated; `None` when it uses a variable it has not, or repeats unevenly.
fn transcribe(transcriber: &TokenStream, bound: &HashMap<String, Matched>) -> Option<TokenStream> {
    let tokens: Vec<TokenTree> = transcriber.clone().into_iter().collect();
    let mut out = TokenStream::new();
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Punct(p) if p.as_char() == '$' => match tokens.get(i + 1) {
                Some(TokenTree::Ident(id)) if id == "crate" => {
                    out.extend([TokenTree::Ident(Ident::new("crate", id.span()))]);
                    i += 2;
                }
                Some(TokenTree::Ident(id)) => {
                    match bound.get(&id.to_string())? {
                        Matched::One(tokens) => out.extend(tokens.clone()),
                        Matched::Many(_) => return None,
                    }
                    i += 2;
                }
                Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                    let (separator, _, used) = repetition_tail(&tokens[i + 2..])?;
                    let times = repetitions(&g.stream(), bound)?;
                    for k in 0..times {
                        if k > 0 {
                            out.extend(separator.clone());
                        }
                        let mut at_k = bound.clone();
                        for (name, matched) in bound {
                            if let Matched::Many(all) = matched {
                                if let Some(one) = all.get(k) {
                                    at_k.insert(name.clone(), one.clone());
                                }
                            }
                        }
                        out.extend(transcribe(&g.stream(), &at_k)?);
                    }
                    i += 2 + used;
                }
                _ => {
                    out.extend([TokenTree::Punct(Punct::new('$', Spacing::Alone))]);
                    i += 1;
                }
            },
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), transcribe(&g.stream(), bound)?);
                group.set_span(g.span());
                out.extend([TokenTree::Group(group)]);
                i += 1;
            }
            token => {
                out.extend([token.clone()]);
                i += 1;
            }
        }
    }
    Some(out)
}

/// How many times a `$( .. )` of the transcriber repeats: the count of the repeated
/// variables it uses, which must agree.
fn repetitions(inner: &TokenStream, bound: &HashMap<String, Matched>) -> Option<usize> {
    let mut count = None;
    for name in used_variables(inner) {
        if let Some(Matched::Many(all)) = bound.get(&name) {
            match count {
                None => count = Some(all.len()),
                Some(c) if c != all.len() => return None,
                Some(_) => {}
            }
        }
    }
    count
}

fn used_variables(tokens: &TokenStream) -> Vec<String> {
    let tokens: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let mut out = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Punct(p) if p.as_char() == '$' => {
                if let Some(TokenTree::Ident(id)) = tokens.get(i + 1) {
                    out.push(id.to_string());
                }
            }
            TokenTree::Group(g) => out.extend(used_variables(&g.stream())),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(definition: &str, call: &str) -> Option<String> {
        let def: syn::ItemMacro = syn::parse_str(definition).unwrap();
        let name = def.ident.as_ref().unwrap().to_string();
        let mut macros = Macros::default();
        macros.define(&name, &def.mac.tokens);
        let call: syn::ItemMacro = syn::parse_str(call).unwrap();
        let items = macros.expand(&name, &call.mac.tokens)?.items;
        Some(prettyplease::unparse(&syn::File {
            shebang: None,
            attrs: Vec::new(),
            items,
        }))
    }

    #[test]
    fn repetitions_write_one_item_each() {
        let written = expanded(
            "macro_rules! zero { ($($t:ty),*) => { $(impl Zero for $t { fn zero() -> $t { 0 } })* }; }",
            "zero!(u8, u64);",
        )
        .unwrap();
        assert_eq!(
            written,
            "impl Zero for u8 {\n    fn zero() -> u8 {\n        0\n    }\n}\n\
             impl Zero for u64 {\n    fn zero() -> u64 {\n        0\n    }\n}\n"
        );
    }

    #[test]
    fn rules_are_tried_in_order_and_tokens_must_match() {
        let def = "macro_rules! pick { (one $i:ident) => { struct $i; }; ($i:ident, $j:ident) => { struct $i; struct $j; }; }";
        assert_eq!(expanded(def, "pick!(one A);").unwrap(), "struct A;\n");
        assert_eq!(
            expanded(def, "pick!(A, B);").unwrap(),
            "struct A;\nstruct B;\n"
        );
        assert_eq!(expanded(def, "pick!(A B C);"), None, "no rule matches");
    }

    #[test]
    fn an_expression_keeps_its_precedence() {
        let written = expanded(
            "macro_rules! twice { ($n:ident = $e:expr) => { const $n: u32 = $e * 2; }; }",
            "twice!(X = 1 + 2);",
        )
        .unwrap();
        assert_eq!(written, "const X: u32 = (1 + 2) * 2;\n");
    }

    #[test]
    fn calls_in_the_expansion_are_written_out_and_crate_starts_at_the_root() {
        let mut macros = Macros::default();
        for def in [
            "macro_rules! outer { ($($t:ident)*) => { $(inner!($t);)* }; }",
            "macro_rules! inner { ($t:ident) => { impl $crate::m::Tr for $t {} }; }",
        ] {
            let def: syn::ItemMacro = syn::parse_str(def).unwrap();
            macros.define(&def.ident.as_ref().unwrap().to_string(), &def.mac.tokens);
        }
        let call: syn::ItemMacro = syn::parse_str("outer!(A B);").unwrap();
        let items = macros.expand("outer", &call.mac.tokens).unwrap().items;
        let text = prettyplease::unparse(&syn::File {
            shebang: None,
            attrs: Vec::new(),
            items,
        });
        assert_eq!(
            text,
            "impl crate::m::Tr for A {}\nimpl crate::m::Tr for B {}\n"
        );
    }

    #[test]
    fn what_cannot_be_expanded_is_not() {
        let def = "macro_rules! odd { ($($a:ident)*; $($b:ident)*) => { $(struct $a $b;)* }; }";
        assert_eq!(expanded(def, "odd!(A B; C);"), None, "uneven repetition");
        let twice = "macro_rules! twice { () => { struct A; }; }";
        let mut macros = Macros::default();
        let def: syn::ItemMacro = syn::parse_str(twice).unwrap();
        macros.define("twice", &def.mac.tokens);
        macros.define("twice", &def.mac.tokens);
        assert!(
            macros.expand("twice", &TokenStream::new()).is_none(),
            "defined twice"
        );
    }
}
