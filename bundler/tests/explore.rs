//! `grundy explore`: periods against the literature and against brute forces that play the
//! real moves, and the emitted function compiled with plain rustc and checked value by value.

use bundler::explore::{explore, Exploration, ExploreError, Game, Request, Values};
use std::process::Command;

/// Explores `game` on `n` heaps (or an `n x n` board), its programs run by this build's
/// supervisor.
fn explore_n(game: &Game, n: usize) -> Exploration {
    explore(game, &request(n, false)).unwrap()
}

fn request(n: usize, misere: bool) -> Request {
    let supervisor = env!("CARGO_BIN_EXE_grundy").into();
    Request {
        n: Some(n),
        misere,
        ..Request::new(supervisor, std::time::Duration::from_secs(10))
    }
}

fn values(found: &Exploration) -> &[u32] {
    match &found.values {
        Values::OneHeap(values) => values,
        Values::TwoHeap(_) => panic!("a two-heap game"),
    }
}

/// Grundy values of an octal game by its move rules (digit d_j: take j and leave no heap if
/// d_j has bit 1, one heap if bit 2, two nonempty heaps if bit 4), written from the
/// definition, independently of the template.
fn octal_brute(code: &str, n: usize) -> Vec<u32> {
    let digits: Vec<u32> = code[2..].bytes().map(|b| (b - b'0') as u32).collect();
    let mut g = vec![0u32; n];
    for heap in 0..n {
        let mut seen = vec![false; heap + 2];
        let mut see = |v: u32| {
            if (v as usize) < seen.len() {
                seen[v as usize] = true;
            }
        };
        for (i, &d) in digits.iter().enumerate() {
            let take = i + 1;
            if take > heap {
                break;
            }
            let rest = heap - take;
            if d & 1 != 0 && rest == 0 {
                see(0);
            }
            if d & 2 != 0 && rest > 0 {
                see(g[rest]);
            }
            if d & 4 != 0 && rest >= 2 {
                for a in 1..=rest / 2 {
                    see(g[a] ^ g[rest - a]);
                }
            }
        }
        g[heap] = seen.iter().position(|&s| !s).unwrap() as u32;
    }
    g
}

