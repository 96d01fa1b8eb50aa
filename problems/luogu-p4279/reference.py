#!/usr/bin/env python3
"""Reference for luogu-p4279; running it rewrites every tests/<name>.out.

Small cases (at most 4 piles, sizes at most 6) are answered by a real game search: a
memoized win/lose search over misere Nim positions (the player facing no stones wins,
because the opponent just took the last one). Larger cases use the anti-SG rule for
misere Nim (Bouton 1902): when every pile is 1 the first player wins iff the number of
piles is even; otherwise iff the xor of the sizes is nonzero. The rule is compared with the
search on every position of 1..5 piles with sizes 1..6 before use, and the sample outputs
from the statement are asserted.
"""
import functools
import itertools
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "2\n3\n3 5 1\n1\n1\n"
SAMPLE_OUT = "John\nBrother\n"
SEARCH_MAX_PILES = 5
SEARCH_MAX_SIZE = 6


@functools.lru_cache(maxsize=None)
def mover_wins(piles):
    """piles: sorted tuple of nonempty piles; taking the last stone loses."""
    if not piles:
        return True
    for i, size in enumerate(piles):
        for left in range(size):
            rest = piles[:i] + piles[i + 1 :] + ((left,) if left else ())
            if not mover_wins(tuple(sorted(rest))):
                return True
    return False


def first_wins_by_rule(piles):
    if all(size == 1 for size in piles):
        return len(piles) % 2 == 0
    total = 0
    for size in piles:
        total ^= size
    return total != 0


def first_wins(piles):
    if len(piles) <= SEARCH_MAX_PILES and max(piles) <= SEARCH_MAX_SIZE:
        return mover_wins(tuple(sorted(piles)))
    return first_wins_by_rule(piles)


def solve(text):
    tokens = list(map(int, text.split()))
    cases, pos, lines = tokens[0], 1, []
    for _ in range(cases):
        n = tokens[pos]
        piles = tokens[pos + 1 : pos + 1 + n]
        pos += 1 + n
        lines.append("John" if first_wins(piles) else "Brother")
    return "".join(line + "\n" for line in lines)


def check_rule_against_search():
    count = 0
    for n in range(1, SEARCH_MAX_PILES + 1):
        for piles in itertools.combinations_with_replacement(range(1, SEARCH_MAX_SIZE + 1), n):
            assert first_wins_by_rule(piles) == mover_wins(piles), piles
            count += 1
    print(f"anti-SG rule agrees with the game search on {count} positions")


def main():
    check_rule_against_search()
    assert solve(SAMPLE_IN) == SAMPLE_OUT
    tests = os.path.join(HERE, "tests")
    for name in sorted(os.listdir(tests)):
        if name.endswith(".in"):
            with open(os.path.join(tests, name)) as f:
                out = solve(f.read())
            with open(os.path.join(tests, name[:-3] + ".out"), "w") as f:
                f.write(out)
            print("wrote", name[:-3] + ".out")


main()
