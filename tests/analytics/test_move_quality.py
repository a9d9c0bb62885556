"""A player's page shows their average loss per move over time, from the games' reviews."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from analytics.reviews import player_move_quality
from clubs.models import Membership, Player
from games import services
from games.models import Game
from games.reviews import game_review_store
from tests.factories import ClubFactory
from tests.games.helpers import record

pytestmark = pytest.mark.django_db


def test_the_player_page_shows_the_average_loss_per_move_of_each_reviewed_game(
    django_capture_on_commit_callbacks: Any,
) -> None:
    club = ClubFactory()
    with django_capture_on_commit_callbacks(execute=True):
        services.games_import_mgn(club=club, text=record("integer-matrix", 2))
    game = Game.objects.get()
    seat = game.seats.order_by("position").first()
    assert seat is not None and seat.player is not None
    player = Player.objects.get(pk=seat.player_id)
    assert Membership.objects.filter(club=club, player=player).exists()

    before = Client().get(f"/analytics/players/{player.slug}/", {"game": "integer-matrix"})
    game_review_store(game_id=game.pk)
    points = player_move_quality(player=player, kind="integer-matrix")
    page = Client().get(f"/analytics/players/{player.slug}/", {"game": "integer-matrix"})

    assert "No reviewed game yet" in before.content.decode()
    assert len(points) == 1 and points[0].game_id == game.pk and points[0].moves > 0
    html = page.content.decode()
    assert 'id="figure-quality"' in html and f"/games/{game.pk}/" in html
