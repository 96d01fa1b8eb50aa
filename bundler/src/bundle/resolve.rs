//! Which library items a bundle needs: name resolution over the library's modules (items,
//! `use` leaves, globs, `crate::`/`self::`/`super::`/`$crate::`), then a fixpoint that keeps
//! every item a kept item names, and every `impl` whose type and trait are all kept.
//!
//! When unsure it keeps: a name that may be a library item is taken to be one (a generic
//! parameter that shares an item's name keeps that item), a macro is kept by name, an
//! item-level macro call is kept once any library item it names is, and a trait never named
//! (called as `x.method()` or `Self::method`) is kept once kept code in its module's reach uses
//! one of its associated items' names.

use super::{Error, ErrorKind};
use crate::bundle::library::{Entry, Library, ModuleId};
use crate::bundle::parse::{Identifiers, PathRef, Paths, Solution};
use crate::bundle::source::{item_name, Location};
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};

/// A library item by module and position in it.
pub type ItemId = (ModuleId, usize);

/// What a bundle may keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Node {
    /// The module itself, even with nothing kept in it (a glob or a `use` may name it).
    Module(ModuleId),
    Item(ModuleId, usize),
    /// The `leaf`-th leaf of the `use` item at this position.
    Leaf(ModuleId, usize, usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Module(ModuleId),
    Item(ItemId),
}

impl Target {
    fn node(self) -> Node {
        match self {
            Target::Module(m) => Node::Module(m),
            Target::Item((m, i)) => Node::Item(m, i),
        }
    }
}

/// What a name or path resolved to, and the `use` leaves it went through.
#[derive(Debug, Default)]
struct Found {
    targets: Vec<Target>,
    via: Vec<Node>,
}

enum Outcome {
    Found(Found),
    /// Not a library path (std, a local name, a generic parameter); `via` holds a `use` leaf
    /// that imported it, if any.
    External(Vec<Node>),
    /// A library module lacks the `index`-th segment.
    Missing {
        module: ModuleId,
        index: usize,
    },
}

/// The result: every node to emit.
#[derive(Debug, Default)]
pub struct Kept {
    pub nodes: BTreeSet<Node>,
}

impl Kept {
    pub fn has(&self, node: Node) -> bool {
        self.nodes.contains(&node)
    }

    /// The modules with at least one kept item, as paths, in library order.
    pub fn module_names(&self, lib: &Library) -> Vec<String> {
        let mut modules: Vec<ModuleId> = self
            .nodes
            .iter()
            .filter_map(|n| match n {
                Node::Item(m, _) => Some(*m),
                _ => None,
            })
            .collect();
        modules.dedup();
        modules
            .into_iter()
            .map(|m| match lib.module_path(m).split_once("::") {
                Some((_, path)) => path.to_string(),
                None => lib.name.clone(),
            })
            .collect()
    }
}

struct Resolver<'l> {
    lib: &'l Library,
    /// The leaves of every `use` item.
    leaves: HashMap<ItemId, Vec<PathRef>>,
    kept: BTreeSet<Node>,
    work: Vec<Node>,
    /// Modules that have a kept item (their trait imports and globs are then kept).
    populated: BTreeSet<ModuleId>,
    /// Every identifier in the solution and in kept items: the names methods are called by.
    idents: BTreeSet<String>,
    /// Modules not parsed yet that this pass found it needs: the pass is redone once they
    /// are loaded.
    needed: RefCell<BTreeSet<ModuleId>>,
}

impl<'l> Resolver<'l> {
    fn new(lib: &'l Library) -> Resolver<'l> {
        let mut leaves = HashMap::new();
        for (m, module) in lib.modules.iter().enumerate() {
            for (i, entry) in module.entries.iter().enumerate() {
                if let Entry::Item(item @ syn::Item::Use(_)) = entry {
                    leaves.insert((m, i), Paths::of_item(item));
                }
            }
        }
        Resolver {
            lib,
            leaves,
            kept: BTreeSet::new(),
            work: Vec::new(),
            populated: BTreeSet::new(),
            idents: BTreeSet::new(),
            needed: RefCell::default(),
        }
    }

    fn item(&self, (m, i): ItemId) -> Option<&'l syn::Item> {
        match &self.lib.modules[m].entries[i] {
            Entry::Item(item) => Some(item),
            Entry::Module(_) => None,
        }
    }

