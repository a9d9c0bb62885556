"""A whole Mathematico club night in headless Chromium (#13): nine members, one shared draw a
round. The director creates the event, checks the members in and prints the seating on a
desktop; round 1 is recorded live by a scorekeeper on a phone (the last placements tapped),
round 2 typed by the director, round 3 reported, disputed and settled, round 4 reported and
confirmed by players on phones. The night ends with the standings and the new ratings."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from analytics.models import Rating
from analytics.ratings import services as ratings
from games import services as games
from games.models import Game
from tests.browser import OpenPage
from tests.tournaments.night import (
    check_in,
    club_night_cast,
    create_event,
    director_page,
    finish_round,
    fits_the_phone,
    phone_page,
    seat_round,
    seated,
    shot,
    type_table,
    typed_saved,
)
from tournaments.models import Event, Result, Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CELLS = [f"{column}{row}" for column in "abcde" for row in range(1, 6)]
TAPPED = 2  # the last placements, tapped on the scorekeeper's phone


def progressive_moves(draw: list[int], players: int, seed: int = 3) -> list[str]:
    """The round's draw entered value by value, each player placing it on a free cell."""
    rng = random.Random(seed)
    boards = [rng.sample(CELLS, len(CELLS)) for _ in range(players)]
    moves = []
    for index, value in enumerate(draw):
        moves.append(f"={value}")
        moves.extend(board[index] for board in boards)
    return moves


def score_table(page: Any, table: Table, scores: list[int]) -> None:
    for person, score in zip(seated(table), scores, strict=True):
        page.get_by_label(re.compile(re.escape(person.name))).fill(str(score))


