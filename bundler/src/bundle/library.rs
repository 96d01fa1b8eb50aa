//! A library crate read into memory: its module tree, from `src/lib.rs` down through every
//! `mod` (file or inline), with `#[cfg(test)]` items already left out. File modules are parsed
//! on demand ([`Library::load`]).

use super::build_scripts::BuildScripts;
use super::cfg::Cfg;
use super::crates::{CrateGraph, CrateSpec, FeatureRequest};
use super::file_modules;
use super::ids::{CrateId, ItemId, ModuleId};
use super::scan::{after, ident_len, is_ident_byte};
use super::source::{self, item_attrs_mut, Location};
use super::tokens;
use super::{Error, ErrorKind};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use syn::ext::IdentExt;

/// One item of a module, in source order. Items stay unboxed: they are stored once and
/// matched by pattern everywhere.
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)]
pub enum Entry {
    Item(syn::Item),
    /// A `mod`, file or inline, loaded as its own [`Module`].
    Module(ModuleId),
}

#[derive(Debug, Clone)]
pub struct Module {
    pub name: String,
    /// The crate it belongs to.
    pub krate: CrateId,
    pub parent: Option<ModuleId>,
    /// The `mod` declaration's outer attributes and, once loaded, the module's inner ones
    /// (`//!`, `#![..]`).
    pub attrs: Vec<syn::Attribute>,
    pub vis: syn::Visibility,
    /// Empty until the module is loaded.
    pub entries: Vec<Entry>,
    /// The file the module's items are written in, and its text.
    pub file: PathBuf,
    pub text: Rc<str>,
    /// Its file turned out to start with a `#![cfg]` that is false: as if it were not there.
    pub compiled_out: bool,
    /// For a `mod name;` written inside a macro call, the position of that call in the
    /// parent module.
    pub declared_by: Option<usize>,
    /// For a file module not parsed yet, the folder its own file submodules live in.
    unparsed: Option<PathBuf>,
    hints: TextHints,
}

impl Module {
    /// The root module of crate `krate`, read from its root file and not parsed yet.
    fn crate_root(krate: CrateId, spec: &CrateSpec) -> Result<Module, Error> {
        let text: Rc<str> = source::read(&spec.root)?.into();
        Ok(Module {
            name: String::new(),
            krate,
            parent: None,
            attrs: Vec::new(),
            vis: syn::Visibility::Inherited,
            entries: Vec::new(),
            hints: TextHints::of(&text),
            compiled_out: false,
            declared_by: None,
            text,
            unparsed: Some(spec.root.parent().unwrap_or(&spec.dir).to_path_buf()),
            file: spec.root.clone(),
        })
    }
}

/// What a module's text alone says, to tell whether the module may matter to a bundle
/// before paying for its parse. Comments and strings count too (except for file modules):
/// the hints may say yes wrongly, never no wrongly.
#[derive(Debug, Clone, Default)]
pub struct TextHints {
    /// It may declare file modules (`mod name;`), whose files are read only once it is parsed.
    pub declares_file_modules: bool,
    /// The identifiers in its `impl` headers: the types and traits it may implement.
    pub impl_names: BTreeSet<String>,
    /// The names of the `macro_rules!` it may define.
    pub macros: BTreeSet<String>,
    /// Those of them that may write impls (`impl` and `$` in their bodies).
    pub impl_macros: BTreeSet<String>,
    /// The calls it may make of macros as items (a name and `!` first on a line): where in
    /// its text each one's name and arguments are. The arguments' identifiers are the types
    /// an impl the macro writes may be for (`add_impl!(Mul, mul; self: Translation<N>)` in
    /// a file of nothing else, the macro defined in another).
    /// Found when first asked for ([`Library::item_macro_calls`]): only a crate with macros
    /// that write impls asks.
    item_macro_calls: std::cell::OnceCell<Vec<MacroCallText>>,
}

/// A macro call in a module's text, as byte ranges of that text.
#[derive(Debug, Clone)]
pub struct MacroCallText {
    pub name: std::ops::Range<usize>,
    pub arguments: std::ops::Range<usize>,
}

