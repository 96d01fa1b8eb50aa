#!/usr/bin/env python3
"""Independent reference for poj2234 (Matches Game). Rewrites every tests/*.out.

Small positions: a memoized win/lose search of the real game (take any positive number of
stones from one pile; the player who cannot move loses).

Large positions: Bouton's theorem (1901), the first player wins iff the XOR of the pile sizes
is non-zero. It is used only after this script has checked it, in the same run, against the
search on every position of up to SEARCH_PILES piles of at most SEARCH_MAX stones.
"""

import itertools
import os
from functools import lru_cache

HERE = os.path.dirname(os.path.abspath(__file__))
SEARCH_PILES = 4
SEARCH_MAX = 7

SAMPLE_IN = "2 45 45\n3 3 6 9\n"
SAMPLE_OUT = "No\nYes\n"


@lru_cache(maxsize=None)
def mover_wins(piles):
    """piles: sorted tuple of sizes. True if the player to move wins."""
    for index, size in enumerate(piles):
        for left in range(size):
            after = piles[:index] + (left,) + piles[index + 1 :]
            if not mover_wins(tuple(sorted(after))):
                return True
    return False


def bouton_wins(piles):
    xor = 0
    for size in piles:
        xor ^= size
    return xor != 0


def check_bouton():
    for count in range(1, SEARCH_PILES + 1):
        for piles in itertools.combinations_with_replacement(range(SEARCH_MAX + 1), count):
            assert mover_wins(piles) == bouton_wins(piles), piles


def solve(text):
    tokens = [int(t) for t in text.split()]
    pos, lines = 0, []
    while pos < len(tokens):
        m = tokens[pos]
        piles = tokens[pos + 1 : pos + 1 + m]
        pos += 1 + m
        assert 1 <= m <= 20 and len(piles) == m
        assert all(0 <= a <= 10**7 for a in piles)
        lines.append("Yes" if bouton_wins(piles) else "No")
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
    print("poj2234: Bouton checked by search - outputs written")


if __name__ == "__main__":
    main()
