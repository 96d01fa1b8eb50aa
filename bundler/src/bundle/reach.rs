//! What a bundle keeps: a fixpoint over the library that keeps every item a kept item names
//! (as [`resolve`](super::resolve) says what each name means), every `impl` whose type and
//! trait are all kept, and, of kept traits and impls, the members whose names kept code uses.
//!
//! When unsure it keeps: a name that may be a library item is taken to be one (a generic
//! parameter that shares an item's name keeps that item), a macro is kept by name, an
//! item-level macro call is kept once any library item it names is, and a trait never named
//! (called as `x.method()` or `Self::method`) is kept once kept code in its module's reach uses
//! one of its associated items' names.
//!
//! The steps, in order: the library collects each module's items as it is parsed
//! ([`Library::load`]); the resolver collects a module's names once ([`Resolver`]'s scopes) and
//! answers path queries, each saying whether it is complete; a pass (`Reach::run`) keeps
//! what the work names (`Reach::deps`) and then applies one function per rule for what
//! nothing names (`Reach::impl_ready`, `Reach::call_ready`,
//! `Reach::keep_traits_called_by_name`, `Reach::keep_macros_handed_by_name`,
//! `Reach::keep_members`); passes repeat while modules they need are not parsed
//! (`reach_loading_modules`).

use super::ids::{CrateId, HashMap, HashSet, ItemId, LeafId, MemberId, ModuleId};
use super::library::{Entry, Library};
use super::parse::{Identifiers, MacroTokenIdents, Names, Ns, PathKind, PathRef, Paths, Solution};
use super::resolve::{is_local_inner, Cache, Def, Outcome, Resolved, Resolver};
use super::source::{item_name, Location};
use super::tokens;
use super::{Error, ErrorKind};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::rc::Rc;

/// What a bundle may keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Node {
    /// The module itself, even with nothing kept in it (a glob or a `use` may name it).
    Module(ModuleId),
    Item(ItemId),
    Leaf(LeafId),
}

impl Node {
    /// The module it is in (a module: itself).
    fn module(self) -> ModuleId {
        match self {
            Node::Module(m) => m,
            Node::Item(id) => id.module,
            Node::Leaf(leaf) => leaf.module(),
        }
    }

    fn of(def: Def) -> Option<Node> {
        match def {
            Def::Module(m) => Some(Node::Module(m)),
            Def::Item(id) => Some(Node::Item(id)),
            Def::Extern => None,
        }
    }
}

impl From<LeafId> for Node {
    fn from(leaf: LeafId) -> Node {
        Node::Leaf(leaf)
    }
}

/// The result: every node to emit, and the members kept of each kept trait and impl.
#[derive(Debug, Default)]
pub struct Kept {
    pub nodes: BTreeSet<Node>,
    /// The trait and impl members kept; only meaningful when `prune_members`.
    pub members: BTreeSet<MemberId>,
    pub prune_members: bool,
    /// The solution's imports that nothing in it uses, of proc macros (a contest template's
    /// `use proconio::{fastout, input};`) or of library items no method call needs: the span
    /// of each one's last segment, to be dropped rather than refused or bundled.
    pub unused_imports: Vec<proc_macro2::Span>,
}

impl Kept {
    pub fn has(&self, node: Node) -> bool {
        self.nodes.contains(&node)
    }

    pub fn has_member(&self, member: MemberId) -> bool {
        !self.prune_members || self.members.contains(&member)
    }

    /// The modules with at least one kept item in crate `krate`, as paths below its root
    /// (the root itself by the crate's name), in library order.
    pub fn module_names(&self, lib: &Library, krate: CrateId) -> Vec<String> {
        let mut modules: Vec<ModuleId> = self
            .nodes
            .iter()
            .filter_map(|n| match n {
                Node::Item(id) if lib.module(id.module).krate == krate => Some(id.module),
                _ => None,
            })
            .collect();
        modules.dedup();
        modules
            .into_iter()
            .map(|m| match lib.module_path(m).split_once("::") {
                Some((_, path)) => path.to_string(),
                None => lib.krate(krate).spec.name.clone(),
            })
            .collect()
    }

    /// Whether anything of crate `krate` is kept.
    pub fn has_crate(&self, lib: &Library, krate: CrateId) -> bool {
        crates_of(lib, &self.nodes).contains(&krate)
    }
}

/// The crates `nodes` are in.
fn crates_of<'n>(lib: &Library, nodes: impl IntoIterator<Item = &'n Node>) -> BTreeSet<CrateId> {
    nodes
        .into_iter()
        .map(|n| lib.module(n.module()).krate)
        .collect()
}

/// The kept types and traits, the crates something is kept from, and the identifiers of kept
/// code, once a pass is over.
struct KeptSoFar {
    types: BTreeSet<String>,
    crates: BTreeSet<CrateId>,
    idents: Names,
}

impl KeptSoFar {
    /// The modules not parsed yet that may hold what the kept items need without naming it:
    /// an `impl` of a kept type or trait, a macro called by name, a module file not read yet.
    fn modules_worth_parsing(&self, lib: &Library) -> Vec<ModuleId> {
        // The macros of each crate that may write impls, wherever they are defined.
        let impl_macros: BTreeSet<(CrateId, &str)> = lib
            .modules()
            .flat_map(|(m, module)| {
                let krate = module.krate;
                lib.hints(m)
                    .impl_macros
                    .iter()
                    .map(move |name| (krate, name.as_str()))
            })
            .collect();
        lib.modules()
            .filter(|&(m, module)| {
                let hints = lib.hints(m);
                let krate = module.krate;
                !lib.is_loaded(m)
                    && self.crates.contains(&krate)
                    && (hints.declares_file_modules
                        || !hints.impl_names.is_disjoint(&self.types)
                        || hints.macros.iter().any(|name| self.idents.contains(name))
                        || (impl_macros.iter().any(|&(k, _)| k == krate)
                            && lib.item_macro_calls(m).iter().any(|call| {
                                let text = &lib.module(m).text;
                                impl_macros.contains(&(krate, &text[call.name.clone()]))
                                    && super::library::identifiers(&text[call.arguments.clone()])
                                        .any(|name| self.types.contains(name))
                            })))
            })
            .map(|(m, _)| m)
            .collect()
    }
}

/// `path` with no generic arguments on any segment: `Heap` of `Heap<T, Plain>`.
fn without_arguments(path: &syn::Path) -> syn::Path {
    let mut head = path.clone();
    for segment in &mut head.segments {
        segment.arguments = syn::PathArguments::None;
    }
    head
}

/// Whether an impl is for one of its own type parameters (`impl<T: Bound> Trait for T`).
fn is_blanket(imp: &syn::ItemImpl) -> bool {
    match &*imp.self_ty {
        syn::Type::Path(ty) if ty.qself.is_none() => ty
            .path
            .get_ident()
            .is_some_and(|name| imp.generics.type_params().any(|param| param.ident == *name)),
        _ => false,
    }
}

