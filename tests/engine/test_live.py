"""Live entry over the four engines (``games.engine.live``): pure, no database."""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import live, registry
from games.engine.core import IllegalMoveError, RecordError
from games.engine.record import read_records

KINDS = ("matrio", "mathematico", "matrix-overload", "integer-matrix")
NAMES = ("Ann", "Ben", "Cat", "Dan")


def record(kind: str, seed: int) -> str:
    module: Any = importlib.import_module(registry.MODULES[kind])
    return str(module.random_game(seed))


def imported(kind: str, seed: int) -> live.Imported:
    return live.from_record(read_records(record(kind, seed))[0])


def replayed_live(found: live.Imported) -> live.LiveGame:
    """The same game entered token by token from a fresh start."""
    game = found.game
    tags = [(n, v) for n, v in game.tags if n not in ("P1", "P2", "P3", "P4", "Player")]
    tags = [(n, v) for n, v in tags if n not in ("Negative", "Positive")]
    playing = live.start(game.kind, tags, game.players)
    for token in game.tokens:
        playing = live.play(playing, token)
    return playing


@settings(max_examples=12, deadline=None)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 10_000))
def test_a_game_entered_live_writes_the_engines_canonical_record(kind: str, seed: int) -> None:
    found = imported(kind, seed)

    playing = replayed_live(found)

    assert found.mgn == record(kind, seed)
    assert live.to_mgn(found.game) == found.mgn
    assert live.to_mgn(playing) == found.mgn
    assert playing.tokens == found.game.tokens
    assert live.summary(playing).json() | {"result_only": False} == found.summary.json()


@pytest.mark.parametrize("kind", KINDS)
def test_the_view_is_json_at_every_ply(kind: str) -> None:
    game = imported(kind, 3).game
    keys = {
        "kind", "ply", "plies", "finished", "abandoned", "result_only", "players", "to_move",
        "expect", "scores", "winners", "withdrawn", "ranks", "last", "legal", "board", "details",
    }  # fmt: skip

    views = [live.view(game, ply) for ply in range(0, game.plies + 1, 7)]

    for view in views:
        assert set(view) == keys
        json.dumps(view)
    assert views[0]["last"] is None and views[0]["ply"] == 0
    assert live.view(game)["finished"] is live.summary(game).finished
    with pytest.raises(live.LiveError, match="there is no ply"):
        live.view(game, game.plies + 1)


def test_the_matrio_view_shows_trays_cells_markers_hands_and_legal_by_card() -> None:
    game = imported("matrio", 5).game
    won_at = next(i for i, t in enumerate(game.tokens, 1) if t.endswith("+"))

    view = live.view(game, won_at)

    board = view["board"]
    assert len(board["trays"]) == 24 and len(board["cells"]) == 9
    assert sum(tray["depth"] for tray in board["trays"]) == won_at
    assert len(board["won"]) == game.tokens[won_at - 1].count("+")
    assert sum(hand["left"] for hand in board["hands"].values()) <= 52 - won_at
    assert all(hand["cards"] is not None for hand in board["hands"].values())
    card, trays = next(iter(view["legal"].items()))
    assert live.play(live.resume("matrio", game.tags, game.players, game.tokens[:won_at]),
                     f"{card}>{trays[0]}")  # fmt: skip


def test_a_refused_move_names_the_live_ply_the_engines_sentence_and_the_legal_moves() -> None:
    game = live.start("matrio", {}, NAMES)

    with pytest.raises(IllegalMoveError) as refused:
        live.play(game, "3C>C1C")

    assert refused.value.ply == 1 and refused.value.player == "P1"
    assert "the game opens with the 2 of clubs" in refused.value.sentence
    assert "2C>C1C" in refused.value.legal
    with pytest.raises(IllegalMoveError, match="marks it with 2"):
        live.play(game, "2C>C1C++")


def test_tokens_are_stored_canonically_and_undo_takes_the_last_back() -> None:
    game = live.play(live.start("matrio", {}, NAMES), "2c-c2")

    assert game.tokens == ("2C>C2C",)
    assert live.undo(game).tokens == ()
    with pytest.raises(live.LiveError, match="no move to undo"):
        live.undo(live.undo(game))


def test_mathematico_draws_then_cells_checked_by_the_engine() -> None:
    game = live.start("mathematico", {}, ["al", "bo"])
    assert live.view(game)["expect"] == "draw"

    for token in ("=7", "c3", "d4", "=q"):
        game = live.play(game, token)

    assert game.tokens == ("=7", "c3", "d4", "=12")
    view = live.view(game)
    assert (view["to_move"], view["board"]["value"], view["board"]["card"]) == ("al", 12, 2)
    with pytest.raises(IllegalMoveError, match="c3 already holds the 7") as taken:
        live.play(game, "c3")
    assert taken.value.ply == 5 and "c3" not in taken.value.legal
    with pytest.raises(IllegalMoveError, match="still being placed"):
        live.play(game, "=3")


def test_mathematico_refuses_a_fifth_copy_of_a_value() -> None:
    game = live.start("mathematico", {}, ["solo"])
    for cell in ("a1", "a2", "a3", "a4"):
        game = live.play(live.play(game, "=9"), cell)

    with pytest.raises(IllegalMoveError, match="draws the 9 5 times") as refused:
        live.play(game, "=9")

    assert refused.value.ply == 9 and "=9" not in refused.value.legal


