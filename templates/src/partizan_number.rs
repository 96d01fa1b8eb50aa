//! Description: Numbers of partizan games and Blue-Red Hackenbush. `Dyadic` is an exact
//! dyadic rational `num / 2^exp` (i128 numerator, always reduced). `simplest_between(lo, hi)`
//! is the simplicity rule: a game `{L | R}` whose options are numbers with max L < min R is
//! the simplest (earliest-born) number strictly between them: 0 if possible, else the integer
//! nearest 0, else the one with the smallest power-of-two denominator. Blue-Red Hackenbush
//! (Blue = Left deletes blue edges, Red = Right red ones, whatever is cut off from the ground
//! falls): a string from the ground counts its first run as integers (+1 blue, -1 red), then
//! each later edge adds +-1/2, +-1/4, ... (`stalk_value`, e.g. BBRB = 2 - 1/2 + 1/4 = 7/4). A
//! tree is the sum of its branches, and an edge under a part of value x is worth
//! (`edge_below`), for blue: x + 1 if x >= 0, else (x + j) / 2^(j-1) with j the least integer
//! such that x + j > 1 (j = floor(-x) + 2); for red: the mirror image -f(-x). Who wins: a
//! value above 0 Blue whoever starts, below 0 Red whoever starts, 0 the second player
//! (`blue_wins`).
//! The catch: values are exact only while they fit, so a branch (a subtree hanging from the
//! ground by one edge) should have at most about 120 edges (its denominator is at most
//! 2^(edges-1)); overflow panics, it never wraps.
//!
//! Usage:
//! ```
//! use templates::partizan_number::{blue_red_tree, blue_wins, simplest_between, stalk_value, Dyadic};
//! assert_eq!(stalk_value(b"BBRB").to_string(), "7/4");
//! assert_eq!(stalk_value(b"RBB"), Dyadic::new(-1, 2)); // -1 + 1/2 + 1/4
//! let half = Dyadic::new(1, 1);
//! assert_eq!(simplest_between(Some(Dyadic::ZERO), Some(Dyadic::from(1))), half);
//! assert_eq!(simplest_between(Some(Dyadic::new(5, 3)), None), Dyadic::from(1));
//! // Ground 0; a blue edge 0-1 carrying a red edge 1-2 and a blue edge 1-3; a red edge 0-4.
//! let edges = [(0, 1, true), (1, 2, false), (3, 1, true), (4, 0, false)];
//! let v = blue_red_tree(5, &edges, 0); // 1:(-1 + 1) = 1:0 = 1, plus -1
//! assert_eq!(v, Dyadic::ZERO);
//! assert!(!blue_wins(v, true) && blue_wins(v, false)); // the second player wins
//! ```
//!
//! Time: `blue_red_tree` O(n + m) for n vertices and m edges (no recursion); `stalk_value`
//! O(length); `simplest_between` O(exp) (at most 127 steps); Dyadic + - cmp O(1). In release
//! mode here (2 shared, busy cores) 10 pictures of 10^5 edges with shuffled labels (branches of
//! up to 62 edges) are valued in about 110 ms, plus 40 ms to read them.
//!
//! Memory: O(n + m).
//!
//! Source: Berlekamp, Conway and Guy, Winning Ways, vol. 1, ch. 1-2 (1982); Conway, On
//! Numbers and Games, ch. 3 (1976) for the simplicity rule and x:y.
//!
//! Status: exhaustive: all 510 blue-red strings of 1 to 8 edges and every coloured rooted tree
//! of 1 to 7 edges (all shapes, all 2^edges colourings) against a search of the real game
//! (value = simplest number between the best options, with max L < min R asserted) and
//! against a plain win/lose search for who wins moving first; `simplest_between` against the
//! birthday tree of numbers born by day 7; 300 random trees of 8 to 12 edges; a path of
//! 10^6 alternating edges in a wide forest. Problems: hackenbush-blue-red.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};

/// The exact dyadic rational `num / 2^exp`, reduced: `num` is odd or `exp` is 0 (build it with
/// `new` or `from`; `==` and `Hash` rely on it).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Dyadic {
    pub num: i128,
    pub exp: u32,
}

/// `x * 2^s`, panicking instead of overflowing.
fn shl_exact(x: i128, s: u32) -> i128 {
    assert!(
        s < 127 && (x << s) >> s == x,
        "Dyadic overflow: {x} * 2^{s} does not fit an i128"
    );
    x << s
}

