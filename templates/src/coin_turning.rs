//! Description: Coin-turning games: a row of coins, each heads or tails; a move turns over a
//! set of coins allowed by the rules, of which the rightmost (the largest position) must go
//! from heads to tails; whoever cannot move loses. A position is worth the xor of `G(x)` over
//! its heads coins, where `G(x)` is the value of the position with only coin `x` heads:
//! `G(x) = mex` over the moves with rightmost coin `x` of the xor of `G` of the other coins
//! turned (`single_coin_values` computes this for any rules). Closed forms:
//! - `twins(x) = x` (Twins, a.k.a. Nim positions): coins at 0, 1, 2, ...; a move turns coin
//!   `x` (heads to tails) and exactly one coin `a < x` (either way). Heads at `x` is a Nim
//!   heap of `x`. Coin 0 is worth 0, so this is also the game "turn one or two coins" on
//!   coins 1, 2, 3, ... (a move onto coin 0 stands for turning coin `x` alone).
//! - `mock_turtles(x)`: coins at 0, 1, 2, ...; a move turns one, two or three coins. The
//!   value is the `x`-th odious number (odd popcount; from 0: 1, 2, 4, 7, 8, 11, ...), i.e.
//!   `2x` or `2x + 1`, whichever has an odd number of ones.
//! - `ruler(x) = x & -x`: coins at 1, 2, 3, ... (no coin 0); a move turns any run of
//!   consecutive coins `x - k + 1, ..., x` (`1 <= k <= x`) ending at `x`.
//!
//! Tartan theorem: the product of two coin-turning games has coins at the cells `(x, y)`; a
//! move picks a move of the first game (coin set `A`, rightmost `x`) and one of the second
//! (`B`, rightmost `y`) and turns the cells `A × B`, where `(x, y)` must go heads to tails.
//! The value of a single heads coin at `(x, y)` is `G1(x) ⊗ G2(y)` (nim product; `tartan`).
//! Twins × Twins (Acrostic Twins / "flip the corners of a rectangle": pick heads `(x, y)`
//! and `a < x`, `b < y`, turn `(x, y), (a, y), (x, b), (a, b)`) is worth `x ⊗ y`. The catch:
//! the positions' numbering (from 0 or from 1) is part of each game; Ruler from 0 is wrong.
//!
//! Usage:
//! ```
//! use templates::coin_turning::{mock_turtles, position_value, ruler, tartan, twins};
//! use templates::nimber::NimProduct;
//! assert_eq!((0..6).map(mock_turtles).collect::<Vec<_>>(), [1, 2, 4, 7, 8, 11]);
//! assert_eq!((1..9).map(ruler).collect::<Vec<_>>(), [1, 2, 1, 4, 1, 2, 1, 8]);
//! // Ruler with heads at 3, 4 and 6: 1 ^ 4 ^ 2 != 0, the first player wins.
//! assert_eq!(position_value([3, 4, 6], ruler), 7);
//! // Acrostic Twins, heads at (1, 1) and (2, 3): 1 ^ 2 ⊗ 3 = 1 ^ 1 = 0, a loss to move.
//! let nim = NimProduct::new();
//! let heads = [(1, 1), (2, 3)];
//! assert_eq!(position_value(heads, |(x, y)| tartan(&nim, twins(x), twins(y))), 0);
//! ```
//!
//! Time: O(1) per coin for the closed forms, plus one nim product per coin of a 2-D game;
//! `single_coin_values(n, ..)` O(total size of the listed moves).
//!
//! Memory: O(1); `single_coin_values` O(n) plus one move at a time.
//!
//! Source: Berlekamp, Conway and Guy, Winning Ways, vol. 3, ch. 14 (2003: Ruler, Mock
//! Turtles, Tartan theorem, Acrostic Twins); Lenstra, Nim multiplication (1977); HDU 3404
//! "Switch lights" (Acrostic Twins).
//!
//! Status: exhaustive against a search of the real game over every heads set: Twins on 11
//! coins, Mock Turtles on 10, Ruler on 11, `single_coin_values` on those three rules and on
//! "turn 1 to 3 coins within distance 3"; products on whole boards: Twins × Twins 4 x 4
//! (2^16 positions), Mock Turtles × Ruler 3 x 4, Ruler × Twins 4 x 3, Ruler × Ruler 4 x 4.
//! Problems: coin-flip-2d.

use crate::nimber::NimProduct;

/// Twins (turn coin `x` and one coin `a < x`, coins from 0): `G(x) = x`.
pub fn twins(x: u64) -> u64 {
    x
}

