//! Expanding the procedural macros the solution applies, before it is bundled: a judge
//! compiles one file with no macro crate beside it, so `#[fastout] fn main`, a derive or an
//! item-level `name! { .. }` from a proc-macro crate of the package's graph is replaced by
//! what the macro makes of it, and the solution is read again and bundled as any code.
//!
//! - Which calls: those on the solution's items, top-level, in inline modules or in function
//!   bodies (attributes, derives, item macro calls), and on each module's items of a bundled
//!   library crate, whose path, after the `use` declarations in scope (renames followed; a
//!   bare name also through globs and `#[macro_use] extern crate`), starts with a proc-macro
//!   crate the package depends on, or with a library crate that has proc-macro dependencies
//!   (proconio re-exporting proconio_derive) and names a macro of the same kind one of them
//!   defines. The macro's name is the path's last
//!   segment: a library re-exporting a macro under another name is not followed.
//! - Built by Cargo as the package depends on them, into the cache folder's `proc-macros`
//!   target (shared by every package, so one crate version builds once), else the
//!   package's folder's `target`; one server, of the toolchain Cargo builds with there,
//!   for the whole solution.
//! - Rendered by prettyplease; a local variable or label the macro binds at
//!   `Span::mixed_site()` gets a name of its own (`total_grundy1`, snake case as rustc's lint
//!   wants it), so it cannot meet the caller's; absolute paths (`::proconio::..`) stay for
//!   the bundle engine to resolve.
//! - The solution's imports of the macros expanded go (`use fixture_macros::echo;`).
//!
//! A crate that does not build, a server that cannot start, a macro that panics: one error
//! at the call, and nothing is written.

use super::crates::ProcMacro;
use super::error::ErrorKind;
use super::ids::CrateId;
use super::library::ExpandMacros;
use super::parse::Solution;
use super::source::{item_attrs, item_attrs_mut, Location};
use super::tokens::is_builtin_attribute;
use super::{Error, Library};
use crate::expand::build::{build_proc_macros, folder_of, toolchain_sysroot, MacroDylib};
use crate::expand::{ExpandError, Expansion, Hygiene, MacroCall, MacroKind, Server};
use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::ToTokens;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;

/// How many times the solution is read again for calls that expansions made.
const MAX_ROUNDS: usize = 16;

/// A call on a top-level item that may be a proc macro's.
#[derive(Debug, Clone)]
struct Call {
    /// The item's index in the file.
    item: usize,
    kind: MacroKind,
    /// The macro's name (a derive's: the trait's).
    name: String,
    /// The proc-macro crates it may come from.
    from: Vec<ProcMacro>,
    /// The solution's import it goes through, if one goes when the macro is expanded.
    binding: Option<Import>,
    /// Where it is written: the attribute, the derive's path, the macro's path.
    span: Span,
    /// For an attribute: its index among the item's attributes; for a derive: the
    /// attribute's index and the path's index in its list.
    attr: Option<(usize, usize)>,
    /// From a proc-macro crate the solution names itself, not through a library.
    direct: bool,
}

/// Every list of items of `file`, each with the items whose imports it sees besides its own:
/// the file's items; an inline module's (its own imports only); a block's, such as the
/// structs in `fn main() { .. }` (its module's imports too).
fn item_lists(file: &syn::File) -> Vec<(Vec<syn::Item>, Vec<syn::Item>)> {
    use syn::visit::Visit;
    struct Lists {
        found: Vec<(Vec<syn::Item>, Vec<syn::Item>)>,
        /// The items of the modules being visited, innermost last.
        modules: Vec<Vec<syn::Item>>,
    }
    impl<'ast> Visit<'ast> for Lists {
        fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
            let Some((_, items)) = &module.content else {
                return;
            };
            self.found.push((items.clone(), Vec::new()));
            self.modules.push(items.clone());
            syn::visit::visit_item_mod(self, module);
            self.modules.pop();
        }
        fn visit_block(&mut self, block: &'ast syn::Block) {
            let items: Vec<syn::Item> = block
                .stmts
                .iter()
                .filter_map(|stmt| match stmt {
                    syn::Stmt::Item(item) => Some(item.clone()),
                    _ => None,
                })
                .collect();
            if !items.is_empty() {
                let context = self.modules.last().cloned().unwrap_or_default();
                self.found.push((items, context));
            }
            syn::visit::visit_block(self, block);
        }
    }
    let mut lists = Lists {
        found: vec![(file.items.clone(), Vec::new())],
        modules: vec![file.items.clone()],
    };
    lists.visit_file(file);
    lists.found
}

