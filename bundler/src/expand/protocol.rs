//! The server's messages in its default format, `json-legacy`: one JSON object a line each
//! way, an enum's variant as its only key (serde's default), as rust-analyzer's
//! `crates/proc-macro-api/src/legacy_protocol/msg.rs` defines them.
//!
//! Versions, as each server answers `ApiVersionCheck` (rust-analyzer's `version` constants):
//! 5 (`EXTENDED_LEAF_DATA`, rust-analyzer e846c04fbe, 2024-07-07: a literal's kind and suffix
//! and an identifier's rawness apart from its text) is what toolchains 1.85 to 1.88 answer; 6
//! (`HASHED_AST_ID`, 4bcf03e28b, 2025-05-21) what 1.89 to 1.95 and the nightlies of 2026
//! answer. Version 6 changed only the spans of rust-analyzer's own span mode, which we never
//! ask for (`SetConfig`): in the default mode, where spans are plain numbers, both versions'
//! messages and trees are the same. Earlier versions write literals and raw identifiers as
//! whole text; a later one may change anything, so both are refused.

use super::flat::{FlatTree, CALL_SITE, DEF_SITE, MIXED_SITE};
use super::MacroKind;
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;

/// The protocol versions this client speaks.
pub const SUPPORTED_VERSIONS: RangeInclusive<u32> = 5..=6;

#[derive(Serialize)]
pub(crate) enum Request<'a> {
    /// Understood by every server since version 1, so asked first.
    ApiVersionCheck {},
    ListMacros {
        dylib_path: &'a str,
    },
    ExpandMacro(Box<ExpandMacro<'a>>),
}

/// One macro call. rust-analyzer's struct nests the last five fields in a flattened
/// struct: on the wire they are this object's own.
#[derive(Serialize)]
pub(crate) struct ExpandMacro<'a> {
    pub lib: &'a str,
    pub env: &'a [(String, String)],
    pub current_dir: Option<&'a str>,
    pub macro_body: FlatTree,
    pub macro_name: &'a str,
    pub attributes: Option<FlatTree>,
    pub has_global_spans: GlobalSpans,
}

/// The span numbers the server answers `Span::def_site()` and the others with.
#[derive(Serialize)]
pub(crate) struct GlobalSpans {
    def_site: u32,
    call_site: u32,
    mixed_site: u32,
}

impl Default for GlobalSpans {
    fn default() -> GlobalSpans {
        GlobalSpans {
            def_site: DEF_SITE,
            call_site: CALL_SITE,
            mixed_site: MIXED_SITE,
        }
    }
}

/// The answers to our requests. Any other (`SetConfig`, `ExpandMacroExtended`) fails to
/// parse, which is right: we never ask for them.
#[derive(Deserialize)]
pub(crate) enum Response {
    ApiVersionCheck(u32),
    ListMacros(Result<Vec<(String, WireKind)>, String>),
    /// The error is the macro's panic message.
    ExpandMacro(Result<FlatTree, String>),
}

#[derive(Deserialize, Clone, Copy)]
pub(crate) enum WireKind {
    CustomDerive,
    Attr,
    /// Servers write `FuncLike`; rust-analyzer reads `Bang` too.
    #[serde(alias = "Bang")]
    FuncLike,
}

impl From<WireKind> for MacroKind {
    fn from(kind: WireKind) -> MacroKind {
        match kind {
            WireKind::CustomDerive => MacroKind::Derive,
            WireKind::Attr => MacroKind::Attribute,
            WireKind::FuncLike => MacroKind::FunctionLike,
        }
    }
}
