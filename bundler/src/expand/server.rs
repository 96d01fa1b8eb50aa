//! The proc-macro server: where a toolchain keeps it, starting it, and asking it to list and
//! expand macros. One process serves every call of a bundle; it loads each library once.

use super::flat::Encoder;
use super::protocol::{ExpandMacro, GlobalSpans, Request, Response, SUPPORTED_VERSIONS};
use super::{ExpandError, Expansion, MacroKind};
use proc_macro2::{Delimiter, TokenStream, TokenTree};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

/// The server of the toolchain whose sysroot is `sysroot` (`rustc --print sysroot`).
pub fn find_server(sysroot: &Path) -> Result<PathBuf, ExpandError> {
    let server = sysroot.join("libexec").join(format!(
        "rust-analyzer-proc-macro-srv{}",
        std::env::consts::EXE_SUFFIX
    ));
    if server.is_file() {
        Ok(server)
    } else {
        Err(ExpandError::ServerNotFound {
            sysroot: sysroot.to_path_buf(),
            server,
        })
    }
}

/// One request out, one answer back: a line of JSON each, without the newline.
pub trait Transport: Send {
    fn exchange(&mut self, request: &str) -> Result<String, ExpandError>;
}

/// A server process over its standard input and output.
pub struct ProcessTransport {
    server: PathBuf,
    child: Child,
    /// `None` once closed, which asks the server to exit.
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    /// The end of what it wrote to stderr (a panicking macro's message, or why it died),
    /// and the thread that reads it.
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_reader: std::thread::JoinHandle<()>,
}

/// How much of the server's stderr an error quotes.
const STDERR_KEPT: usize = 8 * 1024;

/// How long a server that stops (its input closed, or broken) is given to exit: after it, a
/// crash is reported without its exit status, and a server let go is killed.
const EXIT_WAIT: Duration = Duration::from_secs(2);

impl ProcessTransport {
    pub fn spawn(server: &Path) -> Result<ProcessTransport, ExpandError> {
        let mut child = Command::new(server)
            // The server refuses to run without it; its value was checked before 2024-12.
            .env("RUST_ANALYZER_INTERNALS_DO_NOT_USE", "this is unstable")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| ExpandError::Start {
                server: server.to_path_buf(),
                source,
            })?;
        let (Some(stdin), Some(stdout), Some(mut stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(ExpandError::Start {
                server: server.to_path_buf(),
                source: std::io::Error::other("no pipe to it"),
            });
        };
        // Drained all along, so that a chatty macro never blocks the server on a full pipe.
        let kept = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&kept);
        let stderr_reader = std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n @ 1..) = stderr.read(&mut chunk) {
                let mut kept = sink.lock().unwrap_or_else(|e| e.into_inner());
                kept.extend_from_slice(&chunk[..n]);
                let excess = kept.len().saturating_sub(STDERR_KEPT);
                kept.drain(..excess);
            }
        });
        Ok(ProcessTransport {
            server: server.to_path_buf(),
            child,
            stdin: Some(stdin),
            stdout: BufReader::new(stdout),
            stderr: kept,
            stderr_reader,
        })
    }

    /// The error for a server that stopped answering: why, with its exit status once it has
    /// one, and its stderr.
    fn crashed(&mut self, what: String) -> ExpandError {
        let deadline = Instant::now() + EXIT_WAIT;
        let status = self.exit_status_by(deadline);
        // Its last words: read to the end of the pipe, unless a process it started holds it.
        while !self.stderr_reader.is_finished() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        let reason = match status {
            Some(status) => format!("{what} ({status})"),
            None => what,
        };
        let stderr = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        ExpandError::Crashed {
            server: self.server.clone(),
            reason,
            stderr: String::from_utf8_lossy(&stderr).trim().to_string(),
        }
    }

    /// The server's exit status once it has exited, waiting for it until `deadline`.
    fn exit_status_by(&mut self, deadline: Instant) -> Option<ExitStatus> {
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                _ => return None,
            }
        }
    }
}

impl Transport for ProcessTransport {
    fn exchange(&mut self, request: &str) -> Result<String, ExpandError> {
        let sent = match self.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(request.as_bytes())
                .and_then(|()| stdin.write_all(b"\n"))
                .and_then(|()| stdin.flush()),
            None => Err(std::io::Error::other("its input is closed")),
        };
        if let Err(e) = sent {
            return Err(self.crashed(format!("writing a request: {e}")));
        }
        let mut line = String::new();
        loop {
            line.clear();
            match self.stdout.read_line(&mut line) {
                Ok(0) => return Err(self.crashed("it exited without answering".into())),
                // A macro that prints to stdout writes between the answers: not ours.
                Ok(_) if !line.starts_with('{') => continue,
                Ok(_) => return Ok(line.trim_end().to_string()),
                Err(e) => return Err(self.crashed(format!("reading its answer: {e}"))),
            }
        }
    }
}

