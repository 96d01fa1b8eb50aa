#!/usr/bin/env python3
"""Reference for hdu2176; running it rewrites every tests/<name>.out.

Small cases (at most 4 piles, sizes at most 7) are answered by a real game search: a
memoized win/lose search over Nim positions, and a pile's winning moves are all sizes b
that leave a lost position for the opponent. Larger cases use Bouton's theorem (a position
is lost iff the xor of the sizes is 0; the winning move on a pile leaves size ^ xor when
that is smaller). Before use, Bouton's answer is compared with the search on every position
of 1..4 piles with sizes 1..7, and the sample outputs from the statement are asserted.
"""
import itertools
import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "2\n45 45\n3\n3 6 9\n5\n5 7 8 9 10\n0\n"
SAMPLE_OUT = "No\nYes\n9 5\nYes\n8 1\n9 0\n10 3\n"
SEARCH_MAX_PILES = 4
SEARCH_MAX_SIZE = 7

mover_wins = refkit.win_search(refkit.nim_moves)


def answer_by_search(piles):
    if not mover_wins(tuple(sorted(piles))):
        return ["No"]
    lines = ["Yes"]
    for i, size in enumerate(piles):
        for left in range(size):
            child = piles[:i] + [left] + piles[i + 1 :]
            if not mover_wins(tuple(sorted(child))):
                lines.append(f"{size} {left}")
    return lines


def answer_by_bouton(piles):
    total = refkit.nim_sum(piles)
    if total == 0:
        return ["No"]
    return ["Yes"] + [f"{s} {s ^ total}" for s in piles if s ^ total < s]


def small(piles):
    return len(piles) <= SEARCH_MAX_PILES and max(piles) <= SEARCH_MAX_SIZE


def solve(text):
    tokens, lines = refkit.Tokens(text), []
    while (m := tokens.int()) != 0:
        piles = tokens.ints(m)
        lines += answer_by_search(piles) if small(piles) else answer_by_bouton(piles)
    return refkit.lines_text(lines)


def check_bouton_against_search():
    count = 0
    for m in range(1, SEARCH_MAX_PILES + 1):
        # Every order of the piles, not only sorted ones: the answer lists moves pile by pile.
        for piles in itertools.product(range(1, SEARCH_MAX_SIZE + 1), repeat=m):
            assert answer_by_bouton(list(piles)) == answer_by_search(list(piles)), piles
            count += 1
    print(f"Bouton agrees with the game search on {count} positions")


def main():
    sys.setrecursionlimit(10000)
    check_bouton_against_search()
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)


main()
