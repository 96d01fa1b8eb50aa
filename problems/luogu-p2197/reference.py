#!/usr/bin/env python3
"""Independent reference for luogu-p2197 (Nim). Rewrites every tests/*.out.

Small positions: a memoized win/lose search of the real game (take any positive number of
stones from one pile; the player who cannot move loses).

Large positions: Bouton's theorem (1901), the first player wins iff the XOR of the pile sizes
is non-zero. It is used only after this script has checked it, in the same run, against the
search on every position of up to SEARCH_PILES piles of at most SEARCH_MAX stones.
"""

import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SEARCH_PILES = 4
SEARCH_MAX = 7

SAMPLE_IN = "2\n2\n1 1\n2\n1 0\n"
SAMPLE_OUT = "No\nYes\n"

mover_wins = refkit.win_search(refkit.nim_moves)


def bouton_wins(piles):
    return refkit.nim_sum(piles) != 0


def check_bouton():
    for piles in refkit.multisets(range(SEARCH_MAX + 1), SEARCH_PILES):
        assert mover_wins(piles) == bouton_wins(piles), piles


def solve(text):
    tokens = refkit.Tokens(text)
    cases = tokens.int()
    assert 1 <= cases <= 10
    lines = []
    for _ in range(cases):
        n = tokens.int()
        piles = tokens.ints(n)
        assert 1 <= n <= 10**4
        assert all(0 <= a < 10**4 for a in piles)
        lines.append("Yes" if bouton_wins(piles) else "No")
    tokens.end("trailing tokens")
    return refkit.lines_text(lines)


def main():
    check_bouton()
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)
    print("luogu-p2197: Bouton checked by search - outputs written")


if __name__ == "__main__":
    main()
