//! Reading code for paths: every path a piece of Rust names (in expressions, types, patterns,
//! `use` trees, and inside macro arguments, which are read off the raw tokens), and the
//! solution file with the references it makes into the library.

pub use super::path::{Ns, PathKind, PathRef};
use super::source::{self, item_name, LineStarts, Location};
use super::tokens;
use super::{file_modules, Error, ErrorKind};
use proc_macro2::{Delimiter, Ident, Span, TokenStream, TokenTree};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use syn::visit::Visit;

/// Collects every path in the nodes it visits.
#[derive(Default)]
pub struct Paths {
    pub found: Vec<PathRef>,
    /// The namespace of the next path visited, set by the node that holds it.
    ns: Option<Ns>,
}

impl Paths {
    pub fn of_item(item: &syn::Item) -> Vec<PathRef> {
        let mut paths = Paths::default();
        paths.visit_item(item);
        paths.found
    }

    /// One [`PathRef`] per leaf of `tree`, under the segments `prefix` (with their spans).
    fn use_tree(
        &mut self,
        tree: &syn::UseTree,
        prefix: &mut Vec<(String, Span)>,
        leading_colon: Option<Span>,
    ) {
        // `last` is the leaf's own segment (for a glob, the `*`, which names nothing).
        let mut leaf = |prefix: &[(String, Span)], last: Option<(String, Span)>, kind: PathKind| {
            let mut segments: Vec<String> = prefix.iter().map(|(name, _)| name.clone()).collect();
            let mut spans: Vec<Span> = prefix.iter().map(|(_, span)| *span).collect();
            if let Some((name, span)) = last {
                if kind != PathKind::Glob {
                    segments.push(name);
                }
                spans.push(span);
            }
            self.found.push(PathRef {
                leading_colon,
                ..PathRef::new(segments, spans, kind, None)
            });
        };
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push((p.ident.to_string(), p.ident.span()));
                self.use_tree(&p.tree, prefix, leading_colon);
                prefix.pop();
            }
            syn::UseTree::Name(n) if n.ident == "self" => {
                let binding = prefix.last().map(|(name, _)| name.clone());
                leaf(prefix, None, PathKind::Use { binding });
            }
            syn::UseTree::Name(n) => {
                let name = n.ident.to_string();
                let last = Some((name.clone(), n.ident.span()));
                leaf(
                    prefix,
                    last,
                    PathKind::Use {
                        binding: Some(name),
                    },
                );
            }
            syn::UseTree::Rename(r) => {
                let last = (r.ident != "self").then(|| (r.ident.to_string(), r.ident.span()));
                let binding = (r.rename != "_").then(|| r.rename.to_string());
                leaf(prefix, last, PathKind::Use { binding });
            }
            syn::UseTree::Glob(g) => {
                let star = Some(("*".into(), g.star_token.spans[0]));
                leaf(prefix, star, PathKind::Glob);
            }
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(tree, prefix, leading_colon);
                }
            }
        }
    }

    /// The paths of a macro's tokens, read as [`Level::read`](super::tokens::Level::read)
    /// says; a `use` path there binds nothing the engine follows.
    pub fn tokens(&mut self, stream: TokenStream) {
        for path in tokens::paths(stream) {
            let (kind, ns) = match path.call {
                _ if path.handed => (PathKind::Handed, None),
                None if path.use_start => (PathKind::Use { binding: None }, None),
                Some(arguments) => (
                    PathKind::MacroCall {
                        arguments: tokens::call_arguments(&arguments.stream()).map(Rc::new),
                    },
                    Some(Ns::Macro),
                ),
                None => (PathKind::Code, None),
            };
            self.found.push(PathRef {
                leading_colon: path.leading_colon,
                ..PathRef::new(path.segments, path.spans, kind, ns)
            });
        }
    }
}

