//! The last step to fit a judge's limit, after minifying: the bundled crates' own names
//! (their items, fields, variants, variables, generic parameters, lifetimes, macros'
//! metavariables) written as the shortest names free. A name is renamed wherever it is
//! written, in every namespace at once, so what each path, method call or field resolves
//! to does not change; a fresh name is one written nowhere in the bundle, so it cannot
//! meet anything else.
//!
//! A name is the crates' own when some place defines it (`fn name`, `let name`, a field, a
//! generic parameter, ...). It stays as written where a program can observe it: the
//! solution writes it; a `#[derive(Debug)]` prints it; `stringify!`, `cfg!`, `concat!` (or
//! a macro whose body calls one) read it; a format string captures it; an attribute names
//! it; the linker looks for it (`extern` blocks, `#[no_mangle]`). Whether a name is also
//! std's (a trait's method an impl writes, a method of a std type the code calls) the text
//! does not tell: the renamed bundle is compiled, and each fresh name an error points at or
//! quotes gets its own name back, until it compiles. Written by hand: no maintained crate
//! shortens Rust identifiers across a crate.

use super::PipelineError;
use crate::bundle::source::LineStarts;
use crate::bundle::Bundle;
use crate::profile::minify;
use crate::profile::rustc::Outcome;
use proc_macro2::{Delimiter, Spacing, Span, TokenStream, TokenTree};
use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// Compiles a text as the judge does (type-checking it).
pub(super) type Compile<'a> = dyn Fn(&str) -> Result<Outcome, PipelineError> + 'a;

/// Each renamed name and its fresh name.
type Renaming = HashMap<String, String>;

/// Rounds of compiling, each giving back the names the errors of the one before blame.
const ROUNDS: usize = 12;

/// Names that are words of the language, the crates every program may name, or names std or
/// a macro's matcher gives a meaning wherever they are written: never renamed, never made.
const RESERVED: &[&str] = &[
    "as",
    "break",
    "const",
    "continue",
    "crate",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "Self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "async",
    "await",
    "dyn",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "macro",
    "override",
    "priv",
    "typeof",
    "unsized",
    "virtual",
    "yield",
    "try",
    "gen",
    "union",
    "raw",
    "safe",
    "auto",
    "default",
    "macro_rules",
    "bool",
    "char",
    "str",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "f16",
    "f32",
    "f64",
    "f128",
    "vec",
    "env",
    "cfg",
    "dbg",
    "std",
    "core",
    "alloc",
    "ident",
    "expr",
    "expr_2021",
    "ty",
    "tt",
    "pat",
    "pat_param",
    "path",
    "block",
    "stmt",
    "item",
    "meta",
    "vis",
    "lifetime",
    "literal",
];

/// Built-in macros that read the names they are given as text or as configuration.
const NAMING_MACROS: &[&str] = &[
    "stringify",
    "concat",
    "concat_idents",
    "cfg",
    "module_path",
    "include",
    "env",
    "option_env",
    "paste",
];

/// The bundle, minified, with the bundled crates' own names shortened; `None` when no
/// renaming compiles within [`ROUNDS`] (or the bundle does not lex). With it, how many
/// names were shortened.
pub(super) fn shorten(
    bundle: &Bundle,
    compile: &Compile,
) -> Result<Option<(String, usize)>, PipelineError> {
    let Ok(tokens) = bundle.text.parse::<TokenStream>() else {
        return Ok(None);
    };
    let lines = LineStarts::of(&bundle.text);
    let mut library: Vec<Range<usize>> = bundle.crates.iter().map(|c| c.range.clone()).collect();
    library.sort_by_key(|r| r.start);
    let in_library = |span: Span| {
        let start = span.start();
        super::prune::within(
            &library,
            lines.byte_at(&bundle.text, start.line, start.column),
        )
    };
    let mut names = Names {
        in_library: &in_library,
        naming: naming_macros(&tokens),
        written: HashMap::new(),
        defined: HashSet::new(),
        observed: HashSet::new(),
    };
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    names.scan(&tokens, Context::Code);
    let all = names.fresh_names();
    // The attributes rustc does nothing with go too, unless a macro asks for one.
    for inert_attributes in [false, true] {
        if let Some((text, renamed)) = rename(bundle, all.clone(), inert_attributes, compile)? {
            return Ok(Some((text, renamed.len())));
        }
    }
    Ok(None)
}

