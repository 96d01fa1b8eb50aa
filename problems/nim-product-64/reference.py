#!/usr/bin/env python3
"""Reference for nim-product-64; running it rewrites tests/<name>.out, or tests/<name>.sha256
for the generated test (its input comes from `python3 gen.py <args>`; about two minutes).

Method: the textbook recursion over halves. Write a = a1 * F + a0 and b = b1 * F + b0 with
F = 2^(w/2) for w-bit numbers (w a power of two); since F is a Fermat 2-power,
F ⊗ F = F xor F/2, so a ⊗ b = (a1b1 + a1b0 + a0b1) * F + (a0b0 + a1b1 ⊗ F/2), with + as xor
and the half products computed recursively; products of 8-bit numbers come from a table
built by the same recursion. Checked in this run before use: against the mex definition
for all a, b < 64 (recursion down to single bits), and on random 64-bit values for
commutativity, associativity and distributivity over xor; the sample outputs from the
statement are asserted.
"""
import os
import random
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = (
    "11\n5 0\n5 1\n5 2\n5 3\n5 4\n5 5\n5 6\n5 7\n5 8\n3141 5926\n"
    "18446744073709551615 18446744073709551615\n"
)
SAMPLE_OUT = "0\n5\n10\n15\n2\n7\n8\n13\n3\n14994\n11290409524105353207\n"
SHA256_TESTS = {"max"}  # outputs too large to commit


def recursive_product(a, b, width, table=None):
    """a ⊗ b for a, b < 2^width; with a table of 8-bit products the recursion stops there."""
    if width == 1:
        return a & b
    if width == 8 and table is not None:
        return table[a << 8 | b]
    half = width // 2
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    low = recursive_product(a0, b0, half, table)
    high_pair = recursive_product(a1, b1, half, table)
    cross = recursive_product(a0 ^ a1, b0 ^ b1, half, table) ^ low  # a1b1 + a1b0 + a0b1
    low ^= recursive_product(high_pair, 1 << (half - 1), half, table)
    return cross << half | low


TABLE8 = [recursive_product(a, b, 8) for a in range(256) for b in range(256)]


def product(a, b):
    return recursive_product(a, b, 64, TABLE8)


def check_against_mex_definition(limit):
    mex = [[0] * limit for _ in range(limit)]
    for a in range(limit):
        for b in range(limit):
            options = {
                mex[x][b] ^ mex[a][y] ^ mex[x][y] for x in range(a) for y in range(b)
            }
            mex[a][b] = refkit.mex(options)
            assert recursive_product(a, b, 8) == mex[a][b], (a, b)


def check_field_laws(rounds):
    rng = random.Random(2024)
    for _ in range(rounds):
        a, b, c = (rng.getrandbits(64) for _ in range(3))
        assert product(a, b) == product(b, a)
        assert product(product(a, b), c) == product(a, product(b, c))
        assert product(a, b ^ c) == product(a, b) ^ product(a, c)
        assert product(a, 1) == a


def solve(text):
    tokens = refkit.Tokens(text)
    pairs = [tokens.ints(2) for _ in range(tokens.int())]
    return refkit.lines_text(str(product(a, b)) for a, b in pairs)


def main():
    check_against_mex_definition(64)
    check_field_laws(3000)
    print("recursion agrees with the mex definition below 64 and the field laws on random values")
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT, sha256=SHA256_TESTS)


main()
