//! Description: Random inputs for stress tests (`grundy stress`), drawn as a stream of
//! choices that the tool can replay and shrink, so every shrunk input is one this generator
//! could have written. A generator `gen.rs` is run as `gen SEED`; `Gen::from_env()` draws
//! from a PRNG seeded by SEED, and `size()` is `GRUNDY_STRESS_SIZE` (1, 2, 3, ... as runs
//! pass; 10 when unset), for the generator to scale its lengths and values with. Every draw
//! takes one choice `c` (a u64) and maps it monotonically: `int(lo..=hi)` is
//! `lo + min(c, hi - lo)`, so a smaller choice never gives a larger value, and choice 0
//! gives the simplest (`lo`, the identity permutation, a star, the first edges in order).
//! The protocol with the tool: with `GRUNDY_STRESS_RECORD=<file>`, the choices drawn are
//! written there, one decimal per line, when the `Gen` is dropped (at the end of `main`);
//! with `GRUNDY_STRESS_REPLAY=<file>`, choices come from that file (decimals separated by
//! whitespace) instead of the PRNG, and are 0 once it runs out. `permutation`, `tree` and
//! `graph` are uniform over their results when the choices are.
//!
//! Usage:
//! ```
//! use templates::stress_gen::Gen;
//! let mut g = Gen::seeded(7, 3); // in gen.rs: let mut g = Gen::from_env();
//! let n = g.int(1..=g.size() as usize);
//! let piles: Vec<u64> = g.vec(n, |g| g.int(1..=10));
//! let edges = g.tree(5); // 4 edges (u, v) on vertices 0..5
//! let colour = *g.choose(&['B', 'R']);
//! assert!(piles.iter().all(|&p| (1..=10).contains(&p)) && edges.len() == 4);
//! // The same choices give the same input; all zero, the simplest one.
//! let mut again = Gen::replay(g.choices().to_vec(), 3);
//! assert_eq!(again.int(1..=3usize), n);
//! let mut zero = Gen::replay(Vec::new(), 3);
//! assert_eq!((zero.permutation(3), zero.graph(4, 2)), (vec![0, 1, 2], vec![(0, 1), (0, 2)]));
//! // In gen.rs, print the input: println!("{n}"); ...
//! # let _ = colour;
//! ```
//!
//! Time: O(1) per `int` and `choose`, O(n) for `permutation(n)`, O(n log n) for `tree(n)`,
//! O(m^2 + m log n) for `graph(n, m)` (each edge is the k-th pair not drawn yet).
//!
//! Memory: O(choices drawn), kept for the record.
//!
//! Source: the choice sequences of Hypothesis (MacIver, Hatfield-Dodds et al., "Hypothesis: a
//! new approach to property-based testing", 2019), shrunk by the tool rather than the
//! library; SplitMix64 (Steele, Lea, Flood 2014) for the seeded choices; Pruefer codes for
//! trees. Written here.
//!
//! Status: exhaustive: every choice stream of `permutation(n)` for n <= 6 (each of the n!
//! permutations exactly once), of `tree(n)` for n <= 7 (each of the n^(n-2) labelled trees
//! exactly once, checked acyclic and connected), of `graph(n, m)` for n <= 4 and every m,
//! and n = 5 with m <= 6 (each edge set exactly m! times, no loop, no repeated edge); `int` at the ends of every
//! integer type's range; replaying a recorded stream (through the files of the protocol)
//! gives the same input; seeds are reproducible and their values spread evenly.
//! Problems: the stress generators (`gen.rs`) of every problem with a generator.

use std::ops::RangeInclusive;
use std::path::PathBuf;

/// Where the choices come from, and what was drawn (for the record).
pub struct Gen {
    source: Source,
    drawn: Vec<u64>,
    size: u64,
    record: Option<PathBuf>,
}

enum Source {
    /// SplitMix64's state.
    Seeded(u64),
    Replay {
        choices: Vec<u64>,
        next: usize,
    },
}

/// The size a generator gets when `GRUNDY_STRESS_SIZE` is not set (run by hand).
const DEFAULT_SIZE: u64 = 10;

