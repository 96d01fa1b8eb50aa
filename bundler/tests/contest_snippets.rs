//! `snippets`: every format, read back the way its editor reads it, gives each body exactly
//! as `show` printed it. The fixture library has a template full of `$`, backticks and
//! backslashes.

use bundler::contest::catalog::Catalog;
use bundler::contest::snippets::{
    collect, merge, render, Snippet, SnippetFormat, BLOCK_BEGIN, BLOCK_END, VSCODE_KEY_PREFIX,
};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};

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
        let entry = &object[&format!("grundy: {name}")];
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

/// A VS Code user file as VS Code writes it, with comments, and the user's own entry.
const USER_VSCODE: &str = "{\n\t// Place your snippets for rust here.\n\t\"mine\": {\n\t\t\"prefix\": \"mn\", \"body\": [\"let x = 1;\"] // why\n\t},\n\t/* theirs too */ \"also mine\": {\"prefix\": \"am\", \"body\": \"$1\"}\n}\n";

#[test]
fn vscode_merge_keeps_the_users_entries_and_replaces_ours() {
    let catalog = catalog();
    let ours = snippets(&catalog);
    let once = merge(SnippetFormat::VsCode, USER_VSCODE, &ours).unwrap();
    // The user's entries and comments, byte for byte.
    for kept in [
        "{\n\t// Place your snippets for rust here.\n\t\"mine\": {\n\t\t\"prefix\": \"mn\", \"body\": [\"let x = 1;\"] // why\n\t},",
        "\t/* theirs too */ \"also mine\": {\"prefix\": \"am\", \"body\": \"$1\"}",
    ] {
        assert!(once.contains(kept), "{once}");
    }
    assert_eq!(once.matches("\"grundy: mex\"").count(), 1, "{once}");
    // A second run with changed snippets replaces ours, adds none.
    let mut changed = ours.clone();
    changed[0].description = "changed".into();
    let twice = merge(SnippetFormat::VsCode, &once, &changed).unwrap();
    assert_eq!(twice.matches("\"grundy: mex\"").count(), 1, "{twice}");
    assert_eq!(twice.matches("\"description\": \"changed\"").count(), 1);
    assert_eq!(merge(SnippetFormat::VsCode, &once, &ours).unwrap(), once);
}

#[test]
fn block_merge_keeps_the_users_snippets_and_replaces_ours() {
    let catalog = catalog();
    let ours = snippets(&catalog);
    let user = "priority -50\n\nsnippet fn \"mine\" b\nfn $1() {}\nendsnippet\n";
    for format in [SnippetFormat::UltiSnips, SnippetFormat::NeoSnippet] {
        let once = merge(format, user, &ours).unwrap();
        assert!(
            once.starts_with(&format!("{user}\n{BLOCK_BEGIN}")),
            "{once}"
        );
        assert!(once.ends_with(&format!("\n{BLOCK_END}\n")), "{once}");
        // Something of the user's after our block stays after it.
        let with_tail = format!("{once}\nsnippet tail\n\ttail\n");
        let mut changed = ours.clone();
        changed.truncate(1);
        let twice = merge(format, &with_tail, &changed).unwrap();
        assert_eq!(twice.matches(BLOCK_BEGIN).count(), 1, "{twice}");
        assert!(
            twice.starts_with(&format!("{user}\n{BLOCK_BEGIN}")),
            "{twice}"
        );
        assert!(
            twice.ends_with(&format!("{BLOCK_END}\n\nsnippet tail\n\ttail\n")),
            "{twice}"
        );
        assert!(!twice.contains("snippet subtraction_sg"), "{twice}");
        assert_eq!(merge(format, &once, &ours).unwrap(), once);
    }
}

#[test]
fn files_that_cannot_be_merged_into_are_refused() {
    let ours = snippets(&catalog());
    for bad in ["{\"a\": 1,}", "[]", "{\"a\": /* open", "not json"] {
        assert!(merge(SnippetFormat::VsCode, bad, &ours).is_err(), "{bad}");
    }
    let two_blocks = format!("{BLOCK_BEGIN}\n{BLOCK_END}\n{BLOCK_BEGIN}\n{BLOCK_END}\n");
    for bad in [
        format!("{BLOCK_BEGIN}\nsnippet a\n"),
        format!("{BLOCK_END}\n{BLOCK_BEGIN}\n"),
        two_blocks,
    ] {
        let err = merge(SnippetFormat::UltiSnips, &bad, &ours).unwrap_err();
        assert!(err.contains("marker"), "{err}");
    }
}

fn grundy(args: &[&str], home: &Path) -> Output {
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/contest/templates");
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .arg("--lib")
        .arg(lib)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("xdg"))
        .output()
        .unwrap()
}

#[test]
fn the_command_merges_into_a_file_and_refuses_a_malformed_one_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rust.json");
    std::fs::write(&file, USER_VSCODE).unwrap();
    let args = [
        "snippets",
        "--format",
        "vscode",
        "-o",
        file.to_str().unwrap(),
    ];
    assert!(grundy(&args, dir.path()).status.success());
    let once = std::fs::read_to_string(&file).unwrap();
    assert!(
        once.contains("\t\"mine\": {\n\t\t\"prefix\": \"mn\""),
        "{once}"
    );
    assert_eq!(once.matches(VSCODE_KEY_PREFIX).count(), 5, "{once}");
    assert!(grundy(&args, dir.path()).status.success());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), once);

    let bad = "{\n\t\"mine\": {\"prefix\": \"mn\",}\n}\n";
    std::fs::write(&file, bad).unwrap();
    let out = grundy(&args, dir.path());
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error: cannot write "), "{err}");
    assert!(err.contains("left as it was"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), bad);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn install_writes_a_file_of_our_own_where_each_editor_looks() {
    let home = tempfile::tempdir().unwrap();
    for (format, path) in [
        ("vscode", "xdg/Code/User/snippets/grundy.code-snippets"),
        ("ultisnips", ".vim/UltiSnips/rust_grundy.snippets"),
        ("neosnippet", ".vim/neosnippets/rust_grundy.snip"),
    ] {
        let out = grundy(&["snippets", "--format", format, "--install"], home.path());
        assert!(out.status.success(), "{out:?}");
        let path = home.path().join(path);
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            format!("wrote {}\n", path.display())
        );
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("wythoff"), "{text}");
    }
    let vscode = home
        .path()
        .join("xdg/Code/User/snippets/grundy.code-snippets");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(vscode).unwrap()).unwrap();
    assert_eq!(json["grundy: nim"], serde_json::Value::Null);
    assert_eq!(json["grundy: wythoff"]["scope"], "rust");
}

#[test]
fn strip_docs_leaves_the_doc_comments_out_of_the_bodies() {
    let home = tempfile::tempdir().unwrap();
    let with = grundy(&["snippets", "--format", "ultisnips"], home.path());
    let without = grundy(
        &["snippets", "--format", "ultisnips", "--strip-docs"],
        home.path(),
    );
    let (with, without) = (
        String::from_utf8(with.stdout).unwrap(),
        String::from_utf8(without.stdout).unwrap(),
    );
    assert!(with.contains("//! Description: Wythoff's game."), "{with}");
    assert!(with.contains("/// The smallest value not in"), "{with}");
    assert!(
        !without.contains("//!") && !without.contains("///"),
        "{without}"
    );
    assert!(without.contains("snippet wythoff"), "{without}");
}
