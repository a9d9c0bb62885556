"""Hostile addresses and files get a sentence, never a 500 (issue #18): numbers beyond the
database's integers in filters, NUL characters in a query string or an imported file."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from games.models import Game
from tests.games.helpers import Cast, record

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "query",
    [
        {"event": "9223372036854775808"},
        {"player": "99999999999999999999999"},
        {"round": "-1"},
        {"event": "1e400"},
    ],
)
def test_numbers_beyond_the_databases_integers_are_a_400(cast: Cast, query: dict) -> None:
    response = Client().get("/api/games/", query)

    assert response.status_code == 400
    assert response.json()["message"]


@pytest.mark.parametrize(
    "path", ["/api/games/?club=a%00b", "/api/events/?club=x%00", "/games/?kind=%00"]
)
def test_a_nul_character_in_the_address_is_a_400_with_a_sentence(cast: Cast, path: str) -> None:
    response = Client().get(path)

    assert response.status_code == 400
    assert b"NUL character" in response.content


def test_import_games_stores_a_file_with_a_nul_byte_whole(cast: Cast, tmp_path: Path) -> None:
    text = record("matrio", 1).replace('[P2 "Player 2"]', '[P2 "Player\x002"]')
    path = tmp_path / "nul.mgn"
    path.write_bytes((text + "\n" + record("matrio", 2)).encode())

    call_command(
        "import_games", str(path), "--club", "home", "--create-players",
        stdout=StringIO(), stderr=StringIO(),
    )  # fmt: skip

    assert Game.objects.count() == 2
    assert Game.objects.filter(seats__name="Player\ufffd2").exists()


def test_two_requests_finishing_the_same_game_record_both_store_it(cast: Cast) -> None:
    """The check in ``_finish`` can race another request storing the same canonical record a
    moment earlier: the move still stores, without claiming the record a second time."""
    from games.services import SAVED, _save_game
    from tests.games.helpers import live_matrio

    first, second = live_matrio(cast), live_matrio(cast)
    Game.objects.filter(pk=first.pk).update(mgn_hash="same-record")
    second.mgn_hash = "same-record"  # as _finish set it before the other request committed
    second.ply = 1

    _save_game(second)

    second.refresh_from_db()
    assert second.ply == 1 and second.mgn_hash is None
    assert "mgn_hash" in SAVED
