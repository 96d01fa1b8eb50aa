#!/usr/bin/env python3
"""Independent reference for poj2311 (Cutting Game). Rewrites every tests/*.out.

Small sizes: a search of the real game. A position is the multiset of paper pieces; a move
cuts one piece along a grid line, and a cut that produces a 1x1 piece wins at once.

All sizes up to 200: the Sprague-Grundy table of the reduced game in which pieces always
keep both sides >= 2 (a player who creates a piece with a side of 1 hands the opponent an
immediate 1x1 cut, so in optimal play it is a loss; a player with no reduced move loses).
That reduction is an argument, not a fact, so this script first checks it: for every
W x H with both sides <= SEARCH_LIMIT, the real-game search must agree with the table.
Only then are the expected outputs written.
"""

import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_SIDE = 200
SEARCH_LIMIT = 10

SAMPLE_IN = "2 2\n3 2\n4 2\n"
SAMPLE_OUT = "LOSE\nLOSE\nWIN\n"


def cuts(w, h):
    """Every pair of pieces one cut of a w x h piece can produce, sides sorted."""
    for i in range(1, w):
        yield tuple(sorted((i, h))), tuple(sorted((w - i, h)))
    for j in range(1, h):
        yield tuple(sorted((w, j))), tuple(sorted((w, h - j)))


def children(pieces):
    """pieces: sorted tuple of (short, long) sides; a cut that makes a 1x1 piece wins."""
    for index, (w, h) in enumerate(pieces):
        rest = pieces[:index] + pieces[index + 1 :]
        for a, b in cuts(w, h):
            if a == (1, 1) or b == (1, 1):
                yield refkit.WON
            else:
                yield tuple(sorted(rest + (a, b)))


real_game_wins = refkit.win_search(children)


def reduced_grundy_table(limit):
    """g[w][h] for 2 <= w, h <= limit: cuts keep both new pieces' sides >= 2."""
    g = [[0] * (limit + 1) for _ in range(limit + 1)]
    for w in range(2, limit + 1):
        for h in range(2, w + 1):
            seen = set()
            for i in range(2, w // 2 + 1):
                seen.add(g[i][h] ^ g[w - i][h])
            for j in range(2, h // 2 + 1):
                seen.add(g[w][j] ^ g[w][h - j])
            g[w][h] = g[h][w] = refkit.mex(seen)
    return g


def check_reduction(g):
    for w in range(2, SEARCH_LIMIT + 1):
        for h in range(w, SEARCH_LIMIT + 1):
            assert real_game_wins(((w, h),)) == (g[w][h] != 0), (w, h)


def solve(text, g):
    lines = []
    for w, h in refkit.Tokens(text).groups(2):
        assert 2 <= w <= MAX_SIDE and 2 <= h <= MAX_SIDE, (w, h)
        lines.append("WIN" if g[w][h] else "LOSE")
    return refkit.lines_text(lines)


def main():
    sys.setrecursionlimit(10000)
    g = reduced_grundy_table(MAX_SIDE)
    check_reduction(g)
    refkit.regenerate(HERE, lambda text: solve(text, g), SAMPLE_IN, SAMPLE_OUT)
    print("poj2311: reduction checked up to", SEARCH_LIMIT, "- outputs written")


if __name__ == "__main__":
    main()
