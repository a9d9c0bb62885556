"""A whole MatriO club night in headless Chromium (#13): the director creates the event on the
site, checks in 12 members and seats three rounds on a desktop; on phones, a scorekeeper
records a table live (the last moves by taps, a slip taken back after the end), two players
report and confirm a table, two others dispute one that the director settles; the director
types the rest. The night ends with the final standings and the players' new ratings."""

from __future__ import annotations

import re
from typing import Any

import pytest

from analytics.models import Rating
from analytics.ratings import services as ratings
from games import services as games
from games.engine.matrio import random_game
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
    table_card,
    type_table,
    typed_saved,
)
from tournaments.models import Event, Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEED = 7
TAPPED = 2  # the last moves, tapped on the scorekeeper's phone


def seeded_game() -> tuple[list[tuple[str, str]], list[str]]:
    """The opening and hands of a seeded random MatriO game, and its moves."""
    header, moves = str(random_game(SEED)).split("\n\n", 1)
    tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', header, re.MULTILINE))
    return [(name, tags[name]) for name in ("Opening", "Hand1", "Hand2", "Hand3", "Hand4")], (
        moves.split()
    )


def tap(page: Any, token: str, ply: int) -> None:
    card, tray = token.rstrip("+").split(">")
    page.locator(f'.hand [data-card="{card}"]').click()
    page.locator(f'button[data-tray="{tray}"]').click()
    page.wait_for_selector(f'#board-frame .board-root[data-ply="{ply}"]')


