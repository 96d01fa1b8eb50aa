//! The bundle read for cutting: its items by where their names are, its impls, imports and
//! macros, where each identifier of the bundled crates' code is, and what may be cut.

use super::edits::Places;
use super::gated::{identifiers, Alike, GatedNames};
use crate::bundle::{Bundle, Origin};
use crate::profile::rustc::{Diagnostic, Outcome};
use quote::ToTokens;
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use syn::spanned::Spanned;

/// What the body of a function that never runs becomes (`::core` is a crate no module can
/// shadow).
pub(super) const STUB: &str = "{::core::panic!()}";

/// One thing to cut.
#[derive(Debug, Clone)]
pub(super) struct Cut {
    /// What it is, to remember that it broke the bundle (`type Format`, `member
    /// TupleCollect::collect_from_iter`, `import at 1074`).
    pub key: String,
    /// The name errors blame it by (an item's, a member's, an impl's type).
    pub name: String,
    /// The names it defines, which no code left may name: for a type or trait, its name and
    /// the macros it takes along; for a constant, static or type alias, its name. Empty for
    /// what rustc alone decides (members, imports).
    pub defines: Vec<String>,
    /// For a function or macro, its name, which no path or call left may name (a method
    /// call or a variable of that name does not count).
    pub called: Vec<String>,
    /// A type or trait, whose impls macro calls may write.
    pub writes_impls: bool,
    /// An item that imports may name by `name` (not a member, an impl or an import).
    pub names_item: bool,
    /// A member of an impl or trait (with the impls' members of that name).
    pub member: bool,
    /// Its ranges are bodies of functions, replaced by [`STUB`] rather than cut.
    pub stub: bool,
    pub ranges: Vec<Range<usize>>,
    /// For each impl that a macro it takes writes and that does not name what it cuts, the
    /// names in that impl's header: one of them must be cut alongside, or the impl (of
    /// something still kept) would go with the macro.
    pub alongside: Vec<HashSet<String>>,
}

impl Cut {
    fn one(key: String, name: &str, range: Range<usize>) -> Cut {
        Cut {
            key,
            name: name.to_string(),
            defines: Vec::new(),
            called: Vec::new(),
            writes_impls: false,
            names_item: false,
            member: false,
            stub: false,
            ranges: vec![range],
            alongside: Vec::new(),
        }
    }

    /// The replacement of a function's body by [`STUB`].
    pub(super) fn stub(name: &str, body: Range<usize>) -> Cut {
        Cut {
            stub: true,
            ..Cut::one(format!("body of {name} at {}", body.start), name, body)
        }
    }

    /// What each of its ranges becomes.
    pub(super) fn edits(&self) -> impl Iterator<Item = (Range<usize>, &'static str)> + '_ {
        let text = if self.stub { STUB } else { "" };
        self.ranges.iter().map(move |r| (r.clone(), text))
    }

    /// The cut of an item that imports may name.
    fn item(key: String, name: &str, range: Range<usize>) -> Cut {
        Cut {
            names_item: true,
            ..Cut::one(key, name, range)
        }
    }
}

/// What a place of the bundle holds that may be cut.
#[derive(Debug)]
enum Unit {
    /// A function, constant, static, type alias or `macro_rules!`: nothing else goes with it;
    /// how code left would name it.
    Plain(Named),
    /// A struct, enum or union (its impls go with it), in the module numbered so.
    Type(usize),
    /// A trait (its impls go with it), in the module numbered so.
    Trait(usize),
    /// A member of an inherent impl.
    ImplMember,
    /// A member of the trait named so (the impls' members of that name go with it).
    TraitMember(String),
}

/// How code may name a plain item.
#[derive(Debug, Clone, Copy)]
enum Named {
    /// By any mention of its name: a constant, static or type alias, whose names are seldom
    /// another's.
    Anyhow,
    /// By a path or a call (`a::f`, `f(..)`, `m!`): a function or macro, whose name is often
    /// a method's or a variable's too.
    ByPathOrCall,
}

/// An impl block.
#[derive(Debug)]
pub(super) struct Impl {
    pub range: Range<usize>,
    /// The module it is in, numbered in the order modules are met.
    module: usize,
    /// The last segment of the implementing type's path (`Foo` for `&Foo<T>`), unless it is
    /// one of the impl's own generic parameters.
    pub self_name: Option<String>,
    /// `self_name` with a `&` for each reference around it (`&Foo`).
    self_key: Option<String>,
    /// The last segment of the trait's path.
    pub trait_name: Option<String>,
    /// The primitive types the trait's generic arguments name (`u128` for `From<u128>`).
    trait_primitives: Vec<String>,
    /// The other identifiers of the trait's generic arguments, but the impl's own
    /// parameters (`Vec` and `A` for `TryFrom<Vec<T, A>>` in `impl<T, const N: usize>`).
    trait_arguments: Vec<String>,
    pub members: Vec<(String, Range<usize>)>,
    /// Whether it has functions of its own (code is generated for them when they run).
    has_functions: bool,
    /// Its functions that may go when nothing calls them, as a trait's provided methods
    /// may: each but those marked `#[inline(always)]` (inlined, they leave no code of their
    /// own to show that they ran).
    functions: Vec<(String, Range<usize>)>,
    /// Whether a macro call among its members writes some of them.
    has_macros: bool,
    in_library: bool,
}

/// An item-level macro call of the bundled crates' code.
#[derive(Debug)]
pub(super) struct Call {
    pub range: Range<usize>,
    /// The macro's name (the last segment of its path).
    macro_name: String,
    /// The identifiers in its arguments.
    pub idents: HashSet<String>,
}

/// A `macro_rules!` of the bundled crates' code that writes impls.
#[derive(Debug)]
struct ImplMacro {
    range: Range<usize>,
    idents: HashSet<String>,
    /// The types its impls are for, when each is written by name (`impl<G> Data for
    /// Acyclic<G>`); `None` when one is a parameter of the macro (`impl Data for $t`).
    self_types: Option<HashSet<String>>,
    /// The identifiers of each impl's header (`impl<T> Distribution<T> for Standard`).
    headers: Vec<HashSet<String>>,
}

/// A `use` item of the bundled crates' code.
struct Use {
    range: Range<usize>,
    item: syn::ItemUse,
}

/// The bundle's items, by where their names are.
#[derive(Default)]
pub(super) struct Index {
    /// By the byte where the unit's name starts: the unit and its whole text (attributes and
    /// doc comments included).
    units: HashMap<usize, (Unit, Range<usize>)>,
    pub impls: Vec<Impl>,
    uses: Vec<Use>,
    pub calls: Vec<Call>,
    /// The call in `calls` whose macro name starts at a byte.
    call_at: HashMap<usize, usize>,
    impl_macros: HashMap<String, ImplMacro>,
    /// The rules of the bundled crates' `macro_rules!`, by the byte their matcher starts
    /// at: the macro's name and the rule's text (matcher, body and `;`).
    macro_rules: HashMap<usize, (String, Range<usize>)>,
    /// The paths of the bundled crates' types of each name, from the bundle's root
    /// (`allocator_api2::stable::boxed::Box`).
    type_paths: HashMap<String, Vec<String>>,
    /// How many of the bundled crates' traits have each name.
    /// The path of each module from the bundle's root, by its number (the root's is empty).
    module_paths: Vec<String>,
    trait_names: HashMap<String, usize>,
    /// The methods with a default body of each of the bundled crates' traits.
    provided: HashMap<String, HashSet<String>>,
    /// Where each identifier is in the bundled crates' code, but in imports (doc comments
    /// are not code).
    mentions: HashMap<String, Vec<usize>>,
    /// Of those, where a name is a path's segment or called (see [`Named::ByPathOrCall`]).
    paths: HashMap<String, Vec<usize>>,
    /// The names the solution's own `use` items name: what they name stays even when nothing
    /// uses it (an import the solution never uses must still resolve).
    solution_names: HashSet<String>,
    /// Every identifier of the solution's own code.
    solution_idents: HashSet<String>,
    /// Traits the solution implements and types it writes impls for.
    solution_impls: HashSet<String>,
    /// The identifiers under a `#[cfg]` the judge decides, the solution's or the crates',
    /// by the crates whose items they may name.
    cfg_names: GatedNames,
    /// The identifiers of the crates' functions that branch on a `cfg!` the judge decides.
    branching_names: HashSet<String>,
    modules: usize,
    /// The bundled crates' inline modules with no items left: their names and texts.
    empty_modules: Vec<(String, Range<usize>)>,
    /// The bundled crates' `extern` blocks that declare nothing (any more).
    empty_blocks: Vec<Range<usize>>,
    /// The bundled crates' `thread_local!` calls: the statics each declares, and its text.
    thread_locals: Vec<(Vec<String>, Range<usize>)>,
}

impl Index {
    pub(super) fn of(bundle: &Bundle, alike: Alike) -> Option<Index> {
        let file = syn::parse_file(&bundle.text).ok()?;
        let tokens: proc_macro2::TokenStream = bundle.text.parse().ok()?;
        let mut index = Index {
            module_paths: vec![String::new()],
            ..Index::default()
        };
        let places = Places::of(&bundle.text);
        let in_library = |at: usize| matches!(bundle.origin(at), Origin::Library(_));
        index.items(&file.items, 0, &places, &in_library);
        index.mentions(tokens, &places, &in_library, false);
        // An import names what it imports, but goes when that goes (see
        // `unresolved_imports`): it keeps nothing.
        let imports = union(index.uses.iter().map(|u| u.range.clone()));
        for at in index.mentions.values_mut().chain(index.paths.values_mut()) {
            at.retain(|&at| !within(&imports, at));
        }
        let crates: Vec<Range<usize>> = bundle.crates.iter().map(|c| c.range.clone()).collect();
        index.cfg_names =
            GatedNames::of(&file, &crates, &places, alike, &mut index.branching_names);
        Some(index)
    }

