//! Expanding proc macros through the toolchain's own server, on the fixture crate
//! `tests/fixtures/expand/macros` (an attribute, a derive, function-like macros, one with
//! mixed-site hygiene, one that panics), built by Cargo:
//!
//! - live: this toolchain's server lists and expands each macro; each expansion must be what
//!   the macro's definition says (written here by hand), and the whole must be what rustc
//!   itself expands (`-Zunpretty=expanded`), identifier hygiene included
//!   (`-Zunpretty=expanded,hygiene`);
//! - replayed: the exchanges recorded with real servers (`tests/fixtures/expand/exchanges`,
//!   one file a toolchain: 1.85.0 to 1.88.0 speak version 5, 1.89.0 to 1.95.0 version 6;
//!   1.85.0's loses invisible groups) played back without any server, every request compared
//!   with the recorded one and every answer checked against the same hand-written
//!   expansions. The format is rust-analyzer's `legacy_protocol` as of e846c04fbe (version
//!   5) and 4bcf03e28b (version 6); the real servers recorded here show it holds for each;
//! - errors: versions we do not speak, bad answers, a dying server, a missing one, a crate
//!   that does not build, invisible groups for a server that loses them.
//!
//! Recording again (needed after any change to what the client sends): install each
//! toolchain (`rustup toolchain install 1.85.0 --profile minimal`), then
//! `GRUNDY_RECORD=1.85.0,1.86.0,1.88.0,1.89.0,1.92.0,1.93.0,1.94.0,1.95.0 cargo test -p bundler
//! --test expand record_exchanges -- --ignored --exact`.

use bundler::expand::build::{build_proc_macros, folder_of, toolchain_sysroot};
use bundler::expand::server::find_server;
use bundler::expand::{
    ExpandError, Expansion, Hygiene, MacroCall, MacroKind, ProcessTransport, Server, Transport,
};
use proc_macro2::{Delimiter, TokenStream, TokenTree};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/expand")
}

fn macros_manifest() -> PathBuf {
    fixtures().join("macros/Cargo.toml")
}

/// The fixture crate built by this toolchain (once for all tests), and its sysroot.
fn built() -> &'static (PathBuf, PathBuf) {
    static BUILT: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("expand-fixture");
        build_fixture(&target)
    })
}

fn build_fixture(target: &Path) -> (PathBuf, PathBuf) {
    let manifest = macros_manifest();
    let dylibs = build_proc_macros(&manifest, &[], target).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(dylibs.len(), 1, "{dylibs:?}");
    assert_eq!(dylibs[0].name, "fixture_macros");
    assert_eq!(dylibs[0].manifest, manifest);
    let sysroot = toolchain_sysroot(folder_of(&manifest)).unwrap();
    (dylibs[0].path.clone(), sysroot)
}

fn tokens(text: &str) -> TokenStream {
    text.parse().unwrap()
}

const ECHO_INPUT: &str = r####"
    pub const RAW: &str = r#"a "quoted" str"#;
    pub const BYTES: &[u8] = b"x\n";
    pub const RAW_BYTES: &[u8] = br##"y"##;
    pub const C: &core::ffi::CStr = c"z";
    pub const CHARS: (char, u8) = ('\'', b'q');
    pub const NUMBERS: (u64, f32, u32, f64) = (1_000u64, 1e3f32, 0xffu32, 2.5E-3);
    pub fn r#type<'a>(x: &'a u8) -> &'a u8 { x }
    pub static SHIFTED: i32 = -1 << 2 >> 1;
"####;

const ENV_VAR: &str = "GRUNDY_FIXTURE_VAR";
const ENV_VALUE: &str = "set by the test";

/// Where a scenario's paths point: the fixture's library, a file that is no library, and the
/// folder macros run in.
struct Paths {
    dylib: PathBuf,
    not_a_library: PathBuf,
    dir: PathBuf,
}

/// The expansions of a scenario, to compare with rustc's.
struct Expanded {
    derive: Expansion,
    attribute: Expansion,
    count_to: Expansion,
    echo: Expansion,
    from_env: Expansion,
}

