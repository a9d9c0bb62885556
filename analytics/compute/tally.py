"""Additive counters: the outcome sums behind every opening and placement statistic.

Terms:

* A :class:`Tally` sums, over the players it counts, their games, wins (rank 1, shared
  places included), ranks, final scores (over the ``scored`` players: a withdrawn MatriO
  player has none), display ratings before the game (over the ``rated`` ones) and one
  statistic-specific whole number (``extra_sum``, e.g. the points a move scored).
* :class:`Counters` are tallies keyed by ``(group, key)``: for the MatriO explorer the group
  is the line played so far and the key the next move; for Mathematico the group is a value
  and the key a cell; and so on. One game gives a small *delta* (its own counters); the
  shell adds it to stored rows (``UPDATE ... SET games = games + 1``) and subtracts it when
  the game is edited or deleted, so no request ever rescans the games.

Invariants: every field is a whole number, so adding and subtracting deltas is exact and the
counters of games added one by one equal the counters of all games counted at once; a row
whose counts are all zero is dropped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields

Key = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Tally:
    """Outcome sums over the players a statistic counts (see the module docstring)."""

    games: int = 0
    wins: int = 0
    rank_sum: int = 0
    scored: int = 0
    score_sum: int = 0
    rated: int = 0
    rating_sum: int = 0
    extra_sum: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(Tally)))

    def __sub__(self, other: Tally) -> Tally:
        return Tally(*(getattr(self, f.name) - getattr(other, f.name) for f in fields(Tally)))

    @property
    def empty(self) -> bool:
        return self == ZERO

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def mean_rank(self) -> float | None:
        return self.rank_sum / self.games if self.games else None

    @property
    def mean_score(self) -> float | None:
        return self.score_sum / self.scored if self.scored else None

    @property
    def mean_rating(self) -> float | None:
        return self.rating_sum / self.rated if self.rated else None

    @property
    def mean_extra(self) -> float | None:
        return self.extra_sum / self.games if self.games else None


ZERO = Tally()


def one(*, rank: int, score: int | None = None, rating: int | None = None, extra: int = 0) -> Tally:
    """One player's game: rank 1 is a win; ``score`` ``None`` (withdrawn) is not averaged."""
    return Tally(
        games=1,
        wins=1 if rank == 1 else 0,
        rank_sum=rank,
        scored=0 if score is None else 1,
        score_sum=0 if score is None else score,
        rated=0 if rating is None else 1,
        rating_sum=0 if rating is None else rating,
        extra_sum=extra,
    )


@dataclass(frozen=True, slots=True)
class Counters:
    """Tallies keyed by ``(group, key)``."""

    rows: Mapping[Key, Tally]

    def plus(self, delta: Mapping[Key, Tally]) -> Counters:
        return Counters(_combine(self.rows, delta, 1))

    def minus(self, delta: Mapping[Key, Tally]) -> Counters:
        return Counters(_combine(self.rows, delta, -1))

    def group(self, group: str) -> list[tuple[str, Tally]]:
        """The keys of a group, most games first (then by key)."""
        found = [(key, tally) for (g, key), tally in self.rows.items() if g == group]
        return sorted(found, key=lambda item: (-item[1].games, item[0]))

    def groups(self) -> list[str]:
        return sorted({group for group, _ in self.rows})


EMPTY = Counters({})


def _combine(rows: Mapping[Key, Tally], delta: Mapping[Key, Tally], sign: int) -> dict[Key, Tally]:
    out = dict(rows)
    for key, tally in delta.items():
        total = out.get(key, ZERO) + tally if sign > 0 else out.get(key, ZERO) - tally
        if total.empty:
            out.pop(key, None)
        else:
            out[key] = total
    return out


def count_all(deltas: Iterable[Mapping[Key, Tally]]) -> Counters:
    """The counters of many games at once (the sum of their deltas)."""
    out: dict[Key, Tally] = {}
    for delta in deltas:
        for key, tally in delta.items():
            out[key] = out.get(key, ZERO) + tally
    return Counters({key: tally for key, tally in out.items() if not tally.empty})
