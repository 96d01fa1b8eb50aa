#!/usr/bin/env python3
"""Reference for poj3537; running it rewrites every tests/<name>.out.

Strips of n <= 22 cells are answered by a real board search: a memoized win/lose search
over bitmasks of placed X, where the mover wins at once if some empty cell completes three
in a row, and otherwise needs some placement that leaves the opponent lost. Longer strips
use a Grundy recurrence derived from the game: an X within two cells of another X lets
the opponent complete three, so nobody places there while a safe cell exists, and a
player left without a safe cell loses. A placement at cell i of a run of r safe cells thus
leaves independent runs of max(0, i - 3) and max(0, r - i - 2) safe cells:
g(r) = mex over i of g(max(0, i - 3)) ^ g(max(0, r - i - 2)), and the first player wins iff
g(n) != 0. The recurrence is compared with the board search for every 3 <= n <= 22 before
use (a full strip of 3 or more cells holds three in a row, so play always ends with a
winner); the sample outputs from the statement are asserted.
"""
import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "3\n6\n"
SAMPLE_OUT = "1\n2\n"
SEARCH_MAX_CELLS = 22
MAX_N = 2000


def completes_three(board, cell, n):
    """Would an X at `cell` complete three in a row on `board` (bitmask over n cells)?"""
    board |= 1 << cell
    for start in range(max(0, cell - 2), min(cell, n - 3) + 1):
        if board >> start & 7 == 7:
            return True
    return False


def board_first_wins(n):
    def children(board):
        empty = [c for c in range(n) if not board >> c & 1]
        if any(completes_three(board, c, n) for c in empty):
            yield refkit.WON  # completing three ends the game at once
            return
        for c in empty:
            yield board | 1 << c

    return refkit.win_search(children)(0)


def grundy_table(limit):
    g = [0] * (limit + 1)
    for run in range(1, limit + 1):
        g[run] = refkit.mex(g[max(0, i - 3)] ^ g[max(0, run - i - 2)] for i in range(1, run + 1))
    return g


GRUNDY = grundy_table(MAX_N)


def first_wins(n):
    return board_first_wins(n) if n <= SEARCH_MAX_CELLS else GRUNDY[n] != 0


def solve(text):
    return refkit.lines_text("1" if first_wins(n) else "2" for n in refkit.Tokens(text).values)


def check_recurrence_against_search():
    for n in range(3, SEARCH_MAX_CELLS + 1):
        assert board_first_wins(n) == (GRUNDY[n] != 0), n
    print(f"Grundy recurrence agrees with the board search for n = 3..{SEARCH_MAX_CELLS}")


def main():
    check_recurrence_against_search()
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)


main()