/// Grundy values of a subtraction game by memoized search over the real moves.
fn subtraction_brute(moves: &[usize], n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for heap in 0..n {
        let options: Vec<u32> = moves
            .iter()
            .filter(|&&m| m <= heap)
            .map(|&m| g[heap - m])
            .collect();
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

#[test]
fn octal_periods_match_the_literature_and_the_brute_force() {
    // Kayles (0.77): period 12, last exceptional value at n = 70 (Guy and Smith 1956;
    // Berlekamp, Conway and Guy, Winning Ways, ch. 4).
    let kayles = explore_n(&Game::Octal("0.77".into()), 400);
    let found = kayles.period.unwrap();
    assert_eq!(
        (found.preperiod, found.period, found.proven()),
        (71, 12, true)
    );
    assert_eq!(values(&kayles), octal_brute("0.77", 400));
    // Dawson's chess (0.137): period 34, last exceptional value at n = 51 (Winning Ways,
    // ch. 4).
    let dawson = explore_n(&Game::Octal("0.137".into()), 1000);
    let found = dawson.period.unwrap();
    assert_eq!(
        (found.preperiod, found.period, found.proven()),
        (52, 34, true)
    );
    assert_eq!(values(&dawson), octal_brute("0.137", 1000));
    // The template call the report names works with the limit it names.
    for found in [&kayles, &dawson] {
        let text = &found.known.as_ref().unwrap().text;
        let limit = text.split("proven_grundy(").nth(1).unwrap();
        let limit: usize = limit[..limit.find(')').unwrap()].parse().unwrap();
        let Game::Octal(code) = &found.game else {
            unreachable!()
        };
        let g = templates::octal::Octal::parse(code)
            .unwrap()
            .proven_grundy(limit)
            .unwrap();
        let (pre, p) = (
            found.period.unwrap().preperiod,
            found.period.unwrap().period,
        );
        let far = 1usize << 40;
        assert_eq!(g.value(far as u64), values(found)[pre + (far - pre) % p]);
    }
    // Officers (0.6): no period is known; none may be claimed as proven.
    let officers = explore_n(&Game::Octal("0.6".into()), 3000);
    assert!(
        officers.period.is_none_or(|f| !f.proven()),
        "{:?}",
        officers.period
    );
    assert!(officers.function().is_none());
}

#[test]
fn subtraction_periods_are_proven_by_a_repeated_window() {
    let found = explore_n(&Game::Subtraction(vec![1, 3, 4]), 100);
    assert_eq!(values(&found), subtraction_brute(&[1, 3, 4], 100));
    let period = found.period.unwrap();
    assert_eq!(
        (period.preperiod, period.period, period.proven()),
        (0, 7, true)
    );
    // {2, 5, 6}: values from the brute force, period as the report states it, both checked
    // against 3000 brute-force values.
    let found = explore_n(&Game::Subtraction(vec![2, 5, 6]), 200);
    let period = found.period.unwrap();
    let long = subtraction_brute(&[2, 5, 6], 3000);
    for n in period.preperiod..3000 - period.period {
        assert_eq!(long[n], long[n + period.period], "n = {n}");
    }
    // A run of consecutive moves is the library's Bash game.
    let bash = explore_n(&Game::Subtraction(vec![1, 2, 3]), 50);
    assert!(
        bash.report().contains("Bash game with m = 3"),
        "{}",
        bash.report()
    );
}

/// Compiles `function` with a `main` printing G(n) for each n given, in `edition`.
fn run_function(function: &str, ns: &[u64], edition: &str) -> Vec<u32> {
    let dir = tempfile::tempdir().unwrap();
    let list: Vec<String> = ns.iter().map(u64::to_string).collect();
    let source = format!(
        "{function}\nfn main() {{\n    for n in [{}u64] {{\n        println!(\"{{}}\", grundy(n));\n    }}\n}}\n",
        list.join("u64, ")
    );
    std::fs::write(dir.path().join("g.rs"), source).unwrap();
    let rustc = Command::new("rustc")
        .args(["--edition", edition, "-O", "g.rs", "-o", "g"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        rustc.status.success() && rustc.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&rustc.stderr)
    );
    let run = Command::new(dir.path().join("g")).output().unwrap();
    String::from_utf8(run.stdout)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect()
}

#[test]
fn emitted_functions_compile_and_answer_every_heap() {
    for (game, brute) in [
        (Game::Octal("0.77".into()), octal_brute("0.77", 2000)),
        (
            Game::Subtraction(vec![1, 3, 4]),
            subtraction_brute(&[1, 3, 4], 2000),
        ),
    ] {
        let found = explore_n(&game, 400);
        let function = found.function().unwrap();
        let ns: Vec<u64> = (0..2000).collect();
        for edition in ["2021", "2024"] {
            assert_eq!(
                run_function(&function, &ns, edition),
                brute,
                "{game:?} {edition}"
            );
        }
        // Far heaps follow the proven period.
        let period = found.period.unwrap();
        let far = [1_000_000_000_000_000_000u64, u64::MAX];
        let expected: Vec<u32> = far
            .iter()
            .map(|&n| {
                let (pre, p) = (period.preperiod as u64, period.period as u64);
                brute[(pre + (n - pre) % p) as usize]
            })
            .collect();
        assert_eq!(run_function(&function, &far, "2021"), expected);
    }
}

#[test]
fn an_emitted_function_longer_than_a_judge_takes_is_told() {
    // S = {1, 40000}: G = 0, 1 alternating up to 40000, then 2 ...: period 40001 from 0
    // (two moves a < b: period a + b), so a table of 40001 values, about 120 KB.
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "explore",
            "--subtraction",
            "1,40000",
            "-n",
            "100000",
            "--emit",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let (text, note) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(text.contains("period 40001 from n = 0: PROVEN"), "{text}");
    let function = &text[text.find("/// Grundy value").unwrap()..];
    assert!(function.len() > 65536);
    assert_eq!(
        note.trim_end(),
        format!(
            "note: the function is {} bytes; Codeforces takes a source of at most 65536",
            function.len()
        )
    );
}

#[test]
fn the_command_says_what_is_wrong() {
    let grundy = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .output()
            .unwrap()
    };
    let none = grundy(&["explore"]);
    assert_eq!(none.status.code(), Some(2));
    let bad = grundy(&["explore", "--octal", "0.9"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).starts_with("error: explore: "));
    let unproven = grundy(&["explore", "--octal", "0.6", "-n", "200", "--emit"]);
    assert_eq!(unproven.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unproven.stderr).contains("no proven period"));
    let wythoff = bundler::workspace_dir().join("docs/explore/wythoff.rs");
    let wythoff = wythoff.to_str().unwrap();
    for (args, message) in [
        (&["--emit", "-n", "10"][..], "this game has two heaps"),
        (
            &["-n", "5000"][..],
            "a two-heap board is at most 2000 x 2000",
        ),
        (&["--misere"][..], "misere outcomes are for one-heap games"),
    ] {
        let output = grundy(&[&["explore", "--game", wythoff][..], args].concat());
        assert_eq!(output.status.code(), Some(1));
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(message), "{error}");
    }
    let ok = grundy(&["explore", "--subtraction", "1,3,4", "-n", "50", "--emit"]);
    let text = String::from_utf8_lossy(&ok.stdout);
    assert!(
        text.contains("period 7 from n = 0: PROVEN") && text.contains("fn grundy(n: u64) -> u32"),
        "{text}"
    );
}