/// The methods of the impl blocks among `items` that have attributes other than rustc's,
/// each read as a function item with the same tokens (`#[fastout] fn solve(&mut self)`):
/// an attribute macro is applied to it as to a function, and its expansion, written where
/// the method is, is read by rustc as methods.
fn attributed_methods(items: &[syn::Item]) -> Vec<syn::Item> {
    let mut methods = Vec::new();
    for item in items {
        let syn::Item::Impl(block) = item else {
            continue;
        };
        for member in &block.items {
            let syn::ImplItem::Fn(method) = member else {
                continue;
            };
            let builtin = |a: &syn::Attribute| {
                a.path()
                    .get_ident()
                    .is_some_and(|name| is_builtin_attribute(&name.to_string()))
            };
            if method.attrs.iter().all(builtin) {
                continue;
            }
            // `defaultness` has no place on a free function; a method with it keeps it.
            if method.defaultness.is_some() {
                continue;
            }
            methods.push(syn::Item::Fn(syn::ItemFn {
                attrs: method.attrs.clone(),
                vis: method.vis.clone(),
                sig: method.sig.clone(),
                block: Box::new(method.block.clone()),
            }));
        }
    }
    methods
}

/// An import of the solution that only brings proc macros, gone once they are expanded.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Import {
    /// A root `use` leaf: its binding and the path it stands for (a trait of the same name
    /// stays).
    Use(String, Vec<String>),
    /// A root `#[macro_use] extern crate` of a proc-macro crate, by the crate's name.
    MacroUse(String),
}

/// The proc macros code of one crate can name, by the first segment of a path: those of the
/// proc-macro crates it depends on, and those of the libraries it depends on that have
/// proc-macro dependencies (proconio re-exporting proconio_derive's).
#[derive(Debug, Default)]
struct MacroScope {
    direct: BTreeMap<String, ProcMacro>,
    through: BTreeMap<String, Vec<ProcMacro>>,
}

impl MacroScope {
    /// What the solution can name.
    fn of_solution(lib: &Library) -> MacroScope {
        MacroScope::of(lib, &lib.proc_macro_roots, &lib.roots)
    }

    /// What code of crate `krate` can name.
    fn of_crate(lib: &Library, krate: CrateId) -> MacroScope {
        let spec = &lib.krate(krate).spec;
        MacroScope::of(lib, &spec.proc_macros, &spec.deps)
    }

    fn of(
        lib: &Library,
        direct: &BTreeMap<String, ProcMacro>,
        libs: &BTreeMap<String, CrateId>,
    ) -> MacroScope {
        let through = libs
            .iter()
            .map(|(name, &k)| {
                let macros = lib.krate(k).spec.proc_macros.values().cloned().collect();
                (name.clone(), macros)
            })
            .filter(|(_, macros): &(String, Vec<ProcMacro>)| !macros.is_empty())
            .collect();
        MacroScope {
            direct: direct.clone(),
            through,
        }
    }

    fn is_empty(&self) -> bool {
        self.direct.is_empty() && self.through.is_empty()
    }
}

