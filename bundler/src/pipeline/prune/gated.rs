//! What code under a `#[cfg]` the judge decides names: code compiled out here may be
//! compiled there (`#[cfg(windows)]` for Codeforces), so what it names must stay.

use super::edits::Places;
use crate::bundle::cfg::{target_sets, Cfg, Truth};
use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// Which cfgs that rustc sets (and the engine leaves to the judge's compiler) are set on the
/// judge as here. Never `debug_assertions`: a bundle must also run as a contestant debugs it,
/// compiled without `-O`.
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::pipeline) struct Alike {
    /// `target_feature`: the judge's flags choose no CPU or features, and both it and this
    /// machine are x86, whose default features (fxsr, sse, sse2) both then have.
    pub target_features: bool,
    /// This machine's target, when known: code under a cfg true here is compiled by the
    /// checks, whose liveness then sees what it names.
    pub here: Option<&'static [&'static str]>,
}

/// The identifiers of the code under a `#[cfg]` the judge decides, by the bundled crates
/// whose items that code may name. A crate's code names its own items and, by a path
/// from the bundle's root (`crate::libc::..`, `$crate::zerocopy::..`), those of the crates it
/// depends on and of theirs; the solution's code may name any crate's. So libc's code for
/// Linux, gated for a judge on Windows, keeps none of rand's functions that share its
/// names (`read`, `new`, `sample`).
#[derive(Default)]
pub(super) struct GatedNames {
    /// All of them.
    pub(super) all: HashSet<String>,
    /// Each crate's text, and the identifiers of the gated code that may name its items.
    by_crate: Vec<(Range<usize>, HashSet<String>)>,
}

impl GatedNames {
    /// Reads the gated code of `file`, whose bundled crates take the texts `crates` (each a
    /// module of the root); what functions branching on a `cfg!` name goes to `branching`.
    pub(super) fn of(
        file: &syn::File,
        crates: &[Range<usize>],
        places: &Places,
        alike: Alike,
        branching: &mut HashSet<String>,
    ) -> GatedNames {
        // Owner `crates.len()` is the solution, and what the bundler wrote between the parts.
        let mut owned = vec![HashSet::new(); crates.len() + 1];
        let mut module_of = HashMap::new();
        let mut owner_of = Vec::with_capacity(file.items.len());
        let here = alike.here.map(|here| Cfg {
            targets: target_sets(&[here]),
            ..Cfg::default()
        });
        for item in &file.items {
            let owner = match item {
                syn::Item::Mod(m) => {
                    let at = places.start(m.ident.span());
                    let owner = crates.iter().position(|r| r.contains(&at));
                    if let Some(owner) = owner {
                        module_of.insert(m.ident.to_string(), owner);
                    }
                    owner
                }
                _ => None,
            }
            .unwrap_or(crates.len());
            owner_of.push(owner);
            let mut gated = Gated {
                alike,
                here: here.as_ref(),
                names: &mut owned[owner],
                branching,
            };
            syn::visit::Visit::visit_item(&mut gated, item);
        }
        // Who names whom, then who may name each crate's items, the crate itself included.
        let mut names: Vec<HashSet<usize>> = vec![HashSet::new(); crates.len()];
        for (item, &owner) in file.items.iter().zip(&owner_of) {
            if owner < crates.len() {
                crate_paths(
                    quote::ToTokens::to_token_stream(item),
                    &module_of,
                    &mut names[owner],
                );
            }
        }
        let by_crate = (0..crates.len())
            .map(|named| {
                let mut reaching = HashSet::from([named]);
                let mut grown = true;
                while grown {
                    grown = false;
                    for (d, its) in names.iter().enumerate() {
                        if !reaching.contains(&d) && its.iter().any(|c| reaching.contains(c)) {
                            grown |= reaching.insert(d);
                        }
                    }
                }
                let mut gated = owned[crates.len()].clone();
                for d in reaching {
                    gated.extend(owned[d].iter().cloned());
                }
                (crates[named].clone(), gated)
            })
            .collect();
        GatedNames {
            all: owned.into_iter().flatten().collect(),
            by_crate,
        }
    }

    /// The gated identifiers that may name what is at byte `at`: all of them outside the
    /// bundled crates' texts.
    pub(super) fn at(&self, at: usize) -> &HashSet<String> {
        self.by_crate
            .iter()
            .find(|(range, _)| range.contains(&at))
            .map_or(&self.all, |(_, names)| names)
    }
}