/// A member of a trait or impl: its name, and whether it must stay whatever uses it (a
/// trait's required item, a macro).
fn members(item: &syn::Item) -> Vec<(Option<String>, bool)> {
    match item {
        syn::Item::Trait(t) => t
            .items
            .iter()
            .map(|member| match member {
                syn::TraitItem::Fn(f) => (Some(f.sig.ident.to_string()), f.default.is_none()),
                syn::TraitItem::Const(c) => (Some(c.ident.to_string()), c.default.is_none()),
                syn::TraitItem::Type(t) => (Some(t.ident.to_string()), t.default.is_none()),
                _ => (None, true),
            })
            .collect(),
        syn::Item::Impl(imp) => imp
            .items
            .iter()
            .map(|member| match member {
                syn::ImplItem::Fn(f) => (Some(f.sig.ident.to_string()), false),
                syn::ImplItem::Const(c) => (Some(c.ident.to_string()), false),
                syn::ImplItem::Type(t) => (Some(t.ident.to_string()), false),
                _ => (None, true),
            })
            .collect(),
        syn::Item::ForeignMod(block) => block
            .items
            .iter()
            .map(|member| match member {
                syn::ForeignItem::Fn(f) => (Some(f.sig.ident.to_string()), false),
                syn::ForeignItem::Static(s) => (Some(s.ident.to_string()), false),
                syn::ForeignItem::Type(t) => (Some(t.ident.to_string()), false),
                _ => (None, true),
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// What a search works out from resolution alone that stays true once more modules are
/// parsed, kept for the next passes: only complete answers.
#[derive(Default)]
struct Memo {
    /// Each impl's and each item-level macro call's condition (see [`Reach::conditionals`]).
    conditions: HashMap<ItemId, Condition>,
    /// See [`Reach::own_needs`].
    own_needs: HashMap<(ItemId, Option<usize>), Rc<ItemNeeds>>,
}

/// What keeps an item nothing names, once the library items it names are kept.
#[derive(Debug, Clone)]
enum Condition {
    /// An impl: every library item of its header (its type, its trait).
    Impl { header: Vec<ItemId> },
    /// An item-level macro call or a `const _`: one of the library items it names.
    Call { named: Vec<ItemId> },
}

/// The nodes an item's or a member's text names, and its identifiers (see
/// [`Reach::own_needs`]).
#[derive(Default)]
struct ItemNeeds {
    nodes: Vec<Node>,
    idents: Names,
    macro_idents: Names,
}

/// What a search has kept: carried from one pass into the next, which goes on from there
/// rather than from nothing once the modules it needed are parsed (a bundle may keep
/// thousands of items before it reaches the crate that needs a module parsed).
#[derive(Default)]
struct Progress {
    /// Hashed: every dependency found is looked up here, most of them kept already.
    kept: HashSet<Node>,
    members: BTreeSet<MemberId>,
    /// Kept traits and impls all of whose members are kept.
    all_members_kept: BTreeSet<ItemId>,
    /// Modules that have a kept item (their trait imports and globs are then kept).
    populated: BTreeSet<ModuleId>,
    /// Modules with a kept `use` leaf.
    reexporting: BTreeSet<ModuleId>,
    /// Modules a kept glob import names: their traits serve method calls as a populated
    /// module's do.
    globbed: BTreeSet<ModuleId>,
    /// Every identifier in the solution and in kept code: the names methods are called by.
    idents: Names,
    /// The identifiers of kept code written in macro calls and bodies.
    macro_idents: Names,
    /// Kept nodes, and kept members, whose needs were incomplete: worked out again by the
    /// next pass.
    incomplete: Vec<Node>,
    incomplete_members: Vec<MemberId>,
}

impl Progress {
    /// Takes the nodes and members whose needs were incomplete out again, to be worked out
    /// anew; returns the nodes.
    fn reopen(&mut self) -> Vec<Node> {
        for member in std::mem::take(&mut self.incomplete_members) {
            self.members.remove(&member);
            self.all_members_kept.remove(&member.item);
        }
        let incomplete = std::mem::take(&mut self.incomplete);
        for node in &incomplete {
            self.kept.remove(node);
            if !matches!(node, Node::Module(_)) {
                // Its module's imports were looked at with it.
                self.populated.remove(&node.module());
            }
        }
        incomplete
    }
}

/// What of the library nothing names, for [`Reach::run`]'s rules: each conditional item with
/// its condition, each trait with its members' names, each `macro_rules!` by name, and those
/// that call a macro they are handed (`$m!`).
struct Unnamed {
    conditions: Vec<(ItemId, Condition)>,
    traits: Vec<(ItemId, Vec<String>)>,
    macros: Vec<(ItemId, String)>,
    macros_calling_handed: Vec<ItemId>,
}

/// What a macro's body needs where a module calls it.
type BodyNeeds = Resolved<Vec<Node>>;

struct Reach<'l> {
    resolver: Resolver<'l>,
    progress: Progress,
    prune_members: bool,
    work: Vec<Node>,
    /// What each macro's body needs where it is called: (calling module, macro) to nodes.
    /// For this pass only, complete or not: a body read while another macro's was being
    /// read stops at that macro.
    body_needs: std::cell::RefCell<HashMap<(ModuleId, ItemId), BodyNeeds>>,
    /// What earlier passes worked out for good.
    memo: Memo,
}

impl<'l> Reach<'l> {
    fn new(
        lib: &'l Library,
        cache: Cache,
        memo: Memo,
        mut progress: Progress,
        prune_members: bool,
    ) -> Reach<'l> {
        Reach {
            memo,
            body_needs: Default::default(),
            resolver: Resolver::with_cache(lib, cache),
            work: progress.reopen(),
            progress,
            prune_members,
        }
    }

    fn lib(&self) -> &'l Library {
        self.resolver.lib
    }

    fn item(&self, id: ItemId) -> Option<&'l syn::Item> {
        self.resolver.item(id)
    }

    /// What a path written in module `m` makes the bundle keep.
    fn needs(&self, m: ModuleId, path: &PathRef) -> Resolved<Vec<Node>> {
        self.needs_expanding(m, path, &mut BTreeSet::new())
    }

    /// What `path`, written in item `at`, needs: [`Reach::needs`], but a bare macro call
    /// does not reach a `macro_rules!` of its module written after it (unless the call is
    /// in another macro's body).
    fn needs_at(&self, at: ItemId, path: &PathRef) -> Resolved<Vec<Node>> {
        let mut needs = self.needs(at.module, path);
        // A call in a `macro_rules!` body is resolved where that macro is called.
        let in_macro_body =
            || matches!(self.item(at), Some(syn::Item::Macro(mac)) if mac.ident.is_some());
        if path.is_macro_call() && path.segments.len() == 1 && !in_macro_body() {
            needs.value.retain(
                |n| !matches!(*n, Node::Item(def) if self.resolver.macro_defined_after(def, at)),
            );
        }
        needs
    }

    /// [`Reach::needs`]; `expanding` holds the macros whose bodies are being resolved, so
    /// that macros calling each other end.
    fn needs_expanding(
        &self,
        m: ModuleId,
        path: &PathRef,
        expanding: &mut BTreeSet<ItemId>,
    ) -> Resolved<Vec<Node>> {
        let mut complete = true;
        let mut nodes = self.needs_here(m, path).noted(&mut complete);
        if path.is_macro_call() {
            // A macro's body names items where it is called (macro_rules! hygiene covers
            // only locals): a macro using a name each calling module imports finds it there.
            let defs: Vec<ItemId> = nodes
                .iter()
                .filter_map(|n| match *n {
                    Node::Item(id) => Some(id),
                    _ => None,
                })
                .filter(|id| !expanding.contains(id))
                .collect();
            for def in defs {
                if !matches!(self.item(def), Some(syn::Item::Macro(_))) {
                    continue;
                }
                nodes.extend(self.handed_needs(m, path, def).noted(&mut complete));
                if let Some(known) = self.body_needs.borrow().get(&(m, def)) {
                    nodes.extend(known.value.iter().copied());
                    complete &= known.complete;
                    continue;
                }
                expanding.insert(def);
                let mut body = Vec::new();
                let mut body_complete = true;
                for body_path in self.resolver.macro_body_paths(def).iter() {
                    let handed = body_path.is_handed() || body_path.starts_with_variable();
                    if body_path.segments[0] != "$crate" && !handed {
                        body.extend(
                            self.needs_expanding(m, body_path, expanding)
                                .noted(&mut body_complete),
                        );
                    }
                }
                expanding.remove(&def);
                body.sort();
                body.dedup();
                nodes.extend(body.iter().copied());
                complete &= body_complete;
                self.body_needs
                    .borrow_mut()
                    .insert((m, def), Resolved::new(body, body_complete));
            }
        }
        Resolved::new(nodes, complete)
    }

    /// What the paths that hold a name the macro is handed, in the body of macro `def`,
    /// need where `call` (written in module `m`) calls it: `prefix::x` for `prefix::$name`
    /// and `x::rest` for `$module::rest`, for each identifier `x` of the call's arguments
    /// (`named_dimension!(U0, .., U127)` writing `typenum::$D`); when those are not known,
    /// everything `prefix` holds, and nothing for `$module::rest`.
    fn handed_needs(&self, m: ModuleId, call: &PathRef, def: ItemId) -> Resolved<Vec<Node>> {
        let mut out = Vec::new();
        let mut complete = true;
        let arguments = match &call.kind {
            PathKind::MacroCall {
                arguments: Some(idents),
            } => Some(idents),
            _ => None,
        };
        for body_path in self.resolver.macro_body_paths(def).iter() {
            if body_path.starts_with_variable() {
                for ident in arguments.into_iter().flat_map(|idents| idents.iter()) {
                    let mut named = body_path.clone();
                    named.segments[0] = ident.clone();
                    out.extend(self.needs_here(m, &named).noted(&mut complete));
                }
                continue;
            }
            if !body_path.is_handed() || body_path.segments[0] == "$crate" {
                continue;
            }
            let Some(idents) = arguments else {
                out.extend(self.needs_here(m, body_path).noted(&mut complete));
                continue;
            };
            for ident in idents.iter() {
                let mut named = body_path.clone();
                named.kind = PathKind::Code;
                named.segments.push(ident.clone());
                named.spans.push(body_path.root());
                out.extend(self.needs_here(m, &named).noted(&mut complete));
            }
        }
        Resolved::new(out, complete)
    }

    /// What a path written in module `m` resolves to there.
    fn needs_here(&self, m: ModuleId, path: &PathRef) -> Resolved<Vec<Node>> {
        let mut complete = true;
        if path.is_handed() {
            // `prefix::$name` in a macro body: everything `prefix` holds.
            let mut nodes = Vec::new();
            let outcome = self
                .resolver
                .resolve(m, path, Some(Ns::Type), &mut Vec::new())
                .noted(&mut complete);
            if let Outcome::Found(f) = outcome {
                nodes.extend(f.via.into_iter().map(Node::from));
                for def in f.defs {
                    if let Def::Module(g) = def {
                        nodes.push(Node::Module(g));
                        if self.parsed(g, &mut complete) {
                            for (i, entry) in self.lib().module(g).entries.iter().enumerate() {
                                match entry {
                                    Entry::Item(syn::Item::Use(_)) => {
                                        let id = ItemId::new(g, i);
                                        nodes.extend(
                                            (0..self.resolver.leaves(id).len())
                                                .map(|l| Node::Leaf(LeafId::new(id, l))),
                                        )
                                    }
                                    Entry::Item(_) => nodes.push(Node::Item(ItemId::new(g, i))),
                                    Entry::Module(c) => nodes.push(Node::Module(*c)),
                                }
                            }
                        }
                    }
                }
            }
            return Resolved::new(nodes, complete);
        }
        let outcome = self
            .resolver
            .resolve(m, path, path.ns, &mut Vec::new())
            .noted(&mut complete);
        let nodes = match outcome {
            Outcome::Found(f) => f
                .via
                .into_iter()
                .map(Node::from)
                .chain(f.defs.into_iter().filter_map(Node::of))
                .collect(),
            Outcome::External(via) if path.is_macro_call() && path.segments.len() == 1 => {
                // macro_rules! are scoped by text order, not by module: keep any of that name
                let krate = self.lib().module(m).krate;
                let macros = self
                    .resolver
                    .macros(
                        &path.segments[0],
                        |k| self.resolver.macro_visible(krate, k),
                        |_, _| true,
                    )
                    .noted(&mut complete);
                via.into_iter()
                    .map(Node::from)
                    .chain(macros.into_iter().filter_map(Node::of))
                    .collect()
            }
            Outcome::External(via) => via.into_iter().map(Node::from).collect(),
            Outcome::Missing { .. } => Vec::new(),
        };
        Resolved::new(nodes, complete)
    }

    /// Whether module `m` is parsed; what is worked out from a module not parsed yet is not
    /// complete, and the module is needed.
    fn parsed(&self, m: ModuleId, complete: &mut bool) -> bool {
        let parsed = self.resolver.parsed(m);
        *complete &= parsed;
        parsed
    }

    /// What tells whether a module not parsed yet may hold what the kept items need without
    /// naming it (see [`KeptSoFar::modules_worth_parsing`]).
    fn kept_so_far(&self) -> KeptSoFar {
        let mut types = BTreeSet::new();
        for node in &self.progress.kept {
            if let Node::Item(id) = *node {
                if let Some(
                    item @ (syn::Item::Struct(_)
                    | syn::Item::Enum(_)
                    | syn::Item::Union(_)
                    | syn::Item::Trait(_)
                    | syn::Item::Type(_)),
                ) = self.item(id)
                {
                    types.extend(item_name(item).map(|n| n.to_string()));
                }
            }
        }
        KeptSoFar {
            types,
            // Only crates something is kept from: an impl in another crate needs that
            // crate's own items in its header too.
            crates: crates_of(self.lib(), &self.progress.kept),
            idents: self.progress.idents.clone(),
        }
    }

    fn keep(&mut self, node: Node) {
        self.work.push(node);
    }

    /// Keeps what the work names, and by the rules for what nothing names, until nothing more
    /// is kept: the fixpoint of one pass.
    fn run(&mut self) {
        let unnamed = self.unnamed();
        // The crates something is kept from, grown as nodes are kept (recounting them from
        // every kept node at each round costs a pass's time in a crate of thousands of impls).
        let mut reached = crates_of(self.lib(), &self.progress.kept);
        loop {
            self.keep_work(&mut reached);
            self.keep_ready_conditions(&unnamed.conditions, &reached);
            self.keep_traits_called_by_name(&unnamed.traits);
            self.keep_macros_handed_by_name(&unnamed);
            self.keep_members();
            if self.work.is_empty() {
                return;
            }
        }
    }

    /// Keeps each node of the work and what it needs by its own text.
    fn keep_work(&mut self, reached: &mut BTreeSet<CrateId>) {
        while let Some(node) = self.work.pop() {
            if !self.progress.kept.insert(node) {
                continue;
            }
            reached.insert(self.lib().module(node.module()).krate);
            let deps = self.deps(node);
            self.work.extend(deps.value);
            if !deps.complete {
                self.progress.incomplete.push(node);
            }
        }
    }

    /// What of the library no kept code names that [`Reach::run`]'s rules may keep.
    fn unnamed(&mut self) -> Unnamed {
        Unnamed {
            conditions: self.conditions(),
            traits: self.library_items(|item| match item {
                syn::Item::Trait(_) => Some(
                    members(item)
                        .into_iter()
                        .filter_map(|(name, _)| name)
                        .collect(),
                ),
                _ => None,
            }),
            macros: self.library_items(|item| match item {
                syn::Item::Macro(mac) => mac.ident.as_ref().map(|n| n.to_string()),
                _ => None,
            }),
            macros_calling_handed: self
                .library_items(|item| match item {
                    syn::Item::Macro(mac)
                        if mac.ident.is_some()
                            && tokens::calls_metavariable_macro(&mac.mac.tokens) =>
                    {
                        Some(())
                    }
                    _ => None,
                })
                .into_iter()
                .map(|(id, ())| id)
                .collect(),
        }
    }

    /// Keeps each impl, item-level macro call and `const _` whose condition holds.
    fn keep_ready_conditions(
        &mut self,
        conditions: &[(ItemId, Condition)],
        reached: &BTreeSet<CrateId>,
    ) {
        for (id, condition) in conditions {
            let node = Node::Item(*id);
            if self.progress.kept.contains(&node) {
                continue;
            }
            let ready = match condition {
                Condition::Impl { header } => {
                    self.impl_ready(header) && !self.inherent_impl_unused(*id)
                }
                Condition::Call { named } => self.call_ready(*id, named, reached),
            };
            if ready {
                self.work.push(node);
            }
        }
    }

    /// Rule: an impl is kept once every library item its header names is: its type's and
    /// its trait's (see [`Reach::impl_condition`]). Rustc needs an impl exactly when its type
    /// and its trait are in the program; one for a type nothing uses is dead code.
    fn impl_ready(&self, header: &[ItemId]) -> bool {
        !header.is_empty()
            && header
                .iter()
                .all(|id| self.progress.kept.contains(&Node::Item(*id)))
    }

    /// Rule: an inherent impl none of whose members kept code names is not kept (when members
    /// are pruned): an inherent method is only reached by its name.
    fn inherent_impl_unused(&self, id: ItemId) -> bool {
        match self.item(id) {
            Some(item @ syn::Item::Impl(imp)) if imp.trait_.is_none() && self.prune_members => {
                members(item).iter().all(|(name, always)| {
                    !always
                        && name
                            .as_ref()
                            .is_some_and(|n| !self.progress.idents.contains(n))
                })
            }
            _ => false,
        }
    }

    /// Rule: an item-level macro call (or a `const _`, which holds impls) is kept once one of
    /// the library items it names (in its arguments, or in its body as read where it is
    /// called) is kept and all are in crates something is kept from: the impls it may write
    /// are for those items, and a crate nothing is kept from needs none of its impls. One
    /// naming nothing of the library is kept with its module, and a `const _` naming nothing
    /// with its crate (impls written inside one for types of the standard library).
    fn call_ready(&self, id: ItemId, named: &[ItemId], reached: &BTreeSet<CrateId>) -> bool {
        let lib = self.lib();
        let populated = self.progress.populated.contains(&id.module)
            || self.progress.reexporting.contains(&id.module);
        if named.is_empty() {
            return populated
                || (self.is_anonymous_const(id) && reached.contains(&lib.module(id.module).krate));
        }
        let in_reached_crate = |id: &ItemId| reached.contains(&lib.module(id.module).krate);
        named
            .iter()
            .any(|id| self.progress.kept.contains(&Node::Item(*id)))
            && (populated || named.iter().all(in_reached_crate))
    }

    fn is_anonymous_const(&self, id: ItemId) -> bool {
        matches!(self.item(id), Some(syn::Item::Const(c)) if c.ident == "_")
    }

    /// Rule: a trait no kept code names is kept once a module in its reach (one with a kept
    /// item, or that a kept glob names) has kept code using one of its members' names:
    /// method-call syntax (`x.method()`, `Self::method`) needs a trait in scope, not named.
    fn keep_traits_called_by_name(&mut self, traits: &[(ItemId, Vec<String>)]) {
        for (id, names) in traits {
            let node = Node::Item(*id);
            let in_reach = self.progress.populated.contains(&id.module)
                || self.progress.globbed.contains(&id.module);
            if !self.progress.kept.contains(&node)
                && in_reach
                && names.iter().any(|n| self.progress.idents.contains(n))
            {
                self.work.push(node);
            }
        }
    }

    /// Rule: a macro whose name kept code only hands to another macro, which calls it as
    /// `$m!`, is kept by that name when a kept macro calls a handed one, in a crate something
    /// is kept from.
    fn keep_macros_handed_by_name(&mut self, unnamed: &Unnamed) {
        let crates: BTreeSet<CrateId> = self
            .progress
            .populated
            .iter()
            .map(|&m| self.lib().module(m).krate)
            .collect();
        let handed_macros = unnamed
            .macros_calling_handed
            .iter()
            .any(|&id| self.progress.kept.contains(&Node::Item(id)));
        for (id, name) in unnamed.macros.iter().filter(|_| handed_macros) {
            let node = Node::Item(*id);
            if !self.progress.kept.contains(&node)
                && self.progress.macro_idents.contains(name)
                && crates.contains(&self.lib().module(id.module).krate)
            {
                self.work.push(node);
            }
        }
    }

    /// Of each kept trait and impl, the members kept code now uses by name (with what they
    /// need), and those that must stay: a trait's required items, the members of an impl of
    /// a trait from outside the library (std's `Iterator::next`) or of one whose member
    /// stays.
    fn keep_members(&mut self) {
        let kept_items: Vec<ItemId> = self
            .progress
            .kept
            .iter()
            .filter_map(|n| match *n {
                Node::Item(id) => Some(id),
                _ => None,
            })
            .collect();
        for id in kept_items {
            if self.progress.all_members_kept.contains(&id) {
                continue;
            }
            let Some(item) = self.item(id) else {
                continue;
            };
            let m = id.module;
            let list = members(item);
            if (0..list.len()).all(|j| self.progress.members.contains(&MemberId::new(id, j))) {
                self.progress.all_members_kept.insert(id);
                continue;
            }
            let required_by_trait = match item {
                // Whether the trait is the library's may change once more is parsed; members
                // kept meanwhile stay.
                syn::Item::Impl(imp) => imp
                    .trait_
                    .as_ref()
                    .map(|(_, path, _)| self.trait_requirements(m, path).value),
                _ => None,
            };
            for (j, (name, always)) in list.into_iter().enumerate() {
                let member = MemberId::new(id, j);
                if self.progress.members.contains(&member) {
                    continue;
                }
                let wanted = !self.prune_members
                    || always
                    || name
                        .as_ref()
                        .is_none_or(|n| self.progress.idents.contains(n))
                    || match &required_by_trait {
                        // Of a trait outside the library: every member is needed.
                        Some(None) => true,
                        Some(Some(required)) => name.as_ref().is_some_and(|n| required.contains(n)),
                        None => false,
                    };
                if !wanted {
                    continue;
                }
                self.progress.members.insert(member);
                let needs = self.own_needs(id, Some(j));
                if !needs.complete {
                    self.progress.incomplete_members.push(member);
                }
                self.work.extend(needs.value);
            }
        }
    }

    /// For an impl of the trait at `path` (written in `m`): `None` when the trait is not the
    /// library's, else the names of its members every impl must keep (its required ones,
    /// and those kept).
    fn trait_requirements(
        &self,
        m: ModuleId,
        path: &syn::Path,
    ) -> Resolved<Option<BTreeSet<String>>> {
        let mut paths = Paths::default();
        syn::visit::Visit::visit_path(&mut paths, path);
        let Some(mut path) = paths.found.into_iter().next() else {
            return Resolved::complete(None);
        };
        path.ns = Some(Ns::Type);
        let resolved = self
            .resolver
            .resolve(m, &path, Some(Ns::Type), &mut Vec::new());
        let Outcome::Found(found) = resolved.value else {
            return Resolved::new(None, resolved.complete);
        };
        let mut out = BTreeSet::new();
        let mut any = false;
        for def in found.defs {
            if let Def::Item(id) = def {
                if let Some(t @ syn::Item::Trait(_)) = self.item(id) {
                    any = true;
                    for (j, (name, always)) in members(t).into_iter().enumerate() {
                        if always || self.progress.members.contains(&MemberId::new(id, j)) {
                            out.extend(name);
                        }
                    }
                }
            }
        }
        Resolved::new(any.then_some(out), resolved.complete)
    }

    /// The condition of each impl, item-level macro call and `const _` of the modules parsed
    /// so far: what keeps it, as nothing names it.
    fn conditions(&mut self) -> Vec<(ItemId, Condition)> {
        let mut out = Vec::new();
        for (m, module) in self.lib().modules() {
            for (i, entry) in module.entries.iter().enumerate() {
                let id = ItemId::new(m, i);
                if let Some(condition) = self.memo.conditions.get(&id) {
                    out.push((id, condition.clone()));
                    continue;
                }
                let condition = match entry {
                    Entry::Item(syn::Item::Impl(imp)) => self.impl_condition(id, imp),
                    Entry::Item(syn::Item::Macro(mac)) if mac.ident.is_none() => {
                        // The call's arguments, and (through its path) the macro's body as
                        // it reads where it is called.
                        let mut paths = Paths::default();
                        syn::visit::Visit::visit_macro(&mut paths, &mac.mac);
                        self.named_items(id, &paths.found)
                            .map(|named| Condition::Call { named })
                    }
                    Entry::Item(syn::Item::Const(c)) if c.ident == "_" => {
                        // `const _: () = { .. };`, there for the impls written inside it.
                        let mut paths = Paths::default();
                        syn::visit::Visit::visit_expr(&mut paths, &c.expr);
                        self.named_items(id, &paths.found)
                            .map(|named| Condition::Call { named })
                    }
                    _ => continue,
                };
                if condition.complete {
                    self.memo.conditions.insert(id, condition.value.clone());
                }
                out.push((id, condition.value));
            }
        }
        out
    }

    /// The library items an impl's header names, which keep it once all are kept:
    /// - the head of its type, whatever its arguments: `impl<T> Heap<T, Plain> { fn new() }`
    ///   serves a `Heap<T, Plain>` to callers that never name `Plain` (its arguments are
    ///   needed once it is kept); the arguments only when the head is not the library's
    ///   (`impl Trait for Vec<Item>` serves `Item`);
    /// - its trait, without its arguments for a blanket impl (`impl<T, M> Tr<M> for T`): it
    ///   serves every type once its trait is kept, the trait's arguments picked by inference
    ///   and never named;
    /// - for an alias, the aliased type (see [`Reach::through_aliases`]); for a type or trait
    ///   a macro call writes, that call.
    fn impl_condition(&self, id: ItemId, imp: &syn::ItemImpl) -> Resolved<Condition> {
        let mut complete = true;
        let mut paths = Paths::default();
        match &*imp.self_ty {
            syn::Type::Path(ty) if ty.qself.is_none() => {
                let head = syn::TypePath {
                    qself: None,
                    path: without_arguments(&ty.path),
                };
                syn::visit::Visit::visit_type_path(&mut paths, &head);
                if !self
                    .names_library_item(id.module, &paths.found)
                    .noted(&mut complete)
                {
                    paths = Paths::default();
                    syn::visit::Visit::visit_type_path(&mut paths, ty);
                }
            }
            _ => syn::visit::Visit::visit_type(&mut paths, &imp.self_ty),
        }
        if let Some((_, trait_path, _)) = &imp.trait_ {
            let mut trait_paths = Paths::default();
            if is_blanket(imp) {
                syn::visit::Visit::visit_path(&mut trait_paths, &without_arguments(trait_path));
            } else {
                syn::visit::Visit::visit_path(&mut trait_paths, trait_path);
            }
            if let Some(first) = trait_paths.found.first_mut() {
                first.ns = Some(Ns::Type);
            }
            paths.found.extend(trait_paths.found);
        }
        let header = self.named_items(id, &paths.found).noted(&mut complete);
        Resolved::new(Condition::Impl { header }, complete)
    }

    /// The library items `paths` (written in item `at`) name, aliases followed to what they
    /// alias, in library order. A `macro_rules!` is none (it is kept by its calls); an
    /// item-level macro call is one, as what writes a name.
    fn named_items(&self, at: ItemId, paths: &[PathRef]) -> Resolved<Vec<ItemId>> {
        let mut complete = true;
        let mut named = Vec::new();
        for path in paths {
            let needs = self.needs_at(at, path).noted(&mut complete);
            for node in self.through_aliases(needs).noted(&mut complete) {
                match node {
                    Node::Item(id) if !matches!(self.item(id), Some(syn::Item::Macro(mac)) if mac.ident.is_some()) => {
                        named.push(id)
                    }
                    _ => {}
                }
            }
        }
        named.sort();
        named.dedup();
        Resolved::new(named, complete)
    }

    /// `nodes` with each type alias replaced by what its type's path (without arguments)
    /// names, to any depth: an impl of an alias is an impl of the aliased type, kept once
    /// that type is (`impl Square<N> { fn det }` for `type Square<N> = Matrix<N, N>`, where
    /// solutions name only `Matrix`). The alias itself is needed once the impl is kept.
    fn through_aliases(&self, nodes: Vec<Node>) -> Resolved<Vec<Node>> {
        let mut out = Vec::new();
        let mut complete = true;
        let mut todo = nodes;
        let mut seen = BTreeSet::new();
        while let Some(node) = todo.pop() {
            let Node::Item(id) = node else {
                out.push(node);
                continue;
            };
            let target = match self.item(id) {
                Some(syn::Item::Type(alias)) => match &*alias.ty {
                    syn::Type::Path(ty) if ty.qself.is_none() => Some(ty),
                    _ => None,
                },
                _ => None,
            };
            match target {
                Some(ty) if seen.insert(id) => {
                    let mut paths = Paths::default();
                    syn::visit::Visit::visit_path(&mut paths, &without_arguments(&ty.path));
                    for path in &paths.found {
                        todo.extend(self.needs_at(id, path).noted(&mut complete));
                    }
                }
                _ => out.push(node),
            }
        }
        Resolved::new(out, complete)
    }

    /// Whether one of `paths` (written in `m`) names an item of the library.
    fn names_library_item(&self, m: ModuleId, paths: &[PathRef]) -> Resolved<bool> {
        let mut complete = true;
        for path in paths {
            let needs = self.needs(m, path).noted(&mut complete);
            if needs.iter().any(|n| matches!(n, Node::Item(..))) {
                return Resolved::new(true, complete);
            }
        }
        Resolved::new(false, complete)
    }

    /// `pick` of every item of the modules parsed so far, where it gives something.
    fn library_items<T>(&self, pick: impl Fn(&syn::Item) -> Option<T>) -> Vec<(ItemId, T)> {
        let mut out = Vec::new();
        for (m, module) in self.lib().modules() {
            for (i, entry) in module.entries.iter().enumerate() {
                if let Entry::Item(item) = entry {
                    out.extend(pick(item).map(|t| (ItemId::new(m, i), t)));
                }
            }
        }
        out
    }

    fn deps(&mut self, node: Node) -> Resolved<Vec<Node>> {
        let mut out = Vec::new();
        let mut complete = true;
        match node {
            Node::Module(m) => {
                // Its docs and attributes are written with it.
                self.parsed(m, &mut complete);
                out.extend(self.lib().module(m).parent.map(Node::Module));
            }
            Node::Leaf(id) => {
                let m = id.module();
                out.push(Node::Module(m));
                let leaf = self.resolver.leaf(id).clone();
                // The name it imports is used, by whatever name it binds: members are kept
                // by name (getrandom's `use libc::__errno_location as errno_location`).
                if !leaf.is_glob() {
                    self.progress.idents.extend(leaf.segments.last().cloned());
                }
                let needs = self.needs(m, &leaf).noted(&mut complete);
                if leaf.is_glob() {
                    self.progress
                        .globbed
                        .extend(needs.iter().filter_map(|n| match *n {
                            Node::Module(g) => Some(g),
                            _ => None,
                        }));
                }
                out.extend(needs);
                // Its module's item-level macro calls (which may define what it re-exports)
                // come along.
                self.progress.reexporting.insert(m);
            }
            Node::Item(id) => {
                let m = id.module;
                out.push(Node::Module(m));
                out.extend(self.own_needs(id, None).noted(&mut complete));
                if let Some(syn::Item::Macro(mac)) = self.item(id) {
                    // The modules declared inside the call come whole.
                    let hoisted: Vec<ModuleId> = self
                        .lib()
                        .module(m)
                        .entries
                        .iter()
                        .filter_map(|e| match e {
                            Entry::Module(c)
                                if self.lib().module(*c).declared_by == Some(id.index) =>
                            {
                                Some(*c)
                            }
                            _ => None,
                        })
                        .collect();
                    for c in hoisted {
                        self.keep_module(c, None).noted(&mut complete);
                    }
                    if is_local_inner(mac) {
                        // Its inner `name!` calls mean the crate's own macros.
                        let root = self.resolver.crate_root(m);
                        out.extend(
                            self.macro_calls_in(root, &mac.mac.tokens)
                                .noted(&mut complete),
                        );
                    }
                }
                if self.progress.populated.insert(m) {
                    out.extend(self.module_imports(m).noted(&mut complete));
                }
            }
        }
        Resolved::new(out, complete)
    }

    /// What kept item `id` (or its member `member`, of a trait, impl or `extern` block)
    /// needs by its own text; its identifiers join the kept code's. Worked out once for every
    /// pass when complete, as parsing more modules then changes nothing of it.
    fn own_needs(&mut self, id: ItemId, member: Option<usize>) -> Resolved<Vec<Node>> {
        let needs = match self.memo.own_needs.get(&(id, member)) {
            Some(known) => Resolved::complete(known.clone()),
            None => {
                let needs = self.read_needs(id, member).map(Rc::new);
                if needs.complete {
                    self.memo
                        .own_needs
                        .insert((id, member), needs.value.clone());
                }
                needs
            }
        };
        self.progress
            .idents
            .extend(needs.value.idents.iter().cloned());
        self.progress
            .macro_idents
            .extend(needs.value.macro_idents.iter().cloned());
        needs.map(|needs| needs.nodes.clone())
    }

    /// [`Reach::own_needs`], worked out. Of a trait or an impl itself, only the header:
    /// members are followed one by one (`keep_members`).
    fn read_needs(&self, id: ItemId, member: Option<usize>) -> Resolved<ItemNeeds> {
        use syn::visit::Visit;
        let mut needs = ItemNeeds::default();
        let mut paths = Paths::default();
        let (idents, macro_idents) = (
            &mut Identifiers(&mut needs.idents),
            &mut MacroTokenIdents(&mut needs.macro_idents),
        );
        match (self.item(id), member) {
            (Some(syn::Item::Trait(t)), None) => {
                paths.visit_generics(&t.generics);
                for bound in &t.supertraits {
                    paths.visit_type_param_bound(bound);
                }
                idents.0.insert(t.ident.to_string());
            }
            (Some(syn::Item::Impl(imp)), None) => {
                paths.visit_generics(&imp.generics);
                paths.visit_type(&imp.self_ty);
                if let Some((_, path, _)) = &imp.trait_ {
                    paths.visit_path(path);
                    if let Some(last) = paths.found.last_mut() {
                        last.ns = Some(Ns::Type);
                    }
                }
                idents.visit_type(&imp.self_ty);
            }
            (Some(syn::Item::ForeignMod(_)) | None, None) => {}
            (Some(item), None) => {
                idents.visit_item(item);
                macro_idents.visit_item(item);
                paths.visit_item(item);
            }
            (Some(syn::Item::Trait(t)), Some(j)) => {
                macro_idents.visit_trait_item(&t.items[j]);
                paths.visit_trait_item(&t.items[j]);
                idents.visit_trait_item(&t.items[j]);
            }
            (Some(syn::Item::Impl(imp)), Some(j)) => {
                macro_idents.visit_impl_item(&imp.items[j]);
                paths.visit_impl_item(&imp.items[j]);
                idents.visit_impl_item(&imp.items[j]);
            }
            (Some(syn::Item::ForeignMod(block)), Some(j)) => {
                paths.visit_foreign_item(&block.items[j]);
                idents.visit_foreign_item(&block.items[j]);
            }
            (_, Some(_)) => {}
        }
        let mut complete = true;
        for path in paths.found {
            needs
                .nodes
                .extend(self.needs_at(id, &path).noted(&mut complete));
        }
        needs.nodes.sort();
        needs.nodes.dedup();
        Resolved::new(needs, complete)
    }

    /// The macros named by `name!` calls in `tokens`, looked up in crate root `root`.
    fn macro_calls_in(
        &self,
        root: ModuleId,
        tokens: &proc_macro2::TokenStream,
    ) -> Resolved<Vec<Node>> {
        let mut paths = Paths::default();
        paths.tokens(tokens.clone());
        let krate = self.lib().module(root).krate;
        let mut complete = true;
        let nodes = paths
            .found
            .iter()
            .filter(|p| p.is_macro_call() && p.segments.len() == 1)
            .flat_map(|p| {
                self.resolver
                    .macros(&p.segments[0], |k| k == krate, |_, _| true)
                    .noted(&mut complete)
            })
            .filter_map(Node::of)
            .collect();
        Resolved::new(nodes, complete)
    }

    /// The `use` leaves a module's code may need without naming them: trait imports (for
    /// method calls), globs, and imports from outside the library.
    fn module_imports(&self, m: ModuleId) -> Resolved<Vec<Node>> {
        self.imports_of(m, &mut BTreeSet::new())
    }

    /// [`Reach::module_imports`] of `m`, and the trait imports of the modules its globs
    /// import (a `use crate::prelude::*` brings the trait a method call needs); `seen` ends
    /// cycles of globs.
    fn imports_of(&self, m: ModuleId, seen: &mut BTreeSet<ModuleId>) -> Resolved<Vec<Node>> {
        let mut out = Vec::new();
        let mut complete = true;
        if !seen.insert(m) || !self.parsed(m, &mut complete) {
            return Resolved::new(out, complete);
        }
        for (i, leaves) in self.resolver.uses_of(m) {
            for (l, leaf) in leaves.iter().enumerate() {
                let node = Node::Leaf(LeafId::new(ItemId::new(m, i), l));
                if leaf.is_glob() {
                    let prefix = self
                        .resolver
                        .resolve(m, leaf, Some(Ns::Type), &mut Vec::new())
                        .noted(&mut complete);
                    if let Outcome::Found(f) = prefix {
                        for def in f.defs {
                            if let Def::Module(g) = def {
                                let imports = self.imports_of(g, seen).noted(&mut complete);
                                out.extend(imports.into_iter().filter(|n| match *n {
                                    Node::Leaf(id) => self.is_trait_import(id).noted(&mut complete),
                                    _ => false,
                                }));
                            }
                        }
                    }
                }
                let from_proc_macro = self
                    .lib()
                    .crate_of(m)
                    .spec
                    .proc_macros
                    .contains_key(&leaf.segments[0]);
                // Never an import from a proc-macro crate, which the bundle does not have.
                let keep = !from_proc_macro
                    && (leaf.is_glob()
                        || match self
                            .resolver
                            .resolve(m, leaf, None, &mut Vec::new())
                            .noted(&mut complete)
                        {
                            Outcome::Found(f) => f.defs.iter().any(|d| {
                                matches!(d, Def::Item(id) if self.may_be_trait(*id))
                                    || *d == Def::Extern
                            }),
                            Outcome::External(_) => true,
                            Outcome::Missing { .. } => false,
                        });
                if keep {
                    out.push(node);
                }
            }
        }
        Resolved::new(out, complete)
    }

    /// Whether the `use` leaf at `id` imports a trait of the library.
    fn is_trait_import(&self, id: LeafId) -> Resolved<bool> {
        let leaf = self.resolver.leaf(id);
        self.resolver
            .resolve(id.module(), leaf, None, &mut Vec::new())
            .map(|outcome| match outcome {
                Outcome::Found(f) => f
                    .defs
                    .iter()
                    .any(|d| matches!(d, Def::Item(item) if self.may_be_trait(*item))),
                _ => false,
            })
    }

    /// Whether the `use` leaf at `id` imports a trait of the library one of whose associated
    /// items' names `calls` holds.
    fn imports_used_trait(&self, id: LeafId, calls: &Names) -> Resolved<bool> {
        let leaf = self.resolver.leaf(id);
        self.resolver
            .resolve(id.module(), leaf, Some(Ns::Type), &mut Vec::new())
            .map(|outcome| match outcome {
                Outcome::Found(f) => f.defs.iter().any(|d| match d {
                    Def::Item(item) => self.item(*item).is_some_and(|t| trait_serves(t, calls)),
                    _ => false,
                }),
                _ => false,
            })
    }

    /// Whether `def`, imported as `name`, may serve a method call among `calls`: a trait with
    /// a member of such a name, a macro call that may write one (`ops!(DimAdd, add)`
    /// writing a trait `DimAdd` with a method `add`), anything from outside the library.
    fn may_serve_calls(&self, def: Def, name: &str, calls: &Names) -> bool {
        match def {
            Def::Item(id) => match self.item(id) {
                Some(syn::Item::Macro(call)) if call.ident.is_none() => {
                    let mut written = Names::default();
                    tokens::names_not_before_paths(&call.mac.tokens, &mut written);
                    written.iter().any(|w| w != name && calls.contains(w))
                }
                Some(item) => trait_serves(item, calls),
                None => true,
            },
            Def::Module(_) => false,
            Def::Extern => true,
        }
    }

    /// Whether item `id` is a trait, or a macro call that may define one (a trait written by
    /// a `macro_rules!`): its import serves method calls.
    fn may_be_trait(&self, id: ItemId) -> bool {
        match self.item(id) {
            Some(syn::Item::Trait(_)) => true,
            Some(syn::Item::Macro(call)) => call.ident.is_none(),
            _ => false,
        }
    }

    /// Keeps module `m` and, of its items, those `wanted` names (all when it is `None`), with
    /// the traits whose methods it calls without naming them.
    fn keep_module(&mut self, m: ModuleId, wanted: Option<&Wanted>) -> Resolved<()> {
        self.keep(Node::Module(m));
        let mut complete = true;
        if !self.parsed(m, &mut complete) {
            return Resolved::new((), complete);
        }
        let named = |name: &str| wanted.is_none_or(|w| w.names.contains(name));
        let lib = self.lib();
        for (i, entry) in lib.module(m).entries.iter().enumerate() {
            match entry {
                Entry::Module(c) if named(&lib.module(*c).name) => {
                    self.keep_module(*c, wanted).noted(&mut complete)
                }
                Entry::Module(_) => {}
                Entry::Item(syn::Item::Use(_)) => {
                    let id = ItemId::new(m, i);
                    let leaves = self.resolver.leaves(id);
                    for (l, leaf) in leaves.iter().enumerate() {
                        // A trait it re-exports serves method calls that never name it
                        // (`use rand::prelude::*;` for `rng.gen_range(..)`).
                        let keep = match wanted {
                            None => true,
                            Some(w) => {
                                leaf.binding().is_some_and(|b| named(b))
                                    || self
                                        .imports_used_trait(LeafId::new(id, l), w.calls)
                                        .noted(&mut complete)
                            }
                        };
                        if keep {
                            self.keep(Node::Leaf(LeafId::new(id, l)));
                        }
                    }
                }
                Entry::Item(item) => {
                    let keep = match wanted {
                        None => true,
                        // A call that may write an item of a wanted name.
                        Some(w) => match item {
                            syn::Item::Macro(call) if call.ident.is_none() => {
                                w.names.iter().any(|name| {
                                    self.resolver
                                        .macro_call_may_define(m, i, name)
                                        .noted(&mut complete)
                                })
                            }
                            _ => {
                                item_name(item).is_some_and(|n| named(&n.to_string()))
                                    || trait_serves(item, w.calls)
                            }
                        },
                    };
                    if keep {
                        self.keep(Node::Item(ItemId::new(m, i)));
                    }
                }
            }
        }
        // Names its globs bring in.
        if !self.resolver.scope_has_globs(m) {
            return Resolved::new((), complete);
        }
        for name in wanted.into_iter().flat_map(|w| w.names) {
            let found = self
                .resolver
                .lookup(m, name, None, None, &mut Vec::new())
                .noted(&mut complete);
            self.work.extend(found.via.into_iter().map(Node::from));
            self.work
                .extend(found.defs.into_iter().filter_map(Node::of));
        }
        Resolved::new((), complete)
    }
}