    /// Records the identifiers of `tokens`; those `compiled_out` (under a cfg false on every
    /// judge) name nothing by a path or call.
    fn mentions(
        &mut self,
        tokens: proc_macro2::TokenStream,
        places: &Places,
        in_library: &dyn Fn(usize) -> bool,
        compiled_out: bool,
    ) {
        let tokens: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
        let mut out_until = 0;
        for (i, token) in tokens.iter().enumerate() {
            if i >= out_until {
                out_until = i + super::gated::compiled_out_at(&tokens, i);
            }
            let compiled_out = compiled_out || i < out_until;
            match token {
                proc_macro2::TokenTree::Ident(id) => {
                    let at = places.start(id.span());
                    let name = id.to_string();
                    let name = name.strip_prefix("r#").unwrap_or(&name).to_string();
                    if in_library(at) {
                        if !compiled_out && path_or_call(&tokens, i) {
                            self.paths.entry(name.clone()).or_default().push(at);
                        }
                        self.mentions.entry(name).or_default().push(at);
                    } else {
                        self.solution_idents.insert(name);
                    }
                }
                proc_macro2::TokenTree::Group(g) => {
                    self.mentions(g.stream(), places, in_library, compiled_out)
                }
                _ => {}
            }
        }
    }

    fn items(
        &mut self,
        items: &[syn::Item],
        module: usize,
        places: &Places,
        in_library: &dyn Fn(usize) -> bool,
    ) {
        for item in items {
            let range = places.range(item.span());
            let library = in_library(range.start);
            match item {
                syn::Item::Mod(m) => {
                    if let Some((_, items)) = &m.content {
                        if library && items.is_empty() {
                            self.empty_modules
                                .push((m.ident.to_string(), range.clone()));
                        }
                        self.modules += 1;
                        let path = match self.module_paths[module].as_str() {
                            "" => m.ident.to_string(),
                            parent => format!("{parent}::{}", m.ident),
                        };
                        self.module_paths.push(path);
                        self.items(items, self.modules, places, in_library);
                    }
                }
                syn::Item::Impl(imp) => self.impl_block(imp, range, module, library, places),
                syn::Item::ForeignMod(block) if library => {
                    if block.items.is_empty() {
                        self.empty_blocks.push(range.clone());
                    }
                    // What an `extern` block declares is linked only once called or read.
                    for foreign in &block.items {
                        let (ident, named) = match foreign {
                            syn::ForeignItem::Fn(f) => (&f.sig.ident, Named::ByPathOrCall),
                            syn::ForeignItem::Static(s) => (&s.ident, Named::Anyhow),
                            _ => continue,
                        };
                        self.units.insert(
                            places.start(ident.span()),
                            (Unit::Plain(named), places.range(foreign.span())),
                        );
                    }
                }
                syn::Item::Use(u) if library => self.uses.push(Use {
                    range,
                    item: u.clone(),
                }),
                syn::Item::Use(u) => use_names(&u.tree, &mut self.solution_names),
                syn::Item::Macro(m) if library && m.ident.is_none() => {
                    let mut idents = HashSet::new();
                    identifiers(m.mac.tokens.clone(), &mut idents);
                    let macro_name = m
                        .mac
                        .path
                        .segments
                        .last()
                        .map_or(String::new(), |s| s.ident.to_string());
                    if macro_name == "thread_local" {
                        // std's macro declares statics and nothing else: rustc's liveness
                        // does not see them, so they go when no code left names them.
                        let statics = thread_local_statics(m.mac.tokens.clone());
                        if !statics.is_empty() {
                            self.thread_locals.push((statics, range.clone()));
                        }
                    }
                    self.call_at
                        .insert(places.start(m.mac.path.span()), self.calls.len());
                    self.calls.push(Call {
                        range,
                        macro_name,
                        idents,
                    });
                }
                syn::Item::Trait(t) if library => {
                    let name = t.ident.to_string();
                    self.provided.entry(name.clone()).or_default().extend(
                        t.items.iter().filter_map(|member| match member {
                            syn::TraitItem::Fn(f) if f.default.is_some() => {
                                Some(f.sig.ident.to_string())
                            }
                            _ => None,
                        }),
                    );
                    for member in &t.items {
                        if let Some(ident) = trait_member_name(member) {
                            self.units.insert(
                                places.start(ident.span()),
                                (Unit::TraitMember(name.clone()), places.range(member.span())),
                            );
                        }
                    }
                    *self.trait_names.entry(name).or_default() += 1;
                    self.units
                        .insert(places.start(t.ident.span()), (Unit::Trait(module), range));
                }
                _ if library => {
                    let Some((ident, unit)) = named_unit(item, module) else {
                        continue;
                    };
                    match (&unit, item) {
                        (Unit::Type(_), _) => {
                            let path = format!("{}::{ident}", self.module_paths[module]);
                            self.type_paths
                                .entry(ident.to_string())
                                .or_default()
                                .push(path);
                        }
                        (_, syn::Item::Macro(m)) => {
                            self.rules_of(ident, m.mac.tokens.clone(), places);
                            if writes_impls(&m.mac.tokens) {
                                let mut idents = HashSet::new();
                                identifiers(m.mac.tokens.clone(), &mut idents);
                                self.impl_macros.insert(
                                    ident.to_string(),
                                    ImplMacro {
                                        range: range.clone(),
                                        idents,
                                        self_types: impl_self_types(m.mac.tokens.clone()),
                                        headers: impl_headers(m.mac.tokens.clone()),
                                    },
                                );
                            }
                        }
                        _ => {}
                    }
                    self.units.insert(places.start(ident.span()), (unit, range));
                }
                _ => {}
            }
        }
    }

    /// Records the rules of `macro_rules! name { tokens }`: `(matcher) => { body };` each.
    fn rules_of(&mut self, name: &syn::Ident, tokens: proc_macro2::TokenStream, places: &Places) {
        use proc_macro2::TokenTree;
        let mut tokens = tokens.into_iter().peekable();
        while let Some(matcher) = tokens.next() {
            let TokenTree::Group(matcher) = matcher else {
                continue;
            };
            let start = places.start(matcher.span());
            let mut end = places.end(matcher.span());
            while let Some(token) = tokens.next_if(|t| !matches!(t, TokenTree::Group(_))) {
                end = places.end(token.span());
            }
            if let Some(body) = tokens.next() {
                end = places.end(body.span());
            }
            if let Some(semi) =
                tokens.next_if(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ';'))
            {
                end = places.end(semi.span());
            }
            self.macro_rules
                .insert(start, (name.to_string(), start..end));
        }
    }

