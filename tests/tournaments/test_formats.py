"""Every format run through the services to its standings: Mathematico simultaneous rounds and
Matrix Overload duplicate rounds take their results from recorded games, Integer Matrix Swiss
pairs and a MatriO round robin from entered results."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from games.engine.errors import DomainError
from tests.tournaments.helpers import Cast, cast
from tournaments import services
from tournaments.models import Event, Result, Round
from tournaments.selectors import event_standings

pytestmark = pytest.mark.django_db


def event_for(c: Cast, game: str, players: int, format: str = "", **options: Any) -> Event:
    event = services.event_create(
        club=c.club, name=f"{game} {format}", game=game, format=format,
        starts_on=date(2026, 11, 1), options=options, by=c.director,
    )  # fmt: skip
    for person in c.players[:players]:
        services.entry_add(event=event, player=person, checked_in=True, by=c.director)
    return event


def started_round(event: Event, c: Cast) -> Round:
    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)
    return round_


def test_a_two_round_mathematico_event_takes_each_rounds_result_from_its_recorded_game(
    django_capture_on_commit_callbacks: Any,
) -> None:
    from games import services as games

    c = cast(5)
    event = event_for(c, "mathematico", 5)
    for number, base in ((1, 100), (2, 50)):
        round_ = started_round(event, c)
        table = round_.tables.get()
        assert table.seats.count() == 5 and len(round_.cards) == 25
        seated = [seat.player for seat in table.seats.order_by("position")]
        # round 1: the first seat is best; round 2: the last seat is best
        order = seated if number == 1 else seated[::-1]
        scores = {person.name: base - 10 * i for i, person in enumerate(order)}
        with django_capture_on_commit_callbacks(execute=True):
            games.game_result_only_create(
                club=c.club, kind="mathematico", event=event, round_number=number,
                table_number=1, players=[games.SeatInput(player=p) for p in seated],
                result=scores,
            )  # fmt: skip
        result = Result.objects.get(table=table, status="confirmed")
        assert result.source == "game"
        assert result.scores == {str(p.pk): scores[p.name] for p in seated}
        services.round_finish(round=round_, by=c.director)

    rows = event_standings(event=event).rows
    assert [row.games for row in rows] == [2] * 5
    # one point per player placed below: 4+0 for the two round winners, 2+2 in the middle
    assert sorted(row.values[0] for row in rows) == ["4", "4", "4", "4", "4"]
    totals = {row.name: row.values[1] for row in rows}
    assert totals[seated[0].name] == str(50 - 40 + 100)  # first in round 1, last in round 2
    services.event_finish(event=event, by=c.director)


def overload(games: Any, c: Cast, event: Event, number: int, person: Any, outcome: dict) -> Any:
    return games.game_result_only_create(
        club=c.club, kind="matrix-overload", event=event, round_number=number,
        players=[games.SeatInput(player=person)], result=outcome,
    )  # fmt: skip


def test_a_two_round_overload_duplicate_event_waits_for_every_players_game(
    django_capture_on_commit_callbacks: Any,
) -> None:
    from games import services as games

    c = cast(3)
    event = event_for(c, "matrix-overload", 3)
    a, b, d = c.players[:3]
    outcomes = {
        1: {
            a: {"result": "win", "royals_killed": 12, "cards_left": 5},
            b: {"result": "win", "royals_killed": 12, "cards_left": 9},
            d: {"result": "loss", "reason": "deck", "royals_killed": 7},
        },
        2: {
            a: {"result": "loss", "reason": "ice", "royals_killed": 4},
            b: {"result": "win", "royals_killed": 12, "cards_left": 2},
            d: {"result": "loss", "reason": "deck", "royals_killed": 9},
        },
    }
    for number in (1, 2):
        round_ = started_round(event, c)
        table = round_.tables.get()
        assert round_.cards  # the round's one deck, the same for everyone
        for i, person in enumerate((a, b, d)):
            with django_capture_on_commit_callbacks(execute=True):
                overload(games, c, event, number, person, outcomes[number][person])
            confirmed = Result.objects.filter(table=table, status="confirmed")
            assert confirmed.exists() == (i == 2)  # the result waits for the last game
        result = confirmed.get()
        assert result.source == "game"
        assert result.details[str(b.pk)] == {
            "solved": True,
            "cards_left": 9 if number == 1 else 2,
            "royals_killed": 12,
        }
        assert result.details[str(d.pk)]["solved"] is False
        services.round_finish(round=round_, by=c.director)

    rows = event_standings(event=event).rows
    assert [row.name for row in rows] == [b.name, a.name, d.name]
    best = rows[0]
    assert best.values[1] == "2"  # games solved
    assert best.values[2] == "11"  # cards left, 9 + 2


def test_an_integer_matrix_swiss_event_pairs_by_points_and_ranks_by_wins() -> None:
    c = cast(6)
    event = event_for(c, "integer-matrix", 6)
    assert event.format == "swiss-pairs"
    opponents: dict[int, set[int]] = {p.pk: set() for p in c.players[:6]}
    for _ in range(3):
        round_ = started_round(event, c)
        assert round_.tables.count() == 3 and not round_.byes
        for table in round_.tables.all():
            first, second = table.seats.order_by("position")
            opponents[first.player_id].add(second.player_id)
            opponents[second.player_id].add(first.player_id)
            # the lower player id wins, so the standings are known in advance
            winner, loser = sorted([first.player_id, second.player_id])
            services.result_report(table=table, scores={winner: 20, loser: -20}, by=c.scorekeeper)
        services.round_finish(round=round_, by=c.director)
    assert all(len(met) == 3 for met in opponents.values())  # no rematch in three rounds
    rows = event_standings(event=event).rows
    assert rows[0].name == c.players[0].name and rows[0].values[0] == "3"
    assert sum(float(row.values[0]) for row in rows) == 9  # one point per game


def test_a_matrio_round_robin_meets_every_opponent_and_finishes() -> None:
    c = cast(8)
    event = event_for(c, "matrio", 8, format="round-robin")
    met: dict[int, set[int]] = {p.pk: set() for p in c.players[:8]}
    rounds = 0
    while True:
        try:
            round_ = services.round_generate(event=event, by=c.director)
        except DomainError as error:
            assert "only" in error.message
            break
        services.round_lock(round=round_, by=c.director)
        rounds += 1
        for table in round_.tables.all():
            seats = list(table.seats.order_by("position"))
            for seat in seats:
                met[seat.player_id] |= {s.player_id for s in seats} - {seat.player_id}
            services.result_report(
                table=table, scores={s.player_id: 90 - 10 * i for i, s in enumerate(seats)},
                by=c.director,
            )  # fmt: skip
        services.round_finish(round=round_, by=c.director)
    assert rounds == 3  # the declared default
    assert all(len(others) >= 6 for others in met.values())
    services.event_finish(event=event, by=c.director)
    rows = event_standings(event=event).rows
    assert [row.games for row in rows] == [3] * 8
