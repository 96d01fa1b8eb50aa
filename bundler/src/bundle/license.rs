//! The license notice a bundle carries for each bundled crate that declares one: its SPDX
//! expression (manifest `license`) or license file, and the copyright line of that file.

use super::crates::CrateSpec;
use std::path::PathBuf;

/// `// License of `itertools 0.11.0`: MIT OR Apache-2.0; Copyright (c) 2015 ...`, or `None`
/// for a crate that declares no license.
pub fn notice(spec: &CrateSpec) -> Option<String> {
    let terms = match (&spec.license, &spec.license_file) {
        (Some(spdx), _) => spdx.clone(),
        (None, Some(file)) => format!("the terms of its {}", file.file_name()?.to_string_lossy()),
        (None, None) => return None,
    };
    Some(match copyright(spec) {
        Some(line) => format!("// License of `{}`: {terms}; {line}\n", spec.package),
        None => format!("// License of `{}`: {terms}\n", spec.package),
    })
}

/// The first copyright line of the crate's license file, or of the `LICENSE*`, `LICENCE*`,
/// `COPYING*` and `COPYRIGHT*` files beside its manifest (templates' placeholders such as
/// Apache's `[yyyy] [name of copyright owner]` skipped).
fn copyright(spec: &CrateSpec) -> Option<String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(&spec.dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            let name = path
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().to_uppercase());
            ["LICENSE", "LICENCE", "COPYING", "COPYRIGHT"]
                .iter()
                .any(|prefix| name.starts_with(prefix))
        })
        .collect();
    files.sort();
    files.splice(0..0, spec.license_file.iter().cloned());
    files.iter().find_map(|file| {
        let text = std::fs::read_to_string(file).ok()?;
        text.lines().map(str::trim).find_map(|line| {
            let is_copyright = line.to_lowercase().starts_with("copyright")
                && line.chars().any(|c| c.is_ascii_digit())
                && !line.contains('[');
            is_copyright.then(|| line.chars().take(200).collect())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(dir: &std::path::Path, license: Option<&str>, file: Option<&str>) -> CrateSpec {
        CrateSpec {
            name: "x".into(),
            package: "x 1.2.3".into(),
            dir: dir.to_path_buf(),
            root: dir.join("src/lib.rs"),
            edition: super::super::crates::Edition::E2021,
            features: Default::default(),
            deps: Default::default(),
            proc_macros: Default::default(),
            license: license.map(str::to_string),
            license_file: file.map(|f| dir.join(f)),
            build_script: None,
            built_where: None,
        }
    }

    #[test]
    fn the_notice_names_the_terms_and_the_copyright_line() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(notice(&spec(dir.path(), None, None)), None);
        assert_eq!(
            notice(&spec(dir.path(), Some("MIT OR Apache-2.0"), None)).unwrap(),
            "// License of `x 1.2.3`: MIT OR Apache-2.0\n"
        );
        std::fs::write(
            dir.path().join("LICENSE-APACHE"),
            "   Copyright [yyyy] [name of copyright owner]\n",
        )
        .unwrap();
        std::fs::write(
            dir.path().join("LICENSE-MIT"),
            "MIT License\n\nCopyright (c) 2019 Someone\n\nPermission is hereby granted\n",
        )
        .unwrap();
        assert_eq!(
            notice(&spec(dir.path(), Some("MIT OR Apache-2.0"), None)).unwrap(),
            "// License of `x 1.2.3`: MIT OR Apache-2.0; Copyright (c) 2019 Someone\n"
        );
        std::fs::write(dir.path().join("TERMS"), "Copyright 2001 Other\n").unwrap();
        assert_eq!(
            notice(&spec(dir.path(), None, Some("TERMS"))).unwrap(),
            "// License of `x 1.2.3`: the terms of its TERMS; Copyright 2001 Other\n"
        );
    }
}
