"""Finished games as plain rows: who sat at the table, their scores and their places.

Terms:

* A *kind* is the MGN ``Game`` tag of the game: ``matrio``, ``mathematico``,
  ``integer-matrix`` or ``matrix-overload``.
* A :class:`SeatResult` is one player's outcome: ``rank`` 1 is the best place, equal ranks
  share a place (competition ranking, ``1 2 2 4``); ``score`` is ``None`` for a withdrawn
  player or when only the places are known; ``team`` groups the players of one side when an
  Integer Matrix side is a team.
* A :class:`GameResult` is one finished game: its seats, its club (``None`` for a game outside
  any club), an ``order`` key and, for Overload and Mathematico, the ``deal_id`` of the deck
  or draw it was played on. Games are always taken in the order of :func:`game_key`,
  ``(order, game_id)``: the shell passes an order key that sorts as text, e.g. the finishing
  time in ISO-8601 UTC followed by the zero-padded game number.
* An Overload game has one seat (rank 1 = win, 2 = loss); the deal is its opponent.

Invariants: player ids are strings (JSON object keys, so snapshots round-trip); withdrawn
players rank below every finisher and tie among themselves (:func:`competition_ranks`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MATRIO = "matrio"
MATHEMATICO = "mathematico"
INTEGER_MATRIX = "integer-matrix"
OVERLOAD = "matrix-overload"
KINDS: tuple[str, ...] = (MATRIO, MATHEMATICO, INTEGER_MATRIX, OVERLOAD)

#: Pseudo-player id prefix of an Overload deal (the player's opponent).
DEAL_PREFIX = "deal:"


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One player's outcome of one game (see the module docstring)."""

    player_id: str
    rank: int
    score: int | float | None = None
    withdrawn: bool = False
    team: str | None = None


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game, as the ratings and the statistics read it."""

    game_id: str
    kind: str
    order: str
    seats: tuple[SeatResult, ...]
    club: str | None = None
    deal_id: str | None = None


def game_key(game: GameResult) -> tuple[str, str]:
    """The order in which games are rated: ``(order, game_id)``."""
    return (game.order, game.game_id)


def deal_player(deal_id: str) -> str:
    """The pseudo-player id of an Overload deal."""
    return DEAL_PREFIX + deal_id


def competition_ranks(
    scores: Sequence[int | float | None], *, higher_is_better: bool = True
) -> tuple[int, ...]:
    """Places from scores: ties share a place (``1 2 2 4``); ``None`` (withdrawn) ranks last.

    >>> competition_ranks([268, -63, 409, None])
    (2, 3, 1, 4)
    >>> competition_ranks([10, 10, None, None, 5])
    (1, 1, 4, 4, 3)
    """
    sign = 1 if higher_is_better else -1
    finished = [sign * s for s in scores if s is not None]
    last = len(finished) + 1
    return tuple(
        last if s is None else 1 + sum(1 for other in finished if other > sign * s) for s in scores
    )


def seats_from_scores(
    players: Sequence[str],
    scores: Sequence[int | float | None],
    *,
    higher_is_better: bool = True,
) -> tuple[SeatResult, ...]:
    """Seat results of a game scored by points, ``None`` meaning withdrawn."""
    if len(players) != len(scores):
        raise ValueError(f"{len(players)} players but {len(scores)} scores")
    ranks = competition_ranks(scores, higher_is_better=higher_is_better)
    return tuple(
        SeatResult(player, rank, score, score is None)
        for player, score, rank in zip(players, scores, ranks, strict=True)
    )


def overload_result(
    *,
    game_id: str,
    order: str,
    player_id: str,
    deal_id: str,
    result: str,
    club: str | None = None,
) -> GameResult | None:
    """An Overload game against its deal; ``None`` for an unfinished game (it is not rated)."""
    if result not in {"win", "loss", "unfinished"}:
        raise ValueError(f"an Overload result is win, loss or unfinished, not {result!r}")
    if result == "unfinished":
        return None
    seat = SeatResult(player_id, 1 if result == "win" else 2)
    return GameResult(game_id, OVERLOAD, order, (seat,), club, deal_id)
