// Several test cases read through explicit proconio sources: stdin through a LineSource,
// and a price table embedded in the program through a OnceSource.
//
// Input: t, then t cases:
//   l start k m1 .. mk   a circular track of l cells; the runner starts at cell `start`
//                        (1-based, `Isize1`) and makes k signed moves
//   p (name qty)*p       purchases, priced with the embedded table
use proconio::input;
use proconio::marker::Isize1;
use proconio::source::line::LineSource;
use proconio::source::once::OnceSource;
use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};

const PRICES: &str = "4
apple 120
bread 250
milk 180
salt 90
";

fn main() {
    let mut table = OnceSource::from(PRICES);
    input! {
        from &mut table,
        items: [(String, u64)],
    }
    let prices: BTreeMap<String, u64> = items.into_iter().collect();

    let stdin = io::stdin();
    let mut source = LineSource::new(stdin.lock());
    input! {
        from &mut source,
        t: usize,
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for case in 1..=t {
        input! {
            from &mut source,
            l: isize,
            start: Isize1,
            moves: [isize],
            purchases: [(String, u64)],
        }
        let mut pos = start.rem_euclid(l);
        let mut visited = vec![false; l as usize];
        visited[pos as usize] = true;
        for &m in &moves {
            pos = (pos + m).rem_euclid(l);
            visited[pos as usize] = true;
        }
        let seen = visited.iter().filter(|&&v| v).count();
        let mut total = 0;
        let mut unknown = Vec::new();
        for (name, qty) in &purchases {
            match prices.get(name) {
                Some(p) => total += p * qty,
                None => unknown.push(name.as_str()),
            }
        }
        writeln!(
            out,
            "Case #{}: ends at cell {}, visited {} of {}, bill {}{}",
            case,
            pos + 1,
            seen,
            l,
            total,
            if unknown.is_empty() {
                String::new()
            } else {
                format!(" (unknown: {})", unknown.join(","))
            }
        )
        .unwrap();
    }
}