    fn cycle(&self, stack: &[Node], node: Node) -> Error {
        let Node::Leaf(m, i, l) = node else {
            unreachable!("only use leaves are stacked")
        };
        let start = stack.iter().position(|n| *n == node).unwrap_or(0);
        let describe = |n: &Node| match *n {
            Node::Leaf(m, i, l) => format!(
                "{}::{}",
                self.lib.module_path(m),
                self.leaves[&(m, i)][l].binding.as_deref().unwrap_or("*")
            ),
            _ => String::new(),
        };
        let mut chain: Vec<String> = stack[start..].iter().map(describe).collect();
        chain.push(describe(&node));
        let module = &self.lib.modules[m];
        ErrorKind::UseCycle {
            at: Location::of_span(&module.file, &module.text, self.leaves[&(m, i)][l].root),
            chain: chain.join(" -> "),
        }
        .into()
    }

    /// Everything `name` means in module `m`: its items and child modules, the `use`
    /// leaves that bind it, and failing those, what its globs bring in.
    fn lookup(&self, m: ModuleId, name: &str, stack: &mut Vec<Node>) -> Result<Found, Error> {
        let mut found = Found::default();
        if !self.loaded(m) {
            return Ok(found);
        }
        let module = &self.lib.modules[m];
        let mut globs = Vec::new();
        for (i, entry) in module.entries.iter().enumerate() {
            match entry {
                Entry::Module(c) if self.lib.modules[*c].name == name => {
                    found.targets.push(Target::Module(*c));
                }
                Entry::Module(_) => {}
                Entry::Item(syn::Item::Use(_)) => {
                    for (l, leaf) in self.leaves[&(m, i)].iter().enumerate() {
                        let node = Node::Leaf(m, i, l);
                        if leaf.glob {
                            globs.push((node, leaf));
                        } else if leaf.binding.as_deref() == Some(name) {
                            if stack.contains(&node) {
                                return Err(self.cycle(stack, node));
                            }
                            stack.push(node);
                            let outcome = self.resolve(m, &leaf.segments, stack)?;
                            stack.pop();
                            found.via.push(node);
                            match outcome {
                                Outcome::Found(f) => {
                                    found.targets.extend(f.targets);
                                    found.via.extend(f.via);
                                }
                                Outcome::External(via) => found.via.extend(via),
                                Outcome::Missing { .. } => {}
                            }
                        }
                    }
                }
                Entry::Item(item) => {
                    if item_name(item).is_some_and(|n| n == name) {
                        found.targets.push(Target::Item((m, i)));
                    }
                }
            }
        }
        if m == 0 {
            found.targets.extend(self.exported_macros(name));
        }
        if found.targets.is_empty() && found.via.is_empty() {
            for (node, leaf) in globs {
                if stack.contains(&node) {
                    continue; // globs may import each other; that is no error
                }
                stack.push(node);
                let outcome = self.resolve(m, &leaf.segments, stack)?;
                let mut inner = Found::default();
                if let Outcome::Found(f) = outcome {
                    for target in f.targets {
                        match target {
                            Target::Module(g) => {
                                let more = self.lookup(g, name, stack)?;
                                inner.targets.extend(more.targets);
                                inner.via.extend(more.via);
                            }
                            Target::Item(id) if self.has_variant(id, name) => {
                                inner.targets.push(target);
                            }
                            Target::Item(_) => {}
                        }
                    }
                    if !inner.targets.is_empty() {
                        inner.via.extend(f.via);
                    }
                }
                stack.pop();
                if !inner.targets.is_empty() {
                    found.via.push(node);
                    found.targets.extend(inner.targets);
                    found.via.extend(inner.via);
                }
            }
        }
        Ok(found)
    }

    fn has_variant(&self, id: ItemId, name: &str) -> bool {
        matches!(self.item(id), Some(syn::Item::Enum(e)) if e.variants.iter().any(|v| v.ident == name))
    }

