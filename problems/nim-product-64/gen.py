#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes: mid (T = 2000: random 64-bit pairs, with some powers of two, small values and
values near 2^64 mixed in), max (T = 10^6 random 64-bit pairs; the generated test).
The committed tests/mid.in was made with seed 1.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402


def special(rng):
    return rng.choice([
        rng.getrandbits(64),
        1 << rng.randrange(64),
        rng.randrange(256),
        (1 << 64) - 1 - rng.randrange(256),
        rng.getrandbits(rng.randint(1, 64)),
    ])


MODES = {
    "mid": lambda rng: [(special(rng), special(rng)) for _ in range(2000)],
    "max": lambda rng: [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(10**6)],
}
refkit.generate(MODES, lambda pairs: [str(len(pairs))] + [f"{a} {b}" for a, b in pairs])
