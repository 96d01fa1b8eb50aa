#!/usr/bin/env python3
"""Independent reference for hdu1846 (Brave Game). Rewrites every tests/*.out.

No formula: a win/lose search of the real game over every pile size n <= 1000 and every
limit m <= 1000. A pile of n is won for the mover iff some take k (1 <= k <= min(m, n))
leaves a lost pile; a sliding count of the lost piles among n-m .. n-1 answers that for
each n in O(1), so the whole 1000 x 1000 table costs about 10^6 steps.
"""

import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MAX = 1000

SAMPLE_IN = "2\n23 2\n4 3\n"
SAMPLE_OUT = "first\nsecond\n"


def win_table():
    """wins[m][n]: the mover wins a pile of n when each move takes 1..m stones."""
    wins = [None]
    for m in range(1, MAX + 1):
        row = [False]  # an empty pile: the mover cannot move and loses
        lost_in_window = 1
        for n in range(1, MAX + 1):
            row.append(lost_in_window > 0)
            # Slide the window of options from [n-m, n-1] to [n-m+1, n].
            if not row[n]:
                lost_in_window += 1
            if n - m >= 0 and not row[n - m]:
                lost_in_window -= 1
        wins.append(row)
    return wins


def solve(text, wins):
    tokens = refkit.Tokens(text)
    cases = tokens.int()
    pairs = tokens.groups(2)
    assert 1 <= cases <= 100 and len(pairs) == cases
    lines = []
    for n, m in pairs:
        assert 1 <= n <= MAX and 1 <= m <= MAX
        lines.append("first" if wins[m][n] else "second")
    return refkit.lines_text(lines)


def main():
    wins = win_table()
    refkit.regenerate(HERE, lambda text: solve(text, wins), SAMPLE_IN, SAMPLE_OUT)
    print("hdu1846: outputs written from the full game table")


if __name__ == "__main__":
    main()
