//! The contest loop in a folder of the user's own, outside any checkout, with HOME there
//! too: Competitive Companion posts a problem to `grundy receive --port 0`, a solution is
//! written into the folder it made, and `grundy test` judges it (AC, WA, TLE by the
//! problem's own limit); `grundy new` adds a problem and `cargo build` builds the contest.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// `grundy` run in `dir` with HOME at `home`; rustup and Cargo keep their own folders (a
/// user's HOME does not move under them).
fn grundy(dir: &Path, home: &Path) -> Command {
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
    command.current_dir(dir).env("HOME", home);
    command
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Posts `body` to 127.0.0.1:`port` as the extension does; the reply's status code.
fn post(port: u16, body: &str) -> u16 {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "POST / HTTP/1.1\r\nHost: localhost:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    reply
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status in {reply:?}"))
}

fn test_in(dir: &Path, home: &Path, args: &[&Path]) -> Output {
    grundy(dir, home).arg("test").args(args).output().unwrap()
}

const PROBLEM: &str = r#"{
    "name": "A - Sum", "group": "AtCoder Beginner Contest 300",
    "url": "https://atcoder.jp/contests/abc300/tasks/abc300_a",
    "interactive": false, "memoryLimit": 256, "timeLimit": 1000,
    "tests": [{"input": "1 2\n", "output": "3\n"}, {"input": "10 20\n", "output": "30\n"}],
    "testType": "single", "input": {"type": "stdin"}, "output": {"type": "stdout"},
    "languages": {"java": {"mainClass": "Main", "taskClass": "A"}}
}"#;

const SUM: &str = "use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|w| w.parse().unwrap()).collect();
    println!(\"{}\", v[0] + v[1]);
}
";

#[test]
fn receive_write_test_new_and_build_in_a_folder_of_ones_own() {
    let root = tempfile::tempdir().unwrap();
    let home = root.path().join("home");
    let contest = root.path().join("contest");
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(&contest).unwrap();

    let mut receiver = grundy(&contest, &home)
        .args(["receive", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(receiver.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let port: u16 = first
        .split("127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|port| port.parse().ok())
        .unwrap_or_else(|| panic!("no port in {first:?}"));

    // A malformed request: 400, and nothing written.
    assert_eq!(post(port, r#"{"name": "no tests"}"#), 400);
    assert_eq!(std::fs::read_dir(&contest).unwrap().count(), 0);
    assert_eq!(post(port, PROBLEM), 200);
    // Without a batch, one problem is all: the receiver stops by itself.
    let status = receiver.wait().unwrap();
    let said: Vec<String> = lines.map_while(Result::ok).collect();
    assert!(status.success(), "{said:?}");

    let folder = contest.join("abc300_a");
    assert_eq!(
        std::fs::read_to_string(folder.join("tests/sample2.in")).unwrap(),
        "10 20\n"
    );
    let readme = std::fs::read_to_string(folder.join("README.md")).unwrap();
    assert!(readme.contains("Time limit: 1 s"), "{readme}");
    let main = std::fs::read_to_string(folder.join("main.rs")).unwrap();
    assert!(
        main.starts_with(
            "// problem: https://atcoder.jp/contests/abc300/tasks/abc300_a\n\
             // Statement: abc300_a/README.md.\n"
        ),
        "the header names the page the problem came from:\n{main}"
    );

    let verdicts = |solution: &str, dir: &Path, args: &[&Path]| {
        std::fs::write(folder.join("main.rs"), solution).unwrap();
        let output = test_in(dir, &home, args);
        (
            output.status.code(),
            text(&output.stdout),
            text(&output.stderr),
        )
    };
    let (code, table, stderr) = verdicts(SUM, &contest, &[&folder]);
    assert_eq!(code, Some(0), "{table}{stderr}");
    assert!(
        table.contains("abc300_a") && table.contains("AC"),
        "{table}"
    );
    // Inside the folder, no argument needed.
    let (code, table, stderr) = verdicts(SUM, &folder.join("tests"), &[]);
    assert_eq!(code, Some(0), "{table}{stderr}");
    assert!(table.contains("AC"), "{table}");

    let (code, table, _) = verdicts(
        &SUM.replace("v[0] + v[1]", "v[0] + v[1] + 1"),
        &contest,
        &[&folder],
    );
    assert_eq!(code, Some(1), "{table}");
    assert!(table.contains("WA"), "{table}");
    let spin =
        "fn main() { let mut x = 0u64; loop { x = x.wrapping_add(1); std::hint::black_box(x); } }";
    let (code, table, _) = verdicts(spin, &contest, &[&folder]);
    assert_eq!(code, Some(1), "{table}");
    assert!(
        table.contains("TLE") && table.contains("limit 1 s"),
        "by the problem's own limit:\n{table}"
    );

    // `new` joins the contest's workspace, and Cargo builds the whole contest.
    std::fs::write(folder.join("main.rs"), SUM).unwrap();
    let output = grundy(&folder, &home)
        .args(["new", "abc300_b"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(contest.join("abc300_b/main.rs").is_file());
    let mut cargo = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    // Into the contest's own `target`, whatever target folder the caller's shell names.
    cargo
        .env_remove("CARGO_TARGET_DIR")
        .current_dir(&contest)
        .args(["build", "--quiet", "--offline"]);
    let built = cargo.output().unwrap();
    assert!(built.status.success(), "{}", text(&built.stderr));
    for bin in ["abc300_a", "abc300_b"] {
        assert!(
            contest.join("target/debug").join(bin).is_file(),
            "{bin} built"
        );
    }
}

#[test]
fn receive_refuses_a_port_in_use_with_one_clear_message() {
    let taken = std::net::TcpListener::bind(("127.0.0.1", 0)).unwrap();
    let port = taken.local_addr().unwrap().port();
    let dir = tempfile::tempdir().unwrap();
    let output = grundy(dir.path(), dir.path())
        .args(["receive", "--port", &port.to_string()])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(&format!("cannot listen on 127.0.0.1:{port}")) && stderr.contains("--port"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing written"
    );
}
