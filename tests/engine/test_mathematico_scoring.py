"""Scoring of Mathematico boards: the rules file's worked boards, every combination in every
line, the edge cases, and invariance under the symmetries of the board."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.mathematico.board import CELLS, DIAGONALS, LINES, board_string, read_board
from games.engine.mathematico.profiles import keys_by_combination
from games.engine.mathematico.scoring import (
    MAX,
    WEIGHT,
    Mode,
    board_total,
    breakdown,
    combination,
    line_points,
    tables,
    winners,
)

# (values of one line, 0 = empty) -> points outside a diagonal
VECTORS = [
    # the rules table, with the examples of the seed's README
    ((1, 2, 3, 4, 1), 10),
    ((1, 2, 2, 3, 1), 20),
    ((5, 6, 7, 7, 7), 40),
    ((1, 1, 2, 2, 2), 80),
    ((1, 2, 2, 2, 2), 160),
    ((1, 1, 5, 1, 1), 200),
    ((5, 7, 9, 8, 6), 50),
    ((1, 13, 1, 13, 1), 100),
    ((12, 11, 13, 1, 10), 150),
    ((4, 6, 7, 7, 8), 10),
    ((13, 13, 13, 8, 8), 80),
    # edge cases of the rules file
    ((10, 11, 12, 13, 1), 150),  # 150 only, not a straight (50) as well
    ((1, 2, 3, 4, 5), 50),
    ((9, 10, 11, 12, 13), 50),
    ((12, 13, 1, 2, 3), 0),  # no wrap-around straight
    ((11, 12, 13, 1, 2), 0),
    ((13, 1, 2, 3, 4), 0),
    ((1, 1, 1, 13, 13), 100),
    ((1, 1, 13, 13, 13), 80),  # an ordinary full house
    ((1, 1, 1, 1, 13), 200),  # four 1s and any fifth card
    ((1, 1, 1, 1, 7), 200),
    ((13, 13, 13, 13, 1), 160),
    ((2, 4, 6, 8, 10), 0),
    ((1, 10, 11, 12, 12), 10),
    ((2, 2, 3, 3, 3), 80),
    ((2, 2, 3, 3, 4), 20),
    ((3, 3, 3, 4, 5), 40),
    # partially filled lines score what their cards make
    ((7, 7, 0, 0, 0), 10),
    ((1, 1, 1, 1, 0), 200),
    ((0, 13, 13, 13, 13), 160),
    ((7, 7, 7, 0, 0), 40),
    ((1, 1, 1, 13, 0), 40),
    ((1, 1, 13, 13, 0), 20),
    ((2, 3, 4, 5, 0), 0),  # a straight needs five cards
    ((10, 11, 12, 13, 0), 0),
    ((1, 10, 11, 12, 0), 0),
    ((5, 0, 0, 0, 0), 0),
    ((0, 0, 0, 0, 0), 0),
]


def board_with(cells: tuple[int, ...], values: tuple[int, ...]) -> list[int]:
    board = [0] * 25
    for cell, value in zip(cells, values, strict=True):
        board[cell] = value
    return board


@pytest.mark.parametrize(
    ("text", "lines", "total"),
    [
        (
            "AA7A7/2T2K2/5QK57/333J3/4Q4KQ",
            [80, 40, 10, 160, 20, 50, 10, 0, 10, 10, 160, 20],
            570,
        ),
        (
            "ATQKJ/A22KK/A2345/77788/A2Q43",
            [150, 20, 50, 80, 0, 200, 40, 10, 20, 0, 20, 0],
            590,
        ),
        ("K846J/3T589/Q435T/8K7A3/6J8Q5", [0] * 12, 0),
    ],
)
def test_it_scores_the_worked_boards_of_the_rules_file(
    text: str, lines: list[int], total: int
) -> None:
    board = read_board(text)
    assert [line.points for line in breakdown(board)] == lines
    assert board_total(board) == total
    assert board_string(board) == text


@pytest.mark.parametrize(("values", "points"), VECTORS)
@pytest.mark.parametrize("line", LINES, ids=lambda line: line.label)
def test_it_scores_each_combination_in_every_row_column_and_diagonal(
    values: tuple[int, ...], points: int, line: object
) -> None:
    from games.engine.mathematico.board import Line

    assert isinstance(line, Line)
    board = board_with(line.cells, values)
    bonus = 10 if line.kind == "diagonal" and points else 0
    # on an otherwise empty board every other line holds at most one card: it scores nothing
    assert board_total(board) == points + bonus
    scored = [row for row in breakdown(board) if row.points]
    assert [(row.label, row.points, row.bonus) for row in scored] == (
        [(line.label, points + bonus, bonus)] if points else []
    )


@pytest.mark.parametrize(("values", "points"), VECTORS)
def test_line_points_match_the_rules_table(values: tuple[int, ...], points: int) -> None:
    assert line_points(values) == points
    assert line_points(values, diagonal=True) == (points + 10 if points else 0)


def test_it_names_the_combination_of_a_line() -> None:
    assert combination((10, 11, 12, 13, 1)) == "1, 10, 11, 12, 13"
    assert combination((1, 1, 13, 13, 13)) == "full house"
    assert combination((1, 13, 1, 13, 1)) == "three 1s and two 13s"
    assert combination((1, 1, 1, 1, 0)) == "four 1s"
    assert combination((0, 0, 0, 0, 0)) == "nothing"


def test_the_lookup_tables_agree_with_the_definition_for_every_multiset() -> None:
    line, diagonal = tables()
    for cards in combinations_with_replacement(range(14), 5):
        key = sum(WEIGHT[v] for v in cards)
        assert line[key] == line_points(cards)
        assert diagonal[key] == line_points(cards, diagonal=True)


def test_the_keys_of_full_lines_name_their_combination() -> None:
    named: dict[int, str] = {}
    for name, keys in keys_by_combination(empty=False):  # later groups override earlier ones
        named.update(dict.fromkeys(keys, name))
    full = combinations_with_replacement(range(1, 14), 5)
    assert named == {sum(WEIGHT[v] for v in cards): combination(cards) for cards in full}


def test_a_diagonal_gets_its_bonus_once() -> None:
    board = board_with(DIAGONALS[0].cells, (7, 7, 7, 7, 2))
    assert board_total(board) == 170
    both = board_with(DIAGONALS[0].cells, (7, 7, 5, 8, 8))
    for cell, value in zip(DIAGONALS[1].cells, (9, 9, 5, 3, 4), strict=True):
        both[cell] = value
    # diagonal a1-e5 two pairs 20+10, a5-e1 one pair 10+10; row 3 and column c hold one 5
    assert board_total(both) == 50


# --- properties ------------------------------------------------------------------------------

DECK = [value for value in range(1, 14) for _ in range(4)]


@st.composite
def boards(draw: st.DrawFn) -> list[int]:
    """A board from a real draw, with some cells left empty."""
    values = draw(st.permutations(DECK))[:25]
    empty = draw(st.sets(st.integers(0, 24), max_size=8))
    return [0 if i in empty else v for i, v in enumerate(values)]


def _centraliser() -> list[tuple[int, ...]]:
    """Permutations of 0..4 that commute with i -> 4 - i (they keep the diagonals' shape)."""
    return [p for p in permutations(range(5)) if all(p[4 - i] == 4 - p[i] for i in range(5))]


def symmetries() -> list[tuple[int, ...]]:
    """Board maps (new index -> old index) that send lines to lines and diagonals to diagonals.

    Row permutation s with column permutation s or (4 - s), optionally transposed, where s
    commutes with the mirror i -> 4 - i: 8 * 2 * 2 = 32 maps, the square's 8 among them.
    """
    maps = []
    for s in _centraliser():
        for t in (s, tuple(4 - x for x in s)):
            for transpose in (False, True):
                image = []
                for r in range(5):
                    for c in range(5):
                        rr, cc = (c, r) if transpose else (r, c)
                        image.append(5 * s[rr] + t[cc])
                maps.append(tuple(image))
    return maps


SYMMETRIES = symmetries()


def _line_sets(mapping: tuple[int, ...]) -> tuple[set[frozenset[int]], set[frozenset[int]]]:
    straight = {frozenset(mapping[i] for i in line.cells) for line in LINES[:10]}
    diagonal = {frozenset(mapping[i] for i in line.cells) for line in LINES[10:]}
    return straight, diagonal


def test_the_symmetries_keep_rows_columns_and_diagonals() -> None:
    lines = {frozenset(line.cells) for line in LINES[:10]}
    diagonals = {frozenset(line.cells) for line in LINES[10:]}
    assert len(set(SYMMETRIES)) == 32
    for mapping in SYMMETRIES:
        assert _line_sets(mapping) == (lines, diagonals)
    # the eight rotations and reflections of the square are among them
    square = {
        tuple(5 * r + c for r in range(5) for c in range(5)),  # identity
        tuple(5 * c + (4 - r) for r in range(5) for c in range(5)),  # a quarter turn
        tuple(5 * (4 - r) + (4 - c) for r in range(5) for c in range(5)),  # half turn
        tuple(5 * (4 - c) + r for r in range(5) for c in range(5)),  # three quarters
        tuple(5 * r + (4 - c) for r in range(5) for c in range(5)),  # mirror left-right
        tuple(5 * (4 - r) + c for r in range(5) for c in range(5)),  # mirror top-bottom
        tuple(5 * c + r for r in range(5) for c in range(5)),  # main diagonal
        tuple(5 * (4 - c) + (4 - r) for r in range(5) for c in range(5)),  # other diagonal
    }
    assert square <= set(SYMMETRIES)


def test_swapping_two_rows_and_the_same_columns_alone_breaks_the_diagonals() -> None:
    swap = (1, 0, 2, 3, 4)
    mapping = tuple(5 * swap[r] + swap[c] for r in range(5) for c in range(5))
    diagonals = {frozenset(line.cells) for line in LINES[10:]}
    assert _line_sets(mapping)[1] != diagonals


@settings(max_examples=60, deadline=None)
@given(boards(), st.sampled_from(SYMMETRIES))
def test_the_total_is_the_same_under_every_symmetry_of_the_board(
    board: list[int], mapping: tuple[int, ...]
) -> None:
    moved = [board[mapping[i]] for i in range(25)]
    assert board_total(moved) == board_total(board)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=5, max_size=5), st.randoms(use_true_random=False))
