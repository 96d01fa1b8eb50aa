//! Description: Green Hackenbush on a cactus: an undirected graph, rooted at a ground vertex,
//! whose cycles ("rings") share no edge (they may share vertices, and a pair of parallel
//! edges is a ring of length 2). A move deletes one edge; everything no longer connected to
//! the ground falls away; the player who cannot move loses. Fusion principle: the vertices of
//! a ring may be fused into one without changing the value, which turns the ring's L edges
//! into L loops, i.e. L sticks of one edge. So a ring of odd length counts as one stick at
//! the fused vertex, a ring of even length as nothing, and the colon principle
//! (`hackenbush_tree`) finishes the job on the fused tree. A self-loop counts as a stick.
//! Vertices not connected to the root are ignored. Iterative; panics if two rings share
//! an edge.
//!
//! Usage:
//! ```
//! use templates::hackenbush_rings::hackenbush_rings;
//! // Triangle 0-1-2 at the root with a stick 2-3 on it: everything fuses into the root,
//! // which then carries two sticks (the odd ring and 2-3): 1 xor 1 = 0.
//! assert_eq!(hackenbush_rings(4, &[(0, 1), (1, 2), (2, 0), (2, 3)], 0), 0);
//! // Stick 0-1 carrying a square 1-2-3-4: the square is worth nothing, so this is 1.
//! let square = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 1)];
//! assert_eq!(hackenbush_rings(5, &square, 0), 1);
//! // POJ 3710: several graphs, node 1 on the ground; answer "Sally" iff the xor is nonzero.
//! ```
//!
//! Time: O(n + m) for n vertices and m edges (near-linear union-find).
//!
//! Memory: O(n + m).
//!
//! Source: Fusion principle, Berlekamp, Conway and Guy, Winning Ways, vol. 1, ch. 7 (1982).
//!
//! Status: exhaustive: every cactus built from the root by attaching sticks, loops and
//! rings of length 2 to 5 (rings on rings, rings at the root) with at most 7 edges, against
//! a search of the real game over sets of remaining edges (26088 cacti); plus 400 random
//! relabelled cacti with 8 to 11 edges and a stray triangle, and a chain of 3*10^5 triangles.
//! Problems: poj3710.

use crate::hackenbush_tree::hackenbush_tree;

/// Grundy value of the Green Hackenbush cactus on vertices `0..n` rooted at `root`.
pub fn hackenbush_rings(n: usize, edges: &[(usize, usize)], root: usize) -> u32 {
    assert!(root < n, "root {root} is not a vertex (n = {n})");
    let mut start = vec![0usize; n + 1];
    for &(u, v) in edges {
        assert!(
            u < n && v < n,
            "edge ({u}, {v}) has a vertex outside 0..{n}"
        );
        if u != v {
            start[u] += 1;
            start[v] += 1;
        }
    }
    for v in 0..n {
        start[v + 1] += start[v];
    }
    let mut adj = vec![(0usize, 0usize); start[n]];
    for (id, &(u, v)) in edges.iter().enumerate().filter(|(_, e)| e.0 != e.1) {
        start[u] -= 1;
        adj[start[u]] = (v, id);
        start[v] -= 1;
        adj[start[v]] = (u, id);
    }
    const UNSEEN: usize = usize::MAX;
    let (mut depth, mut parent, mut parent_edge) = (vec![UNSEEN; n], vec![0; n], vec![UNSEEN; n]);
    let mut on_ring = vec![false; edges.len()];
    let mut fused: Vec<usize> = (0..n).collect();
    let mut sticks = Vec::new();
    let mut next = start.clone();
    let mut stack = vec![root];
    depth[root] = 0;
    while let Some(&v) = stack.last() {
        if next[v] == start[v + 1] {
            stack.pop();
            continue;
        }
        let (w, id) = adj[next[v]];
        next[v] += 1;
        if id == parent_edge[v] {
            continue;
        }
        if depth[w] == UNSEEN {
            (depth[w], parent[w], parent_edge[w]) = (depth[v] + 1, v, id);
            stack.push(w);
        } else if depth[w] < depth[v] {
            // Back edge to the ancestor w closes the ring w -> ... -> v -> w: fuse it.
            on_ring[id] = true;
            let mut x = v;
            while x != w {
                let tree_edge = parent_edge[x];
                assert!(
                    !on_ring[tree_edge],
                    "not a cactus: edge {tree_edge} is on two rings"
                );
                on_ring[tree_edge] = true;
                let (a, b) = (find(&mut fused, x), find(&mut fused, parent[x]));
                fused[a] = b;
                x = parent[x];
            }
            if (depth[v] - depth[w]) % 2 == 0 {
                sticks.push(w);
            }
        }
    }
    sticks.extend(
        edges
            .iter()
            .filter(|e| e.0 == e.1 && depth[e.0] != UNSEEN)
            .map(|e| e.0),
    );
    let mut tree = Vec::new();
    for w in (0..n).filter(|&w| w != root && depth[w] != UNSEEN) {
        if !on_ring[parent_edge[w]] {
            tree.push((find(&mut fused, parent[w]), find(&mut fused, w)));
        }
    }
    for (k, &v) in sticks.iter().enumerate() {
        tree.push((find(&mut fused, v), n + k));
    }
    hackenbush_tree(n + sticks.len(), &tree, find(&mut fused, root))
}

