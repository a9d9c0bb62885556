"""Finished paper grids of Mathematico: checked against the draw in plain words, and a whole
game made from them through the live-entry services (``game_create``, ``game_record_move``).

A paper grid holds the 25 values a player wrote, row by row; the order they were placed in is
not on paper and not needed: ``games.engine.mathematico.paper`` replays each grid as moves in
the draw's order, so the game is judged, finished, scored and announced exactly like a game
entered live (a finished event game then gives its table its result, ``tournaments.results``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from django.db import transaction
from django.utils.translation import gettext, ngettext

from clubs.models import Club
from clubs.roles import AnyUser
from games.engine.mathematico.cards import DEAL_SIZE, deal_text
from games.engine.mathematico.paper import Difference, is_full_board, mismatch, play_order
from games.errors import GameError
from games.events import EventLike
from games.kinds import GameKind
from games.models import Game
from games.services import SeatInput, game_create, game_record_move


def _count(value: int, times: int) -> str:
    """“two 7s”, “one 12”, “six 3s” in the reader's words."""
    words = {
        1: gettext("one %(value)s"),
        2: gettext("two %(value)ss"),
        3: gettext("three %(value)ss"),
        4: gettext("four %(value)ss"),
        5: gettext("five %(value)ss"),
    }
    text = words.get(times) or ngettext("%(n)s %(value)ss", "%(n)s %(value)ss", times)
    return text % {"n": times, "value": value}


def _difference(item: Difference) -> str:
    if item.on_board == 0 and item.in_draw == 1:
        return gettext("the %(value)s is missing") % {"value": item.value}
    if item.on_board == 0:
        return gettext("the draw had %(drawn)s but you have none") % {
            "drawn": _count(item.value, item.in_draw)
        }
    if item.in_draw == 0:
        return gettext("you have %(held)s but the draw had none") % {
            "held": _count(item.value, item.on_board)
        }
    return gettext("you have %(held)s but the draw had %(drawn)s") % {
        "held": _count(item.value, item.on_board),
        "drawn": _count(item.value, item.in_draw),
    }


def grid_problem(values: Sequence[int], draw: Sequence[int]) -> str | None:
    """Why a finished grid cannot be the draw's, in one sentence (``None`` when it matches):
    “you have three 7s but the draw had two 7s; the 12 is missing”."""
    if not is_full_board(values):
        return gettext("a finished grid has %(n)s values, each 1 to 13, one in every cell") % {
            "n": DEAL_SIZE
        }
    found = mismatch(values, draw)
    if not found:
        return None
    return "; ".join(_difference(item) for item in found)


@transaction.atomic
def game_from_paper_grids(
    *,
    club: Club,
    players: Sequence[SeatInput],
    grids: Sequence[Sequence[int]],
    draw: Sequence[int],
    mode: str = "max",
    event: EventLike | None = None,
    round_number: int | None = None,
    table_number: int | None = None,
    played_on: date | None = None,
    public: bool = True,
    by: AnyUser | None = None,
) -> Game:
    """A finished Mathematico game from every player's finished grid (seat order) and the draw.

    ``GameError`` naming the player when a grid does not hold the draw's values; nothing is
    stored then. The moves are recorded by the site (``by`` is the recorder of the game)."""
    names = [seat.name or (seat.player.name if seat.player else "") for seat in players]
    for name, grid in zip(names, grids, strict=True):
        problem = grid_problem(grid, draw)
        if problem is not None:
            raise GameError(
                gettext("%(player)s's grid: %(problem)s") % {"player": name, "problem": problem}
            )
    started = game_create(
        club=club,
        kind=GameKind.MATHEMATICO,
        players=players,
        tags=[("Deal", deal_text(draw)), ("Mode", mode)],
        event=event,
        round_number=round_number,
        table_number=table_number,
        played_on=played_on,
        public=public,
        by=by,
    )
    game = started.game
    for ply, token in enumerate(play_order(grids, draw)):
        game = game_record_move(game_id=game.pk, token=token, expected_ply=ply).game
    return game
