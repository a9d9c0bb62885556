"""Live entry for MatriO: one token per card, judged by ``matrio.apply``.

Tokens are the record's (``9S>R2S``, ``QD>R1D+++``); the canonical token written back carries
the ``+`` marks of the cells the move won. Roles are ``P1``..``P4`` (P1 holds the 2 of clubs)
and the live ply is the engine's ply.

The view's ``board`` (see ``games.engine.live`` for the whole envelope)::

    {"trays": [{"name": "R1S", "block": "R", "line": 1, "suit": "S",
                "top": "9S" | null, "depth": 0..}, ...24, in the order R1S R1D R1C R1H R2S ..
               C3H],
     "cells": [{"name": "11", "row": 1, "column": 1, "owner": "P3" | null, "score": -12},
               ...9, row by row],
     "empty": {"S": 3, "D": 6, "C": 2, "H": 4},     # empty trays left per printed suit
     "won": ["13", "23"],                          # cells (markers) won by the last move
     "hands": {"P1": {"left": 12, "cards": ["7S", ...] | null}, ...},   # cards null: unknown
     "withdrawn": ["P4"], "opening": "2C" | "any"}

``legal`` is ``{card: [tray, ...]}`` for the player to move (every unplayed card when the hands
are not recorded): the token is ``CARD>TRAY``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.core import IllegalMoveError, JsonDict, RecordError
from games.engine.live.common import (
    Summary,
    Tags,
    at_ply,
    competition_ranks,
    scores_result_text,
    tags_only,
)
from games.engine.matrio.board import CELL_NAMES, TRAY_SUIT, TRAYS, cell_scores
from games.engine.matrio.cards import cards_of
from games.engine.matrio.notation import TokenError, parse_token
from games.engine.matrio.records import read_header
from games.engine.matrio.rules import (
    HAND_SIZE,
    SEATS,
    State,
    apply,
    format_move,
    legal_trays,
    new_game,
    playable_cards,
    scores,
    winners,
)
from games.engine.record import RawRecord

NAME = "matrio"
PLAYER_TAGS = SEATS


@dataclass(frozen=True)
class Position:
    state: State
    depths: tuple[int, ...] = (0,) * 24
    won: tuple[int, ...] = ()
    last_by: str | None = None


def roles(players: Sequence[str]) -> tuple[str, ...]:
    return SEATS


def result_text(players: Sequence[str], result: Mapping[str, Any]) -> str:
    """The ``Result`` tag of a result-only game: each role's final score."""
    return scores_result_text(roles(players), result)


def check_players(players: Sequence[str]) -> None:
    if len(players) != 4 or not all(players):
        raise RecordError(
            "MatriO is played by exactly 4 named players, P1 (the holder of the 2 of clubs) "
            "to P4 clockwise"
        )


def begin(record: RawRecord, players: tuple[str, ...]) -> Position:
    return Position(new_game(read_header(record).options))


def step(position: Position, token: str, ply: int) -> tuple[Position, str]:
    state = position.state
    player = SEATS[state.to_move] if state.to_move is not None else None
    try:
        move, marks = parse_token(token)
    except TokenError as error:
        raise IllegalMoveError(str(error), ply=ply, move=token, player=player).structure_of(
            error
        ) from None
    try:
        after = apply(state, move)
    except IllegalMoveError as error:
        raise at_ply(error, ply, token) from None
    won = tuple(
        c for c, (a, b) in enumerate(zip(state.owners, after.owners, strict=True)) if a != b
    )
    if marks is not None and marks != len(won):
        cells = "no cell" if not won else f"{len(won)} cell{'s' if len(won) > 1 else ''}"
        raise IllegalMoveError(
            f"{format_move(move)} wins {cells}, but the token marks it with {marks} '+'",
            ply=ply,
            move=token,
            player=player,
            legal=[format_move(move, len(won))],
        ).because("matrio.wrong_marks", move=format_move(move), won=len(won), marks=marks)
    depths = list(position.depths)
    depths[move.tray] += 1
    return Position(after, tuple(depths), won, player), format_move(move, len(won))


def summary(position: Position, players: tuple[str, ...]) -> Summary:
    state = position.state
    totals = scores(state)
    finished = state.to_move is None
    return Summary(
        finished=finished,
        plies=state.ply,
        scores=totals,
        winners=winners(totals) if finished else (),
        withdrawn=tuple(SEATS[s] for s in range(4) if state.withdrawn[s]),
        ranks=competition_ranks(totals, winners) if finished else {},
    )


def view(position: Position, players: tuple[str, ...]) -> JsonDict:
    state = position.state
    cells = cell_scores(state.tops)
    hands: JsonDict = {}
    for seat, role in enumerate(SEATS):
        hand = state.options.hands[seat]
        left = 0 if state.withdrawn[seat] else HAND_SIZE - state.counts[seat]
        hands[role] = {
            "left": left,
            "cards": None if hand is None else cards_of(hand & ~state.played) if left else [],
        }
    board = {
        "trays": [
            {
                "name": name,
                "block": name[0],
                "line": int(name[1]),
                "suit": TRAY_SUIT[i],
                "top": state.tops[i],
                "depth": position.depths[i],
            }
            for i, name in enumerate(TRAYS)
        ],
        "cells": [
            {
                "name": name,
                "row": int(name[0]),
                "column": int(name[1]),
                "owner": None if owner is None else SEATS[owner],
                "score": score,
            }
            for name, owner, score in zip(CELL_NAMES, state.owners, cells, strict=True)
        ],
        "empty": dict(state.empty),
        "won": [CELL_NAMES[c] for c in position.won],
        "hands": hands,
        "withdrawn": [SEATS[s] for s in range(4) if state.withdrawn[s]],
        "opening": state.options.opening,
    }
    legal = {card: [TRAYS[t] for t in legal_trays(state, card)] for card in playable_cards(state)}
    to_move = None if state.to_move is None else SEATS[state.to_move]
    return {
        "to_move": to_move,
        "expect": None if to_move is None else "move",
        "legal": legal,
        "board": board,
        "last_by": position.last_by,
    }


setup_tokens = tags_only


def record_text(tags: Tags, players: tuple[str, ...], tokens: Sequence[str]) -> tuple[Tags, str]:
    return tags, " ".join(tokens)


def from_canonical(record: RawRecord) -> tuple[tuple[str, ...], tuple[str, ...]]:
    players = tuple((record.tag(seat) or "").strip() for seat in SEATS)
    return players, tuple(token.text for token in record.tokens())


def replayed(record: RawRecord, fields: Mapping[str, Any], tokens: tuple[str, ...]) -> Summary:
    totals: dict[str, int | None] = dict(fields["scores"])
    finished = bool(fields["finished"])
    return Summary(
        finished=finished,
        plies=fields["plies"],
        scores=totals,
        winners=tuple(fields["winners"]),
        withdrawn=tuple(fields["withdrawn"]),
        ranks=competition_ranks(totals, winners) if finished else {},
        result_only=bool(fields.get("result_only")),
    )
