"""Login names stay private: other people see an account by its player's name (``clubs.names``),
in the games API (recorder, moves) and on the tables' pages (who reported, who answered)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from clubs.models import Membership
from clubs.names import shown_name
from games import services as games
from games.models import Game
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.games.helpers import NAMES, matrio_tokens
from tests.tournaments.helpers import cast, pairs_round_locked
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db


def keeper() -> tuple[Any, Any]:
    club = ClubFactory()
    user = UserFactory(username="kim-login")
    player = PlayerFactory(name="Kim Keeper", user=user)
    MembershipFactory(club=club, player=player, role=Membership.Role.SCOREKEEPER)
    return club, user


def game_recorded_by(club: Any, user: Any, moves: int = 2) -> Game:
    game = games.game_create(
        club=club,
        kind="matrio",
        players=[games.SeatInput(name=name) for name in NAMES],
        by=user,
    ).game
    for ply, token in enumerate(matrio_tokens()[:moves]):
        games.game_record_move(game_id=game.pk, token=token, expected_ply=ply, by=user)
    return game


def test_the_games_api_names_the_recorder_by_their_player_name(client: Client) -> None:
    club, user = keeper()
    game = game_recorded_by(club, user)

    detail = client.get(f"/api/games/{game.pk}/").json()
    listed = client.get("/api/games/").json()["results"][0]
    moves = client.get(f"/api/games/{game.pk}/moves/").json()
    moves = moves["results"] if isinstance(moves, dict) else moves

    assert detail["recorder"] == listed["recorder"] == "Kim Keeper"
    assert [move["by"] for move in moves] == ["Kim Keeper", "Kim Keeper"]
    for answer in (detail, listed, moves):
        assert "kim-login" not in str(answer)


def test_a_staff_account_without_a_player_is_shown_as_nobody(client: Client) -> None:
    club, _ = keeper()
    admin = UserFactory(username="root-login", is_staff=True, is_superuser=True)
    game = game_recorded_by(club, admin, moves=1)

    detail = client.get(f"/api/games/{game.pk}/").json()
    moves = client.get(f"/api/games/{game.pk}/moves/").json()

    assert detail["recorder"] is None
    assert "root-login" not in str(detail) + str(moves)


def test_the_table_page_names_the_reporter_and_the_director_by_player_name() -> None:
    c = cast(2)
    event, round_ = pairs_round_locked(c)
    table = round_.tables.get()
    first, second = (s.player_id for s in table.seats.order_by("position"))
    result = tournaments.result_report(table=table, scores={first: 7, second: 3}, by=c.users[0])
    tournaments.result_confirm(result=result, agrees=False, note="7-4", by=c.users[1])
    url = f"/events/{c.club.slug}/{event.slug}/tables/{table.pk}/"

    page = Client().get(url).content.decode()

    assert "Reported by Player 00" in page
    assert "Player 01 disputed" in page
    assert "p0-" not in page and "p1-" not in page


def test_a_staff_answer_shows_no_login_name() -> None:
    c = cast(2)
    event, round_ = pairs_round_locked(c)
    table = round_.tables.get()
    first, second = (s.player_id for s in table.seats.order_by("position"))
    result = tournaments.result_report(table=table, scores={first: 7, second: 3}, by=c.users[0])
    tournaments.result_confirm(result=result, agrees=False, note="recount", by=c.admin)

    page = Client().get(f"/events/{c.club.slug}/{event.slug}/tables/{table.pk}/").content.decode()

    assert "the staff disputed" in page
    assert c.admin.username not in page


def test_shown_name_asks_the_database_once_per_user(
    django_assert_num_queries: Any,
) -> None:
    _, user = keeper()

    with django_assert_num_queries(1):
        assert shown_name(user) == "Kim Keeper"
        assert shown_name(user) == "Kim Keeper"
    assert shown_name(None) == ""
