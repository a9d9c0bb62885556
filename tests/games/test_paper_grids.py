"""Finished paper grids of Mathematico: the plain-words check against the draw, the event round
where each player enters their own grid (tournaments.paper_grids) and its page."""

from __future__ import annotations

import random
from datetime import date
from typing import Any

import pytest
from django.test import Client

from games.engine.errors import DomainError, NotAllowed
from games.engine.mathematico.board import CELLS
from games.engine.mathematico.scoring import board_total
from games.models import Game
from games.paper_grids import grid_problem
from tests.tournaments.helpers import Cast, cast
from tournaments import services
from tournaments.models import Event, Result, Round, Table
from tournaments.paper_grid_models import PaperGrid
from tournaments.paper_grids import grid_entry_open, paper_grid_enter, table_grids

pytestmark = pytest.mark.django_db

DRAW = [7, 7, 12, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 13, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 13]


# --- the sentence ------------------------------------------------------------------------------


def test_a_grid_with_the_draws_values_in_any_order_matches() -> None:
    assert grid_problem(list(reversed(DRAW)), DRAW) is None


def test_a_wrong_grid_is_told_in_plain_words() -> None:
    grid = [7, 7, 7, *DRAW[3:]]  # a third 7 where the 12 was

    assert (
        grid_problem(grid, DRAW) == "you have three 7s but the draw had two 7s; the 12 is missing"
    )


def test_values_missing_twice_and_values_never_drawn_are_named() -> None:
    grid = [12, 12, 12, *DRAW[3:]]  # the two 7s replaced by two more 12s

    assert grid_problem(grid, DRAW) == (
        "the draw had two 7s but you have none; you have three 12s but the draw had one 12"
    )


def test_a_grid_with_an_empty_cell_or_a_value_out_of_range_is_refused() -> None:
    assert grid_problem([0, *DRAW[1:]], DRAW) == (
        "a finished grid has 25 values, each 1 to 13, one in every cell"
    )
    assert grid_problem([14, *DRAW[1:]], DRAW) is not None


# --- an event round ----------------------------------------------------------------------------


def mathematico_round(c: Cast, players: int = 3, *, lock: bool = True) -> tuple[Event, Round]:
    event = services.event_create(
        club=c.club, name="Grid night", game="mathematico", format="",
        starts_on=date(2026, 11, 1), options={}, by=c.director,
    )  # fmt: skip
    for person in c.players[:players]:
        services.entry_add(event=event, player=person, checked_in=True, by=c.director)
    round_ = services.round_generate(event=event, by=c.director)
    if lock:
        services.round_lock(round=round_, by=c.director)
    return event, round_


def grid_of(round_: Round, seed: int) -> list[int]:
    values = [int(v) for v in round_.cards]
    random.Random(seed).shuffle(values)
    return values


@pytest.fixture
def c() -> Cast:
    return cast(players=6)


def test_three_players_enter_their_own_grids_and_the_table_gets_its_result(
    c: Cast, django_capture_on_commit_callbacks: Any
) -> None:
    _, round_ = mathematico_round(c)
    table = round_.tables.get()
    grid_entry_open(round=round_, by=c.director)
    grids = [grid_of(round_, seed) for seed in range(3)]

    with django_capture_on_commit_callbacks(execute=True):
        for n in range(3):
            paper_grid_enter(table=table, player=c.players[n], values=grids[n], by=c.users[n])

    table.refresh_from_db()
    game = Game.objects.get(pk=table.game_id)
    assert game.status == Game.Status.FINISHED and game.ply == 75
    assert [s.score for s in game.seats.order_by("position")] == [
        board_total(grids[n]) for n in range(3)
    ]
    result = table.results.get(status=Result.Status.CONFIRMED)
    assert result.source == Result.Source.GAME
    assert result.scores == {str(c.players[n].pk): board_total(grids[n]) for n in range(3)}
    assert table_grids(table).missing == []


def test_the_director_sees_who_has_not_entered(c: Cast) -> None:
    event, round_ = mathematico_round(c)
    table = round_.tables.get()
    grid_entry_open(round=round_, by=c.director)
    paper_grid_enter(table=table, player=c.players[1], values=grid_of(round_, 1), by=c.users[1])

    grids = table_grids(table)
    assert grids.entered == [c.players[1]]
    assert grids.missing == [c.players[0], c.players[2]]
    page = director_client(c).get(f"/events/{c.club.slug}/{event.slug}/").content.decode()
    assert "Not yet entered (2): Player 00, Player 02." in page


def test_a_wrong_grid_is_refused_with_the_players_name_and_nothing_is_stored(c: Cast) -> None:
    _, round_ = mathematico_round(c)
    table = round_.tables.get()
    grid_entry_open(round=round_, by=c.director)
    grid = grid_of(round_, 0)
    grid[0] = grid[1] if grid[0] != grid[1] else grid[2]

    with pytest.raises(
        DomainError, match=r"^Player 00's grid does not hold the values of the draw: you have"
    ):
        paper_grid_enter(table=table, player=c.players[0], values=grid, by=c.users[0])
    assert not PaperGrid.objects.exists()


