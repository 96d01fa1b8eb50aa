//! `show --into FILE`: templates added to a file that already holds some. Two `show`
//! outputs pasted one after the other define the library module twice; instead the module
//! `show` (or `bundle`) wrote is found by its marker line and regenerated with the templates
//! it lists plus the new ones, and the rest of the file is kept byte for byte.

use crate::bundle::source::{self, Location};
use crate::{atomic, BundleOptions, Error, ErrorKind, Library};
use std::collections::BTreeSet;
use std::path::Path;
use syn::spanned::Spanned;

/// How `show` and `bundle` open each library module they write: the marker line, then the
/// library's name in backticks, `: `, the kept modules joined by `, `, and a period.
const MARKER: &str = "// Bundled from the library `";

/// The line `show` puts before everything when a library module needs `alloc`.
const ALLOC_LINE: &str = "pub extern crate alloc;";

/// Adds the templates `names` to the file at `path` (created if missing): its bundled library
/// modules are replaced by one `show` of their templates and `names`, or, without any,
/// that `show` is appended. Writes atomically; on any error the file is left as it was.
pub fn show_into(
    path: &Path,
    names: &[String],
    lib: &mut Library,
    opts: &BundleOptions,
) -> Result<(), Error> {
    let text = if path.exists() {
        source::read(path)?
    } else {
        String::new()
    };
    let blocks = bundled_blocks(path, &text, lib)?;
    let root = lib.first_root();
    let mut wanted: BTreeSet<String> = names.iter().cloned().collect();
    for block in &blocks {
        // Only the listed modules that are templates: the list also names dependency crates'
        // modules and, for items at a library's root, the library itself.
        wanted.extend(
            block
                .listed
                .iter()
                .filter(|name| root.is_some_and(|root| lib.child(root, name).is_some()))
                .cloned(),
        );
    }
    let wanted: Vec<String> = wanted.into_iter().collect();
    let module = crate::show(&wanted, lib, opts)?;
    let composed = match blocks.first() {
        None if text.is_empty() => module,
        None => {
            let newline = if text.ends_with('\n') { "" } else { "\n" };
            format!("{text}{newline}\n{module}")
        }
        Some(first) => {
            let mut out = text[..first.start].to_string();
            out += &module;
            let mut rest = first.end;
            for block in &blocks[1..] {
                out += &text[rest..block.start];
                rest = block.end;
            }
            out + &text[rest..]
        }
    };
    atomic::write_output(path, composed.as_bytes())?;
    Ok(())
}

/// A library module `show` or `bundle` wrote into a file.
struct Block {
    /// Byte range from its marker line (or the `alloc` line before it) through its closing
    /// brace and that line's break.
    start: usize,
    end: usize,
    /// The modules its marker lists, each cut to its top-level name.
    listed: Vec<String>,
}

/// The bundled library modules of `text`, in file order: every top-level `mod` named like a
/// crate of `lib` whose line above is a marker. A module of such a name without a marker is
/// the user's own, and `show` cannot add one beside it.
fn bundled_blocks(path: &Path, text: &str, lib: &Library) -> Result<Vec<Block>, Error> {
    let file = source::parse(path, text)?;
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let offset = |at: proc_macro2::LineColumn| {
        let line = line_starts[at.line - 1];
        line + text[line..]
            .char_indices()
            .nth(at.column)
            .map_or(text.len() - line, |(i, _)| i)
    };
    let mut blocks = Vec::new();
    for item in &file.items {
        let syn::Item::Mod(module) = item else {
            continue;
        };
        if !lib.crates().any(|(_, c)| module.ident == c.module_name) {
            continue;
        }
        let first_line = module
            .attrs
            .iter()
            .map(|a| a.pound_token.span.start().line)
            .chain([module.span().start().line])
            .min()
            .unwrap_or(1);
        let line_text = |line: usize| {
            let start = line_starts[line - 1];
            let end = line_starts.get(line).map_or(text.len(), |&next| next);
            (start, text[start..end].trim_end())
        };
        let marker = (first_line > 1)
            .then(|| line_text(first_line - 1))
            .and_then(|(start, line)| Some((start, line.strip_prefix(MARKER)?)));
        let Some((mut start, listing)) = marker else {
            return Err(ErrorKind::NameTaken {
                at: Location::of_span(path, text, module.ident.span()),
                name: module.ident.to_string(),
            }
            .into());
        };
        let listed = listing
            .split_once("`: ")
            .map_or("", |(_, list)| list.trim_end_matches('.'))
            .split(", ")
            .map(|name| name.split("::").next().unwrap_or(name).to_string())
            .collect();
        if first_line > 2 && line_text(first_line - 2).1 == ALLOC_LINE {
            start = line_text(first_line - 2).0;
        }
        let mut end = offset(module.span().end());
        if text[end..].starts_with('\n') {
            end += 1;
        }
        blocks.push(Block { start, end, listed });
    }
    Ok(blocks)
}
