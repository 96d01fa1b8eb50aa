#!/usr/bin/env python3
"""Reference for octal-heaps; running it rewrites tests/<name>.out, or tests/<name>.sha256
for the generated tests (their inputs come from `python3 gen.py <args>`).

Method: the moves of a heap are listed straight from the code (take j stones, then leave
nothing, one heap or two nonempty heaps as digit dj's bits allow), and Sprague-Grundy gives
a position the xor of its heaps' values, each the mex over a heap's moves of the xor of
the heaps a move leaves. This is checked first, for every code of the tests, against a
win/lose search of the real game on every multiset of up to 3 heaps with at most 10
stones. Periodicity: values are computed one heap at a time; after each, every period p is
tried with n0 = 1 + the last n (n >= 1, n + p inside the prefix) where G(n) != G(n + p),
and the first (p, n0) whose checked range covers Guy and Smith's n0 <= n < 2*n0 + p + t
(t = the last nonzero digit's position) is taken; as a further check, values are then
computed to twice that prefix (at least 300) and must follow the period. A heap n >= n0
is then worth G(n0 + (n - n0) mod p). The sample outputs from the statement are asserted.
"""
import os
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "0.77\n3\n1 1\n1 4\n2 3 3\n"
SAMPLE_OUT = "First\nFirst\nSecond\n"
SHA256_TESTS = {"max-0.45", "max-0.055", "max-0.777777"}
PROOF_LIMIT = 5000


def parse(code):
    whole, fraction = code.split(".")
    assert whole == "0" and 1 <= len(fraction) <= 6 and all(c in "01234567" for c in fraction)
    return [int(c) for c in fraction]  # digits[j - 1] is dj


def heap_moves(digits, n):
    """Every tuple of heaps that a move on a heap of n stones can leave."""
    for j, d in enumerate(digits, 1):
        rest = n - j
        if rest < 0:
            return
        if d & 1 and rest == 0:
            yield ()
        if d & 2 and rest > 0:
            yield (rest,)
        if d & 4:
            for a in range(1, rest):
                yield (a, rest - a)


def extend(digits, g, count):
    while len(g) < count:
        n = len(g)
        g.append(refkit.mex(refkit.nim_sum(g[h] for h in left) for left in heap_moves(digits, n)))


def check_against_search(digits):
    def children(heaps):
        for i, n in enumerate(heaps):
            others = heaps[:i] + heaps[i + 1 :]
            for left in heap_moves(digits, n):
                yield tuple(sorted(others + left))

    mover_wins = refkit.win_search(children)
    g = []
    extend(digits, g, 11)
    for heaps in refkit.multisets(range(1, 11), 3):
        if sum(heaps) <= 10:
            assert mover_wins(heaps) == (refkit.nim_sum(g[h] for h in heaps) != 0), heaps


def proven_period(digits):
    t = max(j for j, d in enumerate(digits, 1) if d) if any(digits) else 0
    g = []
    while len(g) < PROOF_LIMIT:
        extend(digits, g, len(g) + 1)
        length = len(g)
        for p in range(1, length):
            n = length - 1 - p
            while n >= 1 and g[n] == g[n + p]:
                n -= 1
            n0 = n + 1
            if length >= 2 * n0 + 2 * p + t:  # all n0 <= n < 2*n0 + p + t were compared
                extend(digits, g, max(300, 2 * length))
                assert all(g[m] == g[m + p] for m in range(n0, len(g) - p)), (n0, p)
                return g[: n0 + p], n0, p
    raise AssertionError("no period proven from the first %d values" % PROOF_LIMIT)


def solve(text):
    tokens = text.split()
    digits = parse(tokens[0])
    table, n0, p = proven_period(digits)
    rest = refkit.Tokens(" ".join(tokens[1:]))
    out = []
    for _ in range(rest.int()):
        heaps = rest.ints(rest.int())
        x = 0
        for n in heaps:
            x ^= table[n] if n < n0 else table[n0 + (n - n0) % p]
        out.append("First" if x else "Second")
    rest.end()
    return refkit.lines_text(out)


def main():
    codes = set()
    for _, text in refkit.test_inputs(HERE):
        codes.add(text.split(None, 1)[0])
    for code in sorted(codes):
        digits = parse(code)
        check_against_search(digits)
        table, n0, p = proven_period(digits)
        print(f"{code}: moves agree with a game search; period {p} proven from n0 = {n0}")
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT, sha256=SHA256_TESTS)


main()
