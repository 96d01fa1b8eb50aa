//! `#[cfg]` as Cargo would build a library: `feature = "..."` is true for the features Cargo
//! enables and `test` is false. Once the judge is known, a name it does not set and rustc does
//! not define (a build script's `zerocopy_core_error_1_81_0`, `getrandom_backend`, `docsrs`)
//! is false, as the judge's compiler will find it; the judge's own (`atcoder`,
//! `ONLINE_JUDGE`) and rustc's (`debug_assertions`, `target_os`, `unix`) are left to it,
//! except the target's when the targets the bundle is built for are known (the judge's, and
//! this machine's, which checks it): a predicate true on each of them is true, false on each
//! false, so a crate written for every system (libc) brings only theirs.
//!
//! Decided atoms are rewritten in place (`all()` is true, `any()` false), so a predicate that
//! still holds unknowns keeps its meaning once the features are gone; an item whose
//! predicate is decided false is dropped, and a decided-true `#[cfg]` is removed.

use proc_macro2::{Delimiter, Group, Ident, Span, TokenStream, TokenTree};
use std::collections::BTreeSet;
use std::rc::Rc;

/// What a predicate is known to be before the judge compiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Truth {
    True,
    False,
    Unknown,
}

/// The features enabled for one crate, and the cfg names the judge sets, once known.
#[derive(Debug, Clone, Default)]
pub struct Cfg {
    pub features: BTreeSet<String>,
    /// `None` until the judge is known: then every name is left to its compiler.
    pub judge_sets: Option<BTreeSet<String>>,
    /// The targets the bundle is built for, when known (empty: unknown): for each, what
    /// `rustc --print cfg` prints for it, one `name` or `name="value"` each.
    pub targets: Rc<Vec<BTreeSet<String>>>,
    /// The cfgs the crate's build script set when Cargo ran it, in the same form.
    pub script_sets: BTreeSet<String>,
}

/// [`Cfg::targets`] of lists as `rustc --print cfg` prints them, one `name` or `name="value"`
/// each.
pub fn target_sets(targets: &[&[&str]]) -> Rc<Vec<BTreeSet<String>>> {
    Rc::new(
        targets
            .iter()
            .map(|t| t.iter().map(|a| a.to_string()).collect())
            .collect(),
    )
}

/// The cfg names that describe the target, which [`Cfg::targets`] decide when known. Not
/// `target_feature`: flags such as `-C target-cpu` change it.
const TARGET_NAMES: [&str; 12] = [
    "target_abi",
    "target_arch",
    "target_endian",
    "target_env",
    "target_family",
    "target_os",
    "target_pointer_width",
    "target_vendor",
    "target_has_atomic",
    "unix",
    "windows",
    "panic",
];

/// A decided predicate, written as one: `all()` is true, `any()` false.
fn decided(truth: Truth) -> (TokenStream, Truth) {
    let word = if truth == Truth::True { "all" } else { "any" };
    let group = Group::new(Delimiter::Parenthesis, TokenStream::new());
    let out: TokenStream = [
        TokenTree::Ident(Ident::new(word, Span::call_site())),
        TokenTree::Group(group),
    ]
    .into_iter()
    .collect();
    (out, truth)
}

/// Whether rustc itself may set cfg `name` (for the target, the build, or a tool): those stay
/// for the judge's compiler to decide.
fn set_by_rustc(name: &str) -> bool {
    const NAMES: [&str; 16] = [
        "unix",
        "windows",
        "debug_assertions",
        "panic",
        "proc_macro",
        "overflow_checks",
        "ub_checks",
        "relocation_model",
        "fmt_debug",
        "contract_checks",
        "doc",
        "doctest",
        "miri",
        "clippy",
        "rustfmt",
        "emscripten_wasm_eh",
    ];
    name.starts_with("target") || name.starts_with("sanitiz") || NAMES.contains(&name)
}

impl Cfg {
    /// Rewrites the predicate `tokens` (the inside of `cfg(..)`) and says what it is.
    pub fn predicate(&self, tokens: &TokenStream) -> (TokenStream, Truth) {
        let items = split_commas(tokens.clone());
        match items.as_slice() {
            [one] => self.atom(one),
            _ => (tokens.clone(), Truth::Unknown), // not a valid predicate: rustc will say so
        }
    }