impl TextHints {
    fn of(text: &str) -> TextHints {
        // A doc comment's `(mod p;` would have every such module parsed: the text is
        // scanned for its code only then, as scanning every file would cost more.
        let declares_file_modules =
            file_modules::may_declare(text) && file_modules::may_declare(&code_only(text));
        let mut impl_names = BTreeSet::new();
        for rest in after(text, "impl") {
            let mut header = &rest[..rest.find(['{', ';']).unwrap_or(rest.len())];
            while let Some(start) = header.bytes().position(is_ident_byte) {
                header = &header[start..];
                let len = ident_len(header);
                impl_names.insert(header[..len].to_string());
                header = &header[len..];
            }
        }
        // A macro of the file that writes impls (`impl<..> PartialEq<$rhs> for $lhs`, called
        // once per type pair): the types are in its calls, not after `impl`. Every name of
        // the file may be an impl's type then.
        let macro_starts: Vec<usize> = memchr::memmem::find_iter(text.as_bytes(), MACRO_RULES)
            .map(|at| at + MACRO_RULES.len())
            .collect();
        let impl_macros: BTreeSet<String> = macro_starts
            .iter()
            .enumerate()
            .filter(|&(k, &start)| {
                let body = &text[start
                    ..macro_starts
                        .get(k + 1)
                        .map_or(text.len(), |&next| next - MACRO_RULES.len())];
                after(body, "impl").next().is_some() && body.contains('$')
            })
            .map(|(_, &start)| name_after(&text[start..]))
            .collect();
        if !impl_macros.is_empty() {
            impl_names.extend(identifiers(text).map(str::to_string));
        }
        let macros = macro_starts
            .iter()
            .map(|&start| name_after(&text[start..]))
            .collect();
        TextHints {
            declares_file_modules,
            impl_names,
            macros,
            impl_macros,
            item_macro_calls: Default::default(),
        }
    }
}

const MACRO_RULES: &[u8] = b"macro_rules!";

/// Every identifier of `text`.
pub fn identifiers(mut text: &str) -> impl Iterator<Item = &str> {
    std::iter::from_fn(move || {
        let start = text.bytes().position(is_ident_byte)?;
        text = &text[start..];
        let len = ident_len(text).max(1);
        let name = &text[..len];
        text = &text[len..];
        Some(name)
    })
}

/// Each call `name!( .. )` (or `[ .. ]`, `{ .. }`) that starts a line of `text`, as item-level
/// calls do (statements' too, which cost only a look). Delimiters are counted in the raw
/// text: a hint may take in too much, never too little.
fn item_macro_calls(text: &str) -> Vec<MacroCallText> {
    let mut out = Vec::new();
    let mut line_start = 0;
    while line_start < text.len() {
        let line = &text[line_start..];
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        let rest = &line[indent..];
        let name_len = ident_len(rest);
        let after_name = rest[name_len..].trim_start_matches([' ', '\t']);
        let open = after_name
            .strip_prefix('!')
            .map(|a| a.trim_start_matches([' ', '\t']))
            .and_then(|a| a.chars().next().map(|c| (c, a)));
        if let (true, Some((open @ ('(' | '[' | '{'), args))) = (name_len > 0, open) {
            let name = &rest[..name_len];
            let close = match open {
                '(' => ')',
                '[' => ']',
                _ => '}',
            };
            let mut depth = 0usize;
            let end = args
                .char_indices()
                .find(|&(_, c)| {
                    depth = match c {
                        c if c == open => depth + 1,
                        c if c == close => depth - 1,
                        _ => depth,
                    };
                    depth == 0
                })
                .map_or(args.len(), |(at, _)| at);
            if name != "macro_rules" {
                let name_start = line_start + indent;
                let args_start = text.len() - args.len();
                out.push(MacroCallText {
                    name: name_start..name_start + name_len,
                    arguments: args_start..args_start + end,
                });
            }
        }
        line_start += line.find('\n').map_or(line.len(), |at| at + 1);
    }
    out
}

/// The names after each `macro_rules!` of `text`.
fn macro_names(text: &str) -> impl Iterator<Item = String> + '_ {
    memchr::memmem::find_iter(text.as_bytes(), MACRO_RULES)
        .map(|at| name_after(&text[at + MACRO_RULES.len()..]))
}

/// The identifier `rest` starts with after blanks: a `macro_rules!`'s name.
fn name_after(rest: &str) -> String {
    let rest = rest.trim_start();
    rest[..ident_len(rest)].to_string()
}

/// Each `.rs` file under `dir` (but `target` and hidden folders), with the names of the
/// `macro_rules!` its text may define.
fn macro_files(dir: &Path) -> Vec<(PathBuf, BTreeSet<String>)> {
    let skipped = |entry: &walkdir::DirEntry| {
        let name = entry.file_name().to_string_lossy();
        entry.depth() > 0
            && entry.file_type().is_dir()
            && (name == "target" || name.starts_with('.'))
    };
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_entry(|entry| !skipped(entry))
        .flatten()
        .filter(|entry| {
            entry.file_type().is_file() && entry.path().extension().is_some_and(|e| e == "rs")
        })
        .filter_map(|entry| {
            let text = std::fs::read_to_string(entry.path()).ok()?;
            let names: BTreeSet<String> = macro_names(&text).collect();
            (!names.is_empty()).then(|| (entry.into_path(), names))
        })
        .collect()
}

/// `text` without its comments and literals (a space in place of each).
fn code_only(text: &str) -> String {
    let code: Vec<&str> = super::scan::pieces(text)
        .filter(|piece| piece.class == super::scan::Class::Code)
        .map(|piece| &text[piece.range])
        .collect();
    code.join(" ")
}

