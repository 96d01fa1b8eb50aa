#!/usr/bin/env python3
"""Independent reference for poj2234 (Matches Game). Rewrites every tests/*.out.

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

SAMPLE_IN = "2 45 45\n3 3 6 9\n"
SAMPLE_OUT = "No\nYes\n"


def check_bouton():
    mover_wins = refkit.win_search(refkit.nim_moves)
    for piles in refkit.multisets(range(SEARCH_MAX + 1), SEARCH_PILES):
        assert mover_wins(piles) == (refkit.nim_sum(piles) != 0), piles


def solve(text):
    tokens = refkit.Tokens(text)
    lines = []
    while tokens.more():
        m = tokens.int()
        piles = tokens.ints(m)
        assert 1 <= m <= 20
        assert all(0 <= a <= 10**7 for a in piles)
        lines.append("Yes" if refkit.nim_sum(piles) else "No")
    return refkit.lines_text(lines)


def main():
    check_bouton()
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)
    print("poj2234: Bouton checked by search - outputs written")


if __name__ == "__main__":
    main()
