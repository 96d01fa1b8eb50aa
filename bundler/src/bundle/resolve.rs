//! What a name means: per-module scopes in Rust's three namespaces (types and modules,
//! values, macros), built once per module from its items, enum variants and `use` leaves,
//! and queried with the language's rules: an item or an explicit import shadows a glob, a
//! glob brings only what is visible to the importing module, `use` prefixes and non-final
//! path segments live in the type namespace, and a first segment that no scope binds falls
//! back to the crate's extern prelude (its dependencies, `extern crate` at its root, `std`,
//! `core`) or is taken as external (std's prelude, a local, a generic).
//!
//! Edition 2015 is modelled where it differs: a `use` path and a `::`-path start at the crate
//! root.
//!
//! Modules are parsed as they are needed, so every answer says whether it is complete
//! ([`Resolved`]): one that met a module not parsed yet may change once it is. Queries are
//! memoized per scope, the complete ones for every later pass; an import met again while it
//! is being resolved (in the same namespace) binds nothing, which is what rustc concludes for
//! the valid crates it accepts.

use super::crates::Edition;
use super::ids::{CrateId, HashMap, ItemId, LeafId, ModuleId};
use super::library::{Entry, Library};
use super::parse::{Ns, PathRef, Paths};
use super::source::{item_name, Location};
use super::tokens;
use super::{Error, ErrorKind};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;

/// A `#[macro_export]` macro: an item at its crate's root.
pub fn is_exported(mac: &syn::ItemMacro) -> bool {
    mac.attrs.iter().any(|a| a.path().is_ident("macro_export"))
}

/// A `#[macro_export(local_inner_macros)]` macro: its inner `name!` calls mean its own
/// crate's macros.
pub fn is_local_inner(mac: &syn::ItemMacro) -> bool {
    mac.attrs.iter().any(|a| {
        a.path().is_ident("macro_export")
            && matches!(&a.meta, syn::Meta::List(l) if l.tokens.to_string().contains("local_inner_macros"))
    })
}

/// What a name can stand for in the library.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Def {
    Module(ModuleId),
    Item(ItemId),
    /// Something outside the bundled crates (`std`, `core`, `alloc`, an unknown crate):
    /// it shadows, but the bundle keeps nothing for it.
    Extern,
}

/// What a name or path resolved to, and the `use` leaves it went through.
#[derive(Debug, Default, Clone)]
pub struct Resolution {
    pub defs: Vec<Def>,
    pub via: Vec<LeafId>,
}

pub enum Outcome {
    Found(Resolution),
    /// Not a library path (std, a local name, a generic parameter); holds any `use` leaves
    /// it went through.
    External(Vec<LeafId>),
    /// A library module lacks the `index`-th segment.
    Missing {
        module: ModuleId,
        index: usize,
    },
}

/// An answer about the library, and whether it is final: not `complete` when working it out
/// met a module not parsed yet, whose items may change it once parsed. An answer worked out
/// from others is complete when they all are.
#[derive(Debug, Clone)]
#[must_use]
pub struct Resolved<T> {
    pub value: T,
    pub complete: bool,
}

impl<T> Resolved<T> {
    pub fn new(value: T, complete: bool) -> Resolved<T> {
        Resolved { value, complete }
    }

    /// An answer that no module not parsed yet can change.
    pub fn complete(value: T) -> Resolved<T> {
        Resolved::new(value, true)
    }

    /// The value; `complete` stays true only if this answer is complete too.
    pub fn noted(self, complete: &mut bool) -> T {
        *complete &= self.complete;
        self.value
    }

    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Resolved<U> {
        Resolved::new(f(self.value), self.complete)
    }
}

/// A module's names, indexed once.
#[derive(Default)]
struct Scope {
    /// Items and child modules by name: (entry position, namespaces it defines in).
    items: HashMap<String, Vec<(usize, NsSet)>>,
    /// Explicit `use` leaves by the name they bind.
    imports: HashMap<String, Vec<LeafId>>,
    globs: Vec<LeafId>,
    /// Item-level macro calls, which may define any name.
    macro_calls: Vec<usize>,
}

/// The namespaces an item defines its name in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct NsSet {
    types: bool,
    values: bool,
    macros: bool,
}

impl NsSet {
    fn has(self, ns: Option<Ns>) -> bool {
        match ns {
            None => self.types || self.values || self.macros,
            Some(Ns::Type) => self.types,
            Some(Ns::Value) => self.values,
            Some(Ns::Macro) => self.macros,
        }
    }
}

const TYPE: NsSet = NsSet {
    types: true,
    values: false,
    macros: false,
};
const VALUE: NsSet = NsSet {
    types: false,
    values: true,
    macros: false,
};
const MACRO: NsSet = NsSet {
    types: false,
    values: false,
    macros: true,
};
const BOTH: NsSet = NsSet {
    types: true,
    values: true,
    macros: false,
};

fn namespaces(item: &syn::Item) -> NsSet {
    match item {
        syn::Item::Fn(_) | syn::Item::Const(_) | syn::Item::Static(_) => VALUE,
        syn::Item::Struct(s) if !matches!(s.fields, syn::Fields::Named(_)) => BOTH,
        syn::Item::Macro(_) => MACRO,
        _ => TYPE,
    }
}

/// A lookup: the module, the name, the namespace, and where it is seen from as far as
/// visibility tells places apart ([`Resolver::seen_from`]).
type MemoKey = (ModuleId, String, Option<Ns>, Option<Vantage>);

/// How far inside module `m` a place is, which is all that decides what of `m` it sees:
/// `pub`, `pub(crate)`/`pub(in ..)`, `pub(super)`, private. Lookups are memoized by this
/// rather than by the place, so the many modules that glob-import one module share its
/// answers (libc: thousands).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Vantage {
    OtherCrate,
    SameCrate,
    InParent,
    Inside,
}

/// An import being followed: an explicit one for a namespace, or a glob for one name in a
/// namespace (the same glob asked for another name is not a cycle).
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    leaf: LeafId,
    ns: Option<Ns>,
    name: Option<String>,
}

/// What resolution learnt that stays true once more modules are parsed: the scopes of
/// parsed modules, the leaves of their `use` items, the complete lookups, the paths of macro
/// bodies. Carried from one pass over the library to the next, and to emit, which names
/// what reach named.
#[derive(Default)]
pub struct Cache {
    leaves: HashMap<ItemId, Rc<Vec<PathRef>>>,
    scopes: HashMap<ModuleId, Rc<Scope>>,
    lookups: HashMap<MemoKey, Resolved<Resolution>>,
    macro_paths: HashMap<ItemId, Rc<Vec<PathRef>>>,
    /// The lookups that met a module not parsed yet, to be done again once it is.
    incomplete: Vec<Query>,
}

/// A lookup as asked: a name in a module, in a namespace, from a place.
type Query = (ModuleId, String, Option<Ns>, Option<ModuleId>);