    fn impl_block(
        &mut self,
        imp: &syn::ItemImpl,
        range: Range<usize>,
        module: usize,
        library: bool,
        places: &Places,
    ) {
        let generic = |name: &String| imp.generics.type_params().any(|p| p.ident == name.as_str());
        let self_name = type_name(&imp.self_ty).filter(|n| !generic(n));
        let self_key = self_name
            .as_ref()
            .map(|n| format!("{}{n}", "&".repeat(references(&imp.self_ty))));
        let trait_name = imp
            .trait_
            .as_ref()
            .and_then(|(_, path, _)| path.segments.last())
            .map(|s| s.ident.to_string());
        let mut trait_idents = HashSet::new();
        if let Some(args) = imp
            .trait_
            .as_ref()
            .and_then(|(_, path, _)| path.segments.last())
        {
            identifiers(args.arguments.to_token_stream(), &mut trait_idents);
        }
        let (trait_primitives, trait_arguments): (Vec<String>, Vec<String>) = trait_idents
            .into_iter()
            .filter(|name| !generic(name))
            .partition(|name| PRIMITIVES.contains(&name.as_str()));
        if !library {
            self.solution_impls.extend(self_name.iter().cloned());
            self.solution_impls.extend(trait_name.iter().cloned());
        }
        let (mut members, mut functions) = (Vec::new(), Vec::new());
        for member in &imp.items {
            let Some(ident) = impl_member_name(member) else {
                continue;
            };
            let member_range = places.range(member.span());
            if library && trait_name.is_none() {
                self.units.insert(
                    places.start(ident.span()),
                    (Unit::ImplMember, member_range.clone()),
                );
            }
            if let syn::ImplItem::Fn(f) = member {
                let always_inline = f.attrs.iter().any(|a| {
                    a.path().is_ident("inline")
                        && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "always")
                });
                if !always_inline {
                    functions.push((ident.to_string(), member_range.clone()));
                }
            }
            members.push((ident.to_string(), member_range));
        }
        self.impls.push(Impl {
            range,
            module,
            self_name,
            self_key,
            trait_name,
            trait_primitives,
            trait_arguments,
            members,
            has_functions: imp.items.iter().any(|m| matches!(m, syn::ImplItem::Fn(_))),
            functions,
            has_macros: imp
                .items
                .iter()
                .any(|m| matches!(m, syn::ImplItem::Macro(_))),
            in_library: library,
        });
    }

    /// Whether `call` names `name` in its arguments or in the body of its macro.
    pub(super) fn call_names(&self, call: &Call, name: &str) -> bool {
        call.idents.contains(name)
            || self
                .impl_macros
                .get(&call.macro_name)
                .is_some_and(|m| m.idents.contains(name))
    }

    /// Whether code the judge may compile or run differently from here names `name` (under a
    /// `#[cfg]`, or in a function that branches on a `cfg!`, the judge decides).
    pub(super) fn judge_may_reach(&self, name: &str, at: usize) -> bool {
        self.cfg_names.at(at).contains(name) || self.branching_names.contains(name)
    }

    /// The call whose macro name starts at byte `at`.
    pub(super) fn call_at(&self, at: usize) -> Option<&Call> {
        self.call_at.get(&at).map(|&i| &self.calls[i])
    }

    /// What `diagnostics` find unused in the bundled crates' code: imports, functions,
    /// members, constants, statics, aliases, macros and inherent impls left empty, then
    /// types, traits and trait members, which impls name.
    pub(super) fn dead(&self, bundle: &Bundle, diagnostics: &[Diagnostic]) -> Vec<Cut> {
        let in_library = |at: usize| matches!(bundle.origin(at), Origin::Library(_));
        let (mut cuts, mut named_by_impls) = (Vec::new(), Vec::new());
        for d in diagnostics {
            match d.code.as_deref() {
                Some("unused_imports") => cuts.extend(
                    d.fixes
                        .iter()
                        .filter(|f| f.certain && f.replacement.is_empty() && in_library(f.at.0))
                        .map(|f| Cut::one(format!("import at {}", f.at.0), "", f.at.0..f.at.1)),
                ),
                Some("unused_macro_rules") => cuts.extend(d.marked.iter().filter_map(|span| {
                    let (name, range) = self.macro_rules.get(&span.byte_start)?;
                    (!self.cfg_names.at(range.start).contains(name))
                        .then(|| Cut::one(format!("rule at {}", range.start), "", range.clone()))
                })),
                Some("dead_code" | "unused_macros") => {
                    for span in &d.marked {
                        let name = &bundle.text[span.byte_start..span.byte_end];
                        let Some((unit, range)) = self.units.get(&span.byte_start) else {
                            continue;
                        };
                        if self.solution_names.contains(name)
                            || self.cfg_names.at(span.byte_start).contains(name)
                            || self.member_of_gated_type(unit, span.byte_start)
                        {
                            continue;
                        }
                        let Some(cut) = self.cut(unit, name, range) else {
                            continue;
                        };
                        match unit {
                            Unit::Plain(_) | Unit::ImplMember => cuts.push(cut),
                            _ => named_by_impls.push(cut),
                        }
                    }
                }
                _ => {}
            }
        }
        cuts.extend(
            self.library_impls()
                .filter(|i| i.trait_name.is_none() && i.members.is_empty())
                .map(|i| {
                    Cut::one(
                        format!("empty impl at {}", i.range.start),
                        "",
                        i.range.clone(),
                    )
                }),
        );
        cuts.extend(
            self.empty_blocks
                .iter()
                .map(|r| Cut::one(format!("empty extern at {}", r.start), "", r.clone())),
        );
        // A module whose items all went goes too, unless code left names it.
        cuts.extend(self.empty_modules.iter().map(|(name, range)| {
            let mut cut = Cut::item(
                format!("module {name} at {}", range.start),
                name,
                range.clone(),
            );
            cut.defines = vec![name.clone()];
            cut
        }));
        let named_by_solution =
            |statics: &[String]| statics.iter().any(|s| self.solution_idents.contains(s));
        cuts.extend(
            self.thread_locals
                .iter()
                .filter(|(statics, _)| !named_by_solution(statics))
                .map(|(statics, range)| {
                    let mut cut = Cut::item(
                        format!("thread_local {} at {}", statics.join(", "), range.start),
                        &statics[0],
                        range.clone(),
                    );
                    cut.defines.clone_from(statics);
                    cut
                }),
        );
        cuts.append(&mut named_by_impls);
        cuts
    }

    /// Whether `unit` at `at` is a member of an inherent impl of a type that code under a
    /// cfg the judge decides names: that code may call it (a type alias under
    /// `debug_assertions` leads a method call to one type or another).
    fn member_of_gated_type(&self, unit: &Unit, at: usize) -> bool {
        matches!(unit, Unit::ImplMember)
            && self.impls.iter().any(|i| {
                i.range.contains(&at)
                    && i.trait_name.is_none()
                    && i.self_name
                        .as_ref()
                        .is_some_and(|n| self.cfg_names.at(at).contains(n))
            })
    }

    /// The cut of `unit`, called `name`, whose text is `range`, with what goes with it.
    fn cut(&self, unit: &Unit, name: &str, range: &Range<usize>) -> Option<Cut> {
        let defining = |key: String| {
            let mut cut = Cut::item(key, name, range.clone());
            cut.defines = vec![name.to_string()];
            cut
        };
        Some(match unit {
            Unit::Plain(named) => {
                let mut cut = Cut::item(
                    format!("item {name} at {}", range.start),
                    name,
                    range.clone(),
                );
                match named {
                    Named::Anyhow => cut.defines = vec![name.to_string()],
                    Named::ByPathOrCall => cut.called = vec![name.to_string()],
                }
                cut
            }
            Unit::ImplMember => Cut {
                member: true,
                ..Cut::one(
                    format!("member {name} at {}", range.start),
                    name,
                    range.clone(),
                )
            },
            _ if self.solution_impls.contains(name) => return None,
            Unit::Type(module) => {
                let unique = self.type_paths.get(name).is_some_and(|p| p.len() == 1)
                    && !self.trait_names.contains_key(name);
                self.with_impls(defining(format!("type {name}")), *module, unique, |i| {
                    i.self_name.as_deref() == Some(name)
                })
            }
            Unit::Trait(module) => {
                let unique =
                    self.trait_names.get(name) == Some(&1) && !self.type_paths.contains_key(name);
                self.with_impls(defining(format!("trait {name}")), *module, unique, |i| {
                    i.trait_name.as_deref() == Some(name)
                })
            }
            Unit::TraitMember(of) => {
                // Impls a macro writes would still define the member.
                let by_macro = self.impl_macros.values().any(|m| m.idents.contains(of))
                    || self.calls.iter().any(|c| c.idents.contains(of))
                    || self
                        .library_impls()
                        .any(|i| i.has_macros && i.trait_name.as_ref() == Some(of));
                if by_macro
                    || self.solution_impls.contains(of)
                    || self.trait_names.get(of) != Some(&1)
                {
                    return None;
                }
                let in_impls = self
                    .library_impls()
                    .filter(|i| i.trait_name.as_ref() == Some(of))
                    .flat_map(|i| &i.members)
                    .filter(|(n, _)| n == name)
                    .map(|(_, r)| r.clone());
                let mut cut = Cut::one(member_key(of, name), name, range.clone());
                cut.member = true;
                cut.ranges.extend(in_impls);
                cut
            }
        })
    }

    /// `cut` of a type or trait with its impls (`of` tells them; those in its own module
    /// only unless its name is `unique`), and with the macros whose bodies name it and write
    /// impls, their calls, and the calls that name it of any macro that writes impls.
    fn with_impls(
        &self,
        mut cut: Cut,
        module: usize,
        unique: bool,
        of: impl Fn(&Impl) -> bool,
    ) -> Cut {
        let name = cut.name.clone();
        cut.writes_impls = true;
        cut.ranges.extend(
            self.library_impls()
                .filter(|i| of(i) && (unique || i.module == module))
                .map(|i| i.range.clone()),
        );
        for (macro_name, m) in &self.impl_macros {
            if m.idents.contains(&name) {
                cut.ranges.push(m.range.clone());
                cut.defines.push(macro_name.clone());
                cut.alongside
                    .extend(m.headers.iter().filter(|h| !h.contains(&name)).cloned());
                cut.ranges.extend(
                    self.calls
                        .iter()
                        .filter(|c| &c.macro_name == macro_name)
                        .map(|c| c.range.clone()),
                );
            }
        }
        cut.ranges.extend(
            self.calls
                .iter()
                .filter(|c| {
                    c.idents.contains(&name) && self.impl_macros.contains_key(&c.macro_name)
                })
                .map(|c| c.range.clone()),
        );
        cut
    }

    /// `blamed` (keys of cuts of `set`) with each member cut of `set` whose name the code of
    /// a blamed cut mentions, and so on: code that stays calls what it called (or a method
    /// of that name: a member kept costs bytes, a failed compilation more).
    pub(super) fn with_members_they_call(
        &self,
        mut blamed: Vec<String>,
        set: &[Cut],
    ) -> Vec<String> {
        loop {
            let kept = union(
                set.iter()
                    .filter(|c| blamed.contains(&c.key))
                    .flat_map(|c| c.ranges.iter().cloned()),
            );
            let more: Vec<String> = set
                .iter()
                .filter(|c| c.member && !blamed.contains(&c.key))
                .filter(|c| found_at(&self.mentions, &c.name, |at| within(&kept, at)))
                .map(|c| c.key.clone())
                .collect();
            if more.is_empty() {
                return blamed;
            }
            blamed.extend(more);
        }
    }

    /// Leaves out of `cuts` each one a name it defines is still named outside all of them
    /// (and `made`), or a function it cuts still called, until none is: what code left
    /// names cannot go (rustc may find it dead all the same, when only code it finds dead
    /// names it but that code cannot go: a trait impl's method, what a macro call writes).
    pub(super) fn close(&self, cuts: &mut Vec<Cut>, made: &[Cut]) {
        loop {
            let union = union(
                made.iter()
                    .chain(cuts.iter())
                    .flat_map(|c| c.ranges.iter().cloned()),
            );
            let inside = |at: usize| within(&union, at);
            let outside = |places: &HashMap<String, Vec<usize>>, name: &String| {
                found_at(places, name, |at| !inside(at))
            };
            let defined: HashSet<String> = made
                .iter()
                .chain(cuts.iter())
                .flat_map(|c| c.defines.iter().cloned())
                .collect();
            let alone = |c: &Cut| {
                c.alongside
                    .iter()
                    .any(|header| !header.iter().any(|n| defined.contains(n)))
            };
            let before = cuts.len();
            cuts.retain(|c| {
                !c.defines.iter().any(|n| outside(&self.mentions, n))
                    && !c.called.iter().any(|n| outside(&self.paths, n))
                    && !alone(c)
            });
            if cuts.len() == before {
                return;
            }
        }
    }

    /// Impls of the bundled crates that code generated for what `main` runs never meets,
    /// in four classes tried one after the other (each may be needed to type-check, a
    /// bound, which compiling shows): 0, the impls for a type no generated function
    /// mentions or of a trait on such a type of the bundled crates (`TryFrom<Vec<T, A>>`,
    /// which rustc's liveness counts as using `Vec`), and the macro calls whose arguments
    /// name only such primitive types, or only such types of the bundled crates; 1, a
    /// trait's impl for a primitive type no generated function mentions among the trait's
    /// arguments (`From<u128>`); 2, a trait impl none of whose functions was generated; 3, a
    /// trait impl's method no generated function is, where the trait provides a default
    /// (`Iterator::fold`, which nothing then calls: the default would not run either).
    pub(super) fn unmet_impls(&self, met: &Met, class: usize) -> Vec<Cut> {
        let kept = |name: &str| {
            met.names.contains(name)
                || self.solution_idents.contains(name)
                || self.cfg_names.all.contains(name)
        };
        let cut = |i: &Impl, name: &str| {
            Cut::one(format!("impl at {}", i.range.start), name, i.range.clone())
        };
        let impls = self.library_impls().filter(|i| {
            i.trait_name
                .as_deref()
                .is_none_or(|t| !self.cfg_names.at(i.range.start).contains(t))
        });
        // A type of the bundled crates is met when a symbol names it by its path: its name
        // alone may be std's (`Box`, `alloc::boxed::Box`).
        let type_kept = |name: &str| match self.type_paths.get(name) {
            Some(paths) => {
                paths.iter().any(|p| met.paths.contains(p))
                    || self.solution_names.contains(name)
                    || self.cfg_names.all.contains(name)
            }
            None => kept(name),
        };
        match class {
            0 => impls
                .filter_map(|i| {
                    let unmet_type =
                        |n: &&String| self.type_paths.contains_key(*n) && !type_kept(n);
                    let name = i.self_name.as_deref().filter(|n| !type_kept(n));
                    Some(cut(
                        i,
                        name.or(i
                            .trait_arguments
                            .iter()
                            .find(unmet_type)
                            .map(|n| n.as_str()))?,
                    ))
                })
                .chain(self.calls.iter().filter_map(|c| {
                    let primitives = primitives_in(&c.idents);
                    let unmet = !primitives.is_empty() && primitives.iter().all(|t| !kept(t));
                    let call = |name: &str| {
                        Cut::one(format!("call at {}", c.range.start), name, c.range.clone())
                    };
                    if unmet {
                        return Some(call(primitives[0]));
                    }
                    // A call that writes impls (it defines nothing) for types of the bundled
                    // crates only, none met (`GraphBase! {delegate_impl [[G], G,
                    // Reversed<G>, access0]}`).
                    let mut types: Vec<&String> = c
                        .idents
                        .iter()
                        .filter(|n| self.type_paths.contains_key(*n))
                        .collect();
                    types.sort();
                    let defines = DEFINING.iter().any(|k| c.idents.contains(*k));
                    let unmet =
                        !defines && !types.is_empty() && types.iter().all(|t| !type_kept(t));
                    if unmet {
                        return Some(call(types[0]));
                    }
                    // A call of a macro whose impls are all for such types, whatever its
                    // arguments (`impl_graph_traits!(DiGraph)` writes impls for `Acyclic<..>`).
                    let written = self.impl_macros.get(&c.macro_name)?.self_types.as_ref()?;
                    let mut written: Vec<&String> = written
                        .iter()
                        .filter(|n| self.type_paths.contains_key(*n))
                        .collect();
                    written.sort();
                    let unmet =
                        !defines && !written.is_empty() && written.iter().all(|t| !type_kept(t));
                    unmet.then(|| call(written[0]))
                }))
                .collect(),
            1 => impls
                .filter_map(|i| Some(cut(i, i.trait_primitives.iter().find(|t| !kept(t))?)))
                .collect(),
            2 => impls
                .filter_map(|i| {
                    let (s, t) = (i.self_key.as_ref()?, i.trait_name.as_ref()?);
                    let never_run = i.has_functions && !met.run.contains(&(s.clone(), t.clone()));
                    never_run.then(|| cut(i, i.self_name.as_deref().unwrap_or_default()))
                })
                .collect(),
            _ => impls
                .filter_map(|i| Some((i, i.self_key.as_ref()?, i.trait_name.as_ref()?)))
                .flat_map(|(i, s, t)| {
                    i.functions.iter().filter(move |(name, _)| {
                        self.is_provided(t, name)
                            && !met
                                .run_methods
                                .contains(&(s.clone(), t.clone(), name.clone()))
                    })
                })
                .map(|(name, range)| {
                    Cut::one(
                        format!("method {name} at {}", range.start),
                        name,
                        range.clone(),
                    )
                })
                .collect(),
        }
    }

    /// Whether trait `trait_name` gives method `method` a default body: as its definition
    /// in the bundle says, else as the standard library's trait of that name does. Unknown
    /// for other traits: `false`.
    fn is_provided(&self, trait_name: &str, method: &str) -> bool {
        if self.trait_names.contains_key(trait_name) {
            return self.trait_names.get(trait_name) == Some(&1)
                && self
                    .provided
                    .get(trait_name)
                    .is_some_and(|p| p.contains(method));
        }
        STD_REQUIRED
            .iter()
            .find(|(t, _)| *t == trait_name)
            .is_some_and(|(_, required)| !required.contains(&method))
    }

    fn library_impls(&self) -> impl Iterator<Item = &Impl> {
        self.impls.iter().filter(|i| i.in_library)
    }

    /// For each import of the bundled crates' code that `outcome` finds unresolved (it named
    /// what was cut): its `use` item written again without that leaf, or cut whole.
    pub(super) fn unresolved_imports(
        &self,
        bundle: &Bundle,
        outcome: &Outcome,
    ) -> Vec<(Range<usize>, String)> {
        let ends: HashSet<usize> = outcome
            .diagnostics
            .iter()
            .filter(|d| d.is_error() && d.code.as_deref() == Some("E0432"))
            .flat_map(|d| d.marked.iter().map(|span| span.byte_end))
            .collect();
        self.imports_without(bundle, &|leaf| ends.contains(&leaf.end))
    }

    /// For each import of the bundled crates' code from within the bundle (`crate::`,
    /// `self::`, `super::`, a module's name) of a name in `names`, what was cut: its `use`
    /// item written again without that leaf, or cut whole.
    pub(super) fn imports_of(
        &self,
        bundle: &Bundle,
        names: &HashSet<&str>,
    ) -> Vec<(Range<usize>, String)> {
        // A path from a module of the bundle (`use inner::Item;`) is the bundle's own too.
        let modules: HashSet<&str> = self
            .module_paths
            .iter()
            .filter_map(|p| p.rsplit("::").next())
            .collect();
        self.imports_without(bundle, &|leaf| {
            (matches!(leaf.first, "crate" | "self" | "super") || modules.contains(leaf.first))
                && names.contains(leaf.name)
        })
    }

    /// Each `use` item of the bundled crates' code with a leaf `gone` takes, written again
    /// without those leaves (empty when none is left).
    fn imports_without(
        &self,
        bundle: &Bundle,
        gone: &dyn Fn(&Leaf) -> bool,
    ) -> Vec<(Range<usize>, String)> {
        let places = Places::of(&bundle.text);
        let mut edits = Vec::new();
        for u in &self.uses {
            let mut item = u.item.clone();
            let first = first_segment(&item.tree);
            let mut changed = false;
            let mut keep = |leaf: &Leaf| {
                let gone = gone(leaf);
                changed |= gone;
                !gone
            };
            let left = without_leaves(&mut item.tree, &first, &mut keep, &places);
            if !changed {
                continue;
            }
            let text = if left {
                let printed = prettyplease::unparse(&syn::File {
                    shebang: None,
                    attrs: Vec::new(),
                    items: vec![syn::Item::Use(item)],
                });
                printed.trim_end().to_string()
            } else {
                String::new()
            };
            edits.push((u.range.clone(), text));
        }
        edits
    }
}

