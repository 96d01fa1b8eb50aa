// A survey tally with itertools: sorted and de-duplicated values, first appearances, counts,
// run-length encoding, gaps between sorted values, extremes and where the maximum occurs.
//
// Input: n, then n scores; then a line of words; then a line of letters to run-length encode.
use itertools::{Itertools, MinMaxResult};
use std::io::{self, BufWriter, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut lines = input.lines();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());

    let n: usize = lines.next().unwrap().trim().parse().unwrap();
    let scores: Vec<i32> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    assert_eq!(scores.len(), n);

    writeln!(out, "sorted: {}", scores.iter().sorted().join(" ")).unwrap();
    writeln!(
        out,
        "distinct: {}",
        scores.iter().sorted().dedup().join(",")
    )
    .unwrap();
    writeln!(out, "first seen: {}", scores.iter().unique().join(",")).unwrap();
    let counts = scores.iter().counts();
    let tally = counts
        .iter()
        .sorted_by_key(|&(&score, &c)| (std::cmp::Reverse(c), score))
        .map(|(score, c)| format!("{}x{}", score, c))
        .join(" ");
    writeln!(out, "tally: {}", tally).unwrap();
    let gaps = scores
        .iter()
        .sorted()
        .dedup()
        .tuple_windows()
        .map(|(a, b)| b - a)
        .collect_vec();
    writeln!(
        out,
        "gaps: {:?}, widest {}",
        gaps,
        gaps.iter().max().unwrap()
    )
    .unwrap();
    match scores.iter().minmax() {
        MinMaxResult::MinMax(lo, hi) => {
            let at = scores.iter().positions(|s| s == hi).join(",");
            writeln!(out, "range {}..={}, max at {}", lo, hi, at).unwrap();
        }
        MinMaxResult::OneElement(x) => writeln!(out, "only {}", x).unwrap(),
        MinMaxResult::NoElements => writeln!(out, "empty").unwrap(),
    }
    let (lo, hi) = scores
        .iter()
        .copied()
        .minmax_by_key(|s| (s % 10, *s))
        .into_option()
        .unwrap();
    writeln!(out, "by last digit: {} and {}", lo, hi).unwrap();

    let words = lines.next().unwrap().split_whitespace().collect_vec();
    let by_length = words
        .iter()
        .sorted_by_key(|w| (w.len(), w.to_string()))
        .join(" ");
    writeln!(out, "words by length: {}", by_length).unwrap();
    let initials = words
        .iter()
        .map(|w| w.chars().next().unwrap())
        .unique()
        .sorted()
        .collect::<String>();
    writeln!(out, "initials: {}", initials).unwrap();
    let by_initial = words.iter().sorted().group_by(|w| w.as_bytes()[0]);
    for (initial, mut group) in &by_initial {
        writeln!(out, "  {}: {}", initial as char, group.join("/")).unwrap();
    }

    let letters = lines.next().unwrap().trim();
    let rle = letters
        .chars()
        .group_by(|&c| c)
        .into_iter()
        .map(|(c, run)| format!("{}{}", run.count(), c))
        .join("");
    writeln!(out, "rle: {}", rle).unwrap();
    let longest = letters
        .chars()
        .dedup_with_count()
        .max_by_key(|&(len, _)| len)
        .unwrap();
    writeln!(out, "longest run: {} x{}", longest.1, longest.0).unwrap();
}
