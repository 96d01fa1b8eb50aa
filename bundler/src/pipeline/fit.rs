//! The text handed to the judge: minified when asked, and made to fit the judge's source
//! limit without the user's help: over it, the bundled crates' doc comments go, then the
//! bundle is minified, then, for a judge on another system, the code none of its targets
//! compiles goes ([`systems`]), then (when the bundle is checked) the crates' own names
//! are shortened, each step said in a note. Only a bundle over the limit even then is
//! refused, with the size of each crate in it, so the user sees what costs.
//!
//! The bundled crates' code is indented with tabs, one byte a level: nested in the modules
//! of their crates, its lines start deep, and four spaces a level made a third of a bundle's
//! bytes. The solution's own code stays as it was written.

use super::shorten::{self, Compile};
use super::systems;
use super::PipelineError;
use crate::bundle::{Bundle, Origin};
use crate::profile::{minify, Profile, TooLarge, PROFILES};
use syn::spanned::Spanned;
use syn::visit::Visit;

/// How many times a judge's limit a minified bundle may be for shortening names to be
/// tried: it saves a third of a bundle at best, and a further one is refused either way.
const SHORTENING_REACH: usize = 2;

/// What the user asked for.
#[derive(Debug, Clone, Copy)]
pub(super) struct Asked {
    pub strip_docs: bool,
    pub minify: bool,
}

/// The text to hand over.
#[derive(Debug, Clone)]
pub(super) struct Handed {
    pub text: String,
    /// When `text` holds only what the judge's systems compile: the text as it compiles
    /// here, to check and run in its place.
    pub here: Option<String>,
}

/// `bundle`'s text for `profile`, with a note for each step taken to fit its limit; names
/// are shortened only with `compile` to try them.
pub(super) fn fit(
    bundle: &mut Bundle,
    profile: &Profile,
    asked: Asked,
    compile: Option<&Compile>,
) -> Result<(Handed, Vec<String>), PipelineError> {
    let handed = |text: String| Handed { text, here: None };
    let minified =
        |text: &str| minify::minify(text).map_err(|e| PipelineError::Minify(e.to_string()));
    let mut notes = Vec::new();
    if asked.strip_docs {
        // The engine left the docs out; pruning's written-out macro calls bring theirs.
        strip_docs(bundle);
    }
    indent_with_tabs(bundle);
    let mut text = if asked.minify {
        minified(&bundle.text)?
    } else {
        bundle.text.clone()
    };
    if profile.limit.is_none() && profile.name == "none" {
        notes.extend(judges_exceeded(&text));
    }
    let Some(over) = profile.check_size(&text).err() else {
        return Ok((handed(text), notes));
    };
    if !asked.strip_docs {
        let before = bundle.text.len();
        strip_docs(bundle);
        if bundle.text.len() < before {
            notes.push(format!(
                "the bundle was {} over {}'s limit: the bundled crates' doc comments are left \
                 out ({before} -> {} bytes)",
                over.excess(),
                profile.title,
                bundle.text.len()
            ));
            text = if asked.minify {
                minified(&bundle.text)?
            } else {
                bundle.text.clone()
            };
        }
    }
    let Some(over) = profile.check_size(&text).err() else {
        return Ok((handed(text), notes));
    };
    if !asked.minify {
        let before = text.len();
        text = minified(&bundle.text)?;
        notes.push(format!(
            "the bundle was {} over {}'s limit: it is minified, on one line without comments \
             ({before} -> {} bytes)",
            over.excess(),
            profile.title,
            text.len()
        ));
    }
    let mut here = None;
    if let Some((over, judged)) = profile
        .check_size(&text)
        .err()
        .and_then(|over| Some((over, systems::for_judge(&text, profile)?)))
    {
        notes.push(format!(
            "the bundle was {} over {}'s limit minified: the code none of its systems ({}) \
             compiles is left out, as its compiler leaves it out ({} -> {} bytes); the file \
             now compiles only there, and what was checked and run here is the whole",
            over.excess(),
            profile.title,
            systems::names(profile),
            text.len(),
            judged.len()
        ));
        here = Some(std::mem::replace(&mut text, judged));
    }
    let shortened = match (profile.check_size(&text), compile) {
        (Err(over), Some(compile)) if over.size <= SHORTENING_REACH * over.limit => {
            shorten::shorten(bundle, compile)?.map(|s| (over, s))
        }
        _ => None,
    };
    if let Some((over, (whole, names))) = shortened {
        // Shortened names are checked here, on the whole text; the judge's part is cut after.
        let judged = here
            .is_some()
            .then(|| systems::for_judge(&whole, profile))
            .flatten();
        let len = judged.as_ref().map_or(whole.len(), String::len);
        if len < text.len() {
            notes.push(format!(
                "the bundle was {} over {}'s limit minified: {names} names of the bundled \
                 crates' own code are shortened ({} -> {len} bytes)",
                over.excess(),
                profile.title,
                text.len(),
            ));
            (text, here) = match judged {
                Some(judged) => (judged, Some(whole)),
                None => (whole, None),
            };
        }
    }
    match profile.check_size(&text) {
        Ok(()) => Ok((Handed { text, here }, notes)),
        Err(over) => {
            let mut refused = super::Refused::new(String::new(), &bundle.text);
            refused.what = "the bundle before minifying";
            Err(PipelineError::TooLarge {
                over: TooLarge {
                    crates: crate_sizes(bundle),
                    systems: here.is_some().then(|| systems::names(profile)),
                    ..over
                },
                refused,
            })
        }
    }
}

