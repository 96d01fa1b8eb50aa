//! A game written as a Rust program, or written out as one for misere play: its `fn options`
//! checked, compiled with a driver and run under the judge's supervisor, its output read.

use super::{ExploreError, Misere, Request};
use std::path::Path;
use templates::octal::Octal;

/// Misere outcomes are searched over whole positions (lists of heaps), whose number grows
/// exponentially in a splitting game: the search stops at a budget of positions, about two
/// seconds here.
const MISERE_HEAPS: usize = 200;
pub(super) const MISERE_POSITIONS: usize = 400_000;

pub(super) const ONE_HEAP: &str = "fn options(n: u64) -> Vec<Vec<u64>>";
pub(super) const TWO_HEAPS: &str = "fn options(a: u64, b: u64) -> Vec<(u64, u64)>";

/// Whether the game in `source` (from `path`) is of two heaps, from its `fn options`: one
/// of the two signatures `explore` knows, or an error at the function's line and column. A
/// syntax error is said here, at the file's own line: rustc, given the file with the driver
/// after it, would place an unclosed delimiter in the driver.
pub(super) fn two_heap_file(path: &Path, source: &str) -> Result<bool, ExploreError> {
    let file = syn::parse_file(source)
        .map_err(|e| ExploreError::Syntax(crate::bundle::diagnose::explain(path, source, &e)))?;
    let Some(options) = file.items.iter().find_map(|item| match item {
        syn::Item::Fn(f) if f.sig.ident == "options" => Some(&f.sig),
        _ => None,
    }) else {
        return Err(ExploreError::NoOptions {
            path: path.to_path_buf(),
        });
    };
    // Compared without whitespace, so spacing does not matter.
    let bare = |text: &str| text.split_whitespace().collect::<String>();
    let returns = match &options.output {
        syn::ReturnType::Type(_, ty) => bare(&quote::quote!(#ty).to_string()),
        syn::ReturnType::Default => String::new(),
    };
    let fits = |signature: &str, params: usize| {
        options.inputs.len() == params
            && signature.split("-> ").nth(1).map(bare) == Some(returns.clone())
    };
    if fits(ONE_HEAP, 1) || fits(TWO_HEAPS, 2) {
        return Ok(options.inputs.len() == 2);
    }
    let at = options.ident.span().start();
    Err(ExploreError::Signature {
        path: path.to_path_buf(),
        line: at.line,
        column: at.column + 1,
    })
}

pub(super) const ONE_HEAP_DRIVER: &str = include_str!("one_heap_driver.rs");
pub(super) const TWO_HEAP_DRIVER: &str = include_str!("two_heap_driver.rs");

/// Compiles `source` (the game, from `path`) with `driver` and runs it with `args` under the
/// request's limits: its output, or what went wrong at the file's lines.
pub(super) fn run_game(
    path: &Path,
    source: &str,
    driver: &str,
    args: &[String],
    request: &Request,
) -> Result<String, ExploreError> {
    // The game's lines come first, so rustc's line numbers are the file's.
    let program = format!("{source}\n{driver}");
    let shown = path.display().to_string();
    crate::judge::compile_and_run(&request.supervisor, &program, args, request.limits)?.map_err(
        |reason| ExploreError::Game {
            game: path.to_path_buf(),
            reason: reason.replace("main.rs:", &format!("{shown}:")),
        },
    )
}

pub(super) fn bad_output(path: &Path, reason: String) -> ExploreError {
    ExploreError::Output {
        path: path.to_path_buf(),
        reason,
    }
}

pub(super) fn parse_values(output: &str) -> Result<Vec<u32>, String> {
    output
        .split_whitespace()
        .map(|v| v.parse::<u32>().map_err(|e| e.to_string()))
        .collect()
}

pub(super) fn parse_board(output: &str, side: usize) -> Result<Vec<Vec<u32>>, String> {
    let board: Vec<Vec<u32>> = output.lines().map(parse_values).collect::<Result<_, _>>()?;
    if board.len() != side || board.iter().any(|row| row.len() != side) {
        return Err(format!("expected a {side} x {side} board"));
    }
    Ok(board)
}

/// Misere outcomes of single heaps, through the one-heap driver, for the one-heap game whose
/// `options` are in `source` (a file's, or written out for a subtraction set or octal code).
pub(super) fn misere(path: &Path, source: &str, request: &Request) -> Result<Misere, ExploreError> {
    let heaps = request.n.unwrap_or(MISERE_HEAPS).clamp(2, MISERE_HEAPS);
    let args = [
        heaps.to_string(),
        "misere".into(),
        MISERE_POSITIONS.to_string(),
    ];
    let output = run_game(path, source, ONE_HEAP_DRIVER, &args, request)?;
    let mut lines = output.lines();
    let p_positions: Vec<bool> = lines
        .next()
        .unwrap_or("")
        .bytes()
        .map(|b| b == b'P')
        .collect();
    Ok(Misere {
        complete: lines.next() != Some("budget"),
        p_positions,
    })
}

/// An octal game's moves as a Rust `options` function, digit by digit.
pub(super) fn octal_options(octal: &Octal) -> String {
    let digits: Vec<String> = octal.digits().iter().map(u8::to_string).collect();
    format!(
        "fn options(n: u64) -> Vec<Vec<u64>> {{
    let digits: [u64; {}] = [{}];
    let mut out = Vec::new();
    for (take, &d) in digits.iter().enumerate() {{
        let take = take as u64;
        if take > n {{
            break;
        }}
        let rest = n - take;
        if d & 1 != 0 && rest == 0 {{
            out.push(vec![]);
        }}
        if d & 2 != 0 && rest > 0 && take > 0 {{
            out.push(vec![rest]);
        }}
        if d & 4 != 0 {{
            for a in 1..=rest / 2 {{
                out.push(vec![a, rest - a]);
            }}
        }}
    }}
    out
}}
",
        digits.len(),
        digits.join(", ")
    )
}
