
// ---- appended by `grundy explore` (after the game's own lines, so that rustc's line numbers
// stay the file's). `main N values` prints G(0..N); `main N misere BUDGET` prints the
// misere outcome of each single heap ('P': the player to move loses when the last mover
// loses), stopping early, with a line `budget`, past BUDGET positions (a count, not a
// time, so that the answer is the same on every machine).

fn explore_options(heap: u64) -> Vec<Vec<u64>> {
    let found = options(heap);
    for option in &found {
        if let Some(&part) = option.iter().find(|&&part| part >= heap) {
            eprintln!("options({heap}) returned a heap of {part}, not smaller than {heap}");
            std::process::exit(3);
        }
    }
    found
}

fn explore_values(n: u64) {
    let mut g: Vec<u32> = Vec::new();
    let mut seen: Vec<u64> = Vec::new();
    for heap in 0..n {
        // seen[v] == heap + 1: value v is an option's of this heap (no clearing per heap).
        for option in explore_options(heap) {
            let value = option.iter().fold(0, |x, &part| x ^ g[part as usize]) as usize;
            if value >= seen.len() {
                seen.resize(value + 1, 0);
            }
            seen[value] = heap + 1;
        }
        g.push(seen.iter().position(|&s| s != heap + 1).unwrap_or(seen.len()) as u32);
    }
    let text: Vec<String> = g.iter().map(u32::to_string).collect();
    println!("{}", text.join(" "));
}

/// Misere outcomes by search over positions (sorted lists of heaps). A heap without options
/// is dropped from a position: it is the empty game in misere play too.
struct ExploreMisere {
    moves: Vec<Vec<Vec<u64>>>,
    wins: std::collections::HashMap<Vec<u64>, bool>,
    budget: usize,
}

impl ExploreMisere {
    fn add_heap(&mut self, heap: u64) {
        let moves = explore_options(heap)
            .into_iter()
            .map(|option| {
                let mut kept: Vec<u64> = option
                    .into_iter()
                    .filter(|&part| !self.moves[part as usize].is_empty())
                    .collect();
                kept.sort_unstable();
                kept
            })
            .collect();
        self.moves.push(moves);
    }

    /// Whether the player to move wins `position` (misere), or `None` past the budget.
    fn wins(&mut self, position: &[u64]) -> Option<bool> {
        if let Some(&known) = self.wins.get(position) {
            return Some(known);
        }
        if self.wins.len() >= self.budget {
            return None;
        }
        let mut wins = position.is_empty(); // no move: the player to move has won
        for (i, &heap) in position.iter().enumerate() {
            if wins || (i > 0 && position[i - 1] == heap) {
                continue;
            }
            for option in 0..self.moves[heap as usize].len() {
                let mut next: Vec<u64> = position[..i].to_vec();
                next.extend_from_slice(&position[i + 1..]);
                next.extend_from_slice(&self.moves[heap as usize][option]);
                next.sort_unstable();
                if !self.wins(&next)? {
                    wins = true;
                    break;
                }
            }
        }
        self.wins.insert(position.to_vec(), wins);
        Some(wins)
    }
}

fn explore_misere(n: u64, budget: usize) {
    let mut search = ExploreMisere {
        moves: Vec::new(),
        wins: std::collections::HashMap::new(),
        budget,
    };
    let mut line = String::new();
    for heap in 0..n {
        search.add_heap(heap);
        let position: Vec<u64> = if search.moves[heap as usize].is_empty() { vec![] } else { vec![heap] };
        match search.wins(&position) {
            Some(wins) => line.push(if wins { 'N' } else { 'P' }),
            None => {
                println!("{line}\nbudget");
                return;
            }
        }
    }
    println!("{line}");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args[1].parse().expect("n");
    match args[2].as_str() {
        "values" => explore_values(n),
        _ => explore_misere(n, args[3].parse().expect("budget")),
    }
}