/// Every request the tests make of a server, each answer checked against what the macro's
/// definition says, written here by hand.
fn scenario(server: &mut Server, paths: &Paths) -> Expanded {
    use MacroKind::*;
    let mut listed = server.list_macros(&paths.dylib).unwrap();
    listed.sort_by(|a, b| a.0.cmp(&b.0));
    let expected = [
        ("Describe", Derive),
        ("count_to", FunctionLike),
        ("echo", FunctionLike),
        ("fail", FunctionLike),
        ("from_env", FunctionLike),
        ("with_const", Attribute),
    ];
    assert_eq!(listed, expected.map(|(n, k)| (n.to_string(), k)));

    let keeps = server.keeps_invisible_groups();
    let env = [(ENV_VAR.to_string(), ENV_VALUE.to_string())];
    let mut expand = |name: &str, kind, input: TokenStream, attr: Option<&str>| {
        let attr = attr.map(tokens);
        server.expand(&MacroCall {
            dylib: &paths.dylib,
            name,
            kind,
            input: &input,
            attr: attr.as_ref(),
            env: &env,
            current_dir: Some(&paths.dir),
        })
    };

    let derive = expand("Describe", Derive, tokens("struct Point;"), None).unwrap();
    same_tokens(
        derive.tokens(),
        r#"impl Describe for Point { fn describe() -> &'static str { "Point" } }"#,
    );
    let attribute = expand(
        "with_const",
        Attribute,
        tokens("fn f() {}"),
        Some("LIMIT = 3"),
    )
    .unwrap();
    same_tokens(attribute.tokens(), "fn f() {} const LIMIT: i32 = 3;");

    let count_to = expand("count_to", FunctionLike, tokens("n"), None).unwrap();
    same_tokens(
        count_to.tokens(),
        "{ let mut total = 0; 'counting: loop { total += 1; if total == n { break 'counting; } } total }",
    );
    use Hygiene::{CallSite as C, Input as I, MixedSite as M};
    // let mut total 'counting loop total if total n break 'counting total
    assert_eq!(count_to.hygiene(), [C, C, M, M, C, M, C, M, I, C, M, M]);

    let echo = expand("echo", FunctionLike, tokens(ECHO_INPUT), None).unwrap();
    let made = "const MADE: (i32, f64) = (-7i32, -0.5);";
    same_tokens(echo.tokens(), &format!("{ECHO_INPUT} {made}"));
    let inputs = count_idents(&tokens(ECHO_INPUT));
    assert!(echo.hygiene()[..inputs].iter().all(|&h| h == I));
    assert!(echo.hygiene()[inputs..].iter().all(|&h| h == C));
    // The value arrives in its invisible group, unless the server loses those.
    let trees: Vec<TokenTree> = echo.tokens().clone().into_iter().collect();
    let delimiter = match trees.get(trees.len() - 2) {
        Some(TokenTree::Group(group)) => group.delimiter(),
        other => panic!("{other:?}"),
    };
    let expected = if keeps {
        Delimiter::None
    } else {
        Delimiter::Parenthesis
    };
    assert_eq!(delimiter, expected);
    // Input tokens keep their place: `pub` starts line 2 of the input, at column 4.
    let first = echo.tokens().clone().into_iter().next().unwrap();
    assert_eq!(first.to_string(), "pub");
    assert_eq!(first.span().start().line, 2);
    assert_eq!(first.span().start().column, 4);

    // An invisible group in the input, which a server that loses them must not be given.
    let grouped = proc_macro2::Group::new(Delimiter::None, tokens("1 + 2"));
    let input: TokenStream = tokens("const GROUPED: i32 =")
        .into_iter()
        .chain([TokenTree::Group(grouped)])
        .chain(tokens("* 3;"))
        .collect();
    match expand("echo", FunctionLike, input, None) {
        Ok(echoed) if keeps => {
            // const GROUPED : i32 = «1 + 2»
            let value = echoed.tokens().clone().into_iter().nth(5);
            assert!(
                matches!(&value, Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::None),
                "{value:?}"
            );
        }
        Err(ExpandError::InvisibleGroups { .. }) if !keeps => {}
        other => panic!("keeps invisible groups: {keeps}; {other:?}"),
    }

    let from_env = expand("from_env", FunctionLike, tokens(ENV_VAR), None).unwrap();
    same_tokens(
        from_env.tokens(),
        &format!("({ENV_VALUE:?}, {:?})", paths.dir.display().to_string()),
    );

    match expand("fail", FunctionLike, tokens("a b c"), None) {
        Err(ExpandError::Panicked { name, message }) => {
            assert_eq!(name, "fail");
            assert_eq!(message, "fail! was given 3 token trees");
        }
        other => panic!("fail! must panic: {other:?}"),
    }
    // Checked against the listing, not sent.
    match expand("echo", Derive, tokens("struct S;"), None) {
        Err(ExpandError::NoSuchMacro { name, kind, .. }) => {
            assert_eq!((name.as_str(), kind), ("echo", Derive));
        }
        other => panic!("echo is no derive: {other:?}"),
    }
    match server.list_macros(&paths.not_a_library) {
        Err(ExpandError::DylibLoad { dylib, message }) => {
            assert_eq!(dylib, paths.not_a_library);
            assert!(!message.is_empty());
        }
        other => panic!("a manifest is no library: {other:?}"),
    }
    Expanded {
        derive,
        attribute,
        count_to,
        echo,
        from_env,
    }
}