/// What the solution asks of a module it imports whole or by a glob.
struct Wanted<'a> {
    /// The names it may use from there: its identifiers but its variables.
    names: &'a BTreeSet<String>,
    /// The names its method calls may have: all its identifiers. Not those of kept library
    /// code, which sees the traits of its own modules only: a name a library calls in its
    /// own module says nothing of the traits a solution's glob brings.
    calls: &'a Names,
}

/// Whether `item` is a trait one of whose associated items `calls` names.
fn trait_serves(item: &syn::Item, calls: &Names) -> bool {
    matches!(item, syn::Item::Trait(_))
        && members(item)
            .iter()
            .any(|(name, _)| name.as_ref().is_some_and(|n| calls.contains(n)))
}

/// What the solution's references into the library need. Parses the library's modules as
/// they turn out to be needed.
pub fn for_solution(
    lib: &mut Library,
    solution: &Solution,
    refs: &[PathRef],
) -> Result<Reached, Error> {
    let idents = solution.identifiers();
    // What the solution's globs bring: its identifiers but its variables.
    let locals = solution.local_names();
    let glob_names: BTreeSet<String> = idents
        .iter()
        .filter(|name| !locals.contains(*name))
        .cloned()
        .collect();
    let wanted = Wanted {
        names: &glob_names,
        calls: &idents,
    };
    let macro_use: Vec<String> = solution
        .extern_crates(|name| lib.roots.contains_key(name))
        .into_iter()
        .filter(|e| e.macro_use)
        .map(|e| e.name)
        .collect();
    let bare_macros = solution.bare_macro_calls();
    let used = solution.identifiers_beyond_uses();
    let calls = solution.called_names();
    let unused_imports = std::cell::RefCell::new(Vec::new());
    let mut reached = reach_loading_modules(lib, true, |reach| {
        unused_imports.borrow_mut().clear();
        let used = &with_bare_calls_inside(reach.lib(), &bare_macros, &used);
        reach.progress.idents.extend(idents.iter().cloned());
        for krate in &macro_use {
            let root = reach.lib().krate(reach.lib().roots[krate]).root;
            for name in &bare_macros {
                // What the solution names is looked up again each pass: complete or not.
                let found = reach
                    .resolver
                    .lookup(root, name, Some(Ns::Macro), None, &mut Vec::new())
                    .value;
                for def in found.defs {
                    reach.work.extend(Node::of(def));
                }
            }
        }
        for r in refs {
            let lib = reach.lib();
            let krate = lib.roots[&r.segments[0]];
            let root = lib.krate(krate).root;
            let at = |index: usize| solution.location_of_span(r.spans[index]);
            let mut path = r.clone();
            path.segments[0] = "crate".into();
            path.leading_colon = None;
            let outcome = if path.segments.len() == 1 {
                // `use krate;` or `use krate as k;`
                Outcome::Found(super::resolve::Resolution {
                    defs: vec![Def::Module(root)],
                    via: Vec::new(),
                })
            } else {
                reach
                    .resolver
                    .resolve(root, &path, r.ns, &mut Vec::new())
                    .value
            };
            match outcome {
                Outcome::Found(found) => {
                    // An import nothing in the solution uses, of nothing whose methods it may
                    // call: rustc only warns of it, and the bundle leaves it out rather than
                    // bring what it names (which may be a crate that does not bundle).
                    if is_unused_import(r, used)
                        && !found.defs.iter().any(|d| {
                            r.binding()
                                .is_none_or(|name| reach.may_serve_calls(*d, name, &calls))
                        })
                    {
                        unused_imports.borrow_mut().extend(r.spans.last());
                        continue;
                    }
                    for leaf in found.via {
                        reach.keep(leaf.into());
                    }
                    for def in found.defs {
                        match def {
                            Def::Module(m) => {
                                let _ = reach.keep_module(m, Some(&wanted));
                            }
                            Def::Item(id) => reach.keep(Node::Item(id)),
                            Def::Extern => {}
                        }
                    }
                }
                Outcome::External(_) => {}
                Outcome::Missing { module, index } => {
                    if let Some(cycle) = reach.resolver.cycle_error() {
                        return Err(cycle);
                    }
                    // Most likely what a proc-macro dependency would have brought in
                    // (proconio's `#[fastout]`): an error only if the solution uses it.
                    if let Some(proc_macro) = reach
                        .lib()
                        .crate_of(module)
                        .spec
                        .proc_macros
                        .values()
                        .next()
                    {
                        if is_unused_import(r, used) {
                            unused_imports.borrow_mut().extend(r.spans.last());
                            continue;
                        }
                        return Err(proc_macro.error());
                    }
                    return Err(unknown(
                        &reach.resolver,
                        at(index),
                        &r.segments,
                        module,
                        index,
                    ));
                }
            }
        }
        Ok(())
    })?;
    reached.kept.unused_imports = unused_imports.into_inner();
    Ok(reached)
}

