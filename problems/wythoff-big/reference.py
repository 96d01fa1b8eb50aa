#!/usr/bin/env python3
"""Independent reference for wythoff-big (Wythoff's game up to 10^18). Rewrites every
tests/*.out, running gen.py for the tests given as tests/*.gen.

Method: the Zeckendorf characterization of the losing pairs from ../poj1067/reference.py
(no golden ratio, no floating point), which that module checks against a real-game search
(piles <= 80) and Wythoff's construction (every pair with a <= 10^5) before it is used.
Beyond those bounds it rests on Fraenkel's theorem; as a further check this script compares
it on random k up to 6 * 10^17 with the exact formula a_k = floor(k * phi) computed as
(k + isqrt(5 k^2)) // 2 (two independent methods must agree).
"""

import os
import random
import sys
from math import isqrt
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "poj1067"))
import refkit  # noqa: E402
from reference import check_is_cold, is_cold, solve  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

MAX_VALUE = 10**18
RANDOM_CHECKS = 3000

SAMPLE_IN = "2 1\n0 0\n1000000000000000000 1000000000000000000\n"
SAMPLE_IN += "381966011250105152 618033988749894849\n381966011250105151 618033988749894848\n"
SAMPLE_OUT = "0\n0\n1\n0\n1\n"


def check_against_isqrt_formula():
    rng = random.Random(1982)
    for _ in range(RANDOM_CHECKS):
        k = rng.randint(1, 6 * 10**17)
        a = (k + isqrt(5 * k * k)) // 2
        assert is_cold(a, a + k) and not is_cold(a, a + k + 1) and not is_cold(a + 1, a + k)


def solve_big(text):
    lines = solve(text, MAX_VALUE)
    assert lines.count("\n") <= 10**5, "more than 10^5 games"
    return lines


def main():
    check_is_cold()
    check_against_isqrt_formula()
    refkit.regenerate(HERE, solve_big, SAMPLE_IN, SAMPLE_OUT)
    print("wythoff-big: Zeckendorf characterization checked - outputs written")


if __name__ == "__main__":
    main()