    /// `#[macro_export]` macros written below the root, which live at the crate root.
    fn exported_macros(&self, name: &str) -> Vec<Target> {
        self.macros(name, |m, mac| {
            m != 0 && mac.attrs.iter().any(|a| a.path().is_ident("macro_export"))
        })
    }

    /// The `macro_rules!` called `name` for which `accept(module, item)` holds.
    fn macros(
        &self,
        name: &str,
        accept: impl Fn(ModuleId, &syn::ItemMacro) -> bool,
    ) -> Vec<Target> {
        let mut out = Vec::new();
        for (m, module) in self.lib.modules.iter().enumerate() {
            if !self.lib.is_loaded(m) && self.lib.hints(m).macros.contains(name) {
                self.needed.borrow_mut().insert(m);
            }
            for (i, entry) in module.entries.iter().enumerate() {
                if let Entry::Item(syn::Item::Macro(mac)) = entry {
                    if mac.ident.as_ref().is_some_and(|id| id == name) && accept(m, mac) {
                        out.push(Target::Item((m, i)));
                    }
                }
            }
        }
        out
    }

    /// Resolves `segments` as written in module `m`.
    fn resolve(
        &self,
        m: ModuleId,
        segments: &[String],
        stack: &mut Vec<Node>,
    ) -> Result<Outcome, Error> {
        let mut via = Vec::new();
        let mut rest = &segments[1..];
        let mut current = match segments[0].as_str() {
            "crate" | "$crate" => vec![Target::Module(0)],
            "self" => vec![Target::Module(m)],
            "super" => {
                let mut module = self.lib.modules[m].parent;
                while rest.first().is_some_and(|s| s == "super") {
                    module = module.and_then(|p| self.lib.modules[p].parent);
                    rest = &rest[1..];
                }
                match module {
                    Some(p) => vec![Target::Module(p)],
                    None => return Ok(Outcome::External(via)),
                }
            }
            name => {
                let found = self.lookup(m, name, stack)?;
                if found.targets.is_empty() {
                    return Ok(Outcome::External(found.via));
                }
                via = found.via;
                found.targets
            }
        };
        for (offset, segment) in rest.iter().enumerate() {
            let Some(module) = current.iter().find_map(|t| match t {
                Target::Module(g) => Some(*g),
                Target::Item(_) => None,
            }) else {
                break; // an item's associated item or variant: the item is the target
            };
            let found = self.lookup(module, segment, stack)?;
            if found.targets.is_empty() {
                return Ok(Outcome::Missing {
                    module,
                    index: segments.len() - rest.len() + offset,
                });
            }
            via.extend(found.via);
            current = found.targets;
        }
        Ok(Outcome::Found(Found {
            targets: current,
            via,
        }))
    }

    /// What a path written in module `m` makes the bundle keep.
    fn needs(&self, m: ModuleId, path: &PathRef) -> Result<Vec<Node>, Error> {
        if path.leading_colon.is_some() && path.segments[0] != self.lib.name {
            return Ok(Vec::new()); // another crate
        }
        let segments = if path.leading_colon.is_some() {
            let mut s = path.segments.clone();
            s[0] = "crate".into();
            s
        } else {
            path.segments.clone()
        };
        let outcome = self.resolve(m, &segments, &mut Vec::new())?;
        Ok(match outcome {
            Outcome::Found(f) => f
                .via
                .into_iter()
                .chain(f.targets.into_iter().map(Target::node))
                .collect(),
            Outcome::External(via) if path.macro_call && segments.len() == 1 => {
                // macro_rules! are scoped by text order, not by module: keep any of that name
                via.into_iter()
                    .chain(
                        self.macros(&segments[0], |_, _| true)
                            .into_iter()
                            .map(Target::node),
                    )
                    .collect()
            }
            Outcome::External(via) => via,
            Outcome::Missing { .. } => Vec::new(),
        })
    }