/// One crate of the library: what Cargo says of it, and where its modules are.
#[derive(Debug)]
pub struct LibCrate {
    pub spec: CrateSpec,
    pub cfg: Cfg,
    /// Its root module.
    pub root: ModuleId,
    /// The module the bundle wraps it in, at the bundle's root: the crate's name, made
    /// unique if two crates share one.
    pub module_name: String,
    /// Every source file of the crate that may define a `macro_rules!`, with their names:
    /// read once a `#[macro_export]` macro is not found among the modules known.
    macro_files: std::cell::OnceCell<Vec<(PathBuf, BTreeSet<String>)>>,
}

/// Library crates whose files are read when first met and parsed when first needed: a
/// bundle parses only the modules it reaches, as parsing is most of a bundle's time.
#[derive(Debug)]
pub struct Library {
    /// Indexed by [`ModuleId`]: each crate's root, then each module as it is met.
    modules: Vec<Module>,
    /// Indexed by [`CrateId`], as in the crate graph.
    crates: Vec<LibCrate>,
    /// The crates a solution names, by the name it uses.
    pub roots: std::collections::BTreeMap<String, CrateId>,
    /// Proc-macro crates a solution could name: an error if it does.
    pub proc_macro_roots: std::collections::BTreeMap<String, super::crates::ProcMacro>,
    /// Counts the modules found compiled out once parsed: what was resolved before may
    /// have counted on them.
    pub generation: usize,
    /// Expands the proc macros a module's items apply, as each module is parsed.
    pub expander: Option<Box<dyn ExpandMacros>>,
    /// What the crates' build scripts write, for the `include!` calls that read it.
    pub build_scripts: Option<BuildScripts>,
}

/// Replaces the procedural macro calls among a module's items by what the macros make
/// (`proc_macros` does; the engine only calls it).
pub trait ExpandMacros: std::fmt::Debug {
    /// `items`, written in `file` (whose text is `text`) in a module of crate `krate`, with
    /// each call of a proc macro the crate depends on expanded.
    fn expand_items(
        &mut self,
        lib: &Library,
        krate: CrateId,
        items: Vec<syn::Item>,
        file: &Path,
        text: &str,
    ) -> Result<Vec<syn::Item>, Error>;
}

impl Library {
    /// Reads the library crate in `dir` (a directory holding its `Cargo.toml`) with its
    /// default features, and the crates it depends on; parses its root file.
    pub fn open(dir: &Path) -> Result<Library, Error> {
        let mut library = Library::of_graph(CrateGraph::from_libs(
            &[dir.to_path_buf()],
            &FeatureRequest::default(),
        )?)?;
        if let Some(root) = library.first_root() {
            library.load(root)?;
        }
        Ok(library)
    }

    /// Reads the root file of every crate of `graph`; each is parsed when a bundle first
    /// needs it. Crate `k`'s root is module `k`.
    pub fn of_graph(graph: CrateGraph) -> Result<Library, Error> {
        let mut modules = Vec::with_capacity(graph.crates.len());
        let mut crates = Vec::with_capacity(graph.crates.len());
        let mut taken = BTreeSet::new();
        for (k, spec) in graph.crates.into_iter().enumerate() {
            let mut module_name = spec.name.clone();
            let mut n = 2;
            while !taken.insert(module_name.clone()) {
                module_name = format!("{}_{n}", spec.name);
                n += 1;
            }
            modules.push(Module::crate_root(CrateId(k), &spec)?);
            crates.push(LibCrate {
                cfg: Cfg {
                    features: spec.features.clone(),
                    judge_sets: None,
                    targets: Default::default(),
                    script_sets: BTreeSet::new(),
                },
                spec,
                root: ModuleId(k),
                module_name,
                macro_files: Default::default(),
            });
        }
        Ok(Library {
            modules,
            crates,
            roots: graph.roots,
            proc_macro_roots: graph.proc_macro_roots,
            generation: 0,
            expander: None,
            build_scripts: None,
        })
    }

    /// Leaves the crates that `is_external` says the judge provides (by the name code uses,
    /// which must be the crate's own: the judge knows no renames) out of the bundle: paths
    /// through them, from the solution or from a bundled crate, stay as written. Returns the
    /// packages left out.
    pub fn keep_external(&mut self, is_external: impl Fn(&str) -> bool) -> Vec<String> {
        let names: Vec<String> = self.crates.iter().map(|c| c.spec.name.clone()).collect();
        let external = |name: &String, k: CrateId| is_external(name) && names[k.0] == *name;
        let mut left_out: Vec<String> = self
            .roots
            .iter()
            .filter(|&(name, &k)| external(name, k))
            .map(|(_, &k)| self.krate(k).spec.package.clone())
            .collect();
        self.roots.retain(|name, k| !external(name, *k));
        for c in &mut self.crates {
            c.spec.deps.retain(|name, k| !external(name, *k));
        }
        self.proc_macro_roots.retain(|name, _| !is_external(name));
        left_out.sort();
        left_out.dedup();
        left_out
    }