impl Paths {
    /// Visits `node` with the next path it holds taken in namespace `ns`.
    fn within<T>(&mut self, ns: Ns, node: T, visit: impl FnOnce(&mut Self, T)) {
        self.ns = Some(ns);
        visit(self, node);
        self.ns = None;
    }
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        let ns = self.ns.take();
        if !path.segments.is_empty() {
            self.found.push(PathRef {
                leading_colon: path.leading_colon.map(|c| c.spans[0]),
                ..PathRef::new(
                    path.segments.iter().map(|s| s.ident.to_string()).collect(),
                    path.segments.iter().map(|s| s.ident.span()).collect(),
                    PathKind::Code,
                    ns,
                )
            });
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_expr_path(&mut self, node: &'ast syn::ExprPath) {
        // `<T as Trait>::f`: the path names the trait's item; take it as any namespace.
        let ns = if node.qself.is_some() {
            None
        } else {
            Some(Ns::Value)
        };
        self.ns = ns;
        syn::visit::visit_expr_path(self, node);
        self.ns = None;
    }

    fn visit_type_path(&mut self, node: &'ast syn::TypePath) {
        if node.qself.is_some() {
            syn::visit::visit_type_path(self, node);
        } else {
            self.within(Ns::Type, node, syn::visit::visit_type_path);
        }
    }

    fn visit_trait_bound(&mut self, node: &'ast syn::TraitBound) {
        self.within(Ns::Type, node, syn::visit::visit_trait_bound);
    }

    fn visit_generic_argument(&mut self, node: &'ast syn::GenericArgument) {
        match node {
            // `ModInt<MOD>`: syn reads a lone name as a type, but a const argument is written
            // the same way; take it in any namespace.
            syn::GenericArgument::Type(syn::Type::Path(t))
                if t.qself.is_none() && t.path.get_ident().is_some() =>
            {
                self.ns = None;
                self.visit_path(&t.path);
            }
            _ => syn::visit::visit_generic_argument(self, node),
        }
    }

    fn visit_expr_struct(&mut self, node: &'ast syn::ExprStruct) {
        self.within(Ns::Type, node, syn::visit::visit_expr_struct);
    }

    fn visit_pat_struct(&mut self, node: &'ast syn::PatStruct) {
        self.within(Ns::Type, node, syn::visit::visit_pat_struct);
    }

    fn visit_pat_tuple_struct(&mut self, node: &'ast syn::PatTupleStruct) {
        self.within(Ns::Value, node, syn::visit::visit_pat_tuple_struct);
    }

    fn visit_pat_ident(&mut self, node: &'ast syn::PatIdent) {
        // A lone name in a pattern binds a variable, unless a unit variant or a constant of
        // that name is in scope (num-bigint's `NoSign => ..` after `use Sign::NoSign`): taken
        // as a path too, so that such an import is never lost.
        if node.by_ref.is_none() && node.mutability.is_none() && node.subpat.is_none() {
            self.found.push(PathRef::new(
                vec![node.ident.to_string()],
                vec![node.ident.span()],
                PathKind::Code,
                Some(Ns::Value),
            ));
        }
        syn::visit::visit_pat_ident(self, node);
    }

    // The judge builds no tests (`#[test]`, `#[cfg(test)]`): what only they name is not
    // needed, and their code goes before the judge's compiler resolves a name in it.
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let test = |a: &syn::Attribute| source::is_cfg_test(a) || a.path().is_ident("test");
        if !source::item_attrs(item).iter().any(test) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let leading_colon = item.leading_colon.map(|c| c.spans[0]);
        self.use_tree(&item.tree, &mut Vec::new(), leading_colon);
    }

    /// A block's own imports bind names for its paths (regex-syntax's `use
    /// crate::unicode_tables::age;` in a function, then `age::V1_1`): each path starting with
    /// such a name is taken through the import, as the module's scope does not have it.
    fn visit_block(&mut self, block: &'ast syn::Block) {
        let start = self.found.len();
        syn::visit::visit_block(self, block);
        let mut imports = Paths::default();
        for stmt in &block.stmts {
            if let syn::Stmt::Item(syn::Item::Use(u)) = stmt {
                imports.visit_item_use(u);
            }
        }
        let imports: Vec<PathRef> = imports
            .found
            .into_iter()
            .filter(|leaf| leaf.binding().is_some())
            .collect();
        if imports.is_empty() {
            return;
        }
        for path in &mut self.found[start..] {
            if path.is_use() || path.leading_colon.is_some() {
                continue;
            }
            let Some(import) = imports
                .iter()
                .find(|leaf| leaf.binding() == path.segments.first())
            else {
                continue;
            };
            path.segments = (import.segments.iter().cloned())
                .chain(path.segments.drain(1..))
                .collect();
            path.spans = (import.spans.iter().copied())
                .chain(path.spans.drain(1..))
                .collect();
            path.leading_colon = import.leading_colon;
        }
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.ns = Some(Ns::Macro);
        self.visit_path(&mac.path);
        if let Some(last) = self.found.last_mut() {
            last.kind = PathKind::MacroCall {
                arguments: tokens::call_arguments(&mac.tokens).map(Rc::new),
            };
        }
        self.tokens(mac.tokens.clone());
    }

