"""Scoring of Mathematico boards (``docs/rules/mathematico.md``) and who wins.

Terms (combinations, rules profiles and line keys are defined in ``profiles.py``): a line
scores only its single best combination, whatever the order of its cards; a diagonal with a
non-zero score gets the bonus once. Empty cells (value 0) contribute nothing: a line scores
what its cards make, and a straight needs five cards. A board's *total* is the sum of
its 12 lines. The *mode* decides who wins: ``max`` (highest total), ``min`` (lowest) or
``exactly:N`` (closest to N); equal totals share the place.

Invariants: :func:`combination` is the readable definition; the replay paths use lookup tables
by line key, built once per profile from ``profiles.keys_by_combination``; a test checks every
one of the 8,568 keys against :func:`combination`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import NamedTuple

from games.engine.mathematico.board import CELLS, COLUMN_LINES, DIAGONALS, LINES, ROWS
from games.engine.mathematico.profiles import (
    CANONICAL,
    FOUR_OF_A_KIND,
    FOUR_ONES,
    FULL_HOUSE,
    MULTISETS,
    NOTHING,
    ONE_PAIR,
    ONE_TEN_TO_THIRTEEN,
    PROFILES,
    STRAIGHT,
    THREE_OF_A_KIND,
    THREE_ONES_TWO_THIRTEENS,
    TWO_PAIRS,
    WEIGHT,
    keys_by_combination,
)


def combination(values: Iterable[int]) -> str:
    """The best combination the cards of one line make (0 = empty cell, ignored).

    The checks run from the most to the least valuable combination, so the first match is
    the line's single best one (10-11-12-13-1 is 150, not a straight; 1-1-13-13-13 is a full
    house; four 1s beat four of a kind).
    """
    cards = sorted(v for v in values if v)
    counts = sorted(Counter(cards).values(), reverse=True) or [0]
    if cards.count(1) >= 4:
        return FOUR_ONES
    if counts[0] >= 4:
        return FOUR_OF_A_KIND
    if cards == [1, 10, 11, 12, 13]:
        return ONE_TEN_TO_THIRTEEN
    if cards == [1, 1, 1, 13, 13]:
        return THREE_ONES_TWO_THIRTEENS
    if counts == [3, 2]:
        return FULL_HOUSE
    if len(cards) == 5 and counts[0] == 1 and cards[-1] - cards[0] == 4:
        return STRAIGHT
    if counts[0] == 3:
        return THREE_OF_A_KIND
    if counts[:2] == [2, 2]:
        return TWO_PAIRS
    if counts[0] == 2:
        return ONE_PAIR
    return NOTHING


def line_points(values: Iterable[int], rules: str = CANONICAL, *, diagonal: bool = False) -> int:
    """Points of one line under a profile, with the bonus when it is a scoring diagonal."""
    profile = PROFILES[rules]
    points = profile.points[combination(values)]
    return points + profile.diagonal_bonus if diagonal and points else points


# --- the fast path: lookup tables --------------------------------------------------------


class Tables(NamedTuple):
    """Points by line key for rows and columns (``line``) and for diagonals (bonus included)."""

    line: dict[int, int]
    diagonal: dict[int, int]


@cache
def tables(rules: str = CANONICAL) -> Tables:
    """Lookup tables of a profile (a test checks every key against :func:`combination`)."""
    profile = PROFILES[rules]
    line: dict[int, int] = {}
    for name, keys in keys_by_combination():
        line.update(dict.fromkeys(keys, profile.points[name]))
    if len(line) != MULTISETS:  # pragma: no cover - guards the choice of WEIGHT
        raise AssertionError("WEIGHT gives two multisets the same key")
    bonus = profile.diagonal_bonus
    on_diagonal = {points: points + bonus if points else 0 for points in profile.points.values()}
    return Tables(line, dict(zip(line, map(on_diagonal.__getitem__, line.values()), strict=True)))


_STRAIGHT_LINES = tuple(line.cells for line in (*ROWS, *COLUMN_LINES))
_DIAGONAL_LINES = tuple(line.cells for line in DIAGONALS)


def weights_total(weights: Sequence[int], points: Tables) -> int:
    """Total of a board given as the ``WEIGHT`` of each of its 25 cells (fast path)."""
    line, diagonal = points
    w = weights
    total = 0
    for a, b, c, d, e in _STRAIGHT_LINES:
        total += line[w[a] + w[b] + w[c] + w[d] + w[e]]
    for a, b, c, d, e in _DIAGONAL_LINES:
        total += diagonal[w[a] + w[b] + w[c] + w[d] + w[e]]
    return total


def board_total(board: Sequence[int], rules: str = CANONICAL) -> int:
    """Total of a board (25 values, 0 = empty): the sum of its 12 lines."""
    return weights_total([WEIGHT[v] for v in board], tables(rules))


class LineScore(NamedTuple):
    """One line of a board's score sheet, for the site: ``points`` includes the ``bonus``."""

    kind: str  # row | column | diagonal
    label: str  # "row 1", "column c", "diagonal a1-e5"
    cells: tuple[str, ...]  # cell names in board order
    values: tuple[int, ...]  # the values in those cells, 0 = empty
    combination: str  # e.g. "full house", "nothing"
    bonus: int
    points: int


def breakdown(board: Sequence[int], rules: str = CANONICAL) -> tuple[LineScore, ...]:
    """The 12 lines of a board with their combination and points (rows, columns, diagonals).

    ``sum(line.points for line in breakdown(board)) == board_total(board)``.
    """
    profile = PROFILES[rules]
    out: list[LineScore] = []
    for line in LINES:
        values = tuple(board[i] for i in line.cells)
        name = combination(values)
        points = profile.points[name]
        bonus = profile.diagonal_bonus if line.kind == "diagonal" and points else 0
        out.append(
            LineScore(
                line.kind,
                line.label,
                tuple(CELLS[i] for i in line.cells),
                values,
                name,
                bonus,
                points + bonus,
            )
        )
    return tuple(out)


# --- who wins ----------------------------------------------------------------------------

_EXACTLY = re.compile(r"exactly\s*:\s*(\d+)\Z")


class Mode(NamedTuple):
    """``max`` (default), ``min`` or ``exactly`` with its ``target``."""

    kind: str = "max"
    target: int | None = None

    @property
    def text(self) -> str:
        """Canonical ``Mode`` tag value: ``max``, ``min`` or ``exactly:N``."""
        return f"exactly:{self.target}" if self.kind == "exactly" else self.kind

    @classmethod
    def read(cls, text: str) -> Mode:
        """Read a ``Mode`` tag value (any case, spaces around ``:``); ``ValueError`` if bad."""
        word = text.strip().lower()
        if word in ("max", "min"):
            return cls(word)
        match = _EXACTLY.match(word)
        if match is None:
            raise ValueError(text)
        return cls("exactly", int(match.group(1)))


MAX = Mode()


def winners(scores: Mapping[str, int], mode: Mode = MAX) -> tuple[str, ...]:
    """The players with the best total under ``mode`` (ties share), in seat order."""
    if not scores:
        return ()
    if mode.kind == "max":
        best = max(scores.values())
        return tuple(name for name, score in scores.items() if score == best)
    if mode.kind == "min":
        best = min(scores.values())
        return tuple(name for name, score in scores.items() if score == best)
    target = mode.target or 0
    gap = min(abs(score - target) for score in scores.values())
    return tuple(name for name, score in scores.items() if abs(score - target) == gap)