    /// One predicate: `name`, `name = "value"`, `all(..)`, `any(..)` or `not(..)`, decided
    /// when it is the same on every target; else rewritten as on each target alike, or
    /// with the target's names left to the compiler where the targets differ.
    fn atom(&self, tokens: &[TokenTree]) -> (TokenStream, Truth) {
        let unknown = self.atom_on(tokens, None);
        if unknown.1 != Truth::Unknown || self.targets.is_empty() {
            return unknown;
        }
        let mut on = self.targets.iter().map(|t| self.atom_on(tokens, Some(t)));
        let Some(first) = on.next() else {
            return unknown;
        };
        let text = first.0.to_string();
        if on.all(|other| other.1 == first.1 && other.0.to_string() == text) {
            first
        } else {
            unknown
        }
    }

    /// [`Cfg::atom`] on one target, or with the target unknown.
    fn atom_on(
        &self,
        tokens: &[TokenTree],
        target: Option<&BTreeSet<String>>,
    ) -> (TokenStream, Truth) {
        let unset = |name: &Ident| {
            let name = name.to_string();
            name != "feature"
                && !set_by_rustc(&name)
                && self
                    .judge_sets
                    .as_ref()
                    .is_some_and(|set| !set.contains(&name))
        };
        if let Some(truth) = self.known_atom(tokens, target) {
            return decided(truth);
        }
        match tokens {
            [TokenTree::Ident(name)] if name == "test" => decided(Truth::False),
            [TokenTree::Ident(name)] if unset(name) => decided(Truth::False),
            [TokenTree::Ident(name), TokenTree::Punct(eq), TokenTree::Literal(_)]
                if eq.as_char() == '=' && unset(name) =>
            {
                decided(Truth::False)
            }
            [TokenTree::Ident(name), TokenTree::Punct(eq), TokenTree::Literal(value)]
                if name == "feature" && eq.as_char() == '=' =>
            {
                match syn::parse2::<syn::LitStr>(TokenTree::Literal(value.clone()).into()) {
                    Ok(s) if self.features.contains(&s.value()) => decided(Truth::True),
                    Ok(_) => decided(Truth::False),
                    Err(_) => (tokens.iter().cloned().collect(), Truth::Unknown),
                }
            }
            [TokenTree::Ident(op), TokenTree::Group(args)]
                if args.delimiter() == Delimiter::Parenthesis
                    && (op == "all" || op == "any" || op == "not") =>
            {
                let parts: Vec<(TokenStream, Truth)> = split_commas(args.stream())
                    .iter()
                    .map(|part| self.atom_on(part, target))
                    .collect();
                let truths: Vec<Truth> = parts.iter().map(|p| p.1).collect();
                let truth = if op == "all" {
                    if truths.contains(&Truth::False) {
                        Truth::False
                    } else if truths.iter().all(|t| *t == Truth::True) {
                        Truth::True
                    } else {
                        Truth::Unknown
                    }
                } else if op == "any" {
                    if truths.contains(&Truth::True) {
                        Truth::True
                    } else if truths.iter().all(|t| *t == Truth::False) {
                        Truth::False
                    } else {
                        Truth::Unknown
                    }
                } else {
                    match truths.as_slice() {
                        [Truth::True] => Truth::False,
                        [Truth::False] => Truth::True,
                        _ => Truth::Unknown,
                    }
                };
                if truth != Truth::Unknown {
                    return decided(truth);
                }
                let mut inner = TokenStream::new();
                for (i, (part, _)) in parts.into_iter().enumerate() {
                    if i > 0 {
                        inner.extend([TokenTree::Punct(proc_macro2::Punct::new(
                            ',',
                            proc_macro2::Spacing::Alone,
                        ))]);
                    }
                    inner.extend(part);
                }
                let mut group = Group::new(Delimiter::Parenthesis, inner);
                group.set_span(args.span());
                let out = [TokenTree::Ident(op.clone()), TokenTree::Group(group)]
                    .into_iter()
                    .collect();
                (out, Truth::Unknown)
            }
            _ => (tokens.iter().cloned().collect(), Truth::Unknown),
        }
    }

