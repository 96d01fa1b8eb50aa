#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

Modes: small (many cases small enough for the game search), mid (cases up to m = 50 with
full-range sizes, every other one forced to nim-sum 0), max_yes / max_no (one case with
m = 200000), max_all_win (every pile has the same winning move).
The committed tests/<mode>.in files were made with seed 1.
"""
import random
import sys

MAX_M = 200000
MAX_SIZE = 200000


def zero_sum_piles(rng, m):
    """m sizes whose xor is 0: the last one cancels the others (redrawn while out of range)."""
    while True:
        piles = [rng.randint(1, MAX_SIZE) for _ in range(m - 1)]
        last = 0
        for p in piles:
            last ^= p
        if 1 <= last <= MAX_SIZE:
            return piles + [last]


def main():
    mode, seed = sys.argv[1], int(sys.argv[2])
    rng = random.Random(seed)
    cases = []
    if mode == "small":
        for _ in range(300):
            m = rng.randint(1, 4)
            cases.append([rng.randint(1, 7) for _ in range(m)])
    elif mode == "mid":
        for i in range(200):
            m = rng.randint(2, 50)
            if i % 2:
                cases.append(zero_sum_piles(rng, m))
            else:
                cases.append([rng.randint(1, MAX_SIZE) for _ in range(m)])
    elif mode == "max_yes":
        cases.append([rng.randint(1, MAX_SIZE) for _ in range(MAX_M)])
    elif mode == "max_no":
        cases.append(zero_sum_piles(rng, MAX_M))
    elif mode == "max_all_win":
        cases.append([MAX_SIZE] * 150001)
    else:
        sys.exit("unknown mode " + mode)
    out = []
    for piles in cases:
        out.append(str(len(piles)))
        out.append(" ".join(map(str, piles)))
    out.append("0")
    sys.stdout.write("\n".join(out) + "\n")


main()