#[test]
fn a_game_in_a_rust_file_is_explored_and_its_faults_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let explore_file = |file: &str| {
        Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["explore", "--game", file, "-n", "300", "--time-limit", "1"])
            .output()
            .unwrap()
    };
    // Kayles written as options: the values are the octal brute force's for 0.77.
    let kayles = write(
        "kayles.rs",
        "fn options(n: u64) -> Vec<Vec<u64>> {\n    let mut out = Vec::new();\n    for take in 1..=2u64.min(n) {\n        let rest = n - take;\n        for left in 0..=rest / 2 {\n            out.push(vec![left, rest - left]);\n        }\n    }\n    out\n}\n",
    );
    let output = explore_file(&kayles);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let brute = octal_brute("0.77", 300);
    let shown: Vec<u32> = text
        .lines()
        .skip(1)
        .take(10)
        .flat_map(|row| row.split(':').nth(1).unwrap().split_whitespace())
        .map(|cell| cell.trim_end_matches('*').parse().unwrap())
        .collect();
    assert_eq!(shown, brute[..200]);
    // No theorem covers a game written by hand: the period is only observed.
    assert!(
        text.contains("period 12 from n = 71: OBSERVED only"),
        "{text}"
    );

    let error_of = |name: &str, source: &str| {
        let output = explore_file(&write(name, source));
        assert_eq!(output.status.code(), Some(1), "{name}");
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let not_compiling = error_of(
        "ce.rs",
        "fn options(n: u64) -> Vec<Vec<u64>> {\n    let x: u32 = \"a\";\n    vec![]\n}\n",
    );
    assert!(
        not_compiling.contains("error[E0308]: mismatched types at ")
            && not_compiling.contains("ce.rs:2:18"),
        "{not_compiling}"
    );
    let panicking = error_of(
        "panics.rs",
        "fn options(n: u64) -> Vec<Vec<u64>> {\n    if n == 5 {\n        panic!(\"boom at five\");\n    }\n    vec![]\n}\n",
    );
    assert!(panicking.contains("boom at five"), "{panicking}");
    let looping = error_of(
        "loops.rs",
        "fn options(n: u64) -> Vec<Vec<u64>> {\n    let mut x = n;\n    loop {\n        x = std::hint::black_box(x + 1);\n    }\n}\n",
    );
    // CPU time stops it, or the wall clock when a busy machine gives it less than 1 s of CPU
    // in 3 s.
    assert!(
        looping.contains("over the CPU-time limit (1 s)")
            || looping.contains("over the wall-time limit (3 s)"),
        "{looping}"
    );
    let wrong_signature = error_of(
        "three.rs",
        "// three heaps\nfn options(a: u64, b: u64, c: u64) -> Vec<u64> {\n    vec![a, b, c]\n}\n",
    );
    assert!(
        wrong_signature
            .contains("three.rs:2:4: `fn options` must be `fn options(n: u64) -> Vec<Vec<u64>>`"),
        "{wrong_signature}"
    );
    // Unclosed: said at the file's own line, not in the driver that rustc would see after it.
    let unclosed = error_of(
        "unclosed.rs",
        "fn options(n: u64) -> Vec<Vec<u64>> {\n    vec![vec![n]]\n",
    );
    assert!(
        unclosed.contains("unclosed.rs:1:37: syntax error: unclosed `{`"),
        "{unclosed}"
    );
    let no_options = error_of(
        "none.rs",
        "fn moves(n: u64) -> Vec<u64> {\n    vec![n]\n}\n",
    );
    assert!(
        no_options.contains("none.rs: no `fn options`"),
        "{no_options}"
    );
    let growing = error_of(
        "grows.rs",
        "fn options(n: u64) -> Vec<Vec<u64>> {\n    vec![vec![n + 1]]\n}\n",
    );
    assert!(
        growing.contains("options(0) returned a heap of 1, not smaller than 0"),
        "{growing}"
    );
}

