#!/usr/bin/env python3
"""Independent reference for poj2975 (Nim: count the winning moves). Rewrites tests/*.out.

Small positions: a memoized win/lose search of the real game, and a count of the moves
(pile, new size) whose result the search calls lost for the player to move.

Large positions: Bouton's theorem (1901): a position is lost iff the XOR x of its sizes is 0,
so a move on pile a wins iff it leaves a XOR x, which is possible iff (a XOR x) < a. This
count is used only after this script has checked it, in the same run, against the search
count on every position of up to SEARCH_PILES piles of at most SEARCH_MAX stones.
"""

import itertools
import os
from functools import lru_cache

HERE = os.path.dirname(os.path.abspath(__file__))
SEARCH_PILES = 4
SEARCH_MAX = 7

SAMPLE_IN = "3\n7 11 13\n2\n1000000000 1000000000\n0\n"
SAMPLE_OUT = "3\n0\n"


@lru_cache(maxsize=None)
def mover_wins(piles):
    """piles: sorted tuple of sizes. True if the player to move wins."""
    return any(not mover_wins(after) for after in moves(piles))


def moves(piles):
    """Every position one move away, as sorted tuples, one entry per (pile, new size)."""
    for index, size in enumerate(piles):
        for left in range(size):
            yield tuple(sorted(piles[:index] + (left,) + piles[index + 1 :]))


def searched_winning_moves(piles):
    return sum(1 for after in moves(piles) if not mover_wins(after))


def bouton_winning_moves(piles):
    xor = 0
    for size in piles:
        xor ^= size
    return sum(1 for size in piles if size ^ xor < size)


def check_bouton():
    for count in range(1, SEARCH_PILES + 1):
        for piles in itertools.combinations_with_replacement(range(SEARCH_MAX + 1), count):
            assert searched_winning_moves(piles) == bouton_winning_moves(piles), piles


def solve(text):
    tokens = [int(t) for t in text.split()]
    pos, lines = 0, []
    while tokens[pos] != 0:
        n = tokens[pos]
        piles = tokens[pos + 1 : pos + 1 + n]
        pos += 1 + n
        assert 1 <= n <= 1000 and len(piles) == n
        assert all(1 <= k < 2**31 for k in piles)
        lines.append(str(bouton_winning_moves(piles)))
    assert pos == len(tokens) - 1, "tokens after the final 0"
    return "".join(line + "\n" for line in lines)


def main():
    check_bouton()
    assert solve(SAMPLE_IN) == SAMPLE_OUT
    tests = os.path.join(HERE, "tests")
    for name in sorted(os.listdir(tests)):
        if name.endswith(".in"):
            with open(os.path.join(tests, name)) as f:
                text = f.read()
            with open(os.path.join(tests, name[:-3] + ".out"), "w") as f:
                f.write(solve(text))
    print("poj2975: Bouton's count checked by search - outputs written")


if __name__ == "__main__":
    main()
