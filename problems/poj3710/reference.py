#!/usr/bin/env python3
"""Reference for poj3710; running it rewrites every tests/<name>.out.

Cases with at most 16 edges in total are answered by a real game search: all graphs hang
from one ground node (node 1 of every graph), a position is the bitmask of edges still
connected to the ground, and a move deletes one edge and then drops every edge no longer
connected to the ground; memoized win/lose. Larger cases use the fusion principle and the
colon principle (Berlekamp, Conway, Guy: Winning Ways): every ring collapses to one vertex,
plus one extra edge hanging from it when the ring is odd; then a rooted tree's value is the
xor over children c of (value(c) + 1), and the case's value is the xor over graphs. This
implementation finds rings with a depth-first search (each non-tree edge closes the ring
of tree edges up to its ancestor end). Before use it is compared in this run with a mex
search of the real game (same bitmask positions, one graph at a time) on every graph of
`gen.py small <seed>` for seeds 1..12, and the whole-case answers with the win/lose search;
the sample outputs from the statement are asserted.
"""
import functools
import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "2\n3 3\n1 2\n2 3\n3 1\n2 2\n1 2\n2 1\n2\n2 1\n1 2\n2 1\n1 2\n"
SAMPLE_OUT = "Sally\nHarry\n"
SEARCH_MAX_EDGES = 16
CHECK_SEEDS = range(1, 13)


class Game:
    """Real positions: edges (a, b) over nodes where node 0 is the ground."""

    def __init__(self, edges):
        self.edges = edges
        self.incident = {}
        for index, (a, b) in enumerate(edges):
            self.incident.setdefault(a, []).append(index)
            self.incident.setdefault(b, []).append(index)
        self.grounded_part = functools.lru_cache(maxsize=None)(self._grounded_part)
        self.mover_wins = refkit.win_search(self.children)
        self.grundy = functools.lru_cache(maxsize=None)(self._grundy)

    def full(self):
        return self.grounded_part((1 << len(self.edges)) - 1)

    def _grounded_part(self, mask):
        kept, seen, stack = 0, {0}, [0]
        while stack:
            node = stack.pop()
            for index in self.incident.get(node, []):
                if mask >> index & 1:
                    kept |= 1 << index
                    a, b = self.edges[index]
                    other = b if a == node else a
                    if other not in seen:
                        seen.add(other)
                        stack.append(other)
        return kept

    def children(self, mask):
        for index in range(len(self.edges)):
            if mask >> index & 1:
                yield self.grounded_part(mask & ~(1 << index))

    def _grundy(self, mask):
        return refkit.mex(self.grundy(child) for child in self.children(mask))


def ground_labels(graph_edges, offset):
    """Relabel one graph's edges so its node 1 is the ground 0 and other nodes are unique."""
    def label(v):
        return 0 if v == 1 else v + offset

    return [(label(a), label(b)) for a, b in graph_edges]


def fusion_grundy(edges):
    """Value of one graph (node 1 on the ground) by fusion and the colon principle."""
    adjacent = {}
    for index, (a, b) in enumerate(edges):
        adjacent.setdefault(a, []).append((b, index))
        adjacent.setdefault(b, []).append((a, index))
    parent, parent_edge, depth = {1: None}, {1: None}, {1: 0}
    back_edges, order = [], [1]
    stack = [(1, iter(adjacent.get(1, [])))]
    while stack:
        node, neighbours = stack[-1]
        step = next(neighbours, None)
        if step is None:
            stack.pop()
            continue
        other, index = step
        if index == parent_edge[node]:
            continue
        if other not in depth:
            parent[other], parent_edge[other], depth[other] = node, index, depth[node] + 1
            order.append(other)
            stack.append((other, iter(adjacent.get(other, []))))
        elif depth[other] < depth[node]:
            back_edges.append((node, other))
    # Fusion: merge each ring into its top vertex; odd rings leave one extra edge there.
    leader = {v: v for v in depth}

    def find(v):
        while leader[v] != v:
            leader[v] = leader[leader[v]]
            v = leader[v]
        return v

    ring_edges, odd_rings = set(), {}
    for low, top in back_edges:
        length = depth[low] - depth[top] + 1
        if length % 2:
            odd_rings[top] = odd_rings.get(top, 0) + 1
        node = low
        while node != top:
            ring_edges.add(parent_edge[node])
            leader[find(node)] = find(top)
            node = parent[node]
    # Colon principle on the fused tree, children before parents (reverse DFS order).
    value = {}
    for node in reversed(order):
        root = find(node)
        value[root] = value.get(root, 0) ^ (odd_rings.get(node, 0) % 2)
    for node in reversed(order):
        if node != 1 and parent_edge[node] not in ring_edges:
            child_value = value[find(node)]
            value[find(parent[node])] ^= child_value + 1
    return value[find(1)]


def parse(text):
    tokens, cases = refkit.Tokens(text), []
    while tokens.more():
        graphs = []
        for _ in range(tokens.int()):
            _nodes, k = tokens.int(), tokens.int()
            graphs.append([tuple(tokens.ints(2)) for _ in range(k)])
        cases.append(graphs)
    return cases


def whole_case_game(graphs):
    edges = []
    for number, graph in enumerate(graphs):
        edges += ground_labels(graph, 1000 * (number + 1))
    return Game(edges)


def first_wins(graphs):
    if sum(len(graph) for graph in graphs) <= SEARCH_MAX_EDGES:
        game = whole_case_game(graphs)
        return game.mover_wins(game.full())
    return refkit.nim_sum(fusion_grundy(graph) for graph in graphs) != 0


def solve(text):
    return refkit.lines_text("Sally" if first_wins(graphs) else "Harry" for graphs in parse(text))


def check_fusion_against_search():
    graphs_checked = cases_checked = 0
    for seed in CHECK_SEEDS:
        for graphs in parse(refkit.run_gen(HERE, ["small", str(seed)])):
            total = 0
            for graph in graphs:
                game = Game(ground_labels(graph, 0))
                searched = game.grundy(game.full())
                assert fusion_grundy(graph) == searched, graph
                total ^= searched
                graphs_checked += 1
            game = whole_case_game(graphs)
            assert game.mover_wins(game.full()) == (total != 0), graphs
            cases_checked += 1
    print(f"fusion + colon agree with the search: {graphs_checked} graphs, {cases_checked} cases")


def main():
    sys.setrecursionlimit(100000)
    check_fusion_against_search()
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)


main()
