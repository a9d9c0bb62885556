"""The ratings pages, the REST API and the management commands read the stored ratings."""

from __future__ import annotations

import json
import random
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from analytics.models import JobProgress, Rating
from analytics.ratings import services
from clubs.models import Club, Player
from games import services as games
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def rate_games(club: Club, people: list[Player], n: int, seed: int) -> None:
    rng = random.Random(seed)
    ids = []
    for _ in range(n):
        seated = rng.sample(people, 4)
        scores = rng.sample(range(300), 4)
        ids.append(
            games.game_result_only_create(
                club=club,
                kind="matrio",
                players=[games.SeatInput(player=p) for p in seated],
                result={f"P{i + 1}": s for i, s in enumerate(scores)},
            ).pk
        )
    for kind in services.games_mark_dirty(game_ids=ids):
        services.ratings_process_dirty(kind=kind)


@pytest.fixture
def rated() -> tuple[Club, list[Player]]:
    club = ClubFactory(slug="lakeside")
    people = [MembershipFactory(club=club).player for _ in range(5)]
    rate_games(club, people, 6, seed=2)
    return club, people


def test_the_leaderboard_page_lists_the_pool_with_a_chart_and_a_table(
    client: Client, rated: tuple[Club, list[Player]]
) -> None:
    response = client.get("/analytics/?game=matrio&club=lakeside")

    assert response.status_code == 200
    page = response.content.decode()
    best = Rating.objects.filter(pool="matrio@lakeside").order_by("-display").first()
    assert best is not None and best.name in page
    assert 'data-figure="figure-leaderboard"' in page and "<table>" in page
    assert "/static/analytics/vendor/plotly-cartesian" in page and "cdn" not in page.lower()


def test_the_leaderboard_reads_a_constant_number_of_queries(
    client: Client, rated: tuple[Club, list[Player]]
) -> None:
    with CaptureQueriesContext(connection) as few:
        client.get("/analytics/?game=matrio")
    club, _ = rated
    more = [MembershipFactory(club=club).player for _ in range(20)]
    rate_games(club, more, 30, seed=3)  # five times the games, four times the players
    with CaptureQueriesContext(connection) as again:
        client.get("/analytics/?game=matrio")
    assert len(few) == len(again)


def test_an_unknown_game_or_club_is_a_404_not_a_500(client: Client) -> None:
    assert client.get("/analytics/?game=chess").status_code == 404
    assert client.get("/analytics/?club=nowhere").status_code == 404
    assert client.get("/analytics/players/nobody/").status_code == 404


def test_the_player_page_shows_history_scores_seats_and_opponents(
    client: Client, rated: tuple[Club, list[Player]]
) -> None:
    _, people = rated
    page = client.get(f"/analytics/players/{people[0].slug}/?game=matrio").content.decode()

    for chart in ("history", "scores", "seats", "opponents"):
        assert f'data-figure="figure-{chart}"' in page
    assert "Head to head" in page and people[0].name in page


def test_the_api_serves_the_leaderboard_and_a_player(
    client: Client, rated: tuple[Club, list[Player]]
) -> None:
    _, people = rated
    board = client.get("/api/analytics/leaderboard/?game=matrio&club=lakeside").json()
    assert board["pool"] == "matrio@lakeside"
    assert [r["place"] for r in board["ratings"]] == list(range(1, len(board["ratings"]) + 1))
    assert board["figure"]["data"][0]["type"] == "bar"

    mine = client.get(f"/api/analytics/players/{people[0].slug}/?game=matrio").json()
    assert {r["pool"] for r in mine["ratings"]} == {"matrio", "matrio@lakeside"}
    assert len(mine["history"]) == mine["ratings"][0]["games"]

    bad = client.get("/api/analytics/leaderboard/?game=chess")
    assert bad.status_code == 400 and "game" in bad.json()["errors"]


def test_the_leaderboard_command_prints_text_and_json(rated: tuple[Club, list[Player]]) -> None:
    out = StringIO()
    call_command("leaderboard", "--game", "matrio", "--club", "lakeside", "--json", stdout=out)
    rows = json.loads(out.getvalue())
    assert set(rows[0]) >= {"player", "mu", "sigma", "rating", "games"}

    text = StringIO()
    call_command("leaderboard", "--game", "matrio", stdout=text)
    assert rows[0]["player"] in text.getvalue()

    with pytest.raises(CommandError, match="no club"):
        call_command("leaderboard", "--game", "matrio", "--club", "nowhere")


def test_the_recompute_command_gives_the_same_ratings_and_records_its_job(
    rated: tuple[Club, list[Player]],
) -> None:
    before = sorted(Rating.objects.values_list("pool", "player_key", "mu", "sigma", "games"))
    out, err = StringIO(), StringIO()

    call_command("recompute", "--game", "matrio", stdout=out, stderr=err)

    assert "matrio: 6 games rated" in out.getvalue()
    after = sorted(Rating.objects.values_list("pool", "player_key", "mu", "sigma", "games"))
    assert after == before
    job = JobProgress.objects.get()
    assert (job.status, job.done, job.total) == ("done", 6, 6)