def test_mathematico_progressive_and_upfront_deals_give_the_same_record() -> None:
    found = imported("mathematico", 4)
    n = len(found.game.players)
    deal = next(v for k, v in found.game.tags if k == "Deal").split()
    tags = [(k, v) for k, v in found.game.tags if k != "Deal"]
    game = live.start("mathematico", tags, found.game.players)

    for card, value in enumerate(deal):
        game = live.play(game, f"={value}")
        for token in found.game.tokens[card * n : (card + 1) * n]:
            game = live.play(game, token)

    assert live.to_mgn(game) == found.mgn
    assert game.plies == 25 * (n + 1)


def test_an_unfinished_mathematico_game_is_written_as_a_partial_record() -> None:
    game = live.play(live.play(live.start("mathematico", {}, ["al"]), "=3"), "b2")

    text = live.to_mgn(game)

    assert "{unfinished: 2 plies recorded so far}" in text and "al: b2" in text
    with pytest.raises(RecordError):
        live.from_record(read_records(text)[0])


def test_overload_setup_placements_are_plies_and_equal_a_setup_tag() -> None:
    found = imported("matrix-overload", 1)
    tags = dict(found.game.tags)
    setup = [t for t in found.game.tokens if ">" in t]
    assert setup, "seed 1 meets royals while dealing"

    started = live.start("matrix-overload", tags, found.game.players)
    with_tag = live.start("matrix-overload", {**tags, "Setup": " ".join(setup)}, [])

    assert live.view(started)["expect"] == "setup"
    assert with_tag.tokens == tuple(setup)
    assert live.view(with_tag)["board"]["next_card"] is not None
    with pytest.raises(IllegalMoveError) as refused:
        live.play(with_tag, "LOOPS")
    assert refused.value.ply == len(setup) + 1


def test_integer_matrix_view_has_squares_nets_and_legal_squares_by_colour() -> None:
    game = imported("integer-matrix", 6).game

    view = live.view(game, 3)

    board = view["board"]
    assert len(board["squares"]) == 49 and board["rows"][0][0] == "a7"
    assert set(view["legal"]) == {"W", "B"} and view["to_move"] == "positive"
    assert board["last_turn"]["ply"] == 3


@pytest.mark.parametrize(
    ("kind", "players", "result", "scores"),
    [
        ("matrio", NAMES, {"P1": 5, "P2": None, "P3": 9, "P4": 9}, {"P1": 5, "P2": None}),
        ("mathematico", ["al", "bo"], {"al": 120, "bo": 80}, {"al": 120, "bo": 80}),
        ("integer-matrix", ["N", "P"], {"negative": -3, "positive": 2}, {"negative": -3}),
        ("matrix-overload", ["Solo"], {"result": "win", "cards_left": 4}, {"player": 12}),
    ],
)
def test_a_result_only_game_is_judged_like_a_record(
    kind: str, players: list[str], result: dict[str, Any], scores: dict[str, Any]
) -> None:
    found = live.result_only(kind, {"Event": "Club night"}, players, result)

    assert found.game.result_only and found.summary.finished and found.summary.result_only
    assert scores.items() <= found.summary.scores.items()
    assert live.to_mgn(found.game) == found.mgn
    assert live.view(found.game)["board"] is None
    with pytest.raises(live.LiveError):
        live.play(found.game, "x")


def test_withdrawn_matrio_seats_rank_last_and_ties_share_a_rank() -> None:
    found = live.result_only("matrio", {}, NAMES, {"P1": 5, "P2": None, "P3": 9, "P4": 9})

    assert found.summary.ranks == {"P1": 3, "P2": 4, "P3": 1, "P4": 1}
    assert found.summary.winners == ("P3", "P4")


@pytest.mark.parametrize(
    ("kind", "tags", "players", "message"),
    [
        ("chess", {}, NAMES, "unknown game 'chess'"),
        ("matrio", {}, NAMES[:3], "exactly 4 named players"),
        ("matrio", {"Opening": "7H"}, NAMES, 'must be "2C"'),
        ("matrio", {"Game": "matrio"}, NAMES, "not by a [Game] tag"),
        ("matrio", {"Result": "*"}, NAMES, "no [Result] tag"),
        ("matrio", {"Event": "a\nb"}, NAMES, "line break"),
        ("matrio", {"bad name": "x"}, NAMES, "is not a tag name"),
        ("matrio", {"Date": "today"}, NAMES, "YYYY.MM.DD"),
        ("mathematico", {}, ["a:b"], "cannot be a Mathematico player's name"),
        ("mathematico", {}, ["al", "AL"], "same name"),
        ("mathematico", {"Deal": "1 2 3"}, ["al"], "lists 3 values"),
        ("matrix-overload", {}, ["solo"], "[Deck"),
        ("integer-matrix", {}, ["n", "p"], "[Setup"),
    ],
)
def test_a_bad_setup_is_a_record_error(
    kind: str, tags: dict[str, str], players: Any, message: str
) -> None:
    with pytest.raises(RecordError) as refused:
        live.start(kind, tags, players)

    assert message in refused.value.sentence


def test_players_can_be_renamed() -> None:
    game = imported("integer-matrix", 1).game

    renamed = live.with_players(game, ["Nina", "Paul"])

    assert renamed.players == ("Nina", "Paul")
    assert '[Negative "Nina"]' in live.to_mgn(renamed)