/// `used` with the macros that the library's `macro_rules!` named in `called` call by a bare
/// name, and those that these call, and so on: a bare name in a macro's body resolves where
/// the macro is called, so the caller's import of that name is used. By name, across the
/// loaded modules: a name two crates' macros share keeps an import that may be unused.
fn with_bare_calls_inside(lib: &Library, called: &BTreeSet<String>, used: &Names) -> Names {
    let mut bodies: HashMap<String, Vec<String>> = HashMap::default();
    for (_, module) in lib.modules() {
        for entry in &module.entries {
            let Entry::Item(syn::Item::Macro(m)) = entry else {
                continue;
            };
            let Some(name) = m
                .ident
                .as_ref()
                .filter(|_| m.mac.path.is_ident("macro_rules"))
            else {
                continue;
            };
            let calls = tokens::paths(m.mac.tokens.clone())
                .into_iter()
                .filter(|p| p.call.is_some() && p.segments.len() == 1 && p.leading_colon.is_none())
                .map(|p| p.segments[0].clone());
            bodies.entry(name.to_string()).or_default().extend(calls);
        }
    }
    let mut used = used.clone();
    let mut work: Vec<&String> = called.iter().collect();
    while let Some(name) = work.pop() {
        for inner in bodies.get(name).into_iter().flatten() {
            if used.insert(inner.clone()) {
                work.push(inner);
            }
        }
    }
    used
}

