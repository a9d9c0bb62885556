"""Abandoning a live game from its page: writers only, after a confirm step."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.games.helpers import PERSONAS, WRITERS, Cast, live_matrio
from tests.games.test_views_pages import client_for, text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_writers_see_the_abandon_button(cast: Cast, persona: str) -> None:
    game = live_matrio(cast)

    page = text(client_for(cast, persona).get(f"/games/{game.pk}/"))

    assert (f'href="/games/{game.pk}/abandon/"' in page) == (persona in WRITERS)


@pytest.mark.parametrize("persona", PERSONAS)
def test_abandon_asks_first_then_stops_the_game_for_writers_only(cast: Cast, persona: str) -> None:
    game = live_matrio(cast)
    client = client_for(cast, persona)

    asked = client.get(f"/games/{game.pk}/abandon/")
    answered = client.post(f"/games/{game.pk}/abandon/")

    game.refresh_from_db()
    if persona in WRITERS:
        assert asked.status_code == 200 and "Yes, abandon the game" in text(asked)
        assert answered["Location"] == f"/games/{game.pk}/"
        assert game.status == Game.Status.ABANDONED and game.result["stopped"] is True
    else:
        expected = 302 if persona == "anonymous" else 403  # anonymous: to the login page
        assert asked.status_code == answered.status_code == expected
        assert game.status == Game.Status.LIVE


def test_a_game_already_over_is_not_abandoned_twice(cast: Cast) -> None:
    game = live_matrio(cast)
    client = client_for(cast, "scorekeeper")
    client.post(f"/games/{game.pk}/abandon/")

    asked = client.get(f"/games/{game.pk}/abandon/")
    again = client.post(f"/games/{game.pk}/abandon/", follow=True)

    assert "nothing to abandon" in text(asked)
    assert again.status_code == 200 and "already abandoned" in text(again)
    assert "Abandon the game" not in text(again)  # no entry, no button once it is over
