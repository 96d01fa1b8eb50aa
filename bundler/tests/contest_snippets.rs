//! `snippets`: every format, read back the way its editor reads it, gives each body exactly
//! as `show` printed it. The fixture library has a template full of `$`, backticks and
//! backslashes.

use bundler::contest::catalog::Catalog;
use bundler::contest::snippets::{collect, render, Snippet, SnippetFormat};
use std::collections::BTreeMap;
use std::path::Path;

fn catalog() -> Catalog {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/contest");
    Catalog::load(&dir.join("templates"), Some(&dir.join("problems"))).unwrap()
}

/// Stands in for the bundler's `show`: the named templates' code, each after its
/// dependencies, in a module of its own.
fn show(catalog: &Catalog, names: &[String]) -> Result<String, String> {
    let mut out = String::new();
    for name in names {
        let t = catalog.get(name).map_err(|e| e.to_string())?;
        for dep in &t.depends_on {
            out += &format!("pub mod {dep} {{\n{}}}\n", catalog.get(dep).unwrap().code);
        }
        out += &format!("pub mod {name} {{\n{}}}\n", t.code);
    }
    Ok(out)
}

/// What each trigger must expand to.
fn expected(catalog: &Catalog) -> BTreeMap<String, String> {
    catalog
        .templates()
        .iter()
        .map(|t| {
            let body = show(catalog, std::slice::from_ref(&t.name)).unwrap();
            (t.name.clone(), body.trim_end_matches('\n').to_string())
        })
        .collect()
}

fn snippets(catalog: &Catalog) -> Vec<Snippet> {
    collect(catalog, &mut |names: &[String]| show(catalog, names)).unwrap()
}

/// Removes the backslash in front of each character of `special`, as the editor does.
fn unescape(text: &str, special: &[char]) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(next) if special.contains(&next) => out.push(next),
                Some(next) => {
                    out.push('\\');
                    out.push(next);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Fails when a character of `special` is not preceded by an odd number of backslashes: the
/// editor would read it as a tab stop (`$`) or an interpolation (a backtick).
fn assert_all_escaped(text: &str, special: &[char]) {
    for (i, c) in text.char_indices() {
        if special.contains(&c) {
            let backslashes = text[..i].chars().rev().take_while(|&b| b == '\\').count();
            assert!(backslashes % 2 == 1, "unescaped {c:?} at {i} in {text:?}");
        }
    }
}

#[test]
fn the_fixture_really_has_special_characters() {
    let catalog = catalog();
    let body = &expected(&catalog)["escapes"];
    for special in ["$1", "${2:y}", "`", "\\\\", "\\$", "\t", "endsnippet"] {
        assert!(body.contains(special), "{special}");
    }
}

#[test]
fn a_failing_show_stops_collection() {
    let catalog = catalog();
    let result = collect(&catalog, &mut |names: &[String]| {
        if names[0] == "mex" {
            Err("engine failed")
        } else {
            Ok(String::new())
        }
    });
    assert_eq!(result.unwrap_err(), "engine failed");
}

#[test]
fn vscode_json_bodies_round_trip() {
    let catalog = catalog();
    let text = render(SnippetFormat::VsCode, &snippets(&catalog));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let object = json.as_object().unwrap();
    let expected = expected(&catalog);
    assert_eq!(object.len(), expected.len());
    for (name, body) in &expected {
        let entry = &object[name];
        assert_eq!(entry["prefix"], name.as_str());
        assert_eq!(entry["scope"], "rust");
        let summary = catalog.get(name).unwrap().header.summary();
        assert_eq!(entry["description"], summary.as_str());
        let lines: Vec<&str> = entry["body"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        for line in &lines {
            assert_all_escaped(line, &['$']);
        }
        assert_eq!(
            &unescape(&lines.join("\n"), &['\\', '$', '}']),
            body,
            "{name}"
        );
    }
}

/// Reads an UltiSnips file: `snippet TRIGGER "DESCRIPTION" OPTIONS`, body lines, `endsnippet`.
fn parse_ultisnips(text: &str) -> BTreeMap<String, (String, String)> {
    let mut out = BTreeMap::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix("snippet ") else {
            assert!(
                line.is_empty() || line.starts_with('#'),
                "stray line {line:?}"
            );
            continue;
        };
        let (trigger, rest) = rest.split_once(' ').unwrap();
        let description = &rest[rest.find('"').unwrap() + 1..rest.rfind('"').unwrap()];
        let mut body = Vec::new();
        for line in lines.by_ref() {
            if line.starts_with("endsnippet") {
                break;
            }
            assert_all_escaped(line, &['$', '`']);
            body.push(line);
        }
        let body = unescape(&body.join("\n"), &['\\', '`', '$', '{', '}']);
        out.insert(trigger.to_string(), (description.to_string(), body));
    }
    out
}

#[test]
fn ultisnips_bodies_round_trip() {
    let catalog = catalog();
    let text = render(SnippetFormat::UltiSnips, &snippets(&catalog));
    let parsed = parse_ultisnips(&text);
    let expected = expected(&catalog);
    assert_eq!(parsed.len(), expected.len());
    for (name, body) in &expected {
        let (description, parsed_body) = &parsed[name];
        assert_eq!(parsed_body, body, "{name}");
        assert_eq!(description, &catalog.get(name).unwrap().header.summary());
    }
}

/// Reads a neosnippet file as neosnippet does: `snippet NAME`, attribute lines (`abbr`,
/// `options`), then body lines that start with whitespace or are empty; one leading tab is
/// the snippet's indentation; `\\`, `` \` `` and `\$` are unescaped on expansion.
fn parse_neosnippet(text: &str) -> BTreeMap<String, (String, String)> {
    let mut out = BTreeMap::new();
    let mut current: Option<(String, String, String)> = None;
    let mut finish = |current: Option<(String, String, String)>| {
        if let Some((name, abbr, word)) = current {
            let word = word.trim_end_matches('\n');
            out.insert(name, (abbr, unescape(word, &['\\', '`', '$'])));
        }
    };
    for line in text.lines() {
        if line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix("snippet ") {
            finish(current.take());
            current = Some((name.to_string(), String::new(), String::new()));
        } else if let Some((_, abbr, word)) = current.as_mut() {
            if line.is_empty() || line.starts_with(char::is_whitespace) {
                assert!(line.is_empty() || line.starts_with('\t'), "{line:?}");
                assert_all_escaped(line, &['$', '`']);
                word.push_str(line.strip_prefix('\t').unwrap_or(line));
                word.push('\n');
            } else if let Some(text) = line.strip_prefix("abbr ") {
                *abbr = text.to_string();
            } else {
                assert_eq!(line, "options head");
            }
        } else {
            assert!(line.is_empty(), "stray line {line:?}");
        }
    }
    finish(current);
    out
}

#[test]
fn neosnippet_bodies_round_trip() {
    let catalog = catalog();
    let text = render(SnippetFormat::NeoSnippet, &snippets(&catalog));
    let parsed = parse_neosnippet(&text);
    let expected = expected(&catalog);
    assert_eq!(parsed.len(), expected.len());
    for (name, body) in &expected {
        let (abbr, parsed_body) = &parsed[name];
        assert_eq!(parsed_body, body, "{name}");
        assert_eq!(abbr, &catalog.get(name).unwrap().header.summary());
    }
}
