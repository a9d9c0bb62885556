"""Typed-in records and imports: every game judged, valid ones stored whole, bad ones reported."""

from __future__ import annotations

import pytest

from clubs.models import Player
from games import services
from games.errors import GameError
from games.models import Game, Move, Seat
from games.selectors import game_export_mgn
from tests.factories import EventFactory, MembershipFactory, PlayerFactory
from tests.games.helpers import Cast, record

pytestmark = pytest.mark.django_db

BAD_MOVE = record("matrio", 2).replace("2C>", "3C>", 1)
BAD_TAG = '[Game "matrio"]\n[P1 "a"]\n[P2 "b"]\n[P3 "c"]\n\n2C>C1C\n'


def test_valid_games_are_stored_and_bad_ones_reported_with_index_line_and_ply(
    cast: Cast,
) -> None:
    text = "\n".join([record("matrio", 1), BAD_MOVE, BAD_TAG, record("mathematico", 1)])

    report = services.games_import_mgn(club=cast.club, text=text)

    outcomes = [(g.index, g.outcome, g.ply) for g in report.games]
    assert outcomes == [
        (0, "stored", None),
        (1, "refused", 1),
        (2, "refused", None),
        (3, "stored", None),
    ]
    bad = report.games[1]
    assert bad.line == text.splitlines().index(BAD_MOVE.splitlines()[-1]) + 1
    assert bad.error is not None and bad.error.startswith("ply 1 (P1): the game opens with the 2")
    assert "P4" in (report.games[2].error or "")
    assert Game.objects.count() == 2 and not report.ok
    json = report.json()
    assert (json["stored"], json["refused"], json["games"]) == (2, 2, 4)


def test_no_game_is_ever_stored_half(cast: Cast) -> None:
    late = record("matrio", 3).rstrip("\n") + " 2C>C1C\n"  # an illegal 53rd move

    report = services.games_import_mgn(club=cast.club, text=late)

    assert report.games[0].outcome == "refused" and report.games[0].ply is not None
    assert not Game.objects.exists() and not Move.objects.exists() and not Seat.objects.exists()


def test_a_dry_run_reports_without_storing(cast: Cast) -> None:
    text = record("matrio", 1, players=("Zed", "Yan", "Xi", "Wu"))

    report = services.games_import_mgn(club=cast.club, text=text, dry_run=True)

    assert [g.outcome for g in report.games] == ["valid"]
    assert report.created_players == ["Zed", "Yan", "Xi", "Wu"]
    assert not Game.objects.exists() and not Player.objects.filter(name="Zed").exists()


def test_importing_the_same_text_twice_stores_nothing_twice(cast: Cast) -> None:
    text = "\n".join(record("integer-matrix", seed) for seed in range(3))
    first = services.games_import_mgn(club=cast.club, text=text)

    second = services.games_import_mgn(club=cast.club, text=text)

    assert first.count("stored") == 3
    assert [g.outcome for g in second.games] == ["duplicate"] * 3 and second.ok
    assert [g.game_id for g in second.games] == [g.game_id for g in first.games]
    assert Game.objects.count() == 3


def test_a_game_given_twice_in_one_text_is_stored_once(cast: Cast) -> None:
    text = record("matrio", 7) + "\n" + record("matrio", 7)

    report = services.games_import_mgn(club=cast.club, text=text)

    assert [g.outcome for g in report.games] == ["stored", "duplicate"]
    assert Game.objects.count() == 1


def test_players_are_matched_by_name_in_the_club_and_new_ones_created(cast: Cast) -> None:
    ann = PlayerFactory(name="Ann  Archer")
    MembershipFactory(club=cast.club, player=ann)
    outsider = PlayerFactory(name="Ben")  # not a member: a new member "Ben" is made
    text = record("matrio", 1, players=("ann archer", "Ben", "Cat", "Ann Archer"))

    report = services.games_import_mgn(club=cast.club, text=text)

    seats = Seat.objects.order_by("position")
    assert seats[0].player_id == ann.pk == seats[3].player_id
    assert seats[1].player_id != outsider.pk
    assert report.created_players == ["Ben", "Cat"]


def test_event_round_table_and_date_come_from_the_tags(cast: Cast) -> None:
    event = EventFactory(club=cast.club, name="Autumn League", game="matrio")
    tags = {"Event": "autumn league", "Round": "3", "Table": "2", "Date": "2026.10.03"}

    services.games_import_mgn(club=cast.club, text=record("matrio", 1, tags=tags))

    game = Game.objects.get()
    assert (game.event_id, game.round_number, game.table_number) == (event.pk, 3, 2)
    assert game.played_on.isoformat() == "2026-10-03" and game.source == "typed"


def test_result_only_records_are_stored_as_such(cast: Cast) -> None:
    text = (
        '[Game "matrio"]\n[P1 "a"]\n[P2 "b"]\n[P3 "c"]\n[P4 "d"]\n'
        '[Result "P1: 10; P2: WD; P3: 30; P4: 30"]\n'
    )

    services.games_import_mgn(club=cast.club, text=text)

    game = Game.objects.get()
    assert (game.source, game.status, game.ply) == ("result-only", "finished", 0)
    seats = list(game.seats.order_by("position").values_list("score", "rank", "withdrawn"))
    assert seats == [(10, 3, False), (None, 4, True), (30, 1, False), (30, 1, False)]
    assert game_export_mgn(game=game) == text


def test_an_unfinished_record_becomes_a_live_game_that_goes_on(cast: Cast) -> None:
    full = record("matrio", 8)
    header, moves = full.split("\n\n")
    tokens = moves.split()
    partial = header.replace(header.splitlines()[-1], '[Result "*"]') + "\n\n"
    partial += " ".join(tokens[:20]) + "\n"

    services.games_import_mgn(club=cast.club, text=partial)

    game = Game.objects.get()
    assert (game.status, game.ply) == ("live", 20)
    services.game_record_move(game_id=game.pk, token=tokens[20], expected_ply=20)


def test_a_form_result_only_game_is_judged_like_a_record(cast: Cast) -> None:
    game = services.game_result_only_create(
        club=cast.club,
        kind="integer-matrix",
        players=[services.SeatInput(name="Neg"), services.SeatInput(name="Pos")],
        result={"negative": -15, "positive": 16},
    )

    assert game.source == "result-only" and game.tag("Result") == "negative: -15; positive: 16"
    assert list(game.seats.values_list("role", "winner")) == [
        ("negative", False),
        ("positive", True),
    ]
    with pytest.raises(GameError, match="cannot be read"):
        services.game_result_only_create(
            club=cast.club,
            kind="mathematico",
            players=[services.SeatInput(name="Al")],
            result={"Al": None},
        )
