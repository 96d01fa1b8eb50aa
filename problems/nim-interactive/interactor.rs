//! The judge of nim-interactive (std only; the rules are in README.md). The test's input is
//! `n`, the n pile sizes, and a seed for the judge's random moves (not sent). The judge plays
//! a winning move whenever it has one (it leaves `pile ^ xor` in the first pile where that
//! is smaller), and otherwise a random legal move. Anything the solution gets wrong ends the
//! game with `-1 -1` and a message: a side other than `First`/`Second`; the side that loses
//! (rejected at once: the judge would win, but such a game can last 10^11 moves); a line
//! that is not `i x` with 1 <= i <= n and 1 <= x <= pile i; leaving before the game is over;
//! the judge taking the last stone; writing anything after `0 0`.
use std::io::{BufRead, Read, Write};
use std::process::exit;

/// Says `-1 -1` (the solution may be reading) and rejects with `message`.
fn reject(message: String) -> ! {
    let _ = say("-1 -1");
    eprintln!("{message}");
    exit(1)
}

fn say(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}").and_then(|()| out.flush())
}

fn tell(text: &str) {
    if say(text).is_err() {
        eprintln!("the solution stopped reading");
        exit(1);
    }
}

/// Marsaglia's xorshift64: reproducible random moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// The solution's move `i x` (1-based pile) if it is legal on `piles`.
fn parse_move(line: &str, piles: &[u64]) -> Option<(usize, u64)> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let [i, x] = tokens[..] else {
        return None;
    };
    let (i, x) = (i.parse::<usize>().ok()?, x.parse::<u64>().ok()?);
    (1..=piles.len())
        .contains(&i)
        .then_some(i - 1)
        .filter(|&i| (1..=piles[i]).contains(&x))
        .map(|i| (i, x))
}

fn main() {
    let path = std::env::args().nth(1).expect("interactor <input>");
    let input = std::fs::read_to_string(path).expect("a readable input");
    let numbers: Vec<u64> = input
        .split_whitespace()
        .map(|token| token.parse().expect("the input holds numbers"))
        .collect();
    let n = numbers[0] as usize;
    assert!((1..=100).contains(&n), "1 <= n <= 100");
    assert_eq!(numbers.len(), n + 2, "the input is n, n piles, a seed");
    let mut piles = numbers[1..=n].to_vec();
    assert!(piles.iter().all(|a| (1..=1_000_000_000).contains(a)));
    let mut rng = Rng(numbers[n + 1] | 1);
    let xor = piles.iter().fold(0, |x, a| x ^ a);
    let winner = if xor != 0 { "First" } else { "Second" };

    tell(&n.to_string());
    let sizes: Vec<String> = piles.iter().map(u64::to_string).collect();
    tell(&sizes.join(" "));

    let mut lines = std::io::stdin().lock().lines();
    let mut read = |what: &str| match lines.next() {
        Some(Ok(line)) => line,
        Some(Err(e)) => reject(format!("unreadable {what}: {e}")),
        None => reject(format!("the solution left before sending {what}")),
    };
    let side = read("its side");
    let mut solution_to_move = match side.trim() {
        "First" => true,
        "Second" => false,
        other => reject(format!("expected `First` or `Second`, found `{other}`")),
    };
    if side.trim() != winner {
        reject(format!(
            "the solution chose {}, but {winner} wins this position (xor {xor})",
            side.trim()
        ));
    }
    let mut moves = 0u64;
    let mut remaining: u64 = piles.iter().sum();
    loop {
        moves += 1;
        let (i, x) = if solution_to_move {
            let line = read(&format!("move {moves}"));
            parse_move(&line, &piles).unwrap_or_else(|| {
                reject(format!(
                    "move {moves}: `{line}` is not a legal move `i x` ({n} piles)"
                ))
            })
        } else {
            let xor = piles.iter().fold(0, |x, a| x ^ a);
            let winning = (0..n).find(|&i| piles[i] ^ xor < piles[i]);
            let (i, x) = match winning {
                Some(i) => (i, piles[i] - (piles[i] ^ xor)),
                None => {
                    let live: Vec<usize> = (0..n).filter(|&i| piles[i] > 0).collect();
                    let i = live[rng.below(live.len() as u64) as usize];
                    // Half the time a single stone, so games are not over too soon.
                    match rng.below(2) {
                        0 => (i, 1),
                        _ => (i, 1 + rng.below(piles[i])),
                    }
                }
            };
            tell(&format!("{} {x}", i + 1));
            (i, x)
        };
        piles[i] -= x;
        remaining -= x;
        if remaining == 0 {
            break;
        }
        solution_to_move = !solution_to_move;
    }
    if !solution_to_move {
        reject(format!(
            "the judge took the last stone after {moves} moves: the solution lost"
        ));
    }
    tell("0 0");
    drop(lines);
    let mut rest = String::new();
    let _ = std::io::stdin().lock().read_to_string(&mut rest);
    if !rest.trim().is_empty() {
        eprintln!(
            "the solution wrote after the game was over: `{}`",
            rest.trim()
        );
        exit(1);
    }
}
