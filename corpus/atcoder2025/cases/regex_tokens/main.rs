// Tokens and rewrites with regex 1.11 (Regex::new, captures_iter, named groups, replace_all,
// is_match, split, RegexSet).
//
// Input: q lines of text.
use proconio::input;
use regex::{Regex, RegexSet};

fn main() {
    input! { q: usize, lines: [String; q] }
    let range = Regex::new(r"(?P<lo>\d+)-(?P<hi>\d+)").unwrap();
    let word = Regex::new(r"^[a-z]+$").unwrap();
    let set = RegexSet::new([r"^\d+$", r"^[a-z]+$", r"-"]).unwrap();
    let separators = Regex::new(r"[,;]").unwrap();
    for line in &lines {
        let spans: Vec<String> = range
            .captures_iter(line)
            .map(|c| format!("{}..{}", &c["lo"], &c["hi"]))
            .collect();
        let swapped = range.replace_all(line, "$hi-$lo");
        let parts: Vec<&str> = separators.split(line).collect();
        let kinds: Vec<usize> = set.matches(line).into_iter().collect();
        println!(
            "{spans:?} {swapped} {} {parts:?} {kinds:?}",
            word.is_match(line)
        );
    }
}
