"""The Mathematico move advisor: legal answers, no peeking at the deck, the command, training."""

from __future__ import annotations

import inspect
import random
import subprocess
import sys
import time
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np
import pytest

from games.engine.mathematico.advisor import (
    PositionError,
    advise,
    check_position,
    distinct_cells,
    symmetries,
    table_choice,
    unseen_cards,
)
from games.engine.mathematico.board import CELL_INDEX, CELLS, LINES, board_string
from games.engine.mathematico.scoring import board_total, line_points
from games.engine.mathematico.training import main as train_main
from games.engine.mathematico.value_table import STATES, WEIGHT, space

ROOT = Path(__file__).resolve().parents[2]
DECK = [v for v in range(1, 14) for _ in range(4)]


def play(deck: list[int], placed: int) -> tuple[list[int], int]:
    """The board after the first ``placed`` cards of ``deck`` (placed by the line values) and
    the next value."""
    board = [0] * 25
    for value in deck[:placed]:
        board[CELL_INDEX[table_choice(board, value).cell]] = value
    return board, deck[placed]


def position(seed: int, placed: int) -> tuple[list[int], int, list[int]]:
    """A seeded deck's board after ``placed`` draws, the next value, and the deck."""
    deck = random.Random(seed).sample(DECK, len(DECK))
    return (*play(deck, placed), deck)


@pytest.mark.parametrize("placed", [0, 1, 7, 13, 20, 23, 24])
def test_the_advised_cell_is_empty(placed: int) -> None:
    board, value, _ = position(placed, placed)

    advice = advise(board, value, samples=64, rng=random.Random(1))

    assert advice.cell in CELLS
    assert board[CELL_INDEX[advice.cell]] == 0
    assert 0 <= advice.expected <= 2000


def test_the_last_cell_gets_the_exact_final_score() -> None:
    board, value, _ = position(3, 24)
    last = board.index(0)
    final = [*board]
    final[last] = value

    advice = advise(board, value, ms=20)

    assert advice.cell == CELLS[last]
    assert advice.expected == board_total(final)


def test_the_advisor_sees_only_the_board_and_the_value() -> None:
    # two decks alike up to the current draw, then different orders of the unseen cards
    deck = random.Random(11).sample(DECK, len(DECK))
    other = deck[:11] + random.Random(99).sample(deck[11:], len(deck) - 11)
    assert other[11:36] != deck[11:36]
    board, value = play(deck, 10)
    same_board, same_value = play(other, 10)

    first = advise(board, value, samples=96, rng=random.Random(5))
    second = advise(same_board, same_value, samples=96, rng=random.Random(5))

    assert first == second
    # the only inputs: the position and the advisor's own random numbers
    assert set(inspect.signature(advise).parameters) == {
        "board",
        "value",
        "ms",
        "rng",
        "samples",
        "table",
    }
    assert sorted(unseen_cards(board, value).tolist()) == sorted(deck[11:])


def test_the_time_budget_is_kept() -> None:
    board, value, _ = position(4, 2)
    advise(board, value, ms=5)  # caches

    started = time.perf_counter()
    advice = advise(board, value, ms=30)

    assert time.perf_counter() - started < 0.5  # lenient: other processes share the CPU
    assert advice.futures > 0


@pytest.mark.parametrize(
    ("board", "value", "words"),
    [
        ("KKKK./...../...../...../.....", 13, "all 4 cards of K (13)"),
        ("77777/...../...../...../.....", 1, "holds 5 cards of 7"),
        ("A2345/6789T/JQKA2/34567/89TJQ", 5, "full"),
        ("A2345/6789T", 5, "5 rows of 5"),
        ("...../...../...../...../.....", 14, "1 to 13"),
    ],
)
def test_impossible_positions_are_refused(board: str, value: int, words: str) -> None:
    with pytest.raises(PositionError, match=words.replace("(", r"\(").replace(")", r"\)")):
        check_position(board, value)


def test_the_symmetries_map_lines_onto_lines() -> None:
    lines = {frozenset(line.cells) for line in LINES}

    for perm in symmetries():
        assert {frozenset(int(perm[i]) for i in line) for line in lines} == lines
    assert len({tuple(perm) for perm in symmetries()}) == 32
    assert [CELLS[i] for i in distinct_cells([0] * 25, 5)] == ["a1", "b1", "c1", "c3"]


def test_the_command_answers_each_line_before_reading_the_next() -> None:
    command = [sys.executable, "-m", "games.engine", "advise", "mathematico", "--ms", "20"]
    board, value, _ = position(8, 6)
    with subprocess.Popen(
        command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as process:
        assert process.stdin is not None and process.stdout is not None

        def ask(line: str) -> str:
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(line + "\n")
            process.stdin.flush()
            return process.stdout.readline().rstrip("\n")

        first = ask(f"{board_string(board)} {value}")
        bad_board = ask("A.3../...../XX.../...../..... 7")
        fifth = ask("KKKK./...../...../...../..... k")
        fields = ask("...../...../...../...../.....")
        full = ask("A2345/6789T/JQKA2/34567/89TJQ 5")
        letter = ask("a..../...../...../...../..... q")
        process.stdin.close()
        assert process.wait(timeout=20) == 0

    cell, expected = first.split()
    assert board[CELL_INDEX[cell]] == 0 and float(expected) > 0
    assert bad_board.startswith("error: the board") and "5 rows of 5" in bad_board
    assert fifth.startswith("error: ") and "all 4 cards of K" in fifth
    assert fields.startswith("error: expected a board and the drawn value")
    assert full.startswith("error: the board is full")
    cell, _ = letter.split()
    assert cell in CELLS and cell != "a1"


def test_training_is_reproducible(tmp_path: Path) -> None:
    paths = [tmp_path / "one.npz", tmp_path / "two.npz"]

    for path in paths:
        train_main(["--seed", "3", "--rounds", "300,300", "--quiet", "--out", str(path)])

    assert paths[0].read_bytes() == paths[1].read_bytes()


def test_the_line_states_score_as_the_engine_does() -> None:
    sp = space()
    for multiset in combinations_with_replacement(range(14), 5):
        key = sum(WEIGHT[v] for v in multiset)
        state = int(np.searchsorted(sp.keys, key))
        assert sp.keys[state] == key
        assert sp.points[state] == line_points(multiset)
        assert sp.points[state + STATES] == line_points(multiset, diagonal=True)
        if 0 in multiset:  # one value per state keeps the test fast
            value = 1 + key % 13
            grown = [*multiset[1:], value]  # multiset is sorted: 0 comes first
            assert sp.keys[sp.next[state, value]] == sum(WEIGHT[v] for v in grown)
