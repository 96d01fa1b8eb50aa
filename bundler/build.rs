//! Embeds the workspace's `templates` crate in the program, so `list`, `show`, `snippets`,
//! `notebook` and bundling against our templates work with no checkout at hand: writes
//! `$OUT_DIR/embedded_templates.rs` with every file of the crate (see `project.rs`).

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn main() {
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by Cargo"));
    let workspace = manifest_dir
        .parent()
        .expect("bundler/ sits in the workspace");
    let templates = workspace.join("templates");
    println!("cargo:rerun-if-changed={}", templates.display());
    println!(
        "cargo:rerun-if-changed={}",
        workspace.join("Cargo.toml").display()
    );

    let mut files = Vec::new();
    collect(&templates, &templates, &mut files);
    files.sort();
    // The copy stands alone, outside any workspace: what it inherits is written in.
    let edition = workspace_edition(&workspace.join("Cargo.toml"));
    let mut out = String::from(
        "/// The templates crate's files: (path inside the crate, contents).\n\
         pub const FILES: &[(&str, &str)] = &[\n",
    );
    for relative in &files {
        let path = templates.join(relative);
        if relative == "Cargo.toml" {
            let text = std::fs::read_to_string(&path).expect("templates/Cargo.toml is readable");
            let text = text.replace(
                "edition.workspace = true",
                &format!("edition = {edition:?}"),
            );
            writeln!(out, "    ({relative:?}, {text:?}),").unwrap();
        } else {
            writeln!(
                out,
                "    ({relative:?}, include_str!({:?})),",
                path.display().to_string()
            )
            .unwrap();
        }
    }
    out.push_str("];\n");
    let target = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by Cargo"));
    std::fs::write(target.join("embedded_templates.rs"), out).expect("OUT_DIR is writable");
}

/// The crate's files, by path relative to `root` with `/` separators: its manifest and
/// sources (no build output).
fn collect(root: &Path, dir: &Path, files: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("templates/ is readable") {
        let path = entry.expect("templates/ is readable").path();
        let relative = path.strip_prefix(root).expect("under root");
        let relative = relative.to_string_lossy().replace('\\', "/");
        if path.is_dir() {
            if relative != "target" {
                collect(root, &path, files);
            }
        } else if relative == "Cargo.toml" || relative.ends_with(".rs") {
            files.push(relative);
        }
    }
}

/// `edition = ".."` under the workspace manifest's `[workspace.package]`.
fn workspace_edition(manifest: &Path) -> String {
    let text = std::fs::read_to_string(manifest).expect("the workspace manifest is readable");
    let mut in_package = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[workspace.package]";
        } else if in_package {
            if let Some(value) = line.strip_prefix("edition") {
                let value = value.trim_start().trim_start_matches('=').trim();
                return value.trim_matches('"').to_string();
            }
        }
    }
    panic!(
        "no edition under [workspace.package] in {}",
        manifest.display()
    );
}
