//! File modules (`mod name;`): where rustc looks for their files, for a library crate's
//! modules and for a solution's own, which the bundle brings inside the solution's text.

use super::scan::{after, ident_len};
use super::source::{self, LineStarts, Location};
use super::Error;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use syn::ext::IdentExt;
use syn::spanned::Spanned;

/// Whether `text` may declare a file module (`mod name;`); comments and strings count too.
pub fn may_declare(text: &str) -> bool {
    after(text, "mod").any(|rest| {
        let rest = rest.trim_start();
        let name = ident_len(rest);
        name > 0 && rest[name..].trim_start().starts_with(';')
    })
}

/// The files rustc tries, in order, for `mod name;` written in `file`, whose child modules
/// live in `children_dir`; `in_inline` when the declaration sits inside an inline module.
pub fn candidates(
    file: &Path,
    children_dir: &Path,
    in_inline: bool,
    name: &str,
    path_attr: Option<&str>,
) -> Vec<PathBuf> {
    match path_attr {
        // A `#[path]` is relative to the file's folder, or inside an inline module to the
        // folder its children would have (glibc's `bits` in libc's `nptl`).
        Some(path) => {
            let base = match file.parent() {
                Some(dir) if !in_inline => dir,
                _ => children_dir,
            };
            vec![base.join(path)]
        }
        None => vec![
            children_dir.join(format!("{name}.rs")),
            children_dir.join(name).join("mod.rs"),
        ],
    }
}

/// The folder the file modules of module `name`, read from `path`, live in.
pub fn children_dir(path: &Path, parent_children_dir: &Path, name: &str) -> PathBuf {
    if path.ends_with("mod.rs") {
        path.parent().unwrap_or(parent_children_dir).to_path_buf()
    } else {
        parent_children_dir.join(name)
    }
}

/// A stretch of a solution's text copied from one file: where it is in the text and where
/// it starts in that file.
#[derive(Debug, Clone)]
pub struct Piece {
    pub range: Range<usize>,
    pub file: PathBuf,
    pub file_text: Rc<str>,
    pub file_start: usize,
}

/// Where byte `offset` of a solution's text was written: in the file a piece of `pieces`
/// copied it from, else in `path`'s `text` itself (no file module was brought in).
pub fn locate(pieces: &[Piece], path: &Path, text: &str, offset: usize) -> Location {
    let piece = pieces.iter().take_while(|p| p.range.start <= offset).last();
    match piece {
        Some(p) => {
            let at =
                (p.file_start + offset.min(p.range.end) - p.range.start).min(p.file_text.len());
            Location::of_offset(&p.file, &p.file_text, at)
        }
        None => Location::of_offset(path, text, offset.min(text.len())),
    }
}

/// A solution's text with each of its file modules written inline (`mod library;` becomes
/// `mod library { ..library.rs.. }`, down through the modules those files declare), as rustc
/// reads them from the solution's folder, and the pieces saying which file each part came
/// from. A `#[cfg(test)]` module and a module whose file is not there stay as written: rustc
/// reads neither file when compiling the solution for a judge (the first) or reports it (the
/// second).
pub fn inline(path: &Path, text: String) -> Result<(String, Vec<Piece>), Error> {
    if !may_declare(&text) {
        return Ok((text, Vec::new()));
    }
    let children = path.parent().unwrap_or(Path::new("")).to_path_buf();
    let mut out = Inliner::default();
    out.file(path, text.into(), &children, 0)?;
    if out.pieces.len() == 1 {
        // Nothing brought in: the text as read, with no pieces to consult.
        return Ok((out.text, Vec::new()));
    }
    Ok((out.text, out.pieces))
}

/// Deeper than this, a `#[path]` is taken to lead back to a file being read.
const MAX_DEPTH: usize = 32;

#[derive(Default)]
struct Inliner {
    text: String,
    pieces: Vec<Piece>,
}

impl Inliner {
    /// Appends `file`'s text with its file modules inline.
    fn file(
        &mut self,
        file: &Path,
        text: Rc<str>,
        children: &Path,
        depth: usize,
    ) -> Result<(), Error> {
        let mut brought = Vec::new();
        // A module file is parsed here even when it declares nothing: a syntax error is
        // then located in it, not in the solution's text around it.
        if depth > 0 || may_declare(&text) {
            let parsed = source::parse(file, &text)?;
            let lines = LineStarts::of(&text);
            declarations(
                &parsed.items,
                children,
                false,
                &mut |item, dir, in_inline| {
                    let Some(semi) = item.semi else { return };
                    let attr = path_attribute(&item.attrs);
                    let name = item.ident.unraw().to_string();
                    let found = candidates(file, dir, in_inline, &name, attr.as_deref())
                        .into_iter()
                        .find(|p| p.is_file());
                    if let Some(found) = found.filter(|_| depth < MAX_DEPTH && !is_cfg_test(item)) {
                        let grandchildren = children_dir(&found, dir, &name);
                        let at = semi.span().start();
                        let semi = lines.byte_at(&text, at.line, at.column);
                        brought.push((semi, found, grandchildren));
                    }
                },
            );
        }
        brought.sort_by_key(|(at, _, _)| *at);
        let mut done = 0;
        for (semi, found, grandchildren) in brought {
            self.copy(file, &text, done..semi);
            let child_text: Rc<str> = source::read(&found)?.into();
            self.text.push_str(" {\n");
            self.file(&found, child_text, &grandchildren, depth + 1)?;
            self.text.push_str("\n}");
            done = semi + 1;
        }
        self.copy(file, &text, done..text.len());
        Ok(())
    }

