//! Description: Inputs for `grundy stress`: `gen.rs`, run as `gen SEED`, draws choices
//! c (u64s) that the tool can replay smaller: `int(lo..=hi)` is lo + min(c, hi - lo), so 0
//! gives the simplest (lo, identity, star, first edges). `size`: 1, 2, 3 .. as runs pass.
//!
//! Usage:
//! ```
//! use templates::stress_gen::Gen;
//! // The protocol: `Gen::from_env()` reads SEED (its argument) and the tool's variables:
//! // GRUNDY_STRESS_SIZE (the size; 10 when unset); GRUNDY_STRESS_RECORD=<file> (each choice
//! // drawn is written there, one a line, as the offset it gave, lo + offset); and
//! // GRUNDY_STRESS_REPLAY=<file> (the choices, decimals separated by whitespace, come from
//! // there instead of from SEED, 0 once it runs out).
//! let mut g = Gen::seeded(7, 3); // in gen.rs: let mut g = Gen::from_env();
//! let n = g.int(1..=g.size as usize);
//! let piles: Vec<u64> = g.vec(n, |g| g.int(1..=10));
//! let edges = g.tree(5); // 4 edges (u, v) on the vertices 0..5
//! let colour = *g.choose(&['B', 'R']);
//! assert!(piles.iter().all(|&p| (1..=10).contains(&p)) && edges.len() == 4);
//! // Replayed choices give their input; all zero, the simplest one.
//! assert_eq!(Gen::replay(vec![1, 5], 3).vec(2, |g| g.int(1..=3u8)), [2, 3]);
//! let mut zero = Gen::replay(Vec::new(), 3);
//! assert_eq!((zero.permutation(3), zero.graph(4, 2)), (vec![0, 1, 2], vec![(0, 1), (0, 2)]));
//! // In gen.rs, print the input: println!("{n}"); ...
//! # let _ = colour;
//! ```
//!
//! Time: O(1) a draw; `permutation(n)` and `tree(n)` O(n), `graph(n, m)` O(n^2).
//!
//! Memory: O(choices drawn).
//!
//! Source: the choice sequences of Hypothesis (MacIver, Hatfield-Dodds et al., "Hypothesis: a
//! new approach to property-based testing", 2019), shrunk by the tool rather than the
//! library; SplitMix64 (Steele, Lea, Flood 2014) for the seeded choices, scaled by a
//! multiply (Lemire 2019; its bias, under span / 2^64, left). Written here.
//!
//! Status: exhaustive: every choice stream of `permutation(n)` for n <= 6 (each of the n!
//! permutations exactly once), of `tree(n)` for n <= 6 (all n^(n-2) labelled trees reached,
//! each checked acyclic and connected), of `graph(n, m)` for n <= 4 and every m, and n = 5
//! with m <= 6 (each edge set exactly m! times, no loop, no repeated edge); `int` at the ends
//! of every integer type's range; replaying a recorded stream (through the files of the
//! protocol) gives the same input; seeds are reproducible and their values spread evenly.
//! Problems: the stress generators (`gen.rs`) of every problem with a generator.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::ops::RangeInclusive;

/// Where the choices come from, what was drawn, and the record being written.
#[derive(Default)]
pub struct Gen {
    /// SplitMix64's state, unless choices are replayed.
    state: u64,
    replay: Option<Vec<u64>>,
    drawn: Vec<u64>,
    /// 1, 2, 3, ... as the tool's runs pass: how large the input should be.
    pub size: u64,
    record: Option<BufWriter<File>>,
}

/// The integer types `Gen::int` draws (those of at most 64 bits).
pub trait Int: Copy + TryInto<i128> + TryFrom<i128> {}

impl<T: Copy + TryInto<i128> + TryFrom<i128>> Int for T {}

/// Edges `(u, v)` of a graph on the vertices `0..n`.
pub type Edges = Vec<(usize, usize)>;

impl Gen {
    /// The generator of a `gen SEED` run, from its argument and the protocol's variables.
    /// Panics on a malformed seed, size or file.
    pub fn from_env() -> Gen {
        let var = |name| std::env::var(name).ok();
        let num = |t: &str| t.parse().expect("a u64");
        let seed = std::env::args().nth(1).unwrap_or_default();
        let mut g = Gen::seeded(num(&seed), 10);
        if let Some(size) = var("GRUNDY_STRESS_SIZE") {
            g.size = num(&size);
        }
        if let Some(f) = var("GRUNDY_STRESS_REPLAY") {
            let text = std::fs::read_to_string(f).unwrap();
            let choices = text.split_whitespace().map(num);
            g.replay = Some(choices.collect());
        }
        if let Some(f) = var("GRUNDY_STRESS_RECORD") {
            let file = File::create(f).unwrap();
            g.record = Some(BufWriter::new(file));
        }
        g
    }

    /// Choices from a PRNG seeded by `seed`: the same seed, the same input.
    pub fn seeded(seed: u64, size: u64) -> Gen {
        let mut g = Gen::default();
        (g.state, g.size) = (seed, size);
        g
    }

