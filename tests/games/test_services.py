"""Recording games live through the services: every move judged, nothing half-stored."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from clubs.models import Membership, Player
from games import services
from games.engine import live
from games.engine.record import read_records
from games.errors import GameClosed, GameError, IllegalMove, StalePly
from games.models import Game, Move, Seat
from games.selectors import game_export_mgn, game_view
from tests.factories import EventFactory, MembershipFactory, PlayerFactory
from tests.games.helpers import NAMES, Cast, live_matrio, matrio_tokens, record

pytestmark = pytest.mark.django_db


def play_all(game: Game, tokens: list[str], by: object = None) -> Game:
    for ply, token in enumerate(tokens):
        game = services.game_record_move(game_id=game.pk, token=token, expected_ply=ply, by=by).game
    return game


def test_it_starts_a_live_game_with_its_seats_and_date(cast: Cast) -> None:
    game = live_matrio(cast)

    assert (game.kind, game.status, game.source, game.ply) == ("matrio", "live", "live", 0)
    assert game.recorder == cast.user("scorekeeper")
    seats = list(game.seats.order_by("position").values_list("role", "name"))
    assert seats == list(zip(("P1", "P2", "P3", "P4"), NAMES, strict=True))
    assert game.tag("P1") == "Ann" and game.tag("Date") == game.played_on.strftime("%Y.%m.%d")


def test_new_names_become_club_members_and_known_names_are_matched(cast: Cast) -> None:
    known = PlayerFactory(name="Ann")
    MembershipFactory(club=cast.club, player=known)

    game = live_matrio(cast)

    seat = game.seats.get(position=1)
    assert seat.player == known
    ben = Player.objects.get(name="Ben")
    assert ben.memberships.filter(club=cast.club, role=Membership.Role.PLAYER).exists()


def test_a_bad_setup_is_refused_with_the_engines_sentence(cast: Cast) -> None:
    with pytest.raises(GameError, match=r'\[Opening "7H"\] must be "2C"'):
        services.game_create(
            club=cast.club,
            kind="matrio",
            players=[services.SeatInput(name=n) for n in NAMES],
            tags={"Opening": "7H"},
        )

    assert Game.objects.count() == 0


def test_an_event_of_another_game_or_club_is_refused(cast: Cast) -> None:
    event = EventFactory(club=cast.other_club, game="matrio")

    with pytest.raises(GameError, match="is not a matrio event of Home Club"):
        live_matrio(cast, event=event)


def test_a_legal_move_is_stored_canonically(cast: Cast) -> None:
    game = live_matrio(cast)

    recorded = services.game_record_move(game_id=game.pk, token="2c-c2", expected_ply=0)

    assert recorded.game.ply == 1
    assert list(Move.objects.values_list("ply", "token")) == [(1, "2C>C2C")]


def test_an_illegal_move_is_refused_with_ply_and_legal_moves_and_nothing_is_stored(
    cast: Cast,
) -> None:
    game = live_matrio(cast)

    with pytest.raises(IllegalMove) as refused:
        services.game_record_move(game_id=game.pk, token="3C>C1C", expected_ply=0)

    assert refused.value.json()["message"].startswith("ply 1 (P1): the game opens with the 2")
    assert refused.value.ply == 1 and "2C>C1C" in refused.value.legal
    game.refresh_from_db()
    assert game.ply == 0 and not Move.objects.exists()


def test_a_stale_expected_ply_is_refused(cast: Cast) -> None:
    game = live_matrio(cast)
    services.game_record_move(game_id=game.pk, token="2C>C2C", expected_ply=0)

    with pytest.raises(StalePly) as stale:
        services.game_record_move(game_id=game.pk, token="3C>C2C", expected_ply=0)

    assert stale.value.status == 409
    assert stale.value.json()["message"].startswith("the game moved on to ply 1")
    assert Move.objects.count() == 1


def test_the_database_refuses_a_second_move_at_the_same_ply(cast: Cast) -> None:
    game = live_matrio(cast)
    services.game_record_move(game_id=game.pk, token="2C>C2C", expected_ply=0)

    with pytest.raises(IntegrityError), transaction.atomic():
        Move.objects.create(game=game, ply=1, token="3C>C2C", at=game.created)


def test_the_last_move_finishes_the_game_with_scores_ranks_and_its_record(cast: Cast) -> None:
    tokens = matrio_tokens(3)
    game = play_all(live_matrio(cast), tokens)

    assert game.status == "finished" and game.finished_at is not None
    replay = live.from_record(read_records(record("matrio", 3))[0]).summary
    seats = {s.role: s for s in Seat.objects.filter(game=game)}
    for role, score in replay.scores.items():
        assert seats[role].score == score
        assert seats[role].withdrawn is (score is None)
        assert seats[role].winner is (role in replay.winners)
    assert {s.rank for s in seats.values() if s.winner} == {1}
    mgn = game_export_mgn(game=game)
    assert game.mgn_hash == services.mgn_hash(mgn)
    assert mgn.split("\n\n")[1] == record("matrio", 3).split("\n\n")[1]


def test_a_finished_game_takes_no_more_moves(cast: Cast) -> None:
    tokens = matrio_tokens(4)
    game = play_all(live_matrio(cast), tokens)

    with pytest.raises(GameClosed, match="finished"):
        services.game_record_move(game_id=game.pk, token="2C>C2C", expected_ply=len(tokens))


def test_undo_takes_back_the_last_move_and_reopens_a_finished_game(cast: Cast) -> None:
    tokens = matrio_tokens(5)
    game = play_all(live_matrio(cast), tokens)

    undone = services.game_undo(game_id=game.pk, expected_ply=len(tokens))

    game.refresh_from_db()
    assert (game.status, game.ply, game.mgn_hash, game.result) == (
        "live",
        len(tokens) - 1,
        None,
        {},
    )
    assert undone.live.tokens == tuple(Move.objects.values_list("token", flat=True))
    assert not Seat.objects.filter(game=game, winner=True).exists()
    again = services.game_record_move(game_id=game.pk, token=tokens[-1], expected_ply=game.ply)
    assert again.game.status == "finished"


def test_undo_needs_the_current_ply_and_a_move(cast: Cast) -> None:
    game = live_matrio(cast)

    with pytest.raises(GameError, match="no move to undo"):
        services.game_undo(game_id=game.pk, expected_ply=0)
    with pytest.raises(StalePly):
        services.game_undo(game_id=game.pk, expected_ply=3)


def test_an_abandoned_game_takes_no_moves(cast: Cast) -> None:
    game = live_matrio(cast)

    services.game_abandon(game_id=game.pk)

    game.refresh_from_db()
    assert game.status == "abandoned"
    with pytest.raises(GameClosed):
        services.game_record_move(game_id=game.pk, token="2C>C2C", expected_ply=0)


def test_the_view_shows_any_ply(cast: Cast) -> None:
    game = play_all(live_matrio(cast), matrio_tokens(6)[:10])

    start, now = game_view(game=game, ply=0), game_view(game=game)

    assert start["ply"] == 0 and start["to_move"] == "P1" and start["last"] is None
    assert now["ply"] == now["plies"] == 10
    assert sum(tray["depth"] for tray in now["board"]["trays"]) == 10


@pytest.mark.parametrize("kind", ["mathematico", "matrix-overload", "integer-matrix"])
def test_every_game_kind_can_be_recorded_live(cast: Cast, kind: str) -> None:
    imported = live.from_record(read_records(record(kind, 11))[0])
    source = imported.game
    tags = [(n, v) for n, v in source.tags if n not in ("Player", "Negative", "Positive")]
    started = services.game_create(
        club=cast.club,
        kind=kind,
        players=[services.SeatInput(name=name) for name in source.players],
        tags=[*tags, ("Date", "2026.11.20")],
    )

    game = play_all(started.game, list(source.tokens))

    assert game.status == ("finished" if imported.summary.finished else "live")
    assert game_export_mgn(game=game).split("\n\n", 1)[1] == imported.mgn.split("\n\n", 1)[1]


def test_an_overload_abandon_token_can_be_undone_but_an_abandoned_game_cannot(cast: Cast) -> None:
    source = live.from_record(read_records(record("matrix-overload", 3))[0]).game
    started = services.game_create(
        club=cast.club,
        kind="matrix-overload",
        players=[services.SeatInput(name="Solo")],
        tags=[(n, v) for n, v in source.tags if n != "Player"],
    )
    game = play_all(started.game, [*source.tokens[:5], "ABANDON"])
    assert game.status == "abandoned"

    services.game_undo(game_id=game.pk, expected_ply=6)
    services.game_abandon(game_id=game.pk)

    game.refresh_from_db()
    assert (game.status, game.ply) == ("abandoned", 5)
    with pytest.raises(GameClosed, match="abandoned"):
        services.game_undo(game_id=game.pk, expected_ply=5)