def test_a_player_cannot_enter_someone_elses_grid(c: Cast) -> None:
    _, round_ = mathematico_round(c)
    grid_entry_open(round=round_, by=c.director)

    with pytest.raises(
        NotAllowed, match="you can enter only your own grid: Player 01 enters theirs"
    ):
        paper_grid_enter(
            table=round_.tables.get(), player=c.players[1], values=grid_of(round_, 1), by=c.users[0]
        )
    assert not PaperGrid.objects.exists()


def test_someone_not_at_the_table_is_refused(c: Cast) -> None:
    _, round_ = mathematico_round(c)  # players 0..2 play; player 3 has an account, no seat
    grid_entry_open(round=round_, by=c.director)
    table = round_.tables.get()

    with pytest.raises(DomainError, match="Player 03 does not play at table 1 of round 1"):
        paper_grid_enter(table=table, player=c.players[3], values=grid_of(round_, 3), by=c.users[3])
    with pytest.raises(NotAllowed):  # an outsider (another club's director) enters no one's grid
        paper_grid_enter(
            table=table, player=c.players[0], values=grid_of(round_, 0), by=c.other_director
        )
    assert not PaperGrid.objects.exists()


def test_a_round_not_started_takes_no_grid(c: Cast) -> None:
    _, round_ = mathematico_round(c, lock=False)

    with pytest.raises(DomainError, match="round 1 has not started yet"):
        paper_grid_enter(
            table=round_.tables.get(), player=c.players[0], values=grid_of(round_, 0), by=c.director
        )
    assert not PaperGrid.objects.exists()


def test_players_wait_until_the_director_opens_grid_entry_but_the_staff_do_not(c: Cast) -> None:
    _, round_ = mathematico_round(c)
    table = round_.tables.get()

    with pytest.raises(DomainError, match="grid entry is not open yet"):
        paper_grid_enter(table=table, player=c.players[0], values=grid_of(round_, 0), by=c.users[0])
    paper_grid_enter(table=table, player=c.players[0], values=grid_of(round_, 0), by=c.scorekeeper)
    assert table_grids(table).entered == [c.players[0]]


def test_a_grid_cannot_be_entered_twice(c: Cast) -> None:
    _, round_ = mathematico_round(c)
    table = round_.tables.get()
    grid_entry_open(round=round_, by=c.director)
    paper_grid_enter(table=table, player=c.players[0], values=grid_of(round_, 0), by=c.users[0])

    with pytest.raises(DomainError, match="Player 00's grid was already entered"):
        paper_grid_enter(table=table, player=c.players[0], values=grid_of(round_, 5), by=c.users[0])
    assert PaperGrid.objects.get().values == grid_of(round_, 0)


def test_only_the_staff_open_grid_entry(c: Cast) -> None:
    _, round_ = mathematico_round(c)

    with pytest.raises(NotAllowed):
        grid_entry_open(round=round_, by=c.users[0])


# --- the page ----------------------------------------------------------------------------------


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def director_client(c: Cast) -> Client:
    return client_of(c.director)


def grid_post(values: list[int | str]) -> dict[str, str]:
    return {cell: str(value) for cell, value in zip(CELLS, values, strict=True)}


def test_the_page_keeps_a_refused_grid_and_says_why(c: Cast) -> None:
    event, round_ = mathematico_round(c)
    table: Table = round_.tables.get()
    grid_entry_open(round=round_, by=c.director)
    url = f"/events/{c.club.slug}/{event.slug}/tables/{table.pk}/grid/"
    grid: list[int | str] = list(grid_of(round_, 0))
    grid[3] = 14

    answer = client_of(c.users[0]).post(url, grid_post(grid))

    assert answer.status_code == 400
    page = answer.content.decode()
    assert "cell d1 needs a value 1 to 13" in page
    assert 'name="d1" value="14"' in page  # what was typed is kept
    assert not PaperGrid.objects.exists()


def test_the_page_enters_the_players_own_grid(c: Cast) -> None:
    event, round_ = mathematico_round(c)
    table = round_.tables.get()
    grid_entry_open(round=round_, by=c.director)
    url = f"/events/{c.club.slug}/{event.slug}/tables/{table.pk}/grid/"

    answer = client_of(c.users[2]).post(url, grid_post(list(grid_of(round_, 2))), follow=True)

    assert "Player 02&#x27;s grid is entered." in answer.content.decode()
    assert PaperGrid.objects.get().player == c.players[2]


def test_the_grid_page_does_not_show_the_draw_to_a_player(c: Cast) -> None:
    event, round_ = mathematico_round(c)
    table = round_.tables.get()
    url = f"/events/{c.club.slug}/{event.slug}/tables/{table.pk}/grid/"

    page = client_of(c.users[0]).get(url).content.decode()

    assert "Grid entry is not open yet" in page
    assert " ".join(str(v) for v in round_.cards) not in page


def test_the_staff_enter_a_players_grid_from_the_page(c: Cast) -> None:
    event, round_ = mathematico_round(c)  # grid entry not opened: the staff may still enter
    table = round_.tables.get()
    url = f"/events/{c.club.slug}/{event.slug}/tables/{table.pk}/grid/"
    client = client_of(c.scorekeeper)

    page = client.get(f"{url}?player={c.players[1].pk}").content.decode()
    assert "Player 01's finished grid" in page
    values = grid_post(list(grid_of(round_, 1)))
    client.post(url, {**values, "player": str(c.players[1].pk)})

    assert PaperGrid.objects.get().player == c.players[1]
    assert PaperGrid.objects.get().entered_by == c.scorekeeper
