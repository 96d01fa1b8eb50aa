//! Writing the bundle: the solution as written, its library paths pointed at the bundled
//! module, then that module with the kept items, formatted by prettyplease.

use crate::bundle::library::{Entry, Library, ModuleId};
use crate::bundle::parse::{PathRef, Solution};
use crate::bundle::resolve::{Kept, Node};
use crate::bundle::source::is_cfg_test;
use proc_macro2::{Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use syn::visit_mut::VisitMut;

/// How to emit.
#[derive(Debug, Clone, Default)]
pub struct BundleOptions {
    /// Leave out the library's doc comments.
    pub strip_docs: bool,
}

/// The solution's text with each library path made absolute (`templates::x` and
/// `::templates::x` become `crate::templates::x`, which resolves in nested modules too) and
/// `extern crate templates;` removed. Comments and layout are kept.
pub fn solution_text(solution: &Solution, refs: &[PathRef], name: &str) -> String {
    let mut edits: Vec<(usize, usize, String)> = refs
        .iter()
        .map(|r| {
            let start = solution.offset(r.leading_colon.unwrap_or(r.root));
            (start, solution.offset_end(r.root), format!("crate::{name}"))
        })
        .chain(
            solution
                .extern_crates(name)
                .into_iter()
                .map(|range| (range.start, range.end, String::new())),
        )
        .collect();
    edits.sort();
    edits.dedup();
    let mut text = solution.text.clone();
    for (start, end, replacement) in edits.into_iter().rev() {
        text.replace_range(start..end, &replacement);
    }
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// The library module with the kept items, and a comment naming what it holds. Empty when
/// nothing is kept.
pub fn library_module(lib: &Library, kept: &Kept, opts: &BundleOptions) -> String {
    if kept.nodes.is_empty() {
        return String::new();
    }
    let mut attrs: Vec<syn::Attribute> = vec![syn::parse_quote!(#[allow(unused)])];
    attrs.extend(
        lib.modules[0]
            .attrs
            .iter()
            .filter(|a| is_doc(a) || is_lint(a))
            .cloned(),
    );
    let module = syn::ItemMod {
        attrs,
        vis: syn::Visibility::Inherited,
        unsafety: None,
        mod_token: Default::default(),
        ident: Ident::new(&lib.name, Span::call_site()),
        content: Some((Default::default(), items(lib, 0, kept))),
        semi: None,
    };
    let mut file = syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: vec![syn::Item::Mod(module)],
    };
    Rewrite {
        name: &lib.name,
        strip_docs: opts.strip_docs,
    }
    .visit_file_mut(&mut file);
    format!(
        "// Bundled from the library `{}`: {}.\n{}",
        lib.name,
        kept.module_names(lib).join(", "),
        prettyplease::unparse(&file)
    )
}

/// The kept items of module `m`, in library order.
fn items(lib: &Library, m: ModuleId, kept: &Kept) -> Vec<syn::Item> {
    let mut out = Vec::new();
    for (i, entry) in lib.modules[m].entries.iter().enumerate() {
        match entry {
            Entry::Module(c) if kept.has(Node::Module(*c)) => {
                let module = &lib.modules[*c];
                out.push(syn::Item::Mod(syn::ItemMod {
                    attrs: module.attrs.clone(),
                    vis: module.vis.clone(),
                    unsafety: None,
                    mod_token: Default::default(),
                    ident: Ident::new(&module.name, Span::call_site()),
                    content: Some((Default::default(), items(lib, *c, kept))),
                    semi: None,
                }));
            }
            Entry::Module(_) => {}
            Entry::Item(syn::Item::Use(u)) => {
                let mut leaf = 0;
                let keep = |leaf: usize| kept.has(Node::Leaf(m, i, leaf));
                if let Some(tree) = prune(&u.tree, &mut leaf, &keep) {
                    out.push(syn::Item::Use(syn::ItemUse { tree, ..u.clone() }));
                }
            }
            Entry::Item(syn::Item::Macro(mac))
                if kept.has(Node::Item(m, i)) && is_exported(mac) =>
            {
                // `#[macro_export]` would put it at the bundle's crate root, not where
                // `templates::name!` points: scope it as an item instead, re-exported at the
                // library's root below.
                let mut mac = mac.clone();
                mac.attrs.retain(|a| !a.path().is_ident("macro_export"));
                let name = mac.ident.clone();
                out.push(syn::Item::Macro(mac));
                out.push(syn::parse_quote!(pub(crate) use #name;));
            }
            Entry::Item(item) if kept.has(Node::Item(m, i)) => out.push(item.clone()),
            Entry::Item(_) => {}
        }
    }
    if m == 0 {
        out.extend(exported_macros_below_root(lib, kept));
    }
    out
}

fn is_exported(mac: &syn::ItemMacro) -> bool {
    mac.attrs.iter().any(|a| a.path().is_ident("macro_export"))
}

/// `pub(crate) use self::path::name;` for each kept `#[macro_export]` macro written below
/// the library's root, where the library exports it.
fn exported_macros_below_root(lib: &Library, kept: &Kept) -> Vec<syn::Item> {
    let mut out = Vec::new();
    for node in &kept.nodes {
        let Node::Item(m, i) = *node else { continue };
        if let (true, Entry::Item(syn::Item::Macro(mac))) = (m != 0, &lib.modules[m].entries[i]) {
            if let (true, Some(name)) = (is_exported(mac), &mac.ident) {
                let path = lib.module_path(m);
                let below_root = path.split_once("::").map_or("", |(_, p)| p);
                let path: syn::Path = syn::parse_str(&format!("self::{below_root}::{name}"))
                    .expect("module and macro names are identifiers");
                out.push(syn::parse_quote!(pub(crate) use #path;));
            }
        }
    }
    out
}

/// The use tree with only the kept leaves (numbered in source order, as the resolver
/// numbers them), or `None` when none is kept.
fn prune(
    tree: &syn::UseTree,
    leaf: &mut usize,
    keep: &dyn Fn(usize) -> bool,
) -> Option<syn::UseTree> {
    match tree {
        syn::UseTree::Path(p) => prune(&p.tree, leaf, keep).map(|inner| {
            syn::UseTree::Path(syn::UsePath {
                tree: Box::new(inner),
                ..p.clone()
            })
        }),
        syn::UseTree::Group(g) => {
            let items: syn::punctuated::Punctuated<_, _> = g
                .items
                .iter()
                .filter_map(|t| prune(t, leaf, keep))
                .collect();
            (!items.is_empty()).then(|| syn::UseTree::Group(syn::UseGroup { items, ..g.clone() }))
        }
        _ => {
            *leaf += 1;
            keep(*leaf - 1).then(|| tree.clone())
        }
    }
}

fn is_doc(attr: &syn::Attribute) -> bool {
    matches!(&attr.meta, syn::Meta::NameValue(nv) if nv.path.is_ident("doc"))
}

fn is_lint(attr: &syn::Attribute) -> bool {
    ["allow", "warn", "deny", "forbid", "expect"]
        .iter()
        .any(|lint| attr.path().is_ident(lint))
}

/// Points the library's absolute paths at the bundled module (`crate::x` and `$crate::x`
/// become `crate::<name>::x`), drops `#[cfg(test)]` items inside impls and traits, and with
/// `strip_docs` every doc comment.
struct Rewrite<'n> {
    name: &'n str,
    strip_docs: bool,
}

impl Rewrite<'_> {
    fn attrs(&self, attrs: &mut Vec<syn::Attribute>) {
        if self.strip_docs {
            attrs.retain(|a| !is_doc(a));
        }
    }

    fn use_root(&self, tree: &mut syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) if p.ident == "crate" => {
                let rest = std::mem::replace(
                    &mut *p.tree,
                    syn::UseTree::Glob(syn::UseGlob {
                        star_token: Default::default(),
                    }),
                );
                *p.tree = syn::UseTree::Path(syn::UsePath {
                    ident: Ident::new(self.name, p.ident.span()),
                    colon2_token: Default::default(),
                    tree: Box::new(rest),
                });
            }
            syn::UseTree::Group(g) => g.items.iter_mut().for_each(|t| self.use_root(t)),
            _ => {}
        }
    }

    /// `crate ::` and `$crate ::` in raw tokens get `<name> ::` after them.
    fn tokens(&self, stream: TokenStream) -> TokenStream {
        let tokens: Vec<TokenTree> = stream.into_iter().collect();
        let mut out = Vec::with_capacity(tokens.len());
        for (i, token) in tokens.iter().enumerate() {
            match token {
                TokenTree::Group(g) => {
                    let mut group = proc_macro2::Group::new(g.delimiter(), self.tokens(g.stream()));
                    group.set_span(g.span());
                    out.push(TokenTree::Group(group));
                }
                TokenTree::Ident(id) if id == "crate" && is_colons(&tokens, i + 1) => {
                    out.push(token.clone());
                    out.push(TokenTree::Punct(Punct::new(':', Spacing::Joint)));
                    out.push(TokenTree::Punct(Punct::new(':', Spacing::Alone)));
                    out.push(TokenTree::Ident(Ident::new(self.name, id.span())));
                }
                _ => out.push(token.clone()),
            }
        }
        out.into_iter().collect()
    }
}

fn is_colons(tokens: &[TokenTree], i: usize) -> bool {
    matches!((tokens.get(i), tokens.get(i + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && b.as_char() == ':' && a.spacing() == Spacing::Joint)
}

/// Visitor methods that drop the node's doc comments (with `strip_docs`), then go on.
macro_rules! strip_docs_of {
    ($($method:ident: $node:ty),*) => {$(
        fn $method(&mut self, node: &mut $node) {
            self.attrs(&mut node.attrs);
            syn::visit_mut::$method(self, node);
        }
    )*};
}

fn impl_item_attrs(item: &syn::ImplItem) -> &[syn::Attribute] {
    match item {
        syn::ImplItem::Const(i) => &i.attrs,
        syn::ImplItem::Fn(i) => &i.attrs,
        syn::ImplItem::Type(i) => &i.attrs,
        syn::ImplItem::Macro(i) => &i.attrs,
        _ => &[],
    }
}

fn trait_item_attrs(item: &syn::TraitItem) -> &[syn::Attribute] {
    match item {
        syn::TraitItem::Const(i) => &i.attrs,
        syn::TraitItem::Fn(i) => &i.attrs,
        syn::TraitItem::Type(i) => &i.attrs,
        syn::TraitItem::Macro(i) => &i.attrs,
        _ => &[],
    }
}

impl VisitMut for Rewrite<'_> {
    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        if path.leading_colon.is_none()
            && path.segments.len() >= 2
            && path.segments[0].ident == "crate"
        {
            let span = path.segments[0].ident.span();
            path.segments.insert(1, Ident::new(self.name, span).into());
        }
        syn::visit_mut::visit_path_mut(self, path);
    }

    fn visit_item_use_mut(&mut self, item: &mut syn::ItemUse) {
        self.attrs(&mut item.attrs);
        self.use_root(&mut item.tree);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        self.visit_path_mut(&mut mac.path);
        mac.tokens = self.tokens(std::mem::take(&mut mac.tokens));
    }

    fn visit_item_impl_mut(&mut self, item: &mut syn::ItemImpl) {
        self.attrs(&mut item.attrs);
        item.items
            .retain(|i| !impl_item_attrs(i).iter().any(is_cfg_test));
        syn::visit_mut::visit_item_impl_mut(self, item);
    }

    fn visit_item_trait_mut(&mut self, item: &mut syn::ItemTrait) {
        self.attrs(&mut item.attrs);
        item.items
            .retain(|i| !trait_item_attrs(i).iter().any(is_cfg_test));
        syn::visit_mut::visit_item_trait_mut(self, item);
    }

    strip_docs_of! {
        visit_item_const_mut: syn::ItemConst,
        visit_item_enum_mut: syn::ItemEnum,
        visit_item_fn_mut: syn::ItemFn,
        visit_item_macro_mut: syn::ItemMacro,
        visit_item_mod_mut: syn::ItemMod,
        visit_item_static_mut: syn::ItemStatic,
        visit_item_struct_mut: syn::ItemStruct,
        visit_item_trait_alias_mut: syn::ItemTraitAlias,
        visit_item_type_mut: syn::ItemType,
        visit_item_union_mut: syn::ItemUnion,
        visit_impl_item_const_mut: syn::ImplItemConst,
        visit_impl_item_fn_mut: syn::ImplItemFn,
        visit_impl_item_type_mut: syn::ImplItemType,
        visit_trait_item_const_mut: syn::TraitItemConst,
        visit_trait_item_fn_mut: syn::TraitItemFn,
        visit_trait_item_type_mut: syn::TraitItemType,
        visit_field_mut: syn::Field,
        visit_variant_mut: syn::Variant
    }
}
