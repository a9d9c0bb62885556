"""Mathematico statistics: early placements, value of each number by position, and the
decisions of strong players on the same draw.

Terms:

* Cells are board indexes 0-24 (row by row; names ``a1``..``e5``, letter = column). The
  board's 8 symmetries (rotations and reflections, the dihedral group) map lines to lines of
  the same kind of scoring (rows and columns to rows and columns, diagonals to diagonals), so
  symmetric boards score the same and are *folded* together:
  - a cell's *class* is its orbit, named by its first cell: ``a1`` corner, ``b1`` edge,
    ``c1`` edge middle, ``b2`` inner diagonal, ``c2`` inner cross, ``c3`` centre;
  - a board's *frame* is the symmetry that makes it largest read row by row (empty = 0), so
    filled cells come first (top left); a cell *in the frame* is its image under it (the
    smallest image when several symmetries tie, so symmetric boards fold the same way).
* *Early placements*: the first ``early`` draws of every board, folded in the frame of the
  board after those draws; counters keyed by ``(value, cell)`` with the player's outcome.
* *Value by position*: over finished ``max``-mode games, for each value and cell class, the
  mean final score of boards where the value lies in that class minus the mean over every
  placement of that value, with bootstrap intervals over games (each placement counts once).
* *Decisions versus the field*: on one draw (every game played on the same ``deal_id``),
  where each player put the k-th card, folded in the frame of their board before it, for
  the strong players (display rating at or above the draw's ``strong_share`` quantile) and
  for everyone.

Invariants: records are judged by the rules engine first; ranks follow the game's ``Mode``
(ties share); every counter is additive per game (``tally``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from analytics.compute.bootstrap import RESAMPLES, Estimate, Estimator, bootstrap, difference
from analytics.compute.bootstrap import ratio as ratio_of
from analytics.compute.results import MATHEMATICO, GameResult, SeatResult, competition_ranks
from analytics.compute.tally import Key, Tally, one
from games.engine.mathematico.board import CELL_INDEX, CELLS
from games.engine.mathematico.notation import read_result, read_setup
from games.engine.mathematico.records import replay
from games.engine.mathematico.rules import NOT_PLACED
from games.engine.mathematico.scoring import Mode
from games.engine.record import RawRecord, read_records

SIZE = 5
EARLY = 5
MIN_PLACEMENTS = 30


def _map(transform: int, cell: int) -> int:
    r, c = divmod(cell, SIZE)
    n = SIZE - 1
    r, c = [
        (r, c),
        (c, n - r),
        (n - r, n - c),
        (n - c, r),
        (r, n - c),
        (n - r, c),
        (c, r),
        (n - c, n - r),
    ][transform]
    return SIZE * r + c


#: SYMMETRIES[g][cell] is the image of ``cell`` under symmetry ``g`` (g = 0 is the identity).
SYMMETRIES: tuple[tuple[int, ...], ...] = tuple(
    tuple(_map(g, cell) for cell in range(SIZE * SIZE)) for g in range(8)
)
#: The class (smallest cell of its orbit) of every cell.
CELL_CLASS: tuple[int, ...] = tuple(min(g[cell] for g in SYMMETRIES) for cell in range(25))
CLASS_NAMES: dict[str, str] = {
    "a1": "corner",
    "b1": "edge",
    "c1": "edge middle",
    "b2": "inner diagonal",
    "c2": "inner cross",
    "c3": "centre",
}
CLASSES: tuple[str, ...] = tuple(CLASS_NAMES)


def frames(board: Sequence[int]) -> list[tuple[int, ...]]:
    """The symmetries that make ``board`` largest read row by row (ties: all of them)."""
    best: tuple[int, ...] | None = None
    chosen: list[tuple[int, ...]] = []
    for g in SYMMETRIES:
        image = [0] * 25
        for cell, value in enumerate(board):
            image[g[cell]] = value
        key = tuple(image)
        if best is None or key > best:
            best, chosen = key, [g]
        elif key == best:
            chosen.append(g)
    return chosen


def fold(board: Sequence[int], cell: int) -> int:
    """``cell`` in the frame of ``board``."""
    return min(g[cell] for g in frames(board))


@dataclass(frozen=True, slots=True)
class MathematicoBoard:
    """One player's board: the cell of each drawn value (``None``: not placed)."""

    player: str
    cells: tuple[int | None, ...]
    score: int
    rank: int


