//! Expanding procedural macros on stable Rust, through the proc-macro server the toolchain
//! itself ships (`<sysroot>/libexec/rust-analyzer-proc-macro-srv`, part of rustup's `rustc`
//! component): it loads a compiled proc-macro library and runs its macros on token trees we
//! send over its standard input, one JSON line per request and per answer (its default
//! format, the only one the servers of older toolchains have).
//!
//! - [`build`](mod@build): Cargo builds the proc-macro crates, and tells which toolchain (so which
//!   server) it used;
//! - [`server`]: finds, starts and speaks to the server;
//! - `protocol` and `flat`: its messages, and its token trees beside `proc_macro2`'s.
//!
//! The server's protocol is rust-analyzer's, and has no stability promise: each toolchain's
//! server answers a version number, and we speak only the versions whose encoding we know
//! ([`SUPPORTED_VERSIONS`]); any other is an [`ExpandError::UnsupportedVersion`] before any
//! macro runs, never a guess.
//!
//! Hygiene: each request gives the server three distinct spans for `Span::def_site()`,
//! `Span::call_site()` and `Span::mixed_site()`, and every input token a span of its own, so
//! each identifier of the output tells which it was made with ([`Hygiene`]). One limit comes
//! from the server: a span a macro builds with `resolved_at`/`located_at` comes back as the
//! call site, so `Span::mixed_site().located_at(s)` reads as [`Hygiene::CallSite`].
//!
//! Invisible groups: the servers of toolchains up to 1.85 drop `None`-delimited groups
//! wherever a macro joins streams ([`Server::keeps_invisible_groups`]); an input holding one
//! is refused there ([`ExpandError::InvisibleGroups`]), and one a macro makes itself may come
//! back without its group.
//!
//! A macro that never returns blocks its call, as it would block rustc.

pub mod build;
mod error;
mod flat;
mod protocol;
pub mod server;

pub use error::ExpandError;
pub use protocol::SUPPORTED_VERSIONS;
pub use server::{MacroCall, ProcessTransport, Server, Transport};

use proc_macro2::{Group, Ident, TokenStream, TokenTree};
use std::fmt;

/// The three kinds of procedural macro.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MacroKind {
    /// `#[proc_macro_attribute]`: `#[name(attr)] item`.
    Attribute,
    /// `#[proc_macro_derive(Name)]`: `#[derive(Name)] item`, by the derived trait's name.
    Derive,
    /// `#[proc_macro]`: `name!(input)`.
    FunctionLike,
}

impl fmt::Display for MacroKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MacroKind::Attribute => "attribute macro",
            MacroKind::Derive => "derive macro",
            MacroKind::FunctionLike => "function-like macro",
        })
    }
}

/// Where an identifier of an expansion resolves, as rustc's hygiene would decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hygiene {
    /// A token of the call's input (or attribute): it resolves where the caller wrote it.
    Input,
    /// Made at `Span::call_site()`: as if the caller had written it (no hygiene).
    CallSite,
    /// Made at `Span::mixed_site()`: local variables, labels and `$crate` resolve at the
    /// macro's definition, so they cannot clash with the caller's; other names at the call.
    MixedSite,
    /// Made at `Span::def_site()` (unstable): every name resolves at the definition.
    DefSite,
}

/// What a macro call expanded to.
///
/// Every output token that came from the input keeps that input token's span (so its line
/// and column); every token the macro made is at `Span::call_site()`. The hygiene of each
/// identifier is kept beside the tokens, in the order a depth-first walk meets identifiers
/// (the order they are written in), because `proc_macro2`'s spans cannot carry it.
#[derive(Debug, Clone)]
pub struct Expansion {
    tokens: TokenStream,
    hygiene: Vec<Hygiene>,
}

impl Expansion {
    pub fn tokens(&self) -> &TokenStream {
        &self.tokens
    }

    pub fn into_tokens(self) -> TokenStream {
        self.tokens
    }

    /// The hygiene of each identifier of [`tokens`](Self::tokens), in written order.
    pub fn hygiene(&self) -> &[Hygiene] {
        &self.hygiene
    }

    /// The tokens with each identifier replaced by `rename(identifier, its hygiene)`: how
    /// mixed-site locals and labels get names of their own.
    pub fn map_idents(&self, mut rename: impl FnMut(&Ident, Hygiene) -> Ident) -> TokenStream {
        let mut hygiene = self.hygiene.iter().copied();
        map_stream(&self.tokens, &mut hygiene, &mut rename)
    }
}

fn map_stream(
    stream: &TokenStream,
    hygiene: &mut impl Iterator<Item = Hygiene>,
    rename: &mut impl FnMut(&Ident, Hygiene) -> Ident,
) -> TokenStream {
    stream
        .clone()
        .into_iter()
        .map(|token| match token {
            TokenTree::Ident(ident) => {
                // Always as long as the tokens: both are made together and never changed.
                let of = hygiene.next().unwrap_or(Hygiene::CallSite);
                TokenTree::Ident(rename(&ident, of))
            }
            TokenTree::Group(group) => {
                let mut mapped = Group::new(
                    group.delimiter(),
                    map_stream(&group.stream(), hygiene, rename),
                );
                mapped.set_span(group.span());
                TokenTree::Group(mapped)
            }
            other => other,
        })
        .collect()
}
