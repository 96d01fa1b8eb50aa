#!/usr/bin/env python3
"""Input generator (deterministic, stdlib only). Usage: python3 gen.py <mode> <seed>.

A mode is `<size>-<code>`: size `mid` (Q = 300) or `max` (Q = 10^5, h = 10 in most
positions), code an octal code such as 0.45. Heap sizes mix 0, small sizes (inside and just
past the preperiod), and sizes up to 10^18. About half the positions are made losing for
the mover: the generator computes the code's Grundy values itself (mex over the moves) and
picks the last heap, huge when it can, with the value that cancels the others. The
committed mid tests were made with seed 1.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

BIG = 10**18
TABLE = 3000  # every code used here repeats with its period well before this


def grundy(code, count):
    digits = [int(c) for c in code.split(".")[1]]
    g = []
    for n in range(count):
        options = set()
        for j, d in enumerate(digits, 1):
            rest = n - j
            if rest < 0:
                break
            if d & 1 and rest == 0:
                options.add(0)
            if d & 2 and rest > 0:
                options.add(g[rest])
            if d & 4:
                options.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
        g.append(refkit.mex(options))
    return g


def positions(rng, code, count, max_heaps):
    g = grundy(code, TABLE)
    # Where the tail of the table is periodic, a huge heap with a given value is n + p*k.
    period = next(
        p
        for p in range(1, TABLE // 4)
        if all(g[n] == g[n + p] for n in range(TABLE // 2, TABLE - p))
    )
    tail = {}
    for n in range(TABLE - period, TABLE):
        tail.setdefault(g[n], n)
    smalls = {}
    for n in range(TABLE):
        smalls.setdefault(g[n], []).append(n)

    def heap():
        kind = rng.random()
        if kind < 0.05:
            return 0
        if kind < 0.35:
            return rng.randrange(TABLE)
        if kind < 0.45:
            return rng.randrange(BIG - 1000, BIG + 1)
        return rng.randrange(BIG + 1)

    def value(n):
        if n < TABLE:
            return g[n]
        return g[TABLE - period + (n - (TABLE - period)) % period]

    result = []
    for _ in range(count):
        h = max_heaps if rng.random() < 0.8 else rng.randint(1, max_heaps)
        heaps = [heap() for _ in range(h)]
        if rng.random() < 0.5:
            x = refkit.nim_sum(value(s) for s in heaps[:-1])
            if x in tail and rng.random() < 0.7:
                n = tail[x]
                heaps[-1] = n + period * rng.randrange((BIG - n) // period + 1)
            elif x in smalls:
                heaps[-1] = rng.choice(smalls[x])
        rng.shuffle(heaps)
        result.append(heaps)
    return result


def lines(code_and_positions):
    code, cases = code_and_positions
    return [code, str(len(cases))] + [" ".join(map(str, [len(c)] + c)) for c in cases]


CODES = ["0.77", "0.07", "0.137", "0.45", "0.055", "0.116", "0.0074", "0.777777", "0.51"]
MODES = {}
for code in CODES:
    MODES["mid-" + code] = lambda rng, code=code: (code, positions(rng, code, 300, 10))
    MODES["max-" + code] = lambda rng, code=code: (code, positions(rng, code, 10**5, 10))
refkit.generate(MODES, lines)