    /// The cfg names the judge sets (`atcoder`): any other name rustc does not set is false
    /// from now on, in every crate; and the cfgs of the targets the bundle is built for
    /// when known (as `rustc --print cfg` prints them), which decide the target's names.
    /// Before any module is parsed.
    pub fn judge_cfgs(&mut self, names: &[&str], targets: &[&[&str]]) {
        let names: BTreeSet<String> = names.iter().map(|n| n.to_string()).collect();
        let targets = super::cfg::target_sets(targets);
        for c in &mut self.crates {
            c.cfg.judge_sets = Some(names.clone());
            c.cfg.targets = targets.clone();
        }
    }

    /// Module `m`.
    pub fn module(&self, m: ModuleId) -> &Module {
        &self.modules[m.0]
    }

    fn module_mut(&mut self, m: ModuleId) -> &mut Module {
        &mut self.modules[m.0]
    }

    /// Every module met so far, in the order met.
    pub fn modules(&self) -> impl Iterator<Item = (ModuleId, &Module)> {
        self.modules
            .iter()
            .enumerate()
            .map(|(m, module)| (ModuleId(m), module))
    }

    /// Crate `k`.
    pub fn krate(&self, k: CrateId) -> &LibCrate {
        &self.crates[k.0]
    }

    fn krate_mut(&mut self, k: CrateId) -> &mut LibCrate {
        &mut self.crates[k.0]
    }

    /// Every crate, in the crate graph's order.
    pub fn crates(&self) -> impl Iterator<Item = (CrateId, &LibCrate)> {
        self.crates.iter().enumerate().map(|(k, c)| (CrateId(k), c))
    }

    /// The root of the first crate: the library given first (`templates`, `ac_library`).
    pub fn first_root(&self) -> Option<ModuleId> {
        self.crates.first().map(|c| c.root)
    }

    /// The crate module `m` belongs to.
    pub fn crate_of(&self, m: ModuleId) -> &LibCrate {
        self.krate(self.module(m).krate)
    }

    /// The entry at `id`: an item, or a child module's declaration.
    pub fn entry(&self, id: ItemId) -> &Entry {
        &self.module(id.module).entries[id.index]
    }

    /// The item at `id`; `None` for a child module's declaration.
    pub fn item(&self, id: ItemId) -> Option<&syn::Item> {
        match self.entry(id) {
            Entry::Item(item) => Some(item),
            Entry::Module(_) => None,
        }
    }

    pub fn is_loaded(&self, m: ModuleId) -> bool {
        self.module(m).unparsed.is_none()
    }

    /// What module `m`'s text says before it is parsed; see [`TextHints`].
    pub fn hints(&self, m: ModuleId) -> &TextHints {
        &self.module(m).hints
    }

    /// The item-level macro calls in module `m`'s text; see [`TextHints`].
    pub fn item_macro_calls(&self, m: ModuleId) -> &[MacroCallText] {
        let module = self.module(m);
        module
            .hints
            .item_macro_calls
            .get_or_init(|| item_macro_calls(&module.text))
    }

    /// The unparsed modules of crate `krate` whose folders hold a file, not declared yet,
    /// that may define a macro called `name`: `macros/mod.rs` for `macros/sets.rs`.
    pub fn unparsed_modules_declaring_macro(&self, krate: CrateId, name: &str) -> Vec<ModuleId> {
        let root = self.module(self.krate(krate).root);
        let files = self
            .krate(krate)
            .macro_files
            .get_or_init(|| root.file.parent().map(macro_files).unwrap_or_default());
        let known = |file: &Path| self.modules.iter().any(|m| m.file == file);
        let mut out = Vec::new();
        for (file, _) in files
            .iter()
            .filter(|(file, names)| names.contains(name) && !known(file))
        {
            out.extend(self.modules().filter_map(|(m, module)| {
                (module.krate == krate
                    && module.hints.declares_file_modules
                    && module
                        .unparsed
                        .as_ref()
                        .is_some_and(|dir| file.starts_with(dir)))
                .then_some(m)
            }));
        }
        out
    }