/// Whether `r` is a `use` leaf binding its own last name, which `used` (the names the
/// solution writes outside its imports) does not hold.
pub fn is_unused_import(r: &PathRef, used: &Names) -> bool {
    r.binding()
        .is_some_and(|b| Some(b) == r.segments.last() && !used.contains(b))
}

/// Whole modules of the first crate by name (`show`): each with all its items and what they
/// need.
pub fn for_modules(lib: &mut Library, names: &[String]) -> Result<Reached, Error> {
    reach_loading_modules(lib, false, |reach| {
        let root = reach.lib().first_root();
        for name in names {
            let Some(m) = root.and_then(|root| reach.lib().child(root, name)) else {
                return Err(ErrorKind::UnknownTemplate {
                    library: root
                        .map_or_else(PathBuf::new, |root| reach.lib().module(root).file.clone()),
                    name: name.clone(),
                    suggestion: root
                        .and_then(|root| {
                            crate::suggest::closest(name, child_names(reach.lib(), root))
                        })
                        .map(str::to_string),
                }
                .into());
            };
            let _ = reach.keep_module(m, None);
        }
        Ok(())
    })
}

/// What reach worked out: what the bundle keeps, and the resolution that decided it, which
/// emit asks again, for the same names, when it writes kept code.
pub struct Reached {
    pub kept: Kept,
    pub resolution: Cache,
}