/// The solution with the proc-macro calls of its package's graph expanded; `solution` itself
/// when it has none (nothing is built then).
pub fn expand_solution(
    solution: Solution,
    lib: &Library,
    expander: &mut Expander,
) -> Result<Solution, Error> {
    let scope = MacroScope::of_solution(lib);
    // Most packages have no proc macro at all: nothing of the solution is walked then.
    if scope.is_empty() {
        return Ok(solution);
    }
    let mut solution = solution;
    let mut consumed: BTreeSet<Import> = BTreeSet::new();
    for _ in 0..MAX_ROUNDS {
        let mut calls: Vec<(Call, syn::Item)> = Vec::new();
        for (items, context) in item_lists(&solution.file) {
            let methods = attributed_methods(&items);
            let mut found = vec![(items, context)];
            if !methods.is_empty() {
                let (items, context) = &found[0];
                let seen = context.iter().chain(items).cloned().collect();
                found.push((methods, seen));
            }
            for (items, context) in found {
                for call in self::calls(&items, &context, &scope) {
                    if !expander.not_proc_macro(&call) {
                        let item = items[call.item].clone();
                        calls.push((call, item));
                    }
                }
            }
        }
        // Bottom up, an item once a round (an inner one first: its outer item waits for the
        // next round): an edit moves nothing above it, so every call of the round is
        // located in the text it was read from.
        calls.sort_by_key(|(_, item)| std::cmp::Reverse(solution.offset(item.span())));
        let mut text = solution.text.clone();
        let mut edited: Vec<std::ops::Range<usize>> = Vec::new();
        for (call, item) in &calls {
            let range = solution.offset(item.span())..solution.offset_end(item.span());
            if edited
                .iter()
                .any(|e| e.start < range.end && range.start < e.end)
            {
                continue;
            }
            let at = solution.location_of_span(call.span);
            let Some(replacement) = expander.expand_call(call, item, at)? else {
                // Not a proc macro after all (a `macro_rules!` macro of the library).
                continue;
            };
            text.replace_range(range.clone(), &replacement);
            edited.push(range);
            consumed.extend(call.binding.clone());
        }
        if edited.is_empty() {
            break;
        }
        solution = Solution::from_text(&solution.path, text)?;
    }
    remove_imports(solution, &consumed)
}

impl ExpandMacros for Expander {
    /// The module's items, each proc-macro call replaced by the items it makes (parsed
    /// again, as the engine keeps items). The imports of the macros stay: nothing reaches
    /// them any more, so the bundle leaves them out.
    fn expand_items(
        &mut self,
        lib: &Library,
        krate: CrateId,
        mut items: Vec<syn::Item>,
        file: &Path,
        text: &str,
    ) -> Result<Vec<syn::Item>, Error> {
        let scope = MacroScope::of_crate(lib, krate);
        if scope.is_empty() {
            return Ok(items);
        }
        for _ in 0..MAX_ROUNDS {
            let mut calls = calls(&items, &[], &scope);
            calls.retain(|c| !self.not_proc_macro(c));
            calls.sort_by_key(|c| std::cmp::Reverse(c.item));
            let mut done_items = BTreeSet::new();
            for call in &calls {
                if done_items.contains(&call.item) {
                    continue;
                }
                // An expansion's own items have no place in the file: theirs is the call's.
                let at = Location::of_span(file, text, call.span);
                let Some(replacement) = self.expand_call(call, &items[call.item], at.clone())?
                else {
                    continue;
                };
                let expanded = syn::parse_file(&replacement).map_err(|e| -> Error {
                    ErrorKind::ExpansionNotItems {
                        at,
                        kind: call.kind,
                        name: call.name.clone(),
                        message: e.to_string(),
                    }
                    .into()
                })?;
                items.splice(call.item..=call.item, expanded.items);
                done_items.insert(call.item);
            }
            if done_items.is_empty() {
                break;
            }
        }
        Ok(items)
    }
}

/// The solution without `imports` (each of proc macros it no longer applies): one at a
/// time, since two leaves of a group may share a comma.
fn remove_imports(mut solution: Solution, imports: &BTreeSet<Import>) -> Result<Solution, Error> {
    if imports.is_empty() {
        return Ok(solution);
    }
    loop {
        let mut range = None;
        let lists = item_lists(&solution.file);
        for item in lists.iter().flat_map(|(items, _)| items) {
            match item {
                syn::Item::Use(u) => {
                    leaves(&u.tree, &mut use_prefix(u), &mut |binding, path, ident| {
                        let import = Import::Use(binding.to_string(), path.to_vec());
                        if range.is_none() && imports.contains(&import) {
                            range = solution.use_leaf_removal(ident.span());
                        }
                    });
                }
                syn::Item::ExternCrate(e)
                    if range.is_none()
                        && imports.contains(&Import::MacroUse(e.ident.to_string())) =>
                {
                    range = Some(solution.offset(e.span())..solution.offset_end(e.span()));
                }
                _ => {}
            }
        }
        let Some(range) = range else {
            return Ok(solution);
        };
        let mut text = solution.text.clone();
        text.replace_range(range, "");
        solution = Solution::from_text(&solution.path, text)?;
    }
}

