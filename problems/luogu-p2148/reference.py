#!/usr/bin/env python3
"""Reference for luogu-p2148; running it rewrites every tests/<name>.out (the inputs of
tests/<name>.gen come from `python3 gen.py <args>`).

Cases with at most 3 groups of sizes at most 6 are answered by a real game search: a
memoized win/lose search over multisets of groups, a move replacing one group (a, b) by
(x, a - x) or (y, b - y). Larger cases use the closed form for one group's Grundy value
(the number of trailing one bits of (a-1)|(b-1)) and the Sprague-Grundy theorem (the mover
loses iff the xor of the groups' values is 0). Before use both are checked in this run: the
closed form against a mex search over one group's moves for all a, b <= 160, and the xor
rule against the multiset search on every position of 1..3 groups with sizes 1..6. The
sample outputs from the statement are asserted.
"""
import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "2\n4\n1 2 3 1\n6\n1 1 1 1 1 1\n"
SAMPLE_OUT = "YES\nNO\n"
SEARCH_MAX_GROUPS = 3
SEARCH_MAX_SIZE = 6
MEX_LIMIT = 160


def splits(size):
    return [(x, size - x) for x in range(1, size // 2 + 1)]


def children(groups):
    """groups: sorted tuple of sorted (a, b) pairs. Keep one side of a group, split it."""
    for i, (a, b) in enumerate(groups):
        rest = groups[:i] + groups[i + 1 :]
        for kept in (a, b):
            for group in splits(kept):
                yield tuple(sorted(rest + (group,)))


mover_wins = refkit.win_search(children)


def mex_table(limit):
    """table[a][b] by mex over the moves of one group; group values for sums up to 2*limit."""
    grundy = {}

    def value(a, b):
        key = (min(a, b), max(a, b))
        if key not in grundy:
            grundy[key] = refkit.mex({value(x, y) for kept in key for x, y in splits(kept)})
        return grundy[key]

    return [[value(a, b) if a and b else None for b in range(limit + 1)] for a in range(limit + 1)]


def closed_form(a, b):
    bits = (a - 1) | (b - 1)
    value = 0
    while bits >> value & 1:
        value += 1
    return value


def first_wins_by_closed_form(piles):
    values = (closed_form(piles[i], piles[i + 1]) for i in range(0, len(piles), 2))
    return refkit.nim_sum(values) != 0


def first_wins(piles):
    if len(piles) <= 2 * SEARCH_MAX_GROUPS and max(piles) <= SEARCH_MAX_SIZE:
        groups = tuple(sorted(tuple(sorted(piles[i : i + 2])) for i in range(0, len(piles), 2)))
        return mover_wins(groups)
    return first_wins_by_closed_form(piles)


def solve(text):
    tokens, lines = refkit.Tokens(text), []
    for _ in range(tokens.int()):
        piles = tokens.ints(tokens.int())
        lines.append("YES" if first_wins(piles) else "NO")
    return refkit.lines_text(lines)


def check_closed_form():
    table = mex_table(MEX_LIMIT)
    for a in range(1, MEX_LIMIT + 1):
        for b in range(1, MEX_LIMIT + 1):
            assert table[a][b] == closed_form(a, b), (a, b)
    pairs = [(a, b) for a in range(1, SEARCH_MAX_SIZE + 1) for b in range(a, SEARCH_MAX_SIZE + 1)]
    count = 0
    for groups in refkit.multisets(pairs, SEARCH_MAX_GROUPS):
        piles = [size for group in groups for size in group]
        assert first_wins_by_closed_form(piles) == mover_wins(groups), groups
        count += 1
    print(f"closed form agrees with the mex search (a, b <= {MEX_LIMIT})"
          f" and the game search ({count} positions)")


def main():
    check_closed_form()
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)


if __name__ == "__main__":
    main()
