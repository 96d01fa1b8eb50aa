//! `grundy explore`: periods against the literature and against brute forces that play the
//! real moves, and the emitted function compiled with plain rustc and checked value by value.

use bundler::contest::explore::{explore, Game};
use std::process::Command;

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
    let kayles = explore(&Game::Octal("0.77".into()), 400).unwrap();
    let found = kayles.period.unwrap();
    assert_eq!(
        (found.preperiod, found.period, found.proven),
        (71, 12, true)
    );
    assert_eq!(kayles.values, octal_brute("0.77", 400));
    // Dawson's chess (0.137): period 34, last exceptional value at n = 51 (Winning Ways,
    // ch. 4).
    let dawson = explore(&Game::Octal("0.137".into()), 1000).unwrap();
    let found = dawson.period.unwrap();
    assert_eq!(
        (found.preperiod, found.period, found.proven),
        (52, 34, true)
    );
    assert_eq!(dawson.values, octal_brute("0.137", 1000));
    // Officers (0.6): no period is known; none may be claimed as proven.
    let officers = explore(&Game::Octal("0.6".into()), 3000).unwrap();
    assert!(
        officers.period.is_none_or(|f| !f.proven),
        "{:?}",
        officers.period
    );
    assert!(officers.function().is_none());
}

#[test]
fn subtraction_periods_are_proven_by_a_repeated_window() {
    let found = explore(&Game::Subtraction(vec![1, 3, 4]), 100).unwrap();
    assert_eq!(found.values, subtraction_brute(&[1, 3, 4], 100));
    let period = found.period.unwrap();
    assert_eq!(
        (period.preperiod, period.period, period.proven),
        (0, 7, true)
    );
    // {2, 5, 6}: values from the brute force, period as the report states it, both checked
    // against 3000 brute-force values.
    let found = explore(&Game::Subtraction(vec![2, 5, 6]), 200).unwrap();
    let period = found.period.unwrap();
    let long = subtraction_brute(&[2, 5, 6], 3000);
    for n in period.preperiod..3000 - period.period {
        assert_eq!(long[n], long[n + period.period], "n = {n}");
    }
    // A run of consecutive moves is the library's Bash game.
    let bash = explore(&Game::Subtraction(vec![1, 2, 3]), 50).unwrap();
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
        let found = explore(&game, 400).unwrap();
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
    assert!(
        looping.contains("over the CPU-time limit (1 s)"),
        "{looping}"
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