@dataclass(frozen=True, slots=True)
class MathematicoGame:
    game_id: str
    deal_id: str
    deal: tuple[int, ...]
    mode: str
    boards: tuple[MathematicoBoard, ...]

    def result(self, *, order: str, club: str | None = None) -> GameResult:
        """The game as the ratings read it: places within the draw."""
        seats = tuple(SeatResult(b.player, b.rank, b.score) for b in self.boards)
        return GameResult(self.game_id, MATHEMATICO, order, seats, club, self.deal_id)


def read_mathematico(
    record: str | RawRecord,
    *,
    game_id: str,
    deal_id: str | None = None,
    players: Sequence[str] | None = None,
) -> MathematicoGame:
    """Judge and read one record; ``deal_id`` defaults to the Deal tag, ``players`` (ids in
    line order) to the names. A result-only record has no cells."""
    if isinstance(record, str):
        found = read_records(record)
        if len(found) != 1:
            raise ValueError(f"expected one record, found {len(found)}")
        record = found[0]
    if record.error is not None:
        raise record.error
    setup = read_setup(record)
    judged = replay(record).fields
    totals: dict[str, int] = judged["scores"]
    names = [line.name for line in setup.players] or list(read_result(record))
    ids = list(players) if players is not None else names
    scores = [totals[name] for name in names]
    ranks = _ranks(scores, setup.mode)
    deal = setup.deal or ()
    boards = []
    for index in range(len(names)):
        line = setup.players[index].tokens if setup.players else ()
        cells = tuple(None if t == NOT_PLACED else CELL_INDEX[t] for t in line)
        boards.append(MathematicoBoard(ids[index], cells, scores[index], ranks[index]))
    deal_key = deal_id if deal_id is not None else " ".join(map(str, deal))
    return MathematicoGame(game_id, deal_key, tuple(deal), setup.mode.text, tuple(boards))


def _ranks(scores: Sequence[int], mode: Mode) -> tuple[int, ...]:
    if mode.kind == "max":
        return competition_ranks(scores)
    if mode.kind == "min":
        return competition_ranks(scores, higher_is_better=False)
    target = mode.target or 0
    return competition_ranks([abs(s - target) for s in scores], higher_is_better=False)


def _board_after(game: MathematicoGame, board: MathematicoBoard, draws: int) -> list[int]:
    values = [0] * 25
    for value, cell in zip(game.deal[:draws], board.cells[:draws], strict=False):
        if cell is not None:
            values[cell] = value
    return values


# --- early placements (additive counters) -----------------------------------------------


def early_delta(
    game: MathematicoGame,
    *,
    early: int = EARLY,
    ratings: Sequence[int | None] | None = None,
) -> dict[Key, Tally]:
    """One game's early placements: ``(value, folded cell)`` -> outcome of the placer."""
    delta: dict[Key, Tally] = {}
    for index, board in enumerate(game.boards):
        if not board.cells:
            continue
        frame = frames(_board_after(game, board, early))
        rating = None if ratings is None else ratings[index]
        for value, cell in zip(game.deal[:early], board.cells[:early], strict=False):
            if cell is None:
                continue
            key = (str(value), CELLS[min(g[cell] for g in frame)])
            delta[key] = delta.get(key, Tally()) + one(
                rank=board.rank, score=board.score, rating=rating
            )
    return delta


# --- value of each number by position ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class ValueAtPosition:
    value: int
    cell_class: str
    name: str
    placements: int
    enough: bool
    mean_score: Estimate
    advantage: Estimate


def _value_row(game: MathematicoGame) -> list[int]:
    # per value (13) x class (6): placements, score sum; then per value: placements, score sum
    row = [0] * (13 * 6 * 2 + 13 * 2)
    for board in game.boards:
        for value, cell in zip(game.deal, board.cells, strict=False):
            if cell is None:
                continue
            at = ((value - 1) * 6 + CLASSES.index(CELLS[CELL_CLASS[cell]])) * 2
            row[at] += 1
            row[at + 1] += board.score
            total = 13 * 6 * 2 + (value - 1) * 2
            row[total] += 1
            row[total + 1] += board.score
    return row


