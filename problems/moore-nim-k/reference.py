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
import functools
import itertools
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "2\n3 1\n1 2 3\n3 2\n1 2 3\n"
SAMPLE_OUT = "Second\nFirst\n"
SEARCH_LIMITS = [(4, 5), (5, 3)]  # (piles, largest size) searched exhaustively


@functools.lru_cache(maxsize=None)
def mover_wins(piles, k):
    """piles: sorted tuple of nonempty piles."""
    for chosen in range(1, min(k, len(piles)) + 1):
        for subset in itertools.combinations(range(len(piles)), chosen):
            for lowered in itertools.product(*(range(piles[i]) for i in subset)):
                child = list(piles)
                for i, value in zip(subset, lowered):
                    child[i] = value
                child = tuple(sorted(v for v in child if v))
                if not mover_wins(child, k):
                    return True
    return False


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
    tokens = list(map(int, text.split()))
    cases, pos, lines = tokens[0], 1, []
    for _ in range(cases):
        n, k = tokens[pos], tokens[pos + 1]
        piles = tokens[pos + 2 : pos + 2 + n]
        pos += 2 + n
        lines.append("First" if first_wins(piles, k) else "Second")
    return "".join(line + "\n" for line in lines)


def check_moore_against_search():
    count = 0
    for max_piles, max_size in SEARCH_LIMITS:
        for n in range(1, max_piles + 1):
            for piles in itertools.combinations_with_replacement(range(max_size + 1), n):
                for k in range(1, n + 1):
                    nonzero = tuple(p for p in piles if p)
                    assert first_wins_by_moore(piles, k) == mover_wins(nonzero, k), (piles, k)
                    count += 1
    print(f"Moore's theorem agrees with the game search on {count} (position, k) pairs")


def test_inputs():
    tests = os.path.join(HERE, "tests")
    for name in sorted(os.listdir(tests)):
        stem, ext = os.path.splitext(name)
        if ext == ".in":
            with open(os.path.join(tests, name)) as f:
                yield stem, f.read()
        elif ext == ".gen":
            with open(os.path.join(tests, name)) as f:
                args = f.read().split()
            yield stem, subprocess.run(
                ["python3", "gen.py", *args], cwd=HERE, check=True, capture_output=True, text=True
            ).stdout


def main():
    check_moore_against_search()
    assert solve(SAMPLE_IN) == SAMPLE_OUT
    for stem, text in test_inputs():
        with open(os.path.join(HERE, "tests", stem + ".out"), "w") as f:
            f.write(solve(text))
        print("wrote", stem + ".out")


main()
