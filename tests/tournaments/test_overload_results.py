"""Typed MATR1X 0VERL0AD results count in the ratings (#13): a duplicate round's result typed
by the staff gives each player a result-only game against the round's deck; a game not won
(a typed result says no loss reason) is a loss against the deal."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from analytics.models import Rating
from analytics.ratings import services as ratings
from analytics.ratings.games import deal_id
from games.models import Game
from tests.tournaments.helpers import cast
from tournaments import services
from tournaments.models import ResultGame

pytestmark = pytest.mark.django_db


def test_a_typed_duplicate_round_is_rated_one_game_a_player_on_one_deal(
    django_capture_on_commit_callbacks: Any,
) -> None:
    c = cast(3)
    event = services.event_create(
        club=c.club, name="Overload night", game="matrix-overload",
        starts_on=datetime.date(2026, 11, 1), by=c.director,
    )  # fmt: skip
    for person in c.players:
        services.entry_add(event=event, player=person, checked_in=True, by=c.director)
    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)
    table = round_.tables.get()
    won, lost, other = (seat.player_id for seat in table.seats.order_by("position"))
    details = {
        won: {"solved": True, "cards_left": 7, "royals_killed": 12},
        lost: {"solved": False, "cards_left": 0, "royals_killed": 5},
        other: {"solved": False, "cards_left": 0, "royals_killed": 9},
    }
    scores = {pid: counts["royals_killed"] for pid, counts in details.items()}

    with django_capture_on_commit_callbacks(execute=True):
        result = services.result_report(table=table, scores=scores, details=details, by=c.director)
    ratings.ratings_process_dirty(kind="matrix-overload")

    made = Game.objects.filter(pk__in=ResultGame.objects.filter(result=result).values("game_id"))
    assert made.count() == 3 and {g.status for g in made} == {Game.Status.FINISHED}
    assert {deal_id(g.tags, g.pk) for g in made} == {deal_id([["Deck", " ".join(round_.cards)]], 0)}
    winners = {seat.player_id for g in made for seat in g.seats.all() if seat.winner}
    assert winners == {won}
    rated = {r.player_id: r for r in Rating.objects.filter(pool="matrix-overload")}
    assert set(rated) >= {won, lost, other}
    assert all(rated[pid].games == 1 for pid in (won, lost, other))
    assert rated[won].mu > max(rated[lost].mu, rated[other].mu)

    with django_capture_on_commit_callbacks(execute=True):
        services.result_correct(
            table=table, scores=scores, details={**details, lost: details[won]}, by=c.director
        )
    ratings.ratings_process_dirty(kind="matrix-overload")

    assert (
        not Game.objects.filter(pk__in=[g.pk for g in made]).exists()
        and ResultGame.objects.count() == 3
    )
    now = {r.player_id: r for r in Rating.objects.filter(pool="matrix-overload")}
    assert now[lost].games == 1 and now[lost].mu > now[other].mu  # a win now, not a loss
