"""Two devices post the same ply at the same moment: exactly one move is stored.

Real threads, each with its own PostgreSQL connection, against committed data
(``transaction=True``): the game row lock and the expected ply turn the loser away with 409.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connection, connections
from django.test import Client

from games import services
from games.models import Move
from tests.games.helpers import Cast, live_matrio, make_cast, matrio_tokens
from tests.support import skip_or_fail

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 6


def race(url: str, clients: list[Client], body: dict[str, Any]) -> list[int]:
    barrier = threading.Barrier(len(clients))
    codes: list[int] = []
    lock = threading.Lock()

    def post(client: Client) -> None:
        try:
            barrier.wait(timeout=10)
            response = client.post(url, body, content_type="application/json")
            with lock:
                codes.append(response.status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(client,)) for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return sorted(codes)


def test_two_scorekeepers_posting_the_same_ply_store_exactly_one_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if connection.vendor != "postgresql":
        skip_or_fail("the concurrency test needs PostgreSQL (row locks)")
    slow_read = services.game_live

    def game_live_slowly(*, game: Any) -> Any:  # hold the row lock a little: the two overlap
        time.sleep(0.05)
        return slow_read(game=game)

    monkeypatch.setattr(services, "game_live", game_live_slowly)
    cast: Cast = make_cast()
    game = live_matrio(cast)
    clients = []
    for persona in ("scorekeeper", "director"):
        client = Client()
        client.force_login(cast.user(persona))
        clients.append(client)
    url = f"/api/games/{game.pk}/moves/"

    results = [
        race(url, clients, {"token": token, "expected_ply": ply})
        for ply, token in enumerate(matrio_tokens(9)[:ROUNDS])
    ]

    assert results == [[201, 409]] * ROUNDS
    assert list(Move.objects.filter(game=game).values_list("ply", flat=True)) == list(
        range(1, ROUNDS + 1)
    )
