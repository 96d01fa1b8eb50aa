#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes: small (150 cases of 1..3 games with piles up to 6, for the product-game search),
mid (100 cases, N <= 60), max (10 cases with N = 1000), close (10 cases with N = 1000 of
games whose piles differ little, which have the longest play). The committed
tests/<mode>.in files were made with seed 1.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402


def random_games(rng, count, largest):
    return [(rng.randint(1, largest), rng.randint(1, largest)) for _ in range(count)]


def close(rng):
    cases = []
    for _ in range(10):
        games = []
        for _ in range(1000):
            p = rng.randint(500, 1000)
            games.append((p, max(1, p - rng.randint(1, 400))))
        cases.append(games)
    return cases


def case_lines(cases):
    out = []
    for games in cases:
        out.append(str(len(games)))
        out.extend(f"{p} {q}" for p, q in games)
    return out


MODES = {
    "small": lambda rng: [random_games(rng, rng.randint(1, 3), 6) for _ in range(150)],
    "mid": lambda rng: [random_games(rng, rng.randint(1, 60), 1000) for _ in range(100)],
    "max": lambda rng: [random_games(rng, 1000, 1000) for _ in range(10)],
    "close": close,
}
refkit.generate(MODES, case_lines)
