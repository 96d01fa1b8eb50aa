//! Output comparison as judges do it: line by line, trailing whitespace on each line and
//! trailing empty lines ignored.

use sha2::{Digest, Sha256};
use std::fmt;
use std::io::{self, BufRead};

/// Longest expected/got excerpt shown in a WA verdict, in characters.
const EXCERPT_CHARS: usize = 60;

/// Why an output was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    /// The first differing line (1-based); `None` stands for the end of the output.
    Line {
        line: usize,
        expected: Option<String>,
        got: Option<String>,
    },
    /// The normalized output's SHA-256 differs from the expected digest.
    Digest { got_lines: usize },
    /// The problem's checker or interactor (`by`) rejected the output, saying `message`.
    Judged { by: &'static str, message: String },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::Line {
                line,
                expected,
                got,
            } => write!(
                f,
                "line {line}: expected {}, got {}",
                excerpt(expected.as_deref()),
                excerpt(got.as_deref())
            ),
            Mismatch::Digest { got_lines } => {
                write!(f, "output digest differs; got {got_lines} lines")
            }
            Mismatch::Judged { by, message } if message.is_empty() => write!(f, "{by} rejected it"),
            Mismatch::Judged { by, message } => write!(f, "{by}: {message}"),
        }
    }
}

fn excerpt(line: Option<&str>) -> String {
    match line {
        None => "end of output".to_string(),
        Some(text) if text.chars().count() > EXCERPT_CHARS => {
            let cut: String = text.chars().take(EXCERPT_CHARS).collect();
            format!("{cut:?}...")
        }
        Some(text) => format!("{text:?}"),
    }
}

/// The lines a judge compares, read one at a time: each without trailing whitespace, trailing
/// empty lines dropped. Only the current line is held, so a long output of blank lines costs
/// nothing; a single line is bounded by the output limit the run was under.
pub struct NormalizedLines<R> {
    reader: R,
    /// Blank lines read but not yet returned: they count only if a non-blank line follows.
    blanks_pending: u64,
    /// The non-blank line that ended a run of blanks, returned after them.
    held: Option<Vec<u8>>,
}

impl<R: BufRead> NormalizedLines<R> {
    pub fn new(reader: R) -> Self {
        NormalizedLines {
            reader,
            blanks_pending: 0,
            held: None,
        }
    }

    /// The next line, or `None` at the end (of the meaningful lines).
    pub fn next_line(&mut self) -> io::Result<Option<Vec<u8>>> {
        if self.held.is_some() {
            if self.blanks_pending > 0 {
                self.blanks_pending -= 1;
                return Ok(Some(Vec::new()));
            }
            return Ok(self.held.take());
        }
        loop {
            let mut line = Vec::new();
            if self.reader.read_until(b'\n', &mut line)? == 0 {
                return Ok(None);
            }
            let kept = line.trim_ascii_end().len();
            line.truncate(kept);
            if line.is_empty() {
                self.blanks_pending += 1;
                continue;
            }
            if self.blanks_pending == 0 {
                return Ok(Some(line));
            }
            self.held = Some(line);
            self.blanks_pending -= 1;
            return Ok(Some(Vec::new()));
        }
    }
}

fn text(line: Vec<u8>) -> String {
    String::from_utf8_lossy(&line).into_owned()
}

/// Compares an output with the expected text, both read as streams.
pub fn compare(expected: impl BufRead, got: impl BufRead) -> io::Result<Result<(), Mismatch>> {
    let mut expected = NormalizedLines::new(expected);
    let mut got = NormalizedLines::new(got);
    let mut line = 0;
    loop {
        line += 1;
        let (want, have) = (expected.next_line()?, got.next_line()?);
        match (want, have) {
            (None, None) => return Ok(Ok(())),
            (want, have) if want != have => {
                return Ok(Err(Mismatch::Line {
                    line,
                    expected: want.map(text),
                    got: have.map(text),
                }))
            }
            _ => {}
        }
    }
}

/// Compares an output, read as a stream, with the lowercase hex SHA-256 of the expected
/// normalized output.
pub fn compare_digest(expected_hex: &str, got: impl BufRead) -> io::Result<Result<(), Mismatch>> {
    let mut lines = NormalizedLines::new(got);
    let mut hasher = Sha256::new();
    let mut count = 0;
    while let Some(line) = lines.next_line()? {
        hasher.update(&line);
        hasher.update(b"\n");
        count += 1;
    }
    if count == 0 {
        // The layout defines the normalized text as the joined lines plus a final "\n".
        hasher.update(b"\n");
    }
    let hex: String = hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    Ok(if hex == expected_hex {
        Ok(())
    } else {
        Err(Mismatch::Digest { got_lines: count })
    })
}

/// Whether `text` is a SHA-256 digest written as the layout requires (64 lowercase hex digits).
pub fn is_digest_hex(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compare(expected: &str, got: &str) -> Result<(), Mismatch> {
        super::compare(expected.as_bytes(), got.as_bytes()).unwrap()
    }

    fn compare_digest(hex: &str, got: &str) -> Result<(), Mismatch> {
        super::compare_digest(hex, got.as_bytes()).unwrap()
    }

    #[test]
    fn trailing_whitespace_and_blank_lines_are_ignored() {
        assert_eq!(compare("1\n2\n", "1  \n2\t\n\n\n"), Ok(()));
        assert_eq!(compare("1 \r\n2\r\n\r\n", "1\n2"), Ok(()));
        assert_eq!(compare("", "\n \n"), Ok(()));
    }

    #[test]
    fn leading_whitespace_and_inner_blank_lines_count() {
        assert_eq!(
            compare("a\nb\n", " a\nb\n"),
            Err(Mismatch::Line {
                line: 1,
                expected: Some("a".into()),
                got: Some(" a".into())
            })
        );
        assert!(compare("a\nb\n", "a\n\nb\n").is_err());
    }

    #[test]
    fn a_short_output_differs_at_its_end() {
        let mismatch = compare("1\n2\n3\n", "1\n2\n").unwrap_err();
        assert_eq!(
            mismatch.to_string(),
            "line 3: expected \"3\", got end of output"
        );
        let mismatch = compare("1\n", "1\nextra\n").unwrap_err();
        assert_eq!(
            mismatch.to_string(),
            "line 2: expected end of output, got \"extra\""
        );
    }

    #[test]
    fn long_lines_are_cut_in_the_message() {
        let long = "x".repeat(200);
        let message = compare(&long, "y").unwrap_err().to_string();
        assert!(message.contains(&format!("\"{}\"...", "x".repeat(60))));
        assert!(!message.contains(&"x".repeat(61)));
    }

    #[test]
    fn digest_is_taken_over_the_normalized_text() {
        // Digests from coreutils: printf 'abc\n' | sha256sum; printf '1\n2\n' | sha256sum.
        let abc = "edeaaff3f1774ad2888673770c6d64097e391bc362d7d6fb34982ddf0efd18cb";
        let one_two = "a6e2b7a040683432de03a18fd8a1939a2fdf82585b364bfc874bdd4095c4cae1";
        assert_eq!(compare_digest(abc, "abc   \n\n\n"), Ok(()));
        assert_eq!(compare_digest(abc, "abc"), Ok(()));
        assert_eq!(compare_digest(one_two, "1 \n2"), Ok(()));
        assert_eq!(
            compare_digest(one_two, "1\n3\n"),
            Err(Mismatch::Digest { got_lines: 2 })
        );
        assert!(is_digest_hex(abc));
        assert!(!is_digest_hex(&abc.to_uppercase()));
        assert!(!is_digest_hex(&abc[1..]));
    }
}