/// Runs `start` and the fixpoint over the modules parsed so far; while that meets modules
/// not parsed yet that it needs (or that may matter), parses them and goes on from what it
/// kept, working out again what was incomplete. An error counts only once nothing is left to
/// parse: it may come from a module not read yet.
///
/// Going on rather than starting again may keep a little more: an import kept while the
/// trait it names was not parsed yet stays.
fn reach_loading_modules(
    lib: &mut Library,
    prune_members: bool,
    start: impl Fn(&mut Reach) -> Result<(), Error>,
) -> Result<Reached, Error> {
    let (mut cache, mut memo) = (Cache::default(), Memo::default());
    let mut progress = Progress::default();
    loop {
        let mut reach = Reach::new(lib, cache, memo, progress, prune_members);
        let result = start(&mut reach).map(|()| reach.run());
        let mut needed = reach.resolver.needed.take();
        // With what was needed, what may matter now, and what may matter among the modules
        // those declare: read in the same step, they save a pass each.
        let kept_so_far = result.is_ok().then(|| reach.kept_so_far());
        if let Some(kept_so_far) = &kept_so_far {
            needed.extend(kept_so_far.modules_worth_parsing(reach.lib()));
        }
        // Before reporting an error, make sure no unparsed module holds the answer.
        let read_everything = needed.is_empty() && result.is_err();
        if read_everything {
            needed.extend(lib.modules().map(|(m, _)| m).filter(|&m| !lib.is_loaded(m)));
        }
        if needed.is_empty() {
            return result.map(|()| Reached {
                kept: Kept {
                    nodes: reach.progress.kept.into_iter().collect(),
                    members: reach.progress.members,
                    prune_members,
                    unused_imports: Vec::new(),
                },
                resolution: reach.resolver.into_cache(),
            });
        }
        let generation = lib.generation;
        memo = std::mem::take(&mut reach.memo);
        // A search an error stopped halfway is started again.
        progress = match result {
            Ok(()) => std::mem::take(&mut reach.progress),
            _ => Progress::default(),
        };
        cache = reach.resolver.into_cache();
        lib.load_with_imported(needed)?;
        while let Some(more) = kept_so_far.as_ref().map(|k| k.modules_worth_parsing(lib)) {
            if more.is_empty() {
                break;
            }
            lib.load_with_imported(more)?;
        }
        while lib.generation == generation {
            let more;
            (cache, more) = Resolver::redo_incomplete(lib, cache);
            if more.is_empty() {
                break;
            }
            lib.load_with_imported(more)?;
        }
        // A module found compiled out once parsed, or a module file none of the parsed ones
        // had declared, may change what was complete: nothing learnt stays.
        if lib.generation != generation || read_everything {
            (cache, memo, progress) = Default::default();
        }
    }
}