impl Dyadic {
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };

    /// `num / 2^exp`, reduced.
    pub fn new(mut num: i128, mut exp: u32) -> Dyadic {
        assert!(exp < 127, "Dyadic denominator 2^{exp} is too large");
        if num == 0 {
            return Dyadic::ZERO;
        }
        let t = num.trailing_zeros().min(exp);
        num >>= t;
        exp -= t;
        Dyadic { num, exp }
    }

    /// The largest integer `<= self`.
    pub fn floor(self) -> i128 {
        self.num >> self.exp
    }

    /// The smallest integer `>= self`.
    pub fn ceil(self) -> i128 {
        -((-self).floor())
    }

    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// `self / 2^k`.
    pub fn halve(self, k: u32) -> Dyadic {
        Dyadic::new(self.num, self.exp + k)
    }

    /// Both numerators over the common denominator `2^max(exp)`.
    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let exp = self.exp.max(other.exp);
        (
            shl_exact(self.num, exp - self.exp),
            shl_exact(other.num, exp - other.exp),
            exp,
        )
    }
}

impl From<i128> for Dyadic {
    fn from(n: i128) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        let (a, b, exp) = self.aligned(other);
        Dyadic::new(a.checked_add(b).expect("Dyadic overflow in +"), exp)
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            num: self.num.checked_neg().expect("Dyadic overflow in -"),
            exp: self.exp,
        }
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        self + -other
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `3/4`, `-5/8`, `2`, `0`: integers without a denominator.
impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u128 << self.exp)
        }
    }
}

/// The simplest number strictly between `lo` and `hi` (`None`: no bound on that side), i.e.
/// the value of `{lo | hi}` when both are numbers. Panics unless `lo < hi`.
pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Dyadic {
    match (lo, hi) {
        (Some(l), Some(h)) => {
            assert!(l < h, "simplest_between: {l} is not below {h}");
            if l.num < 0 && h.num > 0 {
                Dyadic::ZERO
            } else if h.num <= 0 {
                -simplest_between(Some(-h), Some(-l))
            } else {
                // 0 <= l < h: the first k with a multiple of 2^-k strictly inside; at k = 0
                // that is the least integer above l.
                let mut k = 0;
                loop {
                    let below = if k >= l.exp {
                        shl_exact(l.num, k - l.exp)
                    } else {
                        l.num >> (l.exp - k)
                    };
                    let x = Dyadic::new(below + 1, k); // (floor(l * 2^k) + 1) / 2^k
                    if x < h {
                        return x;
                    }
                    k += 1;
                }
            }
        }
        (None, Some(h)) if h.num <= 0 => Dyadic::from(h.ceil() - 1),
        (Some(l), None) if l.num >= 0 => Dyadic::from(l.floor() + 1),
        _ => Dyadic::ZERO,
    }
}

/// The value of a Blue-Red Hackenbush string (stalk), listed from the ground up as bytes
/// `b'B'` (blue) and `b'R'` (red). Panics on other bytes.
pub fn stalk_value(colors: &[u8]) -> Dyadic {
    let sign = |c: u8| match c {
        b'B' => 1,
        b'R' => -1,
        _ => panic!("stalk_value: colour {:?} is neither B nor R", c as char),
    };
    let Some(&first) = colors.first() else {
        return Dyadic::ZERO;
    };
    let run = colors.iter().take_while(|&&c| c == first).count();
    let mut value = Dyadic::from(sign(first) * run as i128);
    for (i, &c) in colors[run..].iter().enumerate() {
        value = value + Dyadic::new(sign(c), i as u32 + 1);
    }
    value
}

/// The value of one edge (blue if `blue`) with a picture of value `x` standing on its top.
pub fn edge_below(x: Dyadic, blue: bool) -> Dyadic {
    if !blue {
        return -edge_below(-x, true);
    }
    if x.num >= 0 {
        return x + Dyadic::from(1);
    }
    let j = (-x).floor() + 2; // least j >= 1 with x + j > 1
    assert!(j < 127, "edge_below: {x} is too negative to value exactly");
    (x + Dyadic::from(j)).halve(j as u32 - 1)
}

