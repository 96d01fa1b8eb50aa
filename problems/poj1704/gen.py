#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes: small (20 cases on cells 1..12, for the game search), max (20 cases with N = 1000 on
cells 1..10000). Large cases rotate through: random distinct cells; adjacent pairs with
random gaps between the pairs (Bob mirrors Georgia, so Georgia loses); the same with one
pair split by a cell; gaps whose staircase nim-sum is 0 (the last counted gap cancels the
others). Positions are printed shuffled. The shapes only make the inputs interesting; the
expected outputs come from reference.py. The committed tests/<mode>.in were made with seed 1.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

N = 1000
CELLS = 10000


def positions_from_gaps(gaps):
    positions, cell = [], 0
    for gap in gaps:
        cell += gap + 1
        positions.append(cell)
    return positions


def max_case(rng, shape):
    if shape == 0:
        return rng.sample(range(1, CELLS + 1), N)
    if shape in (1, 2):
        gaps = []
        for _ in range(N // 2):
            gaps += [rng.randint(0, 16), 0]
        if shape == 2:
            gaps[2 * rng.randrange(N // 2) + 1] = 1
        return positions_from_gaps(gaps)
    # Gaps 0..7 everywhere; the gaps counted by the staircase (every other one, from the last)
    # cancel, so the nim-sum is 0.
    gaps = [rng.randint(0, 7) for _ in range(N)]
    total = 0
    for i in range(N - 1, 0, -2):
        total ^= gaps[i]
    gaps[1] ^= total
    return positions_from_gaps(gaps)


def shuffled(rng, cases):
    """Each case's positions in random order (after all cases are drawn)."""
    for positions in cases:
        assert len(set(positions)) == len(positions) and max(positions) <= CELLS
        rng.shuffle(positions)
    return cases


MODES = {
    "small": lambda rng: shuffled(
        rng, [rng.sample(range(1, 13), rng.randint(1, 5)) for _ in range(20)]
    ),
    "max": lambda rng: shuffled(rng, [max_case(rng, i % 4) for i in range(20)]),
}
refkit.generate(MODES, refkit.counted_case_lines)
