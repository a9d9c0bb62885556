"""The games and events in Czech and Italian (issue #17, phase 2).

The pages, their forms and the services' refusals follow the reader's language, on the pages
and in the API's ``message`` (LocaleMiddleware reads ``Accept-Language`` for /api/ too); field
names and codes stay English. The engine is plain Python and speaks English: an illegal move
keeps the engine's precise ``message`` in the API and adds a ``sentence`` phrased by the site
in the reader's language (ply, player, move, legal), which the pages show.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from games.kinds import GameKind
from games.models import Game
from matrio_site.demo import DemoSummary
from tests.games.helpers import make_cast, matrio_tokens
from tests.matrio_site.test_languages import english_phrases, html_lang
from tests.tournaments.helpers import cast as event_cast
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def post(client: Client, path: str, data: Any, language: str) -> Any:
    return client.post(path, data, content_type="application/json", HTTP_ACCEPT_LANGUAGE=language)


def api_game(client: Client, language: str = "en") -> Any:
    body = {
        "club": "home",
        "kind": "matrio",
        "players": [{"name": name} for name in ("Ann", "Ben", "Cat", "Dan")],
    }
    response = post(client, "/api/games/", body, language)
    assert response.status_code == 201, response.content
    return response.json()


def scorekeeper() -> Client:
    cast = make_cast()
    client = Client()
    client.force_login(cast.user("scorekeeper"))
    return client


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("cs", "hra je ve stavu „přerušená“: nelze zapsat žádný tah"),
        ("it", "la partita è «abbandonata»: non si può registrare nessuna mossa"),
        ("en", "the game is abandoned: no move can be recorded"),
    ],
)
def test_a_move_on_an_abandoned_game_is_refused_in_the_reader_s_language(
    language: str, expected: str
) -> None:
    client = scorekeeper()
    game = api_game(client)
    assert post(client, f"/api/games/{game['id']}/abandon/", {}, language).status_code == 200

    response = post(
        client, f"/api/games/{game['id']}/moves/", {"token": "2C>C2C", "expected_ply": 0}, language
    )

    assert response.status_code == 409
    body = response.json()
    assert body["message"] == expected
    assert sorted(body) == ["legal", "message", "ply"]  # field names stay English


def test_an_illegal_move_keeps_the_engine_s_message_and_adds_a_translated_sentence() -> None:
    client = scorekeeper()
    game = api_game(client)
    move = {"token": "3C>C2C", "expected_ply": 0}

    czech = post(client, f"/api/games/{game['id']}/moves/", move, "cs").json()
    italian = post(client, f"/api/games/{game['id']}/moves/", move, "it").json()
    english = post(client, f"/api/games/{game['id']}/moves/", move, "en").json()

    engine = "ply 1 (P1): the game opens with the 2 of clubs"
    assert czech["message"].startswith(engine) and italian["message"].startswith(engine)
    assert czech["sentence"].startswith("Tah 1 (P1): 3C>C2C tady zahrát nelze. Povolené tahy: ")
    assert "2C>C2C" in czech["sentence"]
    assert italian["sentence"].startswith("Mossa 1 (P1): 3C>C2C non si può giocare qui.")
    assert english["sentence"] == english["message"]  # English: the engine's own sentence
    assert czech["move"] == "3C>C2C" and "2C>C2C" in czech["legal"]


def test_the_game_page_phrases_an_illegal_move_in_the_reader_s_language() -> None:
    client = scorekeeper()
    game = Game.objects.get(pk=api_game(client)["id"])

    page = client.post(
        f"/games/{game.pk}/",
        {"token": "3C>C2C", "expected_ply": 0},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="it",
    ).content.decode()

    # the refusal in plain words: the player's name and the cards in Italian
    assert "Ann: la partita si apre con il 2 di fiori" in page
    assert "sul vassoio riga 1 fiori" in page
    game.refresh_from_db()
    assert game.ply == 0


def test_a_recorded_move_is_confirmed_in_czech() -> None:
    client = scorekeeper()
    game = api_game(client)
    token = matrio_tokens(1)[0]

    page = client.post(
        f"/games/{game['id']}/",
        {"token": token, "expected_ply": 0},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="cs",
    ).content.decode()

    assert "Zapsán tah 1: " in page
    assert "Tah <strong>1</strong> z 1" in page


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("cs", "neznámá volba „speed“; známé: "),
        ("it", "opzione sconosciuta «speed»; note: "),
    ],
)
def test_a_refused_event_option_is_explained_in_the_reader_s_language(
    client: Client, language: str, expected: str
) -> None:
    people = event_cast(4)
    client.force_login(people.director)
    body = {
        "club": people.club.slug,
        "name": "Options",
        "game": "matrio",
        "starts_on": "2026-11-01",
        "options": {"speed": 1},
    }

    response = post(client, "/api/events/", body, language)

    assert response.status_code == 400
    assert response.json()["message"].startswith(expected)


def test_mathematico_is_matematiko_in_czech_and_matematico_in_italian() -> None:
    labels = {}
    for language in ("en", "cs", "it"):
        with translation.override(language):
            labels[language] = str(GameKind.MATHEMATICO.label)

    assert labels == {"en": "Mathematico", "cs": "Matematiko", "it": "Matematico"}


@pytest.mark.parametrize("language", ["cs", "it"])
def test_the_games_and_events_pages_read_translated(
    client: Client, demo: DemoSummary, language: str
) -> None:
    event = Event.objects.order_by("starts_on").first()
    assert event is not None
    games = Game.objects.order_by("pk")
    kinds = {game.kind: game.pk for game in games}
    round_ = event.rounds.order_by("number").first()
    table = round_.tables.order_by("number").first() if round_ else None
    pages = [
        "/games/",
        "/games/?status=finished",
        *(f"/games/{pk}/" for pk in kinds.values()),
        "/events/",
        f"/events/{event.club.slug}/{event.slug}/",
    ]
    if round_ is not None:
        pages.append(f"/events/{event.club.slug}/{event.slug}/rounds/{round_.number}/print/")
    if table is not None:
        pages.append(f"/events/{event.club.slug}/{event.slug}/tables/{table.pk}/")
    english = english_phrases(language)

    for url in pages:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        page = response.content.decode()
        assert response.status_code == 200, url
        assert html_lang(page) == language, url
        assert [p for p in english if f">{p}<" in page] == [], url
    czech_list = client.get("/games/", HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "Matematiko" in czech_list and "Mathematico" not in czech_list


@pytest.mark.parametrize("language", ["cs", "it"])
def test_the_forms_a_director_uses_read_translated(
    client: Client, demo: DemoSummary, language: str
) -> None:
    from django.contrib.auth.models import User

    director = User.objects.get(username="director")
    client.force_login(director)
    event = Event.objects.order_by("starts_on").first()
    assert event is not None
    pages = [
        "/games/new/",
        *(f"/games/new/{kind}/" for kind in GameKind.values),
        "/games/import/",
        "/games/result-only/",
        f"/events/{event.club.slug}/{event.slug}/console/",
    ]
    english = english_phrases(language)

    for url in pages:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        page = response.content.decode()
        assert response.status_code == 200, url
        assert html_lang(page) == language, url
        assert [p for p in english if f">{p}<" in page] == [], url
