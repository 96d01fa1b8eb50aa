#!/usr/bin/env python3
"""Reference for nim-log; running it rewrites tests/<name>.out (the generated test's input
comes from `python3 gen.py <args>`; the whole run takes about a minute).

Nim product: GF(2^16) by tables. Nimbers below 2^16 form a subfield; its products come from
exp/log tables to a generator g of its 65535 units (x ⊗ g is linear in x over xor, so each
step g^(i+1) = g^i ⊗ g takes 16 xors of the products 2^k ⊗ g). Above it, with F = 2^16 or
2^32 a Fermat 2-power (F ⊗ F = F xor F/2), (a1 F + a0) ⊗ (b1 F + b0) = (a1b1 + a1b0 + a0b1) F
+ (a0b0 + a1b1 ⊗ F/2): four schoolbook half products and one by F/2. The bit-level products
2^k ⊗ g and the search for g use the plain recursion down to single bits. Checked in this
run: against the mex definition for all a, b < 64, field laws on random 64-bit values, the
products of nim-product-64's statement, and that 3*5*17*257*641*65537*6700417 = 2^64 - 1
with every factor prime.

Logarithm: Pohlig-Hellman. The order d of a is 2^64 - 1 with every prime p removed for which
a^(d/p) = 1; b is a power of a iff b^d = 1 (the units form a cyclic group, with one subgroup
of each order); x mod p solves (a^(d/p))^x = b^(d/p) by baby-step giant-step with a dict,
and the Chinese remainder theorem gives x < d. Every answer is checked: a^x = b computed by
square-and-multiply, d verified as the order (a^d = 1, a^(d/p) != 1 for each p | d) so the
powers a^0..a^(d-1) are distinct and x < d is the smallest; for -1, b^d != 1. When a and b
are both below 2^16, a brute force also walks the powers 1, a, a^2, ... until it meets b or
comes back to 1, and must agree.
"""
import os
import random
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "4\n2 2\n1 1\n2 3\n8 10\n"
SAMPLE_OUT = "1\n0\n2\n4\n"

PRIMES = [3, 5, 17, 257, 641, 65537, 6700417]
GROUP = (1 << 64) - 1


def bit_product(a, b, width):
    """a ⊗ b for a, b < 2^width by halving down to single bits (slow; for building)."""
    if width == 1:
        return a & b
    half = width // 2
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    high = bit_product(a1, b1, half)
    top = high ^ bit_product(a1, b0, half) ^ bit_product(a0, b1, half)
    low = bit_product(a0, b0, half) ^ bit_product(high, 1 << (half - 1), half)
    return top << half | low


