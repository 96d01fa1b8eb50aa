#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes: small (100 cases small enough for the game search), mid (100 cases, n <= 60),
big (20 cases with n = 2000), max (100 cases with n = 2000; the generated test).
Large cases alternate three shapes: random sizes; a position where every bit is set in a
multiple of k+1 piles (so a loss for the mover, by Moore's theorem); the same with one bit
flipped in one pile. The shapes only make the inputs interesting; the expected outputs come
from reference.py. The committed tests/<mode>.in files were made with seed 1.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

BITS = 60


def balanced(rng, n, k):
    piles = [0] * n
    for bit in range(BITS):
        count = (k + 1) * rng.randint(0, n // (k + 1))
        for i in rng.sample(range(n), count):
            piles[i] |= 1 << bit
    return piles


def large_case(rng, n, shape):
    k = rng.choice([1, 2, 3, rng.randint(1, n), n])
    if shape == 0:
        piles = [rng.getrandbits(BITS) for _ in range(n)]
    else:
        piles = balanced(rng, n, k)
        if shape == 2:
            piles[rng.randrange(n)] ^= 1 << rng.randrange(BITS)
    return n, k, piles


def small(rng):
    cases = []
    for _ in range(100):
        n = rng.randint(1, 4)
        cases.append((n, rng.randint(1, n), [rng.randint(0, 4) for _ in range(n)]))
    return cases


def case_lines(cases):
    out = [str(len(cases))]
    for n, k, piles in cases:
        out.append(f"{n} {k}")
        out.append(" ".join(map(str, piles)))
    return out


MODES = {
    "small": small,
    "mid": lambda rng: [large_case(rng, rng.randint(1, 60), i % 3) for i in range(100)],
    "big": lambda rng: [large_case(rng, 2000, i % 3) for i in range(20)],
    "max": lambda rng: [large_case(rng, 2000, i % 3) for i in range(100)],
}
refkit.generate(MODES, case_lines)
