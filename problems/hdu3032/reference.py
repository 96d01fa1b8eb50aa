#!/usr/bin/env python3
"""Reference for hdu3032; running it rewrites every tests/<name>.out (the inputs of
tests/<name>.gen come from `python3 gen.py <args>`; the largest takes about a minute).

Cases with at most 3 piles of at most 7 stones are answered by a real game search: a
memoized win/lose search over multisets of piles, whose moves lower one pile or split one
pile into two nonempty piles. Larger cases use Lasker's closed form for the Grundy value of
one pile (g(s) = s - 1 when s % 4 == 0, s + 1 when s % 4 == 3, else s) and the
Sprague-Grundy theorem (the mover loses iff the xor of the piles' values is 0). Before use,
both are checked in this run: the closed form against a mex search over one pile's moves for
sizes 0..300 (a split's value being the xor of its parts' values), and the xor rule against
the multiset search on every position of 1..4 piles with sizes 1..7. The sample outputs
from the statement are asserted.
"""
import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "2\n3\n2 2 3\n2\n3 3\n"
SAMPLE_OUT = "Alice\nBob\n"
SEARCH_MAX_PILES = 3
SEARCH_MAX_SIZE = 7


def children(piles):
    """piles: sorted tuple of nonempty piles. Lower one pile (an emptied pile goes) or split
    one pile into two nonempty piles."""
    for i, size in enumerate(piles):
        rest = piles[:i] + piles[i + 1 :]
        for left in range(size):
            yield tuple(sorted(rest + ((left,) if left else ())))
        for part in range(1, size // 2 + 1):
            yield tuple(sorted(rest + (part, size - part)))


mover_wins = refkit.win_search(children)


def mex_grundy_table(limit):
    values = []
    for size in range(limit + 1):
        options = set(values[:size])
        options.update(values[part] ^ values[size - part] for part in range(1, size // 2 + 1))
        values.append(refkit.mex(options))
    return values


def closed_form(size):
    if size % 4 == 0:
        return size - 1 if size else 0
    if size % 4 == 3:
        return size + 1
    return size


def first_wins_by_closed_form(piles):
    return refkit.nim_sum(closed_form(size) for size in piles) != 0


def first_wins(piles):
    if len(piles) <= SEARCH_MAX_PILES and max(piles) <= SEARCH_MAX_SIZE:
        return mover_wins(tuple(sorted(piles)))
    return first_wins_by_closed_form(piles)


def solve(text):
    tokens, lines = refkit.Tokens(text), []
    for _ in range(tokens.int()):
        piles = tokens.ints(tokens.int())
        lines.append("Alice" if first_wins(piles) else "Bob")
    return refkit.lines_text(lines)


def check_closed_form():
    table = mex_grundy_table(300)
    assert table == [closed_form(s) for s in range(301)]
    count = 0
    for piles in refkit.multisets(range(1, SEARCH_MAX_SIZE + 1), 4):
        assert first_wins_by_closed_form(piles) == mover_wins(piles), piles
        count += 1
    print(f"closed form agrees with the mex search (sizes 0..300) and the game search ({count})")


def main():
    check_closed_form()
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)


if __name__ == "__main__":
    main()