def find_generator():
    """The smallest unit of GF(2^16) of order 65535 = 3*5*17*257."""
    def power(a, e):
        result = 1
        while e:
            if e & 1:
                result = bit_product(result, a, 16)
            a = bit_product(a, a, 16)
            e >>= 1
        return result
    return next(g for g in range(2, 1 << 16)
                if all(power(g, 65535 // p) != 1 for p in (3, 5, 17, 257)))


G = find_generator()
G_TIMES_BIT = [bit_product(1 << k, G, 16) for k in range(16)]
EXP = [0] * (2 * 65535)
LOG = [0] * (1 << 16)
_y = 1
for _i in range(65535):
    EXP[_i] = EXP[_i + 65535] = _y
    LOG[_y] = _i
    _y = refkit.nim_sum(G_TIMES_BIT[k] for k in range(16) if _y >> k & 1)
assert _y == 1 and len(set(EXP[:65535])) == 65535, "g generates the units of GF(2^16)"


def mul16(a, b):
    if a == 0 or b == 0:
        return 0
    return EXP[LOG[a] + LOG[b]]


def mul32(a, b):
    a1, a0, b1, b0 = a >> 16, a & 0xFFFF, b >> 16, b & 0xFFFF
    high = mul16(a1, b1)
    top = high ^ mul16(a1, b0) ^ mul16(a0, b1)
    return top << 16 | (mul16(a0, b0) ^ mul16(high, 1 << 15))


def mul(a, b):
    a1, a0, b1, b0 = a >> 32, a & 0xFFFFFFFF, b >> 32, b & 0xFFFFFFFF
    high = mul32(a1, b1)
    top = high ^ mul32(a1, b0) ^ mul32(a0, b1)
    return top << 32 | (mul32(a0, b0) ^ mul32(high, 1 << 31))


def power(a, e):
    result = 1
    while e:
        if e & 1:
            result = mul(result, a)
        a = mul(a, a)
        e >>= 1
    return result


def order(a):
    d = GROUP
    for p in PRIMES:
        if power(a, d // p) == 1:
            d //= p
    return d


def bsgs(g, h, p):
    """The r < p with g^r = h, g of prime order p."""
    steps = 1
    while steps * steps < p:
        steps += 1
    baby = {}
    y = 1
    for j in range(steps):
        baby.setdefault(y, j)
        y = mul(y, g)
    giant = power(g, p - steps)
    for i in range(steps):
        if h in baby:
            return i * steps + baby[h]
        h = mul(h, giant)
    raise AssertionError("h is not a power of g")


def pohlig_hellman(a, b):
    d = order(a)
    assert power(a, d) == 1 and all(power(a, d // p) != 1 for p in PRIMES if d % p == 0)
    if power(b, d) != 1:
        return -1, d
    x = 0
    for p in (p for p in PRIMES if d % p == 0):
        r = bsgs(power(a, d // p), power(b, d // p), p)
        rest = d // p
        x = (x + r * rest * pow(rest, -1, p)) % d
    assert power(a, x) == b and 0 <= x < d
    return x, d


def walk(a, b):
    """Brute force: the first power of a equal to b, walking 1, a, a^2, ...; or -1."""
    y, x = 1, 0
    while True:
        if y == b:
            return x
        y, x = mul(y, a), x + 1
        if y == 1:
            return -1


def log(a, b):
    x, _ = pohlig_hellman(a, b)
    if a < 1 << 16 and b < 1 << 16:
        assert walk(a, b) == x, (a, b)
    elif a < 1 << 16:
        assert x == -1, "powers of a stay in its subfield"
    return x


def check_product():
    table = [[0] * 64 for _ in range(64)]
    for a in range(64):
        for b in range(64):
            options = {table[x][b] ^ table[a][y] ^ table[x][y] for x in range(a) for y in range(b)}
            table[a][b] = refkit.mex(options)
            assert mul(a, b) == table[a][b] == bit_product(a, b, 8), (a, b)
    assert mul(3141, 5926) == 14994
    assert mul(GROUP, GROUP) == 11290409524105353207
    rng = random.Random(1310)
    for _ in range(2000):
        a, b, c = (rng.getrandbits(64) for _ in range(3))
        assert mul(a, b) == mul(b, a)
        assert mul(mul(a, b), c) == mul(a, mul(b, c))
        assert mul(a, b ^ c) == mul(a, b) ^ mul(a, c)
    for _ in range(50):
        a = rng.getrandbits(64) | 1
        assert power(a, GROUP) == 1
    product = 1
    for p in PRIMES:
        assert all(p % q for q in range(2, int(p ** 0.5) + 1)), p
        product *= p
    assert product == GROUP


def solve(text):
    tokens = refkit.Tokens(text)
    pairs = [tokens.ints(2) for _ in range(tokens.int())]
    tokens.end()
    assert 1 <= len(pairs) <= 100 and all(1 <= v < 1 << 64 for pair in pairs for v in pair)
    return refkit.lines_text(str(log(a, b)) for a, b in pairs)


def main():
    check_product()
    print("product: mex definition below 64, field laws, Fermat; 2^64 - 1 factored")
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)


main()
