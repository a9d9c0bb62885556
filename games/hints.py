"""Hints at the table: the move advisor's choice, for a casual Mathematico game.

Terms: a scorekeeper may switch hints on for a live Mathematico game that is not part of an
event (never in event games: the advisor plays far better than people); while on, the game
page shows the scorekeeper the advisor's cell for the value being placed on the board of the
player to move, with the final total it expects. The advisor sees only that board and that
value (``games.engine.mathematico.advisor``), never the values still to come.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from clubs.roles import AnyUser
from games.engine.core import JsonDict
from games.engine.errors import DomainError, NotAllowed
from games.engine.mathematico.advisor import PositionError, advise
from games.kinds import GameKind
from games.models import Game
from games.permissions import can_write_game

HINT_MS = 50  # the advisor's thinking time for one hint


@dataclass(frozen=True)
class Hint:
    player: str  # the role (a Mathematico player's name)
    cell: str  # "c3"
    expected: float  # the final total the advisor expects with that cell


def hints_allowed(game: Game) -> bool:
    return game.kind == GameKind.MATHEMATICO and game.event_id is None


@transaction.atomic
def game_hints_set(*, game_id: int, on: bool, by: AnyUser | None) -> Game:
    """Switch the advisor's hints on or off for a casual game (its scorekeepers, directors)."""
    game = Game.objects.select_for_update().get(pk=game_id)
    if not can_write_game(by, game):
        raise NotAllowed("you may not change this game")
    if on and not hints_allowed(game):
        raise DomainError(
            "the advisor's hints are for casual Mathematico games only, never in an event"
        )
    game.hints = on
    game.save(update_fields=["hints", "updated"])
    return game


def advisor_hint(game: Game, view: JsonDict) -> Hint | None:
    """The advisor's cell for the value being placed on the mover's board, when hints are on."""
    board = view.get("board") or {}
    mover = view.get("to_move")
    value = board.get("value")
    if not (game.hints and hints_allowed(game) and mover and value):
        return None
    values = (board.get("boards") or {}).get(mover, {}).get("values")
    if not values:
        return None
    try:
        advice = advise(values, int(value), ms=HINT_MS)
    except PositionError:
        return None
    return Hint(player=mover, cell=advice.cell, expected=round(advice.expected, 1))
