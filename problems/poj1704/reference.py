#!/usr/bin/env python3
"""Reference for poj1704; running it rewrites every tests/<name>.out.

Cases whose chessmen all stand on cells 1..14 are answered by a real game search: a
memoized win/lose search over the set of occupied cells (bit c-1 for cell c), where a move
slides one chessman left onto any free cell before the next chessman to its left (or the
strip's end). Larger cases use the staircase Nim theorem: with the positions sorted and
gap_i = (free cells between chessman i and the one before it, or the strip's end), the mover
loses iff the xor of gap_N, gap_{N-2}, gap_{N-4}, ... is 0. The theorem is compared with the
search on every set of chessmen on cells 1..14 before use; the sample outputs from the
statement are asserted.
"""
import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "2\n3\n1 2 3\n8\n1 5 6 7 9 12 14 17\n"
SAMPLE_OUT = "Bob will win\nGeorgia will win\n"
SEARCH_CELLS = 14


def children(occupied):
    """Slide one chessman left onto a free cell before the next chessman or the strip's end."""
    for cell in range(SEARCH_CELLS):
        if occupied >> cell & 1:
            target = cell - 1
            while target >= 0 and not occupied >> target & 1:
                yield occupied ^ (1 << cell) ^ (1 << target)
                target -= 1


mover_wins = refkit.win_search(children)


def first_wins_by_staircase(positions):
    cells = sorted(positions)
    gaps = [cells[0] - 1] + [b - a - 1 for a, b in zip(cells, cells[1:])]
    return refkit.nim_sum(gaps[i] for i in range(len(gaps) - 1, -1, -2)) != 0


def first_wins(positions):
    if max(positions) <= SEARCH_CELLS:
        return mover_wins(sum(1 << (p - 1) for p in positions))
    return first_wins_by_staircase(positions)


def solve(text):
    tokens, lines = refkit.Tokens(text), []
    for _ in range(tokens.int()):
        positions = tokens.ints(tokens.int())
        lines.append("Georgia will win" if first_wins(positions) else "Bob will win")
    return refkit.lines_text(lines)


def check_staircase_against_search():
    for occupied in range(1, 1 << SEARCH_CELLS):
        positions = [c + 1 for c in range(SEARCH_CELLS) if occupied >> c & 1]
        assert first_wins_by_staircase(positions) == mover_wins(occupied), positions
    print(f"staircase theorem agrees with the game search on all {(1 << SEARCH_CELLS) - 1} sets")


def main():
    check_staircase_against_search()
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)


main()
