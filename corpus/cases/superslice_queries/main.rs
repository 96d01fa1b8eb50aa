// Binary-search queries with superslice's Ext on sorted exam scores, lookups by key in a
// sorted timetable, and the arrangements of a word (next/prev permutation).
//
// Input: n, n scores; q and q queries "count lo hi" / "rank x" / "exact x";
//        m, m timetable lines "time station" (sorted by time), then queries "at t";
//        then a word.
use std::io::{self, BufWriter, Read, Write};
use superslice::Ext;

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let mut next = || tokens.next().unwrap();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());

    let n: usize = next().parse().unwrap();
    let mut scores: Vec<i32> = (0..n).map(|_| next().parse().unwrap()).collect();
    scores.sort_unstable();
    let q: usize = next().parse().unwrap();
    for _ in 0..q {
        match next() {
            "count" => {
                let lo: i32 = next().parse().unwrap();
                let hi: i32 = next().parse().unwrap();
                let c = scores.upper_bound(&hi) - scores.lower_bound(&lo);
                writeln!(out, "scores in [{}, {}]: {}", lo, hi, c).unwrap();
            }
            "rank" => {
                let x: i32 = next().parse().unwrap();
                let better = n - scores.upper_bound(&x);
                writeln!(out, "{} is beaten by {}", x, better).unwrap();
            }
            "exact" => {
                let x: i32 = next().parse().unwrap();
                let r = scores.equal_range(&x);
                writeln!(out, "{} appears {} times at {:?}", x, r.len(), r).unwrap();
            }
            other => panic!("unknown query {}", other),
        }
    }
    let passing = 60;
    let failed = scores.lower_bound_by(|s| s.cmp(&passing));
    writeln!(out, "{} of {} failed (below {})", failed, n, passing).unwrap();

    let m: usize = next().parse().unwrap();
    let timetable: Vec<(u32, String)> = (0..m)
        .map(|_| (next().parse().unwrap(), next().to_string()))
        .collect();
    let k: usize = next().parse().unwrap();
    for _ in 0..k {
        let _ = next();
        let t: u32 = next().parse().unwrap();
        let i = timetable.lower_bound_by_key(&t, |e| e.0);
        let j = timetable.upper_bound_by_key(&t, |e| e.0);
        match timetable.get(i) {
            Some(e) => writeln!(
                out,
                "after {}: {} at {} ({} leave exactly then)",
                t,
                e.1,
                e.0,
                j - i
            )
            .unwrap(),
            None => writeln!(out, "after {}: none", t).unwrap(),
        }
    }

    let word = next();
    let mut letters: Vec<char> = word.chars().collect();
    letters.sort_unstable();
    let mut count = 0;
    let mut listed = Vec::new();
    loop {
        count += 1;
        if listed.len() < 6 {
            listed.push(letters.iter().collect::<String>());
        }
        if !letters.next_permutation() {
            break;
        }
    }
    writeln!(
        out,
        "{} arrangements of {}: {} ...",
        count,
        word,
        listed.join(" ")
    )
    .unwrap();
    let mut original: Vec<char> = word.chars().collect();
    original.prev_permutation();
    writeln!(
        out,
        "previous arrangement: {}",
        original.iter().collect::<String>()
    )
    .unwrap();
}
