"""Live entry for Mathematico: the drawn values and every player's cell for each of them.

Two ways to give the deal, chosen when the game starts:

* **progressive** (no ``Deal`` tag): the recorder enters each drawn value as a *draw token*
  ``=V`` (``=7``, ``=13``; ``A T J Q K`` read as 1 10 11 12 13), then each player's cell for it
  in seat order (``c3``, or ``-`` for a value not placed). Plies run ``=7 c3 d4 =13 a1 e5 ...``:
  25 x (players + 1) in all. A draw is checked with the engine's own deal check
  (``cards.check_deal``: a value 1..13, never more than four times).
* **upfront** (a ``Deal`` tag with the 25 values): the plies are the cells only, card by card,
  seat by seat (25 x players). Imported records are stored this way.

Either way every placement is judged by ``mathematico.apply``. Roles are the player names.
The canonical MGN of a finished game is the same whichever way the deal was entered; an
unfinished game cannot be written as a valid record (``docs/records.md`` §3 asks 25 entries
per line).

The view's ``board``::

    {"deal": "progressive" | "upfront", "mode": "max", "rules": "canonical",
     "draws": [7, 13, ...],       # values drawn so far, in order (upfront: up to the current)
     "card": 3 | null,            # number 1..25 of the value being placed (null: draw or over)
     "value": 13 | null,          # the value being placed now
     "left": 22,                  # values still to draw
     "cells": ["a1", "b1", ... "e5"],   # board index -> cell name (row 1 is the top row)
     "boards": {NAME: {"board": "7..../...../...../...../.....",
                       "values": [7, 0, ...],          # 25 values by board index, 0 = empty
                       "total": 40,
                       "lines": [{"kind": "row", "label": "row 1", "cells": ["a1", ...],
                                  "values": [7, 0, 0, 0, 0], "combination": "nothing",
                                  "bonus": 0, "points": 0}, ...12]}}}

``legal`` is a list of tokens: the free cells of the mover's board and ``-``, or, when a draw
is expected, the draw tokens ``=1`` .. ``=13`` of the values not yet drawn four times.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.engine.core import IllegalMoveError, JsonDict, RecordError
from games.engine.live.common import (
    Summary,
    Tags,
    at_ply,
    competition_ranks,
    scores_result_text,
    tags_only,
    with_tags,
)
from games.engine.mathematico.board import CELLS, board_string
from games.engine.mathematico.cards import (
    COPIES,
    DEAL_SIZE,
    VALUES,
    check_deal,
    deal_text,
    read_deal,
    read_value,
)
from games.engine.mathematico.notation import read_mode, read_players, read_result, read_rules
from games.engine.mathematico.rules import (
    Options,
    State,
    apply,
    format_move,
    legal_names,
    new_game,
    outcome,
    parse_move,
    scores,
)
from games.engine.mathematico.scoring import LineScore, breakdown, winners
from games.engine.record import RawRecord

NAME = "mathematico"
PLAYER_TAGS: tuple[str, ...] = ()
DRAW = "="
_FORBIDDEN = (":", ";", "{", "}")


@dataclass(frozen=True)
class Position:
    state: State  # in progressive mode the deal is the draws padded with possible values
    draws: tuple[int, ...]
    upfront: bool
    last_by: str | None = None

    @property
    def wants_draw(self) -> bool:
        state = self.state
        n = len(state.options.players)
        return (
            not self.upfront and len(self.draws) < DEAL_SIZE and state.moves == len(self.draws) * n
        )


def roles(players: Sequence[str]) -> tuple[str, ...]:
    return tuple(players)


def result_text(players: Sequence[str], result: Mapping[str, Any]) -> str:
    """The ``Result`` tag of a result-only game: each role's final score."""
    return scores_result_text(roles(players), result)


def check_players(players: Sequence[str]) -> None:
    if not players or not all(players):
        raise RecordError("a game of mathematico needs at least one named player")
    for name in players:
        if name.startswith("[") or any(char in name for char in _FORBIDDEN):
            raise RecordError(
                f"{name!r} cannot be a Mathematico player's name: a name cannot contain "
                "':', ';', '{' or '}' nor start with '['"
            )


def _padded(draws: tuple[int, ...]) -> tuple[int, ...]:
    """The draws followed by values that could still come, checked by the engine."""
    counts = Counter(draws)
    pad = [v for v in VALUES for _ in range(max(0, COPIES - counts[v]))]
    deal = (*draws, *pad[: DEAL_SIZE - len(draws)])
    check_deal(deal)
    return deal


def begin(record: RawRecord, players: tuple[str, ...]) -> Position:
    mode, rules = read_mode(record), read_rules(record)
    written = record.tag("Deal")
    draws = read_deal(written, line=record.tag_line("Deal")) if written is not None else ()
    state = new_game(Options(_padded(draws), players, mode, rules))
    return Position(state, draws, upfront=written is not None)


def _draw_tokens(draws: Sequence[int]) -> list[str]:
    counts = Counter(draws)
    return [f"{DRAW}{v}" for v in VALUES if counts[v] < COPIES]