    // Attribute arguments (`#[derive(..)]`, `#[doc = ..]`, `#[cfg(..)]`) name no library
    // item a solution could reach.
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
}

/// An `extern crate` of the solution's.
pub struct ExternCrate {
    /// Its bytes, attributes included.
    pub range: std::ops::Range<usize>,
    pub name: String,
    pub rename: Option<String>,
    /// With `#[macro_use]`: the crate's macros are called by bare names.
    pub macro_use: bool,
}

/// A solution file, parsed.
pub struct Solution {
    pub path: PathBuf,
    pub text: String,
    pub file: syn::File,
    /// For spans to offsets without walking the text.
    line_starts: LineStarts,
    /// Where each part of `text` was written when it holds the solution's file modules
    /// (`mod library;`) inline; empty when it is the solution's file as read.
    pub pieces: Vec<file_modules::Piece>,
}

impl Solution {
    /// The solution in `path`, with its own file modules brought inside its text.
    pub fn read(path: &Path) -> Result<Solution, Error> {
        let (text, pieces) = file_modules::inline(path, source::read(path)?)?;
        Ok(Solution {
            pieces,
            ..Solution::from_text(path, text)?
        })
    }

    /// Where byte `offset` of the text was written (in a module file it was brought from).
    pub fn location(&self, offset: usize) -> Location {
        file_modules::locate(&self.pieces, &self.path, &self.text, offset)
    }

    pub fn location_of_span(&self, span: Span) -> Location {
        self.location(self.offset(span))
    }

    pub fn from_text(path: &Path, text: String) -> Result<Solution, Error> {
        let file = source::parse(path, &text)?;
        let line_starts = LineStarts::of(&text);
        Ok(Solution {
            path: path.to_path_buf(),
            text,
            file,
            line_starts,
            pieces: Vec::new(),
        })
    }

    /// Every path that starts at a library crate (`is_lib` of its first segment): `name::a::b`
    /// in code, `::name::a`, every leaf of `use name::{..}`, and the same inside macro
    /// arguments.
    pub fn references(&self, is_lib: impl Fn(&str) -> bool) -> Vec<PathRef> {
        let mut paths = Paths::default();
        paths.visit_file(&self.file);
        paths
            .found
            .into_iter()
            .filter(|p| {
                p.segments
                    .first()
                    .is_some_and(|first| is_lib(first) && (p.is_use() || p.segments.len() >= 2))
            })
            .collect()
    }

    /// Fails if the solution defines or imports `name` at its root, where the bundle puts
    /// the library's module.
    pub fn check_name_free(&self, name: &str) -> Result<(), Error> {
        let mut taken = self
            .file
            .items
            .iter()
            // Only the type namespace, the module's: `fn templates()` may stay.
            .filter(|item| {
                !matches!(
                    item,
                    syn::Item::ExternCrate(_)
                        | syn::Item::Fn(_)
                        | syn::Item::Const(_)
                        | syn::Item::Static(_)
                        | syn::Item::Macro(_)
                )
            })
            .filter_map(item_name)
            .filter(|ident| *ident == name)
            .map(|ident| ident.span())
            .collect::<Vec<_>>();
        for item in &self.file.items {
            if let syn::Item::Use(u) = item {
                let mut paths = Paths::default();
                paths.visit_item_use(u);
                taken.extend(
                    paths
                        .found
                        .into_iter()
                        .filter(|p| {
                            p.binding().map(String::as_str) == Some(name)
                                && p.segments.first().map(String::as_str) != Some(name)
                        })
                        .map(|p| p.root()),
                );
            }
        }
        match taken.first() {
            Some(span) => Err(ErrorKind::NameTaken {
                at: Location::of_span(&self.path, &self.text, *span),
                name: name.to_string(),
            }
            .into()),
            None => Ok(()),
        }
    }

