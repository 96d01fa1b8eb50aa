//! Description: The paper-cutting game (POJ 2311). Players take turns cutting one piece of a
//! `w x h` grid sheet along a grid line into two pieces; whoever first cuts out a `1 x 1`
//! piece wins. The catch is the reduction: a cut that leaves a piece with a side of 1 hands
//! the opponent a `1 x 1` at once, so nobody makes it while another cut exists, and a player
//! left with only such cuts loses. So the game is normal play on pieces with both sides at
//! least 2, with cuts that keep both sides at least 2, and pieces combine by xor.
//! `new(max_w, max_h)` builds every piece with both sides in `2..=n`, n = max(max_w, max_h);
//! `first_player_wins` takes a `1 x k` or `k x 1` sheet of any length k >= 1 (no table
//! needed); every other sheet, and every piece given to `grundy`, must have both sides in
//! `2..=n`: a longer side, or a side of 0, panics with "piece WxH outside 2..=n".
//!
//! Usage:
//! ```
//! use templates::cutting_game::CuttingGame;
//! let game = CuttingGame::new(200, 200);
//! assert!(!game.first_player_wins(2, 2) && !game.first_player_wins(3, 2));
//! assert!(game.first_player_wins(4, 2)); // 4x2 -> 2x2 + 2x2, worth 0
//! assert_eq!(game.grundy(4, 2), 1);
//! ```
//!
//! Time: O(n^3) to build for n = max(max_w, max_h): 2.2-2.6 ms for 200 x 200 (`cargo bench
//! -p templates --bench sg`, 2 shared cores); O(1) per query.
//!
//! Memory: O(n^2).
//!
//! Source: Sprague (1935) and Grundy (1939), with the losing-cut reduction above, which the
//! tests check against the real game. 2x2, 2x3 and 3x2 need no hand-set values (as in the
//! seeds): they simply have no allowed cut.
//!
//! Status: exhaustive: every sheet up to 8 x 8 (sides from 1) and every pair of pieces with
//! sides 2 to 6 against a search of the real game (any cut, a 1x1 wins at once).
//! Problems: poj2311.

use crate::mex::Mex;

/// Grundy values of all pieces with both sides from 2 up to a bound.
pub struct CuttingGame {
    n: usize,
    sg: Vec<u32>,
}

impl CuttingGame {
    /// Builds the table for pieces with both sides from 2 to `max(max_w, max_h)` (so
    /// `max_w x max_h` fits in either orientation).
    pub fn new(max_w: usize, max_h: usize) -> Self {
        let n = max_w.max(max_h);
        let mut sg = vec![0u32; (n + 1) * (n + 1)];
        let at = |w: usize, h: usize| w * (n + 1) + h;
        let mut mex = Mex::new();
        // Filling (w, h) for h <= w, mirrored at once, keeps every smaller piece ready.
        for w in 2..=n {
            for h in 2..=w {
                mex.start(w / 2 + h / 2 - 2);
                for i in 2..=w / 2 {
                    mex.insert(sg[at(i, h)] ^ sg[at(w - i, h)]);
                }
                for j in 2..=h / 2 {
                    mex.insert(sg[at(w, j)] ^ sg[at(w, h - j)]);
                }
                let value = mex.get();
                sg[at(w, h)] = value;
                sg[at(h, w)] = value;
            }
        }
        Self { n, sg }
    }

    /// Grundy value of a `w x h` piece; both sides must be from 2 to the built bound (else
    /// panics, naming the piece and the bound).
    pub fn grundy(&self, w: usize, h: usize) -> u32 {
        let ok = (2..=self.n).contains(&w) && (2..=self.n).contains(&h);
        assert!(ok, "cutting_game: piece {w}x{h} outside 2..={}", self.n);
        self.sg[w * (self.n + 1) + h]
    }