/// The root `use` declarations: each binding with the paths it stands for (one name may
/// bind a macro and a trait: `num_derive::FromPrimitive` and `num_traits::FromPrimitive`).
fn use_map<'a>(items: impl Iterator<Item = &'a syn::Item>) -> BTreeMap<String, Vec<Vec<String>>> {
    let mut map: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
    for item in items {
        if let syn::Item::Use(u) = item {
            leaves(&u.tree, &mut use_prefix(u), &mut |binding, path, _| {
                map.entry(binding.to_string())
                    .or_default()
                    .push(path.to_vec());
            });
        }
    }
    map
}

/// What a `use` tree's paths start with: an empty segment for `::`.
fn use_prefix(u: &syn::ItemUse) -> Vec<String> {
    if u.leading_colon.is_some() {
        vec![String::new()]
    } else {
        Vec::new()
    }
}

/// Calls `found(binding, full path, leaf ident)` for each leaf of a `use` tree but globs
/// and `self`.
fn leaves(
    tree: &syn::UseTree,
    prefix: &mut Vec<String>,
    found: &mut dyn FnMut(&str, &[String], &Ident),
) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            leaves(&p.tree, prefix, found);
            prefix.pop();
        }
        syn::UseTree::Name(n) if n.ident != "self" => {
            prefix.push(n.ident.to_string());
            found(&n.ident.to_string(), prefix, &n.ident);
            prefix.pop();
        }
        syn::UseTree::Rename(r) if r.ident != "self" && r.rename != "_" => {
            prefix.push(r.ident.to_string());
            found(&r.rename.to_string(), prefix, &r.rename);
            prefix.pop();
        }
        syn::UseTree::Group(g) => {
            for tree in &g.items {
                leaves(tree, prefix, found);
            }
        }
        _ => {}
    }
}

/// The derives the standard library defines.
const STD_DERIVES: [&str; 9] = [
    "Clone",
    "Copy",
    "Debug",
    "Default",
    "Eq",
    "Hash",
    "Ord",
    "PartialEq",
    "PartialOrd",
];

/// Calls `found(path)` with the path of each glob in a `use` tree (`a::b::*`: `[a, b]`).
fn globs(tree: &syn::UseTree, prefix: &mut Vec<String>, found: &mut dyn FnMut(&[String])) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            globs(&p.tree, prefix, found);
            prefix.pop();
        }
        syn::UseTree::Glob(_) => found(prefix),
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| globs(t, prefix, found)),
        _ => {}
    }
}