impl Gen {
    /// The generator of a `gen SEED` run: the seed from the first argument, the size from
    /// `GRUNDY_STRESS_SIZE`, and the protocol's files from `GRUNDY_STRESS_RECORD` and
    /// `GRUNDY_STRESS_REPLAY`. Panics with the reason on a missing or malformed seed, size or
    /// replay file.
    pub fn from_env() -> Gen {
        let seed = std::env::args().nth(1).unwrap_or_default();
        let seed: u64 = seed
            .parse()
            .unwrap_or_else(|_| panic!("usage: gen SEED (a u64), got {seed:?}"));
        let size = match std::env::var("GRUNDY_STRESS_SIZE") {
            Ok(text) => text
                .parse()
                .unwrap_or_else(|_| panic!("GRUNDY_STRESS_SIZE={text:?} is not a u64")),
            Err(_) => DEFAULT_SIZE,
        };
        let mut g = match std::env::var_os("GRUNDY_STRESS_REPLAY") {
            Some(path) => {
                let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
                    panic!(
                        "GRUNDY_STRESS_REPLAY: {}: {e}",
                        PathBuf::from(&path).display()
                    )
                });
                Gen::replay(parse_choices(&text), size)
            }
            None => Gen::seeded(seed, size),
        };
        g.record = std::env::var_os("GRUNDY_STRESS_RECORD").map(PathBuf::from);
        g
    }

    /// Choices from a PRNG seeded by `seed`: the same seed, the same input.
    pub fn seeded(seed: u64, size: u64) -> Gen {
        Gen {
            source: Source::Seeded(seed),
            drawn: Vec::new(),
            size,
            record: None,
        }
    }

    /// The choices `choices`, then zeros.
    pub fn replay(choices: Vec<u64>, size: u64) -> Gen {
        Gen {
            source: Source::Replay { choices, next: 0 },
            drawn: Vec::new(),
            size,
            record: None,
        }
    }

    /// How large the input should be: 1, 2, 3, ... as the tool's runs pass.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The choices drawn so far, each as the offset it gave (`int` gave `lo + offset`).
    pub fn choices(&self) -> &[u64] {
        &self.drawn
    }

    /// A value in `lo..=hi`. Panics if the range is empty.
    pub fn int<T: Int>(&mut self, range: RangeInclusive<T>) -> T {
        let (lo, hi) = (*range.start(), *range.end());
        assert!(lo.wide() <= hi.wide(), "Gen::int: empty range");
        let span = (hi.wide() - lo.wide()) as u64;
        T::narrow(lo.wide() + i128::from(self.choice(span)))
    }

    /// `len` values, each drawn by `item`.
    pub fn vec<T>(&mut self, len: usize, mut item: impl FnMut(&mut Gen) -> T) -> Vec<T> {
        (0..len).map(|_| item(self)).collect()
    }

    /// One of `items`. Panics if there are none.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        assert!(!items.is_empty(), "Gen::choose: no items");
        &items[self.int(0..=items.len() - 1)]
    }

    /// A permutation of `0..n` (Fisher-Yates: position i takes one of the items from i on).
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut items: Vec<usize> = (0..n).collect();
        for i in 0..n.saturating_sub(1) {
            let j = self.int(i..=n - 1);
            items.swap(i, j);
        }
        items
    }

    /// The n - 1 edges `(u, v)` of a tree on the vertices `0..n`, decoded from a Pruefer
    /// code of n - 2 choices (so every labelled tree is equally likely).
    pub fn tree(&mut self, n: usize) -> Vec<(usize, usize)> {
        if n < 2 {
            return Vec::new();
        }
        let code: Vec<usize> = self.vec(n - 2, |g| g.int(0..=n - 1));
        let mut degree = vec![1usize; n];
        for &v in &code {
            degree[v] += 1;
        }
        let mut leaves: std::collections::BinaryHeap<std::cmp::Reverse<usize>> = (0..n)
            .filter(|&v| degree[v] == 1)
            .map(std::cmp::Reverse)
            .collect();
        let mut edges = Vec::with_capacity(n - 1);
        for &v in &code {
            let std::cmp::Reverse(leaf) = leaves.pop().expect("a Pruefer code leaves a leaf");
            edges.push((leaf, v));
            degree[v] -= 1;
            if degree[v] == 1 {
                leaves.push(std::cmp::Reverse(v));
            }
        }
        let std::cmp::Reverse(u) = leaves.pop().expect("two vertices remain");
        let std::cmp::Reverse(v) = leaves.pop().expect("two vertices remain");
        edges.push((u, v));
        edges
    }

    /// `m` distinct edges `(u, v)`, u < v, of a simple graph on `0..n` (not necessarily
    /// connected), in the order drawn. Panics if `m` is more than n(n-1)/2.
    pub fn graph(&mut self, n: usize, m: usize) -> Vec<(usize, usize)> {
        let pairs = n as u128 * n.saturating_sub(1) as u128 / 2;
        assert!(m as u128 <= pairs, "Gen::graph: {m} edges on {n} vertices");
        let pairs = pairs as u64;
        // The pairs drawn so far, as indices in the order (0,1), (0,2), .., (1,2), ..; sorted.
        let mut taken: Vec<u64> = Vec::with_capacity(m);
        let mut edges = Vec::with_capacity(m);
        for drawn in 0..m as u64 {
            let mut index = self.choice(pairs - drawn - 1);
            for &t in &taken {
                if t <= index {
                    index += 1;
                } else {
                    break;
                }
            }
            let at = taken.partition_point(|&t| t < index);
            taken.insert(at, index);
            edges.push(pair(n as u64, index));
        }
        edges
    }

    /// The next choice, in `0..=span`.
    fn choice(&mut self, span: u64) -> u64 {
        let c = match &mut self.source {
            Source::Seeded(state) => uniform(state, span),
            Source::Replay { choices, next } => {
                let c = choices.get(*next).map_or(0, |&c| c.min(span));
                *next += 1;
                c
            }
        };
        self.drawn.push(c);
        c
    }
}

