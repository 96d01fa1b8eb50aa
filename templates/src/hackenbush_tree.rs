//! Description: Green Hackenbush on a rooted tree. The root stands on the ground; a move
//! deletes one edge, and whatever is no longer connected to the ground falls away; the player
//! who cannot move loses. Colon principle: a vertex is worth the xor over its children `c` of
//! `SG(c) + 1`, so the tree is worth `SG(root)`, and several trees are worth the xor of their
//! values. Edges are undirected and given as a list; vertices not connected to the root are
//! ignored (they are not in the game). Runs without recursion: a path of 10^6 vertices is
//! fine. Panics if the part connected to the root has a cycle (use `hackenbush_rings`).
//!
//! Usage:
//! ```
//! use templates::hackenbush_tree::hackenbush_tree;
//! // Root 0 with a stick of one edge (0-1) and a path of two edges (0-2-3): 1 xor 2 = 3.
//! assert_eq!(hackenbush_tree(4, &[(0, 1), (0, 2), (2, 3)], 0), 3);
//! // A path of k edges hanging from the root is a nim heap of size k.
//! assert_eq!(hackenbush_tree(3, &[(2, 1), (1, 0)], 0), 2);
//! ```
//!
//! Time: O(n + m) for n vertices and m edges.
//!
//! Memory: O(n + m).
//!
//! Source: Colon principle, Berlekamp, Conway and Guy, Winning Ways, vol. 1, ch. 7 (1982).
//!
//! Status: exhaustive: every labelled tree on 2 to 7 vertices (all Prüfer sequences) with
//! every choice of root, against a search of the real game over sets of remaining edges;
//! plus 300 random trees of 8 to 13 vertices, and a path of 10^6 vertices on the default
//! test thread. Problems: poj3710 (through hackenbush_rings).

/// Grundy value of the Green Hackenbush tree on vertices `0..n` rooted at `root`.
pub fn hackenbush_tree(n: usize, edges: &[(usize, usize)], root: usize) -> u32 {
    assert!(root < n, "root {root} is not a vertex (n = {n})");
    // Adjacency in compressed form: neighbours of v are adj[start[v]..start[v + 1]].
    let mut start = vec![0usize; n + 1];
    for &(u, v) in edges {
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
    let mut adj = vec![(0usize, 0usize); 2 * edges.len()];
    for (id, &(u, v)) in edges.iter().enumerate() {
        start[u] -= 1;
        adj[start[u]] = (v, id);
        start[v] -= 1;
        adj[start[v]] = (u, id);
    }
    // Breadth-first order from the root; children then come after their parent.
    let mut parent_edge = vec![usize::MAX; n];
    let mut parent = vec![usize::MAX; n];
    let mut seen = vec![false; n];
    let mut order = vec![root];
    seen[root] = true;
    let mut head = 0;
    while head < order.len() {
        let v = order[head];
        head += 1;
        for &(w, id) in &adj[start[v]..start[v + 1]] {
            if id == parent_edge[v] {
                continue;
            }
            assert!(!seen[w], "not a tree: edge {id} closes a cycle");
            seen[w] = true;
            parent[w] = v;
            parent_edge[w] = id;
            order.push(w);
        }
    }
    let mut value = vec![0u32; n];
    for &v in order.iter().skip(1).rev() {
        value[parent[v]] ^= value[v] + 1;
    }
    value[root]
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::test_rng::Rng;

    /// Grundy value of the real game on any graph (`hackenbush_rings` uses it too): a state
    /// is the set of edges still standing (a bitmask); a move deletes one of them and then
    /// every edge cut off from the root falls.
    pub(crate) fn real_game(edges: &[(usize, usize)], root: usize) -> u32 {
        fn grounded(mask: u32, edges: &[(usize, usize)], root: usize) -> u32 {
            let (mut reached, mut kept) = (1u32 << root, 0u32);
            loop {
                let before = kept;
                for (i, &(u, v)) in edges.iter().enumerate() {
                    if mask >> i & 1 == 1 && (reached >> u & 1 == 1 || reached >> v & 1 == 1) {
                        reached |= 1 << u | 1 << v;
                        kept |= 1 << i;
                    }
                }
                if kept == before {
                    return kept;
                }
            }
        }
        fn sg(mask: u32, edges: &[(usize, usize)], root: usize, memo: &mut [u32]) -> u32 {
            if memo[mask as usize] != u32::MAX {
                return memo[mask as usize];
            }
            let options: Vec<u32> = (0..edges.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| {
                    let next = grounded(mask & !(1 << i), edges, root);
                    sg(next, edges, root, memo)
                })
                .collect();
            let value = (0..).find(|v| !options.contains(v)).unwrap();
            memo[mask as usize] = value;
            value
        }
        assert!(edges.len() <= 20);
        let mut memo = vec![u32::MAX; 1 << edges.len()];
        sg(
            grounded((1 << edges.len()) - 1, edges, root),
            edges,
            root,
            &mut memo,
        )
    }

    /// The tree with Prüfer sequence `code` on `code.len() + 2` vertices.
    fn from_pruefer(code: &[usize]) -> Vec<(usize, usize)> {
        let n = code.len() + 2;
        let mut degree = vec![1; n];
        code.iter().for_each(|&c| degree[c] += 1);
        let mut edges = Vec::new();
        for &c in code {
            let leaf = (0..n).find(|&v| degree[v] == 1).unwrap();
            edges.push((leaf, c));
            degree[leaf] -= 1;
            degree[c] -= 1;
        }
        let ends: Vec<usize> = (0..n).filter(|&v| degree[v] == 1).collect();
        edges.push((ends[0], ends[1]));
        edges
    }

    #[test]
    fn matches_the_real_game_on_every_small_tree() {
        let mut checked = 0;
        for n in 2..=7usize {
            let len = n - 2;
            for index in 0..n.pow(len as u32) {
                let code: Vec<usize> = (0..len).map(|i| index / n.pow(i as u32) % n).collect();
                let edges = from_pruefer(&code);
                for root in 0..n {
                    assert_eq!(
                        hackenbush_tree(n, &edges, root),
                        real_game(&edges, root),
                        "{edges:?} root {root}"
                    );
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 2 + 9 + 64 + 625 + 7776 + 117_649);
    }

    #[test]
    fn matches_the_real_game_on_random_trees_with_stray_vertices() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        for _ in 0..300 {
            let n = 8 + rng.below(6);
            // Vertices 0..tree form a tree; the rest are disconnected strays with an edge.
            let tree = n - rng.below(3);
            let mut edges: Vec<(usize, usize)> = (1..tree).map(|v| (rng.below(v), v)).collect();
            if n - tree == 2 {
                edges.push((n - 1, n - 2));
            }
            rng.shuffle(&mut edges);
            let root = rng.below(tree);
            assert_eq!(hackenbush_tree(n, &edges, root), real_game(&edges, root));
        }
    }

    #[test]
    fn long_path_does_not_overflow_the_stack() {
        let n = 1_000_000;
        let edges: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
        assert_eq!(hackenbush_tree(n, &edges, 0), (n - 1) as u32);
        // From the middle: two nim heaps of sizes 400000 and 599999.
        assert_eq!(hackenbush_tree(n, &edges, 400_000), 400_000 ^ 599_999);
    }

    #[test]
    #[should_panic(expected = "not a tree")]
    fn rejects_a_cycle() {
        hackenbush_tree(3, &[(0, 1), (1, 2), (2, 0)], 0);
    }
}