    /// Parses module `m` if it is not yet: its items, its inline modules, and the files of its
    /// file modules (read, not parsed).
    pub fn load(&mut self, m: ModuleId) -> Result<(), Error> {
        let Some(children_dir) = self.module_mut(m).unparsed.take() else {
            return Ok(());
        };
        let (file, text) = (self.module(m).file.clone(), self.module(m).text.clone());
        let krate = self.module(m).krate;
        if self.module(m).parent.is_none() {
            // The cfgs its build script sets, before any of its `#[cfg]` is decided.
            if let Some(outputs) = self.build_outputs(krate) {
                self.krate_mut(krate).cfg.script_sets = outputs.cfgs;
            }
        }
        let parsed = match source::parse_without_tests(&file, &text) {
            Ok(parsed) => parsed,
            // Syntax only rustc's 2015 parser reads: rewritten, and the module's text with it
            // (places in messages are in the text parsed).
            Err(e) if self.krate(krate).spec.edition == super::crates::Edition::E2015 => {
                let Some(rewritten) = super::old_syntax::rewrite(&text) else {
                    return Err(e.into());
                };
                let parsed = source::parse_without_tests(&file, &rewritten).map_err(|_| e)?;
                self.module_mut(m).text = rewritten.into();
                parsed
            }
            Err(e) => return Err(e.into()),
        };
        let mut attrs = parsed.attrs;
        // A file may compile itself out: `#![cfg(feature = "serde")]` at its top.
        if self.krate(krate).cfg.attrs(&mut attrs) {
            self.module_mut(m).compiled_out = true;
            self.generation += 1;
            return Ok(());
        }
        self.module_mut(m).attrs.extend(attrs);
        self.add_items(m, parsed.items, &children_dir)
    }

    /// Parses `modules`, and with each the modules of its crate that its `use` items name
    /// (`pub use self::linux::*`, `pub use crate::new::glibc::sys::*`), which resolution
    /// will most often need: a chain of imports through glob re-exports is read at once
    /// rather than one module per pass of resolution.
    pub fn load_with_imported(
        &mut self,
        modules: impl IntoIterator<Item = ModuleId>,
    ) -> Result<(), Error> {
        let mut todo: Vec<ModuleId> = modules.into_iter().collect();
        let mut read = Vec::new();
        while !todo.is_empty() {
            while let Some(m) = todo.pop() {
                if !self.is_loaded(m) {
                    self.load(m)?;
                    read.push(m);
                }
            }
            // Every module read here walked again: a path that stopped at a module not read
            // then (`pub use self::a::b::*` before `a` was) now goes further.
            todo = read
                .iter()
                .flat_map(|&m| self.imported_modules(m))
                .filter(|&c| !self.is_loaded(c))
                .collect();
        }
        Ok(())
    }

    /// The modules of `m`'s crate that a `use` item of `m` names by a path through modules
    /// (from `m`, from its parents after `super::`, or from the crate's root after
    /// `crate::`).
    fn imported_modules(&self, m: ModuleId) -> Vec<ModuleId> {
        let mut out = Vec::new();
        for entry in &self.module(m).entries {
            let Entry::Item(item @ syn::Item::Use(_)) = entry else {
                continue;
            };
            for leaf in super::parse::Paths::of_item(item) {
                let mut segments = leaf.segments.iter().map(String::as_str).peekable();
                let mut at = m;
                match segments.peek() {
                    Some(&"self") => {
                        segments.next();
                    }
                    Some(&"crate") => {
                        segments.next();
                        at = self.crate_of(m).root;
                    }
                    _ => {}
                }
                while segments.next_if_eq(&"super").is_some() {
                    at = self.module(at).parent.unwrap_or(at);
                }
                for name in segments {
                    match self.child(at, name) {
                        Some(child) => {
                            out.push(child);
                            if !self.is_loaded(child) {
                                break; // its own children are known once it is read
                            }
                            at = child;
                        }
                        None => break,
                    }
                }
            }
        }
        out
    }

    /// Fills module `id` with `items`, written in its file; its file submodules live in
    /// `children_dir`.
    fn add_items(
        &mut self,
        id: ModuleId,
        items: Vec<syn::Item>,
        children_dir: &Path,
    ) -> Result<(), Error> {
        let krate = self.module(id).krate;
        let items = match self.expander.take() {
            Some(mut expander) => {
                let (file, text) = (&self.module(id).file, &self.module(id).text);
                let expanded = expander.expand_items(self, krate, items, file, text);
                self.expander = Some(expander);
                expanded?
            }
            None => items,
        };
        // `include!` of a build script's file inside functions and their modules
        // (num-bigint's `fn get_radix_base() { mod gen { include! { .. } } .. }`).
        let mut items = items;
        if self.build_scripts.is_some() && self.module(id).text.contains("include!") {
            if let Some(outputs) = self.build_outputs(krate) {
                let mut inliner = super::build_scripts::Inliner(&outputs);
                for item in &mut items {
                    syn::visit_mut::VisitMut::visit_item_mut(&mut inliner, item);
                }
            }
        }
        let mut entries = Vec::new();
        let mut items: std::collections::VecDeque<syn::Item> = items.into();
        let has_cfgs = self.module(id).text.contains("cfg");
        while let Some(mut item) = items.pop_front() {
            if item_attrs_mut(&mut item).is_some_and(|attrs| self.krate(krate).cfg.attrs(attrs)) {
                continue; // compiled out
            }
            if has_cfgs {
                let mut strip = super::cfg::Strip {
                    cfg: &self.krate(krate).cfg,
                    into_modules: false,
                };
                syn::visit_mut::VisitMut::visit_item_mut(&mut strip, &mut item);
            }
            if let syn::Item::Macro(call) = &item {
                if let Some(expanded) = cfg_if_items(call)
                    .or_else(|| self.plain_expansion(krate, call))
                    .or_else(|| self.included_items(krate, call))
                {
                    // Read as the items it writes, each under its branch's cfg: decided
                    // here when features decide it, else left for the judge's compiler.
                    for item in expanded.into_iter().rev() {
                        items.push_front(item);
                    }
                    continue;
                }
            }
            match item {
                syn::Item::Mod(module) => {
                    let child = self.add_module(id, module, children_dir)?;
                    entries.push(Entry::Module(child));
                }
                syn::Item::Macro(call) if call.ident.is_none() => {
                    // `mod name;` inside a macro call (hashbrown's `cfg_if!`): read as a
                    // module beside the call, for names to resolve; the call keeps it whole,
                    // and the bundle writes it back inside the call.
                    let mut hoisted = Vec::new();
                    for module in file_modules(&call.mac.tokens) {
                        let child = self.add_module(id, module, children_dir)?;
                        entries.push(Entry::Module(child));
                        hoisted.push(child);
                    }
                    for child in hoisted {
                        self.module_mut(child).declared_by = Some(entries.len());
                    }
                    entries.push(Entry::Item(syn::Item::Macro(call)));
                }
                item => entries.push(Entry::Item(item)),
            }
        }
        self.module_mut(id).entries = entries;
        Ok(())
    }

