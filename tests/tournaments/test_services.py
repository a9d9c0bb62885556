"""Running an event through the services, on the project's database (PostgreSQL in CI)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, transaction

from games.engine.errors import DomainError, NotAllowed
from tests.tournaments.helpers import cast, matrio_event, pairs_round_locked, play_round
from tournaments import services
from tournaments.models import AuditEntry, Event, Result, Round
from tournaments.selectors import event_standings, round_missing

pytestmark = pytest.mark.django_db


def test_a_three_round_matrio_event_ends_with_standings_by_the_declared_criteria() -> None:
    c = cast()
    event = matrio_event(c)

    for _ in range(3):
        play_round(event, c.director)
    event = services.event_finish(event=event, by=c.director)

    standings = event_standings(event=event)
    assert event.status == Event.Status.FINISHED
    assert [crit.name for crit in standings.criteria] == ["match_points", "total_score", "buchholz"]
    assert len(standings.rows) == 12
    assert all(row.games == 3 for row in standings.rows)
    assert standings.rows[0].values[0] == "12"  # first place at every table: 3 x 4 points
    assert sum(int(row.values[1]) for row in standings.rows) == 3 * 3 * (100 + 90 + 80 + 70)
    assert any("place points 4/2/1/0" in rule for rule in standings.rules)


def test_swiss_rounds_avoid_repeat_opponents_when_they_can() -> None:
    c = cast()
    event = matrio_event(c)
    play_round(event, c.director)

    second = services.round_generate(event=event, by=c.director)

    first_tables = [
        set(t.seats.values_list("player_id", flat=True))
        for t in event.rounds.get(number=1).tables.all()
    ]
    for table in second.tables.all():
        players = set(table.seats.values_list("player_id", flat=True))
        assert all(len(players & before) <= 2 for before in first_tables)


def test_thirteen_players_give_one_bye_scored_by_the_declared_rule() -> None:
    c = cast(13)
    event = matrio_event(c, bye={"kind": "fixed", "match_points": 2, "score": 0})

    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)

    assert len(round_.byes) == 1
    row = next(r for r in event_standings(event=event).rows if r.player_id == round_.byes[0])
    assert (row.byes, row.values[0]) == (1, "2")


def test_a_players_report_waits_for_another_player_of_the_table() -> None:
    c = cast()
    event = matrio_event(c)
    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)
    table = round_.tables.get(seats__player=c.players[0])
    others = [s.player for s in table.seats.all() if s.player_id != c.players[0].pk]
    scores = {s.player_id: 50 for s in table.seats.all()}

    result = services.result_report(table=table, scores=scores, by=c.users[0])
    assert result.status == Result.Status.REPORTED
    with pytest.raises(NotAllowed):
        services.result_confirm(result=result, by=c.users[0])
    assert round_missing(round=round_) and table in round_missing(round=round_)

    result = services.result_confirm(result=result, agrees=False, by=c.director)
    assert result.status == Result.Status.DISPUTED
    if any(p.user_id for p in others):
        other_user = next(p.user for p in others if p.user_id)
        with pytest.raises(DomainError, match="settled by a director"):
            services.result_confirm(result=result, by=other_user)
    result = services.result_confirm(result=result, agrees=True, by=c.director)
    assert result.status == Result.Status.CONFIRMED


def test_the_database_keeps_one_confirmed_result_per_table() -> None:
    c = cast()
    event = matrio_event(c)
    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)
    table = round_.tables.first()
    scores = {s.player_id: 10 for s in table.seats.all()}
    services.result_report(table=table, scores=scores, by=c.director)

    with pytest.raises(IntegrityError), transaction.atomic():
        Result.objects.create(table=table, status="confirmed", source="staff", scores={})
    with pytest.raises(DomainError, match="already has a confirmed result"):
        services.result_report(table=table, scores=scores, by=c.scorekeeper)


def test_a_correction_is_audited_and_the_standings_follow() -> None:
    c = cast()
    event = matrio_event(c)
    play_round(event, c.director)
    table = event.rounds.get(number=1).tables.get(number=1)
    last = table.seats.order_by("-position").first().player_id
    before = next(r for r in event_standings(event=event).rows if r.player_id == last)

    scores = {s.player_id: (500 if s.player_id == last else 1) for s in table.seats.all()}
    services.result_correct(table=table, scores=scores, by=c.director)

    after = next(r for r in event_standings(event=event).rows if r.player_id == last)
    assert (before.values[0], after.values[0]) == ("0", "4")
    audit = AuditEntry.objects.filter(event=event, action="result corrected").get()
    assert audit.user == c.director
    assert audit.before["scores"][str(last)] == 70 and audit.after["scores"][str(last)] == 500
    assert table.results.filter(status="superseded").count() == 1


def test_bad_scores_are_refused_with_a_sentence_and_nothing_is_written() -> None:
    c = cast()
    event = matrio_event(c)
    round_ = services.round_generate(event=event, by=c.director)
    table = round_.tables.first()
    with pytest.raises(DomainError, match="has not started"):
        services.result_report(table=table, scores={}, by=c.director)
    services.round_lock(round=round_, by=c.director)
    ids = [s.player_id for s in table.seats.all()]
    with pytest.raises(DomainError, match="every player of the table"):
        services.result_report(table=table, scores={ids[0]: 3}, by=c.director)
    with pytest.raises(DomainError, match="not a whole number"):
        services.result_report(table=table, scores=dict.fromkeys(ids, "lots"), by=c.director)
    assert not Result.objects.exists()


def test_a_draft_round_can_be_swapped_and_regenerated_but_not_once_locked() -> None:
    c = cast(13)
    event = matrio_event(c)
    round_ = services.round_generate(event=event, by=c.director)
    bye = round_.byes[0]
    seated = round_.tables.first().seats.first().player_id

    round_ = services.round_swap(round=round_, first=bye, second=seated, by=c.director)
    assert round_.byes == [seated]
    assert round_.tables.first().seats.filter(player_id=bye).exists()
    services.round_regenerate(round=round_, by=c.director)
    services.round_lock(round=round_, by=c.director)
    with pytest.raises(DomainError, match="locked"):
        services.round_swap(round=round_, first=bye, second=seated, by=c.director)


def test_a_dropped_player_is_not_seated_and_a_late_entry_is() -> None:
    c = cast(13)
    event = matrio_event(c)
    services.entry_drop(entry=event.entries.get(player=c.players[12]), by=c.director)
    play_round(event, c.director)
    late = services.player_enter_new(event=event, name="Late Comer", by=c.director)

    second = services.round_generate(event=event, by=c.director)

    seated = set(second.tables.values_list("seats__player_id", flat=True))
    assert late.late and late.player_id in seated | set(second.byes)
    assert c.players[12].pk not in seated and c.players[12].pk not in second.byes
    assert next(r for r in event_standings(event=event).rows if r.player_id == c.players[12].pk)


def test_the_next_round_waits_for_the_current_one() -> None:
    c = cast()
    event = matrio_event(c)
    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)
    with pytest.raises(DomainError, match="not finished"):
        services.round_generate(event=event, by=c.director)
    with pytest.raises(DomainError, match="without a confirmed result: 1, 2, 3"):
        services.round_finish(round=round_, by=c.director)
    round_.refresh_from_db()
    assert round_.status == Round.Status.LOCKED


def test_a_final_seats_the_top_four_after_the_swiss_rounds() -> None:
    c = cast()
    event = matrio_event(c, final_size=4)
    play_round(event, c.director)

    final = services.round_generate(event=event, final=True, by=c.director)

    top = [row.player_id for row in event_standings(event=event).rows[:4]]
    assert final.kind == Round.Kind.FINAL
    assert list(final.tables.get().seats.values_list("player_id", flat=True)) == top


def test_options_outside_the_registry_are_refused() -> None:
    c = cast(4)
    with pytest.raises(DomainError, match="unknown ranking criterion 'luck'"):
        services.event_create(
            club=c.club, name="X", game="matrio", starts_on="2026-01-01",
            options={"criteria": ["luck"]}, by=c.director,
        )  # fmt: skip
    with pytest.raises(DomainError, match="cannot use the format"):
        services.event_create(
            club=c.club, name="X", game="matrio", format="swiss-pairs",
            starts_on="2026-01-01", by=c.director,
        )  # fmt: skip
    assert not Event.objects.exists()


def test_a_recorded_game_gives_its_table_the_result_and_a_reopened_one_takes_it_back(
    django_capture_on_commit_callbacks: Any,
) -> None:
    from games import services as games
    from games.models import Game

    c = cast(2)
    event, round_ = pairs_round_locked(c)
    first, second = (s.player for s in round_.tables.get().seats.order_by("position"))

    with django_capture_on_commit_callbacks(execute=True):
        game = games.game_result_only_create(
            club=c.club, kind="integer-matrix", event=event, round_number=1, table_number=1,
            players=[games.SeatInput(player=first), games.SeatInput(player=second)],
            result={"negative": -15, "positive": 16},
        )  # fmt: skip

    result = Result.objects.get(table__round=round_, status="confirmed")
    assert result.source == "game"
    assert result.scores == {str(first.pk): -15, str(second.pk): 16}
    assert round_.tables.get().game == game
    Game.objects.filter(pk=game.pk).update(status=Game.Status.LIVE)
    services.table_result_from_game(game_id=game.pk)
    assert not Result.objects.filter(status="confirmed").exists()