/// The names of the child modules of `m`.
fn child_names(lib: &Library, m: ModuleId) -> Vec<&str> {
    lib.module(m)
        .entries
        .iter()
        .filter_map(|e| match e {
            Entry::Module(c) => Some(lib.module(*c).name.as_str()),
            Entry::Item(_) => None,
        })
        .collect()
}

fn unknown(
    resolver: &Resolver,
    at: Location,
    segments: &[String],
    module: ModuleId,
    index: usize,
) -> Error {
    let lib = resolver.lib;
    let mut names: Vec<String> = child_names(lib, module)
        .into_iter()
        .map(str::to_string)
        .collect();
    for (i, entry) in lib.module(module).entries.iter().enumerate() {
        if let Entry::Item(item) = entry {
            match item {
                syn::Item::Use(_) => names.extend(
                    resolver
                        .leaves(ItemId::new(module, i))
                        .iter()
                        .filter_map(|leaf| leaf.binding().cloned()),
                ),
                _ => names.extend(item_name(item).map(|n| n.to_string())),
            }
        }
    }
    let name = &segments[index];
    let parent = segments[..index].join("::");
    ErrorKind::Unknown {
        at,
        searched: lib.module(module).file.clone(),
        path: segments.join("::"),
        suggestion: crate::suggest::closest(
            name,
            names.iter().map(String::as_str).filter(|n| n != name),
        )
        .map(|s| format!("{parent}::{s}")),
        parent,
        name: name.clone(),
    }
    .into()
}

