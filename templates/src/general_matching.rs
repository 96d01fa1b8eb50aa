//! Description: Maximum matching in a general undirected graph (Edmonds' blossom algorithm:
//! one alternating-tree search per exposed vertex, odd cycles contracted into their base),
//! and on top of it undirected vertex geography. Vertices are `0..n`; parallel edges are
//! fine; a self-loop or an endpoint out of range panics with a message.
//! `max_matching` returns the size and `mate[v]`. `missed_by_some_max_matching` is the
//! Gallai-Edmonds set D(G): after a maximum matching, one more search grown from all exposed
//! vertices at once finds no augmenting path, and its even ("outer") vertices, those inside
//! contracted blossoms included, are exactly the vertices some maximum matching misses.
//! Undirected vertex geography: a token on a vertex (visited); a move slides it along an
//! edge to a vertex never visited; whoever cannot move loses. The player to move wins from
//! v iff v lies in every maximum matching, i.e. v is not in D(G) (winning move: to v's
//! mate in any maximum matching). The catch: the answer for all n starting vertices costs one matching,
//! not n of them, and an isolated vertex (or any exposed one) is a loss.
//!
//! Usage:
//! ```
//! use templates::general_matching::{geography_wins, max_matching, missed_by_some_max_matching};
//! // A triangle 0-1-2 with a pendant 2-3: a perfect matching 0-1, 2-3.
//! let edges = [(0, 1), (1, 2), (2, 0), (2, 3)];
//! let (size, mate) = max_matching(4, &edges);
//! assert_eq!(size, 2);
//! assert_eq!((mate[0], mate[2]), (Some(1), Some(3)));
//! assert_eq!(geography_wins(4, &edges), vec![true; 4]);
//! // A path 0-1-2: the middle vertex wins, the ends lose.
//! assert_eq!(geography_wins(3, &[(0, 1), (1, 2)]), vec![false, true, false]);
//! assert_eq!(missed_by_some_max_matching(3, &[(0, 1), (1, 2)]), vec![true, false, true]);
//! ```
//!
//! Time: O(V^3 + V E) for all three (one search per exposed vertex after a greedy start,
//! each O(V^2 + E) with O(V) per contracted blossom; D(G) costs one more search). Measured
//! (release, shared machine), V = 500 and E about 5000: random, trees of odd cycles, a chain
//! of 5-cycles, K(10, 490), a hub with 249 triangles: 0.2 to 1.6 ms per call.
//!
//! Memory: O(V + E).
//!
//! Source: Edmonds (1965), Paths, trees, and flowers; the contraction by base labels as in
//! the e-maxx write-up; Gallai (1964) and Edmonds (1965) for the decomposition; Fraenkel,
//! Scheinerman and Ullman (1993), Undirected edge geography, for the vertex game.
//!
//! Status: exhaustive: every simple graph on up to 5 vertices (size against all subsets of
//! edges, mate checked, D(G) against brute-force matchings of G - v, geography against a
//! search over (position, visited set)); every graph on 6 vertices (2^15) for geography and
//! a valid mate; 400 random multigraphs of 2 to 9 vertices and up to 14 edges as for 5
//! vertices; 12 random graphs of 20 to 500 vertices: mate valid, D(G) at 15 vertices each
//! against a separate matching of G - v.
//! Problems: vertex-geography.

const NONE: usize = usize::MAX;

/// A maximum matching: its size and `mate[v]` (`None` for an exposed vertex).
pub fn max_matching(n: usize, edges: &[(usize, usize)]) -> (usize, Vec<Option<usize>>) {
    let mut search = Blossom::new(n, edges);
    search.solve();
    let mate: Vec<Option<usize>> = search
        .mate
        .iter()
        .map(|&m| if m == NONE { None } else { Some(m) })
        .collect();
    let size = mate.iter().filter(|m| m.is_some()).count() / 2;
    (size, mate)
}

/// D(G): `d[v]` is true iff some maximum matching leaves v exposed.
pub fn missed_by_some_max_matching(n: usize, edges: &[(usize, usize)]) -> Vec<bool> {
    let mut search = Blossom::new(n, edges);
    search.solve();
    let roots: Vec<usize> = (0..n).filter(|&v| search.mate[v] == NONE).collect();
    let found = search.grow(&roots);
    assert!(
        found.is_none(),
        "general_matching: the matching is not maximum"
    );
    search.even
}

/// Undirected vertex geography: `wins[v]` iff the player to move wins with the token on v.
pub fn geography_wins(n: usize, edges: &[(usize, usize)]) -> Vec<bool> {
    missed_by_some_max_matching(n, edges)
        .into_iter()
        .map(|missed| !missed)
        .collect()
}

/// The state of Edmonds' search: a matching and the labels of one alternating forest.
struct Blossom {
    n: usize,
    start: Vec<usize>,
    adj: Vec<usize>,
    mate: Vec<usize>,
    /// For an odd vertex, the even vertex it was reached from (inside a blossom, the other
    /// way round the cycle too).
    parent: Vec<usize>,
    /// The base of the outermost blossom holding the vertex.
    base: Vec<usize>,
    even: Vec<bool>,
    in_blossom: Vec<bool>,
    on_path: Vec<bool>,
    queue: Vec<usize>,
}

