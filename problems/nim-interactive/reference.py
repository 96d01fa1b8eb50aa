#!/usr/bin/env python3
"""Reference for nim-interactive. The problem is interactive: its tests have no .out, the
interactor alone judges. So this script checks the judge instead of writing answers:

1. every tests/<name>.in is a valid position (1 <= n <= 100, 1 <= a <= 10^9, then a seed);
2. Bouton's theorem (the mover wins iff the xor of the piles is not 0) against a game search
   on every position of up to 4 piles of size <= 4, and a winning move found from the xor
   (leave pile ^ xor in a pile where that is smaller) against the same search;
3. it compiles interactor.rs with rustc and plays every test against it with an independent
   player written here (the theorem of step 2), which the interactor must accept; then, for
   each test, players it must reject: the losing side, a move taking too many stones, a
   malformed line, leaving before the game is over, a move after `0 0`, and a player that
   empties the largest pile every move (the judge must win at least five of those games);
4. the example game of the statement is replayed through the rules.
"""
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ among the problems
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import refkit  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE_GAME = [">3", ">1 2 4", "<First", "<3 1", ">2 1", "<3 3", ">1 1", "<2 1", ">0 0"]

mover_wins = refkit.win_search(lambda piles: refkit.nim_moves(piles))


def xor_move(piles):
    """(0-based pile, stones taken) leaving a zero xor, or None when the xor is 0."""
    total = refkit.nim_sum(piles)
    for i, size in enumerate(piles):
        if size ^ total < size:
            return i, size - (size ^ total)
    return None


def check_theorem():
    for piles in refkit.multisets(range(5), 4):
        assert mover_wins(piles) == (refkit.nim_sum(piles) != 0), piles
        move = xor_move(piles)
        if move is not None:
            i, x = move
            after = tuple(sorted(piles[:i] + (piles[i] - x,) + piles[i + 1 :]))
            assert not mover_wins(after), (piles, move)


def check_input(text):
    tokens = refkit.Tokens(text)
    n = tokens.int()
    assert 1 <= n <= 100
    piles = tokens.ints(n)
    assert all(1 <= a <= 10**9 for a in piles)
    tokens.int()  # the judge's seed
    tokens.end()
    return piles


def check_sample_game():
    piles = [int(t) for t in SAMPLE_GAME[1][1:].split()]
    assert int(SAMPLE_GAME[0][1:]) == len(piles)
    assert (SAMPLE_GAME[2] == "<First") == (refkit.nim_sum(piles) != 0)
    for line in SAMPLE_GAME[3:-1]:
        i, x = map(int, line[1:].split())
        assert 1 <= x <= piles[i - 1]
        piles[i - 1] -= x
    assert sum(piles) == 0 and SAMPLE_GAME[-2][0] == "<" and SAMPLE_GAME[-1] == ">0 0"


def play(interactor, test, fault=None):
    """Plays `test` against the interactor; returns its exit status and stderr. `fault`
    makes the player wrong: 'side', 'too-many', 'malformed', 'leave', 'after-end', 'blunder'."""
    judge = subprocess.Popen(
        [interactor, test],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )

    def send(line):
        judge.stdin.write(line + "\n")
        judge.stdin.flush()

    def read():
        return judge.stdout.readline().split()

    try:
        n = int(read()[0])
        piles = [int(t) for t in read()]
        assert len(piles) == n
        first = refkit.nim_sum(piles) != 0
        if fault == "side":
            first = not first
        send("First" if first else "Second")
        my_turn = first
        moves = 0
        while True:
            if my_turn:
                if fault == "leave":
                    break
                move = xor_move(piles)
                if fault == "blunder":  # empty the largest pile, winning or not
                    move = (piles.index(max(piles)), max(piles))
                if move is None:  # only when the side was wrong
                    move = (piles.index(max(piles)), 1)
                i, x = move
                if fault == "too-many" and moves >= 2:
                    send(f"{i + 1} {piles[i] + 1}")
                    break
                if fault == "malformed" and moves >= 2:
                    send(f"{i + 1} {x} 0")
                    break
                send(f"{i + 1} {x}")
                piles[i] -= x
                if sum(piles) == 0:
                    assert read() == ["0", "0"]
                    if fault == "after-end":
                        send("1 1")
                    break
            else:
                reply = read()
                if reply == ["-1", "-1"] or not reply:
                    break
                i, x = int(reply[0]) - 1, int(reply[1])
                assert 1 <= x <= piles[i], reply
                piles[i] -= x
                if sum(piles) == 0:  # the judge won; it says `-1 -1` next
                    assert read() == ["-1", "-1"]
                    break
            my_turn = not my_turn
            moves += 1
    except BrokenPipeError:
        pass
    try:
        judge.stdin.close()
    except BrokenPipeError:
        pass
    message = judge.stderr.read()
    return judge.wait(timeout=30), message.strip()


def main():
    check_theorem()
    check_sample_game()
    print("Bouton's theorem and the xor move agree with the search (<= 4 piles of size <= 4)")
    tests = sorted(refkit.test_inputs(HERE))
    for _, text in tests:
        check_input(text)
    lost_games = 0
    with tempfile.TemporaryDirectory() as scratch:
        interactor = os.path.join(scratch, "interactor")
        rustc = ["rustc", "--edition", "2021", "-O", "interactor.rs", "-o", interactor]
        subprocess.run(rustc, cwd=HERE, check=True)
        for stem, _ in tests:
            test = os.path.join(HERE, "tests", stem + ".in")
            status, message = play(interactor, test)
            assert status == 0, (stem, message)
            for fault in ["side", "too-many", "malformed", "leave", "after-end", "blunder"]:
                status, message = play(interactor, test, fault)
                # A game too short for the fault to happen is still won, as is a lucky one.
                assert status != 0 or fault in ("too-many", "malformed", "blunder"), (stem, fault)
                lost_games += fault == "blunder" and "the judge took the last stone" in message
                print(f"{stem}: {fault}: {message or 'accepted (too short a game, or lucky)'}")
            print(f"{stem}: a correct player is accepted")
    assert lost_games >= 5, lost_games


main()
