"""Results stay sound whatever order things happen in (issue #18's findings): a confirmed
game result wins over waiting reports, a dispute waits for the director, a director's result is
never silently replaced by a game, a game without a table number finds no wrong table, only
members are entered, and long names are refused in words (never a database error)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from clubs.models import Club
from games import services as games
from games.engine.errors import DomainError
from tests.factories import PlayerFactory
from tests.tournaments.helpers import Cast, cast, pairs_round_locked
from tournaments import services
from tournaments.models import Event, Result, Round, Table

pytestmark = pytest.mark.django_db


def pairs_event(c: Cast) -> tuple[Event, Round]:
    return pairs_round_locked(c)


def record_game(c: Cast, event: Event, table: Table, scores: tuple[int, int], capture: Any) -> None:
    first, second = (s.player for s in table.seats.order_by("position"))
    with capture(execute=True):
        games.game_result_only_create(
            club=c.club, kind="integer-matrix", event=event, round_number=1,
            table_number=table.number,
            players=[games.SeatInput(player=first), games.SeatInput(player=second)],
            result={"negative": scores[0], "positive": scores[1]},
        )  # fmt: skip


def seated_users(c: Cast, table: Table) -> list[Any]:
    ids = set(table.seats.values_list("player_id", flat=True))
    return [user for person, user in zip(c.players, c.users, strict=False) if person.pk in ids]


def test_a_report_confirmed_after_the_game_gave_the_result_is_refused_in_words(
    django_capture_on_commit_callbacks: Any,
) -> None:
    c = cast(4)
    event, round_ = pairs_event(c)
    table = round_.tables.order_by("number").first()
    assert table is not None
    reporter, other = seated_users(c, table)
    scores = {s.player_id: 10 for s in table.seats.all()}
    report = services.result_report(table=table, scores=scores, by=reporter)

    record_game(c, event, table, (-15, 16), django_capture_on_commit_callbacks)

    report.refresh_from_db()
    assert report.status == Result.Status.SUPERSEDED  # the game's result replaced the report
    with pytest.raises(DomainError, match="superseded: there is nothing to confirm"):
        services.result_confirm(result=report, by=other)
    assert Result.objects.filter(table=table, status="confirmed").count() == 1


def test_a_player_cannot_bypass_a_dispute_by_reporting_again() -> None:
    c = cast(4)
    _, round_ = pairs_event(c)
    table = round_.tables.order_by("number").first()
    assert table is not None
    reporter, other = seated_users(c, table)
    scores = {s.player_id: 10 for s in table.seats.all()}
    report = services.result_report(table=table, scores=scores, by=reporter)
    services.result_confirm(result=report, agrees=False, note="I won", by=other)

    with pytest.raises(DomainError, match="disputed: a director settles it"):
        services.result_report(table=table, scores=scores, by=reporter)
    assert Result.objects.get(table=table, status="disputed")


def test_a_directors_correction_is_not_replaced_by_a_game_recorded_later(
    django_capture_on_commit_callbacks: Any,
) -> None:
    c = cast(2)
    event, round_ = pairs_event(c)
    table = round_.tables.get()
    corrected = {s.player_id: 30 for s in table.seats.all()}
    services.result_correct(table=table, scores=corrected, by=c.director)

    record_game(c, event, table, (-15, 16), django_capture_on_commit_callbacks)

    result = Result.objects.get(table=table, status="confirmed")
    assert result.source == Result.Source.STAFF
    assert set(result.scores.values()) == {30}
    assert event.audit.filter(action="game differs").exists()


def test_a_game_without_a_table_number_lands_on_no_table_of_a_round_with_several(
    django_capture_on_commit_callbacks: Any,
) -> None:
    c = cast(4)
    event, round_ = pairs_event(c)
    table = round_.tables.order_by("number").first()
    assert table is not None and round_.tables.count() == 2
    first, second = (s.player for s in table.seats.order_by("position"))

    with django_capture_on_commit_callbacks(execute=True):
        games.game_result_only_create(
            club=c.club, kind="integer-matrix", event=event, round_number=1,
            players=[games.SeatInput(player=first), games.SeatInput(player=second)],
            result={"negative": -15, "positive": 16},
        )  # fmt: skip

    assert not Result.objects.filter(table__round=round_).exists()


def test_only_members_of_the_club_are_entered() -> None:
    c = cast(2)
    stranger = PlayerFactory(name="Stranger")
    event = services.event_create(
        club=c.club, name="Open", game="matrio", starts_on=date(2026, 1, 1), by=c.director
    )

    with pytest.raises(DomainError, match="Stranger is not a member of"):
        services.entry_add(event=event, player=stranger, by=c.director)


def test_long_names_get_a_short_address_or_a_sentence() -> None:
    c = cast(2)
    long_name = "Grand Prix of the " + "Very " * 30 + "Long Name"  # 180 characters
    event = services.event_create(
        club=c.club, name=long_name, game="matrio", starts_on=date(2026, 1, 1), by=c.director
    )
    entry = services.player_enter_new(event=event, name="Ann " + "B" * 150, by=c.director)

    assert len(event.slug) <= 80 and event.name == long_name
    assert len(entry.player.slug) <= 80
    with pytest.raises(DomainError, match="at most 200 characters"):
        services.event_create(
            club=c.club, name="X" * 201, game="matrio", starts_on=date(2026, 1, 1),
            by=c.director,
        )  # fmt: skip
    with pytest.raises(DomainError, match="at most 200 characters"):
        services.player_enter_new(event=event, name="Y" * 201, by=c.director)
    assert Club.objects.filter(pk=c.club.pk).exists()
