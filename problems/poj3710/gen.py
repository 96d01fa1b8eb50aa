#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

A graph grows from node 1: each step picks an existing node and hangs on it either a new
edge to a new node, or a ring of length 2..8 through it and new nodes (length 2 being two
parallel edges), until the node or edge budget is used up. Labels other than 1, the edge
order and each edge's orientation are shuffled.

Modes: small (120 cases of 1..3 graphs with at most 14 edges in total, for the game
search), mid (40 cases of up to 10 graphs with up to 40 nodes), max (5 cases of 100 graphs
with 99 nodes; the last case uses only two-edge rings, so k = 196 per graph).
The committed tests/<mode>.in files were made with seed 1.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402


def random_graph(rng, max_nodes, max_edges, ring_share=0.5, max_ring=8):
    edges, nodes = [], 1
    while True:
        anchor = rng.randint(1, nodes)
        length = rng.randint(2, max_ring) if rng.random() < ring_share else 1
        if nodes + max(1, length - 1) > max_nodes or len(edges) + length > max_edges:
            length = 1  # the ring does not fit: try a plain edge
            if nodes == max_nodes or len(edges) == max_edges:
                break
        if length == 1:
            nodes += 1
            edges.append((anchor, nodes))
        else:
            path = [anchor] + list(range(nodes + 1, nodes + length)) + [anchor]
            nodes += length - 1
            edges += list(zip(path, path[1:]))
    labels = [1] + rng.sample(range(2, nodes + 1), nodes - 1)
    edges = [(labels[a - 1], labels[b - 1]) for a, b in edges]
    edges = [(a, b) if rng.random() < 0.5 else (b, a) for a, b in edges]
    rng.shuffle(edges)
    return nodes, edges


def small(rng):
    cases = []
    for _ in range(120):
        budget, graphs = 14, []
        for _ in range(rng.randint(1, 3)):
            graph = random_graph(rng, 10, rng.randint(1, max(1, budget)), max_ring=5)
            budget -= len(graph[1])
            graphs.append(graph)
        cases.append(graphs)
    return cases


def mid(rng):
    return [[random_graph(rng, 40, 499) for _ in range(rng.randint(1, 10))] for _ in range(40)]


def max_cases(rng):
    cases = []
    for i in range(5):
        ring_share, max_ring = (1.0, 2) if i == 4 else (0.5, 8)
        cases.append([random_graph(rng, 99, 499, ring_share, max_ring) for _ in range(100)])
    return cases


def case_lines(cases):
    out = []
    for graphs in cases:
        out.append(str(len(graphs)))
        for nodes, edges in graphs:
            out.append(f"{nodes} {len(edges)}")
            out.extend(f"{a} {b}" for a, b in edges)
    return out


refkit.generate({"small": small, "mid": mid, "max": max_cases}, case_lines)
