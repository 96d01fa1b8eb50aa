//! Settings a person would otherwise repeat on every command: which judge a bundle is for,
//! and which libraries a solution outside any Cargo package is bundled against. From, first
//! match wins: the command line; `[package.metadata.grundy]` in the Cargo.toml of the
//! package the solution is in; the user's `$XDG_CONFIG_HOME/grundy/config.toml` (else
//! `~/.config/grundy/config.toml`); then the built-in defaults (judge `none`, our templates).
//!
//! ```toml
//! judge = "codeforces"        # one of `grundy bundle --help`'s judges
//! libs = ["~/ac-library-rs"]  # library crates for solutions outside a package
//! own = ["mylib"]             # crates of one's own: no license notice in a bundle
//! ```
//!
//! Unknown keys are errors: a misspelt setting must not be silently ignored.

use crate::bundle::source::{read_manifest, SourceError};
use crate::profile::Profile;
use std::path::{Path, PathBuf};

#[derive(Debug, Default, Clone, PartialEq)]
pub struct Config {
    /// The judge's name, checked against [`Profile::NAMES`].
    pub judge: Option<String>,
    pub libs: Vec<PathBuf>,
    /// Crates (by the name code uses) that are the user's own: bundled without a license
    /// notice.
    pub own: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error(transparent)]
    Source(#[from] SourceError),
    #[error("{}: {message}", path.display())]
    Invalid { path: PathBuf, message: String },
}

/// The user's config file, whether or not it exists.
pub fn user_file() -> Option<PathBuf> {
    let dir = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(dir.join("grundy/config.toml"))
}

impl Config {
    /// The settings for a solution at `solution`: its package's over the user's.
    pub fn for_solution(solution: &Path) -> Result<Config, ConfigError> {
        let mut config = Config::default();
        if let Some(path) = user_file().filter(|p| p.is_file()) {
            let table = read_manifest(&path)?;
            config = config.over(Config::from_table(&table, &path, "")?);
        }
        if let Some(manifest) = package_manifest(solution) {
            let table = read_manifest(&manifest)?;
            let ours = table
                .get("package")
                .and_then(|p| p.get("metadata"))
                .and_then(|m| m.get("grundy"));
            if let Some(ours) = ours {
                let Some(ours) = ours.as_table() else {
                    return Err(invalid(
                        &manifest,
                        "[package.metadata.grundy] must be a table",
                    ));
                };
                let from_package = Config::from_table(ours, &manifest, "package.metadata.grundy.")?;
                config = config.over(from_package);
            }
        }
        Ok(config)
    }

    /// `self` with what `other` sets put over it.
    fn over(self, other: Config) -> Config {
        Config {
            judge: other.judge.or(self.judge),
            libs: if other.libs.is_empty() {
                self.libs
            } else {
                other.libs
            },
            own: if other.own.is_empty() {
                self.own
            } else {
                other.own
            },
        }
    }

    /// Reads the keys of `table` in `path` (`prefix` names them in messages).
    fn from_table(table: &toml::Table, path: &Path, prefix: &str) -> Result<Config, ConfigError> {
        let mut config = Config::default();
        for (key, value) in table {
            match key.as_str() {
                "judge" => {
                    let name = value
                        .as_str()
                        .ok_or_else(|| invalid(path, &format!("{prefix}judge must be a string")))?;
                    Profile::named(name)
                        .map_err(|e| invalid(path, &format!("{prefix}judge: {e}")))?;
                    config.judge = Some(name.to_string());
                }
                "libs" => {
                    let bad = || invalid(path, &format!("{prefix}libs must be a list of folders"));
                    let list = value.as_array().ok_or_else(bad)?;
                    for item in list {
                        let dir = item.as_str().ok_or_else(bad)?;
                        config.libs.push(resolve(dir, path));
                    }
                }
                "own" => {
                    let bad =
                        || invalid(path, &format!("{prefix}own must be a list of crate names"));
                    let list = value.as_array().ok_or_else(bad)?;
                    for item in list {
                        config
                            .own
                            .push(item.as_str().ok_or_else(bad)?.replace('-', "_"));
                    }
                }
                other => {
                    return Err(invalid(
                        path,
                        &format!("unknown setting `{prefix}{other}` (settings: judge, libs, own)"),
                    ))
                }
            }
        }
        Ok(config)
    }
}

fn invalid(path: &Path, message: &str) -> ConfigError {
    ConfigError::Invalid {
        path: path.to_path_buf(),
        message: message.to_string(),
    }
}

/// `~/` is the home folder; a relative folder is relative to the file that names it.
fn resolve(dir: &str, file: &Path) -> PathBuf {
    if let (Some(rest), Some(home)) = (dir.strip_prefix("~/"), std::env::var_os("HOME")) {
        return PathBuf::from(home).join(rest);
    }
    let dir = Path::new(dir);
    match file.parent() {
        Some(parent) if dir.is_relative() => parent.join(dir),
        _ => dir.to_path_buf(),
    }
}

/// The edition of the package `solution` is in (`2015` when its manifest names none, as
/// Cargo reads it; its workspace's for `edition.workspace = true`); `None` outside a package.
pub fn package_edition(solution: &Path) -> Option<String> {
    let manifest = package_manifest(solution)?;
    let table = read_manifest(&manifest).ok()?;
    let edition = table.get("package")?.get("edition");
    match edition {
        None => Some("2015".to_string()),
        Some(toml::Value::String(edition)) => Some(edition.clone()),
        Some(_) => manifest.ancestors().skip(1).find_map(|dir| {
            let table = read_manifest(&dir.join("Cargo.toml")).ok()?;
            let edition = table.get("workspace")?.get("package")?.get("edition")?;
            Some(edition.as_str()?.to_string())
        }),
    }
}

/// The Cargo.toml of the package `solution` is in, dependencies or not.
fn package_manifest(solution: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(solution).ok()?;
    absolute.ancestors().skip(1).find_map(|dir| {
        let manifest = dir.join("Cargo.toml");
        let is_package = read_manifest(&manifest).is_ok_and(|t| t.contains_key("package"));
        is_package.then_some(manifest)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> toml::Table {
        text.parse().unwrap()
    }

    #[test]
    fn settings_are_read_checked_and_layered() {
        let path = Path::new("/x/config.toml");
        let user =
            Config::from_table(&table("judge = \"atcoder\"\nlibs = [\"lib\"]"), path, "").unwrap();
        assert_eq!(user.judge.as_deref(), Some("atcoder"));
        assert_eq!(user.libs, vec![PathBuf::from("/x/lib")]);
        let package = Config::from_table(
            &table("judge = \"codeforces\"\nown = [\"my-lib\"]"),
            path,
            "",
        )
        .unwrap();
        assert_eq!(package.own, ["my_lib"]);
        let both = user.clone().over(package);
        assert_eq!(both.judge.as_deref(), Some("codeforces"));
        assert_eq!(both.libs, vec![PathBuf::from("/x/lib")]);

        let error = |text: &str| {
            Config::from_table(&table(text), path, "p.")
                .unwrap_err()
                .to_string()
        };
        assert!(error("judge = \"codeforce\"")
            .starts_with("/x/config.toml: p.judge: no judge named `codeforce`"));
        assert_eq!(
            error("jugde = \"atcoder\""),
            "/x/config.toml: unknown setting `p.jugde` (settings: judge, libs, own)"
        );
        assert_eq!(
            error("libs = \"a\""),
            "/x/config.toml: p.libs must be a list of folders"
        );
    }
}
