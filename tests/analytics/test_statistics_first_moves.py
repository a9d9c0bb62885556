"""Integer Matrix first placements and Overload setup choices: additive counters and page."""

from __future__ import annotations

import pytest
from django.test import Client

from analytics.models import StatCounter
from analytics.ratings import services
from analytics.statistics import counters
from games import services as games
from games.engine import integer_matrix, overload
from games.models import Game
from tests.factories import ClubFactory

pytestmark = pytest.mark.django_db


def count(text: str) -> list[int]:
    club = ClubFactory()
    games.games_import_mgn(club=club, text=text)
    ids = list(Game.objects.filter(club=club).values_list("pk", flat=True))
    for kind in services.games_mark_dirty(game_ids=ids):
        services.ratings_process_dirty(kind=kind)
    return ids


def total(statistic: str) -> int:
    return sum(StatCounter.objects.filter(statistic=statistic).values_list("games", flat=True))


def test_first_placements_and_setup_choices_are_counted_once_and_shown(client: Client) -> None:
    matrix = count("\n\n".join(integer_matrix.random_game(s, "greedy") for s in range(3)))
    count("\n\n".join(overload.random_game(s, "greedy") for s in range(6)))
    plies = StatCounter.objects.filter(statistic=counters.INTEGER_MATRIX_FIRST)
    assert sum(r.games for r in plies.filter(group="ply 1")) == 3  # one first move per game
    assert total(counters.OVERLOAD_SETUP) > 0

    counters.statistics_games_update(kind="integer-matrix", game_ids=matrix)  # again
    assert sum(r.games for r in plies.filter(group="ply 1")) == 3

    page = client.get("/analytics/first-moves/").content.decode()
    assert 'data-figure="figure-integer"' in page and 'data-figure="figure-overload"' in page
    data = client.get("/api/analytics/first-moves/").json()
    assert sum(m["games"] for m in data["integer_matrix"]["ply 1"]) == 3
    assert data["overload"]


def test_before_any_game_the_page_says_so(client: Client) -> None:
    page = client.get("/analytics/first-moves/").content.decode()
    assert "No finished Integer Matrix games" in page and "No finished Overload games" in page
