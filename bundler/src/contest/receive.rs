//! `grundy receive`: problems sent by Competitive Companion, the browser extension that
//! posts a problem's name, URL, limits and samples as JSON to local ports. Each becomes a
//! problem folder as `new` makes one, its samples as tests and its limits in its README.
//!
//! The HTTP side is tiny_http's; only the extension's format is ours to read.

use super::scaffold::{self, ProblemSpec, ScaffoldError};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The port we listen on by default: one the extension sends to without being configured
/// (its default list, `src/hosts/hosts.ts` of jmerle/competitive-companion: 1327 cpbooster,
/// 4244 Hightail, 6174 Mind Sport, 10042 acmX, 10043 Caide, 10045 CP Editor, 27121
/// Competitive Programming Helper). Hightail's: an unmaintained tool, so the port is
/// rarely taken.
pub const DEFAULT_PORT: u16 = 4244;

/// The largest request read: a problem with its samples is a few KiB; a contest's largest
/// samples stay far below.
const MAX_BODY: u64 = 16 << 20;

#[derive(Debug, thiserror::Error)]
pub enum ReceiveError {
    #[error("cannot listen on 127.0.0.1:{port}: {message} (another tool may listen there: pass --port N, and add N to the extension's custom ports)")]
    Listen { port: u16, message: String },
    #[error("receiving: {0}")]
    Io(#[from] std::io::Error),
}

/// What the extension sends for one problem (fields we do not use are ignored).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Task {
    name: String,
    #[serde(default)]
    group: String,
    #[serde(default)]
    url: String,
    #[serde(default)]
    interactive: bool,
    /// Milliseconds.
    time_limit: Option<f64>,
    /// Megabytes.
    memory_limit: Option<f64>,
    tests: Vec<Sample>,
    input: Option<Stream>,
    output: Option<Stream>,
    batch: Option<Batch>,
}