    /// The choices `choices`, then zeros.
    pub fn replay(choices: Vec<u64>, size: u64) -> Gen {
        let mut g = Gen::seeded(0, size);
        g.replay = Some(choices);
        g
    }

    /// A value in `lo..=hi` (a span over 64 bits is cut to 64).
    pub fn int<T: Int>(&mut self, r: RangeInclusive<T>) -> T {
        let (lo, hi) = r.into_inner();
        let (lo, hi) = (wide(lo), wide(hi));
        assert!(lo <= hi, "Gen::int: empty range");
        let span = (hi - lo).min(u64::MAX.into()) as u64;
        let at = self.drawn.len();
        let c = match &self.replay {
            Some(v) => v.get(at).map_or(0, |&c| c.min(span)),
            None => draw(&mut self.state, span),
        };
        self.drawn.push(c);
        if let Some(record) = &mut self.record {
            writeln!(record, "{c}").unwrap();
        }
        let value = T::try_from(lo + i128::from(c));
        value.unwrap_or_else(|_| unreachable!())
    }

    /// `n` values, each drawn by `item`.
    pub fn vec<T>(&mut self, n: usize, mut item: impl FnMut(&mut Gen) -> T) -> Vec<T> {
        (0..n).map(|_| item(self)).collect()
    }

    /// One of `items` (not empty).
    pub fn choose<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.int(0..=v.len() - 1)]
    }

    /// A permutation of `0..n` (Fisher-Yates: place i takes one of the items from i on).
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut items: Vec<usize> = (0..n).collect();
        for i in 0..n.saturating_sub(1) {
            let j = self.int(i..=n - 1);
            items.swap(i, j);
        }
        items
    }

    /// The n - 1 edges of a tree: vertex i of a random labelling hangs from one of the
    /// vertices before it.
    pub fn tree(&mut self, n: usize) -> Edges {
        let label = self.permutation(n);
        let mut edges = Vec::new();
        for v in 1..n {
            let parent = self.int(0..=v - 1);
            edges.push((label[parent], label[v]));
        }
        edges
    }

    /// `m` distinct edges `(u, v)`, u < v, of a simple graph (not necessarily connected),
    /// each edge set equally likely. Panics if `m` is over n(n-1)/2.
    pub fn graph(&mut self, n: usize, m: usize) -> Edges {
        let mut pairs = Vec::new();
        for u in 0..n {
            pairs.extend((u + 1..n).map(|v| (u, v)));
        }
        assert!(m <= pairs.len(), "too many edges");
        for i in 0..m {
            let j = self.int(i..=pairs.len() - 1);
            pairs.swap(i, j);
        }
        pairs.truncate(m);
        pairs
    }
}

/// `x` as an i128 (what `Int` types all are).
fn wide<T: Int>(x: T) -> i128 {
    x.try_into().unwrap_or_else(|_| unreachable!())
}

/// SplitMix64's next output, scaled to `0..=span` by a multiply (Lemire).
fn draw(s: &mut u64, span: u64) -> u64 {
    *s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let z = *s ^ (*s >> 30);
    let z = z.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let z = z ^ (z >> 27);
    let z = z.wrapping_mul(0x94d0_49bb_1331_11eb);
    let z = u128::from(z ^ (z >> 31));
    ((z * (u128::from(span) + 1)) >> 64) as u64
}

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
            if g.drawn.len() <= spans.len() {
                return spans;
            }
            spans.push(g.drawn[spans.len()]);
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
    fn every_labelled_tree_is_reached() {
        for n in 0..=6usize {
            let mut seen = BTreeSet::new();
            for s in every_stream(&spans_of(|g: &mut Gen| drop(g.tree(n)))) {
                let edges = Gen::replay(s, 0).tree(n);
                assert!(is_tree(n, &edges), "{edges:?}");
                let normal: BTreeSet<(usize, usize)> =
                    edges.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
                seen.insert(normal);
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
        assert_eq!(g.drawn, [0, u64::MAX, 0, u64::MAX, 0, 255, 1, 5, 0]);
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
            let n = g.int(1..=g.size as usize);
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
            g.record = Some(BufWriter::new(File::create(&file).unwrap()));
            input(&mut g)
        };
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::remove_file(&file).unwrap();
        assert!(text.lines().count() > 8, "{text}");
        let choices: Vec<u64> = text.lines().map(|c| c.parse().unwrap()).collect();
        let mut replay = Gen::replay(choices, 8);
        assert_eq!(input(&mut replay), first);
    }

    #[test]
    fn zero_choices_give_the_simplest_structures() {
        let mut g = Gen::replay(Vec::new(), 0);
        assert_eq!(g.permutation(4), [0, 1, 2, 3]);
        assert_eq!(g.tree(4), [(0, 1), (0, 2), (0, 3)]);
        assert_eq!(g.graph(4, 3), [(0, 1), (0, 2), (0, 3)]);
        assert_eq!(g.vec(3, |g| g.int(5..=9i32)), [5, 5, 5]);
        // The last pair of five vertices: (3, 4).
        assert_eq!(Gen::replay(vec![9], 0).graph(5, 1), [(3, 4)]);
    }
}
