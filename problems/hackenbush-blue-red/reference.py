#!/usr/bin/env python3
"""Reference for hackenbush-blue-red; running it rewrites tests/<name>.out (the generated
test's input comes from `python3 gen.py <args>`).

Method: strings. Walking the tree of numbers from 0 (right for a larger target, left for a
smaller one; the first steps move by 1, after the first turn each step halves) gives both the
simplest number in an interval and the sign expansion of a number; a Hackenbush string of
value x is x's sign expansion (B for a step right, R for a step left), and a string is valued
by the classic rule (first run +-1 per edge, then +-1/2, +-1/4, ...). Bottom-up, every
subtree standing on a vertex is replaced by the string of its value, so an edge with a
subtree above it becomes the string colour + expansion(value), valued by the classic rule; a
vertex is worth the sum over its edges upward, and the picture the sum at the ground. Exact
Fractions throughout. >0: Blue wins whoever starts, <0 Red, 0 the second player.

Checked in this run before use: the value of every picture with up to 6 edges (every
parent array with parent < child, every colouring) and of 300 random pictures of 7 to 9
edges with relabelled vertices equals the definition (a memoized search of the real game:
the simplest number between the best Blue and the best Red option, asserting that the best
Blue option is below the best Red one), and who wins moving first matches a plain win/lose
search; the sample from the statement is asserted.
"""
import os
import random
import sys
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "3\n1\n0 B\n2\n0 B\n1 R\n2\n0 B\n0 R\n"
SAMPLE_OUT = "1 Blue Blue\n1/2 Blue Blue\n0 Red Blue\n"
MAX_BRANCH = 62


def walk(inside, direction):
    """Walks the tree of numbers from 0 until inside(node); direction(node) is +1 or -1.
    Returns the node and the path ('B' right, 'R' left)."""
    node, lo, hi, path = Fraction(0), None, None, []
    while not inside(node):
        if direction(node) > 0:
            path.append("B")
            lo = node
            node = node + 1 if hi is None else (node + hi) / 2
        else:
            path.append("R")
            hi = node
            node = node - 1 if lo is None else (lo + node) / 2
    return node, "".join(path)


def simplest(lo, hi):
    """The simplest number strictly between lo and hi (None: unbounded)."""
    assert lo is None or hi is None or lo < hi

    def inside(x):
        return (lo is None or lo < x) and (hi is None or x < hi)

    return walk(inside, lambda x: 1 if lo is not None and x <= lo else -1)[0]


def expansion(x):
    return walk(lambda node: node == x, lambda node: 1 if x > node else -1)[1]


def string_value(s):
    if not s:
        return Fraction(0)
    run = len(s) - len(s.lstrip(s[0]))
    value = Fraction(run if s[0] == "B" else -run)
    step = Fraction(1)
    for c in s[run:]:
        step /= 2
        value += step if c == "B" else -step
    return value


@lru_cache(maxsize=None)
def edge_value(colour, above):
    return string_value(colour + expansion(above))


def picture_value(parent, colour):
    """parent[v], colour[v] for v in 1..n (index 0 unused); 0 is the ground."""
    n = len(parent) - 1
    children = [[] for _ in range(n + 1)]
    for v in range(1, n + 1):
        children[parent[v]].append(v)
    order, stack, depth = [], [0], [0] * (n + 1)
    while stack:
        v = stack.pop()
        order.append(v)
        for c in children[v]:
            depth[c] = depth[v] + 1
            stack.append(c)
    assert len(order) == n + 1, "the parent links must form a forest on the ground"
    size = [1] * (n + 1)
    above = [Fraction(0)] * (n + 1)
    for v in reversed(order[1:]):
        above[parent[v]] += edge_value(colour[v], above[v])
        size[parent[v]] += size[v]
    assert all(size[c] <= MAX_BRANCH for c in children[0]), "a ground branch is too big"
    return above[0]


def verdict(value):
    text = str(value.numerator) if value.denominator == 1 else str(value)
    blue_first = "Blue" if value > 0 else "Red"
    red_first = "Red" if value < 0 else "Blue"
    return f"{text} {blue_first} {red_first}"


def definition(parent, colour):
    """(value, Blue wins moving first, Blue wins moving second) by searching the real game.
    A position is the set of standing vertices (each stands on the edge to its parent)."""
    n = len(parent) - 1

    def falls_with(v):
        fallen = {v}
        changed = True
        while changed:
            changed = False
            for w in range(1, n + 1):
                if w not in fallen and parent[w] in fallen:
                    fallen.add(w)
                    changed = True
        return frozenset(fallen)

    falls = [None] + [falls_with(v) for v in range(1, n + 1)]

    def moves(position, mover):
        return [position - falls[v] for v in position if colour[v] == mover]

    @lru_cache(maxsize=None)
    def value(position):
        left = [value(p) for p in moves(position, "B")]
        right = [value(p) for p in moves(position, "R")]
        best_left = max(left) if left else None
        best_right = min(right) if right else None
        assert best_left is None or best_right is None or best_left < best_right
        return simplest(best_left, best_right)

    mover_wins = refkit.win_search(
        lambda state: [(p, "R" if state[1] == "B" else "B") for p in moves(*state)]
    )
    start = frozenset(range(1, n + 1))
    return value(start), mover_wins((start, "B")), not mover_wins((start, "R"))


def check_against_definition():
    def compare(parent, colour):
        value, blue_first, blue_second = definition(parent, colour)
        ours = picture_value(parent, colour)
        assert ours == value, (parent, colour, ours, value)
        assert (ours > 0) == blue_first and (ours >= 0) == blue_second, (parent, colour)

    count = 0
    for n in range(1, 7):
        arrays = [[0]]
        for v in range(1, n + 1):
            arrays = [a + [p] for a in arrays for p in range(v)]
        for parent in arrays:
            for bits in range(1 << n):
                compare(parent, [""] + ["B" if bits >> i & 1 else "R" for i in range(n)])
                count += 1
    rng = random.Random(13)
    for _ in range(300):
        n = rng.randint(7, 9)
        raw = [0] + [rng.randrange(v) for v in range(1, n + 1)]
        label = [0] + rng.sample(range(1, n + 1), n)
        parent = [0] * (n + 1)
        for v in range(1, n + 1):
            parent[label[v]] = label[raw[v]]
        compare(parent, [""] + [rng.choice("BR") for _ in range(n)])
        count += 1
    for x in (Fraction(0), Fraction(5), Fraction(-3, 8), Fraction(123, 64), Fraction(-7, 2)):
        assert string_value(expansion(x)) == x
    return count


def solve(text):
    tokens = text.split()
    pos = 0

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    lines = []
    cases = int(take())
    assert 1 <= cases <= 10
    for _ in range(cases):
        n = int(take())
        assert 1 <= n <= 10**5
        parent, colour = [0], [""]
        for v in range(1, n + 1):
            p, c = int(take()), take()
            assert 0 <= p <= n and p != v and c in ("B", "R")
            parent.append(p)
            colour.append(c)
        lines.append(verdict(picture_value(parent, colour)))
    assert pos == len(tokens), "tokens after the last case"
    return refkit.lines_text(lines)


def main():
    count = check_against_definition()
    print(f"strings agree with the definition on {count} pictures")
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)


main()
