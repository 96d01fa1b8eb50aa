#!/usr/bin/env python3
"""Independent reference for hdu2149 (Public Sale). Rewrites every tests/*.out.

No formula: a win/lose search of the real game for every raise limit N <= 1100 and every
distance r = M - price <= 1100 still to go. The mover wins at distance r iff some raise
k (1 <= k <= N) either reaches the target (k >= r) or leaves a lost distance r - k; a
sliding count of the lost distances among r-N .. r-1 answers that in O(1) per r.
A first raise x wins iff x >= M or the distance M - x it leaves is lost for the opponent.
"""

import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MAX = 1100

SAMPLE_IN = "4 2\n3 2\n3 5\n"
SAMPLE_OUT = "1\nnone\n3 4 5\n"


def win_table():
    """wins[n][r]: the mover wins at distance r >= 1 from the target with raises 1..n."""
    wins = [None]
    for n in range(1, MAX + 1):
        row = [None]  # distance 0 never occurs: reaching the target ends the game
        lost_in_window = 0
        for r in range(1, MAX + 1):
            row.append(r <= n or lost_in_window > 0)
            # Slide the window of distances left by a raise from [r-n, r-1] to [r-n+1, r].
            if not row[r]:
                lost_in_window += 1
            if r - n >= 1 and not row[r - n]:
                lost_in_window -= 1
        wins.append(row)
    return wins


def solve(text, wins):
    lines = []
    for m, n in refkit.Tokens(text).groups(2):
        assert 1 <= m <= MAX and 1 <= n <= MAX
        good = [x for x in range(1, n + 1) if x >= m or not wins[n][m - x]]
        lines.append(" ".join(map(str, good)) if good else "none")
    return refkit.lines_text(lines)


def main():
    wins = win_table()
    refkit.regenerate(HERE, lambda text: solve(text, wins), SAMPLE_IN, SAMPLE_OUT)
    print("hdu2149: outputs written from the full game table")


if __name__ == "__main__":
    main()