    /// Every identifier in the solution, to tell which items of a whole imported module it
    /// can name.
    pub fn identifiers(&self) -> Names {
        let mut out = Names::default();
        Identifiers(&mut out).visit_file(&self.file);
        out
    }

    /// The names the solution may call a trait's member by without naming the trait: method
    /// calls (`x.name(..)`) and the last segment of longer paths (`T::name`), in macro
    /// arguments too (`.name` and `::name` there).
    pub fn called_names(&self) -> Names {
        let mut out = Names::default();
        CalledNames(&mut out).visit_file(&self.file);
        out
    }

    /// The names the solution binds as variables and otherwise only reads as values (`let
    /// mut rng = ..; rng.random_range(..)`): they name no item a glob import brings, though
    /// they are identifiers of the solution (`use rand::prelude::*` has a function `rng`).
    pub fn local_names(&self) -> BTreeSet<String> {
        let mut names = LocalNames::default();
        names.visit_file(&self.file);
        names.bound.difference(&names.named).cloned().collect()
    }

    /// The text to remove for the `use` leaf whose last name is at `leaf` to go: the leaf and
    /// a comma beside it in a group, else the whole `use` item.
    pub fn use_leaf_removal(&self, leaf: Span) -> Option<std::ops::Range<usize>> {
        self.use_leaf_removals(&[leaf]).into_iter().next()
    }

    /// The text to remove for the `use` leaves whose last names are at `leaves` to go, as
    /// disjoint ranges: several leaves of one group go with the commas between them
    /// (`use superslice::{Ext, Ext2};` with neither used goes whole).
    pub fn use_leaf_removals(&self, leaves: &[Span]) -> Vec<std::ops::Range<usize>> {
        let mut uses = UseItems::default();
        uses.visit_file(&self.file);
        let mut out = Vec::new();
        for item in &uses.0 {
            match self.leaf_removal(&item.tree, leaves, None) {
                None => {}
                Some(Removal::Ranges(ranges)) => out.extend(ranges),
                Some(Removal::Whole) => {
                    let first = item.attrs.first().map_or_else(
                        || syn::spanned::Spanned::span(&item.vis),
                        |a| a.pound_token.span,
                    );
                    let start = match item.vis {
                        syn::Visibility::Inherited if item.attrs.is_empty() => {
                            self.offset(item.use_token.span)
                        }
                        _ => self.offset(first),
                    };
                    out.push(start..self.offset_end(item.semi_token.span));
                }
            }
        }
        out
    }

    /// What of `tree` goes for `leaves`; `parent` is the name the tree is under, which a
    /// `self` leaf stands for (its leaf is that name's span).
    fn leaf_removal(
        &self,
        tree: &syn::UseTree,
        leaves: &[Span],
        parent: Option<Span>,
    ) -> Option<Removal> {
        use syn::spanned::Spanned;
        let same = |span: Span| {
            leaves
                .iter()
                .any(|leaf| span.start() == leaf.start() && span.end() == leaf.end())
        };
        match tree {
            syn::UseTree::Name(n) if n.ident == "self" && parent.is_some_and(same) => {
                Some(Removal::Whole)
            }
            syn::UseTree::Name(n) if same(n.ident.span()) => Some(Removal::Whole),
            syn::UseTree::Path(p) => self.leaf_removal(&p.tree, leaves, Some(p.ident.span())),
            syn::UseTree::Group(g) => {
                let items: Vec<&syn::UseTree> = g.items.iter().collect();
                let removals: Vec<Option<Removal>> = items
                    .iter()
                    .map(|item| self.leaf_removal(item, leaves, parent))
                    .collect();
                let whole = |k: usize| matches!(removals[k], Some(Removal::Whole));
                if (0..items.len()).all(whole) {
                    return Some(Removal::Whole);
                }
                let mut ranges = Vec::new();
                let mut k = 0;
                while k < items.len() {
                    if !whole(k) {
                        if let Some(Removal::Ranges(inner)) = &removals[k] {
                            ranges.extend(inner.iter().cloned());
                        }
                        k += 1;
                        continue;
                    }
                    // A run of leaves that go: up to the next item that stays, or, at the
                    // end, from the end of the one before it (its comma goes too).
                    let run_start = k;
                    while k < items.len() && whole(k) {
                        k += 1;
                    }
                    let last = items[k - 1].span();
                    ranges.push(match items.get(k) {
                        Some(next) => {
                            self.offset(items[run_start].span())..self.offset(next.span())
                        }
                        None => {
                            let kept = items[run_start - 1].span();
                            let end = g.items.pairs().next_back().and_then(|p| p.punct().copied());
                            self.offset_end(kept)
                                ..end.map_or_else(
                                    || self.offset_end(last),
                                    |c| self.offset_end(c.span),
                                )
                        }
                    });
                }
                (!ranges.is_empty()).then_some(Removal::Ranges(ranges))
            }
            _ => None,
        }
    }