/// `stream` is `expected`'s tokens: the same identifiers, literals, punctuation and groups
/// in the same order (spacing aside: the server's lexer and `proc_macro2`'s may differ on
/// it).
fn same_tokens(stream: &TokenStream, expected: &str) {
    assert_eq!(flatten(stream), flatten(&tokens(expected)), "{stream}");
}

/// Each token as text, groups as their delimiters (none for an invisible one).
fn flatten(stream: &TokenStream) -> Vec<String> {
    let mut out = Vec::new();
    for token in stream.clone() {
        match token {
            TokenTree::Group(group) => {
                let (open, close) = match group.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::None => ("", ""),
                };
                out.push(open.to_string());
                out.extend(flatten(&group.stream()));
                out.push(close.to_string());
            }
            other => out.push(other.to_string()),
        }
    }
    out.retain(|t| !t.is_empty());
    out
}

/// The call of `m!` in `/lib.so` that scripted exchanges answer.
fn scripted_call(input: &TokenStream) -> MacroCall<'_> {
    MacroCall {
        dylib: Path::new("/lib.so"),
        name: "m",
        kind: MacroKind::FunctionLike,
        input,
        attr: None,
        env: &[],
        current_dir: None,
    }
}

fn count_idents(stream: &TokenStream) -> usize {
    stream
        .clone()
        .into_iter()
        .map(|token| match token {
            TokenTree::Ident(_) => 1,
            TokenTree::Group(g) => count_idents(&g.stream()),
            _ => 0,
        })
        .sum()
}

/// A piece of the user crate as we splice it: the caller's own text, or an expansion (between
/// delimiters of the caller's that hold no identifier).
enum Part<'a> {
    Caller(&'a str),
    Expanded(&'a str, &'a Expansion, &'a str),
}

/// The user crate of [`user_crate`] with our expansions in place of its calls.
fn spliced(expanded: &Expanded) -> Vec<Part<'_>> {
    use Part::*;
    vec![
        Caller(HEAD),
        Caller("struct Point;"),
        Expanded("", &expanded.derive, ""),
        Expanded("", &expanded.attribute, ""),
        Caller("fn g(n: u32) -> u32"),
        Expanded("{", &expanded.count_to, "}"),
        Expanded("", &expanded.echo, ""),
        Caller("const ENV: (&str, &str) ="),
        Expanded("", &expanded.from_env, ";"),
    ]
}

const HEAD: &str = "use fixture_macros::*; trait Describe { fn describe() -> &'static str; }";

/// The user crate rustc expands: each macro called once, as the scenario calls it.
fn user_crate() -> String {
    format!(
        "{HEAD}\n#[derive(Describe)]\nstruct Point;\n#[with_const(LIMIT = 3)]\nfn f() {{}}\n\
         fn g(n: u32) -> u32 {{ count_to!(n) }}\necho! {{ {ECHO_INPUT} }}\n\
         const ENV: (&str, &str) = from_env!({ENV_VAR});\n"
    )
}

