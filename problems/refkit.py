"""Shared pieces of the problems' reference.py and gen.py scripts (stdlib only).

Each problems/<id>/reference.py stays its own independent method: it states its game's
rules (the moves of a position) and its theorem or formula itself. This module only holds
what they all did the same way before, written once:

- reading: Tokens, a cursor over the integers of an input;
- game search: win_search (memoized win/lose search given a position's moves), nim_moves
  (the moves of Nim and of subtraction games on a sorted tuple of piles), multisets (every
  small position to check a theorem on), WON (where a move that wins at once leads), mex,
  nim_sum;
- running: regenerate (assert the statement's sample, then rewrite every tests/<name>.out or
  .sha256, generating the input of tests/<name>.gen with gen.py as the judge does), run_gen;
- generators: generate (the `gen.py <mode> <seed>` entry point), print_lines, case_lines,
  counted_case_lines, zero_xor_piles.

Scripts import it with
    sys.dont_write_bytecode = True  # no __pycache__ among the problems
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import refkit
"""
import functools
import hashlib
import itertools
import os
import random
import subprocess
import sys


# Reading inputs.


class Tokens:
    """The integers of an input, read in order; running past the end raises AssertionError."""

    def __init__(self, text):
        self.values = [int(t) for t in text.split()]
        self.pos = 0

    def int(self):
        assert self.pos < len(self.values), "input ends too early"
        self.pos += 1
        return self.values[self.pos - 1]

    def ints(self, count):
        assert self.pos + count <= len(self.values), "input ends too early"
        self.pos += count
        return self.values[self.pos - count : self.pos]

    def more(self):
        return self.pos < len(self.values)

    def end(self, message="tokens after the last case"):
        assert self.pos == len(self.values), message

    def groups(self, size):
        """The rest of the input as tuples of `size` integers (which must come out even)."""
        assert (len(self.values) - self.pos) % size == 0, f"not a whole number of {size}-tuples"
        return [tuple(self.ints(size)) for _ in range((len(self.values) - self.pos) // size)]


def lines_text(lines):
    """Lines as output text: each one ends in a newline."""
    return "".join(line + "\n" for line in lines)


# Game search.


# Where a move that wins the game at once (three in a row, a 1x1 piece...) leads: the
# opponent, to move there, has lost.
WON = "won by the last move"


def win_search(children, no_move_wins=False):
    """A memoized mover_wins(position) for the game whose moves from `position` lead to the
    positions `children(position)` (hashable, normalized so equal positions compare equal,
    or WON). The mover wins iff some move leaves a position lost for the opponent; a position
    without moves is lost (normal play) unless no_move_wins (misere: the opponent just took
    the last)."""

    @functools.lru_cache(maxsize=None)
    def mover_wins(position):
        if position is WON:
            return False
        moved = False
        for child in children(position):
            if not mover_wins(child):
                return True
            moved = True
        return no_move_wins and not moved

    return mover_wins


def nim_moves(piles, takes=None):
    """Positions one move away in Nim on the sorted tuple `piles`, as sorted tuples, one per
    (pile, new size): take any positive number from one pile, or only a number in `takes`
    (a sorted list, for subtraction games). Emptied piles stay as 0."""
    for index, size in enumerate(piles):
        for take in range(1, size + 1) if takes is None else takes:
            if take > size:
                break
            yield tuple(sorted(piles[:index] + (size - take,) + piles[index + 1 :]))


def multisets(items, max_count, min_count=1):
    """Every sorted tuple of min_count..max_count items (repetition allowed): the small
    positions a theorem is checked on against a search."""
    for count in range(min_count, max_count + 1):
        yield from itertools.combinations_with_replacement(items, count)


def mex(values):
    """The smallest non-negative integer not among `values`."""
    seen = set(values)
    value = 0
    while value in seen:
        value += 1
    return value


def nim_sum(values):
    total = 0
    for value in values:
        total ^= value
    return total


# Running a reference.


def run_gen(here, args):
    """The stdout of `python3 gen.py <args>` run in the problem folder `here`."""
    command = [sys.executable, "gen.py", *args]
    return subprocess.run(command, cwd=here, check=True, capture_output=True, text=True).stdout


def test_inputs(here):
    """(stem, input text) for every tests/<stem>.in and tests/<stem>.gen of folder `here`."""
    tests = os.path.join(here, "tests")
    for name in sorted(os.listdir(tests)):
        stem, ext = os.path.splitext(name)
        if ext == ".in":
            with open(os.path.join(tests, name)) as f:
                yield stem, f.read()
        elif ext == ".gen":
            with open(os.path.join(tests, name)) as f:
                yield stem, run_gen(here, f.read().split())


def regenerate(here, solve, sample_in, sample_out, sha256=()):
    """Asserts solve(sample_in) == sample_out, then writes solve(input) for every test of
    folder `here` to tests/<stem>.out, or its SHA-256 to tests/<stem>.sha256 for the stems
    in `sha256` (outputs too large to commit)."""
    assert solve(sample_in) == sample_out, "the statement's sample"
    for stem, text in test_inputs(here):
        out = solve(text)
        if stem in sha256:
            # Lines have no trailing whitespace and end in "\n": already the judge's normal form.
            name, data = stem + ".sha256", hashlib.sha256(out.encode()).hexdigest() + "\n"
        else:
            name, data = stem + ".out", out
        with open(os.path.join(here, "tests", name), "w") as f:
            f.write(data)
        print("wrote", name)


# Generators.


def generate(modes, to_lines=lambda lines: lines):
    """The entry point of `python3 gen.py <mode> <seed>`: prints the lines
    to_lines(modes[mode](random.Random(seed)))."""
    mode, seed = sys.argv[1], int(sys.argv[2])
    if mode not in modes:
        sys.exit("unknown mode " + mode)
    print_lines(to_lines(modes[mode](random.Random(seed))))


def print_lines(lines):
    sys.stdout.write(lines_text(lines))


def case_lines(cases):
    """Each case (a list of integers) as two lines: its length, then the integers."""
    lines = []
    for case in cases:
        lines.append(str(len(case)))
        lines.append(" ".join(map(str, case)))
    return lines


def counted_case_lines(cases):
    """The number of cases, then case_lines."""
    return [str(len(cases))] + case_lines(cases)


def zero_xor_piles(rng, count, max_size):
    """`count` sizes in 1..max_size whose xor is 0: the last one cancels the others (all
    redrawn while it falls out of range)."""
    while True:
        piles = [rng.randint(1, max_size) for _ in range(count - 1)]
        last = nim_sum(piles)
        if 1 <= last <= max_size:
            return piles + [last]