/// Name resolution over every crate of a [`Library`] as loaded so far.
pub struct Resolver<'l> {
    pub lib: &'l Library,
    leaves: HashMap<ItemId, Rc<Vec<PathRef>>>,
    scopes: RefCell<HashMap<ModuleId, Rc<Scope>>>,
    /// Lookups done; an incomplete one is good for the pass that worked it out only.
    lookups: RefCell<HashMap<MemoKey, Resolved<Resolution>>>,
    /// The lookups worked out that met a module not parsed yet.
    incomplete: RefCell<Vec<Query>>,
    /// Modules not parsed yet that a query needed: resolution is redone once they are.
    pub needed: RefCell<BTreeSet<ModuleId>>,
    /// The names each item-level macro call may define, once worked out completely.
    macro_defined: RefCell<HashMap<ItemId, BTreeSet<String>>>,
    /// The paths in each `macro_rules!` body, once asked.
    macro_paths: RefCell<HashMap<ItemId, Rc<Vec<PathRef>>>>,
    /// Chains of imports met again while being resolved, for the message when a path
    /// then resolves to nothing.
    pub cycles: RefCell<Vec<Vec<LeafId>>>,
    /// Every `macro_rules!` by name, built on the first query: macros are asked for by name
    /// thousands of times in a large crate graph, and the library does not change while a
    /// resolver lives.
    macro_index: std::cell::OnceCell<MacroIndex>,
}

/// Where each macro name may be defined: the parsed `macro_rules!` items, and the modules
/// not parsed yet whose text may define it.
#[derive(Default)]
struct MacroIndex {
    defined: HashMap<String, Vec<ItemId>>,
    unparsed: HashMap<String, Vec<ModuleId>>,
}

impl<'l> Resolver<'l> {
    pub fn new(lib: &'l Library) -> Resolver<'l> {
        Resolver::with_cache(lib, Cache::default())
    }

    /// A resolver that starts from what an earlier pass learnt.
    pub fn with_cache(lib: &'l Library, cache: Cache) -> Resolver<'l> {
        let mut leaves = cache.leaves;
        for (m, module) in lib.modules() {
            for (i, entry) in module.entries.iter().enumerate() {
                if let Entry::Item(item @ syn::Item::Use(_)) = entry {
                    leaves
                        .entry(ItemId::new(m, i))
                        .or_insert_with(|| Rc::new(Paths::of_item(item)));
                }
            }
        }
        Resolver {
            lib,
            leaves,
            scopes: RefCell::new(cache.scopes),
            lookups: RefCell::new(cache.lookups),
            incomplete: RefCell::default(),
            needed: RefCell::default(),
            cycles: RefCell::default(),
            macro_defined: RefCell::default(),
            macro_paths: RefCell::new(cache.macro_paths),
            macro_index: Default::default(),
        }
    }

    /// What stays true for the next pass: the complete lookups, the scopes of parsed
    /// modules.
    pub fn into_cache(self) -> Cache {
        let mut lookups = self.lookups.into_inner();
        lookups.retain(|_, found| found.complete);
        let mut scopes = self.scopes.into_inner();
        scopes.retain(|&m, _| self.lib.is_loaded(m));
        Cache {
            leaves: self.leaves,
            scopes,
            lookups,
            macro_paths: self.macro_paths.into_inner(),
            incomplete: self.incomplete.into_inner(),
        }
    }

    /// Does again, over the library as loaded now, the lookups of the pass `cache` comes
    /// from that were incomplete; returns what they leave learnt and the modules not parsed
    /// yet they need now. A chain of imports through modules not parsed yet (globs leading
    /// one module file further each time) is thus followed without a pass over everything
    /// kept for each step.
    pub fn redo_incomplete(lib: &'l Library, mut cache: Cache) -> (Cache, BTreeSet<ModuleId>) {
        let incomplete = std::mem::take(&mut cache.incomplete);
        let resolver = Resolver::with_cache(lib, cache);
        for (m, name, ns, from) in incomplete {
            let _ = resolver.lookup(m, &name, ns, from, &mut Vec::new());
        }
        let needed = resolver.needed.take();
        (resolver.into_cache(), needed)
    }

    pub fn item(&self, id: ItemId) -> Option<&'l syn::Item> {
        self.lib.item(id)
    }

    /// The leaves of the `use` item at `id`.
    pub fn leaves(&self, id: ItemId) -> Rc<Vec<PathRef>> {
        self.leaves.get(&id).cloned().unwrap_or_default()
    }

    pub fn leaf(&self, id: LeafId) -> &PathRef {
        &self.leaves[&id.item][id.leaf]
    }

    /// The `use` items of module `m`, with their leaves.
    pub fn uses_of(&self, m: ModuleId) -> Vec<(usize, Rc<Vec<PathRef>>)> {
        let mut out: Vec<_> = self
            .leaves
            .iter()
            .filter(|(item, _)| item.module == m)
            .map(|(item, leaves)| (item.index, leaves.clone()))
            .collect();
        out.sort_by_key(|(i, _)| *i);
        out
    }

    /// Whether module `m` is parsed; if not, it is marked as needed, and what is worked out
    /// from it is incomplete.
    pub fn parsed(&self, m: ModuleId) -> bool {
        let parsed = self.lib.is_loaded(m);
        if !parsed {
            self.need(m);
        }
        parsed
    }

    /// Marks unparsed module `m` as needed.
    fn need(&self, m: ModuleId) {
        self.needed.borrow_mut().insert(m);
    }

    fn scope(&self, m: ModuleId) -> Rc<Scope> {
        if let Some(scope) = self.scopes.borrow().get(&m) {
            return scope.clone();
        }
        let mut scope = Scope::default();
        for (i, entry) in self.lib.module(m).entries.iter().enumerate() {
            match entry {
                Entry::Module(c) if self.lib.module(*c).compiled_out => {}
                Entry::Module(c) => scope
                    .items
                    .entry(self.lib.module(*c).name.clone())
                    .or_default()
                    .push((i, TYPE)),
                Entry::Item(syn::Item::Use(_)) => {
                    let id = ItemId::new(m, i);
                    for (l, leaf) in self.leaves[&id].iter().enumerate() {
                        if leaf.is_glob() {
                            scope.globs.push(LeafId::new(id, l));
                        } else if let Some(binding) = leaf.binding() {
                            scope
                                .imports
                                .entry(binding.clone())
                                .or_default()
                                .push(LeafId::new(id, l));
                        }
                    }
                }
                Entry::Item(syn::Item::Macro(mac)) if mac.ident.is_none() => {
                    scope.macro_calls.push(i);
                }
                Entry::Item(syn::Item::ForeignMod(block)) => {
                    // `extern "C" { fn f(); static S: T; type T; }`: each name means the
                    // block, whose members are kept by name.
                    for member in &block.items {
                        let (name, spaces) = match member {
                            syn::ForeignItem::Fn(f) => (&f.sig.ident, VALUE),
                            syn::ForeignItem::Static(s) => (&s.ident, VALUE),
                            syn::ForeignItem::Type(t) => (&t.ident, TYPE),
                            _ => continue,
                        };
                        scope
                            .items
                            .entry(name.to_string())
                            .or_default()
                            .push((i, spaces));
                    }
                }
                Entry::Item(item) => {
                    if let Some(name) = item_name(item) {
                        scope
                            .items
                            .entry(name.to_string())
                            .or_default()
                            .push((i, namespaces(item)));
                    }
                }
            }
        }
        let scope = Rc::new(scope);
        self.scopes.borrow_mut().insert(m, scope.clone());
        scope
    }

    /// Whether entry `i` of module `m` is under a `#[cfg]` left for the judge's compiler.
    fn conditional(&self, m: ModuleId, i: usize) -> bool {
        let attrs: &[syn::Attribute] = match &self.lib.module(m).entries[i] {
            Entry::Module(c) => &self.lib.module(*c).attrs,
            Entry::Item(item) => super::source::item_attrs(item),
        };
        attrs.iter().any(|a| a.path().is_ident("cfg"))
    }

    /// The visibility of entry `i` of module `m` (`None`: private).
    fn visibility(&self, m: ModuleId, i: usize) -> Option<&'l syn::Visibility> {
        Some(match &self.lib.module(m).entries[i] {
            Entry::Module(c) => &self.lib.module(*c).vis,
            Entry::Item(item) => match item {
                syn::Item::Const(i) => &i.vis,
                syn::Item::Enum(i) => &i.vis,
                syn::Item::ExternCrate(i) => &i.vis,
                syn::Item::Fn(i) => &i.vis,
                syn::Item::Mod(i) => &i.vis,
                syn::Item::Static(i) => &i.vis,
                syn::Item::Struct(i) => &i.vis,
                syn::Item::Trait(i) => &i.vis,
                syn::Item::TraitAlias(i) => &i.vis,
                syn::Item::Type(i) => &i.vis,
                syn::Item::Union(i) => &i.vis,
                syn::Item::Use(i) => &i.vis,
                // Its members' (each written with its own, most often all alike).
                syn::Item::ForeignMod(block) => {
                    return block.items.iter().find_map(|member| match member {
                        syn::ForeignItem::Fn(f) => Some(&f.vis),
                        syn::ForeignItem::Static(s) => Some(&s.vis),
                        syn::ForeignItem::Type(t) => Some(&t.vis),
                        _ => None,
                    })
                }
                _ => return None,
            },
        })
    }

