//! What code under a `#[cfg]` the judge decides names: code compiled out here may be
//! compiled there (`#[cfg(windows)]` for Codeforces), so what it names must stay.

use std::collections::HashSet;

/// Collects the identifiers of the nodes under a `#[cfg]`.
pub(super) struct Gated<'n> {
    pub(super) names: &'n mut HashSet<String>,
}

impl Gated<'_> {
    /// Whether `attrs` hold a `#[cfg]`; if so, `node`'s identifiers are taken.
    fn gated(&mut self, attrs: &[syn::Attribute], node: &dyn quote::ToTokens) -> bool {
        let gated = attrs.iter().any(|a| a.path().is_ident("cfg"));
        if gated {
            identifiers(node.to_token_stream(), self.names);
        }
        gated
    }
}

/// Whether `tokens` hold an attribute `#[cfg(..)]`, at any depth.
fn holds_cfg(tokens: proc_macro2::TokenStream) -> bool {
    let mut after_hash = false;
    tokens.into_iter().any(|token| {
        let found = match &token {
            proc_macro2::TokenTree::Group(g) => {
                let cfg = after_hash
                    && g.delimiter() == proc_macro2::Delimiter::Bracket
                    && matches!(g.stream().into_iter().next(),
                        Some(proc_macro2::TokenTree::Ident(id)) if id == "cfg");
                cfg || holds_cfg(g.stream())
            }
            _ => false,
        };
        after_hash = matches!(&token, proc_macro2::TokenTree::Punct(p) if p.as_char() == '#');
        found
    })
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

    /// A macro's tokens are not parsed: one that holds a `#[cfg]` anywhere keeps all it
    /// names.
    fn visit_macro(&mut self, node: &'ast syn::Macro) {
        if holds_cfg(node.tokens.clone()) {
            identifiers(node.tokens.clone(), self.names);
        }
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
