"""Post-game review of Mathematico: each placement against the advisor, on common futures."""

from __future__ import annotations

import random

from games.engine.mathematico import random_game
from games.engine.mathematico.board import CELLS
from games.engine.mathematico.cards import COPIES, VALUES, deal_text
from games.engine.mathematico.notation import read_setup
from games.engine.record import read_records
from games.engine.review import review
from games.engine.review.grades import MATHEMATICO, GameReview
from games.engine.review.mathematico import best_cell, expected_totals
from games.engine.review.mathematico import review as review_mathematico

SAMPLES, FUTURES = 16, 32  # smaller than the review's defaults, to stay fast


def mgn(deal: list[int], lines: dict[str, list[str]]) -> str:
    body = "\n".join(f"{name}: {' '.join(cells)}" for name, cells in lines.items())
    return f'[Game "mathematico"]\n[Deal "{deal_text(deal)}"]\n\n{body}\n'


def play_game(seed: int, bad_at: int | None = None) -> str:
    """One player placing every value where the reviewer's advisor says, except at ply
    ``bad_at``, where the value goes to the cell of the lowest expected total."""
    rng = random.Random(seed)
    deal = rng.sample([v for v in VALUES for _ in range(COPIES)], 25)
    board = [0] * 25
    cells = []
    for ply, value in enumerate(deal, start=1):
        drawn = deal[:ply]
        cell = best_cell(board, value, drawn, samples=SAMPLES)
        if ply == bad_at:
            empty = [i for i, v in enumerate(board) if not v]
            totals = expected_totals(board, value, empty, drawn, FUTURES)
            cell = min(zip(totals, empty, strict=True))[1]
        board[cell] = value
        cells.append(CELLS[cell])
    return mgn(deal, {"Ada": cells})


def reviewed(text: str) -> GameReview:
    return review_mathematico(read_records(text)[0], samples=SAMPLES, futures=FUTURES)


def test_a_game_placed_by_the_advisor_is_all_good() -> None:
    done = reviewed(play_game(1))

    assert len(done.moves) == 25
    assert {m.grade for m in done.moves} == {"good"}
    assert all(m.loss == 0 and m.best == m.played for m in done.moves)


def test_the_worst_cell_is_graded_worse_than_good() -> None:
    for bad_at in (3, 6, 9):
        move = reviewed(play_game(2, bad_at)).moves[bad_at - 1]
        assert move.loss >= 0
        if move.loss >= MATHEMATICO.inaccuracy:
            assert move.grade != "good" and move.best != move.played
            assert move.value is not None and move.best_value is not None
            assert move.best_value - move.value == move.loss
            return
    raise AssertionError("the worst cell never cost a point")


def test_the_review_does_not_depend_on_the_order_of_the_unseen_cards() -> None:
    text = random_game(4, "greedy")
    setup = read_setup(read_records(text)[0])
    assert setup.deal is not None
    shown = 12
    deal = list(setup.deal)
    rest = [v for v in VALUES for _ in range(COPIES)]
    for value in deal[:shown]:
        rest.remove(value)
    shuffled = deal[:shown] + random.Random(9).sample(rest, 25 - shown)
    assert shuffled != deal
    other = mgn(shuffled, {p.name: list(p.tokens) for p in setup.players})

    first, second = reviewed(text), reviewed(other)

    early = [m for m in first.moves if m.ply <= shown]
    assert early == [m for m in second.moves if m.ply <= shown]
    assert len(early) == shown * len(setup.players)


def test_losses_and_the_json_shape() -> None:
    done = review("mathematico", random_game(5, "random"), budget_ms=5)

    assert all(m.loss >= 0 for m in done.moves)
    data = done.json()
    assert data["game"] == "mathematico"
    assert "5 ms" in data["method"]
    players = list(data["summary"])
    assert players == [p.name for p in read_setup(read_records(random_game(5))[0]).players]
    assert all(s["moves"] == 25 for s in data["summary"].values())
    assert {m["ply"] for m in data["moves"]} == set(range(1, 26))
    assert sum(data["summary"][players[0]]["grades"].values()) == 25