/// Writes `source` as `name` in `dir` and explores it as `request` asks.
fn explore_source(
    dir: &std::path::Path,
    name: &str,
    source: &str,
    request: &Request,
) -> Result<Exploration, ExploreError> {
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    explore(&Game::Rust(path), request)
}

fn board(found: &Exploration) -> &[Vec<u32>] {
    match &found.values {
        Values::TwoHeap(board) => board,
        Values::OneHeap(_) => panic!("a one-heap game"),
    }
}

/// P-positions `p[a][b]` of a two-heap game by win/lose search over `moves`, which must lead
/// to positions earlier in the order (a + b, a).
fn two_heap_brute(
    side: usize,
    moves: impl Fn(usize, usize) -> Vec<(usize, usize)>,
) -> Vec<Vec<bool>> {
    let big = 3 * side;
    let mut p = vec![vec![false; big]; big];
    for sum in 0..big {
        for a in 0..=sum.min(big - 1) {
            let b = sum - a;
            if b < big {
                p[a][b] = moves(a, b).into_iter().all(|(x, y)| !p[x][y]);
            }
        }
    }
    p.truncate(side);
    p.iter_mut().for_each(|row| row.truncate(side));
    p
}

/// Wythoff's P-positions on the `side x side` board by search: a queen moving left, down or
/// diagonally toward the corner.
fn wythoff_brute(side: usize) -> Vec<Vec<bool>> {
    two_heap_brute(side, |a, b| {
        let mut out: Vec<(usize, usize)> = (1..=a).map(|k| (a - k, b)).collect();
        out.extend((1..=b).map(|k| (a, b - k)));
        out.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
        out
    })
}

const WYTHOFF: &str = "fn options(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    for k in 1..=a {
        out.push((a - k, b));
    }
    for k in 1..=b {
        out.push((a, b - k));
    }
    for k in 1..=a.min(b) {
        out.push((a - k, b - k));
    }
    out
}
";

