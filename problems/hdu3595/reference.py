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
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

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


def product_children(games):
    """games: sorted tuple of unfinished games; the mover must move in each of them (so with
    none left there is no move, and the mover has lost)."""
    if not games:
        return
    for moves in itertools.product(*(children(g) for g in games)):
        yield tuple(sorted(g for g in moves if not finished(g)))


product_mover_wins = refkit.win_search(product_children)


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
    tokens, lines = refkit.Tokens(text), []
    while tokens.more():
        n = tokens.int()
        games = [normalized(*tokens.ints(2)) for _ in range(n)]
        lines.append("MM" if first_wins(games) else "GG")
    return refkit.lines_text(lines)


def check_every_sg_against_search():
    count = 0
    for max_games, max_pile in SEARCH_LIMITS:
        singles = [normalized(p, q) for p in range(1, max_pile + 1) for q in range(1, p + 1)]
        for games in refkit.multisets(singles, max_games):
            searched = product_mover_wins(tuple(sorted(games)))
            assert first_wins_by_every_sg(games) == searched, games
            count += 1
    print(f"Every-SG rule agrees with the product-game search on {count} cases")


def main():
    sys.setrecursionlimit(20000)
    check_every_sg_against_search()
    refkit.regenerate(HERE, solve, SAMPLE_IN, SAMPLE_OUT)


main()