/// The calls on `items` that may be proc macros of the graph, each by its index in `items`;
/// paths are read through the imports among `items` and those among `context` (a block's
/// items see their module's imports).
fn calls(items: &[syn::Item], context: &[syn::Item], scope: &MacroScope) -> Vec<Call> {
    let seen = || context.iter().chain(items);
    let uses = use_map(seen());
    // Where a bare name may come from: a root glob `use krate::..::*` or a
    // `#[macro_use] extern crate krate` (ac-library-rs's examples bring proconio_derive's
    // macros so), with the import that goes once they are expanded.
    let mut open: Vec<(Vec<String>, Option<Import>)> = Vec::new();
    for item in seen() {
        match item {
            syn::Item::Use(u) => globs(&u.tree, &mut use_prefix(u), &mut |path| {
                open.push((path.to_vec(), None))
            }),
            syn::Item::ExternCrate(e)
                if item_attrs(item)
                    .iter()
                    .any(|a| a.path().is_ident("macro_use")) =>
            {
                let name = e.ident.to_string();
                let goes = scope
                    .direct
                    .contains_key(&name)
                    .then(|| Import::MacroUse(name.clone()));
                open.push((vec![name], goes));
            }
            _ => {}
        }
    }
    // The crates a path may come from, its macro name, the import it went through, and
    // whether the solution names the proc-macro crate itself.
    let classify_full = |full: Vec<String>, binding: Option<Import>| {
        let full: Vec<String> = full.into_iter().filter(|s| !s.is_empty()).collect();
        let name = full.last()?.clone();
        if full.len() < 2 {
            return None;
        }
        if let Some(proc_macro) = scope.direct.get(&full[0]) {
            return Some((vec![proc_macro.clone()], name, binding, true));
        }
        let from = scope.through.get(&full[0])?.clone();
        Some((from, name, binding, false))
    };
    let classify = |path: &syn::Path, kind: MacroKind| {
        let written: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        let relative = path.leading_colon.is_none();
        let through_uses = uses
            .get(&written[0])
            .filter(|_| relative)
            .into_iter()
            .flatten()
            .map(|full| {
                let mut whole = full.clone();
                whole.extend(written[1..].iter().cloned());
                (whole, Some(Import::Use(written[0].clone(), full.clone())))
            });
        // A bare name rustc itself gives is never looked for in an open crate.
        let bare = relative
            && written.len() == 1
            && !uses.contains_key(&written[0])
            && !match kind {
                MacroKind::Attribute => is_builtin_attribute(&written[0]),
                MacroKind::Derive => STD_DERIVES.contains(&written[0].as_str()),
                MacroKind::FunctionLike => false,
            };
        let through_open = open.iter().filter(|_| bare).map(|(prefix, import)| {
            let mut whole = prefix.clone();
            whole.push(written[0].clone());
            (whole, import.clone())
        });
        let named = through_uses
            .chain(std::iter::once((written.clone(), None)))
            .find_map(|(full, binding)| classify_full(full, binding));
        // A glob brings whatever its crate has: a bare name through one is a proc macro only
        // when its crate's server lists it, never on the crate's word alone.
        named.or_else(|| {
            through_open
                .filter_map(|(full, binding)| classify_full(full, binding))
                .map(|(from, name, binding, _)| (from, name, binding, false))
                .next()
        })
    };
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        if let syn::Item::Macro(m) = item {
            // `macro_rules! name { .. }` defines a macro; it calls none.
            if m.ident.is_some() {
                continue;
            }
            if let Some((from, name, binding, direct)) =
                classify(&m.mac.path, MacroKind::FunctionLike)
            {
                out.push(Call {
                    item: i,
                    kind: MacroKind::FunctionLike,
                    name,
                    from,
                    binding,
                    direct,
                    span: m.mac.path.span(),
                    attr: None,
                });
            }
            continue;
        }
        for (a, attr) in item_attrs(item).iter().enumerate() {
            if attr.path().is_ident("derive") {
                let Ok(paths) =
                    attr.parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
                else {
                    continue;
                };
                for (p, path) in paths.iter().enumerate() {
                    if let Some((from, name, binding, direct)) = classify(path, MacroKind::Derive) {
                        out.push(Call {
                            item: i,
                            kind: MacroKind::Derive,
                            name,
                            from,
                            binding,
                            direct,
                            span: path.span(),
                            attr: Some((a, p)),
                        });
                    }
                }
            } else if let Some((from, name, binding, direct)) =
                classify(attr.path(), MacroKind::Attribute)
            {
                out.push(Call {
                    item: i,
                    kind: MacroKind::Attribute,
                    name,
                    from,
                    binding,
                    direct,
                    span: attr.span(),
                    attr: Some((a, 0)),
                });
            }
        }
    }
    // Attributes first (rustc expands them before derives), each kind in written order.
    out.sort_by_key(|c| (c.item, c.kind != MacroKind::Attribute));
    out
}

enum Failure {
    Expand(ExpandError),
    /// What the macro made does not read as items.
    NotItems(String),
}