#[test]
fn two_heap_games_are_searched_named_and_drawn() {
    let dir = tempfile::tempdir().unwrap();
    // Wythoff's game: a queen moving left, down or diagonally toward the corner.
    let wythoff = explore_source(dir.path(), "wythoff.rs", WYTHOFF, &request(50, false)).unwrap();
    let queen = wythoff_brute(50);
    assert_eq!(wythoff.p_board().unwrap(), queen);
    let report = wythoff.report();
    assert!(
        report.contains("Wythoff's game") && report.contains("evidence, not proof"),
        "{report}"
    );
    assert!(
        report.contains("50 P-positions") || report.contains(" P-positions"),
        "{report}"
    );

    // Fibonacci Nim as (counters left, most that may be taken): the options leave the board.
    let fibonacci = "fn options(a: u64, b: u64) -> Vec<(u64, u64)> {\n    (1..=a.min(b)).map(|k| (a - k, 2 * k)).collect()\n}\n";
    let found = explore_source(dir.path(), "fib.rs", fibonacci, &request(40, false)).unwrap();
    // Brute force: the mover wins iff some take leaves a lost position.
    let mut lost = vec![vec![false; 200]; 200];
    for a in 0..200 {
        for b in 0..200 {
            lost[a][b] = (1..=a.min(b)).all(|k| !lost[a - k][(2 * k).min(199)]);
        }
    }
    let expected: Vec<Vec<bool>> = (0..40).map(|a| lost[a][..40].to_vec()).collect();
    assert_eq!(found.p_board().unwrap(), expected);
    assert!(
        found
            .report()
            .contains("Fibonacci Nim with a counters left"),
        "{}",
        found.report()
    );

    // Two-heap Nim: G(a, b) = a xor b, by the definition in the test.
    let nim = "fn options(a: u64, b: u64) -> Vec<(u64, u64)> {\n    (0..a).map(|x| (x, b)).chain((0..b).map(|y| (a, y))).collect()\n}\n";
    let found = explore_source(dir.path(), "nim2.rs", nim, &request(20, false)).unwrap();
    for (a, row) in board(&found).iter().enumerate() {
        for (b, &g) in row.iter().enumerate() {
            assert_eq!(g as usize, a ^ b);
        }
    }
    assert!(
        found.report().contains("two-heap Nim"),
        "{}",
        found.report()
    );

    // Moves that come back: named with the loop.
    let looping = "fn options(a: u64, b: u64) -> Vec<(u64, u64)> {\n    if a == b { vec![] } else { vec![(b, a)] }\n}\n";
    let error = explore_source(dir.path(), "loop.rs", looping, &request(5, false))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("the moves loop: (0, 1) -> (1, 0) -> (0, 1)"),
        "{error}"
    );
}

#[test]
fn pictures_show_the_p_positions() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("wythoff.rs");
    std::fs::write(&game, WYTHOFF).unwrap();
    let queen = wythoff_brute(30);
    let draw = |name: &str| {
        let picture = dir.path().join(name);
        let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args([
                "explore",
                "--game",
                game.to_str().unwrap(),
                "-n",
                "30",
                "--picture",
            ])
            .arg(&picture)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::read(picture).unwrap()
    };
    // SVG: every filled rectangle, read back into cells (20 pixels a cell on a 30-cell
    // board, x from 40, y from 25 with b growing upwards), is exactly the P-positions.
    let svg = String::from_utf8(draw("p.svg")).unwrap();
    let mut drawn = vec![vec![false; 30]; 30];
    for rect in svg.split("<rect ").skip(2) {
        let attr = |name: &str| -> usize {
            let rest = &rect[rect.find(&format!("{name}=\"")).unwrap() + name.len() + 2..];
            rest[..rest.find('"').unwrap()].parse().unwrap()
        };
        let (x, y, width) = (attr("x"), attr("y"), attr("width"));
        let b = 29 - (y - 25) / 20;
        for column in &mut drawn[(x - 40) / 20..(x - 40 + width) / 20] {
            column[b] = true;
        }
    }
    assert_eq!(drawn, queen);
    // PNG: decoded, the middle of each cell is black iff it is a P-position.
    let png = draw("p.png");
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((info.width, info.height), (600, 600));
    for (a, column) in queen.iter().enumerate() {
        for (b, &p) in column.iter().enumerate() {
            let (x, y) = (a * 20 + 10, (29 - b) * 20 + 10);
            assert_eq!(pixels[y * 600 + x] == 0, p, "({a}, {b})");
        }
    }
    // A picture of a one-heap game, or of a format it cannot write: one clear error each.
    let fail = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let gif = dir.path().join("p.gif");
    let error = fail(&[
        "explore",
        "--game",
        game.to_str().unwrap(),
        "--picture",
        gif.to_str().unwrap(),
    ]);
    assert!(error.contains("must end in .svg or .png"), "{error}");
    let svg = dir.path().join("one.svg");
    let error = fail(&[
        "explore",
        "--subtraction",
        "1,2",
        "--picture",
        svg.to_str().unwrap(),
    ]);
    assert!(error.contains("two-heap game"), "{error}");
    assert!(!svg.exists());
}