def test_order_within_a_line_does_not_matter(values: list[int], rng: object) -> None:
    import random

    assert isinstance(rng, random.Random)
    shuffled = values[:]
    rng.shuffle(shuffled)
    assert combination(shuffled) == combination(values)
    for line in LINES:
        assert board_total(board_with(line.cells, tuple(shuffled))) == board_total(
            board_with(line.cells, tuple(values))
        )


@settings(max_examples=60, deadline=None)
@given(boards())
def test_the_total_is_the_sum_of_the_breakdown(board: list[int]) -> None:
    rows = breakdown(board)
    assert sum(row.points for row in rows) == board_total(board)
    assert rows[0].cells == tuple(CELLS[:5])
    for row in rows:
        assert row.values == tuple(board[CELLS.index(name)] for name in row.cells)
        assert row.points == line_points(row.values, diagonal=row.kind == "diagonal")


@settings(max_examples=60, deadline=None)
@given(boards())
def test_filling_an_empty_cell_never_changes_other_lines(board: list[int]) -> None:
    """A line's score depends on its own cells only: compare line by line."""
    before = breakdown(board)
    for index, value in enumerate(board):
        if value == 0:
            counts = Counter(v for v in board if v)
            free = [v for v in range(1, 14) if counts[v] < 4]
            if not free:
                continue
            after = breakdown([free[0] if i == index else v for i, v in enumerate(board)])
            for old, new in zip(before, after, strict=True):
                if CELLS[index] not in old.cells:
                    assert old == new
            break


