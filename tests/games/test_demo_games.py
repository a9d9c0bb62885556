"""The demo club's games: made by the engines, every kind, one still going on."""

from __future__ import annotations

import pytest

from games.models import Game
from games.selectors import game_view
from matrio_site.demo import DemoSummary
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_demo_has_games_of_every_kind_by_its_own_players(demo: DemoSummary) -> None:
    games = Game.objects.filter(club=demo.club)

    assert set(games.values_list("kind", flat=True)) == {
        "matrio",
        "mathematico",
        "matrix-overload",
        "integer-matrix",
    }
    league = games.filter(event_id=Event.objects.get(slug="autumn-league-2026").pk)
    assert league.count() == 9 and set(league.values_list("status", flat=True)) == {"finished"}
    assert set(league.values_list("round_number", flat=True)) == {1, 2, 3}
    night = Event.objects.get(slug="club-night").pk
    assert games.filter(event_id=night, kind="mathematico").count() == 2
    assert not games.filter(seats__player__isnull=True).exists()
    assert demo.club.memberships.values("player").distinct().count() == 12


def test_one_demo_game_is_in_progress_and_recorded_by_the_scorekeeper(demo: DemoSummary) -> None:
    game = Game.objects.get(club=demo.club, status="live")

    view = game_view(game=game)

    assert (game.kind, game.source, game.recorder.username) == ("matrio", "live", "scorekeeper")
    assert view["ply"] == 10 and view["to_move"] is not None and not view["finished"]
