//! What a crate's build script wrote, for the code that includes it: num-bigint 0.4's
//! `include! { concat!(env!("OUT_DIR"), "/radix_bases.rs") }`, typenum 1.11's
//! `include!(env!("TYPENUM_BUILD_OP"))`. A judge runs no build script, so the bundle carries
//! the written items themselves: Cargo runs the script (`cargo check -p name@version`, into
//! the cache folder's `build-scripts` target), reports its `OUT_DIR` and the variables it sets,
//! and the `include!` call is replaced by the file it names, as rustc would read it.
//!
//! The cfgs a build script sets (`cargo:rustc-cfg`) are decided as Cargo's run set them:
//! crates rely on each other's (num-bigint 0.4.3 implements `to_i128`, which num-traits 0.2.15
//! declares only under its script's `has_i128`). What a script sets is kept in the cache
//! folder per crate, so a warm bundle runs no Cargo.

use super::crates::CrateSpec;
use cargo_metadata::Message;
use proc_macro2::{Delimiter, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A build script's outputs: its `OUT_DIR`, the variables it set (`cargo:rustc-env`) and
/// the cfgs (`name` or `name="value"`).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Outputs {
    pub out_dir: PathBuf,
    pub env: BTreeMap<String, String>,
    pub cfgs: BTreeSet<String>,
}

/// The build scripts of one package's dependencies, run by Cargo when first asked.
#[derive(Debug)]
pub struct BuildScripts {
    manifest: PathBuf,
    /// By package (`name version`); `None` once Cargo was asked and had nothing for it.
    ran: BTreeMap<String, Option<Outputs>>,
}

impl BuildScripts {
    /// For the package of `manifest`.
    pub fn new(manifest: &Path) -> BuildScripts {
        BuildScripts {
            manifest: manifest.to_path_buf(),
            ran: BTreeMap::new(),
        }
    }

    /// The outputs of `spec`'s build script: as kept in the cache folder when its `OUT_DIR`
    /// is still there, else Cargo's run (then kept). `None` when it has none or Cargo cannot
    /// run it (the bundle's check then says what is missing).
    pub fn outputs(&mut self, spec: &CrateSpec) -> Option<Outputs> {
        let script = spec.build_script.as_deref()?;
        // Keyed by the crate's folder, features and script: a registry crate's never change.
        let (modified, len) = super::crates::stamp(script).unwrap_or_default();
        let key = format!(
            "{}|{:?}|{modified}|{len}",
            spec.dir.display(),
            spec.features
        );
        let kept = crate::dirs::cache_dir().map(|cache| {
            cache
                .join("build-scripts/outputs")
                .join(crate::dirs::cache_key(&key))
        });
        let read = |file: &Path| -> Option<Outputs> {
            let outputs: Outputs = serde_json::from_slice(&std::fs::read(file).ok()?).ok()?;
            outputs.out_dir.is_dir().then_some(outputs)
        };
        if let Some(outputs) = kept.as_deref().and_then(read) {
            return Some(outputs);
        }
        let outputs = self.run_for(&spec.package)?.clone();
        if let (Some(file), Ok(json)) = (kept, serde_json::to_vec(&outputs)) {
            // A cache entry lost is only time: the next bundle asks Cargo again.
            if let Some(dir) = file.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = crate::atomic::write_files(&[(&file, &json)]);
        }
        Some(outputs)
    }

    /// [`BuildScripts::outputs`] of `package` (`name version`) as Cargo reports them.
    fn run_for(&mut self, package: &str) -> Option<&Outputs> {
        if !self.ran.contains_key(package) {
            let found = self.run(package);
            self.ran.insert(package.to_string(), None);
            for (name, outputs) in found {
                self.ran.insert(name, Some(outputs));
            }
        }
        self.ran.get(package)?.as_ref()
    }

    /// Each build script Cargo ran for `package` and its dependencies, by package.
    fn run(&self, package: &str) -> Vec<(String, Outputs)> {
        let target = crate::dirs::cache_dir().map_or_else(
            || crate::expand::build::folder_of(&self.manifest).join("target"),
            |cache| cache.join("build-scripts"),
        );
        let _status = crate::status::show(format!(
            "running the build scripts of {package} and its dependencies, with Cargo"
        ));
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let child = Command::new(cargo)
            .current_dir(crate::expand::build::folder_of(&self.manifest))
            .args(["check", "--message-format=json", "--manifest-path"])
            .arg(&self.manifest)
            .arg("--target-dir")
            .arg(&target)
            .args(["-p", &package.replace(' ', "@")])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn();
        let Ok(mut child) = child else {
            return Vec::new();
        };
        let mut found = Vec::new();
        if let Some(stdout) = child.stdout.take() {
            for message in Message::parse_stream(BufReader::new(stdout)).map_while(Result::ok) {
                if let Message::BuildScriptExecuted(script) = message {
                    let Some(name) = package_of(&script.package_id.repr) else {
                        continue;
                    };
                    found.push((
                        name,
                        Outputs {
                            out_dir: script.out_dir.into(),
                            env: script.env.into_iter().collect(),
                            cfgs: script.cfgs.into_iter().collect(),
                        },
                    ));
                }
            }
        }
        // What Cargo could not build is left out: the outputs it did report stand.
        let _ = child.wait();
        found
    }
}