impl Blossom {
    fn new(n: usize, edges: &[(usize, usize)]) -> Blossom {
        let mut degree = vec![0usize; n + 1];
        for &(u, v) in edges {
            assert!(
                u < n && v < n,
                "general_matching: edge ({u}, {v}), but there are {n} vertices"
            );
            assert_ne!(u, v, "general_matching: self-loop at vertex {u}");
            degree[u] += 1;
            degree[v] += 1;
        }
        let mut start = vec![0usize; n + 1];
        for v in 0..n {
            start[v + 1] = start[v] + degree[v];
        }
        let mut fill = start.clone();
        let mut adj = vec![0usize; 2 * edges.len()];
        for &(u, v) in edges {
            adj[fill[u]] = v;
            fill[u] += 1;
            adj[fill[v]] = u;
            fill[v] += 1;
        }
        let mut mate = vec![NONE; n];
        for &(u, v) in edges {
            if mate[u] == NONE && mate[v] == NONE {
                mate[u] = v;
                mate[v] = u;
            }
        }
        Blossom {
            n,
            start,
            adj,
            mate,
            parent: vec![NONE; n],
            base: (0..n).collect(),
            even: vec![false; n],
            in_blossom: vec![false; n],
            on_path: vec![false; n],
            queue: Vec::with_capacity(n),
        }
    }

    /// Augments from every exposed vertex in turn; a vertex without an augmenting path keeps
    /// none after later augmentations, so one pass gives a maximum matching.
    fn solve(&mut self) {
        for root in 0..self.n {
            if self.mate[root] != NONE {
                continue;
            }
            if let Some(mut v) = self.grow(&[root]) {
                while v != NONE {
                    let p = self.parent[v];
                    let next = self.mate[p];
                    self.mate[v] = p;
                    self.mate[p] = v;
                    v = next;
                }
            }
        }
    }