    /// Whether the first player wins from one `w x h` sheet. A `1 x k` sheet with k >= 2 is
    /// won at once, whatever the table's size; `1 x 1` has no cut. Any other sheet must have
    /// both sides from 2 to the built bound, like `grundy` (else panics); so must a sheet
    /// with a side of 0.
    pub fn first_player_wins(&self, w: usize, h: usize) -> bool {
        if (w == 1 || h == 1) && w.min(h) >= 1 {
            return w * h > 1;
        }
        self.grundy(w, h) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    type Pieces = Vec<(usize, usize)>;

    /// Every position reachable by one cut, with whether the cut made a 1x1 piece.
    fn cuts(pieces: &Pieces) -> Vec<(Pieces, bool)> {
        let mut out = Vec::new();
        for (k, &(w, h)) in pieces.iter().enumerate() {
            let halves = (1..w).map(|i| [(i, h), (w - i, h)]);
            for pair in halves.chain((1..h).map(|j| [(w, j), (w, h - j)])) {
                let mut next = pieces.clone();
                next.swap_remove(k);
                next.extend(pair.iter().map(|&(x, y)| (x.min(y), x.max(y))));
                next.sort_unstable();
                out.push((next, pair.contains(&(1, 1))));
            }
        }
        out
    }

    /// The real game: cutting out a 1x1 wins; otherwise win iff some cut leaves a loss.
    fn wins(pieces: Pieces, memo: &mut HashMap<Pieces, bool>) -> bool {
        if let Some(&w) = memo.get(&pieces) {
            return w;
        }
        let options = cuts(&pieces);
        let result = options.iter().any(|(_, made_unit)| *made_unit)
            || options.into_iter().any(|(next, _)| !wins(next, memo));
        memo.insert(pieces, result);
        result
    }

    #[test]
    fn every_sheet_up_to_8_by_8_matches_real_game() {
        let game = CuttingGame::new(8, 8);
        let mut memo = HashMap::new();
        for w in 1..=8 {
            for h in 1..=8 {
                let real = wins(vec![(w.min(h), w.max(h))], &mut memo);
                assert_eq!(game.first_player_wins(w, h), real, "{w}x{h}");
            }
        }
    }

    #[test]
    fn pairs_of_pieces_match_real_game() {
        let game = CuttingGame::new(6, 6);
        let mut memo = HashMap::new();
        let pieces: Pieces = (2..=6).flat_map(|w| (w..=6).map(move |h| (w, h))).collect();
        for &p in &pieces {
            for &q in &pieces {
                let mut pair = vec![p, q];
                pair.sort_unstable();
                let xor = game.grundy(p.0, p.1) ^ game.grundy(q.1, q.0);
                assert_eq!(xor != 0, wins(pair, &mut memo), "{p:?} + {q:?}");
            }
        }
    }

    #[test]
    #[should_panic(expected = "outside")]
    fn rejects_pieces_outside_the_table() {
        CuttingGame::new(10, 10).grundy(11, 2);
    }

    #[test]
    fn first_player_wins_outside_the_table() {
        let game = CuttingGame::new(10, 3);
        // The bound is max(10, 3): 3 x 10 and 10 x 10 are in the table.
        assert_eq!(game.first_player_wins(3, 10), game.grundy(10, 3) != 0);
        assert_eq!(game.first_player_wins(10, 10), game.grundy(10, 10) != 0);
        // A strip of any length is won at once; 1 x 1 is lost.
        assert!(game.first_player_wins(1, 1_000_000) && game.first_player_wins(usize::MAX, 1));
        assert!(!game.first_player_wins(1, 1));
        let panics = |w: usize, h: usize| {
            let result = std::panic::catch_unwind(|| game.first_player_wins(w, h));
            let payload = result.expect_err("must panic");
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_default();
            assert!(
                message.contains(&format!("piece {w}x{h} outside 2..=10")),
                "{message}"
            );
        };
        for (w, h) in [(11, 2), (2, 11), (11, 11), (0, 1), (1, 0), (0, 5), (0, 0)] {
            panics(w, h);
        }
    }
}