    /// The items of the file an `include!` call of crate `krate` names through what the
    /// crate's build script wrote (num-bigint's `include! { concat!(env!("OUT_DIR"), ..) }`);
    /// `None` for any other call, or when the file cannot be had (the bundle's check then says
    /// what is missing).
    fn included_items(&mut self, krate: CrateId, call: &syn::ItemMacro) -> Option<Vec<syn::Item>> {
        if call.ident.is_some() || !call.mac.path.is_ident("include") {
            return None;
        }
        let outputs = self.build_outputs(krate)?;
        super::build_scripts::included_items(&call.mac, &outputs)
    }

    /// What crate `krate`'s build script wrote, running it if needed.
    fn build_outputs(&mut self, krate: CrateId) -> Option<super::build_scripts::Outputs> {
        let spec = &self.crates[krate.0].spec;
        self.build_scripts.as_mut()?.outputs(spec)
    }

    /// The items an argument-less call `name!();` writes when crate `krate` has one
    /// `macro_rules! name { () => { .. } }` whose body holds no `$` (libc's `prelude!()`,
    /// which declares `mod types;` and `mod prelude { .. }` where it is called): read where
    /// it is called, as rustc expands it, under the call's attributes.
    fn plain_expansion(&self, krate: CrateId, call: &syn::ItemMacro) -> Option<Vec<syn::Item>> {
        use proc_macro2::{Delimiter, TokenTree};
        if call.ident.is_some() || !call.mac.tokens.is_empty() {
            return None;
        }
        let name = &call.mac.path.segments.last()?.ident;
        let mut defs: Vec<syn::ItemMacro> = Vec::new();
        for module in self.modules.iter().filter(|m| m.krate == krate) {
            let found = |item: &syn::Item| match item {
                syn::Item::Macro(def) if def.ident.as_ref() == Some(name) => Some(def.clone()),
                _ => None,
            };
            if module.unparsed.is_none() {
                defs.extend(module.entries.iter().filter_map(|e| match e {
                    Entry::Item(item) => found(item),
                    Entry::Module(_) => None,
                }));
            } else if module.hints.macros.contains(&name.to_string()) {
                let file = syn::parse_file(&module.text).ok()?;
                defs.extend(file.items.iter().filter_map(found));
            }
        }
        let [def] = defs.as_slice() else {
            return None;
        };
        let rule: Vec<TokenTree> = def.mac.tokens.clone().into_iter().collect();
        let body = match rule.as_slice() {
            [TokenTree::Group(matcher), TokenTree::Punct(eq), TokenTree::Punct(gt), TokenTree::Group(body), rest @ ..]
                if matcher.stream().is_empty()
                    && eq.as_char() == '='
                    && gt.as_char() == '>'
                    && body.delimiter() != Delimiter::None
                    && matches!(rest, [] | [TokenTree::Punct(_)]) =>
            {
                body.stream()
            }
            _ => return None,
        };
        if tokens::has_dollar(&body) {
            return None;
        }
        let file: syn::File = syn::parse2(body).ok()?;
        let mut out = Vec::new();
        for mut item in file.items {
            let attrs = item_attrs_mut(&mut item)?;
            for (k, attr) in call.attrs.iter().enumerate() {
                attrs.insert(k, attr.clone());
            }
            out.push(item);
        }
        Some(out)
    }

