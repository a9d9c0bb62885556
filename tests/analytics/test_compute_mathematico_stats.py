"""Mathematico statistics: symmetric boards folded, value by position, decisions on a draw."""

from __future__ import annotations

import pytest

from analytics.compute.mathematico_stats import (
    CELL_CLASS,
    SYMMETRIES,
    MathematicoBoard,
    MathematicoGame,
    decisions_versus_field,
    early_delta,
    fold,
    read_mathematico,
    value_by_position,
)
from games.engine.mathematico import LINES, random_game
from games.engine.mathematico.board import CELL_INDEX, CELLS

# The 7 first, then four of each of 1..6.
DEAL = (7, *(v for v in range(1, 7) for _ in range(4)))


def board(player: str, seven_at: str, score: int, rank: int = 1) -> MathematicoBoard:
    """A board with the 7 at ``seven_at`` and the other values in the remaining cells in order."""
    first = CELL_INDEX[seven_at]
    rest = [cell for cell in range(25) if cell != first]
    return MathematicoBoard(player, (first, *rest), score, rank)


def test_the_eight_symmetries_map_lines_to_lines_of_the_same_kind() -> None:
    straight = {frozenset(line.cells) for line in LINES if line.kind != "diagonal"}
    diagonal = {frozenset(line.cells) for line in LINES if line.kind == "diagonal"}
    for g in SYMMETRIES:
        assert {frozenset(g[c] for c in cells) for cells in straight} == straight
        assert {frozenset(g[c] for c in cells) for cells in diagonal} == diagonal


def test_cells_fold_into_six_classes() -> None:
    sizes = {CELLS[c]: CELL_CLASS.count(c) for c in set(CELL_CLASS)}
    assert sizes == {"a1": 4, "b1": 8, "c1": 4, "b2": 4, "c2": 4, "c3": 1}


def test_symmetric_boards_fold_a_cell_to_the_same_place() -> None:
    values = [0] * 25
    values[CELL_INDEX["a2"]], values[CELL_INDEX["c3"]] = 9, 4
    for g in SYMMETRIES:
        turned = [0] * 25
        for cell, value in enumerate(values):
            turned[g[cell]] = value
        assert fold(turned, g[CELL_INDEX["b4"]]) == fold(values, CELL_INDEX["b4"])


def test_on_an_empty_board_a_cell_folds_to_its_class() -> None:
    assert CELLS[fold([0] * 25, CELL_INDEX["e5"])] == "a1"
    assert CELLS[fold([0] * 25, CELL_INDEX["d3"])] == "c2"


def test_early_placements_of_symmetric_boards_count_as_one_pattern() -> None:
    mirrored = [CELL_INDEX[f"{'edcba'['abcde'.index(n[0])]}{n[1]}"] for n in CELLS]
    first = board("ann", "a1", 100)
    second = MathematicoBoard("bob", tuple(mirrored[c] for c in first.cells), 100, 1)
    game = MathematicoGame("g", "d", DEAL, "max", (first, second))
    delta = early_delta(game, early=3)
    assert len(delta) == 3
    assert all(tally.games == 2 for tally in delta.values())


def test_the_value_of_a_number_by_position_by_hand() -> None:
    games = [
        MathematicoGame("g1", "d1", DEAL, "max", (board("ann", "c3", 100),)),
        MathematicoGame("g2", "d2", DEAL, "max", (board("bob", "a1", 40),)),
        MathematicoGame("g3", "d3", DEAL, "max", (board("cid", "e5", 70),)),
    ]
    rows = {(r.value, r.cell_class): r for r in value_by_position(games, min_placements=2)}
    centre, corner = rows[(7, "c3")], rows[(7, "a1")]
    assert (centre.placements, centre.mean_score.value) == (1, 100.0)
    assert (corner.placements, corner.mean_score.value) == (2, 55.0)
    # every 7 placed: (100 + 40 + 70) / 3 = 70
    assert centre.advantage.value == pytest.approx(30.0)
    assert corner.advantage.value == pytest.approx(-15.0)
    assert corner.enough and not centre.enough
    assert rows[(7, "b2")].placements == 0 and rows[(7, "b2")].mean_score.value is None


def test_where_strong_players_put_a_card_versus_the_field() -> None:
    boards = (
        board("ann", "a1", 300),
        board("bob", "e5", 280),
        board("cid", "c3", 100),
        board("dee", "b2", 90),
    )
    game = MathematicoGame("g1", "d", DEAL, "max", boards)
    ratings = {("g1", "ann"): 1500, ("g1", "bob"): 1400, ("g1", "cid"): 1000, ("g1", "dee"): 900}
    rows = decisions_versus_field([game], 1, ratings=ratings, strong_share=0.5)
    assert [(r.cell, r.strong, r.everyone) for r in rows] == [
        ("a1", 2, 2),
        ("b2", 0, 1),
        ("c3", 0, 1),
    ]
    assert rows[0].strong_share == 1.0 and rows[0].share == 0.5 and rows[0].mean_score == 290.0


def test_decisions_are_compared_on_one_draw_only() -> None:
    a = MathematicoGame("g1", "d", DEAL, "max", (board("ann", "a1", 1),))
    b = MathematicoGame("g2", "d", tuple(reversed(DEAL)), "max", (board("bob", "a1", 1),))
    with pytest.raises(ValueError, match="same draw"):
        decisions_versus_field([a, b], 1, ratings={})


def test_a_record_is_read_with_ranks_from_its_mode() -> None:
    text = random_game(11, "greedy")
    game = read_mathematico(text, game_id="g11")
    assert len(game.deal) == 25 and game.mode == "max"
    best = max(b.score for b in game.boards)
    assert all((b.rank == 1) == (b.score == best) for b in game.boards)
    assert all(len(b.cells) == 25 for b in game.boards)
    low = read_mathematico(text.replace("[Deal", '[Mode "min"]\n[Deal'), game_id="g")
    worst = min(b.score for b in low.boards)
    assert all((b.rank == 1) == (b.score == worst) for b in low.boards)


def test_a_mathematico_game_is_rated_by_places_within_its_draw() -> None:
    game = read_mathematico(random_game(11, "greedy"), game_id="g11", deal_id="D7")
    result = game.result(order="1", club="9")
    assert result.deal_id == "D7" and result.club == "9"
    assert [s.rank for s in result.seats] == [b.rank for b in game.boards]
