// Merging sorted timetables and splitting mixed records:
// - k sorted departure lists merged into one (kmerge), two of them merged with itertools::merge;
// - two queues served alternately (interleave), padded with itertools::repeat_n;
// - tokens that are numbers or names split with partition_map into Either::Left/Right;
// - either::for_both! and Either::either to handle both sides uniformly.
//
// Input: k, then k lines "len t1 .. tlen" (sorted); then a line of mixed tokens.
use either::Either;
use itertools::Itertools;
use std::io::{self, BufWriter, Read, Write};

fn describe(item: &Either<i64, String>) -> String {
    either::for_both!(item, value => format!("<{}>", value))
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut lines = input.lines();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());

    let k: usize = lines.next().unwrap().trim().parse().unwrap();
    let tables: Vec<Vec<u32>> = (0..k)
        .map(|_| {
            let nums: Vec<u32> = lines
                .next()
                .unwrap()
                .split_whitespace()
                .map(|w| w.parse().unwrap())
                .collect();
            assert_eq!(nums[0] as usize, nums.len() - 1);
            nums[1..].to_vec()
        })
        .collect();

    let all = tables.iter().map(|t| t.iter()).kmerge().collect_vec();
    writeln!(out, "all departures: {}", all.iter().join(" ")).unwrap();
    let first_two = itertools::merge(&tables[0], &tables[1]).join(" ");
    writeln!(out, "lines 0 and 1: {}", first_two).unwrap();
    let latest_first = tables
        .iter()
        .map(|t| t.iter().rev())
        .kmerge_by(|a, b| a > b)
        .take(5)
        .join(" ");
    writeln!(out, "five latest: {}", latest_first).unwrap();

    let longest = tables.iter().map(Vec::len).max().unwrap();
    let padded_a = tables[0]
        .iter()
        .copied()
        .chain(itertools::repeat_n(0, longest - tables[0].len()));
    let served = padded_a.interleave(tables[1].iter().copied()).join(",");
    writeln!(out, "served alternately: {}", served).unwrap();
    writeln!(out, "{}", itertools::repeat_n("=-", 10).collect::<String>()).unwrap();

    let tokens = lines.next().unwrap().split_whitespace();
    let (numbers, names): (Vec<i64>, Vec<String>) =
        tokens.clone().partition_map(|t| match t.parse::<i64>() {
            Ok(v) => Either::Left(v),
            Err(_) => Either::Right(t.to_uppercase()),
        });
    writeln!(
        out,
        "numbers {:?} sum {}",
        numbers,
        numbers.iter().sum::<i64>()
    )
    .unwrap();
    writeln!(out, "names {}", names.join(" ")).unwrap();

    let mixed: Vec<Either<i64, String>> = tokens
        .map(|t| {
            t.parse::<i64>()
                .map(Either::Left)
                .unwrap_or_else(|_| Either::Right(t.to_string()))
        })
        .collect();
    writeln!(out, "described: {}", mixed.iter().map(describe).join("")).unwrap();
    let weights: i64 = mixed
        .iter()
        .map(|m| m.as_ref().either(|n| n.abs(), |s| s.len() as i64))
        .sum();
    writeln!(out, "weight {}", weights).unwrap();
    let lefts = mixed.iter().filter(|m| m.is_left()).count();
    let flipped = mixed
        .into_iter()
        .map(Either::flip)
        .filter_map(Either::right)
        .collect_vec();
    writeln!(out, "{} numbers, flipped back {:?}", lefts, flipped).unwrap();
}
