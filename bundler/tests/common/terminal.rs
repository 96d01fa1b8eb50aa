//! A program run with its stderr on a terminal, as a person runs it: what it shows there.
//! Included by the test binaries that look at the status line (`#[path]`, so that the others
//! do not carry it unused).

use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Output, Stdio};

/// Runs `command` with stderr on a pseudo-terminal and stdout piped: its output (stderr
/// empty), and all it wrote to the terminal.
pub fn stderr_on_terminal(command: &mut Command) -> (Output, String) {
    let (terminal, mut reader) = pseudo_terminal();
    let child = command
        .stdout(Stdio::piped())
        .stderr(terminal)
        .spawn()
        .unwrap();
    // The terminal end goes with the command's setting: once the program ends, reading fails.
    command.stderr(Stdio::null());
    let shown = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let mut buffer = [0; 4096];
        while let Ok(n @ 1..) = reader.read(&mut buffer) {
            bytes.extend_from_slice(&buffer[..n]);
        }
        String::from_utf8_lossy(&bytes).into_owned()
    });
    let output = child.wait_with_output().unwrap();
    (output, shown.join().unwrap())
}

/// A pseudo-terminal: the end a program writes to as its terminal, and the end that reads it.
fn pseudo_terminal() -> (OwnedFd, std::fs::File) {
    let (mut reader, mut terminal) = (-1, -1);
    // SAFETY: two valid pointers to ints for the descriptors; no name, settings or size asked.
    let made = unsafe {
        libc::openpty(
            &mut reader,
            &mut terminal,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(made, 0, "openpty: {}", std::io::Error::last_os_error());
    for fd in [reader, terminal] {
        // Not inherited by what other tests start meanwhile, which would keep it open.
        // SAFETY: a descriptor openpty just made.
        assert_ne!(
            unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) },
            -1
        );
    }
    // SAFETY: openpty made both descriptors, which nothing else owns.
    unsafe {
        (
            OwnedFd::from_raw_fd(terminal),
            std::fs::File::from(OwnedFd::from_raw_fd(reader)),
        )
    }
}