impl Drop for ProcessTransport {
    fn drop(&mut self) {
        // At the end of its input the server exits and removes the temporary folder it made
        // (killed, it leaves the folder behind); one that does not exit soon, in a macro that
        // never returns, is killed so as not to hang us.
        self.stdin = None;
        if self.exit_status_by(Instant::now() + EXIT_WAIT).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// One macro call to expand.
#[derive(Debug, Clone, Copy)]
pub struct MacroCall<'a> {
    /// The compiled proc-macro crate ([`super::build`]).
    pub dylib: &'a Path,
    /// The macro's name; a derive's is the derived trait's name.
    pub name: &'a str,
    pub kind: MacroKind,
    /// What the macro is given: a function-like macro's arguments, the item under an
    /// attribute or derive.
    pub input: &'a TokenStream,
    /// An attribute macro's arguments (none is `#[name]`); read for attribute macros only.
    pub attr: Option<&'a TokenStream>,
    /// Environment variables set while the macro runs (Cargo's `CARGO_PKG_NAME` and the
    /// like, which `env!` in a macro reads).
    pub env: &'a [(String, String)],
    /// The current directory while the macro runs.
    pub current_dir: Option<&'a Path>,
}

/// A running server, its protocol version checked.
pub struct Server {
    transport: Box<dyn Transport>,
    server: PathBuf,
    /// Its toolchain, as `rustc -V` names it, if known.
    toolchain: Option<String>,
    version: u32,
    listed: HashMap<PathBuf, Listing>,
}

/// A library's macros, as of its modification time then (the server reloads a library
/// whose time changed).
struct Listing {
    modified: Option<SystemTime>,
    macros: Vec<(String, MacroKind)>,
}

impl Server {
    /// Starts the server of the toolchain at `sysroot`.
    pub fn start(sysroot: &Path) -> Result<Server, ExpandError> {
        let server = find_server(sysroot)?;
        let rustc = sysroot
            .join("bin")
            .join(format!("rustc{}", std::env::consts::EXE_SUFFIX));
        let toolchain = Command::new(rustc)
            .arg("-V")
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
        let transport = ProcessTransport::spawn(&server)?;
        Server::over(Box::new(transport), server, toolchain)
    }

    /// A server behind `transport`, once it answers a version this client speaks. `server`
    /// names it in messages, as does `toolchain` (its `rustc -V`), which also tells what
    /// its version number does not ([`Server::keeps_invisible_groups`]).
    pub fn over(
        transport: Box<dyn Transport>,
        server: PathBuf,
        toolchain: Option<String>,
    ) -> Result<Server, ExpandError> {
        let mut this = Server {
            transport,
            server,
            toolchain,
            version: 0,
            listed: HashMap::new(),
        };
        let Response::ApiVersionCheck(version) = this.ask(&Request::ApiVersionCheck {})? else {
            return Err(this.unexpected("an answer to another request than ApiVersionCheck"));
        };
        if !SUPPORTED_VERSIONS.contains(&version) {
            return Err(ExpandError::UnsupportedVersion {
                toolchain: this.toolchain_name(),
                server: this.server,
                version,
            });
        }
        this.version = version;
        Ok(this)
    }

    pub fn version(&self) -> u32 {
        self.version
    }

    pub fn path(&self) -> &Path {
        &self.server
    }

    /// Whether `None`-delimited groups survive the server. Those of toolchains up to 1.85
    /// (rust-analyzer before b6910ed1b2, 2025-01-03) flatten them wherever a macro joins
    /// streams, which turns `«a + b» * c` into `a + b * c`. 1.85 and 1.86 both speak version
    /// 5, so the toolchain's release tells; with none known, version 5 is taken for the old
    /// kind.
    pub fn keeps_invisible_groups(&self) -> bool {
        let release = self.toolchain.as_deref().and_then(release);
        // A 1.86 nightly may predate the fix reaching rustc.
        self.version >= 6
            || release.is_some_and(|(major, minor, nightly)| {
                (major, minor) >= (1, if nightly { 87 } else { 86 })
            })
    }

    /// Its toolchain's name for messages.
    fn toolchain_name(&self) -> String {
        self.toolchain
            .clone()
            .unwrap_or_else(|| "toolchain unknown".into())
    }