impl Drop for Gen {
    /// Writes the record the tool asked for; a failure is said on stderr, and the tool then
    /// shrinks the input's text instead of the choices.
    fn drop(&mut self) {
        if let Some(path) = &self.record {
            let text: String = self.drawn.iter().map(|c| format!("{c}\n")).collect();
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("GRUNDY_STRESS_RECORD: {}: {e}", path.display());
            }
        }
    }
}

/// The choices of a replay file: decimals separated by whitespace. Panics on anything else.
fn parse_choices(text: &str) -> Vec<u64> {
    text.split_whitespace()
        .map(|word| {
            word.parse()
                .unwrap_or_else(|_| panic!("GRUNDY_STRESS_REPLAY: {word:?} is not a u64"))
        })
        .collect()
}

/// The `index`-th pair (u, v), u < v < n, in the order (0,1), (0,2), .., (0,n-1), (1,2), ...
fn pair(n: u64, index: u64) -> (usize, usize) {
    // Pairs before row u: u(2n - u - 1)/2; the row is the last one starting at or before index.
    let before = |u: u64| u as u128 * (2 * n as u128 - u as u128 - 1) / 2;
    let (mut lo, mut hi) = (0u64, n - 1);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if before(mid) <= index as u128 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let v = lo as u128 + 1 + (index as u128 - before(lo));
    (lo as usize, v as usize)
}

/// SplitMix64's next output.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A uniform value in `0..=span` (Lemire's multiply-and-reject).
fn uniform(state: &mut u64, span: u64) -> u64 {
    if span == u64::MAX {
        return next(state);
    }
    let n = span + 1;
    let threshold = n.wrapping_neg() % n;
    loop {
        let wide = next(state) as u128 * n as u128;
        if wide as u64 >= threshold {
            return (wide >> 64) as u64;
        }
    }
}

/// The integer types `Gen::int` draws: at most 64 bits, so every span fits one choice.
pub trait Int: Copy {
    #[doc(hidden)]
    fn wide(self) -> i128;
    #[doc(hidden)]
    fn narrow(value: i128) -> Self;
}