    /// `name` or `name = "value"` of `target`, decided when it is known, or one
    /// the crate's build script set (true).
    fn known_atom(&self, tokens: &[TokenTree], target: Option<&BTreeSet<String>>) -> Option<Truth> {
        let (name, atom) = match tokens {
            [TokenTree::Ident(name)] => (name, name.to_string()),
            [TokenTree::Ident(name), TokenTree::Punct(eq), TokenTree::Literal(value)]
                if eq.as_char() == '=' =>
            {
                let value = syn::parse2::<syn::LitStr>(TokenTree::Literal(value.clone()).into())
                    .ok()?
                    .value();
                (name, format!("{name}={value:?}"))
            }
            _ => return None,
        };
        if self.script_sets.contains(&atom) {
            return Some(Truth::True);
        }
        let target = target?;
        // Tools' cfgs: a judge's compiler is none of them.
        if matches!(
            atom.as_str(),
            "miri" | "doc" | "doctest" | "clippy" | "rustfmt"
        ) {
            return Some(Truth::False);
        }
        if name == "target_feature" {
            // A target's listed features are its baseline; the rest depend on the flags.
            return target.contains(&atom).then_some(Truth::True);
        }
        if !TARGET_NAMES.contains(&name.to_string().as_str()) {
            return None;
        }
        Some(if target.contains(&atom) {
            Truth::True
        } else {
            Truth::False
        })
    }

    /// Applies the cfgs among `attrs`: each `#[cfg_attr(p, a..)]` whose `p` is decided
    /// becomes `#[a]`.. or nothing, each `#[cfg(p)]` decided true goes, the rest get their
    /// decided atoms rewritten. Returns whether the node they belong to is compiled out.
    pub fn attrs(&self, attrs: &mut Vec<syn::Attribute>) -> bool {
        let mut out = Vec::with_capacity(attrs.len());
        let mut removed = false;
        let mut pending: Vec<syn::Attribute> = std::mem::take(attrs);
        pending.reverse();
        while let Some(mut attr) = pending.pop() {
            let syn::Meta::List(list) = &attr.meta else {
                out.push(attr);
                continue;
            };
            if list.path.is_ident("cfg") {
                let (tokens, truth) = self.predicate(&list.tokens);
                match truth {
                    Truth::True => {}
                    Truth::False => removed = true,
                    Truth::Unknown => {
                        if let syn::Meta::List(list) = &mut attr.meta {
                            list.tokens = tokens;
                        }
                        out.push(attr);
                    }
                }
            } else if list.path.is_ident("cfg_attr") {
                let parts = split_commas(list.tokens.clone());
                let Some((condition, rest)) = parts.split_first() else {
                    out.push(attr);
                    continue;
                };
                let (tokens, truth) = self.atom(condition);
                match truth {
                    Truth::True => {
                        // Each attribute it stands for, in order, ahead of the rest.
                        for meta in rest.iter().rev() {
                            let meta: TokenStream = meta.iter().cloned().collect();
                            if let Ok(meta) = syn::parse2::<syn::Meta>(meta) {
                                pending.push(syn::Attribute {
                                    meta,
                                    ..attr.clone()
                                });
                            }
                        }
                    }
                    Truth::False => {}
                    Truth::Unknown => {
                        let mut new = tokens;
                        for meta in rest {
                            new.extend([TokenTree::Punct(proc_macro2::Punct::new(
                                ',',
                                proc_macro2::Spacing::Alone,
                            ))]);
                            new.extend(meta.iter().cloned());
                        }
                        if let syn::Meta::List(list) = &mut attr.meta {
                            list.tokens = new;
                        }
                        out.push(attr);
                    }
                }
            } else {
                out.push(attr);
            }
        }
        *attrs = out;
        removed
    }

