"""The cost of seating four players together, and the clockwise order that suits them best.

Players are local indices ``0..n-1`` (the players to seat, in standing order). For a table of
four members:

* *repeat opponents* — the sum over its 6 pairs of their past meetings;
* *repeat neighbours* of a clockwise order — the sum over its 4 links (a player, the player
  right after them) of past follows; the table's value is the least over its 6 clockwise orders
  (the order is only suggested: the deal decides who is P1, never the cyclic order);
* *standing spread* — the highest minus the lowest standing position at the table, 0 when all
  four are in one score bracket;
* *cost* — ``repeat opponents * opponent_weight + repeat neighbours * neighbour_weight +
  standing spread``.

Invariants: ``opponent_weight`` is larger than the neighbour-and-spread part of any complete
seating, so minimising the summed cost minimises repeat opponents first (a lexicographic
order); only among seatings with equally few repeat opponents are repeat neighbours traded
against spread, at the declared rate (one repeat neighbour = ``neighbour_weight`` positions).
The cost of a table does not depend on the order its members are given in.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

import numpy as np
from numpy.typing import NDArray

from tournaments.pairing.encounters import Encounters
from tournaments.pairing.entrants import PlayerId

Quad = tuple[int, int, int, int]


class TableCosts:
    """Cost tables over local indices, built once per round from the history."""

    def __init__(
        self,
        ids: Sequence[PlayerId],
        positions: Sequence[int],
        encounters: Encounters,
        neighbour_weight: int,
    ) -> None:
        size = len(ids)
        index = {player: local for local, player in enumerate(ids)}
        self.ids = tuple(ids)
        self.positions = tuple(positions)
        self.neighbour_weight = neighbour_weight
        self.meet = [[0] * size for _ in range(size)]
        self.follow = [[0] * size for _ in range(size)]
        for (a, b), times in encounters.meetings.items():
            if a in index and b in index:
                self.meet[index[a]][index[b]] = self.meet[index[b]][index[a]] = times
        most_follows = 0
        for (a, b), times in encounters.follows.items():
            if a in index and b in index:
                self.follow[index[a]][index[b]] = times
                most_follows = max(most_follows, times)
        self.any_follows = most_follows > 0
        widest = max(positions) - min(positions) if positions else 0
        per_table = neighbour_weight * 4 * most_follows + widest
        self.opponent_weight = per_table * (size // 4) + 1
        #: how many table costs were computed: the search's deterministic work budget
        self.evaluations = 0

    @cached_property
    def _arrays(self) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
        return (
            np.array(self.meet, dtype=np.int64).reshape(len(self.ids), len(self.ids)),
            np.array(self.follow, dtype=np.int64).reshape(len(self.ids), len(self.ids)),
            np.array(self.positions, dtype=np.int64),
        )

    def matrix(
        self, players: Sequence[int], triples: Sequence[tuple[int, ...]]
    ) -> NDArray[np.int64]:
        """``result[i, j]`` = cost of the table ``triples[j] + (players[i],)``, vectorised.

        A clockwise order of four is a clockwise order of three (two directions) with the
        fourth player inserted into one of its three links: the six orders of :meth:`orders`.
        """
        meet, follow, positions = self._arrays
        x = np.asarray(players, dtype=np.intp)
        members = np.asarray(triples, dtype=np.intp).reshape(len(triples), 3)
        a, b, c = members[:, 0], members[:, 1], members[:, 2]
        inner = meet[a, b] + meet[a, c] + meet[b, c]
        opponents = meet[np.ix_(x, a)] + meet[np.ix_(x, b)] + meet[np.ix_(x, c)] + inner
        px, pm = positions[x][:, None], positions[members]
        high = np.maximum(px, pm.max(axis=1)[None, :])
        low = np.minimum(px, pm.min(axis=1)[None, :])
        total: NDArray[np.int64] = opponents * self.opponent_weight + (high - low)
        if self.any_follows:
            total = total + self.neighbour_weight * self._least_follows(follow, x, (a, b, c))
        self.evaluations += len(players) * len(triples)
        return total

    @staticmethod
    def _least_follows(
        follow: NDArray[np.int64], x: NDArray[np.intp], members: tuple[NDArray[np.intp], ...]
    ) -> NDArray[np.int64]:
        after_x = [follow[np.ix_(x, member)] for member in members]  # x, then the member
        before_x = [follow[np.ix_(member, x)].T for member in members]  # the member, then x
        least: NDArray[np.int64] = np.full(
            (len(x), len(members[0])), np.iinfo(np.int64).max, dtype=np.int64
        )
        for order in ((0, 1, 2), (0, 2, 1)):
            links = [(order[k], order[(k + 1) % 3]) for k in range(3)]
            ring = np.zeros(len(members[0]), dtype=np.int64)
            for u, v in links:
                ring = ring + follow[members[u], members[v]]
            for u, v in links:
                inserted = ring - follow[members[u], members[v]]
                least = np.minimum(least, inserted[None, :] + before_x[u] + after_x[v])
        return least

    def opponents(self, a: int, b: int, c: int, d: int) -> int:
        ma, mb, mc = self.meet[a], self.meet[b], self.meet[c]
        return ma[b] + ma[c] + ma[d] + mb[c] + mb[d] + mc[d]

    def spread(self, a: int, b: int, c: int, d: int) -> int:
        p = self.positions
        return max(p[a], p[b], p[c], p[d]) - min(p[a], p[b], p[c], p[d])

    def orders(self, a: int, b: int, c: int, d: int) -> list[tuple[int, Quad]]:
        """The 6 clockwise orders starting at ``a``, each with its repeat neighbours."""
        fa, fb, fc, fd = self.follow[a], self.follow[b], self.follow[c], self.follow[d]
        return [
            (fa[b] + fb[c] + fc[d] + fd[a], (a, b, c, d)),
            (fa[b] + fb[d] + fd[c] + fc[a], (a, b, d, c)),
            (fa[c] + fc[b] + fb[d] + fd[a], (a, c, b, d)),
            (fa[c] + fc[d] + fd[b] + fb[a], (a, c, d, b)),
            (fa[d] + fd[b] + fb[c] + fc[a], (a, d, b, c)),
            (fa[d] + fd[c] + fc[b] + fb[a], (a, d, c, b)),
        ]

    def best_order(self, a: int, b: int, c: int, d: int) -> tuple[int, Quad]:
        """The clockwise order from ``a`` with fewest repeat neighbours (first such order)."""
        return min(self.orders(a, b, c, d), key=lambda scored: scored[0])

    def neighbours(self, a: int, b: int, c: int, d: int) -> int:
        if not self.any_follows:
            return 0
        fa, fb, fc, fd = self.follow[a], self.follow[b], self.follow[c], self.follow[d]
        return min(
            fa[b] + fb[c] + fc[d] + fd[a],
            fa[b] + fb[d] + fd[c] + fc[a],
            fa[c] + fc[b] + fb[d] + fd[a],
            fa[c] + fc[d] + fd[b] + fb[a],
            fa[d] + fd[b] + fb[c] + fc[a],
            fa[d] + fd[c] + fc[b] + fb[a],
        )

    def cost(self, a: int, b: int, c: int, d: int) -> int:
        self.evaluations += 1
        ma, mb, mc = self.meet[a], self.meet[b], self.meet[c]
        p = self.positions
        pa, pb, pc, pd = p[a], p[b], p[c], p[d]
        total = (ma[b] + ma[c] + ma[d] + mb[c] + mb[d] + mc[d]) * self.opponent_weight + (
            max(pa, pb, pc, pd) - min(pa, pb, pc, pd)
        )
        if self.any_follows:
            total += self.neighbour_weight * self.neighbours(a, b, c, d)
        return total

    def conflict(self, member: int, others: Sequence[int]) -> int:
        """How much ``member`` burdens a table with ``others``: used to pick who to move."""
        meets = sum(self.meet[member][other] for other in others)
        follows = sum(self.follow[member][o] + self.follow[o][member] for o in others)
        p = self.positions
        distance = sum(abs(p[member] - p[other]) for other in others)
        return meets * self.opponent_weight + follows * self.neighbour_weight + distance
