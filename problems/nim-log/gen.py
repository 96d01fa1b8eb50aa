#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes (each T = 100):
- small: a, b below 256 (the subfield of size 256, and a quarter below 16): answers that
  a brute force over all powers confirms.
- sub16: a, b below 2^16 (the subfield of size 65536).
- subfields: a in a proper subfield (below 2^2, 2^4, 2^8, 2^16 or 2^32); b a random 64-bit
  value (then no power of a reaches it: -1), or b in the same subfield, 1, or a itself.
- max: a, b random 64-bit values (the generated test tests/max.gen).
The committed tests/small.in, sub16.in and subfields.in were made with seed 1.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

T = 100


def below(rng, bound):
    return rng.randrange(1, bound)


def small(rng):
    pairs = []
    for i in range(T):
        bound = 16 if i % 4 == 0 else 256
        pairs.append((below(rng, bound), below(rng, bound)))
    return pairs


def subfield_pair(rng):
    bound = 1 << (1 << rng.randint(1, 5))
    a = below(rng, bound)
    b = rng.choice([
        rng.getrandbits(64) | bound,  # outside the subfield of a
        below(rng, bound),
        1,
        a,
    ])
    return a, b


MODES = {
    "small": small,
    "sub16": lambda rng: [(below(rng, 1 << 16), below(rng, 1 << 16)) for _ in range(T)],
    "subfields": lambda rng: [subfield_pair(rng) for _ in range(T)],
    "max": lambda rng: [(below(rng, 1 << 64), below(rng, 1 << 64)) for _ in range(T)],
}
refkit.generate(MODES, lambda pairs: [str(len(pairs))] + [f"{a} {b}" for a, b in pairs])
