"""One result, whatever its source: a table result typed by the staff or reported and confirmed
by the players counts in the ratings and statistics as a result-only game, like a recorded one.

Terms: a *result game* (``ResultGame``) is a result-only game made for a confirmed result that
did not come from a recorded game. Invariants: a table counts once — none is made while the
table has a finished recorded game (that game counts); when the result is superseded (a
correction, a recorded game finishing) its result games are deleted, and analytics hears it
(``games.removal``).

MATR1X 0VERL0AD is a solitaire against the round's deck: its table (the whole field) gets one
result game per player who has no finished recorded game in the round, with the round's
``Deck`` (so the ratings see one deal). A typed result says won or not, not why a game was
lost (``deck``, ``ice`` or ``loop``, which an Overload ``loss`` needs), so a game not won is
written ``unfinished; royals killed: N``: the ratings read the seat (not a winner) and count
it as a loss against the deal (``analytics.ratings.games``).
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
    if result.result_games.exists():
        return []
    if event_kind(event.game).result_is_outcome:
        return _overload_games(result)
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


def _overload_games(result: Result) -> list[int]:
    """One result-only game per player of a duplicate round without a recorded game."""
    table = result.table
    round_ = table.round
    event = round_.event
    recorded = set(
        Game.objects.filter(
            event_id=event.pk, round_number=round_.number, status=Game.Status.FINISHED
        )
        .exclude(source=Game.Source.RESULT_ONLY)
        .values_list("seats__player_id", flat=True)
    )
    tags = {"Deck": " ".join(str(card) for card in round_.cards)} if round_.cards else {}
    made: list[int] = []
    for seat in table.seats.select_related("player").order_by("position"):
        if seat.player_id in recorded:
            continue
        counts = result.details.get(str(seat.player_id), {})
        killed = int(counts.get("royals_killed") or result.scores.get(str(seat.player_id)) or 0)
        outcome: dict[str, object] = (
            {"result": "win", "cards_left": int(counts.get("cards_left") or 0)}
            if counts.get("solved")
            else {"result": "unfinished", "royals_killed": killed}
        )
        game = games.game_result_only_create(
            club=event.club,
            kind=event.game,
            players=[games.SeatInput(player=seat.player)],
            result=outcome,
            tags=tags,
            event=event,
            round_number=round_.number,
            table_number=table.number,
            played_on=event.starts_on,
        )
        ResultGame.objects.create(result=result, game=game)
        made.append(game.pk)
    return made


def result_games_drop_player(result: Result, player_id: int) -> int:
    """Delete one player's result game of a result (their recorded game now counts)."""
    ids = ResultGame.objects.filter(result=result, game__seats__player_id=player_id)
    return games_delete(game_ids=list(ids.values_list("game_id", flat=True)))


def result_games_drop(results: Iterable[Result]) -> int:
    """Delete the result games of results no longer in force."""
    ids = ResultGame.objects.filter(result__in=list(results)).values_list("game_id", flat=True)
    return games_delete(game_ids=list(ids))


def is_result_game(game_id: int) -> bool:
    return ResultGame.objects.filter(game_id=game_id).exists()