    /// Whether what entry `i` of module `m` binds may be named from module `from`.
    fn visible(&self, m: ModuleId, i: usize, from: ModuleId) -> bool {
        // An exported macro is an item of its crate's root, public.
        if matches!(&self.lib.module(m).entries[i], Entry::Item(syn::Item::Macro(mac)) if is_exported(mac))
        {
            return true;
        }
        let same_crate = self.lib.module(m).krate == self.lib.module(from).krate;
        match self.visibility(m, i) {
            Some(syn::Visibility::Public(_)) => true,
            Some(syn::Visibility::Restricted(r)) if r.path.is_ident("super") => self
                .lib
                .module(m)
                .parent
                .is_some_and(|p| self.is_within(from, p)),
            Some(syn::Visibility::Restricted(r)) if r.path.is_ident("self") => {
                self.is_within(from, m)
            }
            Some(syn::Visibility::Restricted(_)) => same_crate,
            Some(syn::Visibility::Inherited) | None => self.is_within(from, m),
        }
    }

    /// How far inside `m` module `from` is, as [`Resolver::visible`] tells.
    fn seen_from(&self, m: ModuleId, from: ModuleId) -> Vantage {
        if self.is_within(from, m) {
            Vantage::Inside
        } else if self
            .lib
            .module(m)
            .parent
            .is_some_and(|p| self.is_within(from, p))
        {
            Vantage::InParent
        } else if self.lib.module(m).krate == self.lib.module(from).krate {
            Vantage::SameCrate
        } else {
            Vantage::OtherCrate
        }
    }

    /// Whether module `inner` is `outer` or inside it.
    fn is_within(&self, mut inner: ModuleId, outer: ModuleId) -> bool {
        loop {
            if inner == outer {
                return true;
            }
            match self.lib.module(inner).parent {
                Some(p) => inner = p,
                None => return false,
            }
        }
    }

    /// The root module of the crate `m` belongs to.
    pub fn crate_root(&self, m: ModuleId) -> ModuleId {
        self.lib.crate_of(m).root
    }

    fn edition(&self, m: ModuleId) -> Edition {
        self.lib.crate_of(m).spec.edition
    }

    /// What `name` means in the extern prelude of `m`'s crate: a bundled dependency's root
    /// (its own name, or a rename in an `extern crate` at the crate root), or [`Def::Extern`]
    /// for `std`, `core`, `alloc` and crates the bundle does not have.
    pub fn extern_prelude(&self, m: ModuleId, name: &str) -> Option<Def> {
        let krate = self.lib.crate_of(m);
        if let Some(&dep) = krate.spec.deps.get(name) {
            return Some(Def::Module(self.lib.krate(dep).root));
        }
        for e in self.root_extern_crates(m) {
            let bound = e.rename.as_ref().map_or(&e.ident, |(_, r)| r);
            if bound == name {
                return Some(self.extern_crate_def(m, &e.ident.to_string()));
            }
        }
        matches!(name, "std" | "core").then_some(Def::Extern)
    }

