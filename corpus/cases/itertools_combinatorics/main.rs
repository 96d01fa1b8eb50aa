// Brute-force searches driven by itertools:
// - the best team of k players (combinations), and the best batting order of it (permutations);
// - grid pairs at Manhattan distance d (iproduct! / cartesian_product);
// - every PIN built from per-position digit sets whose digit sum is a multiple of 7
//   (multi_cartesian_product);
// - a per-item score from three parallel lists (izip!), the product of the scores
//   (tree_fold1) and the best-rated player (Iterator::reduce).
//
// Input:
//   n k, then n lines "name skill speed"
//   h w d
//   p, then p lines of allowed digits, one line per position
use itertools::{iproduct, izip, Itertools};
use std::io::{self, BufWriter, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let mut next = || tokens.next().unwrap();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());

    let n: usize = next().parse().unwrap();
    let k: usize = next().parse().unwrap();
    let players: Vec<(String, i64, i64)> = (0..n)
        .map(|_| {
            (
                next().to_string(),
                next().parse().unwrap(),
                next().parse().unwrap(),
            )
        })
        .collect();
    // A team's value: total skill times its slowest speed.
    let best = (0..n)
        .combinations(k)
        .max_by_key(|team| {
            let skill: i64 = team.iter().map(|&i| players[i].1).sum();
            let slowest = team.iter().map(|&i| players[i].2).min().unwrap();
            (skill * slowest, std::cmp::Reverse(team.clone()))
        })
        .unwrap();
    writeln!(
        out,
        "team: {}",
        best.iter().map(|&i| &players[i].0).join(", ")
    )
    .unwrap();
    writeln!(out, "teams considered: {}", (0..n).combinations(k).count()).unwrap();
    // Batting order: the i-th batter (0-based) scores skill * (k - i) - speed * i.
    let order = best
        .iter()
        .permutations(k)
        .max_by_key(|order| {
            let score: i64 = order
                .iter()
                .enumerate()
                .map(|(i, &&p)| players[p].1 * (k - i) as i64 - players[p].2 * i as i64)
                .sum();
            (score, std::cmp::Reverse((*order).clone()))
        })
        .unwrap();
    writeln!(
        out,
        "order: {}",
        order.iter().map(|&&i| players[i].0.as_str()).join(" > ")
    )
    .unwrap();

    let h: i32 = next().parse().unwrap();
    let w: i32 = next().parse().unwrap();
    let d: i32 = next().parse().unwrap();
    let cells = iproduct!(0..h, 0..w).collect::<Vec<_>>();
    let pairs = cells
        .iter()
        .cartesian_product(cells.iter())
        .filter(|(a, b)| a < b && (a.0 - b.0).abs() + (a.1 - b.1).abs() == d)
        .count();
    writeln!(out, "{}x{} grid, pairs at distance {}: {}", h, w, d, pairs).unwrap();

    let p: usize = next().parse().unwrap();
    let sets: Vec<Vec<u32>> = (0..p)
        .map(|_| next().chars().map(|c| c.to_digit(10).unwrap()).collect())
        .collect();
    let pins = sets
        .iter()
        .map(|s| s.iter())
        .multi_cartesian_product()
        .filter(|digits| digits.iter().copied().sum::<u32>() % 7 == 0)
        .map(|digits| digits.iter().join(""))
        .collect_vec();
    writeln!(
        out,
        "{} pins: {}",
        pins.len(),
        pins.iter().take(12).join(" ")
    )
    .unwrap();

    let names = players.iter().map(|p| p.0.as_str());
    let skills = players.iter().map(|p| p.1);
    let speeds = players.iter().map(|p| p.2);
    for (name, skill, speed) in izip!(names, skills, speeds).take(3) {
        writeln!(out, "{} rates {}", name, skill * 3 + speed).unwrap();
    }
    let product = izip!(&players, 1..)
        .map(|(p, rank)| (p.1 + p.2) % 10 + rank)
        .tree_fold1(|a, b| a * b % 1_000_007)
        .unwrap();
    writeln!(out, "checksum {}", product).unwrap();
    let (top, rate) = izip!(&players, players.iter().map(|p| p.1 * 3 + p.2))
        .reduce(|a, b| if b.1 > a.1 { b } else { a })
        .unwrap();
    writeln!(out, "top rated {} ({})", top.0, rate).unwrap();
}