/// The bundle minified with `renamed`, less each renaming the compiler blames, until it
/// compiles.
fn rename(
    bundle: &Bundle,
    mut renamed: Renaming,
    inert_attributes: bool,
    compile: &Compile,
) -> Result<Option<(String, Renaming)>, PipelineError> {
    for _ in 0..ROUNDS {
        let text = minify::minify_renamed(&bundle.text, &renamed, inert_attributes)
            .map_err(|e| PipelineError::Minify(e.to_string()))?;
        let outcome = compile(&text)?;
        let blamed = blamed(&text, &outcome, &renamed);
        if outcome.success && blamed.is_empty() {
            return Ok(Some((text, renamed)));
        }
        if blamed.is_empty() {
            return Ok(None);
        }
        for name in blamed {
            renamed.remove(&name);
        }
    }
    Ok(None)
}

/// The names `outcome`'s messages blame, as narrowly as they allow: the fresh names messages
/// point at where the place is that one name (`cannot find type `Ab``, a method not a member
/// of its trait), which cause the rest; without such a message, the fresh names the messages
/// quote; without those, every fresh name in the places they point at.
fn blamed(text: &str, outcome: &Outcome, renamed: &HashMap<String, String>) -> HashSet<String> {
    let original: HashMap<&str, &str> = renamed
        .iter()
        .map(|(name, fresh)| (fresh.as_str(), name.as_str()))
        .collect();
    let fresh_in = |words: &str| -> Vec<String> {
        words
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter_map(|word| original.get(word).map(|name| name.to_string()))
            .collect()
    };
    let mut tiers: [HashSet<String>; 3] = Default::default();
    for d in &outcome.diagnostics {
        let places: Vec<&str> =
            d.at.iter()
                .chain(&d.marked)
                .chain(&d.expanded_from)
                .filter_map(|span| text.get(span.byte_start..span.byte_end))
                .collect();
        let one_name: Vec<String> = places
            .iter()
            .filter(|place| place.chars().all(|c| c.is_alphanumeric() || c == '_'))
            .flat_map(|place| fresh_in(place))
            .collect();
        let quoted: Vec<String> = d
            .message
            .split('`')
            .skip(1)
            .step_by(2)
            .flat_map(&fresh_in)
            .collect();
        tiers[0].extend(one_name);
        tiers[1].extend(quoted);
        tiers[2].extend(places.iter().flat_map(|place| fresh_in(place)));
    }
    tiers
        .into_iter()
        .find(|tier| !tier.is_empty())
        .unwrap_or_default()
}

/// The macros defined in `tokens` whose body reads names as text (calls one of
/// [`NAMING_MACROS`], or another such macro) or derives `Debug`: the names in their calls
/// are observable.
fn naming_macros(tokens: &TokenStream) -> HashSet<String> {
    let mut bodies = Vec::new();
    macro_bodies(tokens.clone(), &mut bodies);
    let mut naming: HashSet<String> = NAMING_MACROS.iter().map(|m| m.to_string()).collect();
    loop {
        let before = naming.len();
        for (name, body) in &bodies {
            if !naming.contains(name)
                && mentions(body.clone(), &|w| naming.contains(w) || w == "Debug")
            {
                naming.insert(name.clone());
            }
        }
        if naming.len() == before {
            return naming;
        }
    }
}

/// Each `macro_rules! name { .. }` in `tokens`, at any depth.
fn macro_bodies(tokens: TokenStream, found: &mut Vec<(String, TokenStream)>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(id) if id == "macro_rules" => {
                if let (Some(TokenTree::Ident(name)), Some(TokenTree::Group(body))) =
                    (tokens.get(i + 2), tokens.get(i + 3))
                {
                    found.push((name.to_string(), body.stream()));
                }
            }
            TokenTree::Group(g) => macro_bodies(g.stream(), found),
            _ => {}
        }
    }
}

/// Whether an identifier of `tokens`, at any depth, is one `wanted` takes.
fn mentions(tokens: TokenStream, wanted: &dyn Fn(&str) -> bool) -> bool {
    tokens.into_iter().any(|t| match t {
        TokenTree::Ident(id) => wanted(&id.to_string()),
        TokenTree::Group(g) => mentions(g.stream(), wanted),
        _ => false,
    })
}

/// What a sequence of tokens is, for the names it defines.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    /// Anything else: items, expressions, types.
    Code,
    /// A pattern: each lowercase name in it not part of a path binds a variable.
    Pattern,
    /// A function's parameters: patterns before each `:`.
    Parameters,
    /// A struct's (or a variant's) named fields; `observed` when `Debug` prints them.
    Fields { observed: bool },
    /// An enum's variants.
    Variants { observed: bool },
    /// An `extern` block: its functions and statics are the linker's names.
    Extern,
    /// Every name in it is observed (an attribute, a naming macro's call).
    Observed,
}