def test_a_matrio_club_night_from_the_events_page_to_the_new_ratings(
    open_page: OpenPage, live_server: Any
) -> None:
    c = club_night_cast(12)
    director, traffic = director_page(open_page, live_server, c)
    create_event(director, "Friday Night MatriO", "matrio", rounds=3)
    event = Event.objects.get(name="Friday Night MatriO")
    base = f"{live_server.url}/events/{event.club.slug}/{event.slug}/"
    check_in(director, c)
    assert event.entries.filter(checked_in=True).count() == 12

    # Round 1 -----------------------------------------------------------------------------
    seat_round(director, 1)
    round_1 = event.rounds.get(number=1)
    live_table, _, reported_table = round_1.tables.order_by("number")

    # table 1, live: started and most moves through the API's service, the last ones tapped
    tags, moves = seeded_game()
    game = games.game_create(
        club=c.club, kind="matrio", tags=tags, event=event, round_number=1, table_number=1,
        players=[games.SeatInput(player=p) for p in seated(live_table)], by=c.scorekeeper,
    ).game  # fmt: skip
    for ply, token in enumerate(moves[:-TAPPED]):
        games.game_record_move(game_id=game.pk, token=token, expected_ply=ply, by=c.scorekeeper)
    keeper, keeper_traffic = phone_page(open_page, live_server, c.scorekeeper)
    keeper.goto(f"{live_server.url}/games/{game.pk}/")
    assert fits_the_phone(keeper)
    for ply in range(len(moves) - TAPPED, len(moves)):
        tap(keeper, moves[ply], ply + 1)
    keeper.get_by_text("Game over").wait_for()
    reopen = keeper.get_by_role("button", name="Undo the last move (re-open the game)")
    reopen.wait_for()  # a slip: the last move is taken back after the end, then tapped again
    shot(keeper, "matrio-live-finished-phone")
    reopen.click()
    keeper.get_by_text("The game is open again").wait_for()
    assert Game.objects.get(pk=game.pk).status == Game.Status.LIVE
    tap(keeper, moves[-1], len(moves))
    keeper.get_by_text("Game over").wait_for()
    keeper.get_by_role("link", name="its event, round and table").click()
    keeper.get_by_role("heading", name="Round 1, table 1").wait_for()
    assert keeper.get_by_text("Recorded game").first.is_visible()

    # table 2, typed by the director: a slip in one box is refused, every box kept
    scores = ["120", "12a", "80", "-10"]
    type_table(director, 1, 2, scores)
    director.get_by_text("score “12a” is not a whole number").first.wait_for()
    boxes = table_card(director, 2).get_by_role("textbox")
    assert [boxes.nth(n).input_value() for n in range(4)] == scores
    shot(director, "matrio-console-refused")
    type_table(director, 1, 2, ["120", "125", "80", "-10"])
    typed_saved(director, 1, 2)

    # table 3: its first player reports on a phone, the second confirms from their list
    first, second = seated(reported_table)[:2]
    reporter, _ = phone_page(open_page, live_server, first.user)
    reporter.goto(f"{base}tables/{reported_table.pk}/")
    for n, person in enumerate(seated(reported_table)):
        reporter.get_by_label(re.compile(re.escape(person.name))).fill(str(200 - 50 * n))
    shot(reporter, "matrio-report-phone")
    assert fits_the_phone(reporter)
    reporter.get_by_role("button", name="Report the result").click()
    reporter.get_by_text("Result of table 3 saved").wait_for()
    confirmer, _ = phone_page(open_page, live_server, second.user)
    confirmer.goto(f"{live_server.url}/events/my-tables/")
    confirmer.get_by_role("link", name=re.compile("round 1, table 3")).click()
    shot(confirmer, "matrio-confirm-phone")
    confirmer.get_by_role("button", name="Confirm these scores").click()
    confirmer.get_by_text("your answer is recorded").wait_for()

    finish_round(director, 1)
    sources = {r.table.number: r.source for r in Result.objects.filter(status="confirmed")}
    assert sources == {1: "game", 2: "staff", 3: "reported"}

    # Round 2: a disputed report, settled by the director; the rest typed ------------------
    seat_round(director, 2)
    disputed = event.rounds.get(number=2).tables.get(number=1)
    first, second = seated(disputed)[:2]
    reporter, _ = phone_page(open_page, live_server, first.user)
    reporter.goto(f"{base}tables/{disputed.pk}/")
    for n, person in enumerate(seated(disputed)):
        reporter.get_by_label(re.compile(re.escape(person.name))).fill(str(10 * (4 - n)))
    reporter.get_by_role("button", name="Report the result").click()
    reporter.get_by_text("Result of table 1 saved").wait_for()
    disputer, _ = phone_page(open_page, live_server, second.user)
    disputer.goto(f"{live_server.url}/events/my-tables/")
    disputer.get_by_role("link", name=re.compile("round 2, table 1")).click()
    disputer.get_by_text("Dispute (why?)").click()
    disputer.get_by_label("What is wrong with these scores?").fill("I scored 90, not 30")
    disputer.get_by_role("button", name="Send the dispute to the director").click()
    disputer.get_by_text("your answer is recorded").wait_for()
    for table in (2, 3):
        type_table(director, 2, table, ["90", "60", "30", "0"])
        typed_saved(director, 2, table)
    director.get_by_text("I scored 90, not 30").wait_for()  # the note, in the console
    director.get_by_role("link", name="round 2 table 1").click()
    director.get_by_text("I scored 90, not 30").wait_for()
    for n, person in enumerate(seated(disputed)):
        director.get_by_label(re.compile(re.escape(person.name))).fill(["40", "90", "20", "10"][n])
    director.get_by_role("button", name="Report the result").click()
    director.get_by_text("Result of table 1 saved").wait_for()
    director.goto(f"{base}console/")
    finish_round(director, 2)

    # Round 3: typed -------------------------------------------------------------------------
    seat_round(director, 3)
    for table in (1, 2, 3):
        type_table(director, 3, table, ["100", "75", "50", "25"])
        typed_saved(director, 3, table)
    finish_round(director, 3)
    director.get_by_text("Finish the event…").click()
    director.get_by_role("button", name="Yes, finish the event").click()
    director.get_by_text("The event is finished.").wait_for()

    # The final standings, and the new ratings (the worker's job, done here as it would) -----
    director.get_by_role("link", name="Public page of Friday Night MatriO").click()
    standings = director.get_by_role("region", name="Standings")
    assert standings.get_by_role("row").count() == 13  # the header and 12 players
    shot(director, "matrio-final-standings")
    counted = Game.objects.filter(event_id=event.pk, status=Game.Status.FINISHED)
    assert counted.count() == 9  # one game a table: the recorded one and eight result-only
    ratings.ratings_process_dirty(kind="matrio")
    rated = Rating.objects.filter(pool="matrio", player__in=c.players)
    assert rated.count() == 12 and {r.games for r in rated} == {3}
    player, _ = phone_page(open_page, live_server, c.users[0])
    mine = rated.get(player=c.players[0])
    player.goto(f"{live_server.url}/analytics/players/{c.players[0].slug}/?game=matrio")
    player.get_by_text(str(mine.display), exact=False).first.wait_for()
    shot(player, "matrio-player-rating-phone")
    assert fits_the_phone(player)

    for seen in (traffic, keeper_traffic):
        assert seen.external == []
        assert all(status < 500 for status in seen.responses.values()), seen.responses
