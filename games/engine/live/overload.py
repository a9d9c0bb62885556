"""Live entry for MATR1X 0VERL0AD: the deck upfront, then the setup and each draw.

The game starts from its ``Deck`` tag (the 54 cards, top first: the shuffled deck as it will
be drawn). The royals met while dealing are then placed one *setup token* each (``KH>N2``, in
the order placed), and every drawn card gets one token (``1``..``9``, ``N1``.., ``IN2``,
``PE1``, optionally with the card echoed, ``6C:1``; or ``LOOP`` / ``ABANDON``). Setup tokens
are plies here (not in the engine, which keeps them in the ``Setup`` tag): a game whose deal
meets three royals has its first draw at live ply 4. Every token is judged by
``overload.apply``. The one role is ``player``; its score is the number of royals killed.

The view's ``board``::

    {"phase": "setup" | "play" | "over",
     "piles": {"1": {"cards": ["3S", "4S"], "top": "4S", "depth": 2}, ... "9"},  # bottom first
     "slots": {"N1": {"royal": "KH" | null, "beside": 1, "ice": ["7D"], "health": 20,
                      "dead": false}, ... N1-N3 E1-E3 S1-S3 W1-W3},
     "pending": ["KD"],           # royals met while dealing, still to place (setup phase)
     "next_card": "6C" | null,    # the card drawn now (null in setup or after the end)
     "deck_count": 31, "royals_killed": 3, "cards_left": null | 7,
     "end": null | "win" | "deck" | "ice" | "loop" | "abandon",
     "result": "win" | "loss" | "unfinished", "reason": null | "deck" | "ice" | "loop",
     "kills": ["N2"],             # slots whose royal the last move killed
     "picture": "...text..."}     # the engine's text picture of the table

``legal`` lists the canonical tokens: setup placements (``KH>N2``), or the placements of the
drawn card (``6C:1``, ``7D:IN2``) followed by ``LOOP`` and ``ABANDON``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.core import IllegalMoveError, JsonDict, RecordError
from games.engine.live.common import Summary, Tags, at_ply, with_tags, written_tags
from games.engine.overload.board import PILES, SLOTS
from games.engine.overload.explain import ended
from games.engine.overload.notation import format_move, format_result, parse_move, read_setup
from games.engine.overload.position import State, result
from games.engine.overload.records import new_game
from games.engine.overload.rules import apply, legal_moves
from games.engine.overload.summary import picture, table
from games.engine.record import RawRecord

NAME = "matrix-overload"
PLAYER_TAGS: tuple[str, ...] = ("Player",)
ROLE = "player"


@dataclass(frozen=True)
class Position:
    state: State
    last_by: str | None = None
    kills: tuple[str, ...] = ()


def roles(players: Sequence[str]) -> tuple[str, ...]:
    return (ROLE,)


def result_text(players: Sequence[str], result: Mapping[str, Any]) -> str:
    """The ``Result`` tag of a result-only game: won or lost (why), royals killed, cards left."""
    killed = result.get("royals_killed")
    return format_result(
        str(result.get("result", "")),
        result.get("reason"),
        killed if isinstance(killed, int) else 12,
        result.get("cards_left"),
    )


def check_players(players: Sequence[str]) -> None:
    if len(players) != 1:
        raise RecordError("Matrix Overload is a solitaire: give one player")


def begin(record: RawRecord, players: tuple[str, ...]) -> Position:
    return Position(new_game(dict(record.tags)))


def step(position: Position, token: str, ply: int) -> tuple[Position, str]:
    state = position.state
    if state.end is not None:
        raise IllegalMoveError(ended(state), ply=ply, move=token)
    try:
        move = parse_move(state, token)
        after = apply(state, move)
    except IllegalMoveError as error:
        raise at_ply(error, ply, token) from None
    kills = tuple(
        slot
        for slot, was, now in zip(SLOTS, state.dead, after.dead, strict=True)
        if now and not was
    )
    return Position(after, ROLE, kills), format_move(move)


def _details(state: State) -> JsonDict:
    word, reason = result(state)
    return {
        "result": word,
        "reason": reason,
        "royals_killed": state.royals_killed,
        "cards_left": len(state.deck) if state.end == "win" else None,
    }


def summary(position: Position, players: tuple[str, ...]) -> Summary:
    state = position.state
    return Summary(
        finished=state.end is not None,
        abandoned=state.end == "abandon",
        plies=None,
        scores={ROLE: state.royals_killed},
        winners=(ROLE,) if state.end == "win" else (),
        ranks={},
        details=_details(state),
    )


def view(position: Position, players: tuple[str, ...]) -> JsonDict:
    state = position.state
    phase = "over" if state.end is not None else "setup" if state.pending else "play"
    board = {
        "phase": phase,
        "piles": {
            str(pile): {
                "cards": list(state.piles[pile - 1]),
                "top": state.top(pile),
                "depth": len(state.piles[pile - 1]),
            }
            for pile in PILES
        },
        "slots": table(state)["slots"],
        "pending": list(state.pending),
        "next_card": state.drawn,
        "deck_count": len(state.deck),
        **_details(state),
        "end": state.end,
        "kills": list(position.kills),
        "picture": picture(state),
    }
    return {
        "to_move": None if phase == "over" else ROLE,
        "expect": None if phase == "over" else "setup" if phase == "setup" else "move",
        "legal": [format_move(move) for move in legal_moves(state)],
        "board": board,
        "last_by": position.last_by,
    }


def setup_tokens(record: RawRecord) -> tuple[Tags, tuple[str, ...]]:
    """The tags without ``Setup``, and its placements as setup tokens (played as plies)."""
    tags = written_tags(record, "setup")
    written = record.tag("Setup")
    if written is None:
        return tags, ()
    return tags, tuple(format_move(move) for move in read_setup(written))


def record_text(tags: Tags, players: tuple[str, ...], tokens: Sequence[str]) -> tuple[Tags, str]:
    setup = [token for token in tokens if ">" in token]
    moves = [token for token in tokens if ">" not in token]
    if setup:
        tags = with_tags(tags, {"Setup": " ".join(setup)})
    return tags, " ".join(moves)


def from_canonical(record: RawRecord) -> tuple[tuple[str, ...], tuple[str, ...]]:
    players = ((record.tag("Player") or "").strip(),)
    return players, tuple(token.text for token in record.tokens())


def replayed(record: RawRecord, fields: Mapping[str, Any], tokens: tuple[str, ...]) -> Summary:
    abandoned = bool(tokens) and tokens[-1] == "ABANDON"
    details = {key: fields[key] for key in ("result", "reason", "royals_killed", "cards_left")}
    return Summary(
        finished=fields["result"] != "unfinished" or abandoned or bool(fields.get("result_only")),
        abandoned=abandoned,
        plies=len(tokens) if tokens else None,
        scores={ROLE: fields["royals_killed"]},
        winners=(ROLE,) if fields["result"] == "win" else (),
        ranks={},
        result_only=bool(fields.get("result_only")),
        details=details,
    )
