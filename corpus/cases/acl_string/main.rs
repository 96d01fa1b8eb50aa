// String statistics with ac-library's string module, called through full paths:
// distinct substrings and the longest repeated substring (suffix array + LCP), the
// occurrences of a pattern (Z-algorithm), and the period of a number sequence.
//
// Input: lines "text pattern"; then a line "seq k a1 .. ak".
use std::io::{self, BufWriter, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for line in input.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"seq") {
            let seq: Vec<u32> = words[2..].iter().map(|w| w.parse().unwrap()).collect();
            let z = ac_library::z_algorithm_arbitrary(&seq);
            let period = (1..seq.len())
                .find(|&p| z[p] == seq.len() - p)
                .unwrap_or(seq.len());
            let sa = ac_library::string::suffix_array_arbitrary(&seq);
            writeln!(
                out,
                "seq period {} smallest suffix starts at {}",
                period, sa[0]
            )
            .unwrap();
            continue;
        }
        let (text, pattern) = (words[0], words[1]);
        let n = text.len();
        let sa = ac_library::suffix_array(text);
        let lcp = ac_library::string::lcp_array(text, &sa);
        let distinct = n * (n + 1) / 2 - lcp.iter().sum::<usize>();
        let (best_at, best_len) =
            lcp.iter()
                .enumerate()
                .fold((0, 0), |acc, (i, &l)| if l > acc.1 { (i, l) } else { acc });
        let repeated = &text[sa[best_at]..sa[best_at] + best_len];
        writeln!(
            out,
            "{}: distinct {} repeated '{}'",
            text, distinct, repeated
        )
        .unwrap();

        let joined = format!("{}#{}", pattern, text);
        let z = ac_library::string::z_algorithm(&joined);
        let m = pattern.len();
        let hits: Vec<String> = (0..n)
            .filter(|&i| z[m + 1 + i] >= m)
            .map(|i| i.to_string())
            .collect();
        writeln!(out, "  '{}' at [{}]", pattern, hits.join(",")).unwrap();
        let manual: Vec<i32> = text.bytes().map(|b| (b - b'a') as i32).collect();
        assert_eq!(ac_library::suffix_array_manual(&manual, 25), sa);
    }
}
