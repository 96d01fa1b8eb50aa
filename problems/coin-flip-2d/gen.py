#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes: small (T = 100, cells in [0, 4) x [0, 5), small enough for reference.py's game
search), mid (T = 100, n <= 60, mixed coordinates), max (T = 100, n = 1000, coordinates up
to 10^18; the generated test). About half the cases are built to have nim-sum 0: gadgets
whose values cancel (a cell and its transpose; (x, y), (x, z), (x, y ^ z); (x ⊗ z, y) and
(x, z ⊗ y); (F, F) and (F ^ F/2, 1) for Fermat 2-powers F; cells on an axis, worth 0). The
others are such a case with one coordinate nudged, or uniform cells. Whether a case is
really won is for reference.py to say: this file's nim product only shapes the inputs.
The committed tests/small.in and tests/mid.in were made with seed 1.
"""
import functools
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

LIMIT = 10**18
FERMAT = [2, 4, 16, 256, 1 << 16, 1 << 32]


@functools.lru_cache(maxsize=None)
def nim_mul(a, b, width):
    """a ⊗ b for a, b < 2^width (width a power of two), by halves: F ⊗ F = F ^ F/2."""
    if a < 2 or b < 2:
        return a * b
    half = width // 2
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    high = nim_mul(a1, b1, half)
    low = nim_mul(a0, b0, half)
    mid = nim_mul(a1, b0, half) ^ nim_mul(a0, b1, half) ^ high
    return mid << half | low ^ nim_mul(high, 1 << (half - 1), half)


def coordinate(rng, top):
    return rng.choice([
        rng.randint(0, top),
        rng.randint(0, min(top, 300)),
        rng.getrandbits(rng.randint(1, top.bit_length())) % (top + 1),
        top - rng.randint(0, min(top, 300)),
    ])


def gadget(rng, top):
    """Cells whose values xor to 0, all coordinates in [0, top]."""
    kind = rng.randrange(5)
    if kind == 0:
        x, y = coordinate(rng, top), coordinate(rng, top)
        return [(x, y), (y, x)]
    if kind == 1:
        x, y, z = (coordinate(rng, top) for _ in range(3))
        if y ^ z > top:
            return []
        return [(x, y), (x, z), (x, y ^ z)]
    if kind == 2:
        bits = min(32, top.bit_length() - 1)
        x, y, z = (rng.getrandbits(bits) for _ in range(3))
        return [(nim_mul(x, z, 32), y), (x, nim_mul(z, y, 32))]
    if kind == 3:
        f = rng.choice([f for f in FERMAT if f <= top])
        return [(f, f), (f ^ f >> 1, 1)] if rng.random() < 0.5 else [(f, f), (1, f ^ f >> 1)]
    return [(0, coordinate(rng, top))] if rng.random() < 0.5 else [(coordinate(rng, top), 0)]


def zero_case(rng, n, top):
    """n distinct cells of nim-sum 0 (gadgets with a repeated cell are dropped)."""
    cells = set()
    while len(cells) < n:
        piece = gadget(rng, top)
        if len(set(piece)) == len(piece) and not cells & set(piece) and len(cells) + len(piece) <= n:
            cells |= set(piece)
        elif len(cells) + len(piece) > n and len(cells) < n:
            extra = (0, coordinate(rng, top)) if rng.random() < 0.5 else (coordinate(rng, top), 0)
            cells.add(extra)
    return list(cells)


def case(rng, n, top):
    cells = zero_case(rng, n, top)
    kind = rng.randrange(4)
    if kind == 1:  # nudge one coordinate
        i = rng.randrange(n)
        x, y = cells[i]
        moved = (min(top, x + 1) if x < top else x - 1, y)
        if moved not in cells:
            cells[i] = moved
    elif kind == 2:  # uniform
        cells = set()
        while len(cells) < n:
            cells.add((coordinate(rng, top), coordinate(rng, top)))
        cells = list(cells)
    rng.shuffle(cells)
    return cells


def cases(rng, count, sizes, top):
    return [case(rng, rng.choice(sizes), top) for _ in range(count)]


def lines(all_cases):
    out = [str(len(all_cases))]
    for cells in all_cases:
        out.append(str(len(cells)))
        out.extend(f"{x} {y}" for x, y in cells)
    return out


def small(rng):
    out = []
    for _ in range(100):
        n = rng.randint(1, 6)
        cells = set()
        while len(cells) < n:
            cells.add((rng.randrange(4), rng.randrange(5)))
        out.append(list(cells))
    return out


MODES = {
    "small": small,
    "mid": lambda rng: cases(rng, 100, range(1, 61), LIMIT),
    "max": lambda rng: cases(rng, 100, [1000], LIMIT),
}

if __name__ == "__main__":
    refkit.generate(MODES, lines)