/// A leaf of a `use` tree.
struct Leaf<'a> {
    /// The byte its last name ends at.
    end: usize,
    /// The name it imports (not what it binds: `Foo` of `Foo as Bar`).
    name: &'a str,
    /// The first segment of its path.
    first: &'a str,
}

/// Whether `places` (where each name is) hold `name` at a byte `at` accepts.
fn found_at(places: &HashMap<String, Vec<usize>>, name: &str, at: impl Fn(usize) -> bool) -> bool {
    places
        .get(name)
        .is_some_and(|all| all.iter().any(|&place| at(place)))
}

/// Whether the identifier `tokens[i]` is a segment of a path from a module or called
/// (`a::f`, `f::<T>`, `f(..)`, `m! {..}`), not defined (`fn f`), nor a method or field
/// (`.f(..)`), nor an associated item (`T::f`, `<T>::f`, `u64::f`, `$t::f`).
fn path_or_call(tokens: &[proc_macro2::TokenTree], i: usize) -> bool {
    use proc_macro2::{Delimiter, TokenTree};
    let punct = |at: Option<usize>, c: char| {
        let token = at.and_then(|at| tokens.get(at));
        matches!(token, Some(TokenTree::Punct(p)) if p.as_char() == c)
    };
    let before = |n: usize| i.checked_sub(n);
    let defining = matches!(
        before(1).map(|at| &tokens[at]),
        Some(TokenTree::Ident(k)) if k == "fn" || k == "macro_rules"
    );
    if punct(before(1), '.') || defining {
        return false;
    }
    let from_module = match before(3).map(|at| &tokens[at]) {
        Some(TokenTree::Ident(m)) => {
            let m = m.to_string();
            m.starts_with(|c: char| c.is_ascii_lowercase())
                && !PRIMITIVES.contains(&m.as_str())
                && !punct(before(4), '$')
        }
        _ => false,
    };
    let after_colons = punct(before(1), ':') && punct(before(2), ':');
    if after_colons && !from_module {
        return false;
    }
    let called = match tokens.get(i + 1) {
        Some(TokenTree::Group(g)) => g.delimiter() == Delimiter::Parenthesis,
        Some(TokenTree::Punct(p)) if p.as_char() == '!' => !punct(Some(i + 2), '='),
        Some(TokenTree::Punct(p)) if p.as_char() == ':' => punct(Some(i + 2), ':'),
        _ => false,
    };
    after_colons || called
}

