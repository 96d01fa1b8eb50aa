#!/usr/bin/env python3
"""Reference for moore-nim-k; running it rewrites every tests/<name>.out (the inputs of
tests/<name>.gen come from `python3 gen.py <args>`).

Small cases (at most 5 piles, sizes at most 5) are answered by a real game search: a
memoized win/lose search whose moves lower 1..k nonempty piles by any positive amounts.
Larger cases use Moore's theorem (1910): the mover loses iff, for every bit, the number of
piles having that bit set is a multiple of k+1. The theorem is compared with the search on
every position with n <= 4 and sizes 0..5, and n = 5 with sizes 0..3, for every k <= n, before
use; the sample outputs from the statement are asserted.
"""
import itertools
import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "2\n3 1\n1 2 3\n3 2\n1 2 3\n"
SAMPLE_OUT = "Second\nFirst\n"
SEARCH_LIMITS = [(4, 5), (5, 3)]  # (piles, largest size) searched exhaustively


def children(position):
    """position: (sorted tuple of nonempty piles, k). Lower 1..k piles by positive amounts."""
    piles, k = position
    for chosen in range(1, min(k, len(piles)) + 1):
        for subset in itertools.combinations(range(len(piles)), chosen):
            for lowered in itertools.product(*(range(piles[i]) for i in subset)):
                child = list(piles)
                for i, value in zip(subset, lowered):
                    child[i] = value
                yield tuple(sorted(v for v in child if v)), k


search = refkit.win_search(children)


def mover_wins(piles, k):
    return search((piles, k))


def first_wins_by_moore(piles, k):
    top = max(piles).bit_length()
    for bit in range(top):
        if sum((p >> bit) & 1 for p in piles) % (k + 1):
            return True
    return False


def searchable(piles):
    return any(len(piles) <= n and max(piles) <= s for n, s in SEARCH_LIMITS)


def first_wins(piles, k):
    if searchable(piles):
        return mover_wins(tuple(sorted(p for p in piles if p)), k)
    return first_wins_by_moore(piles, k)


def solve(text):
    tokens, lines = refkit.Tokens(text), []
    for _ in range(tokens.int()):
        n, k = tokens.int(), tokens.int()
        piles = tokens.ints(n)
        lines.append("First" if first_wins(piles, k) else "Second")
    return refkit.lines_text(lines)


def check_moore_against_search():
    count = 0
    for max_piles, max_size in SEARCH_LIMITS:
        for piles in refkit.multisets(range(max_size + 1), max_piles):
            for k in range(1, len(piles) + 1):
                nonzero = tuple(p for p in piles if p)
                assert first_wins_by_moore(piles, k) == mover_wins(nonzero, k), (piles, k)
                count += 1
    print(f"Moore's theorem agrees with the game search on {count} (position, k) pairs")


def main():
    check_moore_against_search()
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)


if __name__ == "__main__":
    main()