    fn copy(&mut self, file: &Path, text: &Rc<str>, range: Range<usize>) {
        let start = self.text.len();
        self.text.push_str(&text[range.clone()]);
        self.pieces.push(Piece {
            range: start..self.text.len(),
            file: file.to_path_buf(),
            file_text: text.clone(),
            file_start: range.start,
        });
    }
}

/// Calls `found` with each `mod` item of `items`, inline modules' too, the folder its file
/// would be in, and whether it sits in an inline module.
fn declarations(
    items: &[syn::Item],
    dir: &Path,
    in_inline: bool,
    found: &mut dyn FnMut(&syn::ItemMod, &Path, bool),
) {
    for item in items {
        if let syn::Item::Mod(m) = item {
            match &m.content {
                Some((_, inner)) => {
                    let inner_dir = match path_attribute(&m.attrs) {
                        Some(path) => dir.join(path),
                        None => dir.join(m.ident.unraw().to_string()),
                    };
                    declarations(inner, &inner_dir, true, found);
                }
                None => found(m, dir, in_inline),
            }
        }
    }
}

fn is_cfg_test(item: &syn::ItemMod) -> bool {
    item.attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.meta
                .require_list()
                .is_ok_and(|l| l.tokens.to_string() == "test")
    })
}

/// The value of a `#[path = ".."]` among `attrs`.
pub fn path_attribute(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| match &a.meta {
        syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, files: &[(&str, &str)]) {
        for (name, text) in files {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
    }

    #[test]
    fn file_modules_come_inline_as_rustc_finds_them() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            &[
                (
                    "lib/mod.rs",
                    "pub mod num;\n#[path = \"other.rs\"] pub mod renamed;\n",
                ),
                ("lib/num.rs", "pub mod deep;\npub fn one() -> u8 { 1 }\n"),
                ("lib/num/deep.rs", "pub const TWO: u8 = 2;\n"),
                ("lib/other.rs", "pub const THREE: u8 = 3;\n"),
                ("tests.rs", "this is not Rust"),
            ],
        );
        let main = dir.path().join("main.rs");
        let text = "mod lib;\n#[cfg(test)]\nmod tests;\nmod absent;\nfn main() {}\n";
        let (out, pieces) = inline(&main, text.to_string()).unwrap();
        let flat: String = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(
            flat,
            "mod lib { pub mod num { pub mod deep { pub const TWO: u8 = 2; } pub fn one() -> u8 \
             { 1 } } #[path = \"other.rs\"] pub mod renamed { pub const THREE: u8 = 3; } } \
             #[cfg(test)] mod tests; mod absent; fn main() {}"
        );
        // Each place is in the file it was written in.
        let at = |needle: &str| locate(&pieces, &main, &out, out.find(needle).unwrap());
        let two = at("TWO");
        assert!(two.path.ends_with("lib/num/deep.rs"), "{two:?}");
        assert_eq!((two.line, two.column), (1, 11));
        let one = at("fn one");
        assert!(one.path.ends_with("lib/num.rs"), "{one:?}");
        assert_eq!(one.line, 2);
        let main_fn = at("fn main");
        assert!(main_fn.path.ends_with("main.rs"), "{main_fn:?}");
        assert_eq!(main_fn.line, 5);
    }

    #[test]
    fn a_syntax_error_in_a_module_file_points_into_that_file() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            &[("broken.rs", "pub fn f() {\n    let = 1;\n}\n")],
        );
        let main = dir.path().join("main.rs");
        let err = inline(&main, "mod broken;\nfn main() {}\n".to_string()).unwrap_err();
        let message = err.to_string();
        assert!(message.contains("broken.rs:2:"), "{message}");
    }

    #[test]
    fn a_text_without_file_modules_is_left_alone() {
        let main = Path::new("/nowhere/main.rs");
        let text = "mod inline { fn f() {} }\n// mod commented;\nfn main() {}\n";
        let (out, pieces) = inline(main, text.to_string()).unwrap();
        assert_eq!(out, text);
        assert!(pieces.is_empty());
    }
}