/// `name version` of a Cargo package id: `registry+https://..#num-bigint@0.4.3`,
/// `path+file:///x/typenum#1.11.2` (the name is the folder's then), or the older
/// `num-bigint 0.4.3 (registry+https://..)`.
fn package_of(id: &str) -> Option<String> {
    if let Some((source, fragment)) = id.rsplit_once('#') {
        return Some(match fragment.split_once('@') {
            Some((name, version)) => format!("{name} {version}"),
            None => {
                let name = source.trim_end_matches('/').rsplit('/').next()?;
                format!("{name} {fragment}")
            }
        });
    }
    let mut words = id.split(' ');
    Some(format!("{} {}", words.next()?, words.next()?))
}

/// The items of the file the `include!` call `call` names; `None` when it names none that
/// `outputs` tell, or the file does not parse as items.
pub fn included_items(call: &syn::Macro, outputs: &Outputs) -> Option<Vec<syn::Item>> {
    let file = included_file(&call.tokens, outputs)?;
    let text = std::fs::read_to_string(file).ok()?;
    Some(syn::parse_file(&text).ok()?.items)
}

/// Replaces each `include!` of a build script's file written as items inside a function's
/// body or an inline module by those items.
pub struct Inliner<'a>(pub &'a Outputs);

impl syn::visit_mut::VisitMut for Inliner<'_> {
    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            let mut out = Vec::new();
            for item in items.drain(..) {
                match &item {
                    syn::Item::Macro(call) if call.mac.path.is_ident("include") => {
                        match included_items(&call.mac, self.0) {
                            Some(included) => out.extend(included),
                            None => out.push(item),
                        }
                    }
                    _ => out.push(item),
                }
            }
            *items = out;
        }
        syn::visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        let mut out = Vec::new();
        for stmt in block.stmts.drain(..) {
            let call = match &stmt {
                syn::Stmt::Item(syn::Item::Macro(call)) => Some(&call.mac),
                syn::Stmt::Macro(call) => Some(&call.mac),
                _ => None,
            };
            match call
                .filter(|mac| mac.path.is_ident("include"))
                .and_then(|mac| included_items(mac, self.0))
            {
                Some(items) => out.extend(items.into_iter().map(syn::Stmt::Item)),
                None => out.push(stmt),
            }
        }
        block.stmts = out;
        syn::visit_mut::visit_block_mut(self, block);
    }
}

/// The file an `include!` call's argument names, with `outputs` for `env!`: a string
/// literal, `env!("VAR")`, or `concat!` of those; `None` for anything else.
pub fn included_file(argument: &TokenStream, outputs: &Outputs) -> Option<PathBuf> {
    let tokens: Vec<TokenTree> = argument.clone().into_iter().collect();
    string_of(&tokens, outputs).map(PathBuf::from)
}

/// The string `tokens` make: a literal, `env!(..)` or `concat!(..)`.
fn string_of(tokens: &[TokenTree], outputs: &Outputs) -> Option<String> {
    match tokens {
        [TokenTree::Literal(literal)] => syn::parse_str::<syn::LitStr>(&literal.to_string())
            .ok()
            .map(|literal| literal.value()),
        [TokenTree::Ident(name), TokenTree::Punct(bang), TokenTree::Group(args)]
            if bang.as_char() == '!' && args.delimiter() != Delimiter::None =>
        {
            let parts: Vec<TokenTree> = args.stream().into_iter().collect();
            match name.to_string().as_str() {
                "env" => {
                    let variable = string_of(&parts, outputs)?;
                    if variable == "OUT_DIR" {
                        Some(outputs.out_dir.display().to_string())
                    } else {
                        outputs.env.get(&variable).cloned()
                    }
                }
                "concat" => parts
                    .split(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','))
                    .filter(|part| !part.is_empty())
                    .map(|part| string_of(part, outputs))
                    .collect(),
                _ => None,
            }
        }
        // `include!{ .. }` and `(..)` around the whole argument.
        [TokenTree::Group(group)] if group.delimiter() == Delimiter::None => {
            string_of(&group.stream().into_iter().collect::<Vec<_>>(), outputs)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_ids_in_every_form_cargo_writes() {
        for (id, package) in [
            (
                "registry+https://github.com/rust-lang/crates.io-index#num-bigint@0.4.3",
                "num-bigint 0.4.3",
            ),
            ("path+file:///work/libs/typenum#1.11.2", "typenum 1.11.2"),
            (
                "path+file:///work/libs/my-lib#other-name@0.2.0",
                "other-name 0.2.0",
            ),
            (
                "num-bigint 0.4.3 (registry+https://github.com/rust-lang/crates.io-index)",
                "num-bigint 0.4.3",
            ),
        ] {
            assert_eq!(package_of(id).as_deref(), Some(package), "{id}");
        }
    }

    #[test]
    fn include_arguments_made_of_literals_env_and_concat() {
        let outputs = Outputs {
            out_dir: PathBuf::from("/t/out"),
            env: [("GEN".to_string(), "/t/gen.rs".to_string())]
                .into_iter()
                .collect(),
            cfgs: BTreeSet::new(),
        };
        let file = |source: &str| included_file(&source.parse().unwrap(), &outputs);
        assert_eq!(
            file(r#"concat!(env!("OUT_DIR"), "/radix_bases.rs")"#),
            Some(PathBuf::from("/t/out/radix_bases.rs"))
        );
        assert_eq!(file(r#"env!("GEN")"#), Some(PathBuf::from("/t/gen.rs")));
        assert_eq!(file(r#""/fixed.rs""#), Some(PathBuf::from("/fixed.rs")));
        assert_eq!(file(r#"env!("UNSET")"#), None);
        assert_eq!(file(r#"concat!(env!("OUT_DIR"), file!())"#), None);
    }
}
