"""The Mathematico game protocol: states, legal moves, apply, notation of moves, outcome."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.core import IllegalMoveError, RecordError
from games.engine.mathematico import (
    CELLS,
    Mode,
    Move,
    Options,
    State,
    apply,
    format_move,
    legal_moves,
    new_game,
    outcome,
    parse_move,
    scores,
)
from games.engine.mathematico.scoring import MAX

DEAL = (7, 1, 2, 3, 11, 8, 5, 13, 13, 6, 3, 12, 4, 10, 9, 10, 9, 4, 8, 10, 13, 12, 6, 11, 11)


def game(players: tuple[str, ...] = ("alice", "bob"), mode: Mode = MAX) -> State:
    return new_game(Options(DEAL, players, mode))


def test_a_new_game_has_empty_boards_and_the_first_player_places_the_first_value() -> None:
    state = game()
    assert state.boards == ((0,) * 25, (0,) * 25)
    assert (state.player, state.value, state.card) == ("alice", 7, 0)
    assert outcome(state) is None
    assert scores(state) == {"alice": 0, "bob": 0}


def test_every_player_places_each_value_in_seat_order() -> None:
    state = apply(game(), Move("alice", 12))
    assert (state.player, state.value) == ("bob", 7)
    state = apply(state, Move("bob", 0))
    assert (state.player, state.value) == ("alice", 1)
    assert state.board("alice")[12] == 7
    assert state.board("bob")[0] == 7


def test_legal_moves_are_the_empty_cells_then_leaving_the_value_unplaced() -> None:
    state = game(("solo",))
    assert legal_moves(state) == (*(Move("solo", i) for i in range(25)), Move("solo", None))
    state = apply(state, Move("solo", 3))
    assert Move("solo", 3) not in legal_moves(state)
    assert len(legal_moves(state)) == 25


def test_it_refuses_a_cell_that_is_already_filled_and_lists_the_free_ones() -> None:
    state = apply(game(("solo",)), Move("solo", 12))
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, Move("solo", 12))
    error = caught.value
    assert (error.ply, error.player, error.move) == (2, "solo", "c3")
    assert error.legal == (*(c for c in CELLS if c != "c3"), "-")
    assert str(error).startswith("ply 2 (solo): c3 already holds the 7, so the 1 can go on a1,")
    assert str(error).endswith("e5 (or - to leave it unplaced)")


@pytest.mark.parametrize("token", ["f3", "a6", "A0", "c33", "x", "3c", "", "--"])
def test_it_refuses_a_token_that_names_no_cell(token: str) -> None:
    state = game()
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(state, token)
    error = caught.value
    assert (error.ply, error.player, error.move) == (1, "alice", token)
    assert "is not a cell" in error.reason
    assert error.legal == (*CELLS, "-")


def test_it_reads_cells_in_any_case_and_writes_them_in_lower_case() -> None:
    state = game()
    assert parse_move(state, "C3") == Move("alice", 12) == parse_move(state, "c3")
    assert parse_move(state, "-") == Move("alice", None)
    assert format_move(Move("alice", 12)) == "c3"
    assert format_move(Move("alice", None)) == "-"
    assert CELLS[0] == "a1" and CELLS[4] == "e1" and CELLS[20] == "a5"


def test_it_refuses_a_move_out_of_turn() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        apply(game(), Move("bob", 0))
    assert caught.value.reason == "it is alice's turn to place the 7, not bob's"


def test_a_value_left_unplaced_leaves_its_cell_empty() -> None:
    state = game(("solo",))
    state = apply(state, Move("solo", None))
    assert state.boards[0] == (0,) * 25
    assert state.value == 1


def play_out(state: State, rng: random.Random) -> State:
    while not state.over:
        moves = legal_moves(state)
        state = apply(state, rng.choice(moves[:-1] if rng.random() < 0.9 else moves))
    return state


def test_the_game_ends_after_the_25th_value_and_refuses_more_moves() -> None:
    state = play_out(game(), random.Random(4))
    assert state.over and legal_moves(state) == ()
    result = outcome(state)
    assert result is not None
    assert dict(result.scores) == scores(state)
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, Move("alice", 0))
    assert caught.value.ply == 26
    with pytest.raises(IllegalMoveError):
        parse_move(state, "a1")


def test_the_winners_follow_the_mode() -> None:
    rng = random.Random(9)
    final = play_out(game(("a", "b", "c")), rng)
    totals = scores(final)
    for mode in (Mode("max"), Mode("min"), Mode("exactly", 150)):
        state = State(Options(DEAL, ("a", "b", "c"), mode), final.boards, final.moves)
        result = outcome(state)
        assert result is not None
        distance = {
            "max": {n: -t for n, t in totals.items()},
            "min": dict(totals),
            "exactly": {n: abs(t - 150) for n, t in totals.items()},
        }[mode.kind]
        best = min(distance.values())
        assert result.winners == tuple(n for n in totals if distance[n] == best)


@pytest.mark.parametrize(
    "options",
    [
        Options(DEAL[:24], ("a",)),
        Options((7,) * 5 + DEAL[5:], ("a",)),
        Options(DEAL, ()),
        Options(DEAL, ("Bob", "bob")),
        Options(DEAL, ("a",), rules="czech"),
    ],
)
def test_new_game_refuses_impossible_options(options: Options) -> None:
    with pytest.raises(RecordError):
        new_game(options)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 4))
def test_parse_of_format_gives_back_every_legal_move(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = game(tuple(f"p{i}" for i in range(players)))
    while not state.over:
        moves = legal_moves(state)
        for move in moves:
            assert parse_move(state, format_move(move)) == move
        state = apply(state, rng.choice(moves))
    assert outcome(state) is not None
