//! A library crate read into memory: its module tree, from `src/lib.rs` down through every
//! `mod` (file or inline), with `#[cfg(test)]` items already left out.

use crate::source::{self, is_cfg_test, item_attrs, Location};
use crate::{Error, ErrorKind};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Index of a module in [`Library::modules`]; the crate root is 0.
pub type ModuleId = usize;

/// One item of a module, in source order. Items stay unboxed: they are stored once and
/// matched by pattern everywhere.
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)]
pub enum Entry {
    Item(syn::Item),
    /// A `mod`, file or inline, loaded as its own [`Module`].
    Module(ModuleId),
}

#[derive(Debug, Clone)]
pub struct Module {
    pub name: String,
    pub parent: Option<ModuleId>,
    /// The `mod` declaration's outer attributes and the module's inner ones (`//!`, `#![..]`).
    pub attrs: Vec<syn::Attribute>,
    pub vis: syn::Visibility,
    pub entries: Vec<Entry>,
    /// The file the module's items are written in, and its text.
    pub file: PathBuf,
    pub text: Rc<str>,
}

#[derive(Debug)]
pub struct Library {
    /// The name solutions use for the crate (`templates`, `ac_library`).
    pub name: String,
    pub dir: PathBuf,
    pub modules: Vec<Module>,
}

impl Library {
    /// This workspace's `templates` crate.
    pub fn default_dir() -> PathBuf {
        crate::workspace_dir().join("templates")
    }

    /// Reads the library crate in `dir` (a directory holding its `Cargo.toml`).
    pub fn open(dir: &Path) -> Result<Library, Error> {
        if !dir.join("Cargo.toml").is_file() {
            return Err(ErrorKind::NotALibrary {
                dir: dir.to_path_buf(),
                missing: "Cargo.toml",
            }
            .into());
        }
        let (name, root_file) = source::library_manifest(dir)?;
        if !root_file.is_file() {
            return Err(ErrorKind::NotALibrary {
                dir: dir.to_path_buf(),
                missing: "src/lib.rs",
            }
            .into());
        }
        let mut library = Library {
            name,
            dir: dir.to_path_buf(),
            modules: Vec::new(),
        };
        let text: Rc<str> = source::read(&root_file)?.into();
        let file = source::parse(&root_file, &text)?;
        let children_dir = root_file.parent().unwrap_or(dir).to_path_buf();
        library.add_module(
            String::new(),
            None,
            file.attrs,
            syn::Visibility::Inherited,
            file.items,
            &root_file,
            &text,
            &children_dir,
        )?;
        Ok(library)
    }

    /// Loads a module whose items are `items` (written in `file`, whose text is `text`);
    /// its file submodules live in `children_dir`.
    #[allow(clippy::too_many_arguments)]
    fn add_module(
        &mut self,
        name: String,
        parent: Option<ModuleId>,
        attrs: Vec<syn::Attribute>,
        vis: syn::Visibility,
        items: Vec<syn::Item>,
        file: &Path,
        text: &Rc<str>,
        children_dir: &Path,
    ) -> Result<ModuleId, Error> {
        let id = self.modules.len();
        self.modules.push(Module {
            name,
            parent,
            attrs,
            vis,
            entries: Vec::new(),
            file: file.to_path_buf(),
            text: text.clone(),
        });
        let mut entries = Vec::new();
        for item in items {
            if item_attrs(&item).iter().any(is_cfg_test) {
                continue;
            }
            let syn::Item::Mod(module) = item else {
                entries.push(Entry::Item(item));
                continue;
            };
            let name = module.ident.to_string();
            let child = match module.content {
                Some((_, items)) => self.add_module(
                    name.clone(),
                    Some(id),
                    module.attrs,
                    module.vis,
                    items,
                    file,
                    text,
                    &children_dir.join(&name),
                )?,
                None => {
                    let candidates = match path_attribute(&module.attrs) {
                        Some(path) => vec![file.parent().unwrap_or(children_dir).join(path)],
                        None => vec![
                            children_dir.join(format!("{name}.rs")),
                            children_dir.join(&name).join("mod.rs"),
                        ],
                    };
                    let Some(path) = candidates.iter().find(|p| p.is_file()) else {
                        return Err(ErrorKind::ModuleFileMissing {
                            at: Location::of_span(file, text, module.ident.span()),
                            module: name,
                            tried: candidates,
                        }
                        .into());
                    };
                    let child_text: Rc<str> = source::read(path)?.into();
                    let child_file = source::parse(path, &child_text)?;
                    let grandchildren = if path.ends_with("mod.rs") {
                        path.parent().unwrap_or(children_dir).to_path_buf()
                    } else {
                        children_dir.join(&name)
                    };
                    let mut attrs = module.attrs;
                    attrs.retain(|a| !a.path().is_ident("path"));
                    attrs.extend(child_file.attrs);
                    self.add_module(
                        name,
                        Some(id),
                        attrs,
                        module.vis,
                        child_file.items,
                        path,
                        &child_text,
                        &grandchildren,
                    )?
                }
            };
            entries.push(Entry::Module(child));
        }
        self.modules[id].entries = entries;
        Ok(id)
    }

    /// `a::b` for a module, the crate name for the root.
    pub fn module_path(&self, mut id: ModuleId) -> String {
        let mut names = Vec::new();
        while let Some(parent) = self.modules[id].parent {
            names.push(self.modules[id].name.as_str());
            id = parent;
        }
        names.push(&self.name);
        names.reverse();
        names.join("::")
    }

    /// The child of `module` called `name`.
    pub fn child(&self, module: ModuleId, name: &str) -> Option<ModuleId> {
        self.modules[module].entries.iter().find_map(|e| match e {
            Entry::Module(id) if self.modules[*id].name == name => Some(*id),
            _ => None,
        })
    }
}

fn path_attribute(attrs: &[syn::Attribute]) -> Option<String> {
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
