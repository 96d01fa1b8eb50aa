//! What code under a `#[cfg]` the judge decides names: code compiled out here may be
//! compiled there (`#[cfg(windows)]` for Codeforces), so what it names must stay.

use std::collections::HashSet;

/// Which cfgs that rustc sets (and the engine leaves to the judge's compiler) are set on the
/// judge as here. Never `debug_assertions`: a bundle must also run as a contestant debugs it,
/// compiled without `-O`.
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::pipeline) struct Alike {
    /// `target_feature`: the judge's flags choose no CPU or features, and both it and this
    /// machine are x86, whose default features (fxsr, sse, sse2) both then have.
    pub target_features: bool,
}

/// Collects the identifiers of the nodes under a `#[cfg]`.
pub(super) struct Gated<'n> {
    pub(super) alike: Alike,
    pub(super) names: &'n mut HashSet<String>,
    /// The identifiers of the functions whose bodies branch on a `cfg!` the judge decides:
    /// both branches are checked here, but only one is generated.
    pub(super) branching: &'n mut HashSet<String>,
}

impl Gated<'_> {
    /// Whether `attrs` hold a `#[cfg]` only the judge decides; if so, `node`'s identifiers are
    /// taken.
    fn gated(&mut self, attrs: &[syn::Attribute], node: &dyn quote::ToTokens) -> bool {
        let gated = !compiled_alike(attrs, self.alike);
        if gated {
            identifiers(node.to_token_stream(), self.names);
        }
        gated
    }

    /// Whether `body` branches on a `cfg!` the judge decides; if so, its identifiers are
    /// taken as `branching`.
    fn asks(&mut self, body: &syn::Block) -> bool {
        let tokens = quote::ToTokens::to_token_stream(body);
        let asks = asks_judge(tokens.clone(), self.alike);
        if asks {
            identifiers(tokens, self.branching);
        }
        asks
    }
}

/// Whether `attrs` hold no `#[cfg]` the judge may decide otherwise: what they gate is
/// compiled here as on the judge.
pub(super) fn compiled_alike(attrs: &[syn::Attribute], alike: Alike) -> bool {
    attrs.iter().all(|a| {
        !a.path().is_ident("cfg")
            || a.meta
                .require_list()
                .is_ok_and(|list| is_alike(&list.tokens, alike))
    })
}

/// Whether a cfg predicate is the same here as on the judge: known on every judge, or made
/// only of cfgs [`Alike`] says are.
fn is_alike(predicate: &proc_macro2::TokenStream, alike: Alike) -> bool {
    use proc_macro2::TokenTree;
    if decided(predicate).is_some() {
        return true;
    }
    let tokens: Vec<TokenTree> = predicate.clone().into_iter().collect();
    match &tokens[..] {
        [TokenTree::Ident(id), TokenTree::Punct(eq), TokenTree::Literal(_)] => {
            eq.as_char() == '=' && id == "target_feature" && alike.target_features
        }
        [TokenTree::Ident(op), TokenTree::Group(args)]
            if op == "all" || op == "any" || op == "not" =>
        {
            split_commas(args.stream())
                .iter()
                .all(|p| is_alike(p, alike))
        }
        _ => false,
    }
}

/// Whether `tokens` hold a `cfg!(..)` the judge may decide otherwise: the code that branches
/// on it may run there and not here.
fn asks_judge(tokens: proc_macro2::TokenStream, alike: Alike) -> bool {
    let tokens: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
    tokens.iter().enumerate().any(|(i, t)| match t {
        proc_macro2::TokenTree::Ident(id) if id == "cfg" => matches!(
            (tokens.get(i + 1), tokens.get(i + 2)),
            (Some(proc_macro2::TokenTree::Punct(bang)), Some(proc_macro2::TokenTree::Group(p)))
                if bang.as_char() == '!' && !is_alike(&p.stream(), alike)
        ),
        proc_macro2::TokenTree::Group(g) => asks_judge(g.stream(), alike),
        _ => false,
    })
}

/// Whether `attrs` hold a `#[cfg]` false on every judge (an item a macro writes for the
/// crate's tests).
pub(super) fn compiled_out(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.meta
                .require_list()
                .is_ok_and(|list| decided(&list.tokens) == Some(false))
    })
}

/// The cfgs no judge sets: `test` (no judge builds a crate's tests) and those of tools no
/// judge runs.
const NEVER_SET: [&str; 6] = ["test", "miri", "doc", "doctest", "clippy", "rustfmt"];