/// The names of the statics a `thread_local!` call declares (`static NAME: T = ..;` each).
fn thread_local_statics(tokens: proc_macro2::TokenStream) -> Vec<String> {
    let tokens: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
    tokens
        .windows(2)
        .filter_map(|pair| match pair {
            [proc_macro2::TokenTree::Ident(keyword), proc_macro2::TokenTree::Ident(name)]
                if keyword == "static" =>
            {
                Some(name.to_string())
            }
            _ => None,
        })
        .collect()
}

fn first_segment(tree: &syn::UseTree) -> String {
    match tree {
        syn::UseTree::Path(p) => p.ident.to_string(),
        syn::UseTree::Name(n) => n.ident.to_string(),
        syn::UseTree::Rename(r) => r.ident.to_string(),
        syn::UseTree::Glob(_) | syn::UseTree::Group(_) => String::new(),
    }
}

/// The sorted, disjoint union of `ranges`.
fn union(ranges: impl Iterator<Item = Range<usize>>) -> Vec<Range<usize>> {
    let mut ranges: Vec<Range<usize>> = ranges.collect();
    ranges.sort_by_key(|r| r.start);
    let mut union: Vec<Range<usize>> = Vec::new();
    for r in ranges {
        match union.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => union.push(r),
        }
    }
    union
}

