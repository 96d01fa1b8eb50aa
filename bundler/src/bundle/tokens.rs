//! Reading token streams: macro bodies and arguments are not parsed, only read as tokens, for
//! the paths they hold, the `mod` items and `use` trees they declare, and the names they
//! write. What reach takes a macro's tokens to name and what emit rewrites in them are both
//! [`Level::read`]'s paths: one set of rules, so the two agree.

use proc_macro2::{Delimiter, Group, Ident, Spacing, Span, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use syn::ext::IdentExt;

/// Whether `token` is the punctuation character `c` (`:` of a `::`, `!` of a macro call).
pub fn is_punct(token: Option<&TokenTree>, c: char) -> bool {
    matches!(token, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

/// Whether `tokens[i]` and `tokens[i + 1]` are a `::` (a `:` joined to the next).
pub fn is_colons(tokens: &[TokenTree], i: usize) -> bool {
    matches!((tokens.get(i), tokens.get(i + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && b.as_char() == ':' && a.spacing() == Spacing::Joint)
}

/// Whether `tokens` end with `=>` or `->`, written as `=` or `-` joined to `>`.
pub fn ends_arrow(tokens: &[TokenTree]) -> bool {
    matches!(tokens, [.., TokenTree::Punct(a), TokenTree::Punct(b)]
        if matches!(a.as_char(), '=' | '-') && a.spacing() == Spacing::Joint && b.as_char() == '>')
}

/// Whether `tokens` end where a type is referred to: `&`, `&mut`, `&'a`, `&'a mut`, or
/// `Box<`.
pub fn ends_before_pointee(tokens: &[TokenTree]) -> bool {
    let punct = |t: &TokenTree, c: char| matches!(t, TokenTree::Punct(p) if p.as_char() == c);
    let ident = |t: &TokenTree, name: &str| matches!(t, TokenTree::Ident(id) if id == name);
    let lifetime = |t: &[TokenTree]| matches!(t, [TokenTree::Punct(q), TokenTree::Ident(_)] if q.as_char() == '\'');
    let n = tokens.len();
    let before_mut = if n > 0 && ident(&tokens[n - 1], "mut") {
        n - 1
    } else {
        n
    };
    let before_lifetime = if before_mut >= 2 && lifetime(&tokens[before_mut - 2..before_mut]) {
        before_mut - 2
    } else {
        before_mut
    };
    (before_lifetime > 0 && punct(&tokens[before_lifetime - 1], '&'))
        || (n >= 2 && ident(&tokens[n - 2], "Box") && punct(&tokens[n - 1], '<'))
}

/// Whether the identifier at `tokens[i]` is a segment of a path (`backlib::Step`) or a
/// macro's name (`m!`): it names something elsewhere, not a lone value or a new item.
pub fn in_path_or_macro_name(tokens: &[TokenTree], i: usize) -> bool {
    let next = tokens.get(i + 1);
    is_punct(next, ':') || is_punct(next, '!') || i > 0 && is_punct(tokens.get(i - 1), ':')
}

/// Keywords, which never start a path (but `self::`, `super::`, `crate::`, `Self::` do, when
/// followed by `::`). `union`, `default`, `macro_rules` are names elsewhere.
pub fn is_keyword(id: &Ident) -> bool {
    const KEYWORDS: [&str; 40] = [
        "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum",
        "extern", "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move",
        "mut", "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait",
        "true", "type", "unsafe", "use", "where", "while", "yield", "_",
    ];
    KEYWORDS.iter().any(|k| id == k)
}

/// The keywords a path may start with: `self::`, `super::`, `crate::`, `Self::`.
pub fn is_path_keyword(id: &Ident) -> bool {
    ["self", "super", "crate", "Self"].iter().any(|k| id == k)
}

/// Whether `name` is an attribute rustc itself defines (`derive` is not counted: its
/// arguments are macros).
pub fn is_builtin_attribute(name: &str) -> bool {
    const BUILTIN: [&str; 28] = [
        "allow",
        "automatically_derived",
        "cfg",
        "cfg_attr",
        "cold",
        "deny",
        "deprecated",
        "diagnostic",
        "doc",
        "expect",
        "export_name",
        "forbid",
        "ignore",
        "inline",
        "link",
        "link_name",
        "link_section",
        "macro_export",
        "macro_use",
        "must_use",
        "no_mangle",
        "non_exhaustive",
        "path",
        "repr",
        "target_feature",
        "test",
        "track_caller",
        "warn",
    ];
    BUILTIN.contains(&name)
}

/// How many tokens after a `#` an attribute rustc itself defines takes, `[name ..]` or
/// `![name ..]`: it names nothing a library holds.
fn builtin_attribute(tokens: &[TokenTree]) -> Option<usize> {
    let (group, len) = match tokens {
        [TokenTree::Punct(bang), TokenTree::Group(g), ..] if bang.as_char() == '!' => (g, 2),
        [TokenTree::Group(g), ..] => (g, 1),
        _ => return None,
    };
    let builtin = group.delimiter() == Delimiter::Bracket
        && matches!(group.stream().into_iter().next(),
            Some(TokenTree::Ident(name)) if is_builtin_attribute(&name.to_string()));
    builtin.then_some(len)
}

/// Whether `id` is a kind of fragment a `macro_rules!` matcher takes (`$x:ident`).
fn is_fragment_kind(id: &Ident) -> bool {
    const KINDS: [&str; 15] = [
        "block",
        "expr",
        "expr_2021",
        "ident",
        "item",
        "lifetime",
        "literal",
        "meta",
        "pat",
        "pat_param",
        "path",
        "stmt",
        "tt",
        "ty",
        "vis",
    ];
    KINDS.iter().any(|k| id == k)
}

/// A path in a token stream, at one level of it (a group's paths are that group's level's).
#[derive(Debug, Clone)]
pub struct TokenPath {
    /// Where it starts among the level's tokens: its leading `::`, the `$` of `$crate`, or its
    /// first identifier.
    pub start: usize,
    /// The token of its first segment (the `crate` of `$crate`).
    pub first: usize,
    /// Just past its last segment (a macro call's `!` and arguments are after it).
    pub end: usize,
    pub leading_colon: Option<Span>,
    /// `$crate` is one segment.
    pub segments: Vec<String>,
    pub spans: Vec<Span>,
    /// Its first segment is followed by `::`, whatever comes next (`a::b`, `a::<T>`,
    /// `a::{b, c}`).
    pub joined: bool,
    /// It ends in `::$name`: a name the macro is handed, one of those the path holds.
    pub handed: bool,
    /// The arguments of a macro call, `path!(..)`.
    pub call: Option<Group>,
    /// It follows a `.`: a field's or a method's name.
    pub after_dot: bool,
    /// It starts a `use` tree: after `use`, or first in a group at a tree's start
    /// (`use {a, b}`) or after a comma there.
    pub use_start: bool,
    /// It goes on the path of a `use` tree's group that continues one (`b` in `use a::{b,
    /// c}`): first in that group or after a comma there.
    pub use_continued: bool,
}

impl TokenPath {
    /// Whether it starts with a macro variable (`$module::Item`), its first segment.
    pub fn starts_with_variable(&self) -> bool {
        is_variable(&self.segments[0])
    }

    /// `inner`, read in the group that goes on this path (`use a::{b, c}`), with this path
    /// before it: the `use` path it stands for.
    fn continued_by(&self, inner: &TokenPath) -> TokenPath {
        TokenPath {
            segments: self
                .segments
                .iter()
                .chain(&inner.segments)
                .cloned()
                .collect(),
            spans: self.spans.iter().chain(&inner.spans).copied().collect(),
            leading_colon: self.leading_colon,
            joined: true,
            use_start: self.use_start,
            use_continued: self.use_continued,
            ..inner.clone()
        }
    }
}

/// What a brace group of a `use` tree is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UseGroup {
    /// At a tree's start (`use {a, b::c}`): its paths start trees.
    Start,
    /// After a path's `::` (`use a::{b, c}`): its paths go on that path.
    Continued,
}

/// One level of a token stream: its paths, and how to read each of its groups.
#[derive(Debug, Default)]
pub struct Level {
    /// In order.
    pub paths: Vec<TokenPath>,
    /// The groups of attributes rustc defines (`#[repr(C)]`, `#[cfg(..)]`): no paths there.
    builtin_attributes: BTreeSet<usize>,
    /// The brace groups of `use` trees.
    use_groups: BTreeMap<usize, UseGroup>,
}

impl Level {
    /// The paths of `tokens`, one level of a stream; `group` when they are a `use` tree's
    /// group.
    ///
    /// A path is an optional `::` (or `$crate`), then identifiers joined by `::`. A `$name` is
    /// a macro variable, not a path, with its fragment kind (`$x:ident`); nor are keywords
    /// (but `self`, `super`, `crate` and `Self` before `::`), and built-in attributes with
    /// what they hold (`#[repr(C)]`, `#[cfg(feature = "x")]`: each name there would be
    /// looked up in every module that calls the macro, and a macro writing structs may be
    /// called in hundreds). A `::` goes on what comes before it when that is an identifier, a macro
    /// variable, a group or a `>` (`Vec<T>::new`, `<T>::f`), and starts a path elsewhere:
    /// after a keyword (`use ::ffi::c_void`), a single `:` (a field's `gr_gid: ::gid_t`), an
    /// arrow (`1 => ::typenum::U1`). A path may start with a macro variable (`$m::Item`),
    /// not end with one (`$v::$name` is no path).
    pub fn read(tokens: &[TokenTree], group: Option<UseGroup>) -> Level {
        let mut level = Level::default();
        let ident = |i: usize| match tokens.get(i) {
            Some(TokenTree::Ident(id)) => Some(id),
            _ => None,
        };
        let mut in_use = group.is_some();
        let mut i = 0;
        while i < tokens.len() {
            let before = &tokens[..i];
            let after_use = matches!(before.last(), Some(TokenTree::Ident(id)) if id == "use");
            let use_position = in_use
                && (after_use
                    || match before.last() {
                        None => true,
                        Some(TokenTree::Punct(p)) => p.as_char() == ',',
                        _ => false,
                    });
            let use_start = use_position && (after_use || group != Some(UseGroup::Continued));
            let use_continued = use_position && !use_start;
            let after_dot = is_punct(before.last(), '.');
            // Where the path's first segment is, and what comes before it.
            let (first, leading_colon, dollar_start) = match &tokens[i] {
                TokenTree::Punct(p) if p.as_char() == '#' => {
                    if let Some(len) = builtin_attribute(&tokens[i + 1..]) {
                        level.builtin_attributes.insert(i + len);
                        i += 1 + len;
                        continue;
                    }
                    (None, None, false)
                }
                TokenTree::Punct(p) if p.as_char() == '$' => match ident(i + 1) {
                    Some(id) if id == "crate" => (Some(i + 1), None, true),
                    Some(_)
                        if is_colons(tokens, i + 2)
                            && ident(i + 4).is_some()
                            && !continues_path(before) =>
                    {
                        (Some(i + 1), None, true)
                    }
                    Some(_) => {
                        // `$x:ident` in a matcher: the fragment kind goes with the variable.
                        // In an expansion, what follows `$x :` is code (`$name: $crate::T`).
                        let kind = is_punct(tokens.get(i + 2), ':')
                            && !is_colons(tokens, i + 2)
                            && ident(i + 3).is_some_and(is_fragment_kind);
                        i += if kind { 4 } else { 2 };
                        continue;
                    }
                    None => (None, None, false),
                },
                TokenTree::Punct(p) if p.as_char() == ';' => {
                    in_use = false;
                    (None, None, false)
                }
                TokenTree::Punct(p)
                    if is_colons(tokens, i) && ident(i + 2).is_some() && colons_start(before) =>
                {
                    (Some(i + 2), Some(p.span()), false)
                }
                TokenTree::Ident(id) if id == "use" && !continues_path(before) => {
                    in_use = true;
                    (None, None, false)
                }
                TokenTree::Ident(_) if !continues_path(before) => (Some(i), None, false),
                TokenTree::Group(g) => {
                    if in_use && g.delimiter() == Delimiter::Brace {
                        let kind = if use_start {
                            UseGroup::Start
                        } else {
                            UseGroup::Continued
                        };
                        level.use_groups.insert(i, kind);
                    }
                    (None, None, false)
                }
                _ => (None, None, false),
            };
            // Keywords start no path, but those a path starts with, before `::`.
            let first = first.and_then(|f| {
                let id = ident(f)?;
                let starts = dollar_start
                    || !is_keyword(id)
                    || is_path_keyword(id) && is_colons(tokens, f + 1);
                starts.then_some((f, id))
            });
            let Some((first, first_ident)) = first else {
                i += 1;
                continue;
            };
            let mut segments = vec![if dollar_start {
                format!("${first_ident}")
            } else {
                first_ident.to_string()
            }];
            let mut spans = vec![first_ident.span()];
            let joined = is_colons(tokens, first + 1);
            let mut j = first + 1;
            let mut handed = false;
            while is_colons(tokens, j) {
                match ident(j + 2) {
                    Some(id) => {
                        segments.push(id.to_string());
                        spans.push(id.span());
                        j += 3;
                    }
                    None => {
                        handed = is_punct(tokens.get(j + 2), '$') && ident(j + 3).is_some();
                        break;
                    }
                }
            }
            let call = match (tokens.get(j), tokens.get(j + 1)) {
                (Some(TokenTree::Punct(p)), Some(TokenTree::Group(g)))
                    if p.as_char() == '!' && g.delimiter() != Delimiter::None =>
                {
                    Some(g.clone())
                }
                _ => None,
            };
            level.paths.push(TokenPath {
                start: i,
                first,
                end: j,
                leading_colon,
                segments,
                spans,
                joined,
                handed,
                call,
                after_dot,
                use_start,
                use_continued,
            });
            i = j;
        }
        level
    }

    /// Whether the group at `i` holds an attribute rustc defines: no paths there.
    pub fn is_builtin_attribute(&self, i: usize) -> bool {
        self.builtin_attributes.contains(&i)
    }

    /// What the group at `i` is, if it is a `use` tree's.
    pub fn use_group(&self, i: usize) -> Option<UseGroup> {
        self.use_groups.get(&i).copied()
    }
}

/// Whether a path's segment, as [`Level::read`] writes it, is a macro variable (`$module`,
/// not `$crate`): a name the macro is handed.
pub fn is_variable(segment: &str) -> bool {
    segment.starts_with('$') && segment != "$crate"
}

/// Whether a token after `before` goes on a path rather than starting one: after `::`, or a
/// macro variable's `$`.
fn continues_path(before: &[TokenTree]) -> bool {
    is_colons(before, before.len().saturating_sub(2)) || is_punct(before.last(), '$')
}

/// Whether a `::` after `before` starts a path (see [`Level::read`]).
fn colons_start(before: &[TokenTree]) -> bool {
    match before.last() {
        None | Some(TokenTree::Literal(_)) => true,
        Some(TokenTree::Ident(id)) => is_keyword(id) && !is_path_keyword(id),
        Some(TokenTree::Group(_)) => false,
        Some(TokenTree::Punct(p)) => match p.as_char() {
            '.' | '$' => false,
            ':' => !continues_path(before),
            '>' => ends_arrow(before),
            _ => true,
        },
    }
}

/// Every path of `stream`, at every level but built-in attributes', in the order written; a
/// `use` path in a group that goes on another is written whole (`a::b` in `use a::{b, c}`).
pub fn paths(stream: TokenStream) -> Vec<TokenPath> {
    let mut out = Vec::new();
    collect_paths(stream, None, None, &mut out);
    out
}

/// [`paths`] of a level that is `group` of a `use` tree, going on `continued` if it does.
fn collect_paths(
    stream: TokenStream,
    group: Option<UseGroup>,
    continued: Option<&TokenPath>,
    out: &mut Vec<TokenPath>,
) {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let level = Level::read(&tokens, group);
    let whole: Vec<TokenPath> = level
        .paths
        .iter()
        .map(|path| match continued.filter(|_| path.use_continued) {
            Some(prefix) => prefix.continued_by(path),
            None => path.clone(),
        })
        .collect();
    let mut paths = whole.iter().peekable();
    for (i, token) in tokens.iter().enumerate() {
        out.extend(paths.next_if(|p| p.start == i).cloned());
        if let TokenTree::Group(g) = token {
            if !level.builtin_attributes.contains(&i) {
                let inner = level.use_group(i);
                // The group after `prefix::` goes on that path.
                let prefix = whole.iter().find(|p| p.end + 2 == i);
                let prefix = prefix.filter(|_| inner == Some(UseGroup::Continued));
                collect_paths(g.stream(), inner, prefix, out);
            }
        }
    }
}

/// Calls `visit(tokens, i)` for each token of `stream`, in the order written, with the
/// tokens of its level: a group's own tokens come right after the group.
pub fn each_token(stream: &TokenStream, visit: &mut impl FnMut(&[TokenTree], usize)) {
    let tokens: Vec<TokenTree> = stream.clone().into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        visit(&tokens, i);
        if let TokenTree::Group(g) = token {
            each_token(&g.stream(), visit);
        }
    }
}

/// Every identifier of `stream`, at any depth.
pub fn identifiers(stream: &TokenStream) -> Vec<Ident> {
    let mut out = Vec::new();
    each_token(stream, &mut |tokens, i| {
        if let TokenTree::Ident(id) = &tokens[i] {
            out.push(id.clone());
        }
    });
    out
}

/// Whether `stream` holds a `$` at any depth: it is a macro body's, or written in one.
pub fn has_dollar(stream: &TokenStream) -> bool {
    stream.clone().into_iter().any(|t| match t {
        TokenTree::Punct(p) => p.as_char() == '$',
        TokenTree::Group(g) => has_dollar(&g.stream()),
        _ => false,
    })
}

/// The identifiers of a macro call's arguments, raw ones as written without `r#`, or `None` if
/// they hold a `$` (a call written in a macro's body, whose arguments are known only where
/// that macro is called).
pub fn call_arguments(stream: &TokenStream) -> Option<BTreeSet<String>> {
    if has_dollar(stream) {
        return None;
    }
    Some(
        identifiers(stream)
            .iter()
            .map(|id| id.unraw().to_string())
            .collect(),
    )
}

/// Whether `stream` calls a macro through a metavariable: `$m ! (..)`.
pub fn calls_metavariable_macro(stream: &TokenStream) -> bool {
    let mut found = false;
    each_token(stream, &mut |tokens, i| {
        found |= is_punct(tokens.get(i), '$')
            && matches!(tokens.get(i + 1), Some(TokenTree::Ident(_)))
            && is_punct(tokens.get(i + 2), '!');
    });
    found
}

/// A `mod name;` among a level's tokens.
pub struct ModDeclaration {
    /// The `mod` keyword.
    pub keyword: Ident,
    /// Its name; `None` for a macro variable's (`mod $name;`).
    pub name: Option<Ident>,
    /// Where its tokens end (past the `;`).
    pub end: usize,
}

/// The `mod name;` (or `mod $name;`) that starts at `tokens[i]`, if one does.
pub fn mod_declaration(tokens: &[TokenTree], i: usize) -> Option<ModDeclaration> {
    let Some(TokenTree::Ident(keyword)) = tokens.get(i) else {
        return None;
    };
    if keyword != "mod" {
        return None;
    }
    let variable = usize::from(is_punct(tokens.get(i + 1), '$'));
    let Some(TokenTree::Ident(name)) = tokens.get(i + 1 + variable) else {
        return None;
    };
    is_punct(tokens.get(i + 2 + variable), ';').then(|| ModDeclaration {
        keyword: keyword.clone(),
        name: (variable == 0).then(|| name.clone()),
        end: i + 3 + variable,
    })
}

/// Where the attributes (`#[path = ".."]`) and the visibility (`pub`, `pub(crate)`) of the
/// item whose keyword is `tokens[i]` start.
pub fn item_start(tokens: &[TokenTree], i: usize) -> usize {
    let mut start = i;
    let group = |at: usize, delimiter: Delimiter| matches!(&tokens[at], TokenTree::Group(g) if g.delimiter() == delimiter);
    let word = |at: usize, w: &str| matches!(&tokens[at], TokenTree::Ident(id) if id == w);
    if start >= 2 && group(start - 1, Delimiter::Parenthesis) && word(start - 2, "pub") {
        start -= 2;
    } else if start >= 1 && word(start - 1, "pub") {
        start -= 1;
    }
    while start >= 2
        && group(start - 1, Delimiter::Bracket)
        && is_punct(Some(&tokens[start - 2]), '#')
    {
        start -= 2;
    }
    start
}

/// The identifiers of `stream` that a macro writing items may take as an item's name: not
/// the segments of paths, nor macro names.
pub fn lone_identifiers(stream: &TokenStream, out: &mut BTreeSet<String>) {
    each_token(stream, &mut |tokens, i| {
        if let TokenTree::Ident(id) = &tokens[i] {
            if !in_path_or_macro_name(tokens, i) {
                out.insert(id.to_string());
            }
        }
    });
}

/// The names that `stream` declares as items (`fn f`, `struct S`, `use a::b`, ...; `$` for a
/// name that is a metavariable), at any depth.
pub fn declared_names(stream: &TokenStream) -> BTreeSet<String> {
    const KEYWORDS: [&str; 9] = [
        "fn", "struct", "enum", "trait", "type", "const", "static", "mod", "union",
    ];
    let mut out = BTreeSet::new();
    each_token(stream, &mut |tokens, i| match &tokens[i] {
        TokenTree::Ident(k) if k == "use" => {
            let end = tokens[i + 1..]
                .iter()
                .position(|t| is_punct(Some(t), ';'))
                .map_or(tokens.len(), |e| i + 1 + e);
            use_bindings(&tokens[i + 1..end], &mut out);
        }
        TokenTree::Ident(k) if KEYWORDS.iter().any(|w| k == w) => {
            // `static ref NAME` (lazy_static!), `static mut NAME`.
            let skip = matches!(tokens.get(i + 1), Some(TokenTree::Ident(n)) if k == "static" && (n == "ref" || n == "mut"));
            match tokens.get(i + 1 + usize::from(skip)) {
                Some(TokenTree::Ident(n)) => {
                    out.insert(n.to_string());
                }
                Some(TokenTree::Punct(p)) if p.as_char() == '$' => {
                    out.insert("$".to_string());
                }
                _ => {}
            }
        }
        _ => {}
    });
    out
}

/// The names a `use` tree's tokens (after `use`, before `;`) bind: each leaf's last name or
/// its `as` name; none for a glob or `as _`.
fn use_bindings(tokens: &[TokenTree], out: &mut BTreeSet<String>) {
    let mut last: Option<String> = None;
    let mut renamed = false;
    for token in tokens {
        match token {
            TokenTree::Ident(id) if id == "as" => renamed = true,
            TokenTree::Ident(id) => {
                last = Some(id.to_string());
                if renamed {
                    out.extend(last.take().filter(|name| name != "_"));
                    renamed = false;
                }
            }
            TokenTree::Punct(p) if p.as_char() == ',' => out.extend(last.take()),
            TokenTree::Punct(p) if p.as_char() == '*' => last = None,
            TokenTree::Punct(_) => {}
            TokenTree::Group(g) => {
                last = None;
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                use_bindings(&inner, out);
            }
            TokenTree::Literal(_) => {}
        }
    }
    out.extend(last.filter(|name| name != "self"));
}

/// The identifiers of `stream` but those a `::` follows: the names a macro call may give the
/// members it writes (`add` in `ops!(DimAdd, Add, add, Add::add)`), not the modules
/// of paths it spells (`cmp` in `cmp::min`).
pub fn names_not_before_paths(stream: &TokenStream, out: &mut impl Extend<String>) {
    each_token(stream, &mut |tokens, i| {
        if let TokenTree::Ident(id) = &tokens[i] {
            if !(is_punct(tokens.get(i + 1), ':') && is_punct(tokens.get(i + 2), ':')) {
                out.extend([id.to_string()]);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paths of `code` as `Level::read` finds them, at every level: `::a::b`,
    /// `$crate::x`, `m!` for a call, `p::$` for a handed name, `.f` after a dot.
    fn found(code: &str) -> Vec<String> {
        paths(code.parse().unwrap())
            .iter()
            .map(|p| {
                let mut s = p.segments.join("::");
                if p.leading_colon.is_some() {
                    s.insert_str(0, "::");
                }
                if p.after_dot {
                    s.insert(0, '.');
                }
                if p.handed {
                    s += "::$";
                }
                if p.call.is_some() {
                    s += "!";
                }
                s
            })
            .collect()
    }

    #[test]
    fn where_paths_start_in_tokens() {
        let table: [(&str, &[&str]); 14] = [
            ("a::b::C + ::d::e", &["a::b::C", "::d::e"]),
            // A `::` after a `>`, a group or a name goes on the path before it.
            ("Vec<T>::new()", &["Vec", "T"]),
            ("<T as Tr>::f", &["T", "Tr"]),
            ("(x)::y", &["x"]),
            // After a keyword, a single `:` or an arrow, it starts one.
            ("use ::ffi::c_void;", &["::ffi::c_void"]),
            (
                "impl ::core::fmt::Debug for X",
                &["::core::fmt::Debug", "X"],
            ),
            (
                "f: &mut ::core::fmt::Formatter",
                &["f", "::core::fmt::Formatter"],
            ),
            (
                "1 => ::typenum::U1, x -> ::t::T",
                &["::typenum::U1", "x", "::t::T"],
            ),
            // Keywords start no path, but those a path starts with.
            (
                "self::a + self.b + Self::new()",
                &["self::a", ".b", "Self::new"],
            ),
            // A macro variable alone is no path, nor a path ending in one; a path may start
            // with one.
            (
                "$v + $crate::d + $m::e + a::$v::f",
                &["$crate::d", "$m::e", "a::$"],
            ),
            // In a matcher the fragment kind goes with the variable; in an expansion what
            // follows `$x :` is code.
            (
                "($x:ident) => { static $x: $crate::T = u8::MAX; }",
                &["$crate::T", "u8::MAX"],
            ),
            // Built-in attributes name nothing; `derive` names macros.
            (
                "#[repr(C)] #[cfg(feature = \"x\")] #[derive(Clone)] struct S;",
                &["derive", "Clone", "S"],
            ),
            ("m!(a::b) + n::o!{}", &["m!", "a::b", "n::o!"]),
            ("typenum::$D", &["typenum::$"]),
        ];
        for (code, expected) in table {
            assert_eq!(found(code), expected, "{code}");
        }
    }

    #[test]
    fn use_trees_in_tokens_start_their_paths_after_use_and_commas() {
        let tokens: Vec<TokenTree> = "use a::{b, c}; use {d, e::{f}}; g"
            .parse::<TokenStream>()
            .unwrap()
            .into_iter()
            .collect();
        let level = Level::read(&tokens, None);
        let starts: Vec<(String, bool)> = level
            .paths
            .iter()
            .map(|p| (p.segments.join("::"), p.use_start))
            .collect();
        assert_eq!(starts, [("a".to_string(), true), ("g".to_string(), false)]);
        let groups: Vec<Option<UseGroup>> = (0..tokens.len())
            .filter(|&i| matches!(tokens[i], TokenTree::Group(_)))
            .map(|i| level.use_group(i))
            .collect();
        assert_eq!(groups, [Some(UseGroup::Continued), Some(UseGroup::Start)]);
        // Whole: a group's paths that go on a path come with it, and start the tree then.
        let whole: Vec<(String, bool)> = paths(tokens.into_iter().collect())
            .iter()
            .map(|p| (p.segments.join("::"), p.use_start))
            .collect();
        let expected = [("a", true), ("a::b", true), ("a::c", true), ("d", true)];
        let expected = expected
            .iter()
            .chain(&[("e", true), ("e::f", true), ("g", false)])
            .map(|(p, s)| (p.to_string(), *s))
            .collect::<Vec<_>>();
        assert_eq!(whole, expected);
    }

    #[test]
    fn mod_declarations_with_their_attributes() {
        let tokens: Vec<TokenTree> = "#[path = \"x.rs\"] pub(crate) mod a; mod $b; mod c { }"
            .parse::<TokenStream>()
            .unwrap()
            .into_iter()
            .collect();
        let found: Vec<(usize, Option<String>, usize)> = (0..tokens.len())
            .filter_map(|i| {
                let d = mod_declaration(&tokens, i)?;
                Some((item_start(&tokens, i), d.name.map(|n| n.to_string()), d.end))
            })
            .collect();
        assert_eq!(found, [(0, Some("a".to_string()), 7), (7, None, 11)]);
    }

    #[test]
    fn names_declared_and_bound_by_tokens() {
        let stream: TokenStream =
            "static ref NAME: T = x; fn $f() {} use a::{b as c, d::*, e}; struct S(u8);"
                .parse()
                .unwrap();
        let declared: Vec<String> = declared_names(&stream).into_iter().collect();
        assert_eq!(declared, ["$", "NAME", "S", "c", "e"]);
        let mut lone = BTreeSet::new();
        lone_identifiers(&"a::b(c, m!(d))".parse().unwrap(), &mut lone);
        // Not the segments of a path (`a`, `b`), nor a macro's name.
        assert_eq!(lone.into_iter().collect::<Vec<_>>(), ["c", "d"]);
    }
}