    /// The `extern crate` items at the root of `m`'s crate (none until it is parsed).
    fn root_extern_crates(&self, m: ModuleId) -> impl Iterator<Item = &'l syn::ItemExternCrate> {
        let root = self.crate_root(m);
        let entries: &'l [Entry] = if self.lib.is_loaded(root) {
            &self.lib.module(root).entries
        } else {
            &[]
        };
        entries.iter().filter_map(|entry| match entry {
            Entry::Item(syn::Item::ExternCrate(e)) => Some(e),
            _ => None,
        })
    }

    /// The crate `name` stands for when `m`'s crate root renames `std`, `core` or `alloc` to
    /// it (`extern crate alloc as stdalloc;`), which puts it in the extern prelude.
    pub fn extern_alias(&self, m: ModuleId, name: &str) -> Option<String> {
        self.root_extern_crates(m).find_map(|e| {
            let real = e.ident.to_string();
            let renamed = e.rename.as_ref().is_some_and(|(_, r)| r == name);
            (renamed && matches!(real.as_str(), "std" | "core" | "alloc")).then_some(real)
        })
    }

    /// What `extern crate name` written in `m`'s crate refers to.
    pub fn extern_crate_def(&self, m: ModuleId, name: &str) -> Def {
        match self.lib.crate_of(m).spec.deps.get(name) {
            Some(&dep) => Def::Module(self.lib.krate(dep).root),
            None if name == "self" => Def::Module(self.crate_root(m)),
            None => Def::Extern,
        }
    }

    /// Everything `name` means in the scope of module `m` in namespace `ns` (all three when
    /// `None`), in rustc's order (items, imports, globs). With `from`, only bindings visible from
    /// that module (a glob importing into it) count.
    pub fn lookup(
        &self,
        m: ModuleId,
        name: &str,
        ns: Option<Ns>,
        from: Option<ModuleId>,
        stack: &mut Vec<Frame>,
    ) -> Resolved<Resolution> {
        let Some(_) = ns else {
            // Each namespace has its own scope: an item in one does not hide an import in
            // another (`pub use convolution::convolution` beside the module `convolution`).
            let mut all = Resolution::default();
            let mut complete = true;
            for ns in [Ns::Type, Ns::Value, Ns::Macro] {
                let found = self
                    .lookup(m, name, Some(ns), from, stack)
                    .noted(&mut complete);
                for def in found.defs {
                    if !all.defs.contains(&def) {
                        all.defs.push(def);
                    }
                }
                all.via.extend(found.via);
            }
            return Resolved::new(all, complete);
        };
        let key = (
            m,
            name.to_string(),
            ns,
            from.map(|from| self.seen_from(m, from)),
        );
        if let Some(found) = self.lookups.borrow().get(&key) {
            return found.clone();
        }
        let mut found = self.scope_lookup(m, name, ns, from, stack);
        // Several ways to one binding (modules under one cfg each, each glob importing the
        // next) count once: else the lists grow with every step of a chain.
        let mut seen = std::collections::HashSet::new();
        found.value.defs.retain(|d| seen.insert(*d));
        let mut seen = std::collections::HashSet::new();
        found.value.via.retain(|l| seen.insert(*l));
        if !found.complete {
            self.incomplete
                .borrow_mut()
                .push((m, name.to_string(), ns, from));
        }
        self.lookups.borrow_mut().insert(key, found.clone());
        found
    }

    /// What `name` means in module `m` in namespace `ns`, in rustc's order: the module's own
    /// items (and child modules), then its explicit imports, then its globs, and last a
    /// name an item-level macro call of the module may define. A binding found shadows the
    /// kinds after it, unless it is under a cfg left for the judge's compiler: then both may
    /// be what the name means, as the compiler decides (an import under
    /// `target_os = "android"`, else what a glob brings).
    fn scope_lookup(
        &self,
        m: ModuleId,
        name: &str,
        ns: Option<Ns>,
        from: Option<ModuleId>,
        stack: &mut Vec<Frame>,
    ) -> Resolved<Resolution> {
        if !self.parsed(m) {
            return Resolved::new(Resolution::default(), false);
        }
        let scope = self.scope(m);
        let visible = |i: usize| from.is_none_or(|from| self.visible(m, i, from));
        let mut complete = true;
        let (mut found, items_decided) = self
            .items_named(m, &scope, name, ns, &visible)
            .noted(&mut complete);
        if !found.defs.is_empty() && items_decided {
            return Resolved::new(found, complete);
        }
        let (imported, import_decided) = self
            .imports_named(m, &scope, name, ns, &visible, stack)
            .noted(&mut complete);
        found.defs.extend(imported.defs);
        found.via.extend(imported.via);
        if !found.defs.is_empty() && (items_decided || import_decided) {
            return Resolved::new(found, complete);
        }
        let globbed = self
            .globs_named(m, &scope, name, ns, &visible, stack)
            .noted(&mut complete);
        found.defs.extend(globbed.defs);
        found.via.extend(globbed.via);
        if found.defs.is_empty() && ns != Some(Ns::Macro) {
            // Macros are not expanded: the call that may write the name is what it means.
            for &i in &scope.macro_calls {
                if self.macro_call_may_define(m, i, name).noted(&mut complete) {
                    found.defs.push(Def::Item(ItemId::new(m, i)));
                }
            }
        }
        Resolved::new(found, complete)
    }

    /// The items (and child modules) of `m` called `name` in `ns` that `visible` lets be
    /// named, with the crate's `#[macro_export]` macros at its root; and whether one of them
    /// is not under a cfg left for the judge's compiler.
    fn items_named(
        &self,
        m: ModuleId,
        scope: &Scope,
        name: &str,
        ns: Option<Ns>,
        visible: &impl Fn(usize) -> bool,
    ) -> Resolved<(Resolution, bool)> {
        let mut found = Resolution::default();
        let named = || {
            scope
                .items
                .get(name)
                .into_iter()
                .flatten()
                .filter(|&&(i, spaces)| spaces.has(ns) && visible(i))
        };
        for &(i, _) in named() {
            found.defs.push(match &self.lib.module(m).entries[i] {
                Entry::Module(c) => Def::Module(*c),
                Entry::Item(syn::Item::ExternCrate(e)) => {
                    self.extern_crate_def(m, &e.ident.to_string())
                }
                Entry::Item(_) => Def::Item(ItemId::new(m, i)),
            });
        }
        let mut complete = true;
        if ns.is_none_or(|ns| ns == Ns::Macro) && m == self.crate_root(m) {
            found
                .defs
                .extend(self.exported_macros(m, name).noted(&mut complete));
        }
        // An exported macro defined below the root is an item of the root whatever cfgs the
        // modules on its way have.
        let decided = named().any(|&(i, _)| !self.conditional(m, i))
            || found
                .defs
                .iter()
                .any(|d| matches!(d, Def::Item(id) if id.module != m));
        Resolved::new((found, decided), complete)
    }

    /// What the explicit imports of `m` binding `name` bring in `ns`, in order; and whether
    /// one that brought something is not under a cfg left for the judge's compiler. An import
    /// met again while it is being followed (in the same namespace) binds nothing, which is
    /// what rustc concludes for the valid crates it accepts; the chain is kept for the
    /// message when a path then resolves to nothing.
    fn imports_named(
        &self,
        m: ModuleId,
        scope: &Scope,
        name: &str,
        ns: Option<Ns>,
        visible: &impl Fn(usize) -> bool,
        stack: &mut Vec<Frame>,
    ) -> Resolved<(Resolution, bool)> {
        let mut found = Resolution::default();
        let (mut decided, mut complete) = (false, true);
        for &leaf in scope.imports.get(name).into_iter().flatten() {
            if !visible(leaf.item.index) {
                continue;
            }
            let frame = Frame {
                leaf,
                ns,
                name: None,
            };
            if let Some(at) = stack.iter().position(|s| *s == frame) {
                let chain = stack[at..].iter().map(|f| f.leaf).collect();
                self.cycles.borrow_mut().push(chain);
                continue;
            }
            stack.push(frame);
            let before = found.defs.len();
            let path = self.leaf(leaf).clone();
            let outcome = self.resolve(m, &path, ns, stack).noted(&mut complete);
            stack.pop();
            match outcome {
                Outcome::Found(r) if !r.defs.is_empty() => {
                    found.via.push(leaf);
                    found.defs.extend(r.defs);
                    found.via.extend(r.via);
                }
                Outcome::External(via) if ns.is_none_or(|ns| ns == Ns::Type) => {
                    // An import of something outside the bundle still binds the name.
                    found.via.push(leaf);
                    found.via.extend(via);
                    found.defs.push(Def::Extern);
                }
                Outcome::Missing { module, .. } => {
                    // Through a name a macro call defines (`use sse2 as imp;` inside
                    // `cfg_if!`): it binds the name, as far as can be told.
                    let defined = path.segments.last().is_some_and(|last| {
                        self.macro_call_in_may_define(module, last)
                            .noted(&mut complete)
                    });
                    if defined {
                        found.via.push(leaf);
                        found.defs.push(Def::Extern);
                    }
                }
                _ => {}
            }
            if found.defs.len() > before && !self.conditional(m, leaf.item.index) {
                decided = true;
            }
        }
        Resolved::new((found, decided), complete)
    }

    /// Whether an item-level macro call of module `m`, if it is parsed, may define `name`.
    fn macro_call_in_may_define(&self, m: ModuleId, name: &str) -> Resolved<bool> {
        let mut complete = true;
        let defined = self.lib.is_loaded(m)
            && self
                .scope(m)
                .macro_calls
                .iter()
                .any(|&c| self.macro_call_may_define(m, c, name).noted(&mut complete));
        Resolved::new(defined, complete)
    }

    /// What the glob imports of `m` bring called `name` in `ns`: what is visible to `m` in
    /// each module globbed, and an enum's variant. A glob being followed for one name still
    /// serves another (globs that lead through each other).
    fn globs_named(
        &self,
        m: ModuleId,
        scope: &Scope,
        name: &str,
        ns: Option<Ns>,
        visible: &impl Fn(usize) -> bool,
        stack: &mut Vec<Frame>,
    ) -> Resolved<Resolution> {
        let mut found = Resolution::default();
        let mut complete = true;
        for &leaf in &scope.globs {
            if !visible(leaf.item.index) {
                continue;
            }
            let frame = Frame {
                leaf,
                ns,
                name: Some(name.to_string()),
            };
            if stack.contains(&frame) {
                continue;
            }
            stack.push(frame);
            let path = self.leaf(leaf).clone();
            let prefix = self
                .resolve(m, &path, Some(Ns::Type), stack)
                .noted(&mut complete);
            let mut inner = Resolution::default();
            if let Outcome::Found(prefix) = prefix {
                for def in &prefix.defs {
                    match *def {
                        Def::Module(g) => {
                            let more = self
                                .lookup(g, name, ns, Some(m), stack)
                                .noted(&mut complete);
                            inner.defs.extend(more.defs);
                            inner.via.extend(more.via);
                        }
                        Def::Item(id) if ns != Some(Ns::Macro) && self.has_variant(id, name) => {
                            inner.defs.push(*def);
                        }
                        // A module a macro call writes (`pub mod $name { .. }` in its body)
                        // holds, as far as can be told, the names the body declares: the
                        // call is what they mean.
                        Def::Item(id)
                            if ns != Some(Ns::Macro)
                                && matches!(self.item(id), Some(syn::Item::Macro(call)) if call.ident.is_none())
                                && self
                                    .macro_call_may_define(id.module, id.index, name)
                                    .noted(&mut complete) =>
                        {
                            inner.defs.push(*def);
                        }
                        _ => {}
                    }
                }
                if !inner.defs.is_empty() {
                    inner.via.extend(prefix.via);
                }
            }
            stack.pop();
            if !inner.defs.is_empty() {
                found.via.push(leaf);
                found.defs.extend(inner.defs);
                found.via.extend(inner.via);
            }
        }
        Resolved::new(found, complete)
    }

    /// Whether the macro call at entry `i` of `m` may define `name`: its definition's body
    /// declares an item of that name (`trait FloatConst`), or declares one from a
    /// metavariable (`struct $name`) and the call's arguments hold the name. Remembered for
    /// the resolver's life once complete: a definition in a file read later may change it.
    pub fn macro_call_may_define(&self, m: ModuleId, i: usize, name: &str) -> Resolved<bool> {
        let id = ItemId::new(m, i);
        if let Some(names) = self.macro_defined.borrow().get(&id) {
            return Resolved::complete(names.contains(name));
        }
        let names = self.macro_call_names(m, i);
        let found = names.value.contains(name);
        if names.complete {
            self.macro_defined.borrow_mut().insert(id, names.value);
        }
        Resolved::new(found, names.complete)
    }

    /// The names the macro call at entry `i` of `m` may define (see
    /// [`Resolver::macro_call_may_define`]).
    fn macro_call_names(&self, m: ModuleId, i: usize) -> Resolved<BTreeSet<String>> {
        let mut names = BTreeSet::new();
        let Some(syn::Item::Macro(call)) = self.item(ItemId::new(m, i)) else {
            return Resolved::complete(names);
        };
        let Some(macro_name) = call.mac.path.segments.last().map(|s| s.ident.to_string()) else {
            return Resolved::complete(names);
        };
        // An item written whole in the call (`cfg_64!(type Digit = u64;)`, `thread_local!`'s
        // and `lazy_static!`'s statics).
        names.extend(tokens::declared_names(&call.mac.tokens));
        // The definition: the crate's own `macro_rules!` of that name, else another crate's
        // (imported by `use` or `#[macro_use]`).
        let krate = self.lib.module(m).krate;
        let mut complete = true;
        let mut defs = self
            .macros(&macro_name, |k| k == krate, |_, _| true)
            .noted(&mut complete);
        if defs.is_empty() {
            defs = self
                .macros(&macro_name, |k| self.macro_visible(krate, k), |_, _| true)
                .noted(&mut complete);
        }
        for def in defs {
            if let Def::Item(id) = def {
                if let Some(syn::Item::Macro(d)) = self.item(id) {
                    let declared = tokens::declared_names(&d.mac.tokens);
                    if declared.contains("$") {
                        tokens::lone_identifiers(&call.mac.tokens, &mut names);
                    }
                    names.extend(declared);
                }
            }
        }
        Resolved::new(names, complete)
    }

    /// The paths written in the body of the `macro_rules!` at `id`, read once.
    pub fn macro_body_paths(&self, id: ItemId) -> Rc<Vec<PathRef>> {
        if let Some(paths) = self.macro_paths.borrow().get(&id) {
            return paths.clone();
        }
        let mut paths = Paths::default();
        if let Some(syn::Item::Macro(def)) = self.item(id) {
            paths.tokens(def.mac.tokens.clone());
        }
        let paths = Rc::new(paths.found);
        self.macro_paths.borrow_mut().insert(id, paths.clone());
        paths
    }

    /// Whether module `m` (parsed) has a glob import.
    pub fn scope_has_globs(&self, m: ModuleId) -> bool {
        !self.scope(m).globs.is_empty()
    }

    /// The root of the crate whose `#[macro_export]` macro `name!` a bare call in module `m`
    /// means through a `#[macro_use] extern crate` at `m`'s crate root, unless `m`'s crate
    /// has a `macro_rules! name` of its own.
    pub fn macro_use_source(&self, m: ModuleId, name: &str) -> Resolved<Option<ModuleId>> {
        let krate = self.lib.module(m).krate;
        let mut complete = true;
        let own = self.macros(name, |k| k == krate, |_, _| true);
        if !own.noted(&mut complete).is_empty() {
            return Resolved::new(None, complete);
        }
        let source = self
            .root_extern_crates(m)
            .filter(|e| e.attrs.iter().any(|a| a.path().is_ident("macro_use")))
            .find_map(|e| match self.extern_crate_def(m, &e.ident.to_string()) {
                Def::Module(dep) => {
                    let found = self.lookup(dep, name, Some(Ns::Macro), None, &mut Vec::new());
                    (!found.noted(&mut complete).defs.is_empty()).then_some(dep)
                }
                _ => None,
            });
        Resolved::new(source, complete)
    }

    /// Whether a bare macro name in crate `krate` may mean a macro of crate `k`: its own, or
    /// a direct dependency's (imported, or by `#[macro_use] extern crate`).
    pub fn macro_visible(&self, krate: CrateId, k: CrateId) -> bool {
        k == krate || self.lib.krate(krate).spec.deps.values().any(|&d| d == k)
    }

    /// Whether the `macro_rules!` at `def` is out of a bare call's reach from item `at` for
    /// textual order: written in `at`'s module or one of its ancestors, after `at` (or after
    /// the `mod` that holds it). Rustc's textual scope starts at the definition; an exported
    /// macro is also an item at its crate's root, so it never counts as out of reach here.
    pub fn macro_defined_after(&self, def: ItemId, at: ItemId) -> bool {
        let local_definition = matches!(self.item(def), Some(syn::Item::Macro(mac))
            if mac.ident.is_some() && !is_exported(mac));
        if !local_definition {
            return false; // a call that may define it, or an exported macro
        }
        let (mut m, mut position) = (at.module, at.index);
        loop {
            if m == def.module {
                return def.index > position;
            }
            let Some(parent) = self.lib.module(m).parent else {
                return false;
            };
            let declared = self
                .lib
                .module(parent)
                .entries
                .iter()
                .position(|e| matches!(e, Entry::Module(c) if *c == m));
            match declared {
                Some(index) => (m, position) = (parent, index),
                None => return false,
            }
        }
    }

    pub fn has_variant(&self, id: ItemId, name: &str) -> bool {
        matches!(self.item(id), Some(syn::Item::Enum(e)) if e.variants.iter().any(|v| v.ident == name))
    }

    /// `#[macro_export]` macros of `root`'s crate, which live at its root.
    /// When none is found and the root binds nothing else of that name, the modules that
    /// may declare a file defining it are needed.
    fn exported_macros(&self, root: ModuleId, name: &str) -> Resolved<Vec<Def>> {
        let krate = self.lib.module(root).krate;
        let mut found = self.macros(name, |k| k == krate, |m, mac| m != root && is_exported(mac));
        let scope = self.scope(root);
        if found.value.is_empty()
            && !scope.items.contains_key(name)
            && !scope.imports.contains_key(name)
        {
            for m in self.lib.unparsed_modules_declaring_macro(krate, name) {
                self.need(m);
                found.complete = false;
            }
        }
        found
    }

    /// The `macro_rules!` called `name` in the crates `in_crate` accepts, for which
    /// `accept(module, item)` holds. Only those crates' unparsed modules are needed: a name
    /// spelled in an unrelated crate of the graph costs nothing.
    pub fn macros(
        &self,
        name: &str,
        in_crate: impl Fn(CrateId) -> bool,
        accept: impl Fn(ModuleId, &syn::ItemMacro) -> bool,
    ) -> Resolved<Vec<Def>> {
        let index = self.macro_index.get_or_init(|| self.index_macros());
        let mut complete = true;
        for &m in index.unparsed.get(name).into_iter().flatten() {
            if in_crate(self.lib.module(m).krate) {
                self.need(m);
                complete = false;
            }
        }
        let defined = index.defined.get(name).into_iter().flatten();
        let found = defined
            .filter(|&&id| {
                in_crate(self.lib.module(id.module).krate)
                    && matches!(self.lib.entry(id), Entry::Item(syn::Item::Macro(mac)) if accept(id.module, mac))
            })
            .map(|&id| Def::Item(id))
            .collect();
        Resolved::new(found, complete)
    }

    fn index_macros(&self) -> MacroIndex {
        let mut index = MacroIndex::default();
        for (m, module) in self.lib.modules() {
            if !self.lib.is_loaded(m) {
                for name in &self.lib.hints(m).macros {
                    index.unparsed.entry(name.clone()).or_default().push(m);
                }
            }
            for (i, entry) in module.entries.iter().enumerate() {
                if let Entry::Item(syn::Item::Macro(mac)) = entry {
                    if let Some(id) = &mac.ident {
                        index
                            .defined
                            .entry(id.to_string())
                            .or_default()
                            .push(ItemId::new(m, i));
                    }
                }
            }
        }
        index
    }

    /// The module a path's first segment starts from when it names no local scope: `crate`,
    /// `self`, `super`, or (edition 2015 `use` and `::` paths) the crate root.
    fn start(&self, m: ModuleId, path: &PathRef) -> Option<(Option<ModuleId>, usize)> {
        let first = path.segments[0].as_str();
        let root = self.crate_root(m);
        Some(match first {
            "crate" | "$crate" => (Some(root), 1),
            "self" => (Some(m), 1),
            "super" => {
                let mut module = self.lib.module(m).parent;
                let mut skip = 1;
                while path.segments.get(skip).is_some_and(|s| s == "super") {
                    module = module.and_then(|p| self.lib.module(p).parent);
                    skip += 1;
                }
                (module, skip)
            }
            _ if self.edition(m) == Edition::E2015
                && (path.is_use() || path.leading_colon.is_some()) =>
            {
                (Some(root), 0)
            }
            _ => return None,
        })
    }

    /// Resolves `path` as written in module `m`; its last segment in namespace `ns`.
    pub fn resolve(
        &self,
        m: ModuleId,
        path: &PathRef,
        ns: Option<Ns>,
        stack: &mut Vec<Frame>,
    ) -> Resolved<Outcome> {
        let segments = &path.segments;
        let ns_at = |i: usize| {
            if i + 1 < segments.len() {
                Some(Ns::Type)
            } else {
                ns
            }
        };
        let mut complete = true;
        let mut via = Vec::new();
        let (mut current, from) = match self.start(m, path) {
            Some((Some(module), skip)) if skip < segments.len() || path.names_contents() => {
                if skip == 0 {
                    // Edition 2015: from the crate root, where `std` (and any `extern crate`)
                    // is bound.
                    let found = self
                        .lookup(module, &segments[0], ns_at(0), None, stack)
                        .noted(&mut complete);
                    if found.defs.is_empty() {
                        let outcome = match self.extern_prelude(m, &segments[0]) {
                            Some(Def::Module(root)) => self
                                .descend(
                                    m,
                                    Resolution {
                                        defs: vec![Def::Module(root)],
                                        via,
                                    },
                                    path,
                                    1,
                                    ns,
                                    stack,
                                )
                                .noted(&mut complete),
                            _ => Outcome::External(found.via),
                        };
                        return Resolved::new(outcome, complete);
                    }
                    via = found.via;
                    (found.defs, 1)
                } else {
                    (vec![Def::Module(module)], skip)
                }
            }
            Some((Some(module), _)) => {
                // `use super::{self}`, `crate` alone, or `self` as a use leaf.
                return Resolved::complete(Outcome::Found(Resolution {
                    defs: vec![Def::Module(module)],
                    via,
                }));
            }
            Some((None, _)) => return Resolved::complete(Outcome::External(via)),
            None if path.leading_colon.is_some() => match self.extern_prelude(m, &segments[0]) {
                Some(Def::Module(root)) => (vec![Def::Module(root)], 1),
                _ => return Resolved::complete(Outcome::External(via)),
            },
            None => {
                let found = self
                    .lookup(m, &segments[0], ns_at(0), None, stack)
                    .noted(&mut complete);
                if found.defs.is_empty() {
                    let outcome = match self.extern_prelude(m, &segments[0]) {
                        Some(Def::Module(root)) if segments.len() > 1 || path.is_use() => self
                            .descend(
                                m,
                                Resolution {
                                    defs: vec![Def::Module(root)],
                                    via: found.via,
                                },
                                path,
                                1,
                                ns,
                                stack,
                            )
                            .noted(&mut complete),
                        _ => Outcome::External(found.via),
                    };
                    return Resolved::new(outcome, complete);
                }
                via = found.via;
                (found.defs, 1)
            }
        };
        if current.iter().all(|d| *d == Def::Extern) {
            return Resolved::new(Outcome::External(via), complete);
        }
        current.retain(|d| *d != Def::Extern);
        let outcome = self
            .descend(m, Resolution { defs: current, via }, path, from, ns, stack)
            .noted(&mut complete);
        Resolved::new(outcome, complete)
    }

    /// Follows `path`, written in module `written_in`, from segment `from` on, starting at
    /// `start` (what the segments before it name, and through which imports). In another crate's modules only what that crate exports counts (`use
    /// dep::dep;` names the function `dep` re-exports, not its private module `dep`).
    fn descend(
        &self,
        written_in: ModuleId,
        start: Resolution,
        path: &PathRef,
        from: usize,
        ns: Option<Ns>,
        stack: &mut Vec<Frame>,
    ) -> Resolved<Outcome> {
        let Resolution {
            defs: mut current,
            mut via,
        } = start;
        let segments = &path.segments;
        let mut complete = true;
        for (index, segment) in segments.iter().enumerate().skip(from) {
            // Every module it may be (two `mod imp` under opposite cfgs are both kept).
            let modules: Vec<ModuleId> = current
                .iter()
                .filter_map(|d| match d {
                    Def::Module(g) => Some(*g),
                    _ => None,
                })
                .collect();
            let Some(&module) = modules.first() else {
                break; // an item's associated item or variant: the item is the target
            };
            let ns = if index + 1 < segments.len() {
                Some(Ns::Type)
            } else {
                ns
            };
            let mut found = Resolution::default();
            for &g in &modules {
                let other_crate = self.lib.module(g).krate != self.lib.module(written_in).krate;
                let more = self
                    .lookup(g, segment, ns, other_crate.then_some(written_in), stack)
                    .noted(&mut complete);
                found.defs.extend(more.defs);
                found.via.extend(more.via);
            }
            let outside = found.defs.contains(&Def::Extern);
            let defs: Vec<Def> = found
                .defs
                .into_iter()
                .filter(|d| *d != Def::Extern)
                .collect();
            if defs.is_empty() {
                // Through an `extern crate std` (or a `use` of something outside).
                if outside || !found.via.is_empty() {
                    let via = via.into_iter().chain(found.via).collect();
                    return Resolved::new(Outcome::External(via), complete);
                }
                // Else through a glob of something outside (`pub use core::mem::*`), which
                // only its compiler can list.
                let outside = self.std_globs(&modules);
                if !outside.is_empty() {
                    let via = via.into_iter().chain(outside).collect();
                    return Resolved::new(Outcome::External(via), complete);
                }
                return Resolved::new(Outcome::Missing { module, index }, complete);
            }
            via.extend(found.via);
            current = defs;
        }
        Resolved::new(Outcome::Found(Resolution { defs: current, via }), complete)
    }

    /// The glob imports of `modules` from the standard library (`use core::mem::*`), whose
    /// names only its compiler can list. Told by the first segment alone: resolving every
    /// glob's prefix here, on every failed step of every path, costs too much in libc.
    fn std_globs(&self, modules: &[ModuleId]) -> Vec<LeafId> {
        let mut found = Vec::new();
        for &m in modules {
            if !self.lib.is_loaded(m) {
                continue;
            }
            let deps = &self.lib.crate_of(m).spec.deps;
            for &leaf in &self.scope(m).globs {
                let path = self.leaf(leaf);
                let first = path.segments[0].as_str();
                if matches!(first, "std" | "core" | "alloc") && !deps.contains_key(first) {
                    found.push(leaf);
                }
            }
        }
        found
    }

    /// The first chain of `use` leaves found importing each other, as an error at its first
    /// leaf.
    pub fn cycle_error(&self) -> Option<Error> {
        let cycles = self.cycles.borrow();
        let chain = cycles.first()?;
        let describe = |&id: &LeafId| {
            format!(
                "{}::{}",
                self.lib.module_path(id.module()),
                self.leaf(id).binding().map_or("*", String::as_str)
            )
        };
        let first = chain[0];
        let module = self.lib.module(first.module());
        let mut names: Vec<String> = chain.iter().map(describe).collect();
        names.push(describe(&chain[0]));
        Some(
            ErrorKind::UseCycle {
                at: Location::of_span(&module.file, &module.text, self.leaf(first).root()),
                chain: names.join(" -> "),
            }
            .into(),
        )
    }
}

