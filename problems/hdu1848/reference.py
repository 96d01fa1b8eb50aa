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
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

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
        grundy.append(refkit.mex(grundy[n - take] for take in MOVES if take <= n))
    return grundy


# piles: sorted tuple of three sizes; a move takes a Fibonacci number from one pile.
mover_wins = refkit.win_search(lambda piles: refkit.nim_moves(piles, MOVES))


def check_sprague_grundy(grundy):
    for x in range(SEARCH_MAX + 1):
        for y in range(x, SEARCH_MAX + 1):
            for z in range(y, SEARCH_MAX + 1):
                assert mover_wins((x, y, z)) == (grundy[x] ^ grundy[y] ^ grundy[z] != 0)


def solve(text, grundy):
    tokens = refkit.Tokens(text)
    assert tokens.values[-3:] == [0, 0, 0], "must end with 0 0 0"
    lines = []
    for m, n, p in tokens.groups(3)[:-1]:
        assert all(1 <= v <= MAX for v in (m, n, p)), (m, n, p)
        lines.append("Fibo" if grundy[m] ^ grundy[n] ^ grundy[p] else "Nacci")
    return refkit.lines_text(lines)


def main():
    grundy = grundy_table(MAX)
    check_sprague_grundy(grundy)
    refkit.regenerate(HERE, lambda text: solve(text, grundy), SAMPLE_IN, SAMPLE_OUT)
    print("hdu1848: Sprague-Grundy checked by search - outputs written")


if __name__ == "__main__":
    main()
