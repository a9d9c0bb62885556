"""One result, whatever its source (issue #13): a typed or confirmed table result counts in the
ratings and statistics as a result-only game, once; a correction replaces it; a recorded game
takes over."""

from __future__ import annotations

from typing import Any

import pytest

from games import services as games
from games.models import Game
from tests.tournaments.helpers import Cast, cast, pairs_round_locked
from tournaments import services
from tournaments.models import Event, ResultGame, Round, Table

pytestmark = pytest.mark.django_db


def pairs_round(c: Cast) -> tuple[Event, Round, Table]:
    event, round_ = pairs_round_locked(c)
    return event, round_, round_.tables.get()


def result_only_games() -> list[Game]:
    return list(Game.objects.filter(source=Game.Source.RESULT_ONLY))


def test_a_staff_entry_counts_as_a_result_only_game_of_the_event(
    django_capture_on_commit_callbacks: Any,
) -> None:
    c = cast(2)
    event, _, table = pairs_round(c)
    first, second = (s.player_id for s in table.seats.order_by("position"))

    with django_capture_on_commit_callbacks(execute=True):
        result = services.result_report(table=table, scores={first: -3, second: 12}, by=c.director)

    (game,) = result_only_games()
    assert ResultGame.objects.get(result=result).game == game
    assert (game.event_id, game.round_number, game.table_number) == (event.pk, 1, 1)
    seats = {seat.player_id: seat.score for seat in game.seats.all()}
    assert seats == {first: -3, second: 12} and game.status == Game.Status.FINISHED


def test_a_report_counts_once_confirmed_and_a_correction_replaces_its_game(
    django_capture_on_commit_callbacks: Any,
) -> None:
    c = cast(2)
    _, _, table = pairs_round(c)
    first, second = (s.player_id for s in table.seats.order_by("position"))
    reporter, other = c.users[0], c.users[1]

    with django_capture_on_commit_callbacks(execute=True):
        report = services.result_report(table=table, scores={first: 5, second: 1}, by=reporter)
        waiting = len(result_only_games())
        services.result_confirm(result=report, by=other)
        confirmed = result_only_games()
        services.result_correct(table=table, scores={first: 1, second: 5}, by=c.director)

    (corrected,) = result_only_games()
    assert waiting == 0 and len(confirmed) == 1
    assert corrected.pk != confirmed[0].pk
    assert {s.player_id: s.score for s in corrected.seats.all()} == {first: 1, second: 5}


def test_a_recorded_game_of_the_table_takes_over_from_the_typed_result(
    django_capture_on_commit_callbacks: Any,
) -> None:
    c = cast(2)
    event, _, table = pairs_round(c)
    first, second = (s.player for s in table.seats.order_by("position"))
    with django_capture_on_commit_callbacks(execute=True):
        services.result_report(table=table, scores={first.pk: -15, second.pk: 16}, by=c.director)
    typed = result_only_games()

    with django_capture_on_commit_callbacks(execute=True):
        recorded = games.game_result_only_create(
            club=c.club, kind="integer-matrix", event=event, round_number=1, table_number=1,
            players=[games.SeatInput(player=first), games.SeatInput(player=second)],
            result={"negative": -15, "positive": 16},
        )  # fmt: skip

    assert len(typed) == 1
    assert not Game.objects.filter(pk=typed[0].pk).exists()  # counted once: the recorded game
    assert Game.objects.filter(pk=recorded.pk).exists() and not ResultGame.objects.exists()