    /// Whether module `m` is parsed; if not, it is marked as needed.
    fn loaded(&self, m: ModuleId) -> bool {
        let loaded = self.lib.is_loaded(m);
        if !loaded {
            self.needed.borrow_mut().insert(m);
        }
        loaded
    }

    /// The modules not parsed yet that may hold what the kept items need without naming it:
    /// an `impl` of a kept type or trait, a macro called by name, a module file not read yet.
    fn unparsed_that_may_matter(&self) -> Vec<ModuleId> {
        let mut types = BTreeSet::new();
        for node in &self.kept {
            if let Node::Item(m, i) = *node {
                if let Some(
                    item @ (syn::Item::Struct(_)
                    | syn::Item::Enum(_)
                    | syn::Item::Union(_)
                    | syn::Item::Trait(_)
                    | syn::Item::Type(_)),
                ) = self.item((m, i))
                {
                    types.extend(item_name(item).map(|n| n.to_string()));
                }
            }
        }
        (0..self.lib.modules.len())
            .filter(|&m| {
                let hints = self.lib.hints(m);
                !self.lib.is_loaded(m)
                    && (hints.declares_file_modules
                        || !hints.impl_names.is_disjoint(&types)
                        || !hints.macros.is_disjoint(&self.idents))
            })
            .collect()
    }

    fn keep(&mut self, node: Node) {
        self.work.push(node);
    }

    fn run(&mut self) -> Result<(), Error> {
        let conditionals = self.conditionals()?;
        let traits = self.trait_items();
        loop {
            while let Some(node) = self.work.pop() {
                if !self.kept.insert(node) {
                    continue;
                }
                for dep in self.deps(node)? {
                    self.work.push(dep);
                }
            }
            for (id, needs_all, refs) in &conditionals {
                let node = Node::Item(id.0, id.1);
                if self.kept.contains(&node) {
                    continue;
                }
                let is_kept = |n: &Node| self.kept.contains(n);
                let ready = if *needs_all {
                    !refs.is_empty() && refs.iter().all(is_kept)
                } else if refs.is_empty() {
                    self.populated.contains(&id.0)
                } else {
                    refs.iter().any(is_kept)
                };
                if ready {
                    self.work.push(node);
                }
            }
            for (id, names) in &traits {
                let node = Node::Item(id.0, id.1);
                if !self.kept.contains(&node)
                    && self.populated.contains(&id.0)
                    && names.iter().any(|n| self.idents.contains(n))
                {
                    self.work.push(node);
                }
            }
            if self.work.is_empty() {
                return Ok(());
            }
        }
    }

    /// Items kept by a condition, not by being named: each `impl` (kept when all library
    /// items in its header are) and each item-level macro call (kept when any library item
    /// it names is, or with its module when it names none).
    fn conditionals(&self) -> Result<Vec<(ItemId, bool, Vec<Node>)>, Error> {
        let mut out = Vec::new();
        for (m, module) in self.lib.modules.iter().enumerate() {
            for (i, entry) in module.entries.iter().enumerate() {
                let header = match entry {
                    Entry::Item(syn::Item::Impl(imp)) => {
                        let mut paths = Paths::default();
                        syn::visit::Visit::visit_type(&mut paths, &imp.self_ty);
                        if let Some((_, trait_path, _)) = &imp.trait_ {
                            syn::visit::Visit::visit_path(&mut paths, trait_path);
                        }
                        (true, paths.found)
                    }
                    Entry::Item(syn::Item::Macro(mac)) if mac.ident.is_none() => {
                        let mut paths = Paths::default();
                        paths.tokens(mac.mac.tokens.clone());
                        (false, paths.found)
                    }
                    _ => continue,
                };
                let mut refs = Vec::new();
                for path in &header.1 {
                    for node in self.needs(m, path)? {
                        let is_macro = matches!(node, Node::Item(a, b)
                            if matches!(self.item((a, b)), Some(syn::Item::Macro(_))));
                        if matches!(node, Node::Item(..)) && !is_macro {
                            refs.push(node);
                        }
                    }
                }
                refs.sort();
                refs.dedup();
                out.push(((m, i), header.0, refs));
            }
        }
        Ok(out)
    }

