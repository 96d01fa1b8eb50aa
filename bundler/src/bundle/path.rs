//! A path as written, in code, in a `use` tree or in a macro's tokens, and the namespace it is
//! looked up in.

use proc_macro2::Span;
use std::collections::BTreeSet;
use std::rc::Rc;

/// Rust's namespaces: what a path's last segment is looked up in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ns {
    /// Types, traits, modules, crates.
    Type,
    /// Functions, constants, statics, tuple and unit structs and variants.
    Value,
    Macro,
}

/// A path as written: `a::b::C`, a `use` leaf (`use a::{b, c as d, e::*}` has three), or a
/// sequence `a :: b` inside a macro's tokens.
#[derive(Debug, Clone)]
pub struct PathRef {
    /// `crate`, `self`, `super` and `$crate` are segments too; generic arguments are not.
    pub segments: Vec<String>,
    /// The span of a leading `::`, if the path starts with one.
    pub leading_colon: Option<Span>,
    /// The span of each segment (for a glob, the last is the `*`).
    pub spans: Vec<Span>,
    pub kind: PathKind,
    /// The namespace its position asks for; `None` when it may be any (a `use` leaf, a path
    /// in a macro's tokens).
    pub ns: Option<Ns>,
}

/// What a path names, by where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathKind {
    /// A path in code or in a macro's tokens: what its segments name.
    Code,
    /// The path of a macro call, `name!(..)`: the macro. With the identifiers in the call's
    /// arguments when they hold no `$` (so not a call written in another macro's body): the
    /// names the macro's `prefix::$name` paths may be given.
    MacroCall {
        arguments: Option<Rc<BTreeSet<String>>>,
    },
    /// A `use` leaf naming one thing, and the name it binds in its module (`None` for
    /// `as _`, and for a `use` path in a macro's tokens, whose bindings are not followed).
    Use { binding: Option<String> },
    /// A glob import, `use a::*`: the segments name what is globbed.
    Glob,
    /// `prefix::$name` in a macro's tokens: a name the macro is handed, one of those
    /// `prefix` holds.
    Handed,
}

impl PathRef {
    /// A path of `kind` with these segments and their spans.
    pub fn new(segments: Vec<String>, spans: Vec<Span>, kind: PathKind, ns: Option<Ns>) -> PathRef {
        PathRef {
            segments,
            leading_colon: None,
            spans,
            kind,
            ns,
        }
    }

    /// The span of the first segment (`use self as x;` has none: the call site's).
    pub fn root(&self) -> Span {
        self.spans.first().copied().unwrap_or_else(Span::call_site)
    }

    /// A `use` leaf, a glob one too.
    pub fn is_use(&self) -> bool {
        matches!(self.kind, PathKind::Use { .. } | PathKind::Glob)
    }

    pub fn is_glob(&self) -> bool {
        self.kind == PathKind::Glob
    }

    pub fn is_handed(&self) -> bool {
        self.kind == PathKind::Handed
    }

    /// Whether it starts with a macro variable (`$module::Item` in a macro's tokens): a name
    /// the macro is handed, its first segment (`$module`).
    pub fn starts_with_variable(&self) -> bool {
        super::tokens::is_variable(&self.segments[0])
    }

    /// A glob or a handed `$name`: the segments name a module, and what it holds is meant.
    pub fn names_contents(&self) -> bool {
        matches!(self.kind, PathKind::Glob | PathKind::Handed)
    }

    pub fn is_macro_call(&self) -> bool {
        matches!(self.kind, PathKind::MacroCall { .. })
    }

    /// For a `use` leaf, the name it binds in its module (`None` for globs and `as _`).
    pub fn binding(&self) -> Option<&String> {
        match &self.kind {
            PathKind::Use { binding } => binding.as_ref(),
            _ => None,
        }
    }
}