#[cfg(test)]
mod tests {
    //! Table tests in rust-analyzer's manner: a small crate graph in, what a path names out,
    //! including what must not resolve.
    use super::*;
    use crate::bundle::path::PathKind;
    use crate::bundle::testing::{library, module};

    /// What `path`, written in module `at`, names in namespace `ns`: `fn a::m::f`-like
    /// descriptions, sorted; `extern` for something outside; nothing when it does not resolve.
    fn names(lib: &Library, at: &str, path: &str, ns: Option<Ns>) -> Vec<String> {
        let resolver = Resolver::new(lib);
        let segments: Vec<String> = path.split("::").map(str::to_string).collect();
        let span = proc_macro2::Span::call_site();
        let path = PathRef::new(
            segments.clone(),
            vec![span; segments.len()],
            PathKind::Code,
            ns,
        );
        let resolved = resolver.resolve(module(lib, at), &path, ns, &mut Vec::new());
        // Every module of these libraries is parsed: nothing can change the answer.
        assert!(resolved.complete, "{path:?} in {at}");
        let mut out: Vec<String> = match resolved.value {
            Outcome::Found(found) => found
                .defs
                .iter()
                .map(|def| match *def {
                    Def::Module(m) => format!("mod {}", lib.module_path(m)),
                    Def::Item(id) => {
                        let Entry::Item(item) = lib.entry(id) else {
                            unreachable!("an item")
                        };
                        let name = item_name(item).map_or("?".to_string(), |n| n.to_string());
                        format!("{} {}::{name}", kind(item), lib.module_path(id.module))
                    }
                    Def::Extern => "extern".to_string(),
                })
                .collect(),
            Outcome::External(_) => vec!["extern".to_string()],
            Outcome::Missing { .. } => Vec::new(),
        };
        out.sort();
        out
    }