impl From<ExpandError> for Failure {
    fn from(e: ExpandError) -> Failure {
        Failure::Expand(e)
    }
}

/// Builds the proc-macro crates a bundle applies and expands their calls, through one
/// server for the whole bundle.
pub struct Expander {
    /// The package's manifest: its crates are built as it depends on them.
    manifest: PathBuf,
    /// Each proc-macro package (`name version`) built, with its macros.
    dylibs: BTreeMap<String, (PathBuf, Vec<(String, MacroKind)>)>,
    server: Option<Server>,
    /// Expansions so far: the suffix of mixed-site names.
    renamed: usize,
}

impl std::fmt::Debug for Expander {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Expander")
            .field("manifest", &self.manifest)
            .finish_non_exhaustive()
    }
}

impl Expander {
    /// For the package of `manifest`; nothing is built or started before a call needs it.
    pub fn new(manifest: &Path) -> Expander {
        Expander {
            manifest: manifest.to_path_buf(),
            dylibs: BTreeMap::new(),
            server: None,
            renamed: 0,
        }
    }

    /// The text that replaces `item` once `call`, written at `at`, is expanded; `None` when
    /// the call is no proc macro's after all (a `macro_rules!` macro of a library).
    fn expand_call(
        &mut self,
        call: &Call,
        item: &syn::Item,
        at: Location,
    ) -> Result<Option<String>, Error> {
        let fail = |source: ExpandError| -> Error {
            ErrorKind::Expand {
                at: at.clone(),
                kind: call.kind,
                name: call.name.clone(),
                source,
            }
            .into()
        };
        let Some(dylib) = self.dylib_for(call).map_err(fail)? else {
            return Ok(None);
        };
        self.expand(&dylib, call, item)
            .map(Some)
            .map_err(|e| match e {
                Failure::Expand(e) => fail(e),
                Failure::NotItems(message) => ErrorKind::ExpansionNotItems {
                    at: at.clone(),
                    kind: call.kind,
                    name: call.name.clone(),
                    message,
                }
                .into(),
            })
    }
    /// Builds the crates of `call` (all the graph's not built yet, in one Cargo run) and
    /// starts the server, once.
    fn prepare(&mut self, call: &Call) -> Result<(), ExpandError> {
        let missing: Vec<&ProcMacro> = call
            .from
            .iter()
            .filter(|p| !self.dylibs.contains_key(&p.package))
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        let specs: Vec<String> = missing
            .iter()
            .map(|p| p.package.replace(' ', "@"))
            .collect();
        let specs: Vec<&str> = specs.iter().map(String::as_str).collect();
        let target = crate::dirs::cache_dir().map_or_else(
            || folder_of(&self.manifest).join("target"),
            |cache| cache.join("proc-macros"),
        );
        let built: Vec<MacroDylib> = build_proc_macros(&self.manifest, &specs, &target)?;
        if self.server.is_none() {
            self.server = Some(Server::start(&toolchain_sysroot(folder_of(
                &self.manifest,
            ))?)?);
        }
        let server = self.server.as_mut().expect("just started");
        for p in missing {
            let manifest = p.dir.join("Cargo.toml");
            let same = |d: &&MacroDylib| {
                d.manifest == manifest
                    || same_file::is_same_file(&d.manifest, &manifest).unwrap_or(false)
            };
            let (path, macros) = match built.iter().find(same) {
                Some(d) => (d.path.clone(), server.list_macros(&d.path)?),
                None => (PathBuf::new(), Vec::new()),
            };
            self.dylibs.insert(p.package.clone(), (path, macros));
        }
        Ok(())
    }

    /// The library that defines `call`'s macro; `None` when none of its crates does (so it
    /// is no proc macro). A crate the solution names directly always answers: its server
    /// says what it lacks.
    fn dylib_for(&mut self, call: &Call) -> Result<Option<PathBuf>, ExpandError> {
        self.prepare(call)?;
        let found = call.from.iter().find_map(|p| {
            let (path, macros) = &self.dylibs[&p.package];
            macros
                .iter()
                .any(|(name, kind)| *name == call.name && *kind == call.kind)
                .then(|| path.clone())
        });
        Ok(found.or_else(|| {
            // A crate the solution names directly: its server says what it lacks.
            let direct = &self.dylibs[&call.from[0].package].0;
            (call.direct && !direct.as_os_str().is_empty()).then(|| direct.clone())
        }))
    }

