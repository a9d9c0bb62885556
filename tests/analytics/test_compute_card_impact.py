"""MatriO card impact and seat effects, checked against numbers computed by hand."""

from __future__ import annotations

import pytest

from analytics.compute.card_impact import card_impact, card_impact_of
from analytics.compute.card_sample import RECORD, pack, sample_of, unpack
from analytics.compute.matrio_games import MatrioGame, Placement, read_matrio
from games.engine.matrio import random_game
from games.engine.matrio.cards import DECK

PLAYERS = ("a", "b", "c", "d")


def qs(ply: int, seat: int, tray: str, on_empty: bool, board: int, mover: int) -> Placement:
    return Placement(ply, seat, "QS", tray, on_empty, 0, board, mover)


# Three games; the queen of spades is held by P1, then P2, then P4.
GAMES = [
    MatrioGame("g1", PLAYERS, (100, 50, None, 20), (qs(5, 0, "R1S", True, 0, 0),), {"QS": 0}),
    MatrioGame("g2", PLAYERS, (10, 80, 30, 40), (qs(30, 1, "C2H", False, 130, 65),), {"QS": 1}),
    MatrioGame("g3", PLAYERS, (0, 0, 60, None), (), {"QS": 3}),
]


def test_score_when_held_against_not_held_is_the_difference_of_the_means() -> None:
    card = card_impact(GAMES, min_games=1, resamples=200).card("QS")
    # held: 100 (g1), 80 (g2); the holder withdrew in g3, so no score there
    assert card.score_held.value == 90.0 and card.score_held.n == 2
    # not held: 50, 20 | 10, 30, 40 | 0, 0, 60  (the withdrawn P3 of g1 has no score)
    assert card.score_not_held.value == 210 / 8 and card.score_not_held.n == 8
    assert card.score_diff.value == pytest.approx(90 - 210 / 8)


def test_win_rate_and_place_when_held_count_withdrawn_holders_as_last() -> None:
    card = card_impact(GAMES, min_games=1, resamples=200).card("QS")
    assert card.games == 3
    assert card.win_held.value == pytest.approx(2 / 3)  # won g1 and g2
    assert card.win_not_held.value == pytest.approx(1 / 9)  # P3 in g3
    assert card.rank_held.value == pytest.approx((1 + 1 + 4) / 3)
    assert card.rank_not_held.value == pytest.approx((2 + 4 + 3 + 4 + 3 + 2 + 2 + 2 + 1) / 9)
    assert card.win_diff.value == pytest.approx(2 / 3 - 1 / 9)


def test_what_a_card_did_when_played() -> None:
    card = card_impact(GAMES, min_games=1, resamples=200).card("QS")
    assert card.board_delta.value == 65.0 and card.board_delta.n == 2
    assert card.mover_delta.value == 32.5
    kinds = dict(card.tray_kinds)
    assert kinds["row empty"].value == 0.5 and kinds["column cover"].value == 0.5
    assert kinds["row cover"].value == 0.0


def test_seat_effects_compare_each_seat_with_the_whole_table() -> None:
    seats = {s.seat: s for s in card_impact(GAMES, resamples=200).seats}
    p1 = seats["P1"]
    assert p1.mean_score.value == pytest.approx(110 / 3)
    assert p1.win_rate.value == pytest.approx(1 / 3)
    assert p1.mean_rank.value == pytest.approx(7 / 3)
    # all finishers: 390 points over 10 scores; three wins over twelve seats
    assert p1.score_advantage.value == pytest.approx(110 / 3 - 39)
    assert p1.win_advantage.value == pytest.approx(1 / 3 - 1 / 4)
    assert seats["P4"].withdrawn_rate.value == pytest.approx(1 / 3)


def test_cards_with_too_few_games_are_shown_as_such_and_not_ranked() -> None:
    report = card_impact(GAMES, min_games=4, resamples=50)
    assert not report.card("QS").enough and report.card("QS").rank is None
    assert report.card("KS").games == 0 and report.card("KS").score_held.value is None
    assert all(card.rank is None for card in report.cards)


def test_every_number_has_an_interval_and_a_sample_size() -> None:
    games = [read_matrio(random_game(s), game_id=f"{s:03d}") for s in range(60)]
    report = card_impact(games, min_games=30, resamples=200)
    card = report.card("KS")
    for estimate in (card.score_diff, card.win_held, card.rank_diff, card.mover_delta):
        assert estimate.low is not None and estimate.high is not None
        assert estimate.low <= estimate.value <= estimate.high  # type: ignore[operator]
        assert estimate.n > 0
    ranked = [c for c in report.cards if c.rank is not None]
    assert [c.rank for c in ranked] == list(range(1, len(ranked) + 1))
    diffs = [c.score_diff.value or 0.0 for c in ranked]
    assert diffs == sorted(diffs, reverse=True)
    assert report.card("2C").rank is None and report.card("2C").note is not None


def test_the_report_does_not_depend_on_the_order_of_the_games() -> None:
    assert card_impact(GAMES, resamples=100) == card_impact(GAMES[::-1], resamples=100)


def test_a_packed_game_keeps_what_card_impact_reads() -> None:
    record = unpack(pack(GAMES[0]))[0]
    assert len(pack(GAMES[0])) == RECORD.itemsize
    qs, ks = DECK.index("QS"), DECK.index("KS")
    assert record["holder"][qs] == 0 and record["holder"][ks] == -1  # KS: holder unknown
    assert record["kind"][qs] == 0 and record["kind"][ks] == -1  # row empty; not played
    assert record["rank"].tolist() == [1, 2, 4, 3]  # the withdrawn P3 ranks last
    assert record["scored"].tolist() == [1, 1, 0, 1] and record["score"].tolist() == [
        100,
        50,
        0,
        20,
    ]
    assert unpack(b"".join(pack(g) for g in GAMES)).tobytes() == sample_of(GAMES).tobytes()
    with pytest.raises(ValueError, match="bytes each"):
        unpack(pack(GAMES[0])[:-1])


def test_the_report_from_stored_records_equals_the_report_from_the_games() -> None:
    games = [read_matrio(random_game(s), game_id=str(s)) for s in range(12)]
    stored = b"".join(pack(g) for g in sorted(games, key=lambda g: int(g.game_id)))
    assert card_impact_of(unpack(stored), resamples=100) == card_impact(games, resamples=100)
