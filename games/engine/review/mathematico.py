"""Post-game review of a Mathematico game: each placement against the advisor's choice.

Terms:

* A placement's *value* is its *expected final total*: the mean total of the board after
  ``futures`` random futures (default :data:`FUTURES`), each future a random order of the
  *unseen cards* (the 52-card deck minus the values drawn so far), played out by the greedy
  policy of the learned line values (``mathematico.value_table.play_greedy``).
* The *best move* is the cell the advisor (``mathematico.advisor.advise``) chooses for the
  board and the drawn value; the move played and the advisor's cell are valued on the SAME
  futures (common random numbers), so their difference is not sampling noise between two
  draws of futures. A cell that is the image of the advisor's cell under a symmetry of the
  12 lines is the same move (loss 0).
* The advisor thinks for ``ms`` milliseconds per move when given, else plays exactly
  ``samples`` futures per candidate (default :data:`ADVISOR_SAMPLES`: deterministic).
* A value left unplaced (``-``, timed play) is not a choice: it is not reviewed. The last
  placement of a line is forced and valued exactly (the board's total).

Thresholds: ``grades.MATHEMATICO`` (points of expected final total). The review grades by
the total (the ``max`` mode); for another ``Mode`` the ``details`` say so.

Invariants: judging ply *k* reads only the board before it, the drawn value and the values
drawn before it (never a later draw of the deal): the futures and the advisor's random
numbers are seeded by exactly those, so shuffling the rest of the deal changes nothing up to
ply *k*; a review is a function of the record and the parameters (without ``ms``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

from games.engine.core import RecordError
from games.engine.mathematico.advisor import advise, symmetries
from games.engine.mathematico.board import CELL_INDEX, CELLS, board_string
from games.engine.mathematico.cards import COPIES, DEAL_SIZE, VALUES
from games.engine.mathematico.notation import read_setup
from games.engine.mathematico.records import replay
from games.engine.mathematico.rules import NOT_PLACED
from games.engine.mathematico.scoring import board_total
from games.engine.mathematico.value_table import line_states, load, play_greedy, space
from games.engine.record import RawRecord
from games.engine.review.grades import MATHEMATICO, GameReview, MoveReview, judged

NAME = "mathematico"
FUTURES = 128
ADVISOR_SAMPLES = 64


def seed_of(board: Sequence[int], value: int, drawn: Sequence[int]) -> int:
    """A seed made of what the player knows at this ply (stable across runs)."""
    text = f"{board_string(board)}|{value}|{','.join(map(str, sorted(drawn)))}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def unseen(drawn: Sequence[int]) -> list[int]:
    """The deck minus the values drawn so far (the current one included)."""
    return [v for v in VALUES for _ in range(COPIES - list(drawn).count(v))]


def _placed(board: Sequence[int], cell: int, value: int) -> tuple[int, ...]:
    return (*board[:cell], value, *board[cell + 1 :])


def same_move(board: Sequence[int], value: int, a: int, b: int) -> bool:
    """Whether cells ``a`` and ``b`` give boards equal up to a symmetry of the lines."""
    if a == b:
        return True
    perms = symmetries()
    first = np.asarray(_placed(board, a, value), dtype=np.int8)
    second = np.asarray(_placed(board, b, value), dtype=np.int8)
    return bool((first[perms] == second).all(axis=1).any())


def expected_totals(
    board: Sequence[int], value: int, cells: Sequence[int], drawn: Sequence[int], futures: int
) -> list[float]:
    """The mean final total of each placement of ``value`` in ``cells``, on common futures."""
    steps = DEAL_SIZE - len(drawn)
    if steps == 0:
        return [float(board_total(_placed(board, cell, value))) for cell in cells]
    rng = np.random.default_rng(seed_of(board, value, drawn))
    deck = np.array(unseen(drawn), dtype=np.int64)
    draws = rng.permuted(np.tile(deck, (futures, 1)), axis=1)[:, :steps]
    boards = [_placed(board, cell, value) for cell in cells]
    states = np.repeat(line_states(np.array(boards)), futures, axis=0)
    empty = np.repeat(np.array([[not v for v in b] for b in boards]), futures, axis=0)
    final = play_greedy(load().values, states, empty, np.tile(draws, (len(cells), 1)))
    totals = space().points[final].sum(axis=1).reshape(len(cells), futures)
    return [float(row.mean()) for row in totals]


def best_cell(
    board: Sequence[int],
    value: int,
    drawn: Sequence[int],
    *,
    ms: float | None = None,
    samples: int = ADVISOR_SAMPLES,
) -> int:
    """The advisor's cell (board index) for ``value``, seeded by the position."""
    if board.count(0) == 1:
        return board.index(0)
    rng = np.random.default_rng(seed_of(board, value, drawn) ^ 0x5EED)
    if ms is not None:
        advice = advise(board, value, ms=ms, rng=rng)
    else:
        advice = advise(board, value, ms=None, rng=rng, samples=samples)
    return CELL_INDEX[advice.cell]


def review(
    record: RawRecord,
    *,
    ms: float | None = None,
    samples: int = ADVISOR_SAMPLES,
    futures: int = FUTURES,
) -> GameReview:
    """Every placement of every player line, graded against the advisor (see the docstring)."""
    replay(record)  # the record must be legal (raises its EngineError)
    setup = read_setup(record)
    if not setup.players or setup.deal is None:
        raise RecordError("a result-only record has no moves to review")
    deal = setup.deal
    moves: list[MoveReview] = []
    for player in setup.players:
        board = [0] * len(CELLS)
        for ply, (token, value) in enumerate(zip(player.tokens, deal, strict=True), start=1):
            if token == NOT_PLACED:
                continue
            cell = CELL_INDEX[token]
            drawn = deal[:ply]
            best = best_cell(board, value, drawn, ms=ms, samples=samples)
            if same_move(board, value, cell, best):
                (played,) = expected_totals(board, value, [cell], drawn, futures)
                best, best_value = cell, played
            else:
                played, best_value = expected_totals(board, value, [cell, best], drawn, futures)
            moves.append(
                judged(
                    MATHEMATICO,
                    ply=ply,
                    player=player.name,
                    played=CELLS[cell],
                    best=CELLS[best],
                    value=played,
                    best_value=best_value,
                )
            )
            board[cell] = value
    thinking = f"{ms:g} ms" if ms is not None else f"{samples} futures per cell"
    details: dict[str, object] = {}
    if setup.mode.kind != "max":
        details["mode"] = f"graded by expected total (max); the game's mode is {setup.mode.kind}"
    return GameReview(
        NAME,
        tuple(moves),
        method=(
            f"advisor ({thinking}) vs the move played, both valued on the same {futures} "
            "random futures of the unseen cards; value = expected final total"
        ),
        thresholds=MATHEMATICO,
        method_params={"ms": ms, "samples": samples, "futures": futures},
        details=details,
    )