/// For a bundle made for no judge in particular (which has no limit): a note with its size
/// when it is too long for some judge, naming each such judge and its limit.
fn judges_exceeded(text: &str) -> Option<String> {
    let judges = PROFILES.iter().filter(|p| p.limit.is_some());
    let over: Vec<String> = judges
        .clone()
        .filter_map(|p| p.check_size(text).err())
        .map(|o| format!("{} ({} {})", o.title, o.limit, o.unit.name()))
        .collect();
    if over.is_empty() {
        return None;
    }
    let which = if over.len() == judges.count() {
        "every judge with a known limit: "
    } else {
        ""
    };
    Some(format!(
        "the bundle is {} bytes, too long for {which}{}; `--judge NAME` fits a bundle to its \
         judge's limit where it can (doc comments left out, then minified)",
        text.len(),
        over.join(", ")
    ))
}

/// Each bundled crate's share of the bundle, largest first: `itertools 0.11.0: 12,345 bytes`.
fn crate_sizes(bundle: &Bundle) -> Vec<(String, usize)> {
    let mut sizes: Vec<(String, usize)> = bundle
        .crates
        .iter()
        .map(|c| (c.package.clone(), c.range.len()))
        .collect();
    sizes.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    sizes
}

/// Writes each run of four spaces that starts a line of the bundled crates' code as a tab,
/// but on lines that start inside a literal (a string over several lines), whose text is
/// the program's.
fn indent_with_tabs(bundle: &mut Bundle) {
    let Ok(tokens) = bundle.text.parse::<proc_macro2::TokenStream>() else {
        return;
    };
    let lines = crate::bundle::source::LineStarts::of(&bundle.text);
    let mut literals = Vec::new();
    multiline_literals(tokens, &mut |span| {
        let (start, end) = (span.start(), span.end());
        literals.push(
            lines.byte_at(&bundle.text, start.line, start.column)
                ..lines.byte_at(&bundle.text, end.line, end.column),
        );
    });
    literals.sort_by_key(|r| r.start);
    let in_literal = |at: usize| {
        let i = literals.partition_point(|r| r.start < at);
        i > 0 && at < literals[i - 1].end
    };
    let parts: Vec<std::ops::Range<usize>> =
        bundle.crates.iter().map(|c| c.range.clone()).collect();
    for part in parts.into_iter().rev() {
        let mut written = String::with_capacity(part.len());
        let mut at = part.start;
        for line in bundle.text[part.clone()].split_inclusive('\n') {
            let spaces = line.len() - line.trim_start_matches(' ').len();
            if in_literal(at) || spaces < 4 {
                written.push_str(line);
            } else {
                written.extend(std::iter::repeat_n('\t', spaces / 4));
                written.push_str(&line[spaces / 4 * 4..]);
            }
            at += line.len();
        }
        bundle.replace(part, &written);
    }
}

/// Calls `found` with the span of each literal written over more than one line.
fn multiline_literals(tokens: proc_macro2::TokenStream, found: &mut dyn FnMut(proc_macro2::Span)) {
    for token in tokens {
        match token {
            proc_macro2::TokenTree::Literal(l) if l.span().start().line != l.span().end().line => {
                found(l.span());
            }
            proc_macro2::TokenTree::Group(g) => multiline_literals(g.stream(), found),
            _ => {}
        }
    }
}

/// Cuts the doc comments of the bundled crates' code (`///`, `//!`, and `#[doc = ".."]`
/// written as text; a computed `#[doc = include_str!(..)]` stays, as emitting keeps it).
fn strip_docs(bundle: &mut Bundle) {
    let Ok(file) = syn::parse_file(&bundle.text) else {
        return;
    };
    let lines = crate::bundle::source::LineStarts::of(&bundle.text);
    let mut docs = Docs::default();
    docs.visit_file(&file);
    let text = &bundle.text;
    let byte = |at: proc_macro2::LineColumn| lines.byte_at(text, at.line, at.column);
    let mut ranges: Vec<std::ops::Range<usize>> = docs
        .spans
        .iter()
        .map(|span| byte(span.start())..byte(span.end()))
        .filter(|r| matches!(bundle.origin(r.start), Origin::Library(_)))
        .collect();
    ranges.sort_by_key(|r| r.start);
    super::prune::cut_ranges(bundle, ranges);
}

/// The spans of the doc attributes whose value is a literal.
#[derive(Default)]
struct Docs {
    spans: Vec<proc_macro2::Span>,
}

impl<'ast> Visit<'ast> for Docs {
    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        if let syn::Meta::NameValue(nv) = &attr.meta {
            let literal = matches!(
                &nv.value,
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(_),
                    ..
                })
            );
            if nv.path.is_ident("doc") && literal {
                self.spans.push(attr.span());
            }
        }
    }
}