    /// Whether `call` is known to be no proc macro (its crates built, none defines it).
    fn not_proc_macro(&self, call: &Call) -> bool {
        call.from.iter().all(|p| {
            self.dylibs.get(&p.package).is_some_and(|(_, macros)| {
                !macros
                    .iter()
                    .any(|(name, kind)| *name == call.name && *kind == call.kind)
            })
        })
    }

    /// The text that replaces `item` once `call` is expanded.
    fn expand(&mut self, dylib: &Path, call: &Call, item: &syn::Item) -> Result<String, Failure> {
        let dir = folder_of(&self.manifest).to_path_buf();
        let env = vec![("CARGO_MANIFEST_DIR".to_string(), dir.display().to_string())];
        let server = self.server.as_mut().expect("prepared");
        let mut kept = item.clone();
        let (input, attr, keep) = match call.kind {
            MacroKind::FunctionLike => {
                let syn::Item::Macro(m) = item else {
                    unreachable!("a function-like call is an item macro")
                };
                (m.mac.tokens.clone(), None, None)
            }
            MacroKind::Attribute => {
                let (a, _) = call.attr.expect("an attribute call has its attribute");
                let attrs = item_attrs_mut(&mut kept).expect("attributes");
                let attribute = attrs.remove(a);
                let args = match &attribute.meta {
                    syn::Meta::List(list) => list.tokens.clone(),
                    _ => TokenStream::new(),
                };
                (kept.to_token_stream(), Some(args), None)
            }
            MacroKind::Derive => {
                let (a, p) = call.attr.expect("a derive call has its attribute");
                // The macro sees the item without its derives; the item stays, without
                // this one.
                let mut input = item.clone();
                item_attrs_mut(&mut input)
                    .expect("attributes")
                    .retain(|at| !at.path().is_ident("derive"));
                let attrs = item_attrs_mut(&mut kept).expect("attributes");
                let mut paths = attrs[a]
                    .parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
                    .expect("read before");
                paths = paths
                    .into_iter()
                    .enumerate()
                    .filter(|&(i, _)| i != p)
                    .map(|(_, path)| path)
                    .collect();
                if paths.is_empty() {
                    attrs.remove(a);
                } else {
                    attrs[a] = syn::parse_quote!(#[derive(#paths)]);
                }
                (input.to_token_stream(), None, Some(kept))
            }
        };
        let expansion = server.expand(&MacroCall {
            dylib,
            name: &call.name,
            kind: call.kind,
            input: &input,
            attr: attr.as_ref(),
            env: &env,
            current_dir: Some(&dir),
        })?;
        self.renamed += 1;
        let tokens = renamed_apart(&expansion, self.renamed);
        let mut file: syn::File =
            syn::parse2(tokens).map_err(|e| Failure::NotItems(e.to_string()))?;
        file.items.iter_mut().for_each(quiet);
        let mut text = String::new();
        if let Some(kept) = keep {
            text += &prettyplease::unparse(&syn::File {
                shebang: None,
                attrs: Vec::new(),
                items: vec![kept],
            });
        }
        text += &prettyplease::unparse(&file);
        Ok(text.trim_end().to_string())
    }
}

/// `item`, made by a macro, without the warnings rustc would not show for it: rustc keeps
/// quiet about code whose spans come from another crate's macro, which in the bundle is
/// written out. Lint attributes on a macro call are ignored (and warned about), so a
/// `thread_local!` call (memoise's cache) instead loses the parentheses around its generic
/// arguments (`BTreeMap<(u64), u64>`), the one warning seen from inside one. The catch: the
/// caller's own code inside an attribute macro's item is quiet too.
fn quiet(item: &mut syn::Item) {
    if let syn::Item::Macro(m) = item {
        if m.mac.path.is_ident("thread_local") {
            m.mac.tokens = without_generic_parens(&m.mac.tokens);
        }
        return;
    }
    if let Some(attrs) = item_attrs_mut(item) {
        attrs.insert(
            0,
            syn::parse_quote!(#[allow(
                unused,
                non_snake_case,
                non_camel_case_types,
                non_upper_case_globals
            )]),
        );
    }
}