    fn kind(item: &syn::Item) -> &'static str {
        match item {
            syn::Item::Fn(_) => "fn",
            syn::Item::Struct(_) => "struct",
            syn::Item::Const(_) => "const",
            syn::Item::Macro(_) => "macro",
            syn::Item::Trait(_) => "trait",
            _ => "item",
        }
    }

    const A: &str = "pub mod m {\n    pub fn open() {}\n    pub(crate) fn internal() {}\n    \
                     fn private() {}\n    pub mod inner {\n        use super::*;\n    }\n}\n\
                     pub use m::open as reexported;\npub struct Both {}\n\
                     #[allow(non_upper_case_globals)]\npub const Both: u8 = 0;\n";

    const B: &str = "use a::m::*;\npub fn open() {}\npub mod g {\n    pub use a::m::*;\n}\n";

    #[test]
    fn paths_names_and_namespaces() {
        let dir = tempfile::tempdir().unwrap();
        let lib = library(dir.path(), &[("a", &[], A), ("b", &["a"], B)]);
        let table: [(&str, &str, Option<Ns>, &[&str]); 9] = [
            ("b", "a::m::open", Some(Ns::Value), &["fn a::m::open"]),
            ("b", "a::reexported", Some(Ns::Value), &["fn a::m::open"]),
            // One name in two namespaces: each asks for its own.
            ("b", "a::Both", Some(Ns::Type), &["struct a::Both"]),
            ("b", "a::Both", Some(Ns::Value), &["const a::Both"]),
            // An item of the module itself comes before what a glob brings.
            ("b", "open", Some(Ns::Value), &["fn b::open"]),
            // A glob into a child module brings its parent's private items.
            (
                "a::m::inner",
                "private",
                Some(Ns::Value),
                &["fn a::m::private"],
            ),
            (
                "a::m::inner",
                "internal",
                Some(Ns::Value),
                &["fn a::m::internal"],
            ),
            ("b", "std::vec::Vec", Some(Ns::Type), &["extern"]),
            ("b", "g::open", Some(Ns::Value), &["fn a::m::open"]),
        ];
        for (at, path, ns, expected) in table {
            assert_eq!(names(&lib, at, path, ns), expected, "{path} in {at}");
        }
    }

    #[test]
    fn globs_that_lead_through_each_other() {
        // `U32` reaches the root through the glob `uapi::*`, from `uapi`'s own glob of
        // `crate::linux`, whose `linux` comes through that same root glob (libc's `new`
        // module): the glob being followed for one name still serves another.
        let c = "pub mod uapi {\n    pub mod linux {\n        pub type U32 = u32;\n    }\n    \
                 pub use crate::linux::*;\n}\npub use uapi::*;\npub mod reexport {\n    \
                 pub mod mem {\n        pub use core::mem::*;\n    }\n}\n";
        let dir = tempfile::tempdir().unwrap();
        let lib = library(dir.path(), &[("c", &[], c), ("b", &["c"], "")]);
        let table: [(&str, &str, Option<Ns>, &[&str]); 4] = [
            ("b", "c::U32", Some(Ns::Type), &["item c::uapi::linux::U32"]),
            (
                "b",
                "c::linux::U32",
                Some(Ns::Type),
                &["item c::uapi::linux::U32"],
            ),
            // What a glob of the standard library brings only its compiler knows
            // (zerocopy's `core_reexport::mem::transmute`).
            (
                "b",
                "c::reexport::mem::size_of",
                Some(Ns::Value),
                &["extern"],
            ),
            ("b", "c::reexport::absent::x", Some(Ns::Value), &[]),
        ];
        for (at, path, ns, expected) in table {
            assert_eq!(names(&lib, at, path, ns), expected, "{path} in {at}");
        }
    }

    /// A bare macro call reaches a `macro_rules!` of its module, or of an enclosing one,
    /// written before it (rustc's textual scope), never one written after; an exported
    /// macro is also an item of the crate's root.
    #[test]
    fn a_macro_is_in_scope_after_its_definition_only() {
        let m = "pub fn early() { twice!(); }\npub mod before {\n    pub fn f() { twice!(); }\n}\n\
                 macro_rules! twice { () => {}; }\npub fn late() { twice!(); }\n\
                 pub mod after {\n    pub fn f() { twice!(); }\n}\n\
                 pub fn uses_export() { shared!(); }\n\
                 #[macro_export]\nmacro_rules! shared { () => {}; }\n";
        let dir = tempfile::tempdir().unwrap();
        let lib = library(dir.path(), &[("m", &[], m)]);
        let reaches = |at: &str, item: &str, name: &str| {
            let module = module(&lib, at);
            let i = lib
                .module(module)
                .entries
                .iter()
                .position(
                    |e| matches!(e, Entry::Item(it) if item_name(it).is_some_and(|n| n == item)),
                )
                .unwrap();
            let resolver = Resolver::new(&lib);
            let defs = resolver.macros(name, |_| true, |_, _| true).value;
            assert_eq!(defs.len(), 1, "{name}");
            defs.iter().any(|def| match *def {
                Def::Item(def) => !resolver.macro_defined_after(def, ItemId::new(module, i)),
                _ => false,
            })
        };
        let table = [
            ("m", "early", "twice", false),
            ("m::before", "f", "twice", false),
            ("m", "late", "twice", true),
            ("m::after", "f", "twice", true),
            ("m", "uses_export", "shared", true),
        ];
        for (at, item, name, expected) in table {
            assert_eq!(reaches(at, item, name), expected, "{name}! in {at}::{item}");
        }
    }

    /// What must not resolve to a library item: a glob from another crate brings neither its
    /// `pub(crate)` nor its private items (a lone name then is taken as something outside,
    /// a local perhaps), and a path into a module that lacks the name finds nothing.
    #[test]
    fn what_must_not_resolve() {
        let dir = tempfile::tempdir().unwrap();
        let lib = library(dir.path(), &[("a", &[], A), ("b", &["a"], B)]);
        let table: [(&str, &str, Option<Ns>); 5] = [
            ("b", "internal", Some(Ns::Value)),
            ("b", "private", Some(Ns::Value)),
            ("b", "g::internal", Some(Ns::Value)),
            ("b", "a::m::absent", Some(Ns::Value)),
            // A struct is in the type namespace only: not a value.
            ("b", "a::Both", Some(Ns::Macro)),
        ];
        for (at, path, ns) in table {
            let found = names(&lib, at, path, ns);
            assert!(
                found.is_empty() || found == ["extern"],
                "{path} in {at} must not resolve: {found:?}"
            );
        }
    }

    /// A lookup that meets a module not parsed yet says so, and the module is needed; once
    /// it is parsed the same lookup is complete. Only complete lookups outlive their pass.
    #[test]
    fn lookups_say_whether_they_are_complete() {
        let dir = tempfile::tempdir().unwrap();
        let graph = crate::bundle::testing::graph(
            dir.path(),
            &[crate::bundle::testing::TestCrate {
                name: "a",
                deps: &[],
                edition: crate::bundle::crates::Edition::E2021,
                text: "pub mod inner;\npub fn here() {}\n",
            }],
        );
        std::fs::write(dir.path().join("a/inner.rs"), "pub fn f() {}\n").unwrap();
        let mut lib = Library::of_graph(graph).unwrap();
        let root = lib.first_root().unwrap();
        lib.load(root).unwrap();
        let inner = lib.child(root, "inner").unwrap();
        let lookup = |lib: &Library, name: &str| {
            let resolver = Resolver::new(lib);
            let found = resolver.lookup(inner, name, Some(Ns::Value), None, &mut Vec::new());
            let here = resolver.lookup(root, "here", Some(Ns::Value), None, &mut Vec::new());
            assert!(here.complete && here.value.defs.len() == 1);
            let needed = resolver.needed.borrow().clone();
            (found, needed, resolver.into_cache().lookups.len())
        };
        let (found, needed, cached) = lookup(&lib, "f");
        assert!(!found.complete && found.value.defs.is_empty());
        assert_eq!(needed, BTreeSet::from([inner]));
        assert_eq!(cached, 1, "only `here`'s lookup stays");
        lib.load(inner).unwrap();
        let (found, needed, cached) = lookup(&lib, "f");
        assert!(found.complete && found.value.defs.len() == 1);
        assert!(needed.is_empty());
        assert_eq!(cached, 2);
    }
}
