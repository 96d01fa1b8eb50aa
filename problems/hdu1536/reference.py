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

import itertools
import os
import random
from functools import lru_cache

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
    tokens = iter(int(t) for t in text.split())
    while True:
        k = next(tokens)
        if k == 0:
            assert next(tokens, None) is None, "tokens after the final 0"
            return
        assert 0 < k <= 100
        moves = [next(tokens) for _ in range(k)]
        assert all(0 < s <= 10**4 for s in moves)
        m = next(tokens)
        assert 0 < m <= 100
        positions = []
        for _ in range(m):
            l = next(tokens)
            assert 0 < l <= 100
            heaps = [next(tokens) for _ in range(l)]
            assert all(0 <= h <= 10**4 for h in heaps)
            positions.append(heaps)
        yield moves, positions


def grundy_table(moves, limit):
    moves = sorted(set(moves))
    grundy = []
    for n in range(limit + 1):
        seen = set()
        for s in moves:
            if s > n:
                break
            seen.add(grundy[n - s])
        value = 0
        while value in seen:
            value += 1
        grundy.append(value)
    return grundy


def searched_wins(moves):
    """A real-game search for one move set: mover_wins(sorted heaps)."""
    moves = sorted(set(moves))

    @lru_cache(maxsize=None)
    def mover_wins(heaps):
        for index, size in enumerate(heaps):
            for s in moves:
                if s > size:
                    break
                after = heaps[:index] + (size - s,) + heaps[index + 1 :]
                if not mover_wins(tuple(sorted(after))):
                    return True
        return False

    return mover_wins


def check_sprague_grundy(moves):
    grundy = grundy_table(moves, SEARCH_MAX)
    mover_wins = searched_wins(moves)
    for count in range(1, SEARCH_HEAPS + 1):
        for heaps in itertools.combinations_with_replacement(range(SEARCH_MAX + 1), count):
            xor = 0
            for h in heaps:
                xor ^= grundy[h]
            assert mover_wins(heaps) == (xor != 0), (moves, heaps)


def solve(text):
    lines = []
    for moves, positions in parse(text):
        grundy = grundy_table(moves, max(max(heaps) for heaps in positions))
        line = ""
        for heaps in positions:
            xor = 0
            for h in heaps:
                xor ^= grundy[h]
            line += "W" if xor else "L"
        lines.append(line)
    return "".join(line + "\n" for line in lines)


def main():
    inputs = {}
    tests = os.path.join(HERE, "tests")
    for name in sorted(os.listdir(tests)):
        if name.endswith(".in"):
            with open(os.path.join(tests, name)) as f:
                inputs[name] = f.read()
    rng = random.Random(1536)
    move_sets = {tuple(sorted(set(moves))) for text in inputs.values() for moves, _ in parse(text)}
    for _ in range(RANDOM_SETS):
        move_sets.add(tuple(sorted({rng.randint(1, SEARCH_MAX) for _ in range(rng.randint(1, 5))})))
    for moves in sorted(move_sets):
        check_sprague_grundy(moves)
    assert solve(SAMPLE_IN) == SAMPLE_OUT
    for name, text in inputs.items():
        with open(os.path.join(tests, name[:-3] + ".out"), "w") as f:
            f.write(solve(text))
    print("hdu1536: Sprague-Grundy checked on", len(move_sets), "move sets - outputs written")


if __name__ == "__main__":
    main()
