#!/usr/bin/env python3
"""Independent reference for hdu1536 (S-Nim). Rewrites every tests/*.out.

Small positions: a win/lose search of the real game (remove exactly s stones from one heap,
s in the move set; the player who cannot move loses) over every position of up to
SEARCH_HEAPS heaps of at most SEARCH_MAX stones.

All positions: the Sprague-Grundy theorem. One heap's Grundy value is a direct mex over its
moves, and a position is won iff the XOR over its heaps is non-zero. This is used only after
the search agrees with it, in the same run, for the move set of every test case in
tests/*.in and for RANDOM_SETS random move sets.
"""

import os
import random
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SEARCH_HEAPS = 3
SEARCH_MAX = 14
RANDOM_SETS = 30

SAMPLE_IN = """2 2 5
3
2 5 12
3 2 4 7
4 2 3 7 12
5 1 2 3 4 5
3
2 5 12
3 2 4 7
4 2 3 7 12
0
"""
SAMPLE_OUT = "LWW\nWWL\n"


def parse(text):
    """Yields (move set, list of positions) per test case."""
    tokens = refkit.Tokens(text)
    while True:
        k = tokens.int()
        if k == 0:
            tokens.end("tokens after the final 0")
            return
        assert 0 < k <= 100
        moves = tokens.ints(k)
        assert all(0 < s <= 10**4 for s in moves)
        m = tokens.int()
        assert 0 < m <= 100
        positions = []
        for _ in range(m):
            l = tokens.int()
            assert 0 < l <= 100
            heaps = tokens.ints(l)
            assert all(0 <= h <= 10**4 for h in heaps)
            positions.append(heaps)
        yield moves, positions


def grundy_table(moves, limit):
    moves = sorted(set(moves))
    grundy = []
    for n in range(limit + 1):
        grundy.append(refkit.mex(grundy[n - s] for s in moves if s <= n))
    return grundy


def searched_wins(moves):
    """A real-game search for one move set: mover_wins(sorted heaps)."""
    moves = sorted(set(moves))
    return refkit.win_search(lambda heaps: refkit.nim_moves(heaps, moves))


def check_sprague_grundy(moves):
    grundy = grundy_table(moves, SEARCH_MAX)
    mover_wins = searched_wins(moves)
    for heaps in refkit.multisets(range(SEARCH_MAX + 1), SEARCH_HEAPS):
        xor = refkit.nim_sum(grundy[h] for h in heaps)
        assert mover_wins(heaps) == (xor != 0), (moves, heaps)


def solve(text):
    lines = []
    for moves, positions in parse(text):
        grundy = grundy_table(moves, max(max(heaps) for heaps in positions))
        line = ""
        for heaps in positions:
            line += "W" if refkit.nim_sum(grundy[h] for h in heaps) else "L"
        lines.append(line)
    return refkit.lines_text(lines)


def main():
    inputs = [text for _, text in refkit.test_inputs(HERE)]
    rng = random.Random(1536)
    move_sets = {tuple(sorted(set(moves))) for text in inputs for moves, _ in parse(text)}
    for _ in range(RANDOM_SETS):
        move_sets.add(tuple(sorted({rng.randint(1, SEARCH_MAX) for _ in range(rng.randint(1, 5))})))
    for moves in sorted(move_sets):
        check_sprague_grundy(moves)
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)
    print("hdu1536: Sprague-Grundy checked on", len(move_sets), "move sets - outputs written")


if __name__ == "__main__":
    main()