    /// Rewrites the predicates of `#[cfg(..)]`, `#[cfg_attr(..)]` and `cfg!(..)` written in raw
    /// tokens (macro bodies and arguments), which only the judge's compiler will parse.
    pub fn tokens(&self, stream: TokenStream) -> TokenStream {
        let tokens: Vec<TokenTree> = stream.into_iter().collect();
        let mut out = Vec::with_capacity(tokens.len());
        let mut i = 0;
        while i < tokens.len() {
            let is_cfg_word = |t: &TokenTree| matches!(t, TokenTree::Ident(id) if id == "cfg" || id == "cfg_attr");
            // `cfg ( .. )` inside `#[..]`, or `cfg ! ( .. )`.
            if is_cfg_word(&tokens[i]) {
                let bang =
                    matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                let at = if bang { i + 2 } else { i + 1 };
                if let Some(TokenTree::Group(g)) = tokens.get(at) {
                    if g.delimiter() == Delimiter::Parenthesis {
                        let is_attr =
                            matches!(&tokens[i], TokenTree::Ident(id) if id == "cfg_attr");
                        // The attributes a `cfg_attr` applies may hold predicates too
                        // (`doc(cfg(..))`).
                        let inner = if is_attr {
                            self.tokens(self.cfg_attr_arguments(g.stream()))
                        } else {
                            self.predicate(&g.stream()).0
                        };
                        out.extend(tokens[i..at].iter().cloned());
                        let mut group = Group::new(Delimiter::Parenthesis, inner);
                        group.set_span(g.span());
                        out.push(TokenTree::Group(group));
                        i = at + 1;
                        continue;
                    }
                }
            }
            match &tokens[i] {
                TokenTree::Group(g) => {
                    let mut group = Group::new(g.delimiter(), self.tokens(g.stream()));
                    group.set_span(g.span());
                    out.push(TokenTree::Group(group));
                }
                other => out.push(other.clone()),
            }
            i += 1;
        }
        out.into_iter().collect()
    }
}

impl Cfg {
    /// The arguments of a `cfg_attr(..)` with the condition's decided atoms rewritten.
    fn cfg_attr_arguments(&self, arguments: TokenStream) -> TokenStream {
        let parts = split_commas(arguments);
        let mut new = TokenStream::new();
        for (n, part) in parts.iter().enumerate() {
            if n > 0 {
                new.extend([TokenTree::Punct(proc_macro2::Punct::new(
                    ',',
                    proc_macro2::Spacing::Alone,
                ))]);
            }
            if n == 0 {
                new.extend(self.atom(part).0);
            } else {
                new.extend(part.iter().cloned());
            }
        }
        new
    }

    /// Rewrites the decided atoms of a `#[cfg]` or `#[cfg_attr]` in place, whatever the
    /// predicate comes to: for attributes where the node cannot simply be dropped (on a block
    /// inside a function body, say).
    pub fn rewrite(&self, attr: &mut syn::Attribute) {
        if let syn::Meta::List(list) = &mut attr.meta {
            if list.path.is_ident("cfg") {
                list.tokens = self.predicate(&list.tokens).0;
            } else if list.path.is_ident("cfg_attr") {
                list.tokens = self.cfg_attr_arguments(list.tokens.clone());
            }
        }
    }
}

/// The comma-separated parts of `tokens` (a trailing comma gives no empty part).
fn split_commas(tokens: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut parts = vec![Vec::new()];
    for token in tokens {
        match &token {
            TokenTree::Punct(p) if p.as_char() == ',' => parts.push(Vec::new()),
            _ => parts.last_mut().expect("never empty").push(token),
        }
    }
    if parts.last().is_some_and(Vec::is_empty) {
        parts.pop();
    }
    parts
}

/// Removes from `list` the elements whose attributes (as `attrs` finds them) `compiled_out`
/// decides are compiled out.
pub fn retain_compiled<T, L>(
    list: &mut L,
    attrs: fn(&mut T) -> Option<&mut Vec<syn::Attribute>>,
    mut compiled_out: impl FnMut(&mut Vec<syn::Attribute>) -> bool,
) where
    L: Default + IntoIterator<Item = T> + FromIterator<T>,
{
    *list = std::mem::take(list)
        .into_iter()
        .filter_map(|mut element| {
            let out = attrs(&mut element).is_some_and(&mut compiled_out);
            (!out).then_some(element)
        })
        .collect();
}

/// Drops what the cfgs compile out below an item (members, variants, fields, statements,
/// match arms) as soon as it is read, so that what the bundle follows from the item is what
/// the judge's compiler reads: a member under `#[cfg(not(feature = "std"))]` naming an
/// optional dependency brings nothing of it when `std` is on. An inline module's items are
/// left to the reading of that module, unless `into_modules` (a whole file at once).
pub struct Strip<'a> {
    pub cfg: &'a Cfg,
    pub into_modules: bool,
}

