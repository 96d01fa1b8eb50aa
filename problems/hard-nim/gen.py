#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes: small (T = 80: n <= 20, m <= 200), random (T = 80: n uniform in 1..10^9, m uniform
in 2..50000), max (T = 80: m = 50000, n in 10^9 - 10^6..10^9). The committed tests
small.in, random.in and max.in were made with seed 1.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

T = 80
MODES = {
    "small": lambda rng: [(rng.randint(1, 20), rng.randint(2, 200)) for _ in range(T)],
    "random": lambda rng: [(rng.randint(1, 10**9), rng.randint(2, 50000)) for _ in range(T)],
    "max": lambda rng: [(rng.randint(10**9 - 10**6, 10**9), 50000) for _ in range(T)],
}
refkit.generate(MODES, lambda cases: [str(len(cases))] + [f"{n} {m}" for n, m in cases])