/// Union-find representative with path halving.
fn find(parent: &mut [usize], mut v: usize) -> usize {
    while parent[v] != v {
        parent[v] = parent[parent[v]];
        v = parent[v];
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hackenbush_tree::tests::real_game;
    use crate::test_rng::Rng;

    /// Attaches a block at `at`: length 0 is a loop, 1 a stick to a new vertex, L >= 2 a ring
    /// through `at` and L - 1 new vertices. Returns the new vertex count.
    fn attach(edges: &mut Vec<(usize, usize)>, n: usize, at: usize, length: usize) -> usize {
        match length {
            0 => {
                edges.push((at, at));
                n
            }
            1 => {
                edges.push((at, n));
                n + 1
            }
            _ => {
                let ring: Vec<usize> = std::iter::once(at).chain(n..n + length - 1).collect();
                (0..length).for_each(|i| edges.push((ring[i], ring[(i + 1) % length])));
                n + length - 1
            }
        }
    }

    /// Every cactus made by attaching blocks at non-decreasing vertices (every rooted cactus
    /// up to isomorphism arises: attach the blocks of each vertex in creation order).
    fn every_cactus(
        edges: &mut Vec<(usize, usize)>,
        n: usize,
        from: usize,
        budget: usize,
        visit: &mut impl FnMut(&[(usize, usize)], usize),
    ) {
        visit(edges, n);
        for at in from..n {
            for length in 0..=5.min(budget) {
                if length == 0 && budget == 0 {
                    continue;
                }
                let size = edges.len();
                let grown = attach(edges, n, at, length);
                every_cactus(edges, grown, at, budget - length.max(1), visit);
                edges.truncate(size);
            }
        }
    }

    #[test]
    fn matches_the_real_game_on_every_small_cactus() {
        let mut checked = 0;
        every_cactus(&mut Vec::new(), 1, 0, 7, &mut |edges, n| {
            assert_eq!(
                hackenbush_rings(n, edges, 0),
                real_game(edges, 0),
                "{edges:?}"
            );
            checked += 1;
        });
        assert_eq!(checked, 26_088);
    }

    #[test]
    fn matches_the_real_game_on_random_relabelled_cacti() {
        let mut rng = Rng::new(0x1234_5678_9abc_def1);
        for _ in 0..400 {
            let (mut edges, mut n) = (Vec::new(), 1);
            let target = 8 + rng.below(4);
            while edges.len() < target {
                let length = rng.below(6).min(target - edges.len());
                n = attach(&mut edges, n, rng.below(n), length);
            }
            // A stray triangle not connected to the ground is not in the game.
            let core = n;
            n = attach(&mut edges, n + 1, core, 3);
            let mut label: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut label);
            rng.shuffle(&mut edges);
            let relabelled: Vec<(usize, usize)> =
                edges.iter().map(|&(u, v)| (label[u], label[v])).collect();
            let mut game = relabelled.clone();
            game.retain(|&(u, _)| label.iter().position(|&l| l == u).unwrap() < core);
            assert_eq!(
                hackenbush_rings(n, &relabelled, label[0]),
                real_game(&game, label[0]),
                "{relabelled:?} root {}",
                label[0]
            );
        }
    }

    #[test]
    fn long_chain_of_triangles_does_not_overflow_the_stack() {
        // Triangles t-(t+1)-(t+2)... sharing vertices: each fuses and leaves one stick.
        let k = 300_000;
        let mut edges = Vec::new();
        for t in 0..k {
            let (a, b, c) = (2 * t, 2 * t + 1, 2 * t + 2);
            edges.extend([(a, b), (b, c), (c, a)]);
        }
        assert_eq!(hackenbush_rings(2 * k + 1, &edges, 0), (k % 2) as u32);
        // With a stick between consecutive triangles instead, sticks nest: 1 + 1 per level.
        let mut nested = Vec::new();
        for t in 0..k {
            let (a, b, c, d) = (3 * t, 3 * t + 1, 3 * t + 2, 3 * t + 3);
            nested.extend([(a, b), (b, c), (c, a), (c, d)]);
        }
        // Value of level t from the top: v = (v_below + 1) xor 1.
        let expected = (0..k).fold(0u32, |below, _| (below + 1) ^ 1);
        assert_eq!(hackenbush_rings(3 * k + 1, &nested, 0), expected);
    }

    #[test]
    #[should_panic(expected = "not a cactus")]
    fn rejects_rings_sharing_an_edge() {
        hackenbush_rings(4, &[(0, 1), (1, 2), (2, 0), (1, 3), (3, 2)], 0);
    }
}