    /// Whether `span` is inside a `use` item at the solution's root.
    pub fn is_root_use(&self, span: Span) -> bool {
        let at = self.offset(span);
        self.file.items.iter().any(|item| match item {
            syn::Item::Use(u) => {
                (self.offset(u.use_token.span)..self.offset_end(u.semi_token.span)).contains(&at)
            }
            _ => false,
        })
    }

    /// Every identifier in the solution outside its `use` declarations, attribute arguments
    /// included (`#[derive(Name)]`): what an import's name must be among to be used.
    pub fn identifiers_beyond_uses(&self) -> Names {
        let mut out = Names::default();
        BeyondUses(Identifiers(&mut out)).visit_file(&self.file);
        out
    }

    /// `extern crate name [as alias];` items naming a library crate (`is_lib`), at the root
    /// or inside a module or a block. The bundle has no such crate, only its module.
    pub fn extern_crates(&self, is_lib: impl Fn(&str) -> bool) -> Vec<ExternCrate> {
        let mut items = ExternCrateItems::default();
        items.visit_file(&self.file);
        items
            .0
            .into_iter()
            .filter(|e| is_lib(&e.ident.to_string()))
            .map(|e| {
                let start = e
                    .attrs
                    .first()
                    .map_or(e.extern_token.span, |a| a.pound_token.span);
                ExternCrate {
                    range: self.offset(start)..self.offset_end(e.semi_token.span),
                    name: e.ident.to_string(),
                    rename: e.rename.as_ref().map(|(_, r)| r.to_string()),
                    macro_use: e.attrs.iter().any(|a| a.path().is_ident("macro_use")),
                }
            })
            .collect()
    }

    /// The names of the macros the solution calls by a bare name (`input!`).
    pub fn bare_macro_calls(&self) -> BTreeSet<String> {
        let mut paths = Paths::default();
        paths.visit_file(&self.file);
        paths
            .found
            .into_iter()
            .filter(|p| p.is_macro_call() && p.segments.len() == 1 && p.leading_colon.is_none())
            .map(|p| p.segments[0].clone())
            .collect()
    }

    /// The byte offset of where `span` starts.
    pub fn offset(&self, span: Span) -> usize {
        let start = span.start();
        self.byte_at(start.line, start.column)
    }

    pub fn offset_end(&self, span: Span) -> usize {
        let end = span.end();
        self.byte_at(end.line, end.column)
    }

    fn byte_at(&self, line: usize, column: usize) -> usize {
        self.line_starts.byte_at(&self.text, line, column)
    }
}

/// Collects every `extern crate` item of a syntax tree, nested ones too.
#[derive(Default)]
struct ExternCrateItems<'ast>(Vec<&'ast syn::ItemExternCrate>);

impl<'ast> Visit<'ast> for ExternCrateItems<'ast> {
    fn visit_item_extern_crate(&mut self, item: &'ast syn::ItemExternCrate) {
        self.0.push(item);
    }
}

/// A set of names, hashed: kept code's identifiers are counted by the thousand.
pub type Names = super::ids::HashSet<String>;

/// Collects every identifier of a syntax tree, macro arguments included; walking the tree is
/// much cheaper than printing it back to tokens.
pub struct Identifiers<'a>(pub &'a mut Names);

impl Identifiers<'_> {
    fn tokens(&mut self, stream: &TokenStream) {
        self.0
            .extend(tokens::identifiers(stream).iter().map(Ident::to_string));
    }
}

