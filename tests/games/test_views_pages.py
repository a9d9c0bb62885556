"""The games pages: lists, game page (read-only and live entry), import, result only.

Starting a game has its own file (``test_views_start.py``), so has abandoning one.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils.html import escape

from games import selectors, services
from games.engine import live
from games.engine.record import read_records
from games.models import Game
from tests.games.helpers import NAMES, Cast, live_matrio, matrio_tokens, record

pytestmark = pytest.mark.django_db


def client_for(cast: Cast, persona: str) -> Client:
    client = Client()
    user = cast.user(persona)
    if user is not None:
        client.force_login(user)
    return client


def imported(cast: Cast, kind: str, seed: int = 2) -> Game:
    report = services.games_import_mgn(club=cast.club, text=record(kind, seed), by=None)
    game_id = report.games[0].game_id
    assert game_id is not None, report.json()
    return Game.objects.get(pk=game_id)


def text(response: Any) -> str:
    return response.content.decode()


# --- game page -------------------------------------------------------------------------------


@pytest.mark.parametrize("persona", ["anonymous", "player", "other_director"])
def test_a_reader_sees_the_board_without_entry_controls(cast: Cast, persona: str) -> None:
    game = live_matrio(cast)

    response = client_for(cast, persona).get(f"/games/{game.pk}/")

    assert response.status_code == 200
    page = text(response)
    assert 'data-tray="R1S"' in page and 'data-cell="11"' in page
    assert 'id="token-form"' not in page
    assert '<button type="button" class="tray' not in page


@pytest.mark.parametrize("persona", ["scorekeeper", "director", "admin"])
def test_a_writer_sees_the_entry_controls_and_the_card_picker(cast: Cast, persona: str) -> None:
    game = live_matrio(cast)

    page = text(client_for(cast, persona).get(f"/games/{game.pk}/"))

    assert 'id="token-form"' in page
    assert 'data-rank="Q"' in page and 'data-suit="S"' in page  # hands unknown: a picker
    assert "P1</strong> to move" not in page  # the name is shown, the role beside it
    assert f"<strong>{NAMES[0]}</strong> (P1) to move" in page


def test_a_private_game_is_hidden_from_strangers(cast: Cast) -> None:
    game = live_matrio(cast, public=False)

    assert client_for(cast, "anonymous").get(f"/games/{game.pk}/").status_code == 404
    assert client_for(cast, "other_director").get(f"/games/{game.pk}/").status_code == 404
    assert client_for(cast, "player").get(f"/games/{game.pk}/").status_code == 200


def test_the_page_shows_the_board_and_scores_as_they_were_at_a_ply(cast: Cast) -> None:
    game = imported(cast, "matrio")
    played = selectors_view(game, 30)

    page = text(Client().get(f"/games/{game.pk}/?ply=30"))

    assert "Ply <strong>30</strong> of" in page
    for role, score in played["scores"].items():
        assert f'data-role="{role}"' in page
        assert f'data-score="{score}"' in page
    for cell in played["board"]["cells"]:
        assert f'data-cell="{cell["name"]}"' in page


def selectors_view(game: Game, ply: int) -> dict[str, Any]:
    return selectors.game_view(game=game, ply=ply)


def test_the_board_fragment_serves_any_ply(cast: Cast) -> None:
    game = imported(cast, "matrio")

    response = Client().get(f"/games/{game.pk}/board/?ply=4")

    assert response.status_code == 200
    assert 'data-ply="4"' in text(response)
    assert "<html" not in text(response)


def test_the_board_fragment_carries_the_whole_move_list(cast: Cast) -> None:
    game = imported(cast, "matrio")
    moves = list(selectors.game_moves(game=game))

    page = text(Client().get(f"/games/{game.pk}/board/?ply=4"))

    fresh = page.split('<template id="moves-fresh">', 1)[1]
    assert fresh.count("<li>") == len(moves) == game.ply
    assert 'href="?ply=4" data-ply="4" aria-current="step"' in fresh
    assert f"<code>{escape(moves[-1].token)}</code>" in fresh


def test_a_joker_is_short_on_phones_and_named_in_full_for_screen_readers() -> None:
    from django.template.loader import render_to_string

    from games.kinds.cards import card_picture as _card

    joker = render_to_string("games/boards/_card.html", {"card": _card("XB")})
    plain = render_to_string("games/boards/_card.html", {"card": _card("TD")})

    assert '<span class="card-long">Joker black</span>' in joker
    assert '<span class="card-short" aria-hidden="true">XB</span>' in joker
    assert plain.strip().endswith("10♦")


def test_a_nonsense_ply_shows_the_game_now(cast: Cast) -> None:
    game = imported(cast, "matrio")

    page = text(Client().get(f"/games/{game.pk}/?ply=banana"))

    assert f"Ply <strong>{game.ply}</strong> of {game.ply}" in page


@pytest.mark.parametrize("kind", ["mathematico", "matrix-overload", "integer-matrix"])
def test_every_game_kind_has_a_board(cast: Cast, kind: str) -> None:
    game = imported(cast, kind)

    for ply in (0, 5, game.ply):
        response = Client().get(f"/games/{game.pk}/?ply={ply}")
        assert response.status_code == 200
        assert f"Ply <strong>{ply}</strong>" in text(response)


@pytest.mark.parametrize("kind", ["mathematico", "matrix-overload", "integer-matrix"])
def test_a_writer_of_every_kind_gets_tap_controls(cast: Cast, kind: str) -> None:
    imported_game = live.from_record(read_records(record(kind, 4))[0])
    started = services.game_create(
        club=cast.club,
        kind=kind,
        players=[services.SeatInput(name=n) for n in imported_game.game.players],
        tags=[t for t in imported_game.game.tags if t[0] not in ("Result",)],
        by=cast.user("scorekeeper"),
    )

    page = text(client_for(cast, "scorekeeper").get(f"/games/{started.game.pk}/"))

    assert 'id="token-form"' in page
    assert "data-token=" in page or "data-square=" in page


# --- recording without JavaScript ------------------------------------------------------------


def test_a_typed_move_is_recorded_by_the_plain_form(cast: Cast) -> None:
    game = live_matrio(cast)
    first = matrio_tokens(1)[0]
    client = client_for(cast, "scorekeeper")

    response = client.post(f"/games/{game.pk}/", {"token": first, "expected_ply": 0}, follow=True)

    game.refresh_from_db()
    assert game.ply == 1
    assert "Recorded ply 1" in text(response)


def test_an_illegal_typed_move_shows_the_sentence_and_stores_nothing(cast: Cast) -> None:
    game = live_matrio(cast)
    client = client_for(cast, "scorekeeper")

    response = client.post(
        f"/games/{game.pk}/", {"token": "9S>R1D", "expected_ply": 0}, follow=True
    )

    game.refresh_from_db()
    assert game.ply == 0
    assert "cannot go on R1D" in text(response) or "2C" in text(response)


def test_a_second_device_at_the_same_ply_is_told_to_reload(cast: Cast) -> None:
    game = live_matrio(cast)
    tokens = matrio_tokens(1)
    client = client_for(cast, "scorekeeper")
    client.post(f"/games/{game.pk}/", {"token": tokens[0], "expected_ply": 0})

    response = client.post(
        f"/games/{game.pk}/", {"token": tokens[1], "expected_ply": 0}, follow=True
    )

    game.refresh_from_db()
    assert game.ply == 1
    assert "the game moved on to ply 1" in text(response)


def test_undo_by_the_plain_form_takes_back_the_last_move(cast: Cast) -> None:
    game = live_matrio(cast)
    client = client_for(cast, "scorekeeper")
    client.post(f"/games/{game.pk}/", {"token": matrio_tokens(1)[0], "expected_ply": 0})

    client.post(f"/games/{game.pk}/", {"undo": "1", "expected_ply": 1})

    game.refresh_from_db()
    assert game.ply == 0


@pytest.mark.parametrize("persona", ["anonymous", "player", "other_director"])
def test_a_reader_cannot_post_a_move(cast: Cast, persona: str) -> None:
    game = live_matrio(cast)

    response = client_for(cast, persona).post(
        f"/games/{game.pk}/", {"token": matrio_tokens(1)[0], "expected_ply": 0}
    )

    assert response.status_code == 403
    game.refresh_from_db()
    assert game.ply == 0


# --- lists -----------------------------------------------------------------------------------


def test_the_list_filters_by_kind_and_player_and_links_the_exports(cast: Cast) -> None:
    matrio = imported(cast, "matrio")
    other = imported(cast, "integer-matrix")
    client = Client()

    page = text(client.get("/games/?kind=matrio"))

    assert f'href="/games/{matrio.pk}/"' in page
    assert f'href="/games/{other.pk}/"' not in page
    assert "/api/games/export-mgn/?kind=matrio" in page
    assert "/api/games/export-csv/?kind=matrio" in page
    player = other.seats.first().player
    page = text(client.get(f"/games/?player={player.pk}"))
    assert f'href="/games/{other.pk}/"' in page and f'href="/games/{matrio.pk}/"' not in page


def test_bad_filters_are_explained_not_a_crash(cast: Cast) -> None:
    response = Client().get("/games/?kind=chess&date_from=yesterday")

    assert response.status_code == 200
    assert "Select a valid choice" in text(response)


# --- start, import, result only --------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/games/new/", "/games/new/matrio/", "/games/import/", "/games/result-only/"]
)
def test_only_club_staff_may_open_the_writing_forms(cast: Cast, path: str) -> None:
    assert client_for(cast, "anonymous").get(path).status_code == 302  # to the login page
    assert client_for(cast, "player").get(path).status_code == 403
    assert client_for(cast, "scorekeeper").get(path).status_code == 200


def test_an_import_dry_run_reports_every_game_and_stores_nothing(cast: Cast) -> None:
    good = record("matrio", 5)
    bad = good.replace("2C>", "3C>", 1)
    client = client_for(cast, "scorekeeper")

    response = client.post(
        "/games/import/",
        {"club": cast.club.pk, "mgn": good + "\n" + bad, "dry_run": "on", "create_players": "on"},
    )

    page = text(response)
    assert "Dry run: nothing was stored" in page
    assert "1 valid" in page and "1 refused" in page
    assert not Game.objects.exists()


def test_an_import_stores_the_valid_games_and_reports_the_bad_one(cast: Cast) -> None:
    good = record("matrio", 5)
    bad = record("matrio", 6).replace("2C>", "3C>", 1)
    client = client_for(cast, "scorekeeper")

    page = text(
        client.post(
            "/games/import/",
            {"club": cast.club.pk, "mgn": good + "\n" + bad, "create_players": "on"},
        )
    )

    assert Game.objects.count() == 1
    assert "1 stored" in page and "1 refused" in page
    assert 'data-label="Ply">1<' in page


def test_a_result_only_game_is_stored_from_the_form(cast: Cast) -> None:
    client = client_for(cast, "scorekeeper")
    data = {
        "club": cast.club.pk,
        "kind": "matrio",
        "players": "\n".join(NAMES),
        "scores": "10\n-5\nwithdrawn\n3",
    }

    response = client.post("/games/result-only/", data, follow=True)

    game = Game.objects.get()
    assert game.source == Game.Source.RESULT_ONLY
    assert "Result only" in text(response)
