"""Live entry for the Integer Matrix: one token per turn, the drawn disc, its colour, its square.

The game starts from its ``Setup`` tag (the nine centre discs) and ``Scoring``. A token is the
record's move, ``+3/-5 W f4`` (white face / black face, colour, square) with an optional claim
``=+6``; parts may touch (``3/-5Wf4``). Every move is judged by ``integer_matrix.play``; the
canonical token is the engine's ``+3/-5 W f4 =+6``. Roles are ``negative`` (odd plies) and
``positive``; the live ply is the engine's ply.

The view's ``board``::

    {"squares": {"a1": null, ..., "c3": {"colour": "B", "value": -4, "white": 2,
                                         "black": -4}, ... "g7"},   # a1 bottom left, 49 keys
     "rows": [["a7", ... "g7"], ..., ["a1", ... "g1"]],   # square names, top row first
     "net": {"negative": -15, "positive": 16},
     "legal": {"W": ["b2", "f4"], "B": ["c2"]},    # legal squares per colour (any disc)
     "scoring": "rect" | "line", "end": null | "full" | "blocked", "discs": 13,
     "last_turn": null | {"ply": 4, "player": "positive", "move": "+3/-5 W f4",
                          "flipped": ["e4"], "closers": ["d4"], "score": 6,
                          "claim": 6 | null, "matrix": ["d4", "e4", "f4"]}}

``legal`` is ``{"W": [...], "B": [...]}`` too: the token is ``DISC COLOUR SQUARE``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.core import IllegalMoveError, JsonDict, RecordError
from games.engine.integer_matrix.board import (
    COLOURS,
    FILES,
    SIZE,
    SQUARES,
    discs,
    legal_squares,
    square_name,
)
from games.engine.integer_matrix.notation import format_move
from games.engine.integer_matrix.records import read_scoring, read_setup_tag
from games.engine.integer_matrix.rules import (
    Options,
    State,
    Turn,
    after_end,
    new_game,
    outcome,
    parse_move,
    play,
    scores,
)
from games.engine.integer_matrix.scoring import ROLES
from games.engine.integer_matrix.scoring import winners as role_winners
from games.engine.live.common import (
    Summary,
    Tags,
    at_ply,
    competition_ranks,
    scores_result_text,
    tags_only,
)
from games.engine.record import RawRecord

NAME = "integer-matrix"
PLAYER_TAGS: tuple[str, ...] = ("Negative", "Positive")


@dataclass(frozen=True)
class Position:
    state: State
    turn: Turn | None = None


def roles(players: Sequence[str]) -> tuple[str, ...]:
    return ROLES


def result_text(players: Sequence[str], result: Mapping[str, Any]) -> str:
    """The ``Result`` tag of a result-only game: each role's final score."""
    return scores_result_text(roles(players), result)


def check_players(players: Sequence[str]) -> None:
    if len(players) != 2:
        raise RecordError(
            "the Integer Matrix is played by 2 players or teams: negative, then positive"
        )


def begin(record: RawRecord, players: tuple[str, ...]) -> Position:
    scoring = read_scoring(record)
    setup = read_setup_tag(record)
    if setup is None:
        raise RecordError(
            'a game needs a [Setup "..."] tag with the nine centre discs, e.g. '
            "c3=+2/-4:B d3=+1/-3:W ..."
        )
    return Position(new_game(Options(setup, scoring)))


def step(position: Position, token: str, ply: int) -> tuple[Position, str]:
    state = position.state
    try:
        if state.end is not None:
            raise after_end(state, token)
        after, turn = play(state, parse_move(state, token))
    except IllegalMoveError as error:
        raise at_ply(error, ply, token) from None
    return Position(after, turn), format_move(turn.move)


def _best(totals: dict[str, int]) -> tuple[str, ...]:
    if len(totals) == 2:
        return role_winners(totals["negative"], totals["positive"])
    return tuple(totals)  # the last one left


def summary(position: Position, players: tuple[str, ...]) -> Summary:
    state = position.state
    result = outcome(state)
    totals: dict[str, int | None] = dict(scores(state))
    return Summary(
        finished=result is not None,
        plies=state.ply,
        scores=totals,
        winners=result.winners if result is not None else (),
        ranks=competition_ranks(totals, _best) if result is not None else {},
        details={"end": state.end},
    )


def _piece(state: State, square: int) -> JsonDict | None:
    piece = state.board[square]
    if piece is None:
        return None
    return {
        "colour": piece.up,
        "value": piece.value,
        "white": piece.disc.white,
        "black": piece.disc.black,
    }


def view(position: Position, players: tuple[str, ...]) -> JsonDict:
    state = position.state
    running = state.end is None
    legal = {
        colour: [square_name(s) for s in legal_squares(state.board, colour)] if running else []
        for colour in COLOURS
    }
    turn = position.turn
    last = None
    if turn is not None:
        last = {
            "ply": turn.ply,
            "player": turn.player,
            "move": format_move(turn.move),
            "flipped": [square_name(s) for s in turn.flipped],
            "closers": [square_name(s) for s in turn.closers],
            "score": turn.score,
            "claim": turn.move.claim,
            "matrix": [square_name(s) for s in turn.matrix.counted],
        }
    board = {
        "squares": {square_name(s): _piece(state, s) for s in range(SQUARES)},
        "rows": [[f"{FILES[c]}{r + 1}" for c in range(SIZE)] for r in reversed(range(SIZE))],
        "net": {"negative": state.net[0], "positive": state.net[1]},
        "legal": legal,
        "scoring": state.scoring,
        "end": state.end,
        "discs": discs(state.board),
        "last_turn": last,
    }
    return {
        "to_move": state.to_move if running else None,
        "expect": "move" if running else None,
        "legal": legal,
        "board": board,
        "last_by": turn.player if turn is not None else None,
    }


setup_tokens = tags_only


def record_text(tags: Tags, players: tuple[str, ...], tokens: Sequence[str]) -> tuple[Tags, str]:
    return tags, "\n".join(f"{ply}. {token}" for ply, token in enumerate(tokens, start=1))


def from_canonical(record: RawRecord) -> tuple[tuple[str, ...], tuple[str, ...]]:
    players = tuple((record.tag(tag) or "").strip() for tag in PLAYER_TAGS)
    tokens = tuple(text.partition(". ")[2] for _, text in record.movetext)
    return players, tokens


def replayed(record: RawRecord, fields: Mapping[str, Any], tokens: tuple[str, ...]) -> Summary:
    totals: dict[str, int | None] = dict(fields["scores"])
    finished = bool(fields["finished"])
    return Summary(
        finished=finished,
        plies=fields["plies"],
        scores=totals,
        winners=tuple(fields["winners"]),
        ranks=competition_ranks(totals, _best) if finished else {},
        result_only=bool(fields.get("result_only")),
        details={"end": fields["end"]},
    )