impl Strip<'_> {
    fn items(&self, items: &mut Vec<syn::Item>) {
        retain_compiled(items, super::source::item_attrs_mut, |a| self.cfg.attrs(a));
    }
}

impl syn::visit_mut::VisitMut for Strip<'_> {
    fn visit_item_impl_mut(&mut self, item: &mut syn::ItemImpl) {
        retain_compiled(&mut item.items, impl_item_attrs, |a| self.cfg.attrs(a));
        syn::visit_mut::visit_item_impl_mut(self, item);
    }

    fn visit_item_trait_mut(&mut self, item: &mut syn::ItemTrait) {
        retain_compiled(&mut item.items, trait_item_attrs, |a| self.cfg.attrs(a));
        syn::visit_mut::visit_item_trait_mut(self, item);
    }

    fn visit_item_foreign_mod_mut(&mut self, item: &mut syn::ItemForeignMod) {
        retain_compiled(&mut item.items, foreign_item_attrs, |a| self.cfg.attrs(a));
        syn::visit_mut::visit_item_foreign_mod_mut(self, item);
    }

    fn visit_item_enum_mut(&mut self, item: &mut syn::ItemEnum) {
        retain_compiled(&mut item.variants, variant_attrs, |a| self.cfg.attrs(a));
        syn::visit_mut::visit_item_enum_mut(self, item);
    }

    fn visit_fields_named_mut(&mut self, fields: &mut syn::FieldsNamed) {
        retain_compiled(&mut fields.named, field_attrs, |a| self.cfg.attrs(a));
        syn::visit_mut::visit_fields_named_mut(self, fields);
    }

    fn visit_fields_unnamed_mut(&mut self, fields: &mut syn::FieldsUnnamed) {
        retain_compiled(&mut fields.unnamed, field_attrs, |a| self.cfg.attrs(a));
        syn::visit_mut::visit_fields_unnamed_mut(self, fields);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        retain_compiled(&mut block.stmts, stmt_attrs, |a| self.cfg.attrs(a));
        syn::visit_mut::visit_block_mut(self, block);
    }

    fn visit_expr_match_mut(&mut self, expr: &mut syn::ExprMatch) {
        retain_compiled(&mut expr.arms, arm_attrs, |a| self.cfg.attrs(a));
        syn::visit_mut::visit_expr_match_mut(self, expr);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if self.into_modules {
            if let Some((_, items)) = &mut module.content {
                self.items(items);
            }
            syn::visit_mut::visit_item_mod_mut(self, module);
        }
    }

    fn visit_file_mut(&mut self, file: &mut syn::File) {
        self.items(&mut file.items);
        syn::visit_mut::visit_file_mut(self, file);
    }
}

pub fn impl_item_attrs(item: &mut syn::ImplItem) -> Option<&mut Vec<syn::Attribute>> {
    match item {
        syn::ImplItem::Const(i) => Some(&mut i.attrs),
        syn::ImplItem::Fn(i) => Some(&mut i.attrs),
        syn::ImplItem::Type(i) => Some(&mut i.attrs),
        syn::ImplItem::Macro(i) => Some(&mut i.attrs),
        _ => None,
    }
}

pub fn foreign_item_attrs(item: &mut syn::ForeignItem) -> Option<&mut Vec<syn::Attribute>> {
    match item {
        syn::ForeignItem::Fn(i) => Some(&mut i.attrs),
        syn::ForeignItem::Static(i) => Some(&mut i.attrs),
        syn::ForeignItem::Type(i) => Some(&mut i.attrs),
        syn::ForeignItem::Macro(i) => Some(&mut i.attrs),
        _ => None,
    }
}

pub fn trait_item_attrs(item: &mut syn::TraitItem) -> Option<&mut Vec<syn::Attribute>> {
    match item {
        syn::TraitItem::Const(i) => Some(&mut i.attrs),
        syn::TraitItem::Fn(i) => Some(&mut i.attrs),
        syn::TraitItem::Type(i) => Some(&mut i.attrs),
        syn::TraitItem::Macro(i) => Some(&mut i.attrs),
        _ => None,
    }
}

pub fn arm_attrs(arm: &mut syn::Arm) -> Option<&mut Vec<syn::Attribute>> {
    Some(&mut arm.attrs)
}

