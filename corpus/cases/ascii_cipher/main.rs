// A Caesar cipher over ASCII text with the ascii crate: lines are validated with
// AsciiStr::from_ascii (non-ASCII lines are reported with the first bad byte), letters are
// shifted with AsciiChar arithmetic, and each line is also printed upper-cased.
// (AsciiChar has lower-case variants `a`..`z`, so no binding of that type may be named `c`.)
//
// Input: the shift k on the first line, then lines of text.
use ascii::{AsAsciiStr, AsciiChar, AsciiStr, AsciiString};
use std::io::{self, BufWriter, Read, Write};

fn shift(ch: AsciiChar, k: u8) -> AsciiChar {
    let base = if ch.is_uppercase() {
        b'A'
    } else if ch.is_lowercase() {
        b'a'
    } else {
        return ch;
    };
    AsciiChar::from_ascii(base + (ch.as_byte() - base + k) % 26).unwrap()
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut lines = input.lines();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let k: u8 = lines.next().unwrap().trim().parse().unwrap();

    let mut letters = [0usize; 26];
    for (i, line) in lines.enumerate() {
        let text = match AsciiStr::from_ascii(line.as_bytes()) {
            Ok(text) => text,
            Err(e) => {
                writeln!(
                    out,
                    "line {}: not ASCII after {} bytes",
                    i + 1,
                    e.valid_up_to()
                )
                .unwrap();
                continue;
            }
        };
        let mut encoded = AsciiString::with_capacity(text.len());
        for ch in text.chars() {
            encoded.push(shift(ch, k));
            if ch.is_alphabetic() {
                letters[(ch.to_ascii_lowercase().as_byte() - b'a') as usize] += 1;
            }
        }
        let decoded: AsciiString = encoded.chars().map(|ch| shift(ch, 26 - k)).collect();
        assert_eq!(decoded.as_str(), line);
        writeln!(out, "line {}: {}", i + 1, encoded).unwrap();
        writeln!(out, "  upper: {}", text.to_ascii_uppercase()).unwrap();
        let words = text
            .split(AsciiChar::Space)
            .filter(|w| !w.is_empty())
            .count();
        let digits = text.chars().filter(|ch| ch.is_ascii_digit()).count();
        writeln!(
            out,
            "  {} words, {} digits, trimmed length {}",
            words,
            digits,
            text.trim().len()
        )
        .unwrap();
    }
    let frequent = (0..26)
        .max_by_key(|&i| (letters[i], std::cmp::Reverse(i)))
        .unwrap();
    let letter = AsciiChar::from_ascii(b'a' + frequent as u8).unwrap();
    writeln!(
        out,
        "most frequent letter: {} ({} times)",
        letter, letters[frequent]
    )
    .unwrap();
    let greeting = "Hello, World".as_ascii_str().unwrap();
    writeln!(
        out,
        "{} -> {}",
        greeting,
        greeting
            .chars()
            .map(|ch| shift(ch, k))
            .collect::<AsciiString>()
    )
    .unwrap();
}
