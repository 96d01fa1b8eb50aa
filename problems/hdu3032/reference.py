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
import functools
import itertools
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "2\n3\n2 2 3\n2\n3 3\n"
SAMPLE_OUT = "Alice\nBob\n"
SEARCH_MAX_PILES = 3
SEARCH_MAX_SIZE = 7


@functools.lru_cache(maxsize=None)
def mover_wins(piles):
    """piles: sorted tuple of nonempty piles."""
    for i, size in enumerate(piles):
        rest = piles[:i] + piles[i + 1 :]
        children = [rest + ((left,) if left else ()) for left in range(size)]
        children += [rest + (part, size - part) for part in range(1, size // 2 + 1)]
        for child in children:
            if not mover_wins(tuple(sorted(child))):
                return True
    return False


def mex_grundy_table(limit):
    values = []
    for size in range(limit + 1):
        options = set(values[:size])
        options.update(values[part] ^ values[size - part] for part in range(1, size // 2 + 1))
        value = 0
        while value in options:
            value += 1
        values.append(value)
    return values


def closed_form(size):
    if size % 4 == 0:
        return size - 1 if size else 0
    if size % 4 == 3:
        return size + 1
    return size


def first_wins_by_closed_form(piles):
    total = 0
    for size in piles:
        total ^= closed_form(size)
    return total != 0


def first_wins(piles):
    if len(piles) <= SEARCH_MAX_PILES and max(piles) <= SEARCH_MAX_SIZE:
        return mover_wins(tuple(sorted(piles)))
    return first_wins_by_closed_form(piles)


def solve(text):
    tokens = list(map(int, text.split()))
    cases, pos, lines = tokens[0], 1, []
    for _ in range(cases):
        n = tokens[pos]
        piles = tokens[pos + 1 : pos + 1 + n]
        pos += 1 + n
        lines.append("Alice" if first_wins(piles) else "Bob")
    return "".join(line + "\n" for line in lines)


def check_closed_form():
    table = mex_grundy_table(300)
    assert table == [closed_form(s) for s in range(301)]
    count = 0
    for n in range(1, 5):
        for piles in itertools.combinations_with_replacement(range(1, SEARCH_MAX_SIZE + 1), n):
            assert first_wins_by_closed_form(piles) == mover_wins(piles), piles
            count += 1
    print(f"closed form agrees with the mex search (sizes 0..300) and the game search ({count})")


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
    check_closed_form()
    assert solve(SAMPLE_IN) == SAMPLE_OUT
    for stem, text in test_inputs():
        with open(os.path.join(HERE, "tests", stem + ".out"), "w") as f:
            f.write(solve(text))
        print("wrote", stem + ".out")


main()
