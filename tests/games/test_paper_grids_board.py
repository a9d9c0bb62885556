"""The Mathematico board on the game page: the drawn value's number pad and the mover's grid
are plain forms (recording works without JavaScript), and every board has its score sheet;
a whole game made from finished grids by ``games.paper_grids``."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from games import services
from games.engine.mathematico.scoring import board_total
from games.errors import GameError
from games.models import Game
from games.paper_grids import game_from_paper_grids
from tests.games.helpers import Cast

pytestmark = pytest.mark.django_db

DRAW = [7, 7, 12, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 13, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 13]


def writer(cast: Cast) -> Client:
    client = Client()
    client.force_login(cast.user("scorekeeper"))
    return client


def new_game(cast: Cast) -> Game:
    return services.game_create(
        club=cast.club,
        kind="mathematico",
        players=[services.SeatInput(name=name) for name in ("Ann", "Ben")],
        by=cast.user("scorekeeper"),
    ).game


def test_the_pad_and_the_movers_grid_record_without_javascript(cast: Cast) -> None:
    game = new_game(cast)
    client = writer(cast)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'class="m-key" name="token" value="=7"' in page  # the pad posts the drawn value

    client.post(f"/games/{game.pk}/", {"token": "=7", "expected_ply": 0})
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'Place the <strong class="m-value">7</strong>' in page
    assert 'data-player="Ann"' in page.split('class="m-current', 1)[1][:400]  # Ann's grid first
    assert 'name="token" value="c3" data-token="c3"' in page  # her empty cells are buttons
    assert '<th scope="col">c</th>' in page and '<th scope="row">3</th>' in page  # coordinates

    client.post(f"/games/{game.pk}/", {"token": "c3", "expected_ply": 1})
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'data-player="Ben"' in page.split('class="m-current', 1)[1][:400]  # then Ben's
    game.refresh_from_db()
    assert game.ply == 2


def test_a_reader_gets_no_buttons(cast: Cast) -> None:
    game = new_game(cast)
    page = Client().get(f"/games/{game.pk}/").content.decode()
    assert 'name="token"' not in page


def test_a_whole_game_from_finished_grids_shows_every_lines_score(cast: Cast) -> None:
    grids = [list(DRAW), list(reversed(DRAW))]
    random.Random(1).shuffle(grids[1])
    game = game_from_paper_grids(
        club=cast.club,
        players=[services.SeatInput(name=name) for name in ("Ann", "Ben")],
        grids=grids,
        draw=DRAW,
    )

    assert game.status == Game.Status.FINISHED and game.ply == 50
    assert [s.score for s in game.seats.order_by("position")] == [board_total(g) for g in grids]
    page = Client().get(f"/games/{game.pk}/").content.decode()
    assert page.count('<details class="m-sheet" open>') == 2
    # Ann's row 1 holds 7 7 12 1 2: a pair, 10 points
    assert (
        '<th scope="row">row 1</th><td class="m-vals">7 7 12 1 2</td><td>a pair</td>'
        '<td class="num">10</td>'
    ) in page


def test_a_grid_that_is_not_the_draw_stores_no_game(cast: Cast) -> None:
    said = r"^Ben's grid: you have three 1s but the draw had two 1s; the 12 is missing$"
    with pytest.raises(GameError, match=said):
        game_from_paper_grids(
            club=cast.club,
            players=[services.SeatInput(name=name) for name in ("Ann", "Ben")],
            grids=[list(DRAW), [1, *DRAW[:2], *DRAW[3:]]],
            draw=DRAW,
        )
    assert not Game.objects.exists()