/// Whether `at` is in one of `union`'s ranges (sorted and apart, as [`union`] makes them).
pub(in crate::pipeline) fn within(union: &[Range<usize>], at: usize) -> bool {
    let i = union.partition_point(|r| r.start <= at);
    i > 0 && union[i - 1].contains(&at)
}

/// How many classes [`Index::unmet_impls`] has.
pub(super) const UNMET_CLASSES: usize = 4;

/// The std traits (of [`STD_REQUIRED`]) that require a method named `member`.
pub(super) fn std_traits_requiring(member: &str) -> impl Iterator<Item = &'static str> + '_ {
    STD_REQUIRED
        .iter()
        .filter(move |(_, required)| required.contains(&member))
        .map(|(t, _)| *t)
}

/// Standard traits whose impls often override provided methods, with the methods an impl
/// must write (`Write` is both `io::Write` and `fmt::Write`: the methods either requires).
const STD_REQUIRED: [(&str, &[&str]); 15] = [
    ("Iterator", &["next"]),
    ("DoubleEndedIterator", &["next_back"]),
    ("ExactSizeIterator", &[]),
    ("FusedIterator", &[]),
    ("Read", &["read"]),
    ("BufRead", &["fill_buf", "consume"]),
    ("Write", &["write", "flush", "write_str"]),
    ("Seek", &["seek"]),
    ("Hasher", &["finish", "write"]),
    ("Hash", &["hash"]),
    ("PartialEq", &["eq"]),
    ("PartialOrd", &["partial_cmp"]),
    ("Ord", &["cmp"]),
    ("Clone", &["clone"]),
    ("Extend", &["extend"]),
];

/// What the code generated for what `main` runs meets.
pub(super) struct Met {
    /// Every identifier of the generated functions' names.
    names: HashSet<String>,
    /// `(type, trait)` of every trait impl a generated function belongs to.
    run: HashSet<(String, String)>,
    /// `(type, trait, method)` of every generated method of a trait impl.
    run_methods: HashSet<(String, String, String)>,
    /// Every path the generated functions' names hold, without its first segment (the
    /// crate's name), and each of its prefixes (`allocator_api2::stable`).
    paths: HashSet<String>,
}

impl Met {
    pub(super) fn of(functions: &[String]) -> Met {
        let run_methods: HashSet<(String, String, String)> =
            functions.iter().flat_map(|f| impl_methods(f)).collect();
        Met {
            names: functions
                .iter()
                .flat_map(|f| f.split(|c: char| !(c.is_alphanumeric() || c == '_')))
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect(),
            run: run_methods
                .iter()
                .map(|(s, t, _)| (s.clone(), t.clone()))
                .collect(),
            run_methods,
            paths: functions.iter().flat_map(|f| path_prefixes(f)).collect(),
        }
    }
}

/// Each path of a demangled name (`main::a::B::<T>::f`), its first segment left out, and
/// each prefix of that (`a`, `a::B`, `a::B::f`).
fn path_prefixes(name: &str) -> Vec<String> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = Vec::new();
    let mut segments: Vec<&str> = Vec::new();
    let mut rest = name;
    loop {
        let start = rest.find(is_ident).unwrap_or(rest.len());
        let gap = &rest[..start];
        rest = &rest[start..];
        // A path goes on across `::` (and the `::<..>` of a generic's arguments' start).
        if !segments.is_empty() && !gap.trim_end_matches('<').ends_with("::") {
            segments.clear();
        }
        if rest.is_empty() {
            return out;
        }
        let end = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
        segments.push(&rest[..end]);
        rest = &rest[end..];
        if segments.len() > 1 {
            out.push(segments[1..].join("::"));
        }
    }
}

impl Met {
    /// Whether a macro call's identifiers name primitive types both met and not: written
    /// out, the impls for those not met may go.
    pub(super) fn mixed(&self, idents: &HashSet<String>) -> bool {
        let types = primitives_in(idents);
        types.iter().any(|t| self.names.contains(*t))
            && types.iter().any(|t| !self.names.contains(*t))
    }
}

/// The primitive types among `idents`.
fn primitives_in(idents: &HashSet<String>) -> Vec<&'static str> {
    PRIMITIVES
        .iter()
        .copied()
        .filter(|t| idents.contains(*t))
        .collect()
}

/// The key of the cut of a trait's member.
pub(super) fn member_key(trait_name: &str, member: &str) -> String {
    format!("member {trait_name}::{member}")
}

/// The `(type, trait, method)` of each `<Type as Trait>::method` in a demangled function's
/// name: `&Foo`, `Add` and `add` for `<&a::Foo<u8> as core::ops::Add<&a::Foo<u8>>>::add`
/// (the method empty when no name follows).
fn impl_methods(name: &str) -> Vec<(String, String, String)> {
    let bytes = name.as_bytes();
    let mut pairs = Vec::new();
    let mut opens: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'<' => opens.push(i),
            b'>' => {
                if let Some(open) = opens.pop() {
                    let inside = &name[open + 1..i];
                    if let Some((self_type, trait_path)) = split_as(inside) {
                        let method = name[i + 1..]
                            .strip_prefix("::")
                            .map(|rest| {
                                rest.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                                    .next()
                                    .unwrap_or_default()
                            })
                            .unwrap_or_default();
                        pairs.push((
                            type_key(self_type),
                            type_key(trait_path),
                            method.to_string(),
                        ));
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    pairs
}

/// `X` and `T` of `X as T`, the ` as ` outside any `<..>` of `X`.
fn split_as(text: &str) -> Option<(&str, &str)> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' => depth = depth.saturating_sub(1),
            ' ' if depth == 0 && text[i..].starts_with(" as ") => {
                return Some((&text[..i], &text[i + 4..]));
            }
            _ => {}
        }
    }
    None
}

/// `&Foo` of `&a::b::Foo<u8>`: a `&` for each reference, then the path's last segment.
fn type_key(path: &str) -> String {
    let mut refs = 0;
    let mut rest = path.trim();
    loop {
        if let Some(r) = rest.strip_prefix("&mut ") {
            rest = r;
        } else if let Some(r) = rest.strip_prefix('&') {
            rest = r.trim_start();
        } else {
            break;
        }
        refs += 1;
    }
    let base = rest.split('<').next().unwrap_or(rest);
    let last = base.rsplit("::").next().unwrap_or(base);
    format!("{}{last}", "&".repeat(refs))
}

/// How many references are around a type (`&&Foo`: 2).
fn references(ty: &syn::Type) -> usize {
    match ty {
        syn::Type::Reference(r) => 1 + references(&r.elem),
        syn::Type::Paren(p) => references(&p.elem),
        syn::Type::Group(g) => references(&g.elem),
        _ => 0,
    }
}

/// The keywords that start an item other than an impl.
const DEFINING: [&str; 10] = [
    "struct",
    "enum",
    "union",
    "trait",
    "fn",
    "const",
    "static",
    "mod",
    "type",
    "macro_rules",
];

/// The primitive types impls are written for by macros that take them as arguments.
const PRIMITIVES: [&str; 14] = [
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32",
    "f64",
];

/// Whether a macro's `tokens` hold the keyword `impl`, at any depth.
fn writes_impls(tokens: &proc_macro2::TokenStream) -> bool {
    tokens.clone().into_iter().any(|token| match token {
        proc_macro2::TokenTree::Ident(id) => id == "impl",
        proc_macro2::TokenTree::Group(g) => writes_impls(&g.stream()),
        _ => false,
    })
}

