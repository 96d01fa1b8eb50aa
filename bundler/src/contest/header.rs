//! A template's `//!` header: the keys Description, Usage, Time, Memory, Source, Status,
//! each opening a paragraph, in that order, once each.

use std::fmt;

pub const KEYS: [&str; 6] = ["Description", "Usage", "Time", "Memory", "Source", "Status"];

/// The six fields of a template header, each the text after its key (lines joined by '\n').
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    pub description: String,
    pub usage: String,
    pub time: String,
    pub memory: String,
    pub source: String,
    pub status: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderError {
    /// 1-based line of the file where the problem is (the first line if none applies).
    pub line: usize,
    pub message: String,
}

impl fmt::Display for HeaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for HeaderError {}

impl Header {
    /// Parses the leading `//!` lines of a source file.
    pub fn parse(source: &str) -> Result<Header, HeaderError> {
        let mut fields: Vec<(usize, &str, Vec<&str>)> = Vec::new();
        let mut in_code = false;
        let mut paragraph_start = true;
        for (index, raw) in source.lines().enumerate() {
            let line_no = index + 1;
            let Some(rest) = raw.strip_prefix("//!") else {
                break;
            };
            let text = rest.strip_prefix(' ').unwrap_or(rest);
            if text.trim_start().starts_with("```") {
                in_code = !in_code;
            }
            if !in_code && paragraph_start && !text.trim().is_empty() {
                if let Some(key) = key_of(text) {
                    if !KEYS.contains(&key) {
                        return Err(HeaderError {
                            line: line_no,
                            message: format!(
                                "unknown key `{key}` (expected one of {})",
                                KEYS.join(", ")
                            ),
                        });
                    }
                    let expected = KEYS.get(fields.len()).copied();
                    if expected != Some(key) {
                        return Err(HeaderError {
                            line: line_no,
                            message: match expected {
                                Some(e) => format!("found `{key}` where `{e}` was expected"),
                                None => format!("`{key}` appears twice"),
                            },
                        });
                    }
                    let value = text[key.len() + 1..].trim();
                    fields.push((line_no, key, vec![value]));
                    paragraph_start = false;
                    continue;
                }
                if fields.is_empty() {
                    return Err(HeaderError {
                        line: line_no,
                        message: "the header must open with `Description:`".into(),
                    });
                }
            }
            paragraph_start = !in_code && text.trim().is_empty();
            match fields.last_mut() {
                Some((_, _, lines)) => lines.push(text),
                None if text.trim().is_empty() => {}
                None => {
                    return Err(HeaderError {
                        line: line_no,
                        message: "the header must open with `Description:`".into(),
                    })
                }
            }
        }
        if let Some(missing) = KEYS.get(fields.len()) {
            return Err(HeaderError {
                line: fields.last().map_or(1, |f| f.0),
                message: format!("missing key `{missing}`"),
            });
        }
        let mut values = fields.into_iter().map(|(_, _, lines)| {
            let joined = lines.join("\n");
            joined.trim().to_string()
        });
        let mut next = || values.next().unwrap_or_default();
        Ok(Header {
            description: next(),
            usage: next(),
            time: next(),
            memory: next(),
            source: next(),
            status: next(),
        })
    }

    /// The first sentence of the description, on one line.
    pub fn summary(&self) -> String {
        first_sentence(&flatten(&self.description)).to_string()
    }
}

/// `text` on one line, each run of whitespace made one space.
pub fn flatten(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Abbreviations whose period ends no sentence.
const ABBREVIATIONS: [&str; 5] = ["i.e.", "e.g.", "cf.", "vs.", "resp."];

/// `text` up to and including the period that ends its first sentence: a period followed by
/// a space and no lowercase letter, and not the end of an abbreviation such as "e.g.".
pub fn first_sentence(text: &str) -> &str {
    let ends = text.match_indices(". ").map(|(i, _)| i).filter(|&i| {
        let word = text[..=i].rsplit(' ').next().unwrap_or("");
        let next = text[i + 2..].chars().next();
        !ABBREVIATIONS.contains(&word.to_lowercase().as_str())
            && !next.is_some_and(char::is_lowercase)
    });
    ends.into_iter().next().map_or(text, |end| &text[..=end])
}

/// `Key` when the line opens with a capitalized word followed by a colon.
fn key_of(text: &str) -> Option<&str> {
    let colon = text.find(':')?;
    let word = &text[..colon];
    let mut chars = word.chars();
    let first = chars.next()?;
    (first.is_ascii_uppercase() && chars.all(|c| c.is_ascii_alphabetic())).then_some(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "//! Description: Bash game. One pile.\n//! More text.\n//!\n//! Usage:\n//! ```\n//! Note: inside code is not a key\n//! ```\n//!\n//! Time: O(1).\n//!\n//! Memory: O(1).\n//!\n//! Source: folklore.\n//!\n//! Status: exhaustive: n <= 100.\n\npub fn f() {}\n";

    #[test]
    fn parses_all_six_keys() {
        let h = Header::parse(GOOD).unwrap();
        assert_eq!(h.description, "Bash game. One pile.\nMore text.");
        assert_eq!(h.usage, "```\nNote: inside code is not a key\n```");
        assert_eq!(h.time, "O(1).");
        assert_eq!(h.status, "exhaustive: n <= 100.");
        assert_eq!(h.summary(), "Bash game.");
    }

    #[test]
    fn a_sentence_goes_on_past_abbreviations_and_lowercase_words() {
        assert_eq!(
            first_sentence("Take one, i.e. the last. Then stop."),
            "Take one, i.e. the last."
        );
        assert_eq!(
            first_sentence("Some games, e.g. Nim. More."),
            "Some games, e.g. Nim."
        );
        assert_eq!(
            first_sentence("Values 0. and up. Rest."),
            "Values 0. and up."
        );
        assert_eq!(first_sentence("No period"), "No period");
    }

    #[test]
    fn rejects_a_missing_key() {
        let src = GOOD.replace("//! Memory: O(1).\n//!\n", "");
        let err = Header::parse(&src).unwrap_err();
        assert_eq!(err.message, "found `Source` where `Memory` was expected");
        let src = GOOD.replace("//!\n//! Status: exhaustive: n <= 100.\n", "");
        assert_eq!(
            Header::parse(&src).unwrap_err().message,
            "missing key `Status`"
        );
    }

    #[test]
    fn rejects_an_unknown_key() {
        let src = GOOD.replace("//! Time:", "//! Note: x\n//!\n//! Time:");
        let err = Header::parse(&src).unwrap_err();
        assert!(err.message.starts_with("unknown key `Note`"), "{err}");
        assert_eq!(err.line, 9);
    }

    #[test]
    fn rejects_a_file_without_header() {
        assert_eq!(
            Header::parse("pub fn f() {}\n").unwrap_err().message,
            "missing key `Description`"
        );
    }
}
