//! The crates a judge provides (AtCoder's set, DMOJ's `rand`): a bundle for that judge names
//! them as they are, and is checked against them as the judge compiles it. Cargo builds the
//! ones a bundle uses, at the judge's versions and features and with its cfgs, once per set
//! into the cache folder; rustc then gets each as `--extern name=lib.rlib`.

use super::{Profile, Provided};
use proc_macro2::{Spacing, TokenStream, TokenTree};
use std::path::{Path, PathBuf};
use std::process::Command;

/// rustc's arguments that make provided crates available: `--extern` and `-L dependency=`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Externs {
    pub args: Vec<String>,
}

/// Why the provided crates could not be built.
#[derive(Debug, thiserror::Error)]
#[error("cannot build the crates {title} provides ({crates}) to check the bundle against them: {message}")]
pub struct ProvidedError {
    pub title: &'static str,
    /// `proconio =0.5.0, ...`.
    pub crates: String,
    pub message: String,
}

/// The provided crates `source` names: a path that starts with one (`proconio::input`, not
/// `self::proconio` nor `x.proconio`), or an `extern crate` of one. Text that does not lex
/// names none (rustc will say why).
pub fn used(profile: &'static Profile, source: &str) -> Vec<&'static Provided> {
    if profile.provided.is_empty() {
        return Vec::new();
    }
    let Ok(tokens) = source.parse::<TokenStream>() else {
        return Vec::new();
    };
    let mut names = std::collections::BTreeSet::new();
    collect_roots(tokens, &mut names);
    profile
        .provided
        .iter()
        .filter(|c| names.contains(c.name))
        .collect()
}

/// Every identifier that starts a path or follows `extern crate`, in `tokens`.
fn collect_roots(tokens: TokenStream, names: &mut std::collections::BTreeSet<String>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let is_punct = |i: usize, ch: char| matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ch);
    let is_word =
        |i: usize, word: &str| matches!(tokens.get(i), Some(TokenTree::Ident(id)) if id == word);
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Group(group) => collect_roots(group.stream(), names),
            TokenTree::Ident(ident) => {
                let starts_path = matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
                    && is_punct(i + 2, ':');
                let after_path = i > 0 && (is_punct(i - 1, ':') || is_punct(i - 1, '.'));
                let after_extern = i > 1 && is_word(i - 2, "extern") && is_word(i - 1, "crate");
                if starts_path && !after_path || after_extern {
                    names.insert(ident.to_string());
                }
            }
            _ => {}
        }
    }
}

/// The `--extern` arguments for `crates` of `profile`: built by Cargo the first time (offline
/// first, so fetched sources suffice), then read from the cache.
pub fn externs(profile: &Profile, crates: &[&Provided]) -> Result<Externs, ProvidedError> {
    if crates.is_empty() {
        return Ok(Externs::default());
    }
    let listed = crates
        .iter()
        .map(|c| format!("{} {}", c.package, c.version))
        .collect::<Vec<_>>()
        .join(", ");
    let fail = |message: String| ProvidedError {
        title: profile.title,
        crates: listed.clone(),
        message,
    };
    let manifest = manifest(profile, crates);
    let root = crate::dirs::cache_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("judge-crates");
    let project = root.join(format!(
        "{}-{}",
        profile.name,
        crate::dirs::cache_key(&manifest)
    ));
    let answer = project.join("externs.json");
    if let Some(externs) = std::fs::read_to_string(&answer)
        .ok()
        .and_then(|text| serde_json::from_str::<Externs>(&text).ok())
        .filter(externs_exist)
    {
        return Ok(externs);
    }
    let write = |path: &Path, text: &str| {
        std::fs::create_dir_all(path.parent().expect("a file in the project"))
            .and_then(|()| std::fs::write(path, text))
            .map_err(|e| fail(format!("{}: {e}", path.display())))
    };
    write(&project.join("Cargo.toml"), &manifest)?;
    write(&project.join("src/main.rs"), "fn main() {}\n")?;
    // One target folder per judge: its cfgs are in every crate's fingerprint.
    let target = root.join(format!("target-{}", profile.name));
    let _status = crate::status::show(format!(
        "building the crates {} provides that the bundle uses, with Cargo: {listed}",
        profile.title
    ));
    let built = cargo_build(profile, &project, &target, true)
        .or_else(|_| cargo_build(profile, &project, &target, false))
        .map_err(fail)?;
    let deps = target.join("release/deps");
    let mut args = Vec::new();
    for c in crates {
        let rlib = built
            .iter()
            .find(|(package, name, _)| package == c.package && name == c.name)
            .map(|(_, _, rlib)| rlib)
            .ok_or_else(|| fail(format!("Cargo built no library `{}`", c.name)))?;
        args.push("--extern".to_string());
        args.push(format!("{}={}", c.name, rlib.display()));
    }
    args.push("-L".to_string());
    args.push(format!("dependency={}", deps.display()));
    let externs = Externs { args };
    let json = serde_json::to_string(&externs).expect("strings serialize");
    // Best effort: without it the next run asks Cargo again, which finds everything built.
    let _ = crate::atomic::write_output(&answer, json.as_bytes());
    Ok(externs)
}

