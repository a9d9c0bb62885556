"""Seeded random MATR1X 0VERL0AD games played by bots, for tests, demo data and benchmarks.

Terms: a *policy* picks one of the legal placements: ``random`` uniformly, ``greedy`` the one
that kills the most royals now, then the tightest fit (a card on the highest pile top it may
cover, an ace or joker resetting the highest pile), ties broken at random.

Invariants: the same seed and policy always give the same game; every game is legal and
complete: it ends in a win or a loss, the player declaring ``LOOP`` as soon as a position
repeats (it could then be played round forever) or after ``MAX_PLIES`` plies.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.engine.overload.cards import FULL_DECK, value
from games.engine.overload.notation import (
    format_deck,
    format_movetext,
    format_result,
    format_setup,
)
from games.engine.overload.position import LOOP, Move, State, placements, resolve, result
from games.engine.overload.records import NAME, TAG_ORDER, Judged, start
from games.engine.overload.rules import apply
from games.engine.record import RawRecord, write_header

MAX_PLIES = 5000
Policy = Callable[[State, tuple[Move, ...], random.Random], Move]


def _random(state: State, moves: tuple[Move, ...], rng: random.Random) -> Move:
    return rng.choice(moves)


def _greedy(state: State, moves: tuple[Move, ...], rng: random.Random) -> Move:
    def score(move: Move) -> tuple[int, int]:
        fit = value(state.top(int(move.place))) if move.kind == "pile" else 0
        return (resolve(state, move).royals_killed, fit)

    scored = [(score(move), move) for move in moves]
    best = max(points for points, _ in scored)
    return rng.choice([move for points, move in scored if points == best])


POLICIES: dict[str, Policy] = {"random": _random, "greedy": _greedy}


def play(seed: int, policy: str = "random") -> tuple[tuple[str, ...], Judged]:
    """Play one seeded game; returns the deck and the judged game."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}: choose one of {', '.join(POLICIES)}")
    choose = POLICIES[policy]
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    state = start(deck, None)
    setup: list[Move] = []
    while state.pending:
        move = choose(state, placements(state), rng)
        state = apply(state, move)
        setup.append(move)
    moves: list[Move] = []
    seen: set[tuple[object, ...]] = set()
    while state.end is None:
        key = (state.deck, state.piles, state.royals, state.ice, state.dead)
        if key in seen or state.ply >= MAX_PLIES:
            move = LOOP
        else:
            seen.add(key)
            move = choose(state, placements(state), rng)
        state = apply(state, move)
        moves.append(move)
    word, reason = result(state)
    return tuple(deck), Judged(
        deck=tuple(deck),
        setup=tuple(setup),
        moves=tuple(moves),
        state=state,
        result=word,
        reason=reason,
        royals_killed=state.royals_killed,
        cards_left=len(state.deck) if state.end == "win" else None,
    )


def random_game(seed: int, policy: str = "random") -> str:
    """A seeded random legal complete game as canonical MGN text."""
    deck, done = play(seed, policy)
    tags = {"game": NAME, "player": f"{policy} bot", "deck": format_deck(deck)}
    if done.setup:
        tags["setup"] = format_setup(done.setup)
    record = RawRecord(index=0, line=1, tags=tags, names={key: key.title() for key in tags})
    values = {
        "Result": format_result(done.result, done.reason, done.royals_killed, done.cards_left)
    }
    header = write_header(record, NAME, TAG_ORDER, values)
    return header + "\n" + format_movetext(done.moves) + "\n"
