#!/usr/bin/env python3
"""Input generator for wythoff-big: `python3 gen.py SEED COLD NEAR RANDOM` prints COLD
consecutive losing pairs ending at the last one with b <= 10^18, NEAR pairs one step away
from a losing pair, and RANDOM uniform pairs, shuffled, one `a b` per line."""

import random
import sys
from math import isqrt
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

LIMIT = 10**18


def cold_pair(k):
    # floor(k * phi) exactly: floor((k + sqrt(5 k^2)) / 2) = (k + isqrt(5 k^2)) // 2.
    a = (k + isqrt(5 * k * k)) // 2
    return a, a + k


def last_k():
    lo, hi = 0, LIMIT
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if cold_pair(mid)[1] <= LIMIT:
            lo = mid
        else:
            hi = mid - 1
    return lo


def main():
    seed, cold, near, uniform = (int(arg) for arg in sys.argv[1:5])
    rng = random.Random(seed)
    top = last_k()
    pairs = []
    for k in range(top - cold + 1, top + 1):
        pairs.append(cold_pair(k))
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]
    while len(pairs) < cold + near:
        a, b = cold_pair(rng.randint(top // 2, top))
        da, db = rng.choice(steps)
        pairs.append((a + da, b + db))
    for _ in range(uniform):
        pairs.append((rng.randint(0, LIMIT), rng.randint(0, LIMIT)))
    pairs = [(b, a) if rng.random() < 0.5 else (a, b) for a, b in pairs]
    rng.shuffle(pairs)
    refkit.print_lines(f"{a} {b}" for a, b in pairs)


if __name__ == "__main__":
    main()