def step(position: Position, token: str, ply: int) -> tuple[Position, str]:
    state = position.state
    if position.wants_draw:
        if not token.startswith(DRAW):
            raise IllegalMoveError(
                f"the next value must be drawn first: enter it as {DRAW}V, e.g. {DRAW}7",
                ply=ply,
                move=token,
                legal=_draw_tokens(position.draws),
            )
        value = read_value(token[1:].strip())
        if value is None:
            raise IllegalMoveError(
                f"{token!r} is not a drawn value: write {DRAW} and a value 1 to 13 "
                f"(A, T, J, Q and K are read as 1, 10, 11, 12 and 13), e.g. {DRAW}7",
                ply=ply,
                move=token,
                legal=_draw_tokens(position.draws),
            )
        draws = (*position.draws, value)
        try:
            deal = _padded(draws)
        except RecordError as error:
            raise IllegalMoveError(
                f"the {value} cannot be drawn: {error.reason}",
                ply=ply,
                move=token,
                legal=_draw_tokens(position.draws),
            ) from None
        options = replace(state.options, deal=deal)
        return Position(replace(state, options=options), draws, False, None), f"{DRAW}{value}"
    if token.startswith(DRAW) and not state.over:
        why = (
            "the deal was given upfront, so values are not entered"
            if position.upfront
            else f"the {state.value} drawn last is still being placed"
        )
        raise IllegalMoveError(
            f"{why}: it is {state.player}'s turn to place the {state.value} (a cell a1 to e5, "
            "or - to leave it unplaced)",
            ply=ply,
            move=token,
            player=state.player,
            legal=legal_names(state.boards[state.seat]),
        )
    player = None if state.over else state.player
    try:
        move = parse_move(state, token)
        after = apply(state, move)
    except IllegalMoveError as error:
        raise at_ply(error, ply, token) from None
    return replace(position, state=after, last_by=player), format_move(move)


def summary(position: Position, players: tuple[str, ...]) -> Summary:
    state = position.state
    result = outcome(state)
    totals: dict[str, int | None] = dict(scores(state))
    mode = state.options.mode
    return Summary(
        finished=result is not None,
        plies=None,
        scores=totals,
        winners=result.winners if result is not None else (),
        ranks=competition_ranks(totals, lambda s: winners(s, mode)) if result else {},
    )


def _line(line: LineScore) -> JsonDict:
    return {
        "kind": line.kind,
        "label": line.label,
        "cells": list(line.cells),
        "values": list(line.values),
        "combination": line.combination,
        "bonus": line.bonus,
        "points": line.points,
    }


def view(position: Position, players: tuple[str, ...]) -> JsonDict:
    state = position.state
    rules = state.options.rules
    placing = not state.over and not position.wants_draw
    if position.upfront:
        shown = list(position.draws if state.over else position.draws[: state.card + 1])
    else:
        shown = list(position.draws)
    boards = {
        name: {
            "board": board_string(board),
            "values": list(board),
            "total": total,
            "lines": [_line(line) for line in breakdown(board, rules)],
        }
        for name, board, total in zip(players, state.boards, scores(state).values(), strict=True)
    }
    board = {
        "deal": "upfront" if position.upfront else "progressive",
        "mode": state.options.mode.text,
        "rules": rules,
        "draws": shown,
        "card": state.card + 1 if placing else None,
        "value": state.value if placing else None,
        "left": DEAL_SIZE - len(shown),
        "cells": list(CELLS),
        "boards": boards,
    }
    if state.over:
        to_move, expect, legal = None, None, []
    elif position.wants_draw:
        to_move, expect, legal = None, "draw", _draw_tokens(position.draws)
    else:
        to_move, expect = state.player, "move"
        legal = legal_names(state.boards[state.seat])
    return {
        "to_move": to_move,
        "expect": expect,
        "legal": legal,
        "board": board,
        "last_by": position.last_by,
    }


setup_tokens = tags_only


def record_text(tags: Tags, players: tuple[str, ...], tokens: Sequence[str]) -> tuple[Tags, str]:
    draws = [token[1:] for token in tokens if token.startswith(DRAW)]
    cells = [token for token in tokens if not token.startswith(DRAW)]
    if draws:
        tags = with_tags(tags, {"Deal": deal_text([int(v) for v in draws])})
    n = len(players)
    lines = [f"{name}: {' '.join(cells[seat::n])}" for seat, name in enumerate(players)]
    return tags, "\n".join(lines) if cells else ""


def from_canonical(record: RawRecord) -> tuple[tuple[str, ...], tuple[str, ...]]:
    lines = read_players(record)
    if not lines:
        return tuple(read_result(record)), ()
    players = tuple(line.name for line in lines)
    tokens = tuple(line.tokens[card] for card in range(DEAL_SIZE) for line in lines)
    return players, tokens


def replayed(record: RawRecord, fields: Mapping[str, Any], tokens: tuple[str, ...]) -> Summary:
    totals: dict[str, int | None] = dict(fields["scores"])
    mode = read_mode(record)
    return Summary(
        finished=True,
        plies=len(tokens) if tokens else None,
        scores=totals,
        winners=tuple(fields["winners"]),
        ranks=competition_ranks(totals, lambda s: winners(s, mode)),
        result_only=bool(fields.get("result_only")),
    )