/// The judge's `Cargo.toml` reduced to `crates`: its versions, features, LTO and edition.
fn manifest(profile: &Profile, crates: &[&Provided]) -> String {
    let mut text = format!(
        "[package]\nname = \"judge-crates\"\nversion = \"0.0.0\"\nedition = \"{}\"\npublish = false\n\n\
         [dependencies]\n",
        profile.editions[0]
    );
    for c in crates {
        let features: Vec<String> = c.features.iter().map(|f| format!("\"{f}\"")).collect();
        text += &format!(
            "{} = {{ version = \"{}\", features = [{}] }}\n",
            c.package,
            c.version,
            features.join(", ")
        );
    }
    let lto = profile.flags.windows(2).any(|w| w == ["-C", "lto"]);
    // `-C lto` over rlibs needs their bitcode, which Cargo keeps only for an LTO profile.
    text += &format!("\n[profile.release]\nlto = {lto}\n");
    // Not a member of a workspace this folder may be under.
    text += "\n[workspace]\n";
    text
}

/// Runs `cargo build --release` in `project`; the libraries it made: (package, crate name,
/// rlib). `Err` with Cargo's message.
fn cargo_build(
    profile: &Profile,
    project: &Path,
    target: &Path,
    offline: bool,
) -> Result<Vec<(String, String, PathBuf)>, String> {
    let rustflags: Vec<String> = profile.cfgs.iter().map(|c| format!("--cfg {c}")).collect();
    let mut command = Command::new("cargo");
    command
        .args([
            "build",
            "--release",
            "--message-format=json",
            "--manifest-path",
        ])
        .arg(project.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(target)
        .env("RUSTFLAGS", rustflags.join(" "))
        .env_remove("CARGO_ENCODED_RUSTFLAGS");
    if offline {
        command.arg("--offline");
    }
    let output = command
        .output()
        .map_err(|e| format!("could not run cargo: {e}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(12).collect();
        return Err(tail.into_iter().rev().collect::<Vec<_>>().join("\n"));
    }
    #[derive(serde::Deserialize)]
    struct Artifact {
        reason: String,
        #[serde(default)]
        package_id: String,
        target: Option<Target>,
        #[serde(default)]
        filenames: Vec<PathBuf>,
    }
    #[derive(serde::Deserialize)]
    struct Target {
        name: String,
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    Ok(stdout
        .lines()
        .filter_map(|line| serde_json::from_str::<Artifact>(line).ok())
        .filter(|a| a.reason == "compiler-artifact")
        .filter_map(|a| {
            let rlib = a
                .filenames
                .into_iter()
                .find(|f| f.extension().is_some_and(|e| e == "rlib"))?;
            Some((package_name(&a.package_id)?, a.target?.name, rlib))
        })
        .collect())
}

/// The package of a Cargo package id: `registry+https://...#proconio@0.5.0` (Cargo 1.77 on)
/// or `proconio 0.5.0 (registry+...)` (before).
fn package_name(id: &str) -> Option<String> {
    match id.rsplit_once('#') {
        Some((_, name_version)) => Some(name_version.split('@').next()?.to_string()),
        None => Some(id.split(' ').next()?.to_string()),
    }
}

fn externs_exist(externs: &Externs) -> bool {
    externs.args.iter().all(|arg| match arg.split_once('=') {
        Some((name, path)) if !name.is_empty() && name != "dependency" => Path::new(path).is_file(),
        _ => true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn used_names(source: &str) -> Vec<&'static str> {
        used(Profile::named("atcoder").unwrap(), source)
            .iter()
            .map(|c| c.name)
            .collect()
    }

    #[test]
    fn a_provided_crate_is_used_where_a_path_starts_with_it() {
        assert_eq!(
            used_names("use proconio::input;\nfn main() { input!{n: usize} }"),
            ["proconio"]
        );
        assert_eq!(
            used_names("fn main() { let v = itertools::repeat_n(1, 2); }"),
            ["itertools"]
        );
        assert_eq!(used_names("extern crate num;\nfn main() {}"), ["num"]);
        assert_eq!(
            used_names("use {ac_library::Dsu, std::io};\nfn main() {}"),
            ["ac_library"]
        );
    }

    #[test]
    fn a_name_inside_a_path_or_after_a_dot_is_not_a_crate() {
        assert!(used_names(
            "mod a { pub mod proconio { pub fn f() {} } }\n\
             fn main() { crate::a::proconio::f(); let x = s.num; let itertools = 1; }"
        )
        .is_empty());
        assert!(used_names("fn main() { let s = \"proconio::input\"; }").is_empty());
        assert!(used(
            Profile::named("codeforces").unwrap(),
            "use proconio::input;"
        )
        .is_empty());
    }

    #[test]
    fn package_ids_of_either_form_name_their_package() {
        assert_eq!(
            package_name("registry+https://github.com/rust-lang/crates.io-index#proconio@0.5.0")
                .as_deref(),
            Some("proconio")
        );
        assert_eq!(
            package_name("ac-library-rs 0.2.0 (registry+https://x)").as_deref(),
            Some("ac-library-rs")
        );
    }

    #[test]
    fn the_manifest_pins_the_judges_versions_and_features() {
        let atcoder = Profile::named("atcoder").unwrap();
        let proconio = atcoder.provides("proconio").unwrap();
        let text = manifest(atcoder, &[proconio]);
        assert!(
            text.contains("proconio = { version = \"=0.5.0\", features = [\"derive\"] }"),
            "{text}"
        );
        assert!(text.contains("edition = \"2024\"") && text.contains("lto = true"));
        let _: toml::Table = text.parse().unwrap();
    }
}