struct Names<'a> {
    in_library: &'a dyn Fn(Span) -> bool,
    naming: HashSet<String>,
    /// Every identifier written, with how often.
    written: HashMap<String, usize>,
    defined: HashSet<String>,
    observed: HashSet<String>,
}

/// Whether `t` is the punctuation `ch`.
fn is_punct(t: Option<&TokenTree>, ch: char) -> bool {
    matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == ch)
}

/// Whether `t` is the identifier `word`.
fn is_word(t: Option<&TokenTree>, word: &str) -> bool {
    matches!(t, Some(TokenTree::Ident(id)) if id == word)
}

/// Whether the `:` at `i` stands alone (not half of `::`).
fn single_colon(tokens: &[TokenTree], i: usize) -> bool {
    let joint_before = matches!(i.checked_sub(1).and_then(|j| tokens.get(j)),
        Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint);
    matches!(&tokens[i], TokenTree::Punct(p) if p.as_char() == ':' && p.spacing() == Spacing::Alone)
        && !joint_before
}

impl Names<'_> {
    fn scan(&mut self, tokens: &[TokenTree], context: Context) {
        // An attribute seen before the item it applies to: `#[derive(Debug)]`, `#[no_mangle]`.
        let (mut debug, mut linked) = (false, false);
        // The start of the current comma-separated segment, for fields and variants.
        let mut segment_start = true;
        let mut i = 0;
        while i < tokens.len() {
            let token = &tokens[i];
            match token {
                TokenTree::Punct(p) if p.as_char() == '#' => {
                    let at = if is_punct(tokens.get(i + 1), '!') {
                        i + 2
                    } else {
                        i + 1
                    };
                    if let Some(TokenTree::Group(g)) = tokens.get(at) {
                        if g.delimiter() == Delimiter::Bracket {
                            let inner = g.stream();
                            debug |= mentions(inner.clone(), &|w| w == "derive")
                                && mentions(inner.clone(), &|w| w == "Debug");
                            linked |= mentions(inner, &|w| {
                                matches!(w, "no_mangle" | "export_name" | "link_name")
                            });
                            self.scan_group(g.stream(), Context::Observed);
                            i = at + 1;
                            continue;
                        }
                    }
                }
                TokenTree::Punct(p) if matches!(p.as_char(), '$' | '\'') => {
                    if let Some(TokenTree::Ident(id)) = tokens.get(i + 1) {
                        self.define(&id.to_string());
                    }
                }
                TokenTree::Punct(p) if p.as_char() == ',' => {
                    segment_start = true;
                    i += 1;
                    continue;
                }
                TokenTree::Literal(l) => self.captured(&l.to_string()),
                TokenTree::Group(g) => {
                    let inner = match context {
                        Context::Pattern | Context::Observed | Context::Extern => context,
                        _ => Context::Code,
                    };
                    self.scan_group(g.stream(), inner);
                }
                TokenTree::Ident(id) => {
                    let name = id.to_string();
                    *self.written.entry(name.clone()).or_default() += 1;
                    // A metavariable (`$name`) stands for what a call gives, read there.
                    let metavariable = i > 0 && is_punct(tokens.get(i - 1), '$');
                    if (context == Context::Observed && !metavariable)
                        || !(self.in_library)(id.span())
                    {
                        self.observed.insert(name.clone());
                    }
                    let next = tokens.get(i + 1);
                    let path_next = is_punct(next, ':') && !single_colon(tokens, i + 1);
                    match context {
                        Context::Pattern
                            if name.starts_with(|c: char| c.is_lowercase())
                                && !path_next
                                && !is_punct(next, '!')
                                && !matches!(next, Some(TokenTree::Group(_)))
                                && (i == 0 || !is_punct(tokens.get(i - 1), ':')) =>
                        {
                            self.define(&name);
                        }
                        Context::Fields { observed } | Context::Variants { observed }
                            if segment_start
                                && name != "pub"
                                && (matches!(context, Context::Variants { .. })
                                    || (is_punct(next, ':') && single_colon(tokens, i + 1))) =>
                        {
                            self.define(&name);
                            if observed {
                                self.observed.insert(name.clone());
                            }
                            if let (Context::Variants { observed }, Some(TokenTree::Group(g))) =
                                (context, next)
                            {
                                let fields = if g.delimiter() == Delimiter::Brace {
                                    Context::Fields { observed }
                                } else {
                                    Context::Code
                                };
                                self.scan_group(g.stream(), fields);
                                i += 2;
                                segment_start = false;
                                continue;
                            }
                        }
                        _ => {}
                    }
                    if name != "pub" {
                        segment_start = false;
                    }
                    if is_punct(next, '!') && self.naming.contains(&name) {
                        if let Some(TokenTree::Group(g)) = tokens.get(i + 2) {
                            self.scan_group(g.stream(), Context::Observed);
                            i += 3;
                            continue;
                        }
                    }
                    i = self.definition(tokens, i, &name, context, &mut debug, &mut linked);
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }

    fn scan_group(&mut self, stream: TokenStream, context: Context) {
        let tokens: Vec<TokenTree> = stream.into_iter().collect();
        if context == Context::Parameters {
            // `pattern: Type, ...`: the pattern is before the segment's first single `:`.
            let mut start = 0;
            while start < tokens.len() {
                let end = (start..tokens.len())
                    .find(|&j| is_punct(tokens.get(j), ','))
                    .unwrap_or(tokens.len());
                let colon = (start..end)
                    .find(|&j| single_colon(&tokens, j))
                    .unwrap_or(end);
                self.scan(&tokens[start..colon], Context::Pattern);
                self.scan(&tokens[colon..end], Context::Code);
                start = end + 1;
            }
            return;
        }
        self.scan(&tokens, context);
    }

    /// After the identifier `name` at `i`: the names a definition starting there defines,
    /// and the parts of it scanned in their own context. The index to go on from.
    fn definition(
        &mut self,
        tokens: &[TokenTree],
        i: usize,
        name: &str,
        context: Context,
        debug: &mut bool,
        linked: &mut bool,
    ) -> usize {
        let next_name = |j: usize| match tokens.get(j) {
            Some(TokenTree::Ident(id)) => Some(id.to_string()),
            _ => None,
        };
        match name {
            "fn" | "struct" | "enum" | "union" | "trait" | "type" | "mod" | "static" | "const" => {
                let mut at = i + 1;
                if name == "static" && is_word(tokens.get(at), "mut") {
                    at += 1;
                }
                let Some(defined) = next_name(at) else {
                    return i + 1;
                };
                if RESERVED.contains(&defined.as_str()) {
                    return i + 1;
                }
                let observed_here = matches!(context, Context::Extern | Context::Observed)
                    || (*linked && matches!(name, "fn" | "static"))
                    || (*debug && matches!(name, "struct" | "enum" | "union"));
                let observed_body = *debug && matches!(name, "struct" | "enum" | "union");
                *debug = false;
                *linked = false;
                self.defined_at(defined, tokens[at].span(), observed_here);
                let after_generics = self.generics(tokens, at + 1);
                // The body: a function's parameters, a struct's fields, an enum's variants.
                let mut j = after_generics;
                while j < tokens.len() {
                    match &tokens[j] {
                        TokenTree::Group(g) => {
                            let body = match (name, g.delimiter()) {
                                ("fn", Delimiter::Parenthesis) => Context::Parameters,
                                ("struct" | "union", Delimiter::Brace) => Context::Fields {
                                    observed: observed_body,
                                },
                                ("enum", Delimiter::Brace) => Context::Variants {
                                    observed: observed_body,
                                },
                                _ => break,
                            };
                            self.scan(&tokens[at + 1..j], Context::Code);
                            self.scan_group(g.stream(), body);
                            return j + 1;
                        }
                        TokenTree::Punct(p) if matches!(p.as_char(), ';' | '=') => break,
                        _ => j += 1,
                    }
                }
                at + 1
            }
            "impl" => {
                self.generics(tokens, i + 1);
                i + 1
            }
            "macro_rules" if is_punct(tokens.get(i + 1), '!') => {
                if let Some(defined) = next_name(i + 2) {
                    self.defined_at(defined, tokens[i + 2].span(), context == Context::Observed);
                    return i + 3;
                }
                i + 1
            }
            "let" | "for" if context != Context::Observed => {
                // The pattern: up to `=` (or `:`, `;`, `else`) after `let`, up to `in` after
                // `for` (not `for<'a>`).
                if name == "for" && is_punct(tokens.get(i + 1), '<') {
                    return i + 1;
                }
                let end = (i + 1..tokens.len())
                    .find(|&j| match &tokens[j] {
                        TokenTree::Punct(p) => {
                            name == "let"
                                && (matches!(p.as_char(), '=' | ';') || single_colon(tokens, j))
                        }
                        TokenTree::Ident(id) => id == "in" || id == "else",
                        TokenTree::Group(g) => g.delimiter() == Delimiter::Brace,
                        _ => false,
                    })
                    .unwrap_or(tokens.len());
                self.scan(&tokens[i + 1..end], Context::Pattern);
                end
            }
            "extern" => {
                let mut j = i + 1;
                if matches!(tokens.get(j), Some(TokenTree::Literal(_))) {
                    j += 1;
                }
                match tokens.get(j) {
                    Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
                        self.scan_group(g.stream(), Context::Extern);
                        j + 1
                    }
                    _ => i + 1,
                }
            }
            _ => i + 1,
        }
    }

    /// The generic parameters of a list starting at `at`, if one does: `<T, 'a, const N:
    /// usize>`. The index after the list.
    fn generics(&mut self, tokens: &[TokenTree], at: usize) -> usize {
        if !is_punct(tokens.get(at), '<') {
            return at;
        }
        let mut depth = 0usize;
        let mut param_next = false;
        for j in at..tokens.len() {
            match &tokens[j] {
                TokenTree::Punct(p) if p.as_char() == '<' => {
                    depth += 1;
                    param_next = depth == 1;
                }
                // `->` inside `Fn() -> T` closes nothing.
                TokenTree::Punct(p) if p.as_char() == '>' && !is_punct(tokens.get(j - 1), '-') => {
                    depth -= 1;
                    if depth == 0 {
                        return j + 1;
                    }
                }
                TokenTree::Punct(p) if p.as_char() == ',' => param_next = depth == 1,
                TokenTree::Ident(id) if param_next => {
                    if id != "const" {
                        self.define(&id.to_string());
                        param_next = false;
                    }
                }
                _ => param_next = false,
            }
        }
        tokens.len()
    }

    /// Records the name a definition writes at `span` (the token after its keyword, which the
    /// scan then skips): written, defined, and observed when `observed` or outside the crates.
    fn defined_at(&mut self, name: String, span: Span, observed: bool) {
        *self.written.entry(name.clone()).or_default() += 1;
        self.define(&name);
        if observed || !(self.in_library)(span) {
            self.observed.insert(name);
        }
    }

    /// Records a name a place defines.
    fn define(&mut self, name: &str) {
        self.defined.insert(name.to_string());
    }

    /// The names a format string in literal `text` may capture: `{name}`, `{name:?}`.
    fn captured(&mut self, text: &str) {
        if !text.ends_with('"') && !text.ends_with('#') {
            return;
        }
        for part in text.split('{').skip(1) {
            let name: String = part
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                self.observed.insert(name);
            }
        }
    }

    /// The renaming: each name the crates define and no one observes, the most written
    /// first (the shortest names where they save most), gets the shortest fresh name of its
    /// case (lowercase stays lowercase, so no lint about names' case changes), when that is
    /// shorter.
    fn fresh_names(&self) -> HashMap<String, String> {
        let mut names: Vec<(&String, usize)> = self
            .defined
            .iter()
            .filter(|n| {
                !self.observed.contains(*n)
                    && !RESERVED.contains(&n.as_str())
                    && !n.starts_with('_')
                    && !n.starts_with("r#")
                    && n.is_ascii()
            })
            .map(|n| (n, self.written.get(n).copied().unwrap_or(0)))
            .collect();
        names.sort_by(|a, b| {
            (b.1, b.0.len())
                .cmp(&(a.1, a.0.len()))
                .then_with(|| a.0.cmp(b.0))
        });
        let taken = |name: &str| self.written.contains_key(name) || RESERVED.contains(&name);
        let mut lower = Fresh::new(b'a', taken);
        let mut upper = Fresh::new(b'A', taken);
        let mut renamed = HashMap::new();
        for (name, _) in names {
            let pool = if name.starts_with(|c: char| c.is_uppercase()) {
                &mut upper
            } else {
                &mut lower
            };
            if pool.peek().len() < name.len() {
                renamed.insert(name.clone(), pool.next());
            }
        }
        renamed
    }
}