    /// Every trait of the library with the names of its associated items.
    fn trait_items(&self) -> Vec<(ItemId, Vec<String>)> {
        let mut out = Vec::new();
        for (m, module) in self.lib.modules.iter().enumerate() {
            for (i, entry) in module.entries.iter().enumerate() {
                if let Entry::Item(syn::Item::Trait(t)) = entry {
                    let names = t.items.iter().filter_map(|item| match item {
                        syn::TraitItem::Fn(f) => Some(f.sig.ident.to_string()),
                        syn::TraitItem::Const(c) => Some(c.ident.to_string()),
                        syn::TraitItem::Type(t) => Some(t.ident.to_string()),
                        _ => None,
                    });
                    out.push(((m, i), names.collect()));
                }
            }
        }
        out
    }

    fn deps(&mut self, node: Node) -> Result<Vec<Node>, Error> {
        let mut out = Vec::new();
        match node {
            Node::Module(m) => {
                self.loaded(m); // its docs and attributes are emitted with it
                out.extend(self.lib.modules[m].parent.map(Node::Module));
            }
            Node::Leaf(m, i, l) => {
                out.push(Node::Module(m));
                let leaf = self.leaves[&(m, i)][l].clone();
                out.extend(self.needs(m, &leaf)?);
            }
            Node::Item(m, i) => {
                out.push(Node::Module(m));
                if let Some(item) = self.item((m, i)) {
                    syn::visit::Visit::visit_item(&mut Identifiers(&mut self.idents), item);
                    for path in Paths::of_item(item) {
                        out.extend(self.needs(m, &path)?);
                    }
                }
                if self.populated.insert(m) {
                    out.extend(self.module_imports(m)?);
                }
            }
        }
        Ok(out)
    }

    /// The `use` leaves a module's code may need without naming them: trait imports (for
    /// method calls), globs, and imports from outside the library.
    fn module_imports(&self, m: ModuleId) -> Result<Vec<Node>, Error> {
        let mut out = Vec::new();
        for (&(module, i), leaves) in &self.leaves {
            if module != m {
                continue;
            }
            for (l, leaf) in leaves.iter().enumerate() {
                let node = Node::Leaf(m, i, l);
                let keep = leaf.glob
                    || match self.resolve(m, &leaf.segments, &mut vec![node])? {
                        Outcome::Found(f) => f.targets.iter().any(|t| {
                            matches!(t, Target::Item(id) if matches!(self.item(*id), Some(syn::Item::Trait(_))))
                        }),
                        Outcome::External(_) => true,
                        Outcome::Missing { .. } => false,
                    };
                if keep {
                    out.push(node);
                }
            }
        }
        Ok(out)
    }

    /// Keeps module `m` and, of its items, those whose name is in `names` (all when `names`
    /// is `None`), with its traits, for method calls that never name them.
    fn keep_module(&mut self, m: ModuleId, names: Option<&BTreeSet<String>>) {
        self.keep(Node::Module(m));
        if !self.loaded(m) {
            return;
        }
        let wanted = |name: &str| names.is_none_or(|n| n.contains(name));
        for (i, entry) in self.lib.modules[m].entries.iter().enumerate() {
            match entry {
                Entry::Module(c) if wanted(&self.lib.modules[*c].name) => {
                    self.keep_module(*c, names)
                }
                Entry::Module(_) => {}
                Entry::Item(syn::Item::Use(_)) => {
                    let leaves = self.leaves[&(m, i)].len();
                    for l in 0..leaves {
                        let binding = self.leaves[&(m, i)][l].binding.clone();
                        if names.is_none() || binding.is_some_and(|b| wanted(&b)) {
                            self.keep(Node::Leaf(m, i, l));
                        }
                    }
                }
                Entry::Item(item) => {
                    let named = item_name(item).is_some_and(|n| wanted(&n.to_string()));
                    if names.is_none() || named || matches!(item, syn::Item::Trait(_)) {
                        self.keep(Node::Item(m, i));
                    }
                }
            }
        }
    }
}

