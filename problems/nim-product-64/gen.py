#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes: mid (T = 2000: random 64-bit pairs, with some powers of two, small values and
values near 2^64 mixed in), max (T = 10^6 random 64-bit pairs; the generated test).
The committed tests/mid.in was made with seed 1.
"""
import random
import sys


def special(rng):
    return rng.choice([
        rng.getrandbits(64),
        1 << rng.randrange(64),
        rng.randrange(256),
        (1 << 64) - 1 - rng.randrange(256),
        rng.getrandbits(rng.randint(1, 64)),
    ])


def main():
    mode, seed = sys.argv[1], int(sys.argv[2])
    rng = random.Random(seed)
    if mode == "mid":
        pairs = [(special(rng), special(rng)) for _ in range(2000)]
    elif mode == "max":
        pairs = [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(10**6)]
    else:
        sys.exit("unknown mode " + mode)
    lines = [str(len(pairs))] + [f"{a} {b}" for a, b in pairs]
    sys.stdout.write("\n".join(lines) + "\n")


main()
