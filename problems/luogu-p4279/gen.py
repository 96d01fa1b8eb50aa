#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes: small (500 cases small enough for the game search), max (500 cases with n = 50:
random sizes, sizes with xor 0, all ones, ones plus one large pile, alternating).
The committed tests/<mode>.in files were made with seed 1.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

MAX_T = 500
MAX_N = 50
MAX_SIZE = 5000


def max_case(rng, kind):
    if kind == 0:
        return [rng.randint(1, MAX_SIZE) for _ in range(MAX_N)]
    if kind == 1:
        return refkit.zero_xor_piles(rng, MAX_N, MAX_SIZE)
    if kind == 2:
        return [1] * rng.choice([MAX_N, MAX_N - 1])
    if kind == 3:
        piles = [1] * (MAX_N - 1) + [rng.randint(2, MAX_SIZE)]
        rng.shuffle(piles)
        return piles
    return [rng.randint(1, 3) for _ in range(MAX_N)]


MODES = {
    "small": lambda rng: [
        [rng.randint(1, 6) for _ in range(rng.randint(1, 4))] for _ in range(MAX_T)
    ],
    "max": lambda rng: [max_case(rng, i % 5) for i in range(MAX_T)],
}
refkit.generate(MODES, refkit.counted_case_lines)
