//! Bodies of functions that never run. A function kept for type-checking (a trait impl's
//! method a bound needs, a method of a type the solution builds) may never be called; its
//! body, and everything only that body names, can go. Which bodies run is read from the
//! code rustc generates for `main`: each candidate body gets a marker, a nested function it
//! calls first, and a marker's symbol in the object file shows that its body was generated.
//! Matching symbols to functions by name would miss aliases, blanket impls and macro-made
//! types; a marker's name cannot be mistaken.
//!
//! That build is unoptimized and so has debug assertions on: what only a `debug_assert!`
//! runs keeps its body, and the bundle runs as a contestant debugs it too.
//!
//! A body that never ran becomes a panic: if it did run after all, the program fails loudly
//! rather than doing something else. Never replaced: a `const fn` (run by the compiler,
//! leaving no code), an `async fn` or one returning `impl Trait` (the panic would not type),
//! a body with inner attributes, and a function under a `#[cfg]` the judge decides, or named
//! by code under one (the judge may compile and run what is compiled out here).

use super::edits::Places;
use super::gated::{compiled_alike, Alike};
use super::index::{Cut, STUB};
use crate::bundle::{Bundle, Origin};
use std::collections::HashSet;
use std::ops::Range;
use syn::spanned::Spanned;

/// The marker function of body `n`: a name no crate writes.
const MARKER: &str = "__grundy_ran_";

/// The bodies of the bundled crates' functions that could become [`STUB`].
pub(super) struct Bodies {
    /// Each body's braces, and its function's name.
    bodies: Vec<(Range<usize>, String)>,
}

impl Bodies {
    pub(super) fn of(bundle: &Bundle, alike: Alike) -> Option<Bodies> {
        let file = syn::parse_file(&bundle.text).ok()?;
        let mut finder = Finder {
            alike,
            places: Places::of(&bundle.text),
            bundle,
            bodies: Vec::new(),
        };
        finder.items(&file.items);
        finder.bodies.sort_by_key(|(range, _)| range.start);
        Some(Bodies {
            bodies: finder.bodies,
        })
    }

    /// The bundle's text with each body's marker: `fn __grundy_ran_7(){}__grundy_ran_7();`
    /// after its opening brace.
    pub(super) fn marked(&self, text: &str) -> String {
        let mut marked = String::with_capacity(text.len() + self.bodies.len() * 40);
        let mut from = 0;
        for (n, (range, _)) in self.bodies.iter().enumerate() {
            let open = range.start + 1;
            marked.push_str(&text[from..open]);
            marked.push_str(&format!("fn {MARKER}{n}(){{}}{MARKER}{n}();"));
            from = open;
        }
        marked.push_str(&text[from..]);
        marked
    }

    /// The bodies whose markers are not among `functions` (the marked text's generated
    /// functions, demangled), as cuts that replace them with [`STUB`], but those of functions
    /// whose names are `judged` (code under a cfg the judge decides names them).
    pub(super) fn never_run(
        &self,
        functions: &[String],
        judged: &dyn Fn(&str, usize) -> bool,
    ) -> Vec<Cut> {
        let ran: HashSet<usize> = functions
            .iter()
            .filter_map(|f| f.rsplit("::").next()?.strip_prefix(MARKER)?.parse().ok())
            .collect();
        self.bodies
            .iter()
            .enumerate()
            .filter(|(n, (range, name))| !ran.contains(n) && !judged(name, range.start))
            .map(|(_, (range, name))| Cut::stub(name, range.clone()))
            .collect()
    }
}

/// Walks the bundled crates' items for bodies, outside anything under a `#[cfg]`.
struct Finder<'b> {
    alike: Alike,
    places: Places<'b>,
    bundle: &'b Bundle,
    bodies: Vec<(Range<usize>, String)>,
}

impl Finder<'_> {
    fn items(&mut self, items: &[syn::Item]) {
        for item in items {
            if !compiled_alike(crate::bundle::source::item_attrs(item), self.alike) {
                continue;
            }
            match item {
                syn::Item::Mod(m) => {
                    if let Some((_, items)) = &m.content {
                        self.items(items);
                    }
                }
                syn::Item::Fn(f) => self.body(&f.attrs, &f.sig, &f.block),
                syn::Item::Impl(imp) => {
                    for member in &imp.items {
                        if let syn::ImplItem::Fn(f) = member {
                            self.body(&f.attrs, &f.sig, &f.block);
                        }
                    }
                }
                syn::Item::Trait(t) => {
                    for member in &t.items {
                        if let syn::TraitItem::Fn(syn::TraitItemFn {
                            attrs,
                            sig,
                            default: Some(block),
                            ..
                        }) = member
                        {
                            self.body(attrs, sig, block);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn body(&mut self, attrs: &[syn::Attribute], sig: &syn::Signature, block: &syn::Block) {
        let range = self.places.range(block.span());
        let returns_impl = match &sig.output {
            syn::ReturnType::Type(_, ty) => quote::ToTokens::to_token_stream(ty)
                .into_iter()
                .any(|t| matches!(&t, proc_macro2::TokenTree::Ident(i) if i == "impl")),
            syn::ReturnType::Default => false,
        };
        let eligible =
            matches!(self.bundle.origin(range.start), Origin::Library(_))
                && sig.constness.is_none()
                && sig.asyncness.is_none()
                && !returns_impl
                && compiled_alike(attrs, self.alike)
                && attrs.iter().all(|a| {
                    matches!(a.style, syn::AttrStyle::Outer) && !a.path().is_ident("naked")
                })
                && self.bundle.text.get(range.clone()).is_some_and(|t| {
                    t.starts_with('{') && t.ends_with('}') && t.len() > STUB.len()
                });
        if eligible {
            self.bodies.push((range, sig.ident.to_string()));
        }
    }
}
