#!/usr/bin/env python3
"""Reference for luogu-p4279; running it rewrites every tests/<name>.out.

Small cases (at most 5 piles, sizes at most 6) are answered by a real game search: a
memoized win/lose search over misere Nim positions (the player facing no stones wins,
because the opponent just took the last one). Larger cases use the anti-SG rule for
misere Nim (Bouton 1902): when every pile is 1 the first player wins iff the number of
piles is even; otherwise iff the xor of the sizes is nonzero. The rule is compared with the
search on every position of 1..5 piles with sizes 1..6 before use, and the sample outputs
from the statement are asserted.
"""
import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "2\n3\n3 5 1\n1\n1\n"
SAMPLE_OUT = "John\nBrother\n"
SEARCH_MAX_PILES = 5
SEARCH_MAX_SIZE = 6


def children(piles):
    """Nim moves on a sorted tuple of nonempty piles; an emptied pile is dropped."""
    for child in refkit.nim_moves(piles):
        yield tuple(size for size in child if size)


# Misere: the only position without moves is no stones at all, and its mover wins.
mover_wins = refkit.win_search(children, no_move_wins=True)


def first_wins_by_rule(piles):
    if all(size == 1 for size in piles):
        return len(piles) % 2 == 0
    return refkit.nim_sum(piles) != 0


def first_wins(piles):
    if len(piles) <= SEARCH_MAX_PILES and max(piles) <= SEARCH_MAX_SIZE:
        return mover_wins(tuple(sorted(piles)))
    return first_wins_by_rule(piles)


def solve(text):
    tokens, lines = refkit.Tokens(text), []
    for _ in range(tokens.int()):
        piles = tokens.ints(tokens.int())
        lines.append("John" if first_wins(piles) else "Brother")
    return refkit.lines_text(lines)


def check_rule_against_search():
    count = 0
    for piles in refkit.multisets(range(1, SEARCH_MAX_SIZE + 1), SEARCH_MAX_PILES):
        assert first_wins_by_rule(piles) == mover_wins(piles), piles
        count += 1
    print(f"anti-SG rule agrees with the game search on {count} positions")


def main():
    check_rule_against_search()
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)


main()