/// The header of each impl among `tokens` (what is written from `impl` to its body's brace),
/// and whether it stands where an item may start: not `impl Trait` written as a type (`->
/// impl Iterator`).
fn impls_among(tokens: proc_macro2::TokenStream) -> Vec<(bool, Vec<proc_macro2::TokenTree>)> {
    use proc_macro2::{Delimiter, TokenTree};
    let mut headers = Vec::new();
    let mut pending = vec![tokens];
    while let Some(stream) = pending.pop() {
        let tokens: Vec<TokenTree> = stream.into_iter().collect();
        for (i, token) in tokens.iter().enumerate() {
            match token {
                TokenTree::Group(g) => pending.push(g.stream()),
                TokenTree::Ident(id) if id == "impl" => {
                    let item_starts = match i.checked_sub(1).map(|p| &tokens[p]) {
                        None | Some(TokenTree::Group(_)) => true,
                        Some(TokenTree::Punct(p)) => p.as_char() == ';',
                        Some(TokenTree::Ident(id)) => id == "unsafe" || id == "default",
                        Some(TokenTree::Literal(_)) => false,
                    };
                    let header = tokens[i + 1..].iter().take_while(
                        |t| !matches!(t, TokenTree::Group(g) if g.delimiter() == Delimiter::Brace),
                    );
                    headers.push((item_starts, header.cloned().collect()));
                }
                _ => {}
            }
        }
    }
    headers
}

/// The identifiers of the header of each impl item among `tokens` ([`impls_among`]).
fn impl_headers(tokens: proc_macro2::TokenStream) -> Vec<HashSet<String>> {
    impls_among(tokens)
        .into_iter()
        .filter(|(item_starts, _)| *item_starts)
        .map(|(_, header)| {
            let mut names = HashSet::new();
            identifiers(header.into_iter().collect(), &mut names);
            names
        })
        .collect()
}

/// The names of the types the impls among `tokens` are for: the last segment of the path
/// after `for` (or, in an inherent impl, after the generics); `None` when one is not written
/// by name: a macro's parameter (`impl Data for $t`), an array, a tuple.
fn impl_self_types(tokens: proc_macro2::TokenStream) -> Option<HashSet<String>> {
    use proc_macro2::TokenTree;
    let mut names = HashSet::new();
    for (_, header) in impls_among(tokens) {
        // The path of the type written last at the header's top level, before its
        // arguments or `where`: the trait's, then after `for` the type's.
        let (mut depth, mut name, mut done) = (0i32, None, false);
        let mut previous: Option<char> = None;
        for t in &header {
            match t {
                TokenTree::Punct(p) if p.as_char() == '<' => {
                    depth += 1;
                    done |= name.is_some() && depth == 1;
                }
                TokenTree::Punct(p) if p.as_char() == '>' => depth -= 1,
                TokenTree::Ident(id) if depth == 0 && id == "where" => break,
                TokenTree::Ident(id) if depth == 0 && id == "for" => {
                    (name, done) = (None, false);
                }
                TokenTree::Ident(id) if depth == 0 && !done => {
                    let word = id.to_string();
                    if previous == Some('$') {
                        return None;
                    }
                    if previous != Some('\'')
                        && !matches!(word.as_str(), "dyn" | "mut" | "unsafe" | "const")
                    {
                        name = Some(word);
                    }
                }
                _ => {}
            }
            previous = match t {
                TokenTree::Punct(p) => Some(p.as_char()),
                _ => None,
            };
        }
        names.insert(name?);
    }
    Some(names)
}

#[cfg(test)]
mod self_type_tests {
    use super::impl_self_types;

    #[test]
    fn the_types_a_macros_impls_are_for() {
        let of = |text: &str| {
            impl_self_types(text.parse().unwrap()).map(|names| {
                let mut names: Vec<String> = names.into_iter().collect();
                names.sort();
                names
            })
        };
        assert_eq!(
            of(
                "($g:ident) => { impl<'a, G> Data for &'a crate::m::Acyclic<$g<G>> where G: X {} \
                impl<G: Visitable> Acyclic<G> { fn f() {} } }"
            ),
            Some(vec!["Acyclic".to_string()])
        );
        assert_eq!(of("($t:ty) => { impl Data for $t {} }"), None);
        assert_eq!(of("() => { impl<T> TryFrom<Vec<T>> for [T; 1] {} }"), None);
        assert_eq!(
            of("() => { impl<'a> Iterator for Keys<'a> {} impl Clone for Tag {} }"),
            Some(vec!["Keys".to_string(), "Tag".to_string()])
        );
    }

    #[test]
    fn the_headers_of_a_macros_impls() {
        let of = |text: &str| {
            let mut headers: Vec<Vec<String>> = super::impl_headers(text.parse().unwrap())
                .into_iter()
                .map(|names| {
                    let mut names: Vec<String> = names.into_iter().collect();
                    names.sort();
                    names
                })
                .collect();
            headers.sort();
            headers
        };
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            of("($t:ident, $u:ty) => { #[inline] impl Float for $t { fn f() -> impl Iterator<Item \
                = u8> { 0..1 } } unsafe impl<T: Copy> Distribution<$t> for Standard where T: \
                Sized { fn g(x: impl Copy) {} } }"),
            vec![
                words(&["Copy", "Distribution", "Sized", "Standard", "T", "for", "t", "where"]),
                words(&["Float", "for", "t"]),
            ]
        );
        assert_eq!(
            of("() => { fn f() -> impl Sized {} }"),
            Vec::<Vec<String>>::new()
        );
    }
}

#[cfg(test)]
mod close_tests {
    use super::{Cut, Index};
    use std::collections::HashSet;

    /// A trait's cut that takes a macro writing its impls and, in the same body, impls
    /// that do not name it (of `others`): it goes only with a cut of one name of each.
    fn trait_cut(name: &str, others: &[&[&str]]) -> Cut {
        let mut cut = Cut::item(format!("trait {name}"), name, 0..1);
        cut.defines = vec![name.to_string()];
        cut.alongside = others
            .iter()
            .map(|names| names.iter().map(|n| n.to_string()).collect::<HashSet<_>>())
            .collect();
        cut
    }

    /// An index of `text` read as the bundled crates' code (at no place of a solution).
    fn index_of(text: &str) -> Index {
        let mut index = Index::default();
        let places = super::Places::of(text);
        index.mentions(text.parse().unwrap(), &places, &|_| true, false);
        index
    }

    /// Where `needle` starts in `text`, to name a cut's range by its text.
    fn range(text: &str, needle: &str) -> std::ops::Range<usize> {
        let at = text.find(needle).unwrap();
        at..at + needle.len()
    }

