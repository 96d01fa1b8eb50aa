#!/usr/bin/env python3
"""Reference for hard-nim; running it rewrites every tests/<name>.out (about a minute).

Method: the second player wins Nim iff the xor of the piles is 0 (Bouton), so the answer
counts the sequences of n primes <= m whose xor is 0. Two counting methods here:

- squaring: the distribution of the xor of k piles (a list indexed by xor value, length
  L = a power of two above m) is built by binary exponentiation of the naive O(L^2) xor
  convolution, mod 10^9 + 7; used to answer the cases with m < 256.
- transform: over the integers (no modulus), the Walsh-Hadamard transform of the prime
  indicator gives W[k] = sum over primes p <= m of (-1)^popcount(p & k); the count is
  (1/L) * sum_k W[k]^n. Equal W[k] are grouped, so one pow(W, n, MOD) per distinct value;
  division by L uses the modular inverse. Used for the cases with m >= 256.

Checked in this run before use: on all m <= 13 and n <= 4, both methods against enumerating
every sequence of piles and playing it out with a Nim game search (no xor rule); on random
m <= 300 and n <= 12, both against a direct DP over xor values adding one pile at a time;
on random m <= 120 and n up to 10^9, the two methods against each other. The statement's
sample is asserted.
"""
import collections
import itertools
import os
import random
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MOD = 10**9 + 7
MAX_M = 50000
SAMPLE_IN = "3\n3 7\n4 13\n1 2\n"
SAMPLE_OUT = "6\n120\n0\n"

PRIMES = [p for p in range(2, MAX_M + 1) if all(p % d for d in range(2, int(p**0.5) + 1))]


def primes_upto(m):
    return [p for p in PRIMES if p <= m]


def length(m):
    size = 1
    while size <= m:
        size *= 2
    return size


def naive_xor_convolution(a, b):
    c = [0] * len(a)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    c[i ^ j] = (c[i ^ j] + x * y) % MOD
    return c


def count_by_squaring(n, m):
    size = length(m)
    base = [0] * size
    for p in primes_upto(m):
        base[p] = 1
    result = [1] + [0] * (size - 1)
    while n:
        if n & 1:
            result = naive_xor_convolution(result, base)
        base = naive_xor_convolution(base, base)
        n >>= 1
    return result[0]


TRANSFORMS = {}


def transform_values(m):
    """Multiplicities of the values of the integer Walsh-Hadamard transform of the
    indicator of the primes <= m (cached per m)."""
    if m not in TRANSFORMS:
        size = length(m)
        a = [0] * size
        for p in primes_upto(m):
            a[p] = 1
        half = 1
        while half < size:
            for start in range(0, size, 2 * half):
                low, high = a[start : start + half], a[start + half : start + 2 * half]
                a[start : start + half] = [x + y for x, y in zip(low, high)]
                a[start + half : start + 2 * half] = [x - y for x, y in zip(low, high)]
            half *= 2
        TRANSFORMS[m] = (size, collections.Counter(a))
    return TRANSFORMS[m]


def count_by_transform(n, m):
    size, values = transform_values(m)
    total = sum(c * pow(v, n, MOD) for v, c in values.items())
    return total * pow(size, -1, MOD) % MOD


def count_by_dp(n, m):
    dist = {0: 1}
    for _ in range(n):
        step = collections.defaultdict(int)
        for x, c in dist.items():
            for p in primes_upto(m):
                step[x ^ p] = (step[x ^ p] + c) % MOD
        dist = step
    return dist.get(0, 0)


def check():
    mover_wins = refkit.win_search(lambda piles: refkit.nim_moves(piles))
    for m in range(2, 14):
        for n in range(1, 5):
            brute = sum(
                1
                for piles in itertools.product(primes_upto(m), repeat=n)
                if not mover_wins(tuple(sorted(piles)))
            )
            assert count_by_squaring(n, m) == brute == count_by_transform(n, m), (n, m)
    rng = random.Random(4589)
    for _ in range(60):
        n, m = rng.randint(1, 12), rng.randint(2, 300)
        assert count_by_squaring(n, m) == count_by_dp(n, m) == count_by_transform(n, m), (n, m)
    for _ in range(60):
        n, m = rng.randint(1, 10**9), rng.randint(2, 120)
        assert count_by_squaring(n, m) == count_by_transform(n, m), (n, m)


def solve(text):
    tokens = refkit.Tokens(text)
    cases = [tokens.ints(2) for _ in range(tokens.int())]
    tokens.end()
    assert 1 <= len(cases) <= 80
    answers = []
    for n, m in cases:
        assert 1 <= n <= 10**9 and 2 <= m <= MAX_M, (n, m)
        count = count_by_squaring if m < 256 else count_by_transform
        answers.append(str(count(n, m)))
    return refkit.lines_text(answers)


def main():
    check()
    print("squaring and transform agree with the game search and the DP")
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)


main()
