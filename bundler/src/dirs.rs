//! Where grundy keeps what is worth keeping between runs.

use std::path::PathBuf;

/// The cache folder (`cargo metadata`'s answers, the embedded templates, the crates a judge
/// provides, built once): `$GRUNDY_CACHE_DIR`, else `$XDG_CACHE_HOME/grundy`, else
/// `~/.cache/grundy`. Created if missing; `None` when there is no such place.
pub fn cache_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("GRUNDY_CACHE_DIR")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("XDG_CACHE_HOME").map(|d| PathBuf::from(d).join("grundy")))
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/grundy")))?;
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir)
}

/// A short name for cache entries keyed by `text`: the first 8 bytes of its SHA-256, in hex.
pub fn cache_key(text: &str) -> String {
    use sha2::Digest;
    let hash = sha2::Sha256::digest(text.as_bytes());
    hash.iter().take(8).map(|b| format!("{b:02x}")).collect()
}