    #[test]
    fn a_function_goes_only_when_no_code_left_calls_it() {
        let text = "fn helper() {} fn tidy() {} fn gone() {} fn user() { a::helper(); \
                    let tidy = 1; x.tidy(); Self::tidy(); #[cfg(any())] { gone(); } }";
        let index = index_of(text);
        let function = |name: &str| {
            let mut cut = Cut::item(
                format!("item {name}"),
                name,
                range(text, &format!("fn {name}()")),
            );
            cut.called = vec![name.to_string()];
            cut
        };
        let mut cuts = vec![function("helper"), function("tidy"), function("gone")];
        index.close(&mut cuts, &[]);
        let left: Vec<&str> = cuts.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            left,
            ["tidy", "gone"],
            "a variable, method or associated function of its name is no call, nor a call \
             compiled nowhere"
        );
        let user = Cut::one(
            "item user".to_string(),
            "",
            range(
                text,
                "fn user() { a::helper(); let tidy = 1; x.tidy(); Self::tidy(); \
                 #[cfg(any())] { gone(); } }",
            ),
        );
        let mut cuts = vec![function("helper")];
        index.close(&mut cuts, &[user]);
        assert_eq!(cuts.len(), 1, "calls from what is cut with it do not count");
    }

    #[test]
    fn what_a_refused_cut_calls_is_refused_with_it() {
        let text =
            "impl P { fn reborrow(&self) { self.project() } fn project(&self) { self.leaf() } \
                    fn leaf(&self) {} fn alone(&self) {} }";
        let index = index_of(text);
        // Each method, from `fn` to the end of its body.
        let member = |name: &str| {
            let start = range(text, &format!("fn {name}(")).start;
            let end = start + text[start..].find('}').unwrap() + 1;
            Cut {
                member: true,
                ..Cut::one(name.to_string(), name, start..end)
            }
        };
        let set: Vec<Cut> = ["reborrow", "project", "leaf", "alone"]
            .into_iter()
            .map(member)
            .collect();
        let mut refused = index.with_members_they_call(vec!["reborrow".to_string()], &set);
        refused.sort();
        assert_eq!(refused, ["leaf", "project", "reborrow"]);
    }

    #[test]
    fn calls_and_paths_from_modules_are_told_from_methods_and_definitions() {
        let counts = |text: &str| {
            let tokens: Vec<proc_macro2::TokenTree> = text
                .parse::<proc_macro2::TokenStream>()
                .unwrap()
                .into_iter()
                .collect();
            let at = tokens
                .iter()
                .position(|t| matches!(t, proc_macro2::TokenTree::Ident(i) if i == "f"))
                .unwrap();
            super::path_or_call(&tokens, at)
        };
        for path in ["a::f", "f(1)", "f::<u8>()", "f! {}", "crate::f + 1"] {
            assert!(counts(path), "{path}");
        }
        for neither in [
            "x.f()",
            "x.f::<u8>()",
            "fn f()",
            "macro_rules! f",
            "let f = 1",
            "x.f",
            "f != g",
            "g, f",
            "T::f",
            "<T>::f",
            "u64::f",
            "$t::f",
            "Self::f(x)",
            "<$t>::f(x)",
        ] {
            assert!(!counts(neither), "{neither}");
        }
    }

    #[test]
    fn a_cut_goes_with_the_other_impls_its_macros_write_or_not_at_all() {
        let index = Index::default();
        let whisper = || trait_cut("Whisper", &[&["Shout", "u8"]]);
        let mut alone = vec![whisper()];
        index.close(&mut alone, &[]);
        assert!(
            alone.is_empty(),
            "the impl of Shout would go with the macro"
        );
        let mut both = vec![whisper(), trait_cut("Shout", &[&["Whisper", "u8"]])];
        index.close(&mut both, &[]);
        assert_eq!(both.len(), 2);
        let mut after = vec![whisper()];
        index.close(&mut after, &[trait_cut("Shout", &[])]);
        assert_eq!(after.len(), 1, "a cut made before counts");
        let mut plain = vec![trait_cut("Quiet", &[])];
        index.close(&mut plain, &[]);
        assert_eq!(plain.len(), 1);
    }
}

/// Drops from `tree` the leaves `keep` refuses; false when nothing is left of it.
fn without_leaves(
    tree: &mut syn::UseTree,
    first: &str,
    keep: &mut dyn FnMut(&Leaf) -> bool,
    places: &Places,
) -> bool {
    let mut leaf = |ident: &syn::Ident, end: proc_macro2::Span| {
        let name = ident.to_string();
        keep(&Leaf {
            end: places.end(end),
            name: name.trim_start_matches("r#"),
            first,
        })
    };
    match tree {
        syn::UseTree::Path(p) => without_leaves(&mut p.tree, first, keep, places),
        syn::UseTree::Name(n) => leaf(&n.ident, n.ident.span()),
        syn::UseTree::Rename(r) => leaf(&r.ident, r.rename.span()),
        syn::UseTree::Glob(g) => keep(&Leaf {
            end: places.end(g.star_token.span()),
            name: "*",
            first,
        }),
        syn::UseTree::Group(g) => {
            let items = std::mem::take(&mut g.items);
            g.items = items
                .into_iter()
                .filter_map(|mut t| without_leaves(&mut t, first, keep, places).then_some(t))
                .collect();
            !g.items.is_empty()
        }
    }
}

/// Adds the names a solution's `use` tree names (each segment of each path).
fn use_names(tree: &syn::UseTree, out: &mut HashSet<String>) {
    match tree {
        syn::UseTree::Path(p) => {
            out.insert(p.ident.to_string());
            use_names(&p.tree, out);
        }
        syn::UseTree::Name(n) => {
            out.insert(n.ident.to_string());
        }
        syn::UseTree::Rename(r) => {
            out.insert(r.ident.to_string());
        }
        syn::UseTree::Glob(_) => {}
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| use_names(t, out)),
    }
}

/// The name of an item that may be cut, and what it is.
fn named_unit(item: &syn::Item, module: usize) -> Option<(&syn::Ident, Unit)> {
    Some(match item {
        syn::Item::Fn(f) => (&f.sig.ident, Unit::Plain(Named::ByPathOrCall)),
        syn::Item::Const(c) => (&c.ident, Unit::Plain(Named::Anyhow)),
        syn::Item::Static(s) => (&s.ident, Unit::Plain(Named::Anyhow)),
        syn::Item::Type(t) => (&t.ident, Unit::Plain(Named::Anyhow)),
        syn::Item::Macro(m) => (m.ident.as_ref()?, Unit::Plain(Named::ByPathOrCall)),
        syn::Item::Struct(s) => (&s.ident, Unit::Type(module)),
        syn::Item::Enum(e) => (&e.ident, Unit::Type(module)),
        syn::Item::Union(u) => (&u.ident, Unit::Type(module)),
        _ => return None,
    })
}

fn trait_member_name(member: &syn::TraitItem) -> Option<&syn::Ident> {
    match member {
        syn::TraitItem::Fn(f) => Some(&f.sig.ident),
        syn::TraitItem::Const(c) => Some(&c.ident),
        syn::TraitItem::Type(t) => Some(&t.ident),
        _ => None,
    }
}

fn impl_member_name(member: &syn::ImplItem) -> Option<&syn::Ident> {
    match member {
        syn::ImplItem::Fn(f) => Some(&f.sig.ident),
        syn::ImplItem::Const(c) => Some(&c.ident),
        syn::ImplItem::Type(t) => Some(&t.ident),
        _ => None,
    }
}

/// The last segment of a type's path, through references, pointers and parentheses.
fn type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => {
            p.path.segments.last().map(|s| s.ident.to_string())
        }
        syn::Type::Reference(r) => type_name(&r.elem),
        syn::Type::Ptr(p) => type_name(&p.elem),
        syn::Type::Paren(p) => type_name(&p.elem),
        syn::Type::Group(g) => type_name(&g.elem),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_names_give_their_paths_without_the_crate() {
        let paths =
            path_prefixes("core::ptr::drop_in_place<main::a::stable::vec::Vec<u8>>::{{closure}}");
        for held in ["ptr::drop_in_place", "a::stable::vec::Vec", "a::stable"] {
            assert!(paths.iter().any(|p| p == held), "{held}: {paths:?}");
        }
        // Not from the crate's name on, and not across a generic argument's start.
        for not in ["main::a", "vec::Vec", "drop_in_place::a", "Vec::u8"] {
            assert!(!paths.iter().any(|p| p == not), "{not}: {paths:?}");
        }
    }

    #[test]
    fn generated_names_give_the_impl_and_method_they_are_of() {
        let of = |name: &str| impl_methods(name);
        assert_eq!(
            of("<&a::Foo<u8> as core::ops::arith::Add<&a::Foo<u8>>>::add"),
            [("&Foo".to_string(), "Add".to_string(), "add".to_string())]
        );
        // A closure inside a generic method is the method's.
        assert!(
            of("<main::it::Run<u8> as core::iter::Iterator>::fold::<(), f>::{closure#0}").contains(
                &(
                    "Run".to_string(),
                    "Iterator".to_string(),
                    "fold".to_string()
                )
            )
        );
        // An impl's type inside another's: both (the inner one with its associated type).
        assert_eq!(
            of("<alloc::vec::Vec<<a::B as c::T>::Out> as core::clone::Clone>::clone"),
            [
                ("B".to_string(), "T".to_string(), "Out".to_string()),
                ("Vec".to_string(), "Clone".to_string(), "clone".to_string()),
            ]
        );
        assert!(of("main::helper::<u8>").is_empty());
        assert_eq!(
            of("<a::Wrap as core::fmt::Display>"),
            [("Wrap".to_string(), "Display".to_string(), String::new())]
        );
    }
}