/// The crates, of `modules` (by their module's name), that `tokens` name by a path from the
/// bundle's root: `crate :: name`, `$crate` included.
fn crate_paths(
    tokens: proc_macro2::TokenStream,
    modules: &HashMap<String, usize>,
    out: &mut HashSet<usize>,
) {
    let tokens: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        match token {
            proc_macro2::TokenTree::Ident(id) if id == "crate" => {
                if let [proc_macro2::TokenTree::Punct(a), proc_macro2::TokenTree::Punct(b), proc_macro2::TokenTree::Ident(name), ..] =
                    &tokens[i + 1..]
                {
                    if a.as_char() == ':' && b.as_char() == ':' {
                        out.extend(modules.get(&name.to_string()));
                    }
                }
            }
            proc_macro2::TokenTree::Group(g) => crate_paths(g.stream(), modules, out),
            _ => {}
        }
    }
}

/// Collects the identifiers of the nodes under a `#[cfg]`.
struct Gated<'n> {
    alike: Alike,
    /// This machine's targets, when known.
    here: Option<&'n Cfg>,
    names: &'n mut HashSet<String>,
    /// The identifiers of the functions whose bodies branch on a `cfg!` the judge decides:
    /// both branches are checked here, but only one is generated.
    branching: &'n mut HashSet<String>,
}

impl Gated<'_> {
    /// Whether `attrs` hold a `#[cfg]` only the judge decides, false here or unknown; if so,
    /// `node`'s identifiers are taken. Code under a cfg true here needs no names taken:
    /// rustc compiles it here, and what it uses is live.
    fn gated(&mut self, attrs: &[syn::Attribute], node: &dyn quote::ToTokens) -> bool {
        let gated = !compiled_alike(attrs, self.alike) && !compiled_here(attrs, self.here);
        if gated {
            identifiers(node.to_token_stream(), self.names);
        }
        gated
    }

    /// Whether `body` branches on a `cfg!` the judge decides; if so, its identifiers are
    /// taken as `branching`.
    fn asks(&mut self, body: &syn::Block) -> bool {
        let tokens = quote::ToTokens::to_token_stream(body);
        let asks = asks_judge(tokens.clone(), self.alike);
        if asks {
            identifiers(tokens, self.branching);
        }
        asks
    }
}

/// Whether the predicate of every `#[cfg]` of `attrs` (none: true) is `holds`.
fn every_cfg(attrs: &[syn::Attribute], holds: impl Fn(&proc_macro2::TokenStream) -> bool) -> bool {
    attrs.iter().all(|a| {
        !a.path().is_ident("cfg") || a.meta.require_list().is_ok_and(|list| holds(&list.tokens))
    })
}

/// Whether every `#[cfg]` of `attrs` is known true on this machine, whose targets `here`
/// holds (`None`: unknown).
fn compiled_here(attrs: &[syn::Attribute], here: Option<&Cfg>) -> bool {
    here.is_some_and(|cfg| every_cfg(attrs, |p| cfg.predicate(p).1 == Truth::True))
}

/// Whether `attrs` hold no `#[cfg]` the judge may decide otherwise: what they gate is
/// compiled here as on the judge.
pub(super) fn compiled_alike(attrs: &[syn::Attribute], alike: Alike) -> bool {
    every_cfg(attrs, |p| is_alike(p, alike))
}

/// Whether a cfg predicate is the same here as on the judge: known on every judge, or made
/// only of cfgs [`Alike`] says are.
fn is_alike(predicate: &proc_macro2::TokenStream, alike: Alike) -> bool {
    use proc_macro2::TokenTree;
    if decided(predicate).is_some() {
        return true;
    }
    let tokens: Vec<TokenTree> = predicate.clone().into_iter().collect();
    match &tokens[..] {
        [TokenTree::Ident(id), TokenTree::Punct(eq), TokenTree::Literal(_)] => {
            eq.as_char() == '=' && id == "target_feature" && alike.target_features
        }
        [TokenTree::Ident(op), TokenTree::Group(args)]
            if op == "all" || op == "any" || op == "not" =>
        {
            split_commas(args.stream())
                .iter()
                .all(|p| is_alike(p, alike))
        }
        _ => false,
    }
}

/// Whether `tokens` hold a `cfg!(..)` the judge may decide otherwise: the code that branches
/// on it may run there and not here.
fn asks_judge(tokens: proc_macro2::TokenStream, alike: Alike) -> bool {
    let tokens: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
    tokens.iter().enumerate().any(|(i, t)| match t {
        proc_macro2::TokenTree::Ident(id) if id == "cfg" => matches!(
            (tokens.get(i + 1), tokens.get(i + 2)),
            (Some(proc_macro2::TokenTree::Punct(bang)), Some(proc_macro2::TokenTree::Group(p)))
                if bang.as_char() == '!' && !is_alike(&p.stream(), alike)
        ),
        proc_macro2::TokenTree::Group(g) => asks_judge(g.stream(), alike),
        _ => false,
    })
}

