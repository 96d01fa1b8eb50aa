#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes: small (many cases small enough for the game search), mid (cases up to m = 50 with
full-range sizes, every other one forced to nim-sum 0), max_yes / max_no (one case with
m = 200000), max_all_win (every pile has the same winning move).
The committed tests/<mode>.in files were made with seed 1.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

MAX_M = 200000
MAX_SIZE = 200000


def small(rng):
    cases = []
    for _ in range(300):
        m = rng.randint(1, 4)
        cases.append([rng.randint(1, 7) for _ in range(m)])
    return cases


def mid(rng):
    cases = []
    for i in range(200):
        m = rng.randint(2, 50)
        if i % 2:
            cases.append(refkit.zero_xor_piles(rng, m, MAX_SIZE))
        else:
            cases.append([rng.randint(1, MAX_SIZE) for _ in range(m)])
    return cases


MODES = {
    "small": small,
    "mid": mid,
    "max_yes": lambda rng: [[rng.randint(1, MAX_SIZE) for _ in range(MAX_M)]],
    "max_no": lambda rng: [refkit.zero_xor_piles(rng, MAX_M, MAX_SIZE)],
    "max_all_win": lambda rng: [[MAX_SIZE] * 150001],
}
refkit.generate(MODES, lambda cases: refkit.case_lines(cases) + ["0"])  # a 0 ends the input