/// What the solution's references into the library need. Parses the library's modules as
/// they turn out to be needed.
pub fn for_solution(
    lib: &mut Library,
    solution: &Solution,
    refs: &[PathRef],
) -> Result<Kept, Error> {
    let idents = solution.identifiers();
    resolve_loading(lib, |resolver| {
        resolver.idents.clone_from(&idents);
        for r in refs {
            let mut segments = r.segments.clone();
            segments[0] = "crate".into();
            let at =
                |index: usize| Location::of_span(&solution.path, &solution.text, r.spans[index]);
            match resolver.resolve(0, &segments, &mut Vec::new())? {
                Outcome::Found(found) => {
                    for node in found.via {
                        resolver.keep(node);
                    }
                    for target in found.targets {
                        match target {
                            Target::Module(m) => resolver.keep_module(m, Some(&idents)),
                            Target::Item(_) => resolver.keep(target.node()),
                        }
                    }
                }
                Outcome::External(_) => unreachable!("paths from `crate` stay in the library"),
                Outcome::Missing { module, index } => {
                    return Err(unknown(resolver.lib, at(index), &r.segments, module, index));
                }
            }
        }
        Ok(())
    })
}

/// Whole modules by name (`show`): each with all its items and what they need.
pub fn for_modules(lib: &mut Library, names: &[String]) -> Result<Kept, Error> {
    resolve_loading(lib, |resolver| {
        for name in names {
            let Some(m) = resolver.lib.child(0, name) else {
                return Err(ErrorKind::UnknownTemplate {
                    name: name.clone(),
                    suggestion: crate::suggest::closest(name, child_names(resolver.lib, 0))
                        .map(str::to_string),
                }
                .into());
            };
            resolver.keep_module(m, None);
        }
        Ok(())
    })
}

/// Runs `start` and the fixpoint over the modules parsed so far; while that meets modules
/// not parsed yet that it needs (or that may matter), parses them and starts again. An error
/// counts only once nothing is left to parse: it may come from a module not read yet.
fn resolve_loading(
    lib: &mut Library,
    start: impl Fn(&mut Resolver) -> Result<(), Error>,
) -> Result<Kept, Error> {
    loop {
        let mut resolver = Resolver::new(lib);
        let result = start(&mut resolver).and_then(|()| resolver.run());
        let mut needed = resolver.needed.take();
        if needed.is_empty() {
            match result {
                Ok(()) => needed.extend(resolver.unparsed_that_may_matter()),
                // Before reporting an error, make sure no unparsed module holds the answer.
                Err(_) => needed.extend((0..lib.modules.len()).filter(|&m| !lib.is_loaded(m))),
            }
        }
        let kept = resolver.kept;
        if needed.is_empty() {
            return result.map(|()| Kept { nodes: kept });
        }
        for m in needed {
            lib.load(m)?;
        }
    }
}

/// The names of the child modules of `m`.
fn child_names(lib: &Library, m: ModuleId) -> Vec<&str> {
    lib.modules[m]
        .entries
        .iter()
        .filter_map(|e| match e {
            Entry::Module(c) => Some(lib.modules[*c].name.as_str()),
            Entry::Item(_) => None,
        })
        .collect()
}

fn unknown(
    lib: &Library,
    at: Location,
    segments: &[String],
    module: ModuleId,
    index: usize,
) -> Error {
    let module_entries = &lib.modules[module].entries;
    let mut names: Vec<String> = child_names(lib, module)
        .into_iter()
        .map(str::to_string)
        .collect();
    for entry in module_entries {
        if let Entry::Item(item) = entry {
            match item {
                syn::Item::Use(_) => names.extend(
                    Paths::of_item(item)
                        .into_iter()
                        .filter_map(|leaf| leaf.binding),
                ),
                _ => names.extend(item_name(item).map(|n| n.to_string())),
            }
        }
    }
    let name = &segments[index];
    let parent = segments[..index].join("::");
    ErrorKind::Unknown {
        at,
        path: segments.join("::"),
        suggestion: crate::suggest::closest(name, names.iter().map(String::as_str))
            .map(|s| format!("{parent}::{s}")),
        parent,
        name: name.clone(),
    }
    .into()
}
