// problem: custom
// Interactive Nim: choose the winning side, then answer every judge move with a winning one.
use templates::interactive_io::{play, LineGame, LineReader, LineWriter, Side};
use templates::nim::{first_player_wins, winning_moves};

struct Nim {
    piles: Vec<u64>,
}

impl LineGame for Nim {
    /// (0-based pile, stones taken).
    type Move = (usize, u64);

    fn is_over(&self) -> bool {
        self.piles.iter().all(|&p| p == 0)
    }

    fn choose(&mut self) -> (usize, u64) {
        match winning_moves(&self.piles).first() {
            Some(&(i, leave)) => (i, self.piles[i] - leave),
            // Only from a lost position, which the right choice of side never reaches.
            None => (self.piles.iter().position(|&p| p > 0).unwrap(), 1),
        }
    }

    fn apply(&mut self, &(i, x): &(usize, u64)) {
        self.piles[i] -= x;
    }

    fn format(&self, &(i, x): &(usize, u64)) -> String {
        format!("{} {x}", i + 1)
    }

    fn parse(&self, line: &str) -> Option<(usize, u64)> {
        let mut tokens = line.split_whitespace().map(|t| t.parse::<i64>().ok());
        let (i, x) = (tokens.next()??, tokens.next()??);
        // `-1 -1`: the judge ended the game.
        (i >= 1 && x >= 1).then(|| (i as usize - 1, x as u64))
    }
}

fn main() {
    let mut input = LineReader::stdin();
    let mut out = LineWriter::stdout();
    let n: usize = input.read();
    let piles: Vec<u64> = (0..n).map(|_| input.read()).collect();
    let first = match first_player_wins(&piles) {
        true => Side::Me,
        false => Side::Judge,
    };
    out.line(if first == Side::Me { "First" } else { "Second" });
    // Won or lost, the game is over: a lost game is the judge's to report (WA), and a
    // solution that crashed on it would race the judge's verdict.
    play(&mut Nim { piles }, first, &mut input, &mut out);
}