def test_a_mathematico_club_night_with_shared_draws(open_page: OpenPage, live_server: Any) -> None:
    c = club_night_cast(9)
    director, traffic = director_page(open_page, live_server, c)
    create_event(director, "Mathematico Monday", "mathematico", rounds=4)
    event = Event.objects.get(name="Mathematico Monday")
    base = f"{live_server.url}/events/{event.club.slug}/{event.slug}/"
    check_in(director, c)

    # Round 1, recorded live: the draw and most placements through the API's service --------
    seat_round(director, 1)
    table = event.rounds.get(number=1).tables.get()
    assert len(seated(table)) == 9  # the whole field plays one draw
    draw = [int(value) for value in event.rounds.get(number=1).cards]
    moves = progressive_moves(draw, 9)
    game = games.game_create(
        club=c.club, kind="mathematico", event=event, round_number=1, table_number=1,
        players=[games.SeatInput(player=p) for p in seated(table)], by=c.scorekeeper,
    ).game  # fmt: skip
    for ply, token in enumerate(moves[:-TAPPED]):
        games.game_record_move(game_id=game.pk, token=token, expected_ply=ply, by=c.scorekeeper)
    keeper, keeper_traffic = phone_page(open_page, live_server, c.scorekeeper)
    keeper.goto(f"{live_server.url}/games/{game.pk}/")
    for ply in range(len(moves) - TAPPED, len(moves)):
        keeper.locator(f'#board-frame button[data-token="{moves[ply]}"]').click()
        keeper.wait_for_selector(f'#board-frame .board-root[data-ply="{ply + 1}"]')
    keeper.get_by_text("Game over").wait_for()
    keeper.get_by_role("button", name="Undo the last move (re-open the game)").wait_for()
    shot(keeper, "mathematico-live-finished-phone")
    assert fits_the_phone(keeper)  # the 9 line-score tables scroll on their own
    keeper.get_by_role("link", name="its event, round and table").click()
    keeper.get_by_role("heading", name="Round 1, table 1").wait_for()
    finish_round(director, 1)
    assert table.results.get(status="confirmed").source == Result.Source.GAME

    # Round 2, typed by the director; the printed sheet of the round -------------------------
    seat_round(director, 2)
    table = event.rounds.get(number=2).tables.get()
    director.get_by_role("link", name="Public page of Mathematico Monday").click()
    director.get_by_role("link", name="Printable seating").first.click()  # the newest round
    director.get_by_role("heading", name=re.compile("Round 2 · Table 1")).wait_for()
    sheet = director.locator("section.sheet")
    assert sheet.count() == 1 and sheet.locator("th.sheet-name").count() == 9
    assert sheet.locator("img[src^='data:image/svg+xml']").count() == 1
    director.emulate_media(media="print")
    # the round's draw is not on the tables (waits for the print style sheet to apply)
    expect(sheet.locator("p.no-print")).to_be_hidden()
    shot(director, "mathematico-printed-sheet")
    director.emulate_media(media="screen")
    director.goto(f"{base}console/")
    type_table(director, 2, 1, [str(100 + 5 * n) for n in range(9)])
    typed_saved(director, 2, 1)
    finish_round(director, 2)

    # Round 3: reported, disputed, settled by the director -------------------------------------
    seat_round(director, 3)
    table = event.rounds.get(number=3).tables.get()
    first, second = seated(table)[:2]
    reporter, _ = phone_page(open_page, live_server, first.user)
    reporter.goto(f"{base}tables/{table.pk}/")
    score_table(reporter, table, [90, 80, 70, 60, 50, 40, 30, 20, 10])
    assert fits_the_phone(reporter)
    shot(reporter, "mathematico-report-phone")
    reporter.get_by_role("button", name="Report the result").click()
    reporter.get_by_text("Result of table 1 saved").wait_for()
    disputer, _ = phone_page(open_page, live_server, second.user)
    disputer.goto(f"{live_server.url}/events/my-tables/")
    disputer.get_by_role("link", name=re.compile("round 3, table 1")).click()
    disputer.get_by_text("Dispute (why?)").click()
    disputer.get_by_label("What is wrong with these scores?").fill("my 80 was a 180")
    disputer.get_by_role("button", name="Send the dispute to the director").click()
    disputer.get_by_text("your answer is recorded").wait_for()
    director.reload()
    director.get_by_role("link", name="round 3 table 1").click()
    director.get_by_text("my 80 was a 180").wait_for()
    shot(director, "mathematico-dispute-director")
    director.get_by_role("button", name="Settle: these scores stand").click()
    director.get_by_text("your answer is recorded").wait_for()
    director.goto(f"{base}console/")
    finish_round(director, 3)

    # Round 4: reported and confirmed by two players --------------------------------------------
    seat_round(director, 4)
    table = event.rounds.get(number=4).tables.get()
    first, second = seated(table)[2:4]
    reporter, _ = phone_page(open_page, live_server, first.user)
    reporter.goto(f"{base}tables/{table.pk}/")
    score_table(reporter, table, [15, 25, 35, 45, 55, 65, 75, 85, 95])
    reporter.get_by_role("button", name="Report the result").click()
    reporter.get_by_text("Result of table 1 saved").wait_for()
    confirmer, _ = phone_page(open_page, live_server, second.user)
    confirmer.goto(f"{live_server.url}/events/my-tables/")
    confirmer.get_by_role("link", name=re.compile("round 4, table 1")).click()
    confirmer.get_by_role("button", name="Confirm these scores").click()
    confirmer.get_by_text("your answer is recorded").wait_for()
    director.reload()
    finish_round(director, 4)
    director.get_by_text("Finish the event…").click()
    director.get_by_role("button", name="Yes, finish the event").click()
    director.get_by_text("The event is finished.").wait_for()

    # Standings and ratings ---------------------------------------------------------------------
    director.get_by_role("link", name="Public page of Mathematico Monday").click()
    assert director.get_by_role("region", name="Standings").get_by_role("row").count() == 10
    shot(director, "mathematico-final-standings")
    sources = list(Result.objects.filter(status="confirmed").values_list("source", flat=True))
    assert sorted(sources) == ["game", "reported", "reported", "staff"]
    assert Game.objects.filter(event_id=event.pk, status=Game.Status.FINISHED).count() == 4
    ratings.ratings_process_dirty(kind="mathematico")
    rated = Rating.objects.filter(pool="mathematico", player__in=c.players)
    assert rated.count() == 9 and {r.games for r in rated} == {4}
    for seen in (traffic, keeper_traffic):
        assert seen.external == []
        assert all(status < 500 for status in seen.responses.values()), seen.responses