/// Whether `attrs` hold a `#[cfg]` false on every judge (an item a macro writes for the
/// crate's tests).
pub(super) fn compiled_out(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.meta
                .require_list()
                .is_ok_and(|list| decided(&list.tokens) == Some(false))
    })
}

/// The cfgs no judge sets: `test` (no judge builds a crate's tests) and those of tools no
/// judge runs.
const NEVER_SET: [&str; 6] = ["test", "miri", "doc", "doctest", "clippy", "rustfmt"];

/// What a cfg predicate is on every judge, when that is known without the judge: `all()`
/// is true, `any()` false, and each of [`NEVER_SET`] false. Code under a predicate known
/// either way is compiled here as there, or nowhere.
fn decided(predicate: &proc_macro2::TokenStream) -> Option<bool> {
    let tokens: Vec<proc_macro2::TokenTree> = predicate.clone().into_iter().collect();
    match &tokens[..] {
        [proc_macro2::TokenTree::Ident(id)] if NEVER_SET.iter().any(|n| id == n) => Some(false),
        [proc_macro2::TokenTree::Ident(op), proc_macro2::TokenTree::Group(args)] => {
            let parts: Vec<Option<bool>> =
                split_commas(args.stream()).iter().map(decided).collect();
            match op.to_string().as_str() {
                "all" if parts.contains(&Some(false)) => Some(false),
                "all" if parts.iter().all(|p| *p == Some(true)) => Some(true),
                "any" if parts.contains(&Some(true)) => Some(true),
                "any" if parts.iter().all(|p| *p == Some(false)) => Some(false),
                "not" if parts.len() == 1 => parts[0].map(|p| !p),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The comma-separated parts of a token stream.
fn split_commas(tokens: proc_macro2::TokenStream) -> Vec<proc_macro2::TokenStream> {
    let mut parts = vec![proc_macro2::TokenStream::new()];
    for token in tokens {
        match &token {
            proc_macro2::TokenTree::Punct(p) if p.as_char() == ',' => {
                parts.push(proc_macro2::TokenStream::new());
            }
            _ => parts
                .last_mut()
                .into_iter()
                .for_each(|part| part.extend([token.clone()])),
        }
    }
    parts.retain(|p| !p.is_empty());
    parts
}

/// In a macro's unparsed tokens: the identifiers of what follows each `#[cfg(..)]` only the
/// judge decides, up to the end of the item or statement it gates (its first `{..}` or `;`).
fn gated_in_tokens(tokens: proc_macro2::TokenStream, out: &mut HashSet<String>, alike: Alike) {
    let tokens: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        if let Some(predicate) = cfg_at(&tokens, i) {
            i += 2;
            if is_alike(&predicate, alike) {
                continue;
            }
            let end = gated_end(&tokens, i);
            for token in &tokens[i..end] {
                identifiers(token.clone().into(), out);
            }
            i = end;
            continue;
        }
        if let proc_macro2::TokenTree::Group(g) = &tokens[i] {
            gated_in_tokens(g.stream(), out, alike);
        }
        i += 1;
    }
}

/// Where what a `#[cfg]` gates, starting at `tokens[from]`, ends: after its first `{..}` or
/// `;`.
fn gated_end(tokens: &[proc_macro2::TokenTree], from: usize) -> usize {
    let ends = |token: &proc_macro2::TokenTree| match token {
        proc_macro2::TokenTree::Group(g) => g.delimiter() == proc_macro2::Delimiter::Brace,
        proc_macro2::TokenTree::Punct(p) => p.as_char() == ';',
        _ => false,
    };
    tokens[from..]
        .iter()
        .position(ends)
        .map_or(tokens.len(), |at| from + at + 1)
}

/// How many tokens from `tokens[i]` on are a `#[cfg(..)]` false on every judge (`any()`,
/// as the engine writes one it decided) and what it gates; 0 when none starts there.
pub(super) fn compiled_out_at(tokens: &[proc_macro2::TokenTree], i: usize) -> usize {
    match cfg_at(tokens, i) {
        Some(predicate) if decided(&predicate) == Some(false) => gated_end(tokens, i + 2) - i,
        _ => 0,
    }
}

/// The predicate of `#[cfg(..)]` starting at `tokens[i]`.
fn cfg_at(tokens: &[proc_macro2::TokenTree], i: usize) -> Option<proc_macro2::TokenStream> {
    let (proc_macro2::TokenTree::Punct(hash), Some(proc_macro2::TokenTree::Group(attr))) =
        (&tokens[i], tokens.get(i + 1))
    else {
        return None;
    };
    if hash.as_char() != '#' || attr.delimiter() != proc_macro2::Delimiter::Bracket {
        return None;
    }
    let inner: Vec<proc_macro2::TokenTree> = attr.stream().into_iter().collect();
    match &inner[..] {
        [proc_macro2::TokenTree::Ident(cfg), proc_macro2::TokenTree::Group(p)] if cfg == "cfg" => {
            Some(p.stream())
        }
        _ => None,
    }
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

    /// A function whose body branches on a `cfg!` the judge decides: all it names may run
    /// there (read once per function: blocks nest).
    fn visit_item_fn(&mut self, node: &'ast syn::ItemFn) {
        self.asks(&node.block);
        syn::visit::visit_item_fn(self, node);
    }

    fn visit_impl_item_fn(&mut self, node: &'ast syn::ImplItemFn) {
        self.asks(&node.block);
        syn::visit::visit_impl_item_fn(self, node);
    }

    fn visit_trait_item_fn(&mut self, node: &'ast syn::TraitItemFn) {
        if let Some(body) = &node.default {
            self.asks(body);
        }
        syn::visit::visit_trait_item_fn(self, node);
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

    /// A macro's tokens are not parsed: what follows a `#[cfg]` in them is read off the
    /// tokens.
    fn visit_macro(&mut self, node: &'ast syn::Macro) {
        gated_in_tokens(node.tokens.clone(), self.names, self.alike);
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

#[cfg(test)]
mod tests {
    use super::{Alike, GatedNames, Places};
    use std::collections::HashSet;

    #[test]
    fn gated_code_keeps_names_only_in_the_crates_it_may_reach() {
        // `sys` is Linux-only code beside the judge's Windows code; `rng` names `sys`,
        // `app` names `rng` through a macro's `$crate`; `lone` names nobody.
        let text = "fn main() { #[cfg(windows)] solve(); }\n\
            mod sys { #[cfg(unix)] pub fn read() { write(); } pub fn write() {} }\n\
            mod rng { pub fn seed() { crate::sys::write(); } #[cfg(windows)] fn wide() { fill(); } pub fn fill() {} }\n\
            mod app { macro_rules! m { () => { $crate::rng::seed() } } #[cfg(target_os = \"linux\")] fn run() { sample(); } }\n\
            mod lone { #[cfg(unix)] fn f() { read(); fill(); sample(); solve(); } pub fn read() {} pub fn sample() {} }\n";
        let file = syn::parse_file(text).unwrap();
        let places = Places::of(text);
        let crate_range = |name: &str| {
            let start = text.find(&format!("mod {name} ")).unwrap();
            start..start + text[start..].find('\n').unwrap()
        };
        let crates: Vec<_> = ["sys", "rng", "app", "lone"].map(crate_range).to_vec();
        let mut branching = HashSet::new();
        let gated = GatedNames::of(&file, &crates, &places, Alike::default(), &mut branching);
        let kept = |krate: usize, name: &str| gated.at(crates[krate].start + 4).contains(name);
        let table: [(usize, &str, bool); 12] = [
            // sys: its own gated code, and that of rng and app, which reach it.
            (0, "write", true),
            (0, "fill", true),
            (0, "sample", true),
            (0, "solve", true),
            // rng: its own and app's, not sys's (sys names no crate) nor lone's.
            (1, "fill", true),
            (1, "sample", true),
            (1, "write", false),
            (1, "read", false),
            // lone: what the solution's gated code names, and its own.
            (3, "solve", true),
            (3, "sample", true),
            (3, "wide", false),
            (3, "run", false),
        ];
        for (krate, name, expected) in table {
            assert_eq!(kept(krate, name), expected, "{name} in crate {krate}");
        }
        // Outside every crate's text: all of them.
        assert!(gated.at(0).contains("read") && gated.at(0).contains("wide"));

        // On a Linux machine, code under `unix` or `target_os = "linux"` is compiled by the
        // checks: rustc sees what it uses, and no name of it is kept.
        let alike = Alike {
            here: Some(crate::profile::LINUX_X86_64),
            ..Alike::default()
        };
        let gated = GatedNames::of(&file, &crates, &places, alike, &mut branching);
        for (name, kept) in [
            ("write", false),
            ("run", false),
            ("sample", false),
            ("wide", true),
            ("solve", true),
        ] {
            assert_eq!(gated.all.contains(name), kept, "{name} on Linux");
        }
    }
}
