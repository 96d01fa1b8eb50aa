#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes: small (20 cases with at most 3 groups of sizes up to 6, for the game search), mid
(20 cases, n <= 200), max (20 cases with n = 2 * 10^4; the generated test). Large cases
rotate through: random sizes; every group twice (a loss for the mover by symmetry); random
groups and a last group whose Grundy value cancels the others (built from the closed form:
the value is the number of trailing one bits of (a-1)|(b-1)). The shapes only make the
inputs interesting; the expected outputs come from reference.py. The committed
tests/<mode>.in files were made with seed 1.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402
from reference import closed_form  # noqa: E402  (one group's Grundy value)

MAX_SIZE = 2 * 10**9


def group_with_grundy(rng, value):
    while True:
        low = (1 << value) - 1
        a_low = rng.getrandbits(value) if value else 0
        a = ((rng.randrange(MAX_SIZE) >> (value + 1)) << (value + 1)) | a_low
        b = ((rng.randrange(MAX_SIZE) >> (value + 1)) << (value + 1)) | (low & ~a_low)
        if a + 1 <= MAX_SIZE and b + 1 <= MAX_SIZE:
            return a + 1, b + 1


def random_group(rng):
    return rng.randint(1, MAX_SIZE), rng.randint(1, MAX_SIZE)


def large_case(rng, groups, shape):
    if shape == 1:
        half = [random_group(rng) for _ in range(max(1, groups // 2))]
        pairs = half + half
        rng.shuffle(pairs)
    else:
        pairs = [random_group(rng) for _ in range(groups)]
        if shape == 2:
            total = 0
            for a, b in pairs[1:]:
                total ^= closed_form(a, b)
            pairs[0] = group_with_grundy(rng, total)
    return [size for pair in pairs for size in pair]


MODES = {
    "small": lambda rng: [
        [rng.randint(1, 6) for _ in range(2 * rng.randint(1, 3))] for _ in range(20)
    ],
    "mid": lambda rng: [large_case(rng, rng.randint(1, 100), i % 3) for i in range(20)],
    "max": lambda rng: [large_case(rng, 10**4, i % 3) for i in range(20)],
}
refkit.generate(MODES, refkit.counted_case_lines)
