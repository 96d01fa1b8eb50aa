#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes: small (500 cases small enough for the game search), max (500 cases with n = 50:
random sizes, sizes with xor 0, all ones, ones plus one large pile, alternating).
The committed tests/<mode>.in files were made with seed 1.
"""
import random
import sys

MAX_T = 500
MAX_N = 50
MAX_SIZE = 5000


def zero_sum_piles(rng, n):
    while True:
        piles = [rng.randint(1, MAX_SIZE) for _ in range(n - 1)]
        last = 0
        for p in piles:
            last ^= p
        if 1 <= last <= MAX_SIZE:
            return piles + [last]


def max_case(rng, kind):
    if kind == 0:
        return [rng.randint(1, MAX_SIZE) for _ in range(MAX_N)]
    if kind == 1:
        return zero_sum_piles(rng, MAX_N)
    if kind == 2:
        return [1] * rng.choice([MAX_N, MAX_N - 1])
    if kind == 3:
        piles = [1] * (MAX_N - 1) + [rng.randint(2, MAX_SIZE)]
        rng.shuffle(piles)
        return piles
    return [rng.randint(1, 3) for _ in range(MAX_N)]


def main():
    mode, seed = sys.argv[1], int(sys.argv[2])
    rng = random.Random(seed)
    if mode == "small":
        cases = [[rng.randint(1, 6) for _ in range(rng.randint(1, 4))] for _ in range(MAX_T)]
    elif mode == "max":
        cases = [max_case(rng, i % 5) for i in range(MAX_T)]
    else:
        sys.exit("unknown mode " + mode)
    out = [str(len(cases))]
    for piles in cases:
        out.append(str(len(piles)))
        out.append(" ".join(map(str, piles)))
    sys.stdout.write("\n".join(out) + "\n")


main()