/// Whether the player to move wins a row of pins (bit i set: pin i standing) in misere
/// Kayles, where knocking down one pin or two adjacent ones is a move and whoever cannot
/// move wins.
fn misere_kayles_wins(row: u32, memo: &mut std::collections::HashMap<u32, bool>) -> bool {
    if let Some(&known) = memo.get(&row) {
        return known;
    }
    let mut wins = row == 0;
    for i in 0..32 {
        for knocked in [1u32 << i, 3u32 << i] {
            if !wins
                && knocked.count_ones() > 0
                && row & knocked == knocked
                && !misere_kayles_wins(row & !knocked, memo)
            {
                wins = true;
            }
        }
    }
    memo.insert(row, wins);
    wins
}

#[test]
fn misere_outcomes_match_a_search_of_the_real_game() {
    let mut memo = std::collections::HashMap::new();
    let rows: Vec<bool> = (0..15u32)
        .map(|n| !misere_kayles_wins((1 << n) - 1, &mut memo))
        .collect();
    let kayles = explore(&Game::Octal("0.77".into()), &request(15, true)).unwrap();
    let misere = kayles.misere.unwrap();
    assert!(misere.complete);
    assert_eq!(misere.p_positions, rows);
    // The same game written as a file, and a subtraction set against its own search.
    let dir = tempfile::tempdir().unwrap();
    let kayles_file = "fn options(n: u64) -> Vec<Vec<u64>> {\n    let mut out = Vec::new();\n    for take in 1..=2u64.min(n) {\n        for left in 0..=(n - take) / 2 {\n            out.push(vec![left, n - take - left]);\n        }\n    }\n    out\n}\n";
    let found = explore_source(dir.path(), "kayles.rs", kayles_file, &request(15, true)).unwrap();
    assert_eq!(found.misere.unwrap().p_positions, rows);
    let moves = [1usize, 3, 4];
    let mut p: Vec<bool> = Vec::new();
    for n in 0..60 {
        let options: Vec<usize> = moves.iter().filter(|&&m| m <= n).map(|&m| n - m).collect();
        // No move: the player to move has won (misere); else P iff every move leaves an N.
        p.push(!options.is_empty() && options.iter().all(|&o| !p[o]));
    }
    let found = explore(&Game::Subtraction(moves.to_vec()), &request(60, true)).unwrap();
    assert_eq!(found.misere.as_ref().unwrap().p_positions, p);
    assert!(
        found
            .report()
            .contains("misere play (the last mover loses)"),
        "{}",
        found.report()
    );
}

