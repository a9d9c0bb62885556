"""The MatriO opening explorer: from the start, each move played, then the next, and so on.

Terms:

* A *line* is the moves played from the start, each ``CARD>TRAY`` (``+`` marks are implied
  by the position), joined by spaces; the start is the empty line ``""``.
* The explorer's counters (:class:`~analytics.compute.tally.Counters`) are keyed by
  ``(line, move)``: the games in which ``move`` was played right after ``line``, with the
  outcome of the player who played it — final score (withdrawn players have none), place,
  win (first place, shared or not) and display rating before the game.
* ``depth`` is how many plies deep the explorer counts (the first ``depth`` moves of every
  game); the shell fixes it once for its stored counters.

Invariants: one game adds exactly one move per ply up to ``depth``, so the games under a
line add up to the games of the line; counters are sums of per-game deltas (additive: add a
finished game, subtract an edited or deleted one); a result-only game adds nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from analytics.compute.matrio_games import MatrioGame
from analytics.compute.tally import Counters, Key, Tally, count_all, one

DEFAULT_DEPTH = 4


@dataclass(frozen=True, slots=True)
class OpeningMove:
    """One row of the explorer: a move after a line, and how its players did."""

    line: str
    move: str
    games: int
    share: float
    win_rate: float
    mean_rank: float
    mean_score: float | None
    scored: int
    mean_rating: float | None
    rated: int

    @property
    def next_line(self) -> str:
        return f"{self.line} {self.move}".strip()


def opening_delta(
    game: MatrioGame,
    *,
    depth: int = DEFAULT_DEPTH,
    ratings: Sequence[int | None] | None = None,
) -> dict[Key, Tally]:
    """One game's contribution to the explorer (``ratings``: display ratings by seat)."""
    if depth < 1:
        raise ValueError("depth must be at least 1")
    ranks = game.ranks
    line: list[str] = []
    delta: dict[Key, Tally] = {}
    for placement in game.placements[:depth]:
        seat = placement.seat
        rating = None if ratings is None else ratings[seat]
        key = (" ".join(line), placement.move)
        delta[key] = one(rank=ranks[seat], score=game.scores[seat], rating=rating)
        line.append(placement.move)
    return delta


def tally_openings(
    games: Iterable[MatrioGame],
    *,
    depth: int = DEFAULT_DEPTH,
    ratings: Mapping[str, Sequence[int | None]] | None = None,
) -> Counters:
    """The explorer's counters over many games (``ratings`` by game id, then seat)."""
    return count_all(
        opening_delta(g, depth=depth, ratings=None if ratings is None else ratings.get(g.game_id))
        for g in games
    )


def explore(counters: Counters, line: str | Sequence[str] = "") -> tuple[OpeningMove, ...]:
    """The moves played after ``line`` (a string or a list of moves), most played first."""
    line = line if isinstance(line, str) else " ".join(line)
    line = " ".join(line.split())
    found = counters.group(line)
    total = sum(tally.games for _, tally in found)
    return tuple(
        OpeningMove(
            line=line,
            move=move,
            games=tally.games,
            share=tally.games / total,
            win_rate=tally.wins / tally.games,
            mean_rank=tally.rank_sum / tally.games,
            mean_score=tally.mean_score,
            scored=tally.scored,
            mean_rating=tally.mean_rating,
            rated=tally.rated,
        )
        for move, tally in found
    )