#[cfg(test)]
mod tests {
    //! Table tests of the rules for what nothing names: a small crate in, a solution using
    //! it, and every node the bundle keeps out, exactly; each row also lists what must not
    //! be kept.
    use super::*;
    use crate::bundle::testing::{crate_2021, unparsed_library};
    use quote::ToTokens;
    use std::path::Path;

    /// What the bundle keeps of crate `lib` (its text `lib_rs`) for `solution`: items as
    /// `kind path`, impls as `impl Trait for Type`, trait and impl members kept in braces,
    /// `use` leaves as `use path::name`, sorted.
    fn kept(lib_rs: &str, solution: &str) -> Vec<String> {
        let dir = tempfile::tempdir().unwrap();
        let mut lib = unparsed_library(dir.path(), &[crate_2021("lib", lib_rs)]);
        let solution = Solution::from_text(Path::new("main.rs"), solution.to_string()).unwrap();
        let refs = solution.references(|name| name == "lib");
        let reached = for_solution(&mut lib, &solution, &refs).unwrap();
        let kept = reached.kept;
        let mut out: Vec<String> = kept
            .nodes
            .iter()
            .filter_map(|node| {
                let (id, leaf) = match *node {
                    Node::Module(_) => return None,
                    Node::Item(id) => (id, None),
                    Node::Leaf(leaf) => (leaf.item, Some(leaf.leaf)),
                };
                let path = lib.module_path(id.module);
                let item = lib.item(id)?;
                let members: Vec<String> = members(item)
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| kept.has_member(MemberId::new(id, j)))
                    .filter_map(|(_, (name, _))| name.clone())
                    .collect();
                let members = format!(" {{ {} }}", members.join(", "));
                Some(match item {
                    syn::Item::Use(_) => {
                        let leaves = Paths::of_item(item);
                        let leaf = &leaves[leaf?];
                        let name = leaf.binding().map_or("*", String::as_str);
                        format!("use {path}::{name}")
                    }
                    syn::Item::Impl(imp) => {
                        let ty = imp.self_ty.to_token_stream();
                        match &imp.trait_ {
                            Some((_, t, _)) => {
                                format!("impl {} for {ty}{members}", t.to_token_stream())
                            }
                            None => format!("impl {ty}{members}"),
                        }
                    }
                    syn::Item::Macro(mac) if mac.ident.is_none() => {
                        format!("{path}: {}", mac.to_token_stream())
                    }
                    syn::Item::Macro(mac) => {
                        format!("macro_rules! {path}::{}", mac.ident.as_ref()?)
                    }
                    syn::Item::Trait(t) => format!("trait {path}::{}{members}", t.ident),
                    _ => {
                        let kind = match item {
                            syn::Item::Fn(_) => "fn",
                            syn::Item::Struct(_) => "struct",
                            _ => "item",
                        };
                        format!("{kind} {path}::{}", item_name(item)?)
                    }
                })
            })
            .collect();
        out.sort();
        out
    }

    const SHAPES: &str = "
pub struct Rect;
pub struct Circle;
pub trait Area {
    fn area(&self) -> u32;
    fn doubled(&self) -> u32 { 2 * self.area() }
}
impl Area for Rect { fn area(&self) -> u32 { 1 } }
impl Area for Circle { fn area(&self) -> u32 { 2 } }
impl Rect { pub fn new() -> Rect { Rect } pub fn never() {} }
impl Circle { pub fn new() -> Circle { Circle } }
impl std::fmt::Display for Rect {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { write!(f, \"rect\") }
}
impl std::fmt::Display for Circle {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { write!(f, \"circle\") }
}
pub trait Shape {}
impl<T: Area> Shape for T {}
";

    const MACROS: &str = "
pub trait Tr { fn go(&self) {} }
macro_rules! make { ($n:ident) => { pub struct $n; }; }
make!(Made);
make!(Other);
impl Tr for Made {}
impl Tr for Other {}
#[macro_export]
macro_rules! apply { ($m:ident) => { $m!() }; }
#[macro_export]
macro_rules! seven { () => { 7 }; }
#[macro_export]
macro_rules! eight { () => { 8 }; }
pub fn get() -> u32 { apply!(seven) }
";

    const METHODS: &str = "
pub mod ext {
    pub trait Twice { fn twice(&self) -> u32; }
    impl Twice for u32 { fn twice(&self) -> u32 { self * 2 } }
    pub fn one() -> u32 { 1 }
}
pub mod other {
    pub trait Half { fn twice(&self) -> u32; }
    impl Half for u32 { fn twice(&self) -> u32 { 0 } }
}
";

    #[test]
    fn what_nothing_names_is_kept_by_the_rules() {
        #[allow(clippy::type_complexity)]
        let table: [(&str, &str, &[&str], &[&str]); 5] = [
            // An impl is kept once its type and its trait are, with the members kept code
            // names and those its trait requires; an impl of a trait outside the library
            // whole. An inherent impl only for a member kept code names.
            (
                SHAPES,
                "use lib::{Area, Rect};\nfn main() { let _ = Rect::new().area(); }\n",
                &[
                    "impl Area for Rect { area }",
                    "impl Rect { new }",
                    "impl std :: fmt :: Display for Rect { fmt }",
                    "struct lib::Rect",
                    "trait lib::Area { area }",
                ],
                &[
                    "impl Area for Circle { area }",
                    "impl Circle { new }",
                    "impl std :: fmt :: Display for Circle { fmt }",
                    "impl Shape for T {  }",
                    "trait lib::Area { area, doubled }",
                ],
            ),
            // A blanket impl is kept with its trait, and what its bounds name with it.
            (
                SHAPES,
                "use lib::{Rect, Shape};\nfn f<S: Shape>(_: S) {}\nfn main() { f(Rect::new()) }\n",
                &[
                    "impl Area for Rect { area }",
                    "impl Rect { new }",
                    "impl Shape for T {  }",
                    "impl std :: fmt :: Display for Rect { fmt }",
                    "struct lib::Rect",
                    "trait lib::Area { area }",
                    "trait lib::Shape {  }",
                ],
                &["impl Area for Circle { area }", "struct lib::Circle"],
            ),
            // An impl of a type a macro call writes waits on that call; a call writing a
            // type nothing names is not kept.
            (
                MACROS,
                "use lib::{Made, Tr};\nfn main() { Made.go(); }\n",
                &[
                    "impl Tr for Made {  }",
                    "lib: make ! (Made) ;",
                    "macro_rules! lib::make",
                    "trait lib::Tr { go }",
                ],
                &["impl Tr for Other {  }", "lib: make ! (Other) ;"],
            ),
            // A macro kept code only hands to another (`apply!(seven)`, which calls `$m!`).
            (
                MACROS,
                "fn main() { let _ = lib::get(); }\n",
                &[
                    "fn lib::get",
                    "macro_rules! lib::apply",
                    "macro_rules! lib::seven",
                ],
                &["macro_rules! lib::eight"],
            ),
            // A trait is kept for a method call when its module is in reach: imported whole.
            (
                METHODS,
                "use lib::ext::*;\nfn main() { let _ = 3u32.twice(); }\n",
                &[
                    "impl Twice for u32 { twice }",
                    "trait lib::ext::Twice { twice }",
                ],
                &[
                    "fn lib::ext::one",
                    "impl Half for u32 { twice }",
                    "trait lib::other::Half { twice }",
                ],
            ),
        ];
        for (lib_rs, solution, expected, not_kept) in table {
            let kept = kept(lib_rs, solution);
            assert_eq!(kept, expected, "{solution}");
            for item in not_kept {
                assert!(
                    !kept.iter().any(|k| k == item),
                    "{item} kept for {solution}"
                );
            }
        }
    }
}