#[test]
fn one_heap_files_are_matched_to_the_library_and_arithmetic_periods_observed() {
    let dir = tempfile::tempdir().unwrap();
    // Lasker's Nim: take any number, or split a heap in two.
    let lasker = "fn options(n: u64) -> Vec<Vec<u64>> {\n    let mut out: Vec<Vec<u64>> = (0..n).map(|r| vec![r]).collect();\n    for a in 1..=n / 2 {\n        if n - a > 0 { out.push(vec![a, n - a]); }\n    }\n    out\n}\n";
    let found = explore_source(dir.path(), "lasker.rs", lasker, &request(120, false)).unwrap();
    let report = found.report();
    assert!(report.contains("Lasker's Nim"), "{report}");
    assert!(
        report.contains("arithmetic period 4 with saltus 4 from n = 1"),
        "{report}"
    );
    // Takes of 2 to 5: extended Bash, a = 2 and b = 5.
    let takes = "fn options(n: u64) -> Vec<Vec<u64>> {\n    (2..=5u64.min(n)).map(|t| vec![n - t]).collect()\n}\n";
    let found = explore_source(dir.path(), "takes.rs", takes, &request(100, false)).unwrap();
    assert!(
        found
            .report()
            .contains("extended Bash game with a = 2, b = 5"),
        "{}",
        found.report()
    );
    // Nim: a heap may become any smaller heap.
    let nim = "fn options(n: u64) -> Vec<Vec<u64>> {\n    (0..n).map(|r| vec![r]).collect()\n}\n";
    let found = explore_source(dir.path(), "nim.rs", nim, &request(100, false)).unwrap();
    assert!(
        found.report().contains("Nim: G(n) = n"),
        "{}",
        found.report()
    );
    // Splitting into two equal-or-not heaps only (Grundy's game needs unequal ones): no
    // library form, so none is named.
    let grundy = "fn options(n: u64) -> Vec<Vec<u64>> {\n    (1..(n + 1) / 2).map(|a| vec![a, n - a]).collect()\n}\n";
    let found = explore_source(dir.path(), "grundy.rs", grundy, &request(100, false)).unwrap();
    assert!(found.known.is_none(), "{:?}", found.known);
}

/// The README's session of `grundy explore`: each command run again from the workspace's
/// root, every line shown (except those cut with `...`) is a line of what it prints now, and
/// the picture it shows is the one it draws.
#[test]
fn the_readme_session_is_what_explore_prints() {
    let root = bundler::workspace_dir();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let section = &readme[readme.find("## Exploring a game").unwrap()..];
    let block = &section[section.find("```text\n").unwrap() + 8..];
    let block = &block[..block.find("```").unwrap()];
    let scratch = tempfile::tempdir().unwrap();
    let mut commands = 0;
    for session in block.split("$ ").skip(1) {
        let (command, shown) = session.split_once('\n').unwrap();
        let Some(args) = command.strip_prefix("grundy ") else {
            continue;
        };
        // The picture goes elsewhere, to be compared with the one committed.
        let picture = scratch.path().join("p.svg");
        let committed = "docs/explore/wythoff.svg";
        let args: Vec<&str> = args
            .split_whitespace()
            .map(|a| {
                if a == committed {
                    picture.to_str().unwrap()
                } else {
                    a
                }
            })
            .collect();
        let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(&args)
            .current_dir(&root)
            .output()
            .unwrap();
        assert!(output.status.success(), "{command}");
        let printed = String::from_utf8(output.stdout)
            .unwrap()
            .replace(picture.to_str().unwrap(), committed);
        let lines: Vec<&str> = printed.lines().map(str::trim_end).collect();
        for line in shown
            .lines()
            .filter(|l| !l.contains("...") && !l.is_empty())
        {
            assert!(
                lines.contains(&line.trim_end()),
                "`{command}` no longer prints {line:?}; it prints:\n{printed}"
            );
        }
        commands += 1;
    }
    assert_eq!(commands, 4);
    assert_eq!(
        std::fs::read_to_string(scratch.path().join("p.svg")).unwrap(),
        std::fs::read_to_string(root.join("docs/explore/wythoff.svg")).unwrap(),
        "docs/explore/wythoff.svg is not what explore draws now"
    );
}
