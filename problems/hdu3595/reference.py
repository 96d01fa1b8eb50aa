#!/usr/bin/env python3
"""Reference for hdu3595; running it rewrites every tests/<name>.out.

Cases of at most 3 games with piles at most 6 are answered by a real search of the
product game: a memoized win/lose search over the tuple of unfinished games, where one turn
makes a move in every unfinished game at once and the player facing only finished games
loses. Larger cases use the Every-SG theorem: in each game, by a direct memoized search,
step(v) = 0 at a finished game; max(step(c) + 1 over children c lost for their mover) when v
is won for its mover; min(step(c) + 1 over all children) when v is lost. The first player
wins iff the largest step over the games is odd. The theorem is compared with the product
search before use on every case of 1..2 games with piles up to 10 and of 3 games with
piles up to 6; the sample outputs from the statement are asserted.
"""
import functools
import itertools
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_IN = "2\n3 2\n3 5\n1\n3 2\n"
SAMPLE_OUT = "MM\nGG\n"
SEARCH_LIMITS = [(2, 10), (3, 6)]  # (games, largest pile) checked exhaustively
SEARCH_SOLVES = (3, 6)  # test cases this small are answered by the product search


def children(game):
    """Positions after one move in an unfinished game (p, q), normalized with p >= q."""
    big, small = game
    return [normalized(big - k * small, small) for k in range(1, big // small + 1)]


def finished(game):
    return game[1] == 0


@functools.lru_cache(maxsize=None)
def product_mover_wins(games):
    """games: sorted tuple of unfinished games; the mover must move in each of them."""
    if not games:
        return False
    for moves in itertools.product(*(children(g) for g in games)):
        rest = tuple(sorted(g for g in moves if not finished(g)))
        if not product_mover_wins(rest):
            return True
    return False


@functools.lru_cache(maxsize=None)
def win_and_step(game):
    """(is the game won for its mover, step count) for one game alone."""
    if finished(game):
        return False, 0
    results = [win_and_step(child) for child in children(game)]
    if any(not won for won, _ in results):
        return True, max(step + 1 for won, step in results if not won)
    return False, min(step + 1 for _, step in results)


def normalized(p, q):
    return (max(p, q), min(p, q))


def first_wins_by_every_sg(games):
    return max(win_and_step(g)[1] for g in games) % 2 == 1


def first_wins(games):
    max_games, max_pile = SEARCH_SOLVES
    if len(games) <= max_games and max(g[0] for g in games) <= max_pile:
        return product_mover_wins(tuple(sorted(games)))
    return first_wins_by_every_sg(games)


def solve(text):
    tokens = list(map(int, text.split()))
    pos, lines = 0, []
    while pos < len(tokens):
        n = tokens[pos]
        games = [normalized(tokens[pos + 1 + 2 * i], tokens[pos + 2 + 2 * i]) for i in range(n)]
        pos += 1 + 2 * n
        lines.append("MM" if first_wins(games) else "GG")
    return "".join(line + "\n" for line in lines)


def check_every_sg_against_search():
    count = 0
    for max_games, max_pile in SEARCH_LIMITS:
        singles = [normalized(p, q) for p in range(1, max_pile + 1) for q in range(1, p + 1)]
        for n in range(1, max_games + 1):
            for games in itertools.combinations_with_replacement(singles, n):
                searched = product_mover_wins(tuple(sorted(games)))
                assert first_wins_by_every_sg(games) == searched, games
                count += 1
    print(f"Every-SG rule agrees with the product-game search on {count} cases")


def main():
    sys.setrecursionlimit(20000)
    check_every_sg_against_search()
    assert solve(SAMPLE_IN) == SAMPLE_OUT
    tests = os.path.join(HERE, "tests")
    for name in sorted(os.listdir(tests)):
        if name.endswith(".in"):
            with open(os.path.join(tests, name)) as f:
                out = solve(f.read())
            with open(os.path.join(tests, name[:-3] + ".out"), "w") as f:
                f.write(out)
            print("wrote", name[:-3] + ".out")


main()
