"""One result, whatever its source: a table result typed by the staff or reported and confirmed
by the players counts in the ratings and statistics as a result-only game, like a recorded one.

Terms: a *result game* (``ResultGame``) is a result-only game made for a confirmed result that
did not come from a recorded game. Invariants: a table counts once — none is made while the
table has a finished recorded game (that game counts); when the result is superseded (a
correction, a recorded game finishing) its result games are deleted, and analytics hears it
(``games.removal``). MATR1X 0VERL0AD tables are left out: a typed Overload result does not
say why a game was lost, which an Overload record needs.
"""

from __future__ import annotations

from collections.abc import Iterable

from games import services as games
from games.engine import live
from games.models import Game
from games.removal import games_delete
from tournaments.kinds import event_kind
from tournaments.models import Result, ResultGame


def result_games_make(result: Result) -> list[int]:
    """Give a confirmed typed or reported result its result-only game; returns its ids."""
    table = result.table
    event = table.round.event
    if result.status != Result.Status.CONFIRMED or result.source == Result.Source.GAME:
        return []
    if event_kind(event.game).result_is_outcome or result.result_games.exists():
        return []
    recorded = table.game_id is not None and Game.objects.filter(
        pk=table.game_id, status=Game.Status.FINISHED
    ).exclude(source=Game.Source.RESULT_ONLY)
    if recorded and recorded.exists():
        return []
    seats = list(table.seats.select_related("player").order_by("position"))
    roles = live.roles(event.game, [seat.player.name for seat in seats])
    game = games.game_result_only_create(
        club=event.club,
        kind=event.game,
        players=[games.SeatInput(player=seat.player) for seat in seats],
        result={
            role: result.scores.get(str(seat.player_id))
            for role, seat in zip(roles, seats, strict=True)
        },
        event=event,
        round_number=table.round.number,
        table_number=table.number,
        played_on=event.starts_on,
    )
    ResultGame.objects.create(result=result, game=game)
    return [game.pk]


def result_games_drop(results: Iterable[Result]) -> int:
    """Delete the result games of results no longer in force."""
    ids = ResultGame.objects.filter(result__in=list(results)).values_list("game_id", flat=True)
    return games_delete(game_ids=list(ids))


def is_result_game(game_id: int) -> bool:
    return ResultGame.objects.filter(game_id=game_id).exists()