/// `tokens` with each parenthesized group holding one path, written between `<`/`,` and
/// `,`/`>`, replaced by the path: `Map<(u64), u64>` becomes `Map<u64, u64>`.
fn without_generic_parens(tokens: &TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let punct = |t: Option<&TokenTree>, chars: &[char]| matches!(t, Some(TokenTree::Punct(p)) if chars.contains(&p.as_char()));
    let mut out = TokenStream::new();
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Group(g) => {
                let inner = without_generic_parens(&g.stream());
                let one_path = inner.clone().into_iter().all(|t| match t {
                    TokenTree::Ident(_) => true,
                    TokenTree::Punct(p) => p.as_char() == ':',
                    _ => false,
                }) && !inner.is_empty();
                if g.delimiter() == proc_macro2::Delimiter::Parenthesis
                    && one_path
                    && punct(i.checked_sub(1).and_then(|j| tokens.get(j)), &['<', ','])
                    && punct(tokens.get(i + 1), &['>', ','])
                {
                    out.extend(inner);
                } else {
                    let mut group = proc_macro2::Group::new(g.delimiter(), inner);
                    group.set_span(g.span());
                    out.extend([TokenTree::Group(group)]);
                }
            }
            other => out.extend([other.clone()]),
        }
    }
    out
}

/// The expansion's tokens, each local variable or label it binds at `Span::mixed_site()`
/// (after `let`, `let mut`, `for`, or as `'label:`) renamed `name_grundy<n>` wherever the
/// expansion writes it at the mixed site: hygiene keeps it apart from the caller's names of
/// the same spelling, and so does the new name.
fn renamed_apart(expansion: &Expansion, n: usize) -> TokenStream {
    let mut flat: Vec<(TokenTree, Option<Hygiene>)> = Vec::new();
    let mut hygiene = expansion.hygiene().iter().copied();
    flatten(expansion.tokens(), &mut hygiene, &mut flat);
    let mut bound = BTreeSet::new();
    for (i, (token, of)) in flat.iter().enumerate() {
        let TokenTree::Ident(ident) = token else {
            continue;
        };
        if *of != Some(Hygiene::MixedSite) {
            continue;
        }
        let before = |back: usize| -> Option<String> {
            i.checked_sub(back).map(|j| match &flat[j].0 {
                TokenTree::Ident(id) => id.to_string(),
                TokenTree::Punct(p) => p.as_char().to_string(),
                TokenTree::Group(_) => String::new(),
                TokenTree::Literal(_) => String::new(),
            })
        };
        let binds = matches!(before(1).as_deref(), Some("let" | "for" | "'"))
            || before(1).as_deref() == Some("mut") && before(2).as_deref() == Some("let");
        if binds && ident != "_" {
            bound.insert(ident.to_string());
        }
    }
    expansion.map_idents(|ident, of| {
        if of == Hygiene::MixedSite && bound.contains(&ident.to_string()) {
            Ident::new(&format!("{ident}_grundy{n}"), ident.span())
        } else {
            ident.clone()
        }
    })
}

/// Every token of `stream` depth first (a group before its contents), each identifier with
/// its hygiene.
fn flatten(
    stream: &TokenStream,
    hygiene: &mut impl Iterator<Item = Hygiene>,
    out: &mut Vec<(TokenTree, Option<Hygiene>)>,
) {
    for token in stream.clone() {
        match &token {
            TokenTree::Ident(_) => {
                let of = hygiene.next();
                out.push((token, of));
            }
            TokenTree::Group(g) => {
                out.push((token.clone(), None));
                flatten(&g.stream(), hygiene, out);
            }
            _ => out.push((token, None)),
        }
    }
}