    /// The macros of the proc-macro library `dylib`, with their kinds, in its order.
    pub fn list_macros(&mut self, dylib: &Path) -> Result<Vec<(String, MacroKind)>, ExpandError> {
        let modified = std::fs::metadata(dylib).and_then(|m| m.modified()).ok();
        if let Some(listing) = self.listed.get(dylib) {
            if listing.modified == modified {
                return Ok(listing.macros.clone());
            }
        }
        let dylib_path = utf8(dylib)?;
        let Response::ListMacros(answer) = self.ask(&Request::ListMacros { dylib_path })? else {
            return Err(self.unexpected("an answer to another request than ListMacros"));
        };
        let macros: Vec<(String, MacroKind)> = answer
            .map_err(|message| ExpandError::DylibLoad {
                dylib: dylib.to_path_buf(),
                message,
            })?
            .into_iter()
            .map(|(name, kind)| (name, kind.into()))
            .collect();
        let listing = Listing {
            modified,
            macros: macros.clone(),
        };
        self.listed.insert(dylib.to_path_buf(), listing);
        Ok(macros)
    }

    /// Expands one call. The library is listed first (once), so that a library that does not
    /// load, or lacks the macro, is told as such rather than as the macro's panic.
    pub fn expand(&mut self, call: &MacroCall<'_>) -> Result<Expansion, ExpandError> {
        let macros = self.list_macros(call.dylib)?;
        if !macros
            .iter()
            .any(|(n, k)| n == call.name && *k == call.kind)
        {
            return Err(ExpandError::NoSuchMacro {
                dylib: call.dylib.to_path_buf(),
                name: call.name.to_string(),
                kind: call.kind,
                available: macros.iter().map(|(n, k)| format!("{k} `{n}`")).collect(),
            });
        }
        let attr = call.attr.filter(|_| call.kind == MacroKind::Attribute);
        let grouped = has_invisible_group(call.input) || attr.is_some_and(has_invisible_group);
        if grouped && !self.keeps_invisible_groups() {
            return Err(ExpandError::InvisibleGroups {
                server: self.server.clone(),
                toolchain: self.toolchain_name(),
            });
        }
        let mut encoder = Encoder::default();
        let macro_body = encoder.encode(call.input);
        let attributes = (call.kind == MacroKind::Attribute)
            .then(|| encoder.encode(attr.unwrap_or(&TokenStream::new())));
        let current_dir = call.current_dir.map(utf8).transpose()?;
        let request = Request::ExpandMacro(Box::new(ExpandMacro {
            lib: utf8(call.dylib)?,
            env: call.env,
            current_dir,
            macro_body,
            macro_name: call.name,
            attributes,
            has_global_spans: GlobalSpans::default(),
        }));
        let Response::ExpandMacro(answer) = self.ask(&request)? else {
            return Err(self.unexpected("an answer to another request than ExpandMacro"));
        };
        let tree = answer.map_err(|message| ExpandError::Panicked {
            name: call.name.to_string(),
            message,
        })?;
        let (tokens, hygiene) = encoder
            .decode(&tree)
            .map_err(|what| self.unexpected(&format!("a token tree with {what}")))?;
        Ok(Expansion { tokens, hygiene })
    }

    fn ask(&mut self, request: &Request<'_>) -> Result<Response, ExpandError> {
        let line = serde_json::to_string(request).expect("a request is strings, numbers, lists");
        let answer = self.transport.exchange(&line)?;
        // No recursion limit to lift: a flat tree nests three levels deep whatever it holds.
        serde_json::from_str(&answer).map_err(|e| {
            let start: String = answer.chars().take(200).collect();
            self.unexpected(&format!("{e}, in `{start}`"))
        })
    }

    fn unexpected(&self, what: &str) -> ExpandError {
        ExpandError::Protocol {
            server: self.server.clone(),
            what: what.to_string(),
        }
    }
}

/// `(major, minor, nightly)` of a `rustc -V` line (`rustc 1.86.0-nightly (...)`).
fn release(toolchain: &str) -> Option<(u32, u32, bool)> {
    let release = toolchain.split_whitespace().nth(1)?;
    let (number, channel) = release.split_once('-').unwrap_or((release, ""));
    let mut parts = number.split('.').map(str::parse::<u32>);
    let (Some(Ok(major)), Some(Ok(minor))) = (parts.next(), parts.next()) else {
        return None;
    };
    Some((major, minor, channel == "nightly"))
}

fn has_invisible_group(stream: &TokenStream) -> bool {
    stream.clone().into_iter().any(|token| match token {
        TokenTree::Group(group) => {
            group.delimiter() == Delimiter::None || has_invisible_group(&group.stream())
        }
        _ => false,
    })
}

fn utf8(path: &Path) -> Result<&str, ExpandError> {
    path.to_str().ok_or_else(|| ExpandError::NotUtf8 {
        path: path.to_path_buf(),
    })
}
