"""The Integer Matrix board: squares, discs, the flanking rule and the one-colour ban."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from games.engine.integer_matrix.board import (
    CENTRE,
    SQUARES,
    Board,
    Disc,
    Piece,
    count,
    flank,
    judge,
    legal_squares,
    place,
    setup_colour,
    square_index,
    square_name,
)

DISC = Disc(2, -3)


def sq(name: str) -> int:
    index = square_index(name)
    assert index is not None
    return index


def board(layout: Mapping[str, str]) -> Board:
    """``{"d4": "W", "e4": "B"}`` -> a board with those colours up (all discs +2/-3)."""
    pieces = {sq(name): Piece(DISC, "W" if up == "W" else "B") for name, up in layout.items()}
    return tuple(pieces.get(square) for square in range(SQUARES))


def names(squares: tuple[int, ...]) -> list[str]:
    return [square_name(s) for s in squares]


def test_squares_are_named_by_column_letter_and_row_digit_counted_from_the_bottom() -> None:
    assert square_index("a1") == 0
    assert square_index("g1") == 6
    assert square_index("a2") == 7
    assert square_index("d4") == 24
    assert square_index("G7") == 48
    assert [square_name(s) for s in (0, 6, 7, 24, 48)] == ["a1", "g1", "a2", "d4", "g7"]


@pytest.mark.parametrize("name", ["h1", "a8", "a0", "a10", "", "4d", "dd"])
def test_it_knows_no_square_off_the_seven_by_seven_board(name: str) -> None:
    assert square_index(name) is None


def test_the_centre_block_is_black_on_c3_e3_d4_c5_e5_and_white_on_the_others() -> None:
    assert names(CENTRE) == ["c3", "d3", "e3", "c4", "d4", "e4", "c5", "d5", "e5"]
    black = [square_name(s) for s in CENTRE if setup_colour(s) == "B"]
    assert black == ["c3", "e3", "d4", "c5", "e5"]


@pytest.mark.parametrize(
    ("white", "black", "sound"),
    [
        (3, -5, True),
        (-3, 5, True),
        (0, 0, True),
        (0, 4, True),
        (-2, 0, True),
        (3, 4, False),
        (-1, -2, False),
    ],
)
def test_a_sound_disc_has_one_face_at_least_zero_and_the_other_at_most_zero(
    white: int, black: int, sound: bool
) -> None:
    assert Disc(white, black).sound is sound


def test_a_flipped_piece_keeps_its_disc_and_shows_its_other_face() -> None:
    piece = Piece(Disc(1, -3), "B")
    assert piece.value == -3
    assert piece.flipped() == Piece(Disc(1, -3), "W")
    assert piece.flipped().value == 1


def test_it_flips_a_closed_run_in_each_of_the_eight_directions() -> None:
    layout: dict[str, str] = {}
    for near, far in [
        ("c3", "b2"),
        ("d3", "d2"),
        ("e3", "f2"),
        ("c4", "b4"),
        ("e4", "f4"),
        ("c5", "b6"),
        ("d5", "d6"),
        ("e5", "f6"),
    ]:
        layout[near], layout[far] = "B", "W"
    runs = flank(board(layout), "W", sq("d4"))
    assert names(runs.flipped) == ["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"]
    assert names(runs.closers) == ["b2", "d2", "f2", "b4", "f4", "b6", "d6", "f6"]


def test_a_long_run_flips_whole() -> None:
    runs = flank(board({"b1": "B", "c1": "B", "d1": "B", "e1": "W"}), "W", sq("a1"))
    assert names(runs.flipped) == ["b1", "c1", "d1"]
    assert names(runs.closers) == ["e1"]


def test_a_run_that_reaches_the_edge_or_a_gap_is_not_closed() -> None:
    position = board({"b1": "B", "c1": "B", "a2": "B", "a4": "W"})
    assert judge(position, "W", sq("a1"))[0] == "no-run"
    assert flank(position, "W", sq("a1")).flipped == ()


def test_a_disc_of_the_placed_colour_next_to_the_square_closes_nothing() -> None:
    assert judge(board({"b1": "W", "c1": "B", "d1": "W"}), "W", sq("a1"))[0] == "no-run"


def test_only_the_closed_runs_flip_when_several_directions_start_runs() -> None:
    runs = flank(board({"b1": "B", "c1": "W", "a2": "B", "a3": "B"}), "W", sq("a1"))
    assert names(runs.flipped) == ["b1"]
    assert names(runs.closers) == ["c1"]


def test_an_occupied_square_is_not_a_placement() -> None:
    assert judge(board({"a1": "B", "b1": "B", "c1": "W"}), "W", sq("a1"))[0] == "occupied"


def test_a_placement_that_would_leave_the_board_one_colour_is_banned() -> None:
    position = board({"a1": "W", "b1": "B"})
    assert judge(position, "W", sq("c1"))[0] == "one-colour"
    assert legal_squares(position, "W") == ()
    # with one more black disc elsewhere the same placement is legal
    assert legal_squares(board({"a1": "W", "b1": "B", "g7": "B"}), "W") == (sq("c1"),)


def test_placing_flips_the_runs_and_leaves_the_old_board_untouched() -> None:
    before = board({"b1": "B", "c1": "W"})
    after = place(before, Disc(4, -1), "W", sq("a1"), (sq("b1"),))
    assert after[sq("a1")] == Piece(Disc(4, -1), "W")
    assert after[sq("b1")] == Piece(DISC, "W")
    assert before[sq("b1")] == Piece(DISC, "B")
    assert (count(after, "W"), count(after, "B")) == (3, 0)
