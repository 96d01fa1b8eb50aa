#!/usr/bin/env python3
"""Independent reference for poj1067 (Wythoff's game). Rewrites every tests/*.out.
wythoff-big/reference.py imports `is_cold`, `check_is_cold` and `solve` from here.

Method, free of the golden ratio and of floating point: the Zeckendorf characterization of
the lost ("cold") positions. Write a >= 1 as a sum of non-consecutive Fibonacci numbers
F_i (F_2 = 1, F_3 = 2, F_4 = 3, ...). Then (a, b) with a <= b is cold iff the smallest index
in a's representation is even and b is a with every index raised by one; (0, 0) is cold too.
(Fraenkel, "How to beat your Wythoff games' opponent on three fronts", 1982.)

This script checks that characterization before using it, in the same run:
- against a win/lose search of the real game on every position with both piles <= SEARCH_MAX;
- against Wythoff's own construction of the cold pairs (a_k = the smallest number not yet
  in any pair, b_k = a_k + k), which follows from the rules alone (no two cold positions
  share a pile size or a difference), for every pair with a_k <= CONSTRUCTION_MAX.
"""

import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SEARCH_MAX = 80
CONSTRUCTION_MAX = 100_000
MAX_VALUE = 10**9

SAMPLE_IN = "2 1\n8 4\n4 7\n"
SAMPLE_OUT = "0\n1\n0\n"


def fibonacci_upto(limit):
    """fib[i] = F_i for i >= 2 (F_2 = 1, F_3 = 2), until past limit; fib[0], fib[1] unused."""
    fib = [0, 1, 1, 2]
    while fib[-1] <= limit:
        fib.append(fib[-1] + fib[-2])
    return fib


FIB = fibonacci_upto(4 * 10**18)


def zeckendorf_indices(n):
    """Indices i >= 2 of the Fibonacci numbers summing to n, non-consecutive (greedy)."""
    indices = []
    i = len(FIB) - 1
    while n > 0:
        while FIB[i] > n:
            i -= 1
        indices.append(i)
        n -= FIB[i]
        i -= 2
    return indices


def is_cold(a, b):
    a, b = min(a, b), max(a, b)
    if a == 0:
        return b == 0
    indices = zeckendorf_indices(a)
    return min(indices) % 2 == 0 and b == sum(FIB[i + 1] for i in indices)


def searched_cold_table(limit):
    """cold[a][b] by a search of the real game: a position is lost iff no move reaches a
    lost one. Moves: take from one pile, or the same amount from both."""
    cold = [[False] * (limit + 1) for _ in range(limit + 1)]
    for a in range(limit + 1):
        for b in range(limit + 1):
            options = [(a - t, b) for t in range(1, a + 1)]
            options += [(a, b - t) for t in range(1, b + 1)]
            options += [(a - t, b - t) for t in range(1, min(a, b) + 1)]
            cold[a][b] = not any(cold[x][y] for x, y in options)
    return cold


def constructed_cold_pairs(limit):
    """Wythoff's construction: pairs (a_k, b_k) with a_k <= limit."""
    used = set()
    pairs = [(0, 0)]
    a, k = 0, 0
    while True:
        k += 1
        a += 1
        while a in used:
            a += 1
        if a > limit:
            return pairs
        used.add(a + k)
        pairs.append((a, a + k))


def check_is_cold():
    cold = searched_cold_table(SEARCH_MAX)
    for a in range(SEARCH_MAX + 1):
        for b in range(SEARCH_MAX + 1):
            assert is_cold(a, b) == cold[a][b], (a, b)
    pairs = constructed_cold_pairs(CONSTRUCTION_MAX)
    for a, b in pairs:
        assert is_cold(a, b), (a, b)
    partner = {}
    for a, b in pairs:
        partner[a], partner[b] = b, a
    # The construction puts every positive integer in exactly one pair, so n's partner is
    # its only cold mate.
    for n in range(1, CONSTRUCTION_MAX + 1):
        mate = partner[n]
        for other in (mate - 1, mate + 1, n, 2 * n + 1):
            assert not is_cold(n, other), (n, other)


def solve(text, max_value):
    lines = []
    for a, b in refkit.Tokens(text).groups(2):
        assert 0 <= a <= max_value and 0 <= b <= max_value, (a, b)
        lines.append("0" if is_cold(a, b) else "1")
    return refkit.lines_text(lines)


def main():
    check_is_cold()
    refkit.regenerate(HERE, lambda text: solve(text, MAX_VALUE), SAMPLE_IN, SAMPLE_OUT)
    print("poj1067: Zeckendorf characterization checked - outputs written")


if __name__ == "__main__":
    main()