macro_rules! int_types {
    ($($t:ty),*) => {$(
        impl Int for $t {
            fn wide(self) -> i128 {
                self as i128
            }
            fn narrow(value: i128) -> Self {
                value as $t
            }
        }
    )*};
}

int_types!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    /// Every choice stream whose i-th choice is in `0..=spans[i]`.
    fn every_stream(spans: &[u64]) -> Vec<Vec<u64>> {
        let mut streams = vec![Vec::new()];
        for &span in spans {
            streams = streams
                .into_iter()
                .flat_map(|s| {
                    (0..=span).map(move |c| {
                        let mut s = s.clone();
                        s.push(c);
                        s
                    })
                })
                .collect();
        }
        streams
    }

    /// The spans a draw asked for: replays the all-zero stream and reads what it took.
    fn spans_of(draw: impl Fn(&mut Gen)) -> Vec<u64> {
        // A span is found by offering u64::MAX, which the draw clamps to it.
        let mut spans = Vec::new();
        loop {
            let mut probe: Vec<u64> = spans.clone();
            probe.push(u64::MAX);
            let mut g = Gen::replay(probe, 0);
            draw(&mut g);
            if g.choices().len() <= spans.len() {
                return spans;
            }
            spans.push(g.choices()[spans.len()]);
        }
    }

    #[test]
    fn every_permutation_exactly_once() {
        for n in 0..=6usize {
            let draw = |g: &mut Gen| drop(g.permutation(n));
            let streams = every_stream(&spans_of(draw));
            let seen: BTreeSet<Vec<usize>> = streams
                .iter()
                .map(|s| Gen::replay(s.clone(), 0).permutation(n))
                .collect();
            let factorial: usize = (1..=n).product();
            assert_eq!(
                (streams.len(), seen.len()),
                (factorial, factorial),
                "n = {n}"
            );
            for p in &seen {
                let mut sorted = p.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..n).collect::<Vec<_>>());
            }
        }
    }

    /// Whether `edges` on `0..n` form a tree: n - 1 edges joining everything, no cycle.
    fn is_tree(n: usize, edges: &[(usize, usize)]) -> bool {
        let mut root: Vec<usize> = (0..n).collect();
        fn find(root: &mut [usize], v: usize) -> usize {
            let mut v = v;
            while root[v] != v {
                v = root[v];
            }
            v
        }
        for &(u, v) in edges {
            let (ru, rv) = (find(&mut root, u), find(&mut root, v));
            if ru == rv {
                return false;
            }
            root[ru] = rv;
        }
        edges.len() + 1 == n.max(1)
    }

    #[test]
    fn every_labelled_tree_exactly_once() {
        for n in 0..=7usize {
            let streams = every_stream(&spans_of(|g: &mut Gen| drop(g.tree(n))));
            let mut seen = BTreeSet::new();
            for s in &streams {
                let edges = Gen::replay(s.clone(), 0).tree(n);
                assert!(is_tree(n, &edges), "{edges:?}");
                let normal: BTreeSet<(usize, usize)> =
                    edges.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
                assert!(seen.insert(normal), "n = {n}: a tree twice");
            }
            // Cayley: n^(n-2) labelled trees.
            let cayley = if n < 2 { 1 } else { n.pow(n as u32 - 2) };
            assert_eq!(seen.len(), cayley, "n = {n}");
        }
    }

    #[test]
    fn every_edge_set_equally_often() {
        for n in 0..=5usize {
            let pairs = n * n.saturating_sub(1) / 2;
            // Five vertices: up to 4 edges (5040 streams; all 10 would be 10!).
            for m in 0..=pairs.min(6) {
                let streams = every_stream(&spans_of(|g: &mut Gen| drop(g.graph(n, m))));
                let mut count: BTreeMap<BTreeSet<(usize, usize)>, usize> = BTreeMap::new();
                for s in &streams {
                    let edges = Gen::replay(s.clone(), 0).graph(n, m);
                    assert!(edges.iter().all(|&(u, v)| u < v && v < n), "{edges:?}");
                    let set: BTreeSet<_> = edges.iter().copied().collect();
                    assert_eq!(set.len(), m, "a repeated edge: {edges:?}");
                    *count.entry(set).or_default() += 1;
                }
                let choose = (0..m).fold(1, |c, i| c * (pairs - i) / (i + 1));
                let orders: usize = (1..=m).product();
                assert_eq!(count.len(), choose, "n = {n}, m = {m}");
                assert!(count.values().all(|&c| c == orders), "n = {n}, m = {m}");
            }
        }
    }

    #[test]
    fn ints_reach_both_ends_of_every_type() {
        let mut g = Gen::replay(vec![0, u64::MAX, 0, u64::MAX, 0, u64::MAX, 5, 5], 0);
        assert_eq!(g.int(i64::MIN..=i64::MAX), i64::MIN);
        assert_eq!(g.int(i64::MIN..=i64::MAX), i64::MAX);
        assert_eq!(g.int(0..=u64::MAX), 0);
        assert_eq!(g.int(0..=u64::MAX), u64::MAX);
        assert_eq!(g.int(-128i8..=127), -128);
        assert_eq!(g.int(-128i8..=127), 127);
        // Past the span a choice gives the top; past the stream, the bottom.
        assert_eq!(g.int(3u32..=4), 4);
        assert_eq!(g.int(usize::MAX - 9..=usize::MAX), usize::MAX - 4);
        assert_eq!(g.int(-3isize..=-1), -3);
        assert_eq!(g.choices(), [0, u64::MAX, 0, u64::MAX, 0, 255, 1, 5, 0]);
    }

    #[test]
    fn seeds_are_reproducible_and_spread_evenly() {
        let draws = |seed| {
            let mut g = Gen::seeded(seed, 0);
            g.vec(20_000, |g| g.int(0..=9u8))
        };
        assert_eq!(draws(1), draws(1));
        assert_ne!(draws(1), draws(2));
        let mut count = [0usize; 10];
        for d in draws(3) {
            count[d as usize] += 1;
        }
        // 2000 expected each; the standard deviation is about 42.
        assert!(
            count.iter().all(|&c| (1800..=2200).contains(&c)),
            "{count:?}"
        );
        let mut g = Gen::seeded(4, 0);
        let items = ['a', 'b', 'c'];
        let chosen: BTreeSet<char> = (0..100).map(|_| *g.choose(&items)).collect();
        assert_eq!(chosen.len(), 3);
    }

    #[test]
    fn a_recorded_stream_replays_the_same_input() {
        let file = std::env::temp_dir().join(format!("stress-gen-{}", std::process::id()));
        let input = |g: &mut Gen| {
            let n = g.int(1..=g.size() as usize);
            let heaps = g.vec(n, |g| g.int(0..=1000u32));
            (
                heaps,
                g.permutation(n),
                g.tree(n),
                g.graph(n, n.min(n * (n - 1) / 2)),
            )
        };
        let first = {
            let mut g = Gen::seeded(99, 8);
            g.record = Some(file.clone());
            input(&mut g)
        };
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::remove_file(&file).unwrap();
        assert!(text.lines().count() > 8, "{text}");
        let mut replay = Gen::replay(parse_choices(&text), 8);
        assert_eq!(input(&mut replay), first);
        assert_eq!(parse_choices(" 1\n2\t3 \n"), [1, 2, 3]);
    }

    #[test]
    fn zero_choices_give_the_simplest_structures() {
        let mut g = Gen::replay(Vec::new(), 0);
        assert_eq!(g.permutation(4), [0, 1, 2, 3]);
        assert_eq!(g.tree(4), [(1, 0), (2, 0), (0, 3)]);
        assert_eq!(g.graph(4, 3), [(0, 1), (0, 2), (0, 3)]);
        assert_eq!(g.vec(3, |g| g.int(5..=9i32)), [5, 5, 5]);
        assert_eq!(pair(4, 5), (2, 3));
    }
}