/// The value of the Blue-Red Hackenbush tree on vertices `0..n` with undirected edges
/// `(u, v, blue)`, standing on the vertex `ground` (several edges may touch it: a forest on
/// the ground). Vertices not connected to the ground are ignored. Panics on a cycle.
pub fn blue_red_tree(n: usize, edges: &[(usize, usize, bool)], ground: usize) -> Dyadic {
    assert!(ground < n, "ground {ground} is not a vertex (n = {n})");
    assert!(n < u32::MAX as usize && edges.len() < u32::MAX as usize);
    let mut start = vec![0usize; n + 1];
    for &(u, v, _) in edges {
        assert!(
            u < n && v < n,
            "edge ({u}, {v}) has a vertex outside 0..{n}"
        );
        start[u] += 1;
        start[v] += 1;
    }
    for v in 0..n {
        start[v + 1] += start[v];
    }
    // Neighbours of v with the edge ids: adj[start[v]..start[v + 1]] (u32 halves the memory).
    let mut adj = vec![(0u32, 0u32); 2 * edges.len()];
    for (id, &(u, v, _)) in edges.iter().enumerate() {
        start[u] -= 1;
        adj[start[u]] = (v as u32, id as u32);
        start[v] -= 1;
        adj[start[v]] = (u as u32, id as u32);
    }
    // Breadth-first order from the ground: children come after their parent. For the k-th
    // vertex reached, `from[k]` is its parent's place in that order and `blue[k]` the colour
    // of the edge between them, so the values below are summed in place order (no cache
    // misses however the vertices are labelled).
    let mut up = vec![u32::MAX; n]; // the edge to the parent; MAX: not reached yet
    let mut order = vec![ground as u32];
    let (mut from, mut blue) = (vec![0u32], vec![false]);
    let mut head = 0;
    while head < order.len() {
        let v = order[head] as usize;
        for &(w, id) in &adj[start[v]..start[v + 1]] {
            if id == up[v] {
                continue;
            }
            assert!(
                up[w as usize] == u32::MAX && w as usize != ground,
                "not a tree: edge {id} closes a cycle"
            );
            up[w as usize] = id;
            order.push(w);
            from.push(head as u32);
            blue.push(edges[id as usize].2);
        }
        head += 1;
    }
    // value[k]: the sum of the branches standing on the k-th vertex.
    let mut value = vec![Dyadic::ZERO; order.len()];
    for k in (1..order.len()).rev() {
        let branch = edge_below(value[k], blue[k]);
        let p = from[k] as usize;
        value[p] = value[p] + branch;
    }
    value[0]
}

