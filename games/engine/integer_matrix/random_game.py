"""Seeded random Integer Matrix games, for tests, demo data and benchmarks.

Terms: every disc is drawn with random faces, one in 0..9 and the other in -9..0, the positive
face on a random colour; the setup is nine such discs laid by the setup rule (black on c3 e3
d4 c5 e5, white on d3 c4 e4 d5); ``Scoring`` is picked at random. A *policy* chooses among the
legal placements for the drawn disc: ``random`` (uniformly) or ``greedy`` (the best matrix
score for the mover right now: highest for the positive player, lowest for the negative one;
ties broken at random). About half the moves carry the players' (correct) claim.

Invariants: the same seed and policy always give the same game; the game is legal and
complete (it ends ``full`` or ``blocked``); the text is canonical MGN.
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.engine.integer_matrix.board import CENTRE, Disc, Move, judge, place, setup_colour
from games.engine.integer_matrix.notation import format_move, format_setup
from games.engine.integer_matrix.records import NAME, write_record
from games.engine.integer_matrix.rules import Options, State, legal_moves, new_game, play
from games.engine.integer_matrix.scoring import SCORINGS, matrix
from games.engine.record import read_records

POLICIES = ("random", "greedy")


def random_disc(rng: random.Random) -> Disc:
    """A sound disc: one face in 0..9, the other in -9..0, on random colours."""
    high, low = rng.randint(0, 9), -rng.randint(0, 9)
    return Disc(high, low) if rng.random() < 0.5 else Disc(low, high)


def matrix_score(state: State, move: Move) -> int:
    """The matrix score ``move`` (a legal placement) would make, without ending checks."""
    _, runs = judge(state.board, move.colour, move.square)
    board = place(state.board, move.disc, move.colour, move.square, runs.flipped)
    return matrix(board, move.colour, move.square, runs.flipped, runs.closers, state.scoring).score


def choose(state: State, moves: tuple[Move, ...], policy: str, rng: random.Random) -> Move:
    """The policy's pick among ``moves`` (all legal, none empty)."""
    if policy == "random":
        return rng.choice(moves)
    sign = 1 if state.to_move == "positive" else -1
    scored = [(sign * matrix_score(state, move), move) for move in moves]
    best = max(score for score, _ in scored)
    return rng.choice([move for score, move in scored if score == best])


def random_game(seed: int, policy: str = "random") -> str:
    """A seeded random legal complete game as canonical MGN text."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}: use one of {', '.join(POLICIES)}")
    rng = random.Random(seed)
    setup = tuple((square, random_disc(rng)) for square in CENTRE)
    scoring = rng.choice(SCORINGS)
    state = new_game(Options(setup, scoring))
    lines: list[str] = []
    while state.end is None:
        move = choose(state, legal_moves(state, random_disc(rng)), policy, rng)
        state, turn = play(state, move)
        if rng.random() < 0.5:
            move = replace(move, claim=turn.score)
        lines.append(format_move(move))
    items = format_setup([(square, disc, setup_colour(square)) for square, disc in setup])
    text = (
        f'[Game "{NAME}"]\n[Event "Random game {seed} ({policy})"]\n'
        f'[Negative "Negative bot"]\n[Positive "Positive bot"]\n'
        f'[Scoring "{scoring}"]\n[Setup "{items}"]\n\n' + "\n".join(lines) + "\n"
    )
    return write_record(read_records(text)[0])