#[derive(Debug, Deserialize)]
struct Sample {
    input: String,
    output: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Stream {
    #[serde(rename = "type")]
    kind: String,
    file_name: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Batch {
    id: String,
    size: usize,
}

/// Where received problems go.
#[derive(Debug, Clone)]
pub enum Destination {
    /// A checkout's `problems/`: registered as `new` does there.
    Checkout(PathBuf),
    /// A contest folder (made a workspace if it is not one).
    Contest(PathBuf),
}

/// Listens on 127.0.0.1:`port` (0: a free one) and makes a problem folder in `destination`
/// for each problem received, until a batch is complete or `stop` is raised. `say` gets one
/// line per event (the address listened on first). Returns the folders made.
pub fn receive(
    port: u16,
    destination: &Destination,
    stop: &AtomicBool,
    say: &mut dyn FnMut(&str),
) -> Result<Vec<PathBuf>, ReceiveError> {
    let server =
        tiny_http::Server::http(("127.0.0.1", port)).map_err(|e| ReceiveError::Listen {
            port,
            message: e.to_string(),
        })?;
    let address = server
        .server_addr()
        .to_ip()
        .map_or_else(|| format!("127.0.0.1:{port}"), |a| a.to_string());
    say(&format!(
        "listening on {address}: open a problem or a contest page and click Competitive Companion's button (Ctrl-C stops)"
    ));
    let mut made = Vec::new();
    // Each batch's problems seen so far, by their URL (or name).
    let mut batches: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    while !stop.load(Ordering::SeqCst) {
        let Some(mut request) = server.recv_timeout(Duration::from_millis(100))? else {
            continue;
        };
        if *request.method() != tiny_http::Method::Post {
            respond(request, 405, "send the problem with POST\n");
            continue;
        }
        let mut body = String::new();
        let read = request
            .as_reader()
            .take(MAX_BODY + 1)
            .read_to_string(&mut body);
        let task = match read.map_err(|e| e.to_string()).and_then(|n| {
            if n as u64 > MAX_BODY {
                Err(format!("larger than {} MiB", MAX_BODY >> 20))
            } else {
                serde_json::from_str::<Task>(&body).map_err(|e| e.to_string())
            }
        }) {
            Ok(task) => task,
            Err(message) => {
                say(&format!(
                    "refused a request that is not a Competitive Companion problem: {message}"
                ));
                respond(request, 400, &format!("not a problem: {message}\n"));
                continue;
            }
        };
        let spec = spec_of(&task);
        match make(destination, &spec) {
            Ok(folder) => {
                say(&format!(
                    "{}: {} sample(s) in {}",
                    spec.id,
                    spec.tests.len(),
                    folder.display()
                ));
                made.push(folder);
                respond(request, 200, "");
            }
            Err(ScaffoldError::Exists { path }) => {
                say(&format!(
                    "{}: {} exists and is left as it is (remove it to receive the problem again)",
                    spec.id,
                    path.display()
                ));
                respond(request, 200, "");
            }
            Err(e) => {
                say(&format!("{}: {e}", spec.id));
                respond(request, 500, &format!("{e}\n"));
            }
        }
        let Some(batch) = &task.batch else {
            break;
        };
        let seen = batches.entry(batch.id.clone()).or_default();
        seen.insert(if task.url.is_empty() {
            task.name.clone()
        } else {
            task.url.clone()
        });
        if seen.len() >= batch.size {
            break;
        }
    }
    Ok(made)
}

fn respond(request: tiny_http::Request, status: u16, body: &str) {
    // The extension does not read the answer: a failed reply loses nothing.
    let _ = request.respond(tiny_http::Response::from_string(body).with_status_code(status));
}

/// Makes the problem's folder where `destination` says.
fn make(destination: &Destination, spec: &ProblemSpec) -> Result<PathBuf, ScaffoldError> {
    match destination {
        Destination::Contest(dir) => scaffold::new_in_contest(dir, spec),
        Destination::Checkout(problems) => {
            let folder = scaffold::new_problem(problems, &spec.id, spec.url.as_deref())?;
            let io_error = |path: &Path| {
                let path = path.to_path_buf();
                move |source| ScaffoldError::Io { path, source }
            };
            // `new` left one empty sample: the received ones replace it.
            let tests = folder.join("tests");
            for empty in ["sample.in", "sample.out"] {
                std::fs::remove_file(tests.join(empty)).map_err(io_error(&tests))?;
            }
            for (n, (input, output)) in spec.tests.iter().enumerate() {
                for (ext, text) in [("in", input), ("out", output)] {
                    let path = tests.join(format!("sample{}.{ext}", n + 1));
                    std::fs::write(&path, text).map_err(io_error(&path))?;
                }
            }
            let readme = folder.join("README.md");
            let mut file = std::fs::OpenOptions::new()
                .append(true)
                .open(&readme)
                .map_err(io_error(&readme))?;
            file.write_all(scaffold::limit_lines(spec).as_bytes())
                .map_err(io_error(&readme))?;
            Ok(folder)
        }
    }
}

/// The problem `task` describes.
fn spec_of(task: &Task) -> ProblemSpec {
    let file = |stream: &Option<Stream>| {
        stream
            .as_ref()
            .filter(|s| s.kind == "file")
            .and_then(|s| s.file_name.clone())
    };
    ProblemSpec {
        id: problem_id(&task.url, &task.name),
        title: Some(if task.group.is_empty() {
            task.name.clone()
        } else {
            format!("{} ({})", task.name, task.group)
        }),
        // Written into a comment line of `main.rs` and the README: one line, or none at all.
        url: Some(task.url.clone()).filter(|url| {
            !url.is_empty() && !url.contains(|c: char| c.is_whitespace() || c.is_control())
        }),
        time_limit_ms: task.time_limit.filter(|t| *t > 0.0).map(|t| t as u64),
        memory_limit_mb: task.memory_limit.filter(|m| *m > 0.0).map(|m| m as u64),
        tests: task
            .tests
            .iter()
            .map(|t| (t.input.clone(), t.output.clone()))
            .collect(),
        interactive: task.interactive,
        input_file: file(&task.input),
        output_file: file(&task.output),
    }
}

/// The problem's id as its judge writes it when the URL shows it (`abc300_a`, `1999G`,
/// `P1234`, `point_add_range_sum`), else a safe form of its name.
pub fn problem_id(url: &str, name: &str) -> String {
    let path: Vec<&str> = url
        .split("://")
        .nth(1)
        .and_then(|rest| rest.split_once('/'))
        .map(|(_, path)| path.split(['?', '#']).next().unwrap_or(""))
        .unwrap_or("")
        .split('/')
        .filter(|s| !s.is_empty())
        .collect();
    let host = url
        .split("://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or("");
    let from_url = if host.ends_with("codeforces.com") {
        // contest/1999/problem/G, problemset/problem/1999/G, gym/104/problem/A
        match path.as_slice() {
            ["contest" | "gym", contest, "problem", index, ..] => Some(format!("{contest}{index}")),
            ["problemset", "problem", contest, index, ..] => Some(format!("{contest}{index}")),
            _ => None,
        }
    } else if host.ends_with("atcoder.jp") {
        match path.as_slice() {
            ["contests", _, "tasks", task, ..] => Some(task.to_string()),
            _ => None,
        }
    } else if host.ends_with("yukicoder.me") {
        match path.as_slice() {
            ["problems", "no", number, ..] => Some(format!("yukicoder{number}")),
            _ => None,
        }
    } else if host.ends_with("judge.yosupo.jp") || host.ends_with("luogu.com.cn") {
        match path.as_slice() {
            ["problem", id, ..] => Some(id.to_string()),
            _ => None,
        }
    } else {
        None
    };
    from_url
        .filter(|id| scaffold::validate_id(id).is_ok())
        .unwrap_or_else(|| safe_name(name))
}

/// `name` as a folder name: ASCII letters and digits kept, every other run of characters one
/// `-`, at most 40 characters; `problem` when nothing is left.
fn safe_name(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let mut out: String = out.chars().take(40).collect();
    while out.ends_with('-') {
        out.pop();
    }
    if scaffold::validate_id(&out).is_ok() {
        out
    } else {
        "problem".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_come_from_the_judges_urls_else_from_the_name() {
        for (url, name, id) in [
            (
                "https://atcoder.jp/contests/abc300/tasks/abc300_a",
                "A - N-choice question",
                "abc300_a",
            ),
            (
                "https://codeforces.com/contest/1999/problem/G",
                "G. Ruler",
                "1999G",
            ),
            (
                "https://codeforces.com/problemset/problem/1999/G2?locale=en",
                "G2",
                "1999G2",
            ),
            (
                "https://codeforces.com/gym/104114/problem/A",
                "A",
                "104114A",
            ),
            (
                "https://judge.yosupo.jp/problem/point_add_range_sum",
                "Point Add Range Sum",
                "point_add_range_sum",
            ),
            (
                "https://www.luogu.com.cn/problem/P2197",
                "【模板】Nim 游戏",
                "P2197",
            ),
            (
                "https://yukicoder.me/problems/no/1234",
                "x",
                "yukicoder1234",
            ),
            (
                "https://example.com/task/7",
                "Stone Game (Hard)!",
                "stone-game-hard",
            ),
            ("", "  ??  ", "problem"),
            (
                "https://atcoder.jp/contests/abc300/tasks/../..",
                "Nim",
                "nim",
            ),
        ] {
            assert_eq!(problem_id(url, name), id, "{url} {name}");
        }
    }

    #[test]
    fn the_extensions_json_reads_with_limits_samples_files_and_batch() {
        let task: Task = serde_json::from_str(
            r#"{"name":"A","group":"Round 1","url":"https://codeforces.com/contest/1/problem/A",
            "interactive":false,"memoryLimit":256,"timeLimit":1500,
            "tests":[{"input":"1 2\n","output":"3\n"}],"testType":"single",
            "input":{"type":"file","fileName":"in.txt"},"output":{"type":"stdout"},
            "languages":{"java":{"mainClass":"Main","taskClass":"A"}},
            "batch":{"id":"b1","size":3}}"#,
        )
        .unwrap();
        let spec = spec_of(&task);
        assert_eq!(spec.id, "1A");
        assert_eq!(spec.time_limit_ms, Some(1500));
        assert_eq!(spec.memory_limit_mb, Some(256));
        assert_eq!(spec.tests, vec![("1 2\n".to_string(), "3\n".to_string())]);
        assert_eq!(spec.input_file.as_deref(), Some("in.txt"));
        assert_eq!(spec.output_file, None);
        assert_eq!(task.batch.map(|b| b.size), Some(3));
        assert!(
            serde_json::from_str::<Task>(r#"{"name":"A"}"#).is_err(),
            "tests are required"
        );
    }

    /// The URL goes into a comment line of `main.rs`: one that would end the line is no URL.
    #[test]
    fn a_url_that_is_not_one_line_is_left_out() {
        let task = |url: &str| -> Task {
            serde_json::from_value(serde_json::json!({"name": "A", "url": url, "tests": []}))
                .unwrap()
        };
        let url = "https://atcoder.jp/contests/abc300/tasks/abc300_a";
        assert_eq!(spec_of(&task(url)).url.as_deref(), Some(url));
        for bad in [
            "https://x.org/a\nfn main() {}",
            "https://x.org/a b",
            "https://x.org/\u{0}",
            "",
        ] {
            assert_eq!(spec_of(&task(bad)).url, None, "{bad:?}");
        }
    }
}