/// Collects the identifiers written inside macro calls and `macro_rules!` bodies, when some
/// macro body calls a macro it is handed (`$m!(..)`): the names it may be handed.
pub struct MacroTokenIdents<'a>(pub &'a mut Names);

impl Visit<'_> for MacroTokenIdents<'_> {
    fn visit_macro(&mut self, mac: &syn::Macro) {
        Identifiers(self.0).tokens(&mac.tokens);
    }
}

impl Visit<'_> for Identifiers<'_> {
    fn visit_ident(&mut self, ident: &proc_macro2::Ident) {
        self.0.insert(ident.to_string());
    }

    fn visit_macro(&mut self, mac: &syn::Macro) {
        syn::visit::visit_macro(self, mac);
        self.tokens(&mac.tokens);
    }
}

/// For [`Solution::local_names`]: the names patterns bind, and the names met anywhere but as
/// a binding or a lone value path that is not called.
#[derive(Default)]
struct LocalNames {
    bound: BTreeSet<String>,
    named: BTreeSet<String>,
}

impl Visit<'_> for LocalNames {
    fn visit_ident(&mut self, ident: &proc_macro2::Ident) {
        self.named.insert(ident.to_string());
    }

    fn visit_pat_ident(&mut self, node: &syn::PatIdent) {
        self.bound.insert(node.ident.to_string());
        if let Some((_, sub)) = &node.subpat {
            self.visit_pat(sub);
        }
    }

    fn visit_expr_path(&mut self, node: &syn::ExprPath) {
        if node.qself.is_some() || node.path.get_ident().is_none() {
            syn::visit::visit_expr_path(self, node);
        }
    }

    fn visit_expr_call(&mut self, node: &syn::ExprCall) {
        if let syn::Expr::Path(callee) = &*node.func {
            if let Some(name) = callee.path.get_ident() {
                self.named.insert(name.to_string());
            }
        }
        syn::visit::visit_expr_call(self, node);
    }

    fn visit_macro(&mut self, mac: &syn::Macro) {
        syn::visit::visit_macro(self, mac);
        self.tokens(&mac.tokens);
    }
}

impl LocalNames {
    /// A macro's tokens are not read as code: a name there counts as an item's when it is
    /// called or part of a path (`f(x)`, `a::b`, `m!`); a lone one (`println!("{}", x)`) is
    /// read as a value.
    fn tokens(&mut self, stream: &TokenStream) {
        tokens::each_token(stream, &mut |tokens, i| {
            if let TokenTree::Ident(id) = &tokens[i] {
                let called = matches!(tokens.get(i + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis);
                if called || tokens::in_path_or_macro_name(tokens, i) {
                    self.named.insert(id.to_string());
                }
            }
        });
    }
}

/// What goes when a `use` leaf does.
enum Removal {
    /// The whole tree that holds it: up to the `use` item, if nothing else is in it.
    Whole,
    Ranges(Vec<std::ops::Range<usize>>),
}

/// Every `use` item, at any depth.
#[derive(Default)]
struct UseItems(Vec<syn::ItemUse>);

impl Visit<'_> for UseItems {
    fn visit_item_use(&mut self, item: &syn::ItemUse) {
        self.0.push(item.clone());
    }
}

/// Collects [`Solution::called_names`].
struct CalledNames<'a>(&'a mut Names);

impl CalledNames<'_> {
    /// The names after `.` or `::` (as two `:`, not three); `n: T` is no path.
    fn tokens(&mut self, stream: &TokenStream) {
        tokens::each_token(stream, &mut |tokens, i| {
            if let TokenTree::Ident(id) = &tokens[i] {
                let colons = tokens[..i]
                    .iter()
                    .rev()
                    .take_while(|t| tokens::is_punct(Some(t), ':'))
                    .count();
                if i > 0 && tokens::is_punct(tokens.get(i - 1), '.') || colons == 2 {
                    self.0.insert(id.to_string());
                }
            }
        });
    }
}

impl Visit<'_> for CalledNames<'_> {
    fn visit_expr_method_call(&mut self, call: &syn::ExprMethodCall) {
        self.0.insert(call.method.to_string());
        syn::visit::visit_expr_method_call(self, call);
    }

