//! `grundy stress` on planted bugs (`fixtures/stress/`, each README stating its smallest
//! counterexample), run as a user runs it in a copy of the fixture outside any checkout: each
//! bug is found, shrunk to that smallest counterexample and saved, and an exhaustive search
//! over every small input (the fixture's programs run directly, never the shrinker) confirms
//! that no smaller input fails. Also: shrinking with and without a validator, shrinking that
//! is skipped, the contest loop with `--init`, an interactive problem, and the messages of
//! runs that cannot be done.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/stress")
        .join(name)
}

/// A copy of the fixture `name` in a folder of its own, HOME beside it.
struct Copy {
    root: tempfile::TempDir,
}

impl Copy {
    fn of(name: &str) -> Copy {
        let root = tempfile::tempdir().unwrap();
        copy_dir(&fixture(name), &root.path().join("problem"));
        std::fs::create_dir(root.path().join("home")).unwrap();
        Copy { root }
    }

    fn dir(&self) -> PathBuf {
        self.root.path().join("problem")
    }

    /// `grundy args` run in the problem folder.
    fn grundy(&self, args: &[&str]) -> Output {
        grundy(&self.dir(), &self.root.path().join("home"), args)
    }

    fn read(&self, name: &str) -> Option<String> {
        std::fs::read_to_string(self.dir().join(name)).ok()
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// `grundy args` in `dir` with HOME at `home` (rustup and Cargo keep their own folders).
fn grundy(dir: &Path, home: &Path, args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    let own_home = std::env::var_os("HOME").map(PathBuf::from);
    for (var, default) in [("RUSTUP_HOME", ".rustup"), ("CARGO_HOME", ".cargo")] {
        if let Some(path) = std::env::var_os(var)
            .map(PathBuf::from)
            .or_else(|| own_home.as_ref().map(|h| h.join(default)))
        {
            command.env(var, path);
        }
    }
    command
        .args(args)
        .current_dir(dir)
        .env("HOME", home)
        .env_remove("XDG_CACHE_HOME")
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn said(output: &Output) -> String {
    format!("{}{}", text(&output.stdout), text(&output.stderr))
}

/// The code blocks of the fixture's README after its "Smallest counterexample" line.
fn stated(name: &str) -> Vec<String> {
    let readme = std::fs::read_to_string(fixture(name).join("README.md")).unwrap();
    let after = &readme[readme.find("Smallest counterexample").unwrap()..];
    after
        .split("```")
        .skip(1)
        .step_by(2)
        .map(|block| block.trim_start_matches('\n').to_string())
        .collect()
}

fn tokens(input: &str) -> Vec<u64> {
    input
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

/// A fixture's programs compiled by plain rustc (they are std-only), for the exhaustive
/// search.
struct Programs {
    _dir: tempfile::TempDir,
    solution: PathBuf,
    brute: PathBuf,
    validator: Option<PathBuf>,
}

fn compile(name: &str, validator: bool) -> Programs {
    let dir = tempfile::tempdir().unwrap();
    let build = |file: &str| {
        let binary = dir.path().join(file.trim_end_matches(".rs"));
        let status = Command::new("rustc")
            .args(["--edition", "2021", "-O", "-o"])
            .arg(&binary)
            .arg(fixture(name).join(file))
            .status()
            .unwrap();
        assert!(status.success(), "{name}/{file} compiles");
        binary
    };
    Programs {
        solution: build("main.rs"),
        brute: build("brute.rs"),
        validator: validator.then(|| build("validator.rs")),
        _dir: dir,
    }
}

/// How a program ended on an input: its output when it exited 0 within the time.
fn run(program: &Path, input: &str, time: Duration) -> Option<String> {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
    let began = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if began.elapsed() > time {
            child.kill().unwrap();
            child.wait().unwrap();
            return None;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let output = child.wait_with_output().unwrap();
    output.status.success().then(|| text(&output.stdout))
}

/// Lines as a judge compares them: trailing whitespace and trailing empty lines ignored.
fn normal(output: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = output.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// The first input, by token count and then by token values in order, of every sequence of
/// at most `most` tokens drawn from `values`, on which the solution fails (a wrong answer, a
/// crash, or no answer in a second) where the validator accepts it and the brute force
/// answers it.
fn first_counterexample(programs: &Programs, values: &[u64], most: usize) -> Option<Vec<u64>> {
    let second = Duration::from_secs(1);
    for count in 1..=most {
        let mut digits = vec![0usize; count];
        loop {
            let candidate: Vec<u64> = digits.iter().map(|&d| values[d]).collect();
            let input = candidate
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" ")
                + "\n";
            let valid = programs
                .validator
                .as_ref()
                .is_none_or(|validator| run(validator, &input, second).is_some());
            let answer = valid
                .then(|| run(&programs.brute, &input, 10 * second))
                .flatten()
                .filter(|answer| !answer.trim().is_empty());
            if let Some(answer) = answer {
                let output = run(&programs.solution, &input, second);
                if output.as_deref().map(normal) != Some(normal(&answer)) {
                    return Some(candidate);
                }
            }
            // The next sequence, the last token counting fastest.
            let Some(place) = (0..count).rev().find(|&i| digits[i] + 1 < values.len()) else {
                break;
            };
            digits[place] += 1;
            digits[place + 1..].fill(0);
        }
    }
    None
}

/// Runs `grundy stress` (with `args`) on a copy of the fixture `name`, and checks that it
/// found, shrank and saved the smallest counterexample the README states (the `block`-th;
/// as tokens: the programs read tokens, whatever the lines), which the exhaustive search
/// over `values` confirms.
fn finds_and_shrinks(name: &str, args: &[&str], block: usize, values: &[u64]) -> (Copy, String) {
    let copy = Copy::of(name);
    let mut all = vec!["stress", "--shrink-time", "120"];
    all.extend_from_slice(args);
    let output = copy.grundy(&all);
    let report = said(&output);
    eprintln!("{report}");
    assert_eq!(output.status.code(), Some(1), "{report}");
    let smallest = &stated(name)[block];
    let saved = copy.read("tests/stress-1.in").expect("saved");
    assert_eq!(tokens(&saved), tokens(smallest), "saved: {saved:?}");
    assert!(report.contains("nothing smaller fails"), "{report}");
    let programs = compile(name, args.contains(&"--validate"));
    let answer = run(&programs.brute, &saved, Duration::from_secs(10)).unwrap();
    assert_eq!(copy.read("tests/stress-1.out"), Some(answer));
    let most = tokens(smallest).len();
    assert_eq!(
        first_counterexample(&programs, values, most),
        Some(tokens(smallest)),
        "the exhaustive search's first counterexample"
    );
    (copy, report)
}

#[test]
fn an_off_by_one_in_a_bash_bound_is_found_and_shrunk() {
    // The samples pass.
    let output = Copy::of("bash-bound").grundy(&["test"]);
    assert_eq!(output.status.code(), Some(0), "{}", said(&output));
    // Also a Python generator, run by the interpreter `python3` starts.
    let (copy, _) = finds_and_shrinks("bash-bound", &[], 0, &[0, 1, 2]);
    // Saved as a sample: `grundy test` now fails on it.
    let output = copy.grundy(&["test"]);
    let table = said(&output);
    assert_eq!(output.status.code(), Some(1), "{table}");
    assert!(table.contains("WA on stress-1"), "{table}");
}

#[test]
fn the_misere_flip_at_all_ones_shrinks_within_the_validator_when_there_is_one() {
    // Without a validator the text shrinks past the constraints, to no piles at all (the
    // brute force plays that too); with one it stays within them.
    finds_and_shrinks("anti-nim-ones", &[], 0, &[0, 1, 2]);
    finds_and_shrinks(
        "anti-nim-ones",
        &["--validate", "validator.rs"],
        1,
        &[0, 1, 2],
    );
}

#[test]
fn an_overflow_on_large_heaps_shrinks_to_its_threshold() {
    let two_to_32 = 1u64 << 32;
    let (_, report) = finds_and_shrinks("big-heaps", &[], 0, &[0, 1, 2, two_to_32 - 1, two_to_32]);
    assert!(report.contains("verdict: RE on stress-1"), "{report}");
}

#[test]
fn a_wrong_base_case_in_a_grundy_table_is_found_and_shrunk() {
    finds_and_shrinks("sg-base", &[], 0, &[0, 1, 2]);
}

#[test]
fn a_time_limit_exceeded_on_one_shape_of_input_is_found_and_shrunk() {
    let (_, report) = finds_and_shrinks("tle-shape", &[], 0, &[0, 1, 2]);
    assert!(report.contains("verdict: TLE on stress-1"), "{report}");
}

#[test]
fn a_wrong_answer_only_for_a_single_pile_is_found_and_shrunk() {
    finds_and_shrinks("wa-n1", &[], 0, &[0, 1, 2, 3]);
}

#[test]
fn without_shrinking_the_first_failing_input_is_far_larger() {
    let copy = Copy::of("sg-base");
    let output = copy.grundy(&["stress", "--shrink-time", "0"]);
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    let found = tokens(&copy.read("tests/stress-1.in").unwrap());
    let smallest = tokens(&stated("sg-base")[0]);
    assert!(
        found.len() >= 10 * smallest.len(),
        "{} tokens, not far more than {}",
        found.len(),
        smallest.len()
    );
    assert!(said(&output).contains("not shrunk"), "{}", said(&output));
}

#[test]
fn the_same_seeds_find_the_same_input_on_one_lane_or_two() {
    let copy = Copy::of("wa-n1");
    let found = |jobs: &str| {
        let output = copy.grundy(&["stress", "--jobs", jobs, "--shrink-time", "0", "--no-save"]);
        assert_eq!(output.status.code(), Some(1), "{}", said(&output));
        let report = text(&output.stdout);
        let first = report.lines().nth(1).unwrap().to_string();
        let input: Vec<&str> = report
            .lines()
            .skip_while(|line| !line.starts_with("input"))
            .take_while(|line| !line.starts_with("verdict"))
            .collect();
        (first, input.join("\n"))
    };
    assert_eq!(found("1"), found("2"));
    assert_eq!(
        copy.read("tests/stress-1.in"),
        None,
        "--no-save writes nothing"
    );
}

/// Writes `files` into `dir` (making folders), each `(path, text)`.
fn write_files(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

#[test]
fn a_new_users_contest_loop_with_init_saves_a_failing_sample() {
    let root = tempfile::tempdir().unwrap();
    let (home, contest) = (root.path().join("home"), root.path().join("contest"));
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(&contest).unwrap();
    let output = grundy(&contest, &home, &["new", "sums"]);
    assert!(
        said(&output).contains("grundy stress --init"),
        "{}",
        said(&output)
    );
    let folder = contest.join("sums");
    // The problem --init's programs are written for: the sum of each case's numbers. The
    // solution forgets a case of one number.
    write_files(
        &folder,
        &[(
            "main.rs",
            "use templates::fast_io::{Scanner, Writer};\n\
             fn main() {\n\
                 let mut input = Scanner::stdin();\n\
                 let mut out = Writer::stdout();\n\
                 for _ in 0..input.try_usize().unwrap_or(0) {\n\
                     let n = input.usize();\n\
                     let sum: u64 = (0..n).map(|_| input.u64()).sum();\n\
                     out.u64(if n == 1 { 0 } else { sum }).byte(b'\\n');\n\
                 }\n\
             }\n",
        )],
    );
    let output = grundy(&folder, &home, &["stress", "--init"]);
    let init = said(&output);
    assert!(output.status.success(), "{init}");
    assert!(
        init.contains("wrote") && init.contains("gen.rs") && init.contains("brute.rs"),
        "{init}"
    );
    let generator = std::fs::read_to_string(folder.join("gen.rs")).unwrap();
    std::fs::write(folder.join("brute.rs"), "// mine\n").unwrap();
    let again = said(&grundy(&folder, &home, &["stress", "--init"]));
    assert!(again.contains("kept"), "{again}");
    assert_eq!(
        std::fs::read_to_string(folder.join("gen.rs")).unwrap(),
        generator
    );
    assert_eq!(
        std::fs::read_to_string(folder.join("brute.rs")).unwrap(),
        "// mine\n"
    );
    std::fs::write(folder.join("brute.rs"), bundler::stress::BRUTE).unwrap();

    let output = grundy(&folder, &home, &["stress"]);
    let report = said(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    let saved = std::fs::read_to_string(folder.join("tests/stress-1.in")).unwrap();
    assert_eq!(tokens(&saved), [1, 1, 1], "{report}");
    assert_eq!(
        std::fs::read_to_string(folder.join("tests/stress-1.out")).unwrap(),
        "1\n"
    );
    let output = grundy(&contest, &home, &["test", "sums"]);
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    assert!(
        said(&output).contains("WA on stress-1"),
        "{}",
        said(&output)
    );
}

#[test]
fn an_interactive_solution_plays_its_interactor_on_the_generated_data() {
    let root = tempfile::tempdir().unwrap();
    let folder = root.path().join("nim-interactive");
    copy_dir(
        &bundler::workspace_dir().join("problems/nim-interactive"),
        &folder,
    );
    // The planted bug: always the first player, lost when the piles' xor is 0.
    let main = std::fs::read_to_string(folder.join("main.rs")).unwrap();
    let wrong = main.replace("match first_player_wins(&piles) {", "match true {");
    assert_ne!(wrong, main);
    std::fs::write(folder.join("main.rs"), wrong).unwrap();
    std::fs::create_dir(root.path().join("home")).unwrap();
    let output = grundy(&folder, &root.path().join("home"), &["stress"]);
    let report = said(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report.contains("against its interactor") && report.contains("WA on stress-1"),
        "{report}"
    );
    // n = 2, piles 1 1, the judge's seed 1; no answer file: the interactor judges.
    assert_eq!(
        std::fs::read_to_string(folder.join("tests/stress-1.in")).unwrap(),
        "2\n1 1\n1\n"
    );
    assert!(!folder.join("tests/stress-1.out").exists());
}

/// A problem of sums (the shape `--init` writes for) with these files besides, and the
/// output of `grundy stress args` on it.
fn stress_with(files: &[(&str, &str)], args: &[&str]) -> (Output, tempfile::TempDir) {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("sums");
    write_files(
        &dir,
        &[
            ("main.rs", "fn main() { println!(\"3\"); }\n"),
            ("tests/sample.in", "1\n1\n3\n"),
            ("tests/sample.out", "3\n"),
        ],
    );
    write_files(&dir, files);
    for (path, _) in files.iter().filter(|(path, _)| path.ends_with(".sh")) {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.join(path), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::create_dir(root.path().join("home")).unwrap();
    let mut all = vec!["stress", "--runs", "5"];
    all.extend_from_slice(args);
    let output = grundy(&dir, &root.path().join("home"), &all);
    let tests: Vec<_> = std::fs::read_dir(dir.join("tests")).unwrap().collect();
    assert_eq!(
        tests.len(),
        2,
        "nothing written into tests/:\n{}",
        said(&output)
    );
    (output, root)
}

/// `grundy stress` could not run: exit status 2 and one message holding every one of `parts`.
fn refused(output: &Output, parts: &[&str]) {
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{}", said(output));
    assert!(stderr.starts_with("error: "), "{stderr}");
    for part in parts {
        assert!(stderr.contains(part), "{part:?} missing from {stderr}");
    }
}

const GEN: &str = "#!/bin/sh\nprintf '1\\n1\\n%s\\n' \"$1\"\n";
const BRUTE: &str = "#!/bin/sh\nread t; read n; read x; echo \"$x\"\n";

#[test]
fn runs_that_cannot_be_done_say_why_and_write_nothing() {
    let (output, _) = stress_with(&[("gen.py", "print(1)\n")], &[]);
    refused(
        &output,
        &[
            "no brute force for problem `sums`",
            "brute.rs and brute.py",
            "--brute PATH",
            "--init",
        ],
    );
    let (output, _) = stress_with(&[("brute.py", "print(1)\n")], &[]);
    refused(
        &output,
        &["no generator", "gen.rs and gen.py", "--gen PATH"],
    );

    // Each program by flag, as an executable of any kind.
    let flags = ["--gen", "gen.sh", "--brute", "brute.sh"];
    let with = |extra: &[(&'static str, &'static str)]| {
        let mut files = vec![("gen.sh", GEN), ("brute.sh", BRUTE)];
        files.extend_from_slice(extra);
        files
    };
    let found: Vec<&str> = flags.iter().copied().chain(["--no-save"]).collect();
    let (output, _) = stress_with(&with(&[]), &found);
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));

    let (output, _) = stress_with(
        &with(&[("gen.sh", "#!/bin/sh\necho 1; echo 1; echo $$\n")]),
        &flags,
    );
    refused(
        &output,
        &["gen.sh is not deterministic", "`gen 1`", "line 3"],
    );
    let (output, _) = stress_with(&with(&[("gen.sh", "#!/bin/sh\n")]), &flags);
    refused(
        &output,
        &["gen.sh failed for seed 1 (size 1): it printed nothing"],
    );
    let (output, _) = stress_with(
        &with(&[("brute.sh", "#!/bin/sh\necho oops >&2; exit 3\n")]),
        &flags,
    );
    refused(
        &output,
        &[
            "brute.sh failed for seed 1 (size 1): exit status 3: oops",
            "the input:",
            "      1",
        ],
    );
    let (output, _) = stress_with(
        &with(&[("valid.sh", "#!/bin/sh\necho too small; exit 1\n")]),
        &[
            "--gen",
            "gen.sh",
            "--brute",
            "brute.sh",
            "--validate",
            "valid.sh",
        ],
    );
    refused(
        &output,
        &["valid.sh rejects the input gen.sh wrote for seed 1 (size 1): the generator's bug; it says: too small"],
    );
    let (output, _) = stress_with(
        &[
            ("gen.sh", GEN),
            ("brute.rs", "fn main() { let x: u32 = \"1\"; }\n"),
        ],
        &["--gen", "gen.sh"],
    );
    refused(
        &output,
        &["brute.rs: does not compile: error[E0308]", "brute.rs:1:26"],
    );

    // Bad use: clap's status, 2.
    let (output, _) = stress_with(&with(&[]), &["--time", "-1"]);
    assert_eq!(output.status.code(), Some(2), "{}", said(&output));
}
