//! Output comparison as judges do it: line by line, trailing whitespace on each line and
//! trailing empty lines ignored.

use sha2::{Digest, Sha256};
use std::fmt;

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

/// The lines a judge compares: each without trailing whitespace, trailing empty lines dropped.
pub fn normalized_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Compares an output with the expected text.
pub fn compare(expected: &str, got: &str) -> Result<(), Mismatch> {
    let expected = normalized_lines(expected);
    let got = normalized_lines(got);
    let differing = (0..expected.len().max(got.len())).find(|&i| expected.get(i) != got.get(i));
    match differing {
        None => Ok(()),
        Some(i) => Err(Mismatch::Line {
            line: i + 1,
            expected: expected.get(i).map(|s| s.to_string()),
            got: got.get(i).map(|s| s.to_string()),
        }),
    }
}

/// Compares an output with the lowercase hex SHA-256 of the expected normalized output.
pub fn compare_digest(expected_hex: &str, got: &str) -> Result<(), Mismatch> {
    let lines = normalized_lines(got);
    if digest_hex(&lines) == expected_hex {
        Ok(())
    } else {
        Err(Mismatch::Digest {
            got_lines: lines.len(),
        })
    }
}

/// SHA-256 of the lines joined with "\n" plus a final "\n", as lowercase hex.
pub fn digest_hex(lines: &[&str]) -> String {
    let mut hasher = Sha256::new();
    for line in lines {
        hasher.update(line.as_bytes());
        hasher.update(b"\n");
    }
    if lines.is_empty() {
        // The layout defines the normalized text as the joined lines plus a final "\n".
        hasher.update(b"\n");
    }
    hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Whether `text` is a SHA-256 digest written as the layout requires (64 lowercase hex digits).
pub fn is_digest_hex(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use super::*;

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