def value_by_position(
    games: Sequence[MathematicoGame],
    *,
    min_placements: int = MIN_PLACEMENTS,
    resamples: int = RESAMPLES,
    seed: int = 0,
) -> tuple[ValueAtPosition, ...]:
    """For each value 1-13 and cell class: mean final score and advantage (see above)."""
    chosen = sorted((g for g in games if g.mode == "max"), key=lambda g: g.game_id)
    rows = [_value_row(g) for g in chosen]
    estimators: dict[str, Estimator] = {}
    for value in range(1, 14):
        total = 13 * 6 * 2 + (value - 1) * 2
        for k, name in enumerate(CLASSES):
            at = ((value - 1) * 6 + k) * 2
            mean = ratio_of(at + 1, at)
            estimators[f"{value} {name} mean"] = mean
            estimators[f"{value} {name} advantage"] = difference(mean, ratio_of(total + 1, total))
    found = bootstrap(rows, estimators, resamples=resamples, seed=seed)
    sums = [sum(col) for col in zip(*rows, strict=True)] if rows else [0] * 182
    out = []
    for value in range(1, 14):
        for k, name in enumerate(CLASSES):
            n = sums[((value - 1) * 6 + k) * 2]
            mean_score = found[f"{value} {name} mean"]
            advantage = found[f"{value} {name} advantage"]
            out.append(
                ValueAtPosition(
                    value,
                    name,
                    CLASS_NAMES[name],
                    n,
                    n >= min_placements,
                    Estimate(mean_score[0], mean_score[1], mean_score[2], n),
                    Estimate(advantage[0], advantage[1], advantage[2], n),
                )
            )
    return tuple(out)


# --- decisions versus the field ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decision:
    """Where the k-th card of a draw went (folded), for strong players and for everyone."""

    cell: str
    strong: int
    everyone: int
    strong_share: float | None
    share: float
    mean_score: float


def decisions_versus_field(
    games: Sequence[MathematicoGame],
    draw: int,
    *,
    ratings: Mapping[tuple[str, str], int | None],
    strong_share: float = 0.25,
) -> tuple[Decision, ...]:
    """On one draw (games sharing a deal), where the ``draw``-th card (1-25) was put.

    ``ratings`` maps ``(game_id, player)`` to the display rating before the game; the strong
    players are the rated ones in the top ``strong_share`` of them (at least one).
    """
    if not 1 <= draw <= 25:
        raise ValueError("draw is 1 to 25")
    if len({g.deal for g in games}) > 1:
        raise ValueError("decisions versus the field compare games on the same draw")
    choices: list[tuple[str, int, int | None]] = []
    for game in games:
        for board in game.boards:
            placed = board.cells[draw - 1] if len(board.cells) >= draw else None
            if placed is None:
                continue
            folded = fold(_board_after(game, board, draw - 1), placed)
            rating = ratings.get((game.game_id, board.player))
            choices.append((CELLS[folded], board.score, rating))
    rated = sorted((r for _, _, r in choices if r is not None), reverse=True)
    cut = rated[max(0, min(len(rated), round(len(rated) * strong_share)) - 1)] if rated else None
    strong_total = sum(1 for _, _, r in choices if r is not None and cut is not None and r >= cut)
    by_cell: dict[str, list[tuple[int, bool]]] = {}
    for name, score, rating in choices:
        is_strong = rating is not None and cut is not None and rating >= cut
        by_cell.setdefault(name, []).append((score, is_strong))
    out = [
        Decision(
            cell=cell,
            strong=sum(1 for _, s in found if s),
            everyone=len(found),
            strong_share=sum(1 for _, s in found if s) / strong_total if strong_total else None,
            share=len(found) / len(choices),
            mean_score=sum(score for score, _ in found) / len(found),
        )
        for cell, found in by_cell.items()
    ]
    out.sort(key=lambda d: (-d.strong, -d.everyone, d.cell))
    return tuple(out)