# --- modes -----------------------------------------------------------------------------------


def test_the_highest_total_wins_by_default_and_ties_share() -> None:
    assert winners({"a": 190, "b": 60, "c": 190}) == ("a", "c")
    assert winners({"a": 0}, MAX) == ("a",)
    assert winners({}) == ()


def test_the_lowest_total_wins_in_mode_min() -> None:
    assert winners({"a": 190, "b": 60, "c": 60}, Mode("min")) == ("b", "c")


def test_the_closest_total_wins_in_mode_exactly() -> None:
    mode = Mode.read("exactly:300")
    assert mode == Mode("exactly", 300)
    assert winners({"a": 250, "b": 360, "c": 340}, mode) == ("c",)
    assert winners({"a": 250, "b": 350}, mode) == ("a", "b")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("max", "max"),
        ("MIN", "min"),
        (" Exactly : 120 ", "exactly:120"),
        ("exactly:0", "exactly:0"),
    ],
)
def test_it_reads_modes_in_any_case(text: str, canonical: str) -> None:
    assert Mode.read(text).text == canonical


@pytest.mark.parametrize("text", ["", "maximum", "exactly", "exactly:", "exactly:-5", "exactly:x"])
def test_it_refuses_unknown_modes(text: str) -> None:
    with pytest.raises(ValueError):
        Mode.read(text)
