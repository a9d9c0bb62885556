"""Integer Matrix scoring: matrix scores (rect and line), net scores and the result."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from games.engine.integer_matrix.board import Disc, Move, Piece, square_index
from games.engine.integer_matrix.rules import State, play, position
from games.engine.integer_matrix.scoring import Scoring, mover, parse_result, result_text, winners


def sq(name: str) -> int:
    index = square_index(name)
    assert index is not None
    return index


def at(
    pieces: Mapping[str, tuple[int, int, str]],
    *,
    scoring: Scoring = "rect",
    ply: int = 0,
    net: tuple[int, int] = (0, 0),
) -> State:
    """``{"d4": (2, -1, "W")}``: a position with those discs (white face, black face, up)."""
    laid = {
        sq(name): Piece(Disc(white, black), "W" if up == "W" else "B")
        for name, (white, black, up) in pieces.items()
    }
    return position(laid, scoring=scoring, ply=ply, net=net)


# The rules file's example: d4 white showing +2; e4 black +1/-3 showing -3; f4 empty; the
# other discs (black ones among them) lie outside d4-f4.
EXAMPLE = {"d4": (2, -1, "W"), "e4": (1, -3, "B"), "a1": (4, -4, "B"), "a7": (-5, 5, "W")}


@pytest.mark.parametrize("scoring", ["rect", "line"])
def test_the_worked_example_of_the_rules_scores_plus_six(scoring: Scoring) -> None:
    state = at(EXAMPLE, scoring=scoring)
    after, turn = play(state, Move(Disc(3, -5), "W", sq("f4")))
    flipped = after.board[sq("e4")]
    assert flipped == Piece(Disc(1, -3), "W")
    assert flipped.value == 1
    assert turn.flipped == (sq("e4"),)
    assert turn.closers == (sq("d4"),)
    assert turn.matrix.values == (2, 1, 3)
    assert turn.score == 6
    assert after.net == (6, 0)


def test_the_matrix_score_goes_to_the_mover_negative_on_odd_plies_positive_on_even() -> None:
    assert [mover(ply) for ply in (1, 2, 3, 4)] == ["negative", "positive"] * 2
    after = play(at(EXAMPLE, ply=1, net=(-7, 3)), Move(Disc(3, -5), "W", sq("f4")))[0]
    assert after.net == (-7, 9)
    assert after.ply == 2


# A diagonal run: a white disc on f6 flips e5 and d4, closed by c3. The rectangle c3-f6 also
# holds d3 +1, c4 +0, e4 +2 and d5 +5 (white) and e3, c5 (black).
DIAGONAL = {
    "c2": (3, -5, "W"),
    "c3": (2, -4, "W"),
    "d3": (1, -1, "W"),
    "e3": (3, -2, "B"),
    "c4": (0, -5, "W"),
    "d4": (4, -3, "B"),
    "e4": (2, -2, "W"),
    "c5": (1, -6, "B"),
    "d5": (5, -1, "W"),
    "e5": (3, -3, "B"),
}


def test_rect_scoring_counts_every_disc_of_the_placed_colour_in_the_rectangle() -> None:
    turn = play(at(DIAGONAL, scoring="rect"), Move(Disc(-2, 4), "W", sq("f6")))[1]
    assert turn.matrix.box == (2, 2, 5, 5)
    assert sorted(turn.matrix.values) == sorted([2, 1, 0, 4, 2, 5, 3, -2])
    assert turn.score == 15


def test_rect_scoring_leaves_out_discs_of_the_other_colour_inside_the_rectangle() -> None:
    turn = play(at(DIAGONAL, scoring="rect"), Move(Disc(-2, 4), "W", sq("f6")))[1]
    assert sq("e3") not in turn.matrix.counted
    assert sq("c5") not in turn.matrix.counted
    assert sq("c2") not in turn.matrix.counted  # white, but outside the rectangle


def test_line_scoring_counts_only_the_placed_flipped_and_closing_discs() -> None:
    turn = play(at(DIAGONAL, scoring="line"), Move(Disc(-2, 4), "W", sq("f6")))[1]
    assert turn.matrix.counted == (sq("c3"), sq("d4"), sq("e5"), sq("f6"))
    assert turn.score == 2 + 4 + 3 - 2 == 7


def test_a_black_matrix_sums_the_black_faces() -> None:
    state = at({"d4": (2, -1, "B"), "e4": (1, -3, "W"), "a1": (4, -4, "W")})
    turn = play(state, Move(Disc(3, -5), "B", sq("f4")))[1]
    assert turn.matrix.values == (-1, -3, -5)
    assert turn.score == -9


@pytest.mark.parametrize(
    ("negative", "positive", "won"),
    [
        (-15, 16, ("positive",)),
        (-16, 15, ("negative",)),
        (-15, 15, ("negative", "positive")),
        (5, 3, ("positive",)),  # N is on the wrong side of zero: P=3 beats -N=-5
        (-2, -4, ("negative",)),
        (0, 0, ("negative", "positive")),
    ],
)
def test_the_player_farther_from_zero_in_their_own_direction_wins_and_equal_is_a_draw(
    negative: int, positive: int, won: tuple[str, ...]
) -> None:
    assert winners(negative, positive) == won


def test_the_result_is_written_negative_then_positive() -> None:
    assert result_text(-15, 16) == "negative: -15; positive: 16"


@pytest.mark.parametrize(
    "text",
    ["negative: -15; positive: 16", "Positive: +16 ; NEGATIVE:-15", "negative:-15;positive:16;"],
)
def test_it_reads_a_result_in_any_order_case_and_sign_style(text: str) -> None:
    assert parse_result(text) == (-15, 16)


@pytest.mark.parametrize(
    "text",
    [
        "negative: -15",
        "negative: -15; positive: x",
        "neg: -1; pos: 2",
        "*",
        "1-0",
        "negative: 1; negative: 2; positive: 3",
    ],
)
def test_it_refuses_a_result_it_cannot_read(text: str) -> None:
    assert parse_result(text) is None