pub fn field_attrs(field: &mut syn::Field) -> Option<&mut Vec<syn::Attribute>> {
    Some(&mut field.attrs)
}

pub fn variant_attrs(variant: &mut syn::Variant) -> Option<&mut Vec<syn::Attribute>> {
    Some(&mut variant.attrs)
}

pub fn stmt_attrs(stmt: &mut syn::Stmt) -> Option<&mut Vec<syn::Attribute>> {
    match stmt {
        syn::Stmt::Local(l) => Some(&mut l.attrs),
        syn::Stmt::Item(item) => super::source::item_attrs_mut(item),
        syn::Stmt::Macro(m) => Some(&mut m.attrs),
        syn::Stmt::Expr(..) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(features: &[&str]) -> Cfg {
        Cfg {
            features: features.iter().map(|f| f.to_string()).collect(),
            judge_sets: None,
            targets: Rc::default(),
            script_sets: BTreeSet::new(),
        }
    }

    #[test]
    fn what_the_build_script_set_is_true_and_the_rest_it_may_set_false() {
        let mut c = cfg(&[]);
        c.judge_sets = Some(BTreeSet::new());
        c.script_sets = ["has_i128".to_string(), "kind=\"fast\"".to_string()].into();
        for (predicate, truth) in [
            ("has_i128", Truth::True),
            ("not(has_i128)", Truth::False),
            ("kind = \"fast\"", Truth::True),
            ("kind = \"slow\"", Truth::False),
            ("has_u256", Truth::False),
        ] {
            assert_eq!(eval(&c, predicate).1, truth, "{predicate}");
        }
    }

    #[test]
    fn a_known_target_decides_the_targets_names_and_no_other() {
        let mut c = cfg(&[]);
        c.judge_sets = Some(BTreeSet::new());
        c.targets = target_sets(&[crate::profile::LINUX_X86_64]);
        for (predicate, truth) in [
            ("unix", Truth::True),
            ("windows", Truth::False),
            ("target_os = \"linux\"", Truth::True),
            ("target_os = \"l4re\"", Truth::False),
            (
                "any(target_os = \"android\", target_os = \"linux\")",
                Truth::True,
            ),
            (
                "all(target_arch = \"x86_64\", target_pointer_width = \"64\")",
                Truth::True,
            ),
            ("target_env = \"musl\"", Truth::False),
            ("target_has_atomic = \"64\"", Truth::True),
            ("target_has_atomic = \"128\"", Truth::False),
            ("panic = \"abort\"", Truth::False),
            // Flags change these: left to the judge's compiler.
            ("target_feature = \"avx2\"", Truth::Unknown),
            ("debug_assertions", Truth::Unknown),
        ] {
            assert_eq!(eval(&c, predicate).1, truth, "{predicate}");
        }
    }

    #[test]
    fn several_targets_decide_what_holds_on_each_alike() {
        use crate::profile::{LINUX_X86_64, WINDOWS_I686_MSVC, WINDOWS_X86_64_MSVC};
        let mut c = cfg(&["std"]);
        c.judge_sets = Some(BTreeSet::new());
        let targets = [LINUX_X86_64, WINDOWS_X86_64_MSVC, WINDOWS_I686_MSVC];
        c.targets = target_sets(&targets);
        for (predicate, truth) in [
            ("any(unix, windows)", Truth::True),
            ("target_endian = \"little\"", Truth::True),
            ("target_os = \"freebsd\"", Truth::False),
            ("target_pointer_width = \"16\"", Truth::False),
            // Each atom differs between the targets, the whole holds on none.
            (
                "all(target_os = \"linux\", target_arch = \"x86\")",
                Truth::False,
            ),
            ("unix", Truth::Unknown),
            ("target_arch = \"x86\"", Truth::Unknown),
            // Every x86 target has SSE2; AVX depends on the CPU the flags name.
            ("target_feature = \"sse2\"", Truth::True),
            ("not(target_feature = \"sse2\")", Truth::False),
            ("target_feature = \"avx2\"", Truth::Unknown),
            ("not(miri)", Truth::True),
        ] {
            assert_eq!(eval(&c, predicate).1, truth, "{predicate}");
        }
        // Where the targets differ, their names stay for the compiler; the features go.
        assert_eq!(
            eval(&c, "all(feature = \"std\", windows)").0,
            "all (all () , windows)"
        );
    }

    #[test]
    fn a_name_the_judge_does_not_set_is_false_once_it_is_known() {
        let mut c = cfg(&[]);
        // Unknown judge: everything but features is left to its compiler.
        assert_eq!(eval(&c, "zerocopy_core_error_1_81_0").1, Truth::Unknown);
        c.judge_sets = Some(["atcoder".to_string()].into());
        assert_eq!(eval(&c, "zerocopy_core_error_1_81_0").1, Truth::False);
        assert_eq!(eval(&c, "getrandom_backend = \"rndr\"").1, Truth::False);
        assert_eq!(eval(&c, "not(docsrs)").1, Truth::True);
        assert_eq!(eval(&c, "atcoder").1, Truth::Unknown);
        for rustc_sets in ["unix", "target_os = \"linux\"", "debug_assertions", "miri"] {
            assert_eq!(eval(&c, rustc_sets).1, Truth::Unknown, "{rustc_sets}");
        }
        assert_eq!(eval(&c, "all(unix, not(docsrs))").0, "all (unix , all ())");
    }

    fn eval(c: &Cfg, predicate: &str) -> (String, Truth) {
        let (tokens, truth) = c.predicate(&predicate.parse().unwrap());
        (tokens.to_string(), truth)
    }

    #[test]
    fn features_and_test_are_decided_the_rest_left_to_the_judge() {
        let c = cfg(&["std"]);
        assert_eq!(eval(&c, "feature = \"std\"").1, Truth::True);
        assert_eq!(eval(&c, "feature = \"alloc\"").1, Truth::False);
        assert_eq!(eval(&c, "test").1, Truth::False);
        assert_eq!(eval(&c, "not(test)").1, Truth::True);
        assert_eq!(eval(&c, "all(feature = \"std\", not(test))").1, Truth::True);
        assert_eq!(eval(&c, "any(feature = \"x\", test)").1, Truth::False);
        assert_eq!(
            eval(&c, "all(feature = \"std\", atcoder)"),
            ("all (all () , atcoder)".into(), Truth::Unknown)
        );
        assert_eq!(
            eval(&c, "any(feature = \"std\", atcoder)").1,
            Truth::True,
            "true whatever the judge sets"
        );
        assert_eq!(eval(&c, "debug_assertions").1, Truth::Unknown);
    }

    #[test]
    fn cfg_attr_expands_when_decided() {
        let c = cfg(&["std"]);
        let mut attrs: Vec<syn::Attribute> = vec![
            syn::parse_quote!(#[cfg_attr(feature = "std", derive(Debug), allow(unused))]),
            syn::parse_quote!(#[cfg_attr(feature = "serde", derive(Serialize))]),
            syn::parse_quote!(#[cfg_attr(atcoder, inline)]),
        ];
        assert!(!c.attrs(&mut attrs));
        let text: Vec<String> = attrs
            .iter()
            .map(|a| quote::ToTokens::to_token_stream(a).to_string())
            .collect();
        assert_eq!(
            text,
            [
                "# [derive (Debug)]",
                "# [allow (unused)]",
                "# [cfg_attr (atcoder , inline)]"
            ]
        );
        let mut gone: Vec<syn::Attribute> = vec![syn::parse_quote!(#[cfg(feature = "serde")])];
        assert!(c.attrs(&mut gone));
    }

    #[test]
    fn tokens_of_macro_bodies_get_their_predicates_rewritten() {
        let c = cfg(&[]);
        let out = c.tokens(
            "#[cfg(feature = \"std\")] fn f() { if cfg!(test) {} } #[cfg_attr(feature = \"x\", inline)] fn g() {}"
                .parse()
                .unwrap(),
        );
        assert_eq!(
            out.to_string(),
            "# [cfg (any ())] fn f () { if cfg ! (any ()) { } } # [cfg_attr (any () , inline)] fn g () { }"
        );
        let nested = c.tokens(
            "#[cfg_attr(feature = \"x\", doc(cfg(feature = \"x\")))] fn h() {}"
                .parse()
                .unwrap(),
        );
        assert_eq!(
            nested.to_string(),
            "# [cfg_attr (any () , doc (cfg (any ())))] fn h () { }"
        );
    }
}
