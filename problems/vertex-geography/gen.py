#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes (each prints one graph):
- small: 6 to 10 vertices, up to 18 random edges with repeats (answered by game search);
- mid: 40 to 80 vertices, about as many random edges as vertices;
- sparse: n = 500, m = 400 random edges (a forest-like mix of wins and losses);
- dense: n = 500, m = 5000 random edges (the largest input);
- cycles: n = 500, odd cycles of 3 to 15 vertices joined into a tree by single edges, 30
  random chords, then repeated edges up to m = 5000 (many nested blossoms);
- pendants: n = 499, m = 5000: a tree of odd cycles of 3 to 7 vertices on vertices 0..399,
  the other 99 vertices pendant on random cycle vertices, then repeated edges;
- friendship: n = 499, a hub and 249 triangles through it (every vertex loses);
- chain: n = 500, 5-cycles in a chain, consecutive ones sharing a vertex, plus random edges
  among the first 100 vertices up to m = 5000;
- star: n = 500, the complete bipartite graph K(10, 490) (4900 edges) plus 100 repeated ones.
The committed tests/small*.in and tests/mid.in were made with the seeds in their names (1, 2,
3; mid 1).
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402


def random_edges(rng, n, m):
    return [tuple(rng.sample(range(n), 2)) for _ in range(m)]


def small(rng):
    n = rng.randint(6, 10)
    return n, random_edges(rng, n, rng.randint(0, 18))


def mid(rng):
    n = rng.randint(40, 80)
    return n, random_edges(rng, n, rng.randint(n // 2, 3 * n // 2))


def odd_cycles(rng, n, max_len):
    """Vertices 0..n-1 split into odd cycles (the last piece a path if too short), each
    joined by an edge to a random earlier one: a tree of blossoms."""
    edges, start, pieces = [], 0, []
    while start < n:
        length = min(rng.randrange(3, max_len + 1, 2), n - start)
        cycle = list(range(start, start + length))
        edges += [(cycle[i], cycle[i + 1]) for i in range(length - 1)]
        if length >= 3:
            edges.append((cycle[-1], cycle[0]))
        if pieces:
            edges.append((rng.choice(rng.choice(pieces)), rng.choice(cycle)))
        pieces.append(cycle)
        start += length
    return edges


def cycles(rng):
    n = 500
    edges = odd_cycles(rng, n, 15) + random_edges(rng, n, 30)
    while len(edges) < 5000:
        edges.append(rng.choice(edges))
    return n, edges


def pendants(rng):
    n = 499
    edges = odd_cycles(rng, 400, 7)
    # Vertices 400.. hang as pendants off random cycle vertices.
    edges += [(v, rng.randrange(400)) for v in range(400, n)]
    while len(edges) < 5000:
        edges.append(rng.choice(edges))
    return n, edges


def friendship(rng):
    """A hub and 249 triangles through it, vertices relabelled and edges shuffled at random."""
    label = list(range(499))
    rng.shuffle(label)
    edges = []
    for i in range(249):
        a, b = 2 * i + 1, 2 * i + 2
        edges += [(label[0], label[a]), (label[0], label[b]), (label[a], label[b])]
    rng.shuffle(edges)
    return 499, edges


def chain(rng):
    """5-cycles on 4i..4i+4 sharing one vertex with the next, then random edges among the
    first 100 vertices up to m = 5000."""
    edges = []
    for i in range(0, 495, 4):
        edges += [(i, i + 1), (i + 1, i + 2), (i + 2, i + 3), (i + 3, i + 4), (i + 4, i)]
    edges += random_edges(rng, 100, 5000 - len(edges))
    rng.shuffle(edges)
    return 500, edges


def star(rng):
    left, right = list(range(10)), list(range(10, 500))
    edges = [(u, v) for u in left for v in right]
    edges += [rng.choice(edges) for _ in range(100)]
    rng.shuffle(edges)
    return 500, edges


def as_input(graph):
    n, edges = graph
    lines = [f"{n} {len(edges)}"]
    for u, v in edges:
        if u != v:
            lines.append(f"{u + 1} {v + 1}")
    return lines


MODES = {
    "small": small,
    "mid": mid,
    "sparse": lambda rng: (500, random_edges(rng, 500, 400)),
    "dense": lambda rng: (500, random_edges(rng, 500, 5000)),
    "cycles": cycles,
    "pendants": pendants,
    "star": star,
    "friendship": friendship,
    "chain": chain,
}
refkit.generate(MODES, as_input)