    /// Adds `module`, declared in module `parent` (inline, or a file in `children_dir`), and
    /// what it holds.
    fn add_module(
        &mut self,
        parent: ModuleId,
        module: syn::ItemMod,
        children_dir: &Path,
    ) -> Result<ModuleId, Error> {
        let (file, text) = (
            self.module(parent).file.clone(),
            self.module(parent).text.clone(),
        );
        let name = module.ident.to_string();
        // `mod r#ref;` lives in `ref.rs`.
        let file_name = module.ident.unraw().to_string();
        let child = ModuleId(self.modules.len());
        let mut child_module = Module {
            name: name.clone(),
            krate: self.module(parent).krate,
            parent: Some(parent),
            attrs: module.attrs,
            vis: module.vis,
            entries: Vec::new(),
            file: file.clone(),
            text: text.clone(),
            unparsed: None,
            hints: TextHints::default(),
            compiled_out: false,
            declared_by: None,
        };
        match module.content {
            Some((_, items)) => {
                self.modules.push(child_module);
                self.add_items(child, items, &children_dir.join(&file_name))?;
            }
            None => {
                let path_attr = file_modules::path_attribute(&child_module.attrs);
                let parent_inline = self
                    .module(parent)
                    .parent
                    .is_some_and(|p| self.module(p).file == file);
                let candidates = file_modules::candidates(
                    &file,
                    children_dir,
                    parent_inline,
                    &file_name,
                    path_attr.as_deref(),
                );
                let Some(path) = candidates.iter().find(|p| p.is_file()) else {
                    return Err(ErrorKind::ModuleFileMissing {
                        at: Location::of_span(&file, &text, module.ident.span()),
                        module: name,
                        tried: candidates,
                    }
                    .into());
                };
                // `#[path]` back to a file already being read: rustc's "circular modules".
                // Without `#[path]`, a child's file is below its parent's: no cycle, and no
                // `canonicalize` (a failing `readlink` per component of every path).
                let canonical =
                    |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
                let mut ancestor = path_attr.is_some().then_some(parent);
                while let Some(a) = ancestor {
                    if canonical(&self.module(a).file) == canonical(path) {
                        return Err(ErrorKind::ModuleCycle {
                            at: Location::of_span(&file, &text, module.ident.span()),
                            module: name,
                            file: path.clone(),
                        }
                        .into());
                    }
                    ancestor = self.module(a).parent;
                }
                child_module.unparsed =
                    Some(file_modules::children_dir(path, children_dir, &file_name));
                child_module.text = source::read(path)?.into();
                child_module.hints = TextHints::of(&child_module.text);
                child_module.file = path.clone();
                child_module.attrs.retain(|a| !a.path().is_ident("path"));
                self.modules.push(child_module);
            }
        }
        Ok(child)
    }

    /// `krate::a::b` for a module, the crate's module name for its root.
    pub fn module_path(&self, mut id: ModuleId) -> String {
        let krate = &self.crate_of(id).module_name;
        let mut names = Vec::new();
        while let Some(parent) = self.module(id).parent {
            names.push(self.module(id).name.as_str());
            id = parent;
        }
        names.push(krate);
        names.reverse();
        names.join("::")
    }

    /// The child of `module` called `name`.
    pub fn child(&self, module: ModuleId, name: &str) -> Option<ModuleId> {
        self.module(module).entries.iter().find_map(|e| match e {
            Entry::Module(id)
                if self.module(*id).name == name && !self.module(*id).compiled_out =>
            {
                Some(*id)
            }
            _ => None,
        })
    }
}