/// What a cfg predicate is on every judge, when that is known without the judge: `all()`
/// is true, `any()` false, and each of [`NEVER_SET`] false. Code under a predicate known
/// either way is compiled here as there, or nowhere.
fn decided(predicate: &proc_macro2::TokenStream) -> Option<bool> {
    let tokens: Vec<proc_macro2::TokenTree> = predicate.clone().into_iter().collect();
    match &tokens[..] {
        [proc_macro2::TokenTree::Ident(id)] if NEVER_SET.iter().any(|n| id == n) => Some(false),
        [proc_macro2::TokenTree::Ident(op), proc_macro2::TokenTree::Group(args)] => {
            let parts: Vec<Option<bool>> =
                split_commas(args.stream()).iter().map(decided).collect();
            match op.to_string().as_str() {
                "all" if parts.contains(&Some(false)) => Some(false),
                "all" if parts.iter().all(|p| *p == Some(true)) => Some(true),
                "any" if parts.contains(&Some(true)) => Some(true),
                "any" if parts.iter().all(|p| *p == Some(false)) => Some(false),
                "not" if parts.len() == 1 => parts[0].map(|p| !p),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The comma-separated parts of a token stream.
fn split_commas(tokens: proc_macro2::TokenStream) -> Vec<proc_macro2::TokenStream> {
    let mut parts = vec![proc_macro2::TokenStream::new()];
    for token in tokens {
        match &token {
            proc_macro2::TokenTree::Punct(p) if p.as_char() == ',' => {
                parts.push(proc_macro2::TokenStream::new());
            }
            _ => parts
                .last_mut()
                .into_iter()
                .for_each(|part| part.extend([token.clone()])),
        }
    }
    parts.retain(|p| !p.is_empty());
    parts
}

/// In a macro's unparsed tokens: the identifiers of what follows each `#[cfg(..)]` only the
/// judge decides, up to the end of the item or statement it gates (its first `{..}` or `;`).
fn gated_in_tokens(tokens: proc_macro2::TokenStream, out: &mut HashSet<String>, alike: Alike) {
    let tokens: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        if let Some(predicate) = cfg_at(&tokens, i) {
            i += 2;
            if is_alike(&predicate, alike) {
                continue;
            }
            let end = gated_end(&tokens, i);
            for token in &tokens[i..end] {
                identifiers(token.clone().into(), out);
            }
            i = end;
            continue;
        }
        if let proc_macro2::TokenTree::Group(g) = &tokens[i] {
            gated_in_tokens(g.stream(), out, alike);
        }
        i += 1;
    }
}

/// Where what a `#[cfg]` gates, starting at `tokens[from]`, ends: after its first `{..}` or
/// `;`.
fn gated_end(tokens: &[proc_macro2::TokenTree], from: usize) -> usize {
    let ends = |token: &proc_macro2::TokenTree| match token {
        proc_macro2::TokenTree::Group(g) => g.delimiter() == proc_macro2::Delimiter::Brace,
        proc_macro2::TokenTree::Punct(p) => p.as_char() == ';',
        _ => false,
    };
    tokens[from..]
        .iter()
        .position(ends)
        .map_or(tokens.len(), |at| from + at + 1)
}

/// How many tokens from `tokens[i]` on are a `#[cfg(..)]` false on every judge (`any()`,
/// as the engine writes one it decided) and what it gates; 0 when none starts there.
pub(super) fn compiled_out_at(tokens: &[proc_macro2::TokenTree], i: usize) -> usize {
    match cfg_at(tokens, i) {
        Some(predicate) if decided(&predicate) == Some(false) => gated_end(tokens, i + 2) - i,
        _ => 0,
    }
}

/// The predicate of `#[cfg(..)]` starting at `tokens[i]`.
fn cfg_at(tokens: &[proc_macro2::TokenTree], i: usize) -> Option<proc_macro2::TokenStream> {
    let (proc_macro2::TokenTree::Punct(hash), Some(proc_macro2::TokenTree::Group(attr))) =
        (&tokens[i], tokens.get(i + 1))
    else {
        return None;
    };
    if hash.as_char() != '#' || attr.delimiter() != proc_macro2::Delimiter::Bracket {
        return None;
    }
    let inner: Vec<proc_macro2::TokenTree> = attr.stream().into_iter().collect();
    match &inner[..] {
        [proc_macro2::TokenTree::Ident(cfg), proc_macro2::TokenTree::Group(p)] if cfg == "cfg" => {
            Some(p.stream())
        }
        _ => None,
    }
}

pub(super) fn identifiers(tokens: proc_macro2::TokenStream, out: &mut HashSet<String>) {
    for token in tokens {
        match token {
            proc_macro2::TokenTree::Ident(id) => {
                out.insert(id.to_string());
            }
            proc_macro2::TokenTree::Group(g) => identifiers(g.stream(), out),
            _ => {}
        }
    }
}

impl<'ast> syn::visit::Visit<'ast> for Gated<'_> {
    fn visit_item(&mut self, node: &'ast syn::Item) {
        if !self.gated(crate::bundle::source::item_attrs(node), node) {
            syn::visit::visit_item(self, node);
        }
    }

    fn visit_impl_item(&mut self, node: &'ast syn::ImplItem) {
        let attrs = match node {
            syn::ImplItem::Fn(f) => &f.attrs,
            syn::ImplItem::Const(c) => &c.attrs,
            syn::ImplItem::Type(t) => &t.attrs,
            syn::ImplItem::Macro(m) => &m.attrs,
            _ => return syn::visit::visit_impl_item(self, node),
        };
        if !self.gated(attrs, node) {
            syn::visit::visit_impl_item(self, node);
        }
    }

    fn visit_trait_item(&mut self, node: &'ast syn::TraitItem) {
        let attrs = match node {
            syn::TraitItem::Fn(f) => &f.attrs,
            syn::TraitItem::Const(c) => &c.attrs,
            syn::TraitItem::Type(t) => &t.attrs,
            syn::TraitItem::Macro(m) => &m.attrs,
            _ => return syn::visit::visit_trait_item(self, node),
        };
        if !self.gated(attrs, node) {
            syn::visit::visit_trait_item(self, node);
        }
    }

    fn visit_foreign_item(&mut self, node: &'ast syn::ForeignItem) {
        let attrs = match node {
            syn::ForeignItem::Fn(f) => &f.attrs,
            syn::ForeignItem::Static(s) => &s.attrs,
            syn::ForeignItem::Type(t) => &t.attrs,
            syn::ForeignItem::Macro(m) => &m.attrs,
            _ => return syn::visit::visit_foreign_item(self, node),
        };
        if !self.gated(attrs, node) {
            syn::visit::visit_foreign_item(self, node);
        }
    }

    fn visit_field(&mut self, node: &'ast syn::Field) {
        if !self.gated(&node.attrs, node) {
            syn::visit::visit_field(self, node);
        }
    }

    fn visit_variant(&mut self, node: &'ast syn::Variant) {
        if !self.gated(&node.attrs, node) {
            syn::visit::visit_variant(self, node);
        }
    }

    /// A function whose body branches on a `cfg!` the judge decides: all it names may run
    /// there (read once per function: blocks nest).
    fn visit_item_fn(&mut self, node: &'ast syn::ItemFn) {
        self.asks(&node.block);
        syn::visit::visit_item_fn(self, node);
    }

    fn visit_impl_item_fn(&mut self, node: &'ast syn::ImplItemFn) {
        self.asks(&node.block);
        syn::visit::visit_impl_item_fn(self, node);
    }

    fn visit_trait_item_fn(&mut self, node: &'ast syn::TraitItemFn) {
        if let Some(body) = &node.default {
            self.asks(body);
        }
        syn::visit::visit_trait_item_fn(self, node);
    }

    fn visit_arm(&mut self, node: &'ast syn::Arm) {
        if !self.gated(&node.attrs, node) {
            syn::visit::visit_arm(self, node);
        }
    }

    fn visit_local(&mut self, node: &'ast syn::Local) {
        if !self.gated(&node.attrs, node) {
            syn::visit::visit_local(self, node);
        }
    }

    fn visit_field_value(&mut self, node: &'ast syn::FieldValue) {
        if !self.gated(&node.attrs, node) {
            syn::visit::visit_field_value(self, node);
        }
    }

    fn visit_stmt_macro(&mut self, node: &'ast syn::StmtMacro) {
        if !self.gated(&node.attrs, node) {
            syn::visit::visit_stmt_macro(self, node);
        }
    }

    /// A macro's tokens are not parsed: what follows a `#[cfg]` in them is read off the
    /// tokens.
    fn visit_macro(&mut self, node: &'ast syn::Macro) {
        gated_in_tokens(node.tokens.clone(), self.names, self.alike);
    }

    fn visit_expr(&mut self, node: &'ast syn::Expr) {
        let attrs: &[syn::Attribute] = match node {
            syn::Expr::Block(e) => &e.attrs,
            syn::Expr::Call(e) => &e.attrs,
            syn::Expr::MethodCall(e) => &e.attrs,
            syn::Expr::Macro(e) => &e.attrs,
            syn::Expr::If(e) => &e.attrs,
            syn::Expr::Unsafe(e) => &e.attrs,
            syn::Expr::Assign(e) => &e.attrs,
            syn::Expr::Return(e) => &e.attrs,
            _ => &[],
        };
        if !self.gated(attrs, node) {
            syn::visit::visit_expr(self, node);
        }
    }
}