/// Mock Turtles (turn one to three coins, coins from 0): the `x`-th odious number,
/// `2x + (1 if x has an even number of ones)`. Needs `x < 2^63`.
pub fn mock_turtles(x: u64) -> u64 {
    2 * x + u64::from(x.count_ones() % 2 == 0)
}

/// Ruler (turn a run of consecutive coins ending at `x`, coins from 1): the largest power
/// of two dividing `x`. Panics on `x = 0` (Ruler has no coin 0).
pub fn ruler(x: u64) -> u64 {
    assert!(x > 0, "Ruler numbers its coins from 1");
    x & x.wrapping_neg()
}

/// Tartan theorem: the value of coin `(x, y)` in the product of two coin-turning games whose
/// coins `x` and `y` are worth `g1` and `g2` is `g1 ⊗ g2`.
pub fn tartan(nim: &NimProduct, g1: u64, g2: u64) -> u64 {
    nim.mul(g1, g2)
}

/// A position's value: the xor of `value(coin)` over its heads coins (listed once each; a
/// coin listed twice cancels).
pub fn position_value<T>(
    heads: impl IntoIterator<Item = T>,
    mut value: impl FnMut(T) -> u64,
) -> u64 {
    heads.into_iter().fold(0, |acc, coin| acc ^ value(coin))
}