/// Each `[#[..]] [pub[(..)]] mod name;` in a macro call's tokens, at any depth.
/// The items a `cfg_if! { if #[cfg(a)] { .. } else if #[cfg(b)] { .. } else { .. } }` call
/// writes (the `cfg-if` crate's macro, or a crate's own copy of it, as libc's): every item of
/// every branch, under the cfg that branch has in the macro's expansion (`all(b, not(any(a)))`),
/// and the call's own attributes. `None` when the call is not one.
fn cfg_if_items(call: &syn::ItemMacro) -> Option<Vec<syn::Item>> {
    use proc_macro2::{Delimiter, TokenTree};
    if call.ident.is_some() || call.mac.path.segments.last()?.ident != "cfg_if" {
        return None;
    }
    let tokens: Vec<TokenTree> = call.mac.tokens.clone().into_iter().collect();
    let mut earlier: Vec<proc_macro2::TokenStream> = Vec::new();
    let mut out: Vec<(String, syn::Item, Vec<proc_macro2::TokenStream>)> = Vec::new();
    let mut at = 0;
    let word = |at: usize, w: &str| matches!(tokens.get(at), Some(TokenTree::Ident(i)) if i == w);
    loop {
        // `if #[cfg(pred)] { items }`, or the last `{ items }` after `else`.
        let predicate = if word(at, "if") {
            let Some(TokenTree::Punct(hash)) = tokens.get(at + 1) else {
                return None;
            };
            let Some(TokenTree::Group(attr)) = tokens.get(at + 2) else {
                return None;
            };
            if hash.as_char() != '#' || attr.delimiter() != Delimiter::Bracket {
                return None;
            }
            let inner: Vec<TokenTree> = attr.stream().into_iter().collect();
            match inner.as_slice() {
                [TokenTree::Ident(cfg), TokenTree::Group(p)]
                    if cfg == "cfg" && p.delimiter() == Delimiter::Parenthesis =>
                {
                    at += 3;
                    Some(p.stream())
                }
                _ => return None,
            }
        } else {
            None
        };
        let Some(TokenTree::Group(body)) = tokens.get(at) else {
            return None;
        };
        if body.delimiter() != Delimiter::Brace {
            return None;
        }
        at += 1;
        let not_earlier = quote::quote!(not(any(#(#earlier),*)));
        let condition = match &predicate {
            Some(p) => quote::quote!(all(#p, #not_earlier)),
            None => not_earlier,
        };
        let file: syn::File = syn::parse2(body.stream()).ok()?;
        for item in file.items {
            // An item written alike in several branches (libc's `mod primitives;` and
            // `prelude!();` in each target's) is read once, under any of their cfgs.
            let key = quote::ToTokens::to_token_stream(&item).to_string();
            match out.iter_mut().find(|(k, _, _)| *k == key) {
                Some((_, _, conditions)) => conditions.push(condition.clone()),
                None => out.push((key, item, vec![condition.clone()])),
            }
        }
        let Some(p) = predicate else {
            break; // the `else` branch is the last
        };
        earlier.push(p);
        if at == tokens.len() {
            break;
        }
        if !word(at, "else") {
            return None;
        }
        at += 1;
    }
    if at != tokens.len() {
        return None;
    }
    let mut items = Vec::new();
    for (_, mut item, conditions) in out {
        let cfg: syn::Attribute = match conditions.as_slice() {
            [one] => syn::parse_quote!(#[cfg(#one)]),
            _ => syn::parse_quote!(#[cfg(any(#(#conditions),*))]),
        };
        let attrs = item_attrs_mut(&mut item)?;
        attrs.insert(0, cfg);
        for (k, attr) in call.attrs.iter().enumerate() {
            attrs.insert(k, attr.clone());
        }
        items.push(item);
    }
    Some(items)
}

fn file_modules(stream: &proc_macro2::TokenStream) -> Vec<syn::ItemMod> {
    let mut modules = Vec::new();
    tokens::each_token(stream, &mut |tokens, i| {
        if let Some(declaration) = tokens::mod_declaration(tokens, i).filter(|d| d.name.is_some()) {
            // Its attributes (`#[path]`) and visibility are the tokens just before it.
            let start = tokens::item_start(tokens, i);
            let declaration: proc_macro2::TokenStream =
                tokens[start..declaration.end].iter().cloned().collect();
            modules.extend(syn::parse2::<syn::ItemMod>(declaration).ok());
        }
    });
    modules
}

#[cfg(test)]
mod tests {
    use super::TextHints;

    #[test]
    fn a_file_module_is_declared_by_code_only() {
        let declares = |text: &str| TextHints::of(text).declares_file_modules;
        assert!(declares("pub mod io;\n"));
        assert!(declares("#[cfg(unix)]\nmod sys ;"));
        assert!(declares("cfg_if! { if #[cfg(unix)] { mod unix; } }"));
        // xor_convolution's "(times the inverse of `2^k` mod p;" in its documentation.
        assert!(!declares("//! the inverse of `2^k` mod p;\nfn f() {}"));
        assert!(!declares("/* mod a; */ const S: &str = \"mod b;\";"));
        assert!(!declares("mod inline { fn f() {} }"));
    }

    #[test]
    fn item_macro_calls_start_a_line() {
        let calls = |text: &str| -> Vec<(String, Vec<String>)> {
            super::item_macro_calls(text)
                .into_iter()
                .map(|call| {
                    let mut args: Vec<String> = super::identifiers(&text[call.arguments])
                        .map(str::to_string)
                        .collect();
                    args.sort();
                    args.dedup();
                    (text[call.name].to_string(), args)
                })
                .collect()
        };
        let owned = |name: &str, args: &[&str]| {
            (
                name.to_string(),
                args.iter().map(|a| a.to_string()).collect(),
            )
        };
        assert_eq!(
            calls(
                "use x::M;

add_impl!(Mul, mul;
  self: M<N>) ;
  ops! { (a) }
"
            ),
            vec![
                owned("add_impl", &["M", "Mul", "N", "mul", "self"]),
                owned("ops", &["a"])
            ]
        );
        // Inside an expression, a definition, or a name without `!` and a group.
        assert!(calls(
            "fn f() -> u8 { let x = m!(A); x }
macro_rules! m { () => {} }
"
        )
        .is_empty());
        assert!(calls(
            "m!;
m != n
"
        )
        .is_empty());
        // The arguments end where the call's delimiter closes.
        assert_eq!(
            calls(
                "m!(A (B) C) D
"
            ),
            vec![owned("m", &["A", "B", "C"])]
        );
    }
}
