// The brute force of `grundy stress`: Blue-Red Hackenbush played out over the sets of edges
// still standing (a move deletes an edge of the player's colour, and what no longer reaches
// the ground falls). The winners come from a win/lose search with each side moving first;
// the value from the definition: the simplest number between the best value Blue can move
// to and the best Red can.
use std::collections::HashMap;
use templates::fast_io::{Scanner, Writer};

/// Values are dyadic: numerators over 2^SCALE.
const SCALE: u32 = 30;
const ONE: i64 = 1 << SCALE;

struct Picture {
    /// Each vertex's parent and the colour (blue?) of its edge; vertex 0 is the ground.
    parent: Vec<usize>,
    blue: Vec<bool>,
}

impl Picture {
    /// The edges of `standing` still joined to the ground (edge v - 1 joins vertex v).
    fn grounded(&self, standing: u32) -> u32 {
        let n = self.parent.len();
        let mut reached = vec![false; n];
        reached[0] = true;
        let mut kept = 0;
        loop {
            let mut grew = false;
            for v in 1..n {
                if !reached[v] && standing & 1 << (v - 1) != 0 && reached[self.parent[v]] {
                    reached[v] = true;
                    kept |= 1 << (v - 1);
                    grew = true;
                }
            }
            if !grew {
                return kept;
            }
        }
    }

    /// The positions `blue` (or red) can move to.
    fn options(&self, standing: u32, blue: bool) -> Vec<u32> {
        (1..self.parent.len())
            .filter(|&v| standing & 1 << (v - 1) != 0 && self.blue[v] == blue)
            .map(|v| self.grounded(standing & !(1 << (v - 1))))
            .collect()
    }

    fn value(&self, standing: u32, memo: &mut HashMap<u32, i64>) -> i64 {
        if let Some(&value) = memo.get(&standing) {
            return value;
        }
        let best = |blue: bool, memo: &mut HashMap<u32, i64>| {
            let values = self
                .options(standing, blue)
                .into_iter()
                .map(|o| self.value(o, memo));
            let values: Vec<i64> = values.collect();
            if blue {
                values.into_iter().max()
            } else {
                values.into_iter().min()
            }
        };
        let (left, right) = (best(true, memo), best(false, memo));
        let value = simplest_between(left, right);
        memo.insert(standing, value);
        value
    }

    fn mover_wins(&self, standing: u32, blue: bool, memo: &mut HashMap<(u32, bool), bool>) -> bool {
        if let Some(&wins) = memo.get(&(standing, blue)) {
            return wins;
        }
        let wins = self
            .options(standing, blue)
            .into_iter()
            .any(|o| !self.mover_wins(o, !blue, memo));
        memo.insert((standing, blue), wins);
        wins
    }
}

/// The simplest dyadic number strictly between `low` and `high` (`None`: no bound): 0 if it
/// lies between, else the integer nearest 0, else the one of smallest denominator.
fn simplest_between(low: Option<i64>, high: Option<i64>) -> i64 {
    let above = |x: i64| low.is_none_or(|l| x > l);
    let below = |x: i64| high.is_none_or(|h| x < h);
    if above(0) && below(0) {
        return 0;
    }
    if high.is_some_and(|h| h <= 0) {
        return -simplest_between(high.map(|h| -h), low.map(|l| -l));
    }
    let low = low.expect("0 is not between, and the interval lies above it");
    for bits in 0..=SCALE {
        let step = ONE >> bits;
        let next = (low.div_euclid(step) + 1) * step;
        if below(next) {
            return next;
        }
    }
    unreachable!("two dyadic values of scale {SCALE} differ by at least one step")
}

fn fraction(value: i64) -> String {
    let (mut num, mut den) = (value, ONE);
    while den > 1 && num % 2 == 0 {
        num /= 2;
        den /= 2;
    }
    if den == 1 {
        num.to_string()
    } else {
        format!("{num}/{den}")
    }
}

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    for _ in 0..input.usize() {
        let n = input.usize();
        assert!(
            n <= 20,
            "the brute force knows pictures of at most 20 edges"
        );
        let mut picture = Picture {
            parent: vec![0; n + 1],
            blue: vec![false; n + 1],
        };
        for v in 1..=n {
            picture.parent[v] = input.usize();
            picture.blue[v] = input.token().expect("a colour") == b"B";
        }
        let all = picture.grounded((1 << n) - 1);
        let value = picture.value(all, &mut HashMap::new());
        let mut wins = HashMap::new();
        let name = |blue: bool| if blue { "Blue" } else { "Red" };
        let blue_first = picture.mover_wins(all, true, &mut wins);
        let red_first = picture.mover_wins(all, false, &mut wins);
        out.str(&fraction(value))
            .byte(b' ')
            .str(name(blue_first))
            .byte(b' ')
            .str(name(!red_first))
            .byte(b'\n');
    }
}
