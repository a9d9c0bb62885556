"""Per-line score sheets of Mathematico boards and finished paper boards (pure engine)."""

from __future__ import annotations

import random

import pytest

from games.engine.mathematico.board import read_board
from games.engine.mathematico.paper import (
    Difference,
    is_full_board,
    mismatch,
    placements,
    play_order,
)
from games.engine.mathematico.rules import Options, apply, new_game, parse_move, scores
from games.engine.mathematico.scoring import board_total, breakdown

# the rules page's examples: rows, columns, diagonals (bonus included), total
EXAMPLES = [
    ("AA7A7/2T2K2/5QK57/333J3/4Q4KQ", [80, 40, 10, 160, 20], [50, 10, 0, 10, 10], [160, 20], 570),
    ("ATQKJ/A22KK/A2345/77788/A2Q43", [150, 20, 50, 80, 0], [200, 40, 10, 20, 0], [20, 0], 590),
    ("K846J/3T589/Q435T/8K7A3/6J8Q5", [0] * 5, [0] * 5, [0, 0], 0),
]


@pytest.mark.parametrize(("text", "rows", "columns", "diagonals", "total"), EXAMPLES)
def test_breakdown_of_the_rules_examples(
    text: str, rows: list[int], columns: list[int], diagonals: list[int], total: int
) -> None:
    lines = breakdown(read_board(text))
    assert [line.points for line in lines] == [*rows, *columns, *diagonals]
    assert [line.label for line in lines[:1] + lines[5:6] + lines[10:]] == [
        "row 1",
        "column a",
        "diagonal a1-e5",
        "diagonal a5-e1",
    ]
    assert sum(line.points for line in lines) == total == board_total(read_board(text))


def test_breakdown_names_the_combination_and_the_diagonal_bonus() -> None:
    lines = breakdown(read_board("AA7A7/2T2K2/5QK57/333J3/4Q4KQ"))
    assert lines[0].combination == "full house"
    assert lines[0].cells == ("a1", "b1", "c1", "d1", "e1")
    assert lines[0].values == (1, 1, 7, 1, 7)
    diagonal = lines[10]
    assert (diagonal.combination, diagonal.bonus, diagonal.points) == ("1, 10, 11, 12, 13", 10, 160)
    assert lines[5].bonus == 0  # rows and columns have no bonus


def test_breakdown_sums_to_the_total_on_random_boards() -> None:
    rng = random.Random(15)
    for _ in range(200):
        board = [rng.choice([0, *range(1, 14)]) for _ in range(25)]
        assert sum(line.points for line in breakdown(board)) == board_total(board)


# --- finished paper boards ---------------------------------------------------------------------


def a_draw(seed: int) -> list[int]:
    return random.Random(seed).sample([v for v in range(1, 14) for _ in range(4)], 25)


def test_mismatch_lists_each_value_held_a_different_number_of_times() -> None:
    draw = [7, 7, 12, *range(1, 7), *range(1, 7), *range(8, 12), *range(8, 12)]
    board = [7, 7, 7, *draw[3:]]
    assert mismatch(board, draw) == (Difference(7, 3, 2), Difference(12, 0, 1))
    assert mismatch(list(reversed(draw)), draw) == ()
    assert mismatch([0, *draw[1:]], draw) == (Difference(0, 1, 0), Difference(7, 1, 2))


def test_is_full_board() -> None:
    assert is_full_board([5] * 25)
    assert not is_full_board([5] * 24)
    assert not is_full_board([0, *[5] * 24])
    assert not is_full_board([14, *[5] * 24])


def test_placements_replay_the_paper_board_whatever_the_order() -> None:
    rng = random.Random(7)
    for seed in range(30):
        draw = a_draw(seed)
        board = list(draw)
        rng.shuffle(board)  # any board holding the draw's values
        state = new_game(Options(tuple(draw), ("Ann",)))
        for cell in placements(board, draw):
            state = apply(state, parse_move(state, cell))
        assert state.over
        assert state.boards[0] == tuple(board)
        assert scores(state) == {"Ann": board_total(board)}


def test_play_order_runs_card_by_card_in_seat_order() -> None:
    draw = a_draw(3)
    first, second = list(draw), list(reversed(draw))
    order = play_order([first, second], draw)
    assert len(order) == 50
    assert order[0::2] == placements(first, draw)
    assert order[1::2] == placements(second, draw)


def test_placements_refuse_a_board_that_does_not_match() -> None:
    draw = a_draw(1)
    with pytest.raises(ValueError, match="does not hold"):
        placements([*draw[:24], 0], draw)
