
// ---- appended by `grundy explore` (after the game's own lines, so that rustc's line numbers
// stay the file's). `main N BUDGET` prints G(a, b) for the board a, b < N, a line per a,
// searching every position the board's options reach (at most BUDGET of them).

use std::collections::HashMap as ExploreMap;

/// G(start) by a depth-first search without recursion (deep games must not overflow the
/// stack); a position met again while its own search is open is a loop, an error.
fn explore_value(start: (u64, u64), g: &mut ExploreMap<(u64, u64), u32>, budget: usize) -> u32 {
    const OPEN: u32 = u32::MAX;
    let mut stack: Vec<((u64, u64), Vec<(u64, u64)>, usize)> = Vec::new();
    let mut push = |position: (u64, u64), g: &mut ExploreMap<(u64, u64), u32>, stack: &mut Vec<_>| {
        if g.len() >= budget {
            eprintln!("more than {budget} positions are reachable from the board; shrink it with -n");
            std::process::exit(4);
        }
        g.insert(position, OPEN);
        stack.push((position, options(position.0, position.1), 0));
    };
    if let Some(&value) = g.get(&start) {
        return value;
    }
    push(start, g, &mut stack);
    while let Some((position, moves, next)) = stack.last_mut() {
        if let Some(&option) = moves.get(*next) {
            *next += 1;
            match g.get(&option) {
                Some(&OPEN) => {
                    let from = stack.iter().position(|(p, _, _)| *p == option).unwrap_or(0);
                    let cycle: Vec<String> =
                        stack[from..].iter().map(|(p, _, _)| format!("{p:?}")).collect();
                    eprintln!("the moves loop: {} -> {option:?}", cycle.join(" -> "));
                    std::process::exit(3);
                }
                Some(_) => {}
                None => push(option, g, &mut stack),
            }
            continue;
        }
        let mut values: Vec<u32> = moves.iter().map(|o| g[o]).collect();
        values.sort_unstable();
        values.dedup();
        let mex = values.iter().enumerate().find(|&(i, &v)| v != i as u32).map_or(values.len(), |(i, _)| i) as u32;
        let position = *position;
        g.insert(position, mex);
        stack.pop();
    }
    g[&start]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args[1].parse().expect("n");
    let budget: usize = args[2].parse().expect("budget");
    let mut g = ExploreMap::new();
    let mut out = String::new();
    for a in 0..n {
        let row: Vec<String> = (0..n).map(|b| explore_value((a, b), &mut g, budget).to_string()).collect();
        out += &row.join(" ");
        out.push('\n');
    }
    print!("{out}");
}
