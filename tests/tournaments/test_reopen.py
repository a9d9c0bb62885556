"""Re-opening a finished game (#13): the scorekeeper takes back the last move of a game just
finished, a director of any finished game of the club; the table's result, the standings and
the ratings follow."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from analytics.models import Rating
from analytics.ratings import services as ratings
from games import services as games
from games.engine.errors import DomainError
from games.models import Game
from games.reopen import game_reopen
from tests.games.helpers import matrio_tokens
from tests.tournaments.helpers import Cast, cast, matrio_event
from tournaments import services
from tournaments.models import Result, Table
from tournaments.selectors import event_standings

pytestmark = pytest.mark.django_db


def finished_table_game(c: Cast, capture: Any) -> tuple[Table, Game]:
    event = matrio_event(c)
    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)
    table = round_.tables.get()
    seats = table.seats.select_related("player").order_by("position")
    with capture(execute=True):
        game = games.game_create(
            club=c.club, kind="matrio", event=event, round_number=1, table_number=1,
            players=[games.SeatInput(player=seat.player) for seat in seats], by=c.scorekeeper,
        ).game  # fmt: skip
        for ply, token in enumerate(matrio_tokens(5)):
            games.game_record_move(game_id=game.pk, token=token, expected_ply=ply, by=c.scorekeeper)
    game.refresh_from_db()
    return table, game


def rated_games(c: Cast) -> int:
    ratings.ratings_process_dirty(kind="matrio")
    return sum(
        Rating.objects.filter(player__in=c.players, pool="matrio").values_list("games", flat=True)
    )


def test_the_scorekeeper_reopens_a_just_finished_game_and_everything_follows(
    django_capture_on_commit_callbacks: Any,
) -> None:
    c = cast(4)
    table, game = finished_table_game(c, django_capture_on_commit_callbacks)
    assert game.status == Game.Status.FINISHED
    assert table.results.get(status="confirmed").source == Result.Source.GAME
    assert rated_games(c) == 4
    last = game.ply
    assert event_standings(event=table.round.event).json()["rows"][0]["values"][0] != "0"

    with django_capture_on_commit_callbacks(execute=True):
        game_reopen(game_id=game.pk, expected_ply=game.ply, by=c.scorekeeper)

    game.refresh_from_db()
    assert game.status == Game.Status.LIVE and game.ply == last - 1
    assert not table.results.filter(status="confirmed").exists()
    assert rated_games(c) == 0
    rows = event_standings(event=table.round.event).json()["rows"]
    assert {row["values"][0] for row in rows} == {"0"}


def test_later_only_a_director_reopens_and_a_player_never(
    django_capture_on_commit_callbacks: Any,
) -> None:
    c = cast(4)
    _, game = finished_table_game(c, django_capture_on_commit_callbacks)
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now() - timedelta(hours=2))

    with pytest.raises(DomainError, match="a director may re-open it"):
        game_reopen(game_id=game.pk, expected_ply=game.ply, by=c.scorekeeper)
    with pytest.raises(DomainError, match="directors and scorekeepers"):
        game_reopen(game_id=game.pk, expected_ply=game.ply, by=c.users[0])
    with pytest.raises(DomainError, match="directors and scorekeepers"):
        game_reopen(game_id=game.pk, expected_ply=game.ply, by=c.other_director)
    game_reopen(game_id=game.pk, expected_ply=game.ply, by=c.director)

    assert Game.objects.get(pk=game.pk).status == Game.Status.LIVE


def test_a_result_only_game_is_not_reopened_but_its_table_corrected(
    django_capture_on_commit_callbacks: Any,
) -> None:
    c = cast(4)
    event = matrio_event(c)
    round_ = services.round_generate(event=event, by=c.director)
    services.round_lock(round=round_, by=c.director)
    table = round_.tables.get()
    with django_capture_on_commit_callbacks(execute=True):
        services.result_report(
            table=table, scores={s.player_id: 10 for s in table.seats.all()}, by=c.director
        )
    typed = Game.objects.get(source=Game.Source.RESULT_ONLY)

    with pytest.raises(DomainError, match="correct its table's result"):
        game_reopen(game_id=typed.pk, expected_ply=0, by=c.director)


def test_the_game_page_offers_the_button_after_the_end(
    client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    c = cast(4)
    table, game = finished_table_game(c, django_capture_on_commit_callbacks)
    client.force_login(c.scorekeeper)

    page = client.get(f"/games/{game.pk}/").content.decode()
    client.force_login(c.users[0])
    players_page = client.get(f"/games/{game.pk}/").content.decode()
    client.force_login(c.scorekeeper)
    answer = client.post(f"/games/{game.pk}/reopen/", {"expected_ply": game.ply}, follow=True)

    assert 'id="reopen-form"' in page and 'id="reopen-form"' not in players_page
    assert "its last move was taken back" in answer.content.decode()
    assert Game.objects.get(pk=game.pk).status == Game.Status.LIVE
    assert f"/events/games/{game.pk}/table/" in page
    event = table.round.event
    assert client.get(f"/events/games/{game.pk}/table/")["Location"] == (
        f"/events/{event.club.slug}/{event.slug}/tables/{table.pk}/"
    )
    table_page = client.get(f"/events/{event.club.slug}/{event.slug}/tables/{table.pk}/")
    assert f'href="/games/{game.pk}/"' in table_page.content.decode()
