//! What code under a `#[cfg]` the judge decides names: code compiled out here may be
//! compiled there (`#[cfg(windows)]` for Codeforces), so what it names must stay.

use std::collections::HashSet;

/// Collects the identifiers of the nodes under a `#[cfg]`.
pub(super) struct Gated<'n> {
    pub(super) names: &'n mut HashSet<String>,
}

impl Gated<'_> {
    /// Whether `attrs` hold a `#[cfg]` only the judge decides; if so, `node`'s identifiers are
    /// taken.
    fn gated(&mut self, attrs: &[syn::Attribute], node: &dyn quote::ToTokens) -> bool {
        let gated = attrs.iter().any(|a| {
            a.path().is_ident("cfg")
                && a.meta
                    .require_list()
                    .is_ok_and(|list| decided(&list.tokens).is_none())
        });
        if gated {
            identifiers(node.to_token_stream(), self.names);
        }
        gated
    }
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

/// What a cfg predicate is on every judge, when that is known without the judge: `all()`
/// is true, `any()` false, and `test` false (no judge builds a crate's tests). Code under a
/// predicate known either way is compiled here as there, or nowhere.
fn decided(predicate: &proc_macro2::TokenStream) -> Option<bool> {
    let tokens: Vec<proc_macro2::TokenTree> = predicate.clone().into_iter().collect();
    match &tokens[..] {
        [proc_macro2::TokenTree::Ident(id)] if id == "test" => Some(false),
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
fn gated_in_tokens(tokens: proc_macro2::TokenStream, out: &mut HashSet<String>) {
    let tokens: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        if let Some(predicate) = cfg_at(&tokens, i) {
            i += 2;
            if decided(&predicate).is_some() {
                continue;
            }
            while i < tokens.len() {
                let token = &tokens[i];
                identifiers(token.clone().into(), out);
                i += 1;
                let ends = match token {
                    proc_macro2::TokenTree::Group(g) => {
                        g.delimiter() == proc_macro2::Delimiter::Brace
                    }
                    proc_macro2::TokenTree::Punct(p) => p.as_char() == ';',
                    _ => false,
                };
                if ends {
                    break;
                }
            }
            continue;
        }
        if let proc_macro2::TokenTree::Group(g) = &tokens[i] {
            gated_in_tokens(g.stream(), out);
        }
        i += 1;
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
        gated_in_tokens(node.tokens.clone(), self.names);
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