fn text_of(parts: &[Part<'_>]) -> String {
    let mut text = String::new();
    for part in parts {
        match part {
            Part::Caller(caller) => text += caller,
            Part::Expanded(before, expansion, after) => {
                text += &format!("{before} {} {after}", expansion.tokens())
            }
        }
        text.push('\n');
    }
    text
}

/// rustc's own expansion of `source` with the fixture's macros, as `-Zunpretty=<mode>`
/// prints it, from `use fixture_macros` on (before it is the prelude rustc adds).
fn rustc_expands(source: &str, mode: &str, dir: &Path) -> String {
    let (dylib, sysroot) = built();
    std::fs::write(dir.join("user.rs"), source).unwrap();
    let output = Command::new(sysroot.join("bin/rustc"))
        .current_dir(dir)
        .env("RUSTC_BOOTSTRAP", "1")
        .env(ENV_VAR, ENV_VALUE)
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "lib",
            "--crate-name",
            "user",
        ])
        .arg(format!("-Zunpretty={mode}"))
        .arg("--extern")
        .arg(format!("fixture_macros={}", dylib.display()))
        .arg("user.rs")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "rustc: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let start = text
        .find("use fixture_macros")
        .expect("the crate's first line");
    text[start..].to_string()
}

#[test]
fn live_expansions_are_rustcs() {
    let (dylib, sysroot) = built();
    let mut server = Server::start(sysroot).unwrap_or_else(|e| panic!("{e}"));
    assert!(bundler::expand::SUPPORTED_VERSIONS.contains(&server.version()));
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path().canonicalize().unwrap();
    let paths = Paths {
        dylib: dylib.clone(),
        not_a_library: macros_manifest(),
        dir: dir.clone(),
    };
    let expanded = scenario(&mut server, &paths);
    // The same process serves a second round.
    scenario(&mut server, &paths);

    let parts = spliced(&expanded);
    let theirs = rustc_expands(&user_crate(), "expanded", &dir);
    assert_eq!(
        flatten(&tokens(&text_of(&parts))),
        flatten(&tokens(&theirs)),
        "{theirs}"
    );
    let marked = rustc_expands(&user_crate(), "expanded,hygiene", &dir);
    assert_eq!(our_marks(&parts), rustc_marks(&marked), "{marked}");

    // What the engine will do with mixed-site names: make them the expansion's own.
    let renamed = expanded
        .count_to
        .map_idents(|ident, hygiene| match hygiene {
            Hygiene::MixedSite => proc_macro2::Ident::new(&format!("{ident}_1"), ident.span()),
            _ => ident.clone(),
        });
    same_tokens(
        &renamed,
        "{ let mut total_1 = 0; 'counting_1: loop { total_1 += 1; if total_1 == n { break 'counting_1; } } total_1 }",
    );
}

/// Each identifier rustc's hygiene printout annotates (`name /* symbol#context */`: names,
/// not keywords), with its hygiene in our terms: the caller's (context #0), or made at the
/// call site (a transparent mark), the mixed site (semi-opaque) or the definition site
/// (opaque), as the printout's table of contexts says.
fn rustc_marks(text: &str) -> Vec<(String, Hygiene)> {
    let (code, table) = text
        .split_once("/*\nExpansions:")
        .expect("the contexts table");
    let hygiene = |context: &str| -> Hygiene {
        if context == "0" {
            return Hygiene::Input;
        }
        let line = table
            .lines()
            .find(|l| l.starts_with(&format!("#{context}:")))
            .unwrap_or_else(|| panic!("context #{context}"));
        match line.rsplit(", ").next().unwrap().trim_end_matches(')') {
            "Transparent" => Hygiene::CallSite,
            "SemiOpaque" | "SemiTransparent" => Hygiene::MixedSite,
            "Opaque" => Hygiene::DefSite,
            other => panic!("transparency {other}"),
        }
    };
    let mut marks = Vec::new();
    let mut rest = code;
    while let Some(open) = rest.find("/*") {
        let close = open + rest[open..].find("*/").expect("a closed comment");
        let comment = rest[open + 2..close].trim();
        if let Some((_, context)) = comment.split_once('#') {
            let before = rest[..open].trim_end();
            let start = before
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '#'))
                .map_or(0, |i| i + 1);
            let name = before[start..].trim_start_matches("r#").to_string();
            marks.push((name, hygiene(context)));
        }
        rest = &rest[close + 2..];
    }
    marks
}