/// `G(x)` for `x < n` of any coin-turning game on coins `0..n`: `moves(x, emit)` calls
/// `emit(others)` once per move with rightmost coin `x`, `others` being the other coins
/// that move turns (all `< x`; empty for turning `x` alone). For rules numbered from 1,
/// give coin 0 no moves (it is then worth 0 and never turned).
pub fn single_coin_values(
    n: usize,
    mut moves: impl FnMut(usize, &mut dyn FnMut(&[usize])),
) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(n);
    let mut seen: Vec<bool> = Vec::new();
    for x in 0..n {
        seen.clear();
        let mut emit = |others: &[usize]| {
            let v = others.iter().fold(0, |acc, &a| {
                assert!(
                    a < x,
                    "a move's other coins lie left of its rightmost coin {x}"
                );
                acc ^ values[a]
            }) as usize;
            // `seen` grows to the largest option, below twice the largest `G` so far.
            if v >= seen.len() {
                seen.resize(v + 1, false);
            }
            seen[v] = true;
        };
        moves(x, &mut emit);
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
        values.push(mex as u64);
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mex::Mex;

    /// A coin-turning game on coins `0..n` as its list of moves: (coin that must go heads to
    /// tails, bit mask of every coin turned). Every other coin of a move has a smaller index,
    /// so a move always lowers the mask and values fill in increasing mask order.
    struct Board {
        n: usize,
        moves: Vec<(usize, u32)>,
    }

    impl Board {
        /// Grundy value of every heads set, by searching the real game.
        fn grundy(&self) -> Vec<u32> {
            for &(top, set) in &self.moves {
                assert!(
                    set >> top & 1 == 1 && set >> top == 1,
                    "rightmost coin is the top"
                );
            }
            let mut g = vec![0u32; 1 << self.n];
            let (mut mex, mut options) = (Mex::new(), Vec::new());
            for mask in 0..1u32 << self.n {
                options.clear();
                for &(top, set) in &self.moves {
                    if mask >> top & 1 == 1 {
                        options.push(g[(mask ^ set) as usize]);
                    }
                }
                g[mask as usize] = mex.of(&options);
            }
            g
        }
    }

    /// 1-D moves as (rightmost coin, coins turned) for coins `lo..lo + n`, board index
    /// `coin - lo`.
    fn line(
        n: usize,
        lo: usize,
        rule: impl Fn(usize) -> Vec<Vec<usize>>,
    ) -> Vec<(usize, Vec<usize>)> {
        let mut moves = Vec::new();
        for x in lo..lo + n {
            for set in rule(x) {
                assert_eq!(set.iter().max(), Some(&x));
                moves.push((x - lo, set.iter().map(|&c| c - lo).collect()));
            }
        }
        moves
    }

    /// A rule of a 1-D game: the coin sets of the moves with rightmost coin `x`.
    type Rule = fn(usize) -> Vec<Vec<usize>>;

    fn mask(coins: &[usize]) -> u32 {
        coins.iter().fold(0, |m, &c| m ^ 1 << c)
    }

    fn twins_rule(x: usize) -> Vec<Vec<usize>> {
        (0..x).map(|a| vec![a, x]).collect()
    }

    fn mock_turtles_rule(x: usize) -> Vec<Vec<usize>> {
        let mut sets = vec![vec![x]];
        for a in 0..x {
            sets.push(vec![a, x]);
            for b in 0..a {
                sets.push(vec![b, a, x]);
            }
        }
        sets
    }

    /// Coins from 1: runs `x - k + 1..=x`.
    fn ruler_rule(x: usize) -> Vec<Vec<usize>> {
        (1..=x).map(|k| (x + 1 - k..=x).collect()).collect()
    }

    /// Every heads set of a 1-D board against the xor of the closed form.
    fn check_line(
        n: usize,
        lo: usize,
        rule: impl Fn(usize) -> Vec<Vec<usize>>,
        value: impl Fn(u64) -> u64,
    ) {
        let moves = line(n, lo, rule);
        let board = Board {
            n,
            moves: moves.iter().map(|(top, set)| (*top, mask(set))).collect(),
        };
        let g = board.grundy();
        for heads in 0..1u32 << n {
            let coins = (0..n)
                .filter(|&i| heads >> i & 1 == 1)
                .map(|i| (i + lo) as u64);
            assert_eq!(
                position_value(coins, &value),
                u64::from(g[heads as usize]),
                "{heads:b}"
            );
        }
    }

    #[test]
    fn one_dimensional_games_match_a_search_of_every_board() {
        check_line(11, 0, twins_rule, twins);
        check_line(10, 0, mock_turtles_rule, mock_turtles);
        check_line(11, 1, ruler_rule, ruler);
        // "Turn one or two coins" from 1 is Twins too.
        check_line(
            11,
            1,
            |x| {
                (1..=x)
                    .map(|a| if a == x { vec![x] } else { vec![a, x] })
                    .collect()
            },
            twins,
        );
    }

    /// The Tartan product on a w x h board: cell (x, y) has index x * h + y, coins of the
    /// games numbered from lo1 and lo2.
    fn check_product(
        (w, lo1, rule1): (usize, usize, Rule),
        (h, lo2, rule2): (usize, usize, Rule),
        value1: fn(u64) -> u64,
        value2: fn(u64) -> u64,
    ) {
        let (first, second) = (line(w, lo1, rule1), line(h, lo2, rule2));
        let mut moves = Vec::new();
        for (x, a) in &first {
            for (y, b) in &second {
                let cells: Vec<usize> = a
                    .iter()
                    .flat_map(|&i| b.iter().map(move |&j| i * h + j))
                    .collect();
                moves.push((x * h + y, mask(&cells)));
            }
        }
        let g = Board { n: w * h, moves }.grundy();
        let nim = NimProduct::new();
        for heads in 0..1u32 << (w * h) {
            let cells = (0..w * h)
                .filter(|&c| heads >> c & 1 == 1)
                .map(|c| ((c / h + lo1) as u64, (c % h + lo2) as u64));
            let value = position_value(cells, |(x, y)| tartan(&nim, value1(x), value2(y)));
            assert_eq!(value, u64::from(g[heads as usize]), "{heads:b}");
        }
    }

    #[test]
    fn products_match_a_search_of_every_board() {
        check_product((4, 0, twins_rule), (4, 0, twins_rule), twins, twins);
        check_product(
            (3, 0, mock_turtles_rule),
            (4, 1, ruler_rule),
            mock_turtles,
            ruler,
        );
        check_product((4, 1, ruler_rule), (3, 0, twins_rule), ruler, twins);
        check_product((4, 1, ruler_rule), (4, 1, ruler_rule), ruler, ruler);
    }

    #[test]
    fn single_coin_values_follow_the_rules() {
        /// `single_coin_values` of `rule` (each set ends at its rightmost coin).
        fn values_of(n: usize, rule: Rule) -> Vec<u64> {
            single_coin_values(n, |x, emit| {
                for set in rule(x) {
                    emit(&set[..set.len() - 1]);
                }
            })
        }
        let n = 40;
        let twins_values = values_of(n, twins_rule);
        assert_eq!(twins_values, (0..n as u64).map(twins).collect::<Vec<_>>());
        let turtles = values_of(n, mock_turtles_rule);
        assert_eq!(turtles, (0..n as u64).map(mock_turtles).collect::<Vec<_>>());
        // Ruler from 1: coin 0 gets no moves.
        let rulers = single_coin_values(n, |x, emit| {
            if x > 0 {
                for set in ruler_rule(x) {
                    emit(&set[..set.len() - 1]);
                }
            }
        });
        assert_eq!(rulers[0], 0);
        assert_eq!(&rulers[1..], (1..n as u64).map(ruler).collect::<Vec<_>>());
        // A rule with no closed form here, checked on every board of 10 coins: turn one to
        // three coins, all within distance 3 of the rightmost.
        fn near(x: usize) -> Vec<Vec<usize>> {
            mock_turtles_rule(x)
                .into_iter()
                .filter(|s| x - s[0] <= 3)
                .collect()
        }
        let values = values_of(10, near);
        check_line(10, 0, near, |x| values[x as usize]);
    }
}
