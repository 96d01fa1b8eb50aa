#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes: small (100 cases small enough for the game search), mid (100 cases, N <= 1000),
max (10 cases with N = 10^6; the generated test). Large cases rotate through: random sizes;
a shuffled doubled multiset (a loss for the mover by symmetry); sizes where the last pile's
Grundy value cancels the others (the last size comes from the closed form, inverted); the
same but cancelling the plain Nim xor instead (which Lasker's Nim must not be fooled by).
The shapes only make the inputs interesting; the expected outputs come from reference.py.
The committed tests/<mode>.in files were made with seed 1.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402
from reference import closed_form  # noqa: E402  (Lasker's Grundy value of a pile)

MAX_SIZE = 2**31 - 1


def size_with_grundy(value):
    """The pile size whose Lasker Grundy value is `value` (value >= 1)."""
    return {0: value - 1, 3: value + 1}.get(value % 4, value)


def random_size(rng):
    return rng.getrandbits(31) or MAX_SIZE


def large_case(rng, n, shape):
    if shape == 1:
        half = [random_size(rng) for _ in range(n // 2)]
        piles = half + half
        rng.shuffle(piles)
        return piles
    while True:
        piles = [random_size(rng) for _ in range(n - 1)]
        if shape == 0:
            return piles + [random_size(rng)]
        total = 0
        for p in piles:
            total ^= closed_form(p) if shape == 2 else p
        last = size_with_grundy(total) if shape == 2 else total
        if total and 1 <= last <= MAX_SIZE:
            return piles + [last]


MODES = {
    "small": lambda rng: [
        [rng.randint(1, 7) for _ in range(rng.randint(1, 3))] for _ in range(100)
    ],
    "mid": lambda rng: [large_case(rng, rng.randint(2, 1000), i % 4) for i in range(100)],
    "max": lambda rng: [large_case(rng, 10**6, i % 4) for i in range(10)],
}
refkit.generate(MODES, refkit.counted_case_lines)