/// Whether Blue (Left) wins a game of number value `value` when Blue moves first (else Red
/// moves first): > 0 Blue always, < 0 Red always, = 0 whoever moves second.
pub fn blue_wins(value: Dyadic, blue_moves_first: bool) -> bool {
    value.num > 0 || (value.num == 0 && !blue_moves_first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use std::collections::HashMap;

    /// A picture: edge i joins vertex i + 1 to `parent[i]` (a vertex, 0 is the ground) with
    /// colour `blue[i]`. `below[i]`: the mask of edges at or above edge i (what falls with it).
    struct Picture {
        blue: Vec<bool>,
        below: Vec<u32>,
        values: Vec<Option<Dyadic>>,
        wins: Vec<Option<bool>>,
    }

    impl Picture {
        fn new(parent: &[usize], blue: &[bool]) -> Picture {
            let m = parent.len();
            let mut below: Vec<u32> = (0..m).map(|i| 1 << i).collect();
            // Any order works: climb from each edge to the ground, marking it in each ancestor.
            for i in 0..m {
                let mut v = parent[i];
                while v != 0 {
                    below[v - 1] |= 1 << i;
                    v = parent[v - 1];
                }
            }
            Picture {
                blue: blue.to_vec(),
                below,
                values: vec![None; 1 << m],
                wins: vec![None; 2 << m],
            }
        }

        /// Positions after one move of Blue (`blue`) or Red from the edges `mask`.
        fn moves(&self, mask: u32, blue: bool) -> Vec<u32> {
            (0..self.blue.len())
                .filter(|&i| mask >> i & 1 == 1 && self.blue[i] == blue)
                .map(|i| mask & !self.below[i])
                .collect()
        }

        /// The value by definition: the simplest number between the best options.
        fn value(&mut self, mask: u32) -> Dyadic {
            if let Some(v) = self.values[mask as usize] {
                return v;
            }
            let left = self
                .moves(mask, true)
                .into_iter()
                .map(|m| self.value(m))
                .max();
            let right = self
                .moves(mask, false)
                .into_iter()
                .map(|m| self.value(m))
                .min();
            if let (Some(l), Some(r)) = (left, right) {
                assert!(l < r, "not a number: max left {l} >= min right {r}");
            }
            let v = simplest_between(left, right);
            self.values[mask as usize] = Some(v);
            v
        }

        /// Whether the mover (Blue if `blue`) wins from `mask`: plain search, no values.
        fn mover_wins(&mut self, mask: u32, blue: bool) -> bool {
            if let Some(w) = self.wins[2 * mask as usize + blue as usize] {
                return w;
            }
            let w = self
                .moves(mask, blue)
                .into_iter()
                .any(|m| !self.mover_wins(m, !blue));
            self.wins[2 * mask as usize + blue as usize] = Some(w);
            w
        }
    }

    /// Checks `blue_red_tree` (with the edges shuffled and flipped) against the real game.
    fn check(parent: &[usize], blue: &[bool], rng: &mut Rng) -> Dyadic {
        let m = parent.len();
        let mut edges: Vec<(usize, usize, bool)> = (0..m)
            .map(|i| {
                if rng.below(2) == 0 {
                    (parent[i], i + 1, blue[i])
                } else {
                    (i + 1, parent[i], blue[i])
                }
            })
            .collect();
        rng.shuffle(&mut edges);
        let v = blue_red_tree(m + 1, &edges, 0);
        let mut game = Picture::new(parent, blue);
        let all = (1u32 << m) - 1;
        assert_eq!(v, game.value(all), "parents {parent:?} blue {blue:?}");
        for blue_first in [true, false] {
            let blue_won = game.mover_wins(all, blue_first) == blue_first;
            assert_eq!(
                blue_wins(v, blue_first),
                blue_won,
                "parents {parent:?} blue {blue:?}"
            );
        }
        v
    }

    #[test]
    fn strings_match_the_real_game() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut count = 0;
        for len in 1..=8usize {
            let parent: Vec<usize> = (0..len).collect();
            for bits in 0..1u32 << len {
                let blue: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
                let colors: Vec<u8> = blue.iter().map(|&b| if b { b'B' } else { b'R' }).collect();
                assert_eq!(
                    stalk_value(&colors),
                    check(&parent, &blue, &mut rng),
                    "{colors:?}"
                );
                count += 1;
            }
        }
        assert_eq!(count, 510);
    }

    /// Every rooted tree shape with `m` edges once, as parent arrays (parent[i] < i + 1).
    fn shapes(m: usize) -> Vec<Vec<usize>> {
        fn canon(children: &[Vec<usize>], v: usize) -> String {
            let mut parts: Vec<String> = children[v].iter().map(|&c| canon(children, c)).collect();
            parts.sort();
            format!("({})", parts.concat())
        }
        let mut seen = HashMap::new();
        let mut parent = vec![0usize; m];
        loop {
            let mut children = vec![Vec::new(); m + 1];
            for (i, &p) in parent.iter().enumerate() {
                children[p].push(i + 1);
            }
            seen.entry(canon(&children, 0))
                .or_insert_with(|| parent.clone());
            // Next parent array in mixed radix: parent[i] ranges over 0..=i.
            let mut i = 0;
            while i < m && parent[i] == i {
                parent[i] = 0;
                i += 1;
            }
            if i == m {
                break;
            }
            parent[i] += 1;
        }
        seen.into_values().collect()
    }

    #[test]
    fn every_coloured_tree_of_up_to_7_edges_matches_the_real_game() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        let counts: Vec<usize> = (1..=7).map(|m| shapes(m).len()).collect();
        assert_eq!(counts, [1, 2, 4, 9, 20, 48, 115]); // rooted trees on m + 1 vertices
        for m in 1..=7usize {
            for parent in shapes(m) {
                for bits in 0..1u32 << m {
                    let blue: Vec<bool> = (0..m).map(|i| bits >> i & 1 == 1).collect();
                    check(&parent, &blue, &mut rng);
                }
            }
        }
    }

    #[test]
    fn random_trees_of_8_to_12_edges_match_the_real_game() {
        let mut rng = Rng::new(12345);
        for _ in 0..300 {
            let m = 8 + rng.below(5);
            let parent: Vec<usize> = (0..m).map(|i| rng.below(i + 1)).collect();
            let blue: Vec<bool> = (0..m).map(|_| rng.below(2) == 0).collect();
            check(&parent, &blue, &mut rng);
        }
    }

    #[test]
    fn simplest_between_is_the_earliest_born() {
        // The numbers born by day 7 in order of birth: day d adds the integers +-d and the
        // midpoints of neighbours among the earlier ones.
        let mut born: Vec<Dyadic> = vec![Dyadic::ZERO];
        for _ in 1..=7 {
            let mut sorted = born.clone();
            sorted.sort();
            let mut new = vec![
                sorted[0] - Dyadic::from(1),
                sorted[sorted.len() - 1] + Dyadic::from(1),
            ];
            for w in sorted.windows(2) {
                new.push((w[0] + w[1]).halve(1));
            }
            born.extend(new);
        }
        assert_eq!(born.len(), 255);
        let mut bounds: Vec<Option<Dyadic>> = born.iter().map(|&x| Some(x)).collect();
        bounds.push(None);
        for &lo in &bounds {
            for &hi in &bounds {
                if let (Some(l), Some(h)) = (lo, hi) {
                    if l >= h {
                        continue;
                    }
                }
                let inside = |x: Dyadic| lo.map_or(true, |l| l < x) && hi.map_or(true, |h| x < h);
                // Any two numbers of a day have one of that day or earlier between them,
                // except neighbours of day 7; skip those.
                let Some(&first) = born.iter().find(|&&x| inside(x)) else {
                    continue;
                };
                assert_eq!(simplest_between(lo, hi), first, "{lo:?} {hi:?}");
            }
        }
        assert_eq!(
            simplest_between(Some(Dyadic::new(1, 100)), Some(Dyadic::new(3, 101))),
            Dyadic::new(5, 102)
        );
    }

    #[test]
    fn dyadic_arithmetic_and_display() {
        let mut rng = Rng::new(777);
        for _ in 0..10_000 {
            let (a, b) = (
                rng.below(2001) as i128 - 1000,
                rng.below(2001) as i128 - 1000,
            );
            let (s, t) = (rng.below(12) as u32, rng.below(12) as u32);
            let (x, y) = (Dyadic::new(a, s), Dyadic::new(b, t));
            // Compare as fractions over 2^24.
            let (ax, by) = (a << (24 - s), b << (24 - t));
            assert_eq!(x.cmp(&y), ax.cmp(&by));
            let z = x + y;
            assert_eq!(z.num << (24 - z.exp), ax + by);
            assert!(z.num % 2 != 0 || z.exp == 0);
            assert_eq!((x - y).num << (24 - (x - y).exp), ax - by);
            assert_eq!(x.floor(), ax.div_euclid(1 << 24));
            assert_eq!(x.ceil(), -((-ax).div_euclid(1 << 24)));
        }
        assert_eq!(Dyadic::new(-10, 4).to_string(), "-5/8");
        assert_eq!(Dyadic::new(12, 2).to_string(), "3");
        assert_eq!(Dyadic::new(0, 9).to_string(), "0");
    }

    #[test]
    fn long_path_in_a_wide_forest() {
        // 100 alternating edges BRBR... then 10^6 single red edges on the ground: the path is
        // 1 - 1/2 + 1/4 - ... (99 halvings) = 2/3 rounded to a dyadic.
        let len = 100;
        let mut edges: Vec<(usize, usize, bool)> =
            (0..len).map(|i| (i, i + 1, i % 2 == 0)).collect();
        let wide = 1_000_000;
        edges.extend((0..wide).map(|i| (0, len + 1 + i, false)));
        let v = blue_red_tree(len + 1 + wide, &edges, 0);
        let path: Vec<u8> = (0..len)
            .map(|i| if i % 2 == 0 { b'B' } else { b'R' })
            .collect();
        assert_eq!(v, stalk_value(&path) - Dyadic::from(wide as i128));
        assert_eq!(stalk_value(&path).exp, 99);
        assert!(!blue_wins(v, true) && !blue_wins(v, false));
    }

    #[test]
    #[should_panic(expected = "not a tree")]
    fn rejects_a_cycle() {
        blue_red_tree(3, &[(0, 1, true), (1, 2, false), (2, 0, true)], 0);
    }
}
