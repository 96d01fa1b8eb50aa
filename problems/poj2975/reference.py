#!/usr/bin/env python3
"""Independent reference for poj2975 (Nim: count the winning moves). Rewrites tests/*.out.

Small positions: a memoized win/lose search of the real game, and a count of the moves
(pile, new size) whose result the search calls lost for the player to move.

Large positions: Bouton's theorem (1901): a position is lost iff the XOR x of its sizes is 0,
so a move on pile a wins iff it leaves a XOR x, which is possible iff (a XOR x) < a. This
count is used only after this script has checked it, in the same run, against the search
count on every position of up to SEARCH_PILES piles of at most SEARCH_MAX stones.
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

SAMPLE_IN = "3\n7 11 13\n2\n1000000000 1000000000\n0\n"
SAMPLE_OUT = "3\n0\n"

mover_wins = refkit.win_search(refkit.nim_moves)


def searched_winning_moves(piles):
    # nim_moves gives one entry per (pile, new size), so equal piles count separately.
    return sum(1 for after in refkit.nim_moves(piles) if not mover_wins(after))


def bouton_winning_moves(piles):
    xor = refkit.nim_sum(piles)
    return sum(1 for size in piles if size ^ xor < size)


def check_bouton():
    for piles in refkit.multisets(range(SEARCH_MAX + 1), SEARCH_PILES):
        assert searched_winning_moves(piles) == bouton_winning_moves(piles), piles


def solve(text):
    tokens = refkit.Tokens(text)
    lines = []
    while (n := tokens.int()) != 0:
        piles = tokens.ints(n)
        assert 1 <= n <= 1000
        assert all(1 <= k < 2**31 for k in piles)
        lines.append(str(bouton_winning_moves(piles)))
    tokens.end("tokens after the final 0")
    return refkit.lines_text(lines)


def main():
    check_bouton()
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)
    print("poj2975: Bouton's count checked by search - outputs written")


if __name__ == "__main__":
    main()
