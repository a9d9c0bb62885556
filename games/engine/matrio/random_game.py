"""Seeded random MatriO games for tests, demo data and benchmarks.

Policies: ``random`` (any legal move), ``greedy`` (the move that leaves the mover's total
highest, ties at random) and ``mixed:P`` (greedy with probability P, else random: a skill
knob for simulations). The same seed and policy always give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.engine.matrio.cards import BIT, DECK
from games.engine.matrio.records import TAG_ORDER, result_string
from games.engine.matrio.rules import (
    SEATS,
    Move,
    Options,
    State,
    apply,
    format_move,
    legal_moves,
    new_game,
    scores,
)
from games.engine.record import RawRecord, write_header


def _greed(policy: str) -> float:
    if policy == "random":
        return 0.0
    if policy == "greedy":
        return 1.0
    if policy.startswith("mixed:"):
        try:
            share = float(policy[6:])
        except ValueError:
            share = -1.0
        if 0.0 <= share <= 1.0:
            return share
    raise ValueError(f"unknown policy {policy!r}: use random, greedy or mixed:P with 0 <= P <= 1")


def deal(rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """Four 13-card hands, rotated so that the holder of the 2 of clubs is P1."""
    cards = list(DECK)
    rng.shuffle(cards)
    hands = [tuple(sorted(cards[i::4], key=DECK.index)) for i in range(4)]
    first = next(i for i, hand in enumerate(hands) if "2C" in hand)
    return tuple(hands[first:] + hands[:first])


def choose(state: State, rng: random.Random, greed: float) -> Move:
    moves = legal_moves(state)
    if greed and rng.random() < greed:
        seat = SEATS[state.to_move or 0]
        best = max(scores(apply(state, m))[seat] or 0 for m in moves)
        moves = tuple(m for m in moves if (scores(apply(state, m))[seat] or 0) == best)
    return rng.choice(moves)


def random_game(
    seed: int,
    policy: str | Sequence[str] = "random",
    *,
    players: Sequence[str] = ("Player 1", "Player 2", "Player 3", "Player 4"),
    opening: str = "2C",
    tags: dict[str, str] | None = None,
) -> str:
    """A complete legal game as canonical MGN (with Hand tags and ``+`` marks).

    ``policy`` is one policy for all seats or four, one per seat P1-P4 (after the deal, P1
    is whoever holds the 2 of clubs). ``tags`` may add common tags (Event, Date, Round, ...).
    """
    policies = [policy] * 4 if isinstance(policy, str) else list(policy)
    if len(policies) != 4:
        raise ValueError(f"give one policy or four, not {len(policies)}")
    greeds = [_greed(p) for p in policies]
    rng = random.Random(seed)
    hands = deal(rng)
    bits = tuple(sum(BIT[c] for c in hand) for hand in hands)
    state = new_game(Options(opening=opening, hands=bits))
    tokens = []
    while state.to_move is not None:
        move = choose(state, rng, greeds[state.to_move])
        after = apply(state, move)
        won = sum(1 for a, b in zip(state.owners, after.owners, strict=True) if a != b)
        tokens.append(format_move(move, won))
        state = after
    values = dict(zip(SEATS, players, strict=True))
    values["Opening"] = opening
    values.update({f"Hand{i + 1}": " ".join(hand) for i, hand in enumerate(hands)})
    values.update(tags or {})
    values["Result"] = result_string(state)
    header = write_header(RawRecord(index=0, line=1), "matrio", TAG_ORDER, values)
    return header + "\n" + " ".join(tokens) + "\n"
