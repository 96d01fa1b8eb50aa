#!/usr/bin/env python3
"""Independent reference for hdu1848 (Fibonacci again and again). Rewrites tests/*.out.

Small positions: a win/lose search of the real three-pile game (take a Fibonacci number
1, 2, 3, 5, 8, ... of stones from one pile; the player who cannot move loses) over every
position with all piles <= SEARCH_MAX.

All positions: the Sprague-Grundy theorem. The Grundy value of one pile comes from a direct
mex over its moves, and the first player wins iff the XOR of the three values is non-zero.
This is used only after it has been checked, in the same run, against the search above.
"""

import os
from functools import lru_cache

HERE = os.path.dirname(os.path.abspath(__file__))
MAX = 1000
SEARCH_MAX = 60

SAMPLE_IN = "1 1 1\n1 4 1\n0 0 0\n"
SAMPLE_OUT = "Fibo\nNacci\n"


def fibonacci_moves(limit):
    moves, a, b = [], 1, 2
    while a <= limit:
        moves.append(a)
        a, b = b, a + b
    return moves


MOVES = fibonacci_moves(MAX)


def grundy_table(limit):
    grundy = []
    for n in range(limit + 1):
        seen = {grundy[n - take] for take in MOVES if take <= n}
        value = 0
        while value in seen:
            value += 1
        grundy.append(value)
    return grundy


@lru_cache(maxsize=None)
def mover_wins(piles):
    """piles: sorted tuple of three sizes. True if the player to move wins."""
    for index, size in enumerate(piles):
        for take in MOVES:
            if take > size:
                break
            after = piles[:index] + (size - take,) + piles[index + 1 :]
            if not mover_wins(tuple(sorted(after))):
                return True
    return False


def check_sprague_grundy(grundy):
    for x in range(SEARCH_MAX + 1):
        for y in range(x, SEARCH_MAX + 1):
            for z in range(y, SEARCH_MAX + 1):
                assert mover_wins((x, y, z)) == (grundy[x] ^ grundy[y] ^ grundy[z] != 0)


def solve(text, grundy):
    tokens = [int(t) for t in text.split()]
    assert len(tokens) % 3 == 0 and tokens[-3:] == [0, 0, 0], "must end with 0 0 0"
    lines = []
    for i in range(0, len(tokens) - 3, 3):
        m, n, p = tokens[i : i + 3]
        assert all(1 <= v <= MAX for v in (m, n, p)), (m, n, p)
        lines.append("Fibo" if grundy[m] ^ grundy[n] ^ grundy[p] else "Nacci")
    return "".join(line + "\n" for line in lines)


def main():
    grundy = grundy_table(MAX)
    check_sprague_grundy(grundy)
    assert solve(SAMPLE_IN, grundy) == SAMPLE_OUT
    tests = os.path.join(HERE, "tests")
    for name in sorted(os.listdir(tests)):
        if name.endswith(".in"):
            with open(os.path.join(tests, name)) as f:
                text = f.read()
            with open(os.path.join(tests, name[:-3] + ".out"), "w") as f:
                f.write(solve(text, grundy))
    print("hdu1848: Sprague-Grundy checked by search - outputs written")


if __name__ == "__main__":
    main()