    /// The base where the tree paths of the even vertices a and b meet.
    fn lca(&mut self, mut a: usize, mut b: usize) -> usize {
        self.on_path.iter_mut().for_each(|x| *x = false);
        loop {
            a = self.base[a];
            self.on_path[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if self.on_path[b] {
                return b;
            }
            // Reaching another tree's root would be an augmenting path: not in our searches.
            assert_ne!(self.mate[b], NONE, "general_matching: trees met");
            b = self.parent[self.mate[b]];
        }
    }

    /// Marks the blossom bases on the path from v up to base b, linking odd vertices back.
    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            let m = self.mate[v];
            self.in_blossom[self.base[v]] = true;
            self.in_blossom[self.base[m]] = true;
            self.parent[v] = child;
            child = m;
            v = self.parent[m];
        }
    }

    /// Grows the alternating forest rooted at the exposed `roots`; returns the exposed end of
    /// an augmenting path (a single root only) or None when the forest is complete.
    fn grow(&mut self, roots: &[usize]) -> Option<usize> {
        self.parent.iter_mut().for_each(|x| *x = NONE);
        self.even.iter_mut().for_each(|x| *x = false);
        for (v, b) in self.base.iter_mut().enumerate() {
            *b = v;
        }
        self.queue.clear();
        for &r in roots {
            self.even[r] = true;
            self.queue.push(r);
        }
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for i in self.start[v]..self.start[v + 1] {
                let to = self.adj[i];
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if self.even[to] {
                    let b = self.lca(v, to);
                    self.in_blossom.iter_mut().for_each(|x| *x = false);
                    self.mark_path(v, b, to);
                    self.mark_path(to, b, v);
                    for u in 0..self.n {
                        if self.in_blossom[self.base[u]] {
                            self.base[u] = b;
                            if !self.even[u] {
                                self.even[u] = true;
                                self.queue.push(u);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    let m = self.mate[to];
                    if m == NONE {
                        return Some(to);
                    }
                    self.even[m] = true;
                    self.queue.push(m);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    /// Whether the player to move wins undirected vertex geography from `pos` with the
    /// vertices of `visited` used, by trying every move. memo: 0 unknown, 1 lose, 2 win.
    fn game_wins(adj: &[Vec<usize>], pos: usize, visited: usize, memo: &mut [u8]) -> bool {
        let key = visited * adj.len() + pos;
        if memo[key] != 0 {
            return memo[key] == 2;
        }
        let win = adj[pos]
            .iter()
            .any(|&w| visited >> w & 1 == 0 && !game_wins(adj, w, visited | 1 << w, memo));
        memo[key] = if win { 2 } else { 1 };
        win
    }

    fn brute_geography(n: usize, edges: &[(usize, usize)]) -> Vec<bool> {
        let mut adj = vec![Vec::new(); n];
        for &(u, v) in edges {
            adj[u].push(v);
            adj[v].push(u);
        }
        let mut memo = vec![0u8; n << n];
        (0..n)
            .map(|v| game_wins(&adj, v, 1 << v, &mut memo))
            .collect()
    }

    /// The largest set of pairwise disjoint edges, over all subsets of the edges, avoiding
    /// the vertices of `removed`.
    fn brute_matching(edges: &[(usize, usize)], removed: usize) -> usize {
        let mut best = 0;
        'subsets: for subset in 0usize..1 << edges.len() {
            let mut used = removed;
            for (i, &(u, v)) in edges.iter().enumerate() {
                if subset >> i & 1 == 1 {
                    if used >> u & 1 == 1 || used >> v & 1 == 1 {
                        continue 'subsets;
                    }
                    used |= 1 << u | 1 << v;
                }
            }
            best = best.max(subset.count_ones() as usize);
        }
        best
    }

    /// mate is symmetric, uses only edges of the graph, and has `size` pairs.
    fn check_mate(n: usize, edges: &[(usize, usize)], size: usize, mate: &[Option<usize>]) {
        assert_eq!(mate.len(), n);
        let mut pairs = 0;
        for v in 0..n {
            if let Some(u) = mate[v] {
                assert_eq!(mate[u], Some(v));
                assert!(edges.contains(&(u, v)) || edges.contains(&(v, u)));
                pairs += 1;
            }
        }
        assert_eq!(pairs, 2 * size);
    }

    fn check_small(n: usize, edges: &[(usize, usize)], brute_sizes: bool) {
        let (size, mate) = max_matching(n, edges);
        check_mate(n, edges, size, &mate);
        let wins = geography_wins(n, edges);
        assert_eq!(wins, brute_geography(n, edges), "n = {n}, edges {edges:?}");
        if brute_sizes {
            assert_eq!(size, brute_matching(edges, 0), "edges {edges:?}");
            let missed: Vec<bool> = (0..n)
                .map(|v| brute_matching(edges, 1 << v) == size)
                .collect();
            assert_eq!(missed_by_some_max_matching(n, edges), missed);
        }
    }

    fn all_pairs(n: usize) -> Vec<(usize, usize)> {
        (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect()
    }

    #[test]
    fn every_graph_up_to_five_vertices() {
        for n in 0..=5 {
            let pairs = all_pairs(n);
            for set in 0usize..1 << pairs.len() {
                let edges: Vec<_> = (0..pairs.len())
                    .filter(|&i| set >> i & 1 == 1)
                    .map(|i| pairs[i])
                    .collect();
                check_small(n, &edges, true);
            }
        }
    }

    #[test]
    fn every_graph_on_six_vertices() {
        let pairs = all_pairs(6);
        for set in 0usize..1 << pairs.len() {
            let edges: Vec<_> = (0..pairs.len())
                .filter(|&i| set >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            check_small(6, &edges, false);
        }
    }

    fn random_edges(rng: &mut Rng, n: usize, m: usize) -> Vec<(usize, usize)> {
        let mut edges = Vec::with_capacity(m);
        while edges.len() < m {
            let (u, v) = (rng.below(n), rng.below(n));
            if u != v {
                edges.push((u, v));
            }
        }
        edges
    }

    #[test]
    fn random_multigraphs_up_to_nine_vertices() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..400 {
            let n = 2 + rng.below(8);
            let m = rng.below(15);
            let edges = random_edges(&mut rng, n, m);
            check_small(n, &edges, true);
        }
    }

    #[test]
    fn large_graphs_agree_with_matchings_of_g_minus_v() {
        let mut rng = Rng::new(12345);
        for round in 0..12 {
            let n = 20 + rng.below(if round < 8 { 60 } else { 481 });
            let m = rng.below(3 * n);
            let edges = random_edges(&mut rng, n, m);
            let (size, mate) = max_matching(n, &edges);
            check_mate(n, &edges, size, &mate);
            let missed = missed_by_some_max_matching(n, &edges);
            for _ in 0..15 {
                let v = rng.below(n);
                // G - v: drop v's edges and keep v as an isolated vertex.
                let rest: Vec<_> = edges
                    .iter()
                    .copied()
                    .filter(|&(a, b)| a != v && b != v)
                    .collect();
                let (without, _) = max_matching(n, &rest);
                assert!(without + 1 >= size && without <= size);
                assert_eq!(missed[v], without == size, "n = {n}, v = {v}");
            }
        }
    }

    #[test]
    fn odd_cycles_and_stars() {
        // An odd cycle: every vertex is missed by some maximum matching, so all lose.
        let cycle: Vec<_> = (0..7).map(|v| (v, (v + 1) % 7)).collect();
        assert_eq!(max_matching(7, &cycle).0, 3);
        assert_eq!(geography_wins(7, &cycle), vec![false; 7]);
        // A star: the centre wins, the leaves lose; parallel edges change nothing.
        let star = [(0, 1), (0, 2), (0, 3), (3, 0)];
        assert_eq!(geography_wins(4, &star), vec![true, false, false, false]);
        assert_eq!(geography_wins(1, &[]), vec![false]);
        assert_eq!(max_matching(0, &[]), (0, vec![]));
    }

    #[test]
    #[should_panic(expected = "self-loop")]
    fn self_loop_panics() {
        max_matching(3, &[(1, 1)]);
    }
}