    fn visit_path(&mut self, path: &syn::Path) {
        if path.segments.len() > 1 {
            self.0
                .extend(path.segments.last().map(|s| s.ident.to_string()));
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &syn::Macro) {
        self.tokens(&mac.tokens);
    }
}

/// [`Identifiers`], skipping `use` declarations and reading attributes' arguments.
struct BeyondUses<'a>(Identifiers<'a>);

impl Visit<'_> for BeyondUses<'_> {
    fn visit_ident(&mut self, ident: &proc_macro2::Ident) {
        self.0.visit_ident(ident);
    }

    fn visit_macro(&mut self, mac: &syn::Macro) {
        self.0.visit_macro(mac);
    }

    fn visit_attribute(&mut self, attr: &syn::Attribute) {
        syn::visit::visit_attribute(self, attr);
        if let syn::Meta::List(list) = &attr.meta {
            self.0.tokens(&list.tokens);
        }
    }

    fn visit_item_use(&mut self, _: &syn::ItemUse) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` with the `use` leaves binding `names` (under the crate `a`) removed.
    fn without_leaves(text: &str, names: &[&str]) -> String {
        let solution = Solution::from_text(Path::new("main.rs"), text.to_string()).unwrap();
        let leaves: Vec<Span> = solution
            .references(|n| n == "a")
            .into_iter()
            .filter(|r| r.binding().is_some_and(|b| names.contains(&b.as_str())))
            .map(|r| *r.spans.last().unwrap())
            .collect();
        assert_eq!(leaves.len(), names.len());
        let mut ranges = solution.use_leaf_removals(&leaves);
        ranges.sort_by_key(|r| r.start);
        let (mut out, mut done) = (String::new(), 0);
        for range in ranges {
            assert!(range.start >= done, "overlapping removals");
            out += &text[done..range.start];
            done = range.end;
        }
        out + &text[done..]
    }

    fn without_leaf(text: &str, name: &str) -> String {
        without_leaves(text, &[name])
    }

    #[test]
    fn called_names_are_methods_and_last_path_segments() {
        let text = r#"use std::cmp::*;
use lib::Trait;
fn main() {
    let v = vec![1];
    v.iter().count();
    u8::halve(2);
    println!("{}", v.first().is_some());
    input! { n: marker::Usize1 }
    max(1, 2);
}
"#;
        let solution = Solution::from_text(Path::new("main.rs"), text.to_string()).unwrap();
        let called = solution.called_names();
        for name in ["iter", "count", "halve", "first", "is_some", "Usize1"] {
            assert!(called.contains(name), "{name} missing from {called:?}");
        }
        // Names that call no trait member by method syntax or through a type.
        for name in [
            "cmp", "Trait", "main", "v", "vec", "max", "n", "marker", "u8",
        ] {
            assert!(!called.contains(name), "{name} in {called:?}");
        }
    }

    #[test]
    fn a_use_leaf_goes_with_its_comma_or_with_its_item() {
        let group = "use a::{x, y, z};\nfn main() {}\n";
        assert_eq!(without_leaf(group, "x"), "use a::{y, z};\nfn main() {}\n");
        assert_eq!(without_leaf(group, "y"), "use a::{x, z};\nfn main() {}\n");
        assert_eq!(without_leaf(group, "z"), "use a::{x, y};\nfn main() {}\n");
        assert_eq!(without_leaf("use a::{b::{x}, y};\n", "x"), "use a::{y};\n");
        assert_eq!(
            without_leaf("use a::x;\nfn main() {}\n", "x"),
            "\nfn main() {}\n"
        );
        assert_eq!(
            without_leaf(
                "#[allow(unused_imports)]\npub use a::{x};\nuse a::y;\n",
                "x"
            ),
            "\nuse a::y;\n"
        );
        assert_eq!(
            without_leaf("fn main() {\n    use a::{x, y};\n}\n", "y"),
            "fn main() {\n    use a::{x};\n}\n"
        );
        // Several leaves of one group, side by side or not, at its end or not.
        let four = "use a::{w, x, y, z};\n";
        assert_eq!(without_leaves(four, &["x", "y"]), "use a::{w, z};\n");
        assert_eq!(without_leaves(four, &["y", "z"]), "use a::{w, x};\n");
        assert_eq!(without_leaves(four, &["w", "y"]), "use a::{x, z};\n");
        assert_eq!(without_leaves(four, &["w", "x", "y", "z"]), "\n");
        assert_eq!(without_leaves("use a::{x, y,};\n", &["y"]), "use a::{x};\n");
        assert_eq!(
            without_leaves("use a::{x, b::{y, z}};\n", &["y", "z"]),
            "use a::{x};\n"
        );
    }

    fn paths(code: &str) -> Vec<String> {
        let file = syn::parse_file(code).unwrap();
        let mut paths = Paths::default();
        paths.visit_file(&file);
        paths
            .found
            .iter()
            .map(|p| {
                let mut s = p.segments.join("::");
                if p.leading_colon.is_some() {
                    s.insert_str(0, "::");
                }
                if p.is_glob() {
                    s += "::*";
                }
                if let Some(b) = p.binding() {
                    s += &format!(" as {b}");
                }
                if p.is_macro_call() {
                    s += "!";
                }
                s
            })
            .collect()
    }

    #[test]
    fn use_trees_give_one_path_per_leaf() {
        assert_eq!(
            paths("use ::t::{a, b::c as d, e::*, f::{self, g as _}};"),
            [
                "::t::a as a",
                "::t::b::c as d",
                "::t::e::*",
                "t::f as f",
                "t::f::g"
            ]
            .map(|s| s.replace("t::f", "::t::f"))
        );
    }

    /// A lone name as a generic argument may be a const (`ModInt<MOD>`): any namespace.
    #[test]
    fn a_lone_generic_argument_is_in_any_namespace() {
        let file = syn::parse_file("pub type Mint = ModInt<MOD, Vec<u8>>;").unwrap();
        let mut paths = Paths::default();
        paths.visit_file(&file);
        let found: Vec<(String, Option<Ns>)> = paths
            .found
            .iter()
            .map(|p| (p.segments.join("::"), p.ns))
            .collect();
        assert_eq!(
            found,
            [
                ("ModInt".to_string(), Some(Ns::Type)),
                ("MOD".to_string(), None),
                ("Vec".to_string(), Some(Ns::Type)),
                ("u8".to_string(), None),
            ]
        );
    }

    /// A bundle has no library crate: an `extern crate` of one is found wherever it is, to be
    /// removed.
    #[test]
    fn extern_crates_are_found_in_modules_and_blocks_too() {
        let text = "extern crate t;\nfn main() { let x = 1; extern crate t as u; }\nmod m {\n    \
                    #[allow(unused)] extern crate t;\n    extern crate other;\n}\n";
        let solution = Solution::from_text(Path::new("main.rs"), text.to_string()).unwrap();
        let found: Vec<(&str, Option<String>)> = solution
            .extern_crates(|name| name == "t")
            .into_iter()
            .map(|e| (&text[e.range], e.rename))
            .collect();
        assert_eq!(
            found,
            [
                ("extern crate t;", None),
                ("extern crate t as u;", Some("u".to_string())),
                ("#[allow(unused)] extern crate t;", None)
            ]
        );
    }

    #[test]
    fn macro_arguments_are_read_as_tokens() {
        assert_eq!(
            paths("fn f() { println!(\"{}\", t::a::b(x) + ::t::c); m!($crate::d, $v::e); }"),
            // `$v::e` starts with a variable: what it names, only the macro's caller knows.
            [
                "println!",
                "t::a::b",
                "x",
                "::t::c",
                "m!",
                "$crate::d",
                "$v::e"
            ]
        );
    }

    #[test]
    fn macro_bodies_name_no_keywords_fragment_kinds_or_builtin_attributes() {
        let body = "macro_rules! s { ($(#[$a:meta])* pub struct $i:ident { $($f:tt)* }) => { \
                    #[repr(C)] #[cfg(feature = \"x\")] #[derive(Clone, Debug)] \
                    pub struct $i { $($f)* } impl self::T for $i { fn f(&self) -> Self { \
                    Self::new(crate::m::g(self.x)) } } }; }";
        assert_eq!(
            paths(body),
            // `f` and `x` (a name declared, a field) are read as paths too: tokens say no more.
            [
                "macro_rules!",
                "derive",
                "Clone",
                "Debug",
                "self::T",
                "f",
                "Self::new",
                "crate::m::g",
                "x"
            ]
        );
    }
}
