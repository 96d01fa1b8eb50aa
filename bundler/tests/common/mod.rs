//! What several test binaries do alike; each includes it with `mod common;`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `command` with `input` on its standard input, capturing stdout and stderr.
pub fn with_stdin(command: &mut Command, input: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}