/// Fresh names of one case, shortest first: `a`..`z`, `a0`..`zz`, ...; none that `taken`.
struct Fresh<F> {
    first: u8,
    count: usize,
    taken: F,
    ahead: Option<String>,
}

impl<F: Fn(&str) -> bool> Fresh<F> {
    fn new(first: u8, taken: F) -> Self {
        Fresh {
            first,
            count: 0,
            taken,
            ahead: None,
        }
    }

    fn peek(&mut self) -> &str {
        if self.ahead.is_none() {
            loop {
                let name = self.spell(self.count);
                self.count += 1;
                if !(self.taken)(&name) {
                    self.ahead = Some(name);
                    break;
                }
            }
        }
        self.ahead.as_deref().unwrap_or_default()
    }

    fn next(&mut self) -> String {
        self.peek();
        self.ahead.take().unwrap_or_default()
    }

    /// The `n`th name: a letter, then letters and digits.
    fn spell(&self, mut n: usize) -> String {
        let letter = |k: usize| (self.first + k as u8) as char;
        let rest = |k: usize| {
            if k < 26 {
                letter(k)
            } else {
                (b'0' + (k - 26) as u8) as char
            }
        };
        let mut length = 1;
        let mut of_length = 26;
        while n >= of_length {
            n -= of_length;
            length += 1;
            of_length *= 36;
        }
        let mut name = String::with_capacity(length);
        name.push(letter(n % 26));
        n /= 26;
        for _ in 1..length {
            name.push(rest(n % 36));
            n /= 36;
        }
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The names a renaming of `source` (all of it a crate's) takes, before compiling.
    fn renamed(source: &str) -> BTreeSet<String> {
        let tokens: TokenStream = source.parse().unwrap();
        let mut names = Names {
            in_library: &|_| true,
            naming: naming_macros(&tokens),
            written: HashMap::new(),
            defined: HashSet::new(),
            observed: HashSet::new(),
        };
        names.scan(&tokens.into_iter().collect::<Vec<_>>(), Context::Code);
        names.fresh_names().into_keys().collect()
    }

    #[test]
    fn the_names_a_crate_defines_are_renamed_but_those_a_program_observes() {
        let source = r#"
            #[derive(Debug)]
            struct PrintedStruct { printed_field: u8 }
            #[derive(Clone, Debug)]
            enum PrintedEnum { PrintedVariant { printed_variant_field: u8 } }
            struct PlainStruct<Element> { pub plain_field: Element }
            enum PlainEnum { PlainVariant(u8) }
            extern "C" { fn linked_function(linked_parameter: i32); }
            #[no_mangle]
            fn exported_function() {}
            #[allow(some_lint_name)]
            fn plain_function<'lifetime_name>(parameter_name: &'lifetime_name u8) {
                let local_binding = stringify!(stringified_name);
                let (pair_first, UpperPattern) = (1, 2);
                let enum_module::Wrapped(wrapped_inner) = todo!();
                for loop_item in 0..1 {}
                let _ignored_name = 0;
                println!("{captured_name}");
                if cfg!(config_word) {}
            }
            macro_rules! naming_macro { ($metavariable_name:ident) => { stringify!($metavariable_name) } }
            macro_rules! plain_macro { ($other_metavariable:expr) => { $other_metavariable } }
            fn caller() { naming_macro!(handed_to_naming); }
        "#;
        let expected: BTreeSet<String> = [
            "PlainStruct",
            "Element",
            "plain_field",
            "PlainEnum",
            "PlainVariant",
            "linked_parameter",
            "plain_function",
            "lifetime_name",
            "parameter_name",
            "local_binding",
            "pair_first",
            "wrapped_inner",
            "loop_item",
            "naming_macro",
            "metavariable_name",
            "plain_macro",
            "other_metavariable",
            "caller",
        ]
        .into_iter()
        .map(String::from)
        .collect();
        assert_eq!(renamed(source), expected);
    }

    #[test]
    fn fresh_names_are_the_shortest_free_of_their_case() {
        let taken = |name: &str| matches!(name, "b" | "as" | "do");
        let mut lower = Fresh::new(b'a', taken);
        let names: Vec<String> = (0..30).map(|_| lower.next()).collect();
        assert_eq!(&names[..3], ["a", "c", "d"]);
        // After `z`, two characters, the second a letter or a digit.
        assert_eq!(&names[24..30], ["z", "aa", "ba", "ca", "da", "ea"]);
        assert!(!names.iter().any(|n| n == "as" || n == "do"));
        let mut upper = Fresh::new(b'A', |_: &str| false);
        assert_eq!(upper.next(), "A");
        assert_eq!(Fresh::new(b'a', taken).spell(26 + 26 * 26), "a0");
    }
}
