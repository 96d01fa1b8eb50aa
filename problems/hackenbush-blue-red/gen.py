#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

A case is a forest of branches hanging from the ground (each at most 62 edges), written
with the vertices relabelled at random so parents often come after their children.
Branch shapes: paths, random recursive trees, brooms (a path ending in a star), single edges;
colourings: random, mostly one colour, alternating, all one colour. Some cases add each
branch's mirror image (colours swapped), so the value is 0, or +-1 when n is odd.

Modes: mid (T = 10, n <= 300; the committed tests/mid.in was made with seed 1), max (T = 10,
n = 10^5 each; the generated test).
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

MAX_BRANCH = 62


def branch_shape(rng, m):
    """Parents of local vertices 1..m (0 is the branch's foot on the ground)."""
    kind = rng.choice(["path", "random", "broom", "random"])
    if kind == "path":
        return [v - 1 for v in range(1, m + 1)]
    if kind == "broom":
        stick = rng.randint(1, m)
        return [v - 1 if v <= stick else stick for v in range(1, m + 1)]
    return [rng.randrange(v) for v in range(1, m + 1)]


def colours(rng, m):
    kind = rng.choice(["random", "biased", "alternating", "one"])
    if kind == "random":
        return [rng.choice("BR") for _ in range(m)]
    if kind == "biased":
        main = rng.choice("BR")
        other = "R" if main == "B" else "B"
        return [main if rng.random() < 0.85 else other for _ in range(m)]
    if kind == "alternating":
        first = rng.randrange(2)
        return ["BR"[(i + first) % 2] for i in range(m)]
    return [rng.choice("BR")] * m


def case(rng, n, max_branch):
    """The lines of one case with n vertices."""
    mirrored = rng.random() < 0.3
    branches = []  # (parents, colours), local vertices 1..m
    left = n
    while left > 0:
        m = min(left, rng.randint(1, max_branch) if rng.random() < 0.7 else max_branch)
        if mirrored and left >= 2:
            m = min(m, left // 2)
            shape, cols = branch_shape(rng, m), colours(rng, m)
            branches.append((shape, cols))
            branches.append((shape, ["R" if c == "B" else "B" for c in cols]))
            left -= 2 * m
        else:
            branches.append((branch_shape(rng, m), colours(rng, m)))
            left -= m
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    parent = [0] * (n + 1)
    colour = [""] * (n + 1)
    used = 0
    for shape, cols in branches:
        local = [0] + labels[used : used + len(shape)]  # local 0 is the ground
        used += len(shape)
        for v in range(1, len(shape) + 1):
            parent[local[v]] = local[shape[v - 1]]
            colour[local[v]] = cols[v - 1]
    return [str(n)] + [f"{parent[v]} {colour[v]}" for v in range(1, n + 1)]


def cases(rng, sizes, max_branch):
    lines = [str(len(sizes))]
    for n in sizes:
        lines += case(rng, n, max_branch)
    return lines


MODES = {
    "mid": lambda rng: cases(rng, [rng.randint(1, 300) for _ in range(10)], MAX_BRANCH),
    "max": lambda rng: cases(rng, [10**5] * 10, MAX_BRANCH),
}
refkit.generate(MODES)
