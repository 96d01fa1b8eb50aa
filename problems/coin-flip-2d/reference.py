#!/usr/bin/env python3
"""Reference for coin-flip-2d; running it rewrites tests/<name>.out for every test, the
generated ones included (their input comes from `python3 gen.py <args>`).

Method: the Tartan theorem. The game is the product of two copies of the 1-D game "turn
coin x (heads to tails) and one coin a < x", whose coin x is worth x, so a heads coin at
(x, y) is worth the nim product x ⊗ y, and the player to move wins iff the xor of the
products over the heads coins is nonzero.

The nim product here is computed from the top down: for a, b < F * F with F = 2^(2^k) the
largest Fermat 2-power needed, a = a1 * F + a0 and b = b1 * F + b0 give, with + as xor,
a ⊗ b = (a1b1 + a1b0 + a0b1) * F + a0b0 + (a1b1) ⊗ F/2 (from F ⊗ F = F + F/2), all four
half products taken separately; below 16 a table made from the mex definition itself.

Checked in this run before use: the product against the mex definition for a, b < 32; and
the field laws on random values up to 2^64, F ⊗ F = F + F/2, and two known products; and
the theorem itself against a win/lose search of the real game over every heads set of the
boards [0, 4) x [0, 4) and [0, 3) x [0, 5) (moves exactly as in the statement). Every case
of the tests that fits on those boards is also answered by the search and compared. The
sample outputs from the statement are asserted.
"""
import os
import random
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "3\n1\n1 1\n2\n1 1\n2 3\n2\n0 5\n7 0\n"
SAMPLE_OUT = "First\nSecond\nSecond\n"


def mex_products(limit):
    """table[a][b] = a ⊗ b for a, b < limit, straight from the mex definition."""
    table = [[0] * limit for _ in range(limit)]
    for a in range(limit):
        for b in range(limit):
            table[a][b] = refkit.mex(
                table[x][b] ^ table[a][y] ^ table[x][y] for x in range(a) for y in range(b)
            )
    return table


SMALL = mex_products(16)


def product(a, b):
    if a < 16 and b < 16:
        return SMALL[a][b]
    if a < 2 or b < 2:
        return a * b
    half = 4  # F = 2^half, the smallest Fermat 2-power with a, b < F * F
    while max(a, b) >> (2 * half):
        half *= 2
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    high = product(a1, b1)
    cross = high ^ product(a1, b0) ^ product(a0, b1)
    return cross << half ^ product(a0, b0) ^ product(high, 1 << (half - 1))


def losing_table(width, height):
    """lose[mask] for every heads set of the board [0, width) x [0, height), cell (x, y) at
    bit x * height + y, by searching the game: a move from heads (x, y) with a < x, b < y
    turns the four corners; the mover loses iff every move leaves a winning position. Each
    move clears the top bit it touches, so masks only decrease and one ascending pass does."""
    bit = lambda x, y: 1 << (x * height + y)  # noqa: E731
    moves = []  # moves[i]: the masks turned by the moves whose heads coin is bit i
    for x in range(width):
        for y in range(height):
            moves.append([
                bit(x, y) ^ bit(a, y) ^ bit(x, b) ^ bit(a, b) for a in range(x) for b in range(y)
            ])
    lose = bytearray(1 << (width * height))
    for mask in range(len(lose)):
        lose[mask] = not any(
            lose[mask ^ turn]
            for i in range(width * height)
            if mask >> i & 1
            for turn in moves[i]
        )
    return lose


BOARDS = [(4, 4), (3, 5)]


def check_theorem():
    tables = {}
    for width, height in BOARDS:
        lose = losing_table(width, height)
        for mask in range(len(lose)):
            value = refkit.nim_sum(
                product(c // height, c % height)
                for c in range(width * height)
                if mask >> c & 1
            )
            assert bool(lose[mask]) == (value == 0), (width, height, bin(mask))
        tables[width, height] = lose
    return tables


def check_product(limit):
    table = mex_products(limit)
    for a in range(limit):
        for b in range(limit):
            assert product(a, b) == table[a][b], (a, b)


def check_field_laws(rounds):
    rng = random.Random(13)
    for _ in range(rounds):
        a, b, c = (rng.getrandbits(64) >> rng.randrange(64) for _ in range(3))
        assert product(a, b) == product(b, a)
        assert product(product(a, b), c) == product(a, product(b, c))
        assert product(a, b ^ c) == product(a, b) ^ product(a, c)
    # F ⊗ F = F + F/2; and Library Checker's nim_product_64 samples.
    assert all(product(1 << k, 1 << k) == 3 << (k - 1) for k in (1, 2, 4, 8, 16, 32))
    assert product(3141, 5926) == 14994
    assert product(2**64 - 1, 2**64 - 1) == 11290409524105353207


def solve_with(tables):
    def solve(text):
        tokens = refkit.Tokens(text)
        lines = []
        for _ in range(tokens.int()):
            cells = [tuple(tokens.ints(2)) for _ in range(tokens.int())]
            assert len(set(cells)) == len(cells), "cells are distinct"
            first = refkit.nim_sum(product(x, y) for x, y in cells) != 0
            for (width, height), lose in tables.items():
                if all(x < width and y < height for x, y in cells):
                    mask = sum(1 << (x * height + y) for x, y in cells)
                    assert first == (not lose[mask]), ("search disagrees", cells)
            lines.append("First" if first else "Second")
        tokens.end()
        return refkit.lines_text(lines)

    return solve


def main():
    check_product(32)
    check_field_laws(2000)
    tables = check_theorem()
    print("product agrees with the mex definition below 32; the game search agrees on boards",
          ", ".join(f"{w}x{h}" for w, h in BOARDS))
    refkit.regenerate(HERE, solve_with(tables), SAMPLE_IN, SAMPLE_OUT)


main()