/// Our counterpart of [`rustc_marks`]: the caller's identifiers are its input, each
/// expansion's have the hygiene it reported; keywords left out as rustc's printout leaves
/// them, but not a lifetime's or label's name.
fn our_marks(parts: &[Part<'_>]) -> Vec<(String, Hygiene)> {
    const KEYWORDS: &[&str] = &[
        "use", "trait", "fn", "struct", "impl", "for", "const", "let", "mut", "loop", "if",
        "break", "pub", "static",
    ];
    let mut marks = Vec::new();
    for part in parts {
        let mut names = Vec::new();
        let hygiene: Vec<Hygiene> = match part {
            Part::Caller(text) => {
                names_of(&tokens(text), &mut names);
                vec![Hygiene::Input; names.len()]
            }
            Part::Expanded(_, expansion, _) => {
                names_of(expansion.tokens(), &mut names);
                expansion.hygiene().to_vec()
            }
        };
        assert_eq!(names.len(), hygiene.len(), "one hygiene an identifier");
        for ((name, lifetime), of) in names.into_iter().zip(hygiene) {
            if lifetime || !KEYWORDS.contains(&name.as_str()) {
                marks.push((name.trim_start_matches("r#").to_string(), of));
            }
        }
    }
    marks
}

/// Each identifier, depth first, and whether it names a lifetime or label (after a `'`).
fn names_of(stream: &TokenStream, out: &mut Vec<(String, bool)>) {
    let mut after_tick = false;
    for token in stream.clone() {
        match &token {
            TokenTree::Ident(ident) => out.push((ident.to_string(), after_tick)),
            TokenTree::Group(group) => names_of(&group.stream(), out),
            _ => {}
        }
        after_tick = matches!(&token, TokenTree::Punct(p) if p.as_char() == '\'');
    }
}

/// Records each line it passes between the client and a real server.
struct Recorder {
    server: ProcessTransport,
    lines: Arc<Mutex<Vec<String>>>,
}

impl Transport for Recorder {
    fn exchange(&mut self, request: &str) -> Result<String, ExpandError> {
        let answer = self.server.exchange(request)?;
        let mut lines = self.lines.lock().unwrap();
        lines.push(format!("> {request}"));
        lines.push(format!("< {answer}"));
        Ok(answer)
    }
}

/// The placeholders of recorded exchanges, for the paths of the machine that recorded them.
fn placeholders(paths: &Paths) -> [(&'static str, String); 3] {
    [
        ("$DYLIB", paths.dylib.display().to_string()),
        ("$NOT_A_LIBRARY", paths.not_a_library.display().to_string()),
        ("$DIR", paths.dir.display().to_string()),
    ]
}

#[test]
#[ignore = "needs the toolchains of GRUNDY_RECORD installed: see the top of this file"]
fn record_exchanges() {
    let toolchains = std::env::var("GRUNDY_RECORD").expect("GRUNDY_RECORD=1.85.0,1.95.0,...");
    for toolchain in toolchains.split(',') {
        let which = Command::new("rustup")
            .args(["which", "cargo", "--toolchain", toolchain])
            .output()
            .unwrap();
        assert!(which.status.success(), "{toolchain} is not installed");
        // Cargo and rustc of that toolchain for all the build runs (the test runs alone).
        std::env::set_var("RUSTUP_TOOLCHAIN", toolchain);
        std::env::set_var("CARGO", String::from_utf8(which.stdout).unwrap().trim());
        let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("expand-{toolchain}"));
        let (dylib, sysroot) = build_fixture(&target);
        let server = find_server(&sysroot).unwrap();
        let lines = Arc::new(Mutex::new(Vec::new()));
        let recorder = Recorder {
            server: ProcessTransport::spawn(&server).unwrap(),
            lines: Arc::clone(&lines),
        };
        let rustc = Command::new(sysroot.join("bin/rustc"))
            .arg("-V")
            .output()
            .unwrap();
        let rustc = String::from_utf8(rustc.stdout).unwrap().trim().to_string();
        let mut client =
            Server::over(Box::new(recorder), server.clone(), Some(rustc.clone())).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let paths = Paths {
            dylib,
            not_a_library: macros_manifest(),
            dir: dir.path().canonicalize().unwrap(),
        };
        scenario(&mut client, &paths);
        let mut text = format!(
            "# Recorded by tests/expand.rs (record_exchanges) with the proc-macro server of:\n\
             # {rustc}\n"
        );
        for line in lines.lock().unwrap().iter() {
            let mut line = line.clone();
            for (placeholder, path) in placeholders(&paths) {
                assert!(!path.contains(['"', '\\']), "{path} reads the same in JSON");
                line = line.replace(&path, placeholder);
            }
            text += &line;
            text.push('\n');
        }
        let file = fixtures().join(format!("exchanges/{toolchain}.txt"));
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
}

/// Plays a recorded exchange back: each request must be the recorded one, and gets the
/// recorded answer.
struct Replay {
    exchanges: Arc<Mutex<VecDeque<(String, String)>>>,
    paths: [(&'static str, String); 3],
}

impl Replay {
    fn real(&self, line: &str) -> String {
        let mut line = line.to_string();
        for (placeholder, path) in &self.paths {
            line = line.replace(placeholder, path);
        }
        line
    }
}

impl Transport for Replay {
    fn exchange(&mut self, request: &str) -> Result<String, ExpandError> {
        let (recorded, answer) = self
            .exchanges
            .lock()
            .unwrap()
            .pop_front()
            .expect("no more requests than were recorded");
        let json = |line: &str| serde_json::from_str::<serde_json::Value>(line).unwrap();
        assert_eq!(json(request), json(&self.real(&recorded)));
        Ok(self.real(&answer))
    }
}

#[test]
fn recorded_exchanges_replay() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures().join("exchanges"))
        .unwrap()
        .map(|f| f.unwrap().path())
        .collect();
    files.sort();
    let mut versions = std::collections::BTreeSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let toolchain = text.lines().nth(1).and_then(|l| l.strip_prefix("# "));
        let mut exchanges = VecDeque::new();
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        while let Some(request) = lines.next() {
            let answer = lines.next().expect("an answer to each request");
            let (Some(request), Some(answer)) =
                (request.strip_prefix("> "), answer.strip_prefix("< "))
            else {
                panic!("{}: `> request` then `< answer`", file.display());
            };
            exchanges.push_back((request.to_string(), answer.to_string()));
        }
        let exchanges = Arc::new(Mutex::new(exchanges));
        let paths = Paths {
            dylib: "/replayed/libfixture_macros.so".into(),
            not_a_library: "/replayed/Cargo.toml".into(),
            dir: "/replayed/dir".into(),
        };
        let replay = Replay {
            exchanges: Arc::clone(&exchanges),
            paths: placeholders(&paths),
        };
        let name = file.file_stem().unwrap().to_str().unwrap();
        assert!(toolchain.is_some_and(|t| t.starts_with(&format!("rustc {name} "))));
        let toolchain = toolchain.map(str::to_string);
        let mut server = Server::over(Box::new(replay), file.clone(), toolchain).unwrap();
        versions.insert(server.version());
        scenario(&mut server, &paths);
        assert!(exchanges.lock().unwrap().is_empty(), "{}", file.display());
    }
    let names: Vec<_> = files.iter().map(|f| f.file_stem().unwrap()).collect();
    let recorded = [
        "1.85.0", "1.86.0", "1.88.0", "1.89.0", "1.92.0", "1.93.0", "1.94.0", "1.95.0",
    ];
    assert_eq!(names, recorded);
    assert_eq!(versions, [5, 6].into());
}

/// Answers each request with the next of its lines, whatever was asked.
struct Script(VecDeque<&'static str>);

impl Transport for Script {
    fn exchange(&mut self, _: &str) -> Result<String, ExpandError> {
        Ok(self.0.pop_front().unwrap_or_default().to_string())
    }
}

fn scripted(answers: &[&'static str]) -> Result<Server, ExpandError> {
    scripted_as(Some("rustc 1.99.0 (0123456789 2027-01-01)"), answers)
}

fn scripted_as(toolchain: Option<&str>, answers: &[&'static str]) -> Result<Server, ExpandError> {
    Server::over(
        Box::new(Script(answers.iter().copied().collect())),
        "/toolchain/libexec/server".into(),
        toolchain.map(str::to_string),
    )
}

#[test]
fn invisible_groups_go_only_to_servers_that_keep_them() {
    let input: TokenStream = [TokenTree::Group(proc_macro2::Group::new(
        Delimiter::None,
        tokens("a + b"),
    ))]
    .into_iter()
    .chain(tokens("* c"))
    .collect();
    let call = scripted_call(&input);
    let listed = r#"{"ListMacros":{"Ok":[["m","FuncLike"]]}}"#;
    let empty = r#"{"ExpandMacro":{"Ok":{"subtree":[1,1,0,0,0],"literal":[],"punct":[],"ident":[],"token_tree":[],"text":[]}}}"#;
    for (toolchain, version, keeps) in [
        (Some("rustc 1.85.0 (4d91de4e4 2025-02-17)"), 5, false),
        (
            Some("rustc 1.86.0-nightly (a567209da 2025-01-02)"),
            5,
            false,
        ),
        (None, 5, false),
        (Some("rustc 1.86.0 (05f9846f8 2025-03-31)"), 5, true),
        (Some("rustc 1.88.0 (6b00bc388 2025-06-23)"), 5, true),
        (None, 6, true),
    ] {
        let version = format!("{{\"ApiVersionCheck\":{version}}}").leak();
        let mut server = scripted_as(toolchain, &[version, listed, empty]).unwrap();
        assert_eq!(server.keeps_invisible_groups(), keeps, "{toolchain:?}");
        match server.expand(&call) {
            Ok(expansion) if keeps => assert!(expansion.tokens().is_empty()),
            Err(e @ ExpandError::InvisibleGroups { .. }) if !keeps => {
                let message = e.to_string();
                assert!(
                    message.contains(toolchain.unwrap_or("toolchain unknown")),
                    "{message}"
                );
            }
            other => panic!("{toolchain:?}: {other:?}"),
        }
    }
}

#[test]
fn versions_not_spoken_are_one_error() {
    for version in [0, 1, 4, 7, 1000] {
        let answer = format!("{{\"ApiVersionCheck\":{version}}}").leak();
        match scripted(&[answer]) {
            Err(e @ ExpandError::UnsupportedVersion { .. }) => {
                let message = e.to_string();
                assert!(message.contains("/toolchain/libexec/server"), "{message}");
                assert!(message.contains("rustc 1.99.0"), "{message}");
                assert!(
                    message.contains(&format!("version {version};")),
                    "{message}"
                );
                assert!(message.contains("versions 5 to 6"), "{message}");
            }
            other => panic!("version {version}: {:?}", other.map(|s| s.version())),
        }
    }
}

#[test]
fn bad_answers_are_protocol_errors() {
    let protocol = |result: Result<Server, ExpandError>| match result {
        Err(ExpandError::Protocol { server, .. }) => {
            assert_eq!(server, Path::new("/toolchain/libexec/server"))
        }
        other => panic!("{:?}", other.map(|s| s.version())),
    };
    protocol(scripted(&["not json"]));
    protocol(scripted(&[""]));
    protocol(scripted(&[r#"{"ApiVersionCheck":"six"}"#]));
    protocol(scripted(&[r#"{"ListMacros":{"Ok":[]}}"#]));
    protocol(scripted(&[r#"{"SetConfig":{"span_mode":"Id"}}"#]));
    protocol(scripted(&[r#"{"Unknown":1}"#]));

    let version = r#"{"ApiVersionCheck":6}"#;
    // `Bang` is how rust-analyzer's own reader also knows function-like macros.
    let listed = r#"{"ListMacros":{"Ok":[["m","Bang"],["d","CustomDerive"]]}}"#;
    let mut server = scripted(&[version, listed, r#"{"ListMacros":{"Ok":[]}}"#]).unwrap();
    let input = TokenStream::new();
    let call = scripted_call(&input);
    // An answer to another request.
    assert!(matches!(
        server.expand(&call),
        Err(ExpandError::Protocol { .. })
    ));

    for tree in [
        // An identifier that is not there.
        r#"{"subtree":[1,1,0,0,1],"literal":[],"punct":[],"ident":[],"token_tree":[7],"text":[]}"#,
        // A span no token of ours had.
        r#"{"subtree":[1,1,0,0,1],"literal":[],"punct":[],"ident":[77,0,0],"token_tree":[3],"text":["x"]}"#,
        // A field missing.
        r#"{"subtree":[1,1,0,0,0],"literal":[],"punct":[],"ident":[],"token_tree":[]}"#,
    ] {
        let answer = format!(r#"{{"ExpandMacro":{{"Ok":{tree}}}}}"#).leak();
        let mut server = scripted(&[version, listed, answer]).unwrap();
        match server.expand(&call) {
            Err(ExpandError::Protocol { .. }) => {}
            other => panic!("{tree}: {other:?}"),
        }
    }
}

/// A stand-in for a server: a shell script.
fn script_server(dir: &Path, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("server");
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn a_dying_server_is_one_error_with_its_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let server = script_server(dir.path(), "echo 'it broke' >&2\nexit 3");
    let transport = ProcessTransport::spawn(&server).unwrap();
    match Server::over(Box::new(transport), server.clone(), None) {
        Err(e @ ExpandError::Crashed { .. }) => {
            let message = e.to_string();
            assert!(message.contains(&server.display().to_string()), "{message}");
            assert!(message.contains("exit status: 3"), "{message}");
            assert!(message.contains("it broke"), "{message}");
        }
        other => panic!("{:?}", other.map(|s| s.version())),
    }
}

#[test]
fn lines_a_macro_prints_are_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let server = script_server(
        dir.path(),
        "read request\necho 'printed by a macro'\necho '{\"ApiVersionCheck\":6}'\nread request",
    );
    let transport = ProcessTransport::spawn(&server).unwrap();
    let mut client = Server::over(Box::new(transport), server.clone(), None).unwrap();
    assert_eq!(client.version(), 6);
    // Its second answer never comes: it exits.
    assert!(matches!(
        client.list_macros(Path::new("/lib.so")),
        Err(ExpandError::Crashed { .. })
    ));
}

#[test]
fn a_server_let_go_removes_its_temporary_folder() {
    let (dylib, sysroot) = built();
    let dir = tempfile::tempdir().unwrap();
    let temp = dir.path().join("tmp");
    std::fs::create_dir(&temp).unwrap();
    let real = find_server(sysroot).unwrap();
    let server = script_server(
        dir.path(),
        &format!("TMPDIR='{}' exec '{}'", temp.display(), real.display()),
    );
    let transport = ProcessTransport::spawn(&server).unwrap();
    let mut client = Server::over(Box::new(transport), server, None).unwrap();
    assert!(!client.list_macros(dylib).unwrap().is_empty());
    let made = std::fs::read_dir(&temp).unwrap().count();
    assert!(made > 0, "the server made no folder in {}", temp.display());
    drop(client);
    let left: Vec<_> = std::fs::read_dir(&temp).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_server_that_will_not_exit_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let server = script_server(
        dir.path(),
        "read request\necho '{\"ApiVersionCheck\":6}'\nexec sleep 60",
    );
    let transport = ProcessTransport::spawn(&server).unwrap();
    let client = Server::over(Box::new(transport), server, None).unwrap();
    let start = std::time::Instant::now();
    drop(client);
    assert!(start.elapsed() < std::time::Duration::from_secs(20));
}

#[test]
fn a_toolchain_without_a_server_is_named() {
    let sysroot = tempfile::tempdir().unwrap();
    match find_server(sysroot.path()) {
        Err(e @ ExpandError::ServerNotFound { .. }) => {
            let message = e.to_string();
            assert!(
                message.contains(&sysroot.path().display().to_string()),
                "{message}"
            );
            assert!(message.contains("rustup"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_crate_that_does_not_build_is_cargos_message() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = dir.path().join("Cargo.toml");
    std::fs::write(
        &manifest,
        "[package]\nname = \"broken\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [lib]\nproc-macro = true\n\n[workspace]\n",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("src/lib.rs"), "pub fn broken( {}\n").unwrap();
    match build_proc_macros(&manifest, &["broken"], &dir.path().join("target")) {
        Err(e @ ExpandError::Build { .. }) => {
            let message = e.to_string();
            assert!(
                message.contains(&manifest.display().to_string()),
                "{message}"
            );
            // rustc's own diagnostic, through Cargo.
            assert!(message.contains("src/lib.rs:1"), "{message}");
            assert!(message.contains("could not compile `broken`"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn paths_the_protocol_cannot_carry_are_named() {
    use std::os::unix::ffi::OsStrExt;
    let dylib = Path::new(std::ffi::OsStr::from_bytes(b"/lib\xff.so"));
    let mut server = scripted(&[r#"{"ApiVersionCheck":6}"#]).unwrap();
    match server.list_macros(dylib) {
        Err(ExpandError::NotUtf8 { path }) => assert_eq!(path, dylib),
        other => panic!("{other:?}"),
    }
}
