#!/usr/bin/env python3
"""Independent reference for hdu2516 (Fibonacci Nim). Rewrites every tests/*.out.

Small n: a win/lose search of the real game. A state is (stones left r, largest allowed take
m); the mover wins iff some take t <= min(m, r) empties the pile or leaves a lost state
(r - t, 2t). Allowing a larger m only adds moves, so win(r, m) = win(r, m - 1) or
[taking m wins], which makes the table O(SEARCH_MAX^2). The first move may take 1..n-1.

Large n (the weakest link): the theorem of Whinihan (1963), that the first player loses iff
n is a Fibonacci number. It is checked here against the search for every 2 <= n <= SEARCH_MAX
and then applied with a test that does not list Fibonacci numbers: n is a Fibonacci number
iff 5n^2 + 4 or 5n^2 - 4 is a perfect square (Gessel, 1972), itself checked against the
sequence up to 2^31. Nothing in this run plays the game beyond SEARCH_MAX.
"""

import os
import sys
from math import isqrt
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SEARCH_MAX = 2000
LIMIT = 2**31

SAMPLE_IN = "2\n13\n10000\n0\n"
SAMPLE_OUT = "Second win\nSecond win\nFirst win\n"


def search_first_player_wins(limit):
    """first_wins[n] for 2 <= n <= limit, by searching the real game."""
    # wins[r][m] for 0 <= m <= r: m = 0 means no move, a take above r is capped at r.
    wins = [[False]]
    for r in range(1, limit + 1):
        row = [False]
        for m in range(1, r + 1):
            left = r - m
            taking_m_wins = left == 0 or not wins[left][min(2 * m, left)]
            row.append(row[m - 1] or taking_m_wins)
        wins.append(row)
    first_wins = {}
    for n in range(2, limit + 1):
        first_wins[n] = any(not wins[n - t][min(2 * t, n - t)] for t in range(1, n))
    return first_wins


def is_square(x):
    return x >= 0 and isqrt(x) ** 2 == x


def is_fibonacci(n):
    return is_square(5 * n * n + 4) or is_square(5 * n * n - 4)


def check_theorem():
    for n, first_wins in search_first_player_wins(SEARCH_MAX).items():
        assert first_wins == (not is_fibonacci(n)), n
    fib, a, b = set(), 1, 2
    while a < LIMIT:
        fib.add(a)
        a, b = b, a + b
    for n in list(fib) + [f + d for f in fib for d in (-1, 1) if f + d >= 2]:
        assert is_fibonacci(n) == (n in fib), n


def solve(text):
    tokens = refkit.Tokens(text).values
    assert tokens[-1] == 0 and tokens.count(0) == 1, "input must end with its only 0"
    lines = []
    for n in tokens[:-1]:
        assert 2 <= n < LIMIT, n
        lines.append("Second win" if is_fibonacci(n) else "First win")
    return refkit.lines_text(lines)


def main():
    check_theorem()
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)
    print("hdu2516: theorem checked up to", SEARCH_MAX, "- outputs written")


if __name__ == "__main__":
    main()
