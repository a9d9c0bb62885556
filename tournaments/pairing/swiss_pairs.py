"""Swiss rounds for two-player games (Integer Matrix): pairs of similar standing, no rematch.

Terms:

* *pair* — ``first`` moves first (Integer Matrix: the negative player), ``second`` replies (the
  positive player). Pairs are numbered from the top of the standings (board 1).
* *rematch* — a pair who met before, counted by the times they met.
* *role balance* — a player's first seats minus second seats so far; a positive balance means
  the player is due to play second.
* *role clash* — both players are due the same role (balances of the same sign); its size is
  the smaller of the two absolute balances.
* *standing gap* — the difference of the two standing positions (0 inside a score bracket).

Method: an odd count gives one bye (``byes.RULE``). The others are paired by a maximum-weight
matching of maximum cardinality (``networkx.max_weight_matching``, Edmonds' blossom algorithm;
integer weights, so the optimum is exact) over the complete graph of the players, where an
edge costs ``rematches * R + gap² + role_weight * clash``. ``R`` exceeds the sum of the other
terms over any pairing, so rematches are minimised first: a rematch happens only when no
pairing of the field avoids it. Then the squared gaps (a long float costs more than two short
ones) and role clashes are traded at ``role_weight`` per unit of clash.

Roles within a pair: the player with the lower role balance plays first; on equal balances,
the one who played second in their latest two-player game plays first; otherwise (round one)
the higher-placed player plays first on odd boards and second on even boards, so that neither
role follows strength into the next score brackets.

Invariants: every present entrant is in exactly one pair or has the bye; no pairing of the same
players has fewer rematches; the same inputs always give the same pairing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import networkx as nx

from tournaments.pairing.byes import choose_byes
from tournaments.pairing.encounters import Encounters
from tournaments.pairing.entrants import (
    Entrant,
    PairingError,
    PlayedRound,
    PlayerId,
    present,
    standing_positions,
)


@dataclass(frozen=True)
class SwissPairOptions:
    #: one unit of role clash weighs as much as this many squared positions of gap
    role_weight: int = 4


@dataclass(frozen=True)
class PairCost:
    rematches: int = 0
    role_clashes: int = 0
    standing_gap: int = 0
    score_gap: float = 0.0

    def __add__(self, other: PairCost) -> PairCost:
        return PairCost(
            self.rematches + other.rematches,
            self.role_clashes + other.role_clashes,
            self.standing_gap + other.standing_gap,
            self.score_gap + other.score_gap,
        )


@dataclass(frozen=True)
class Pair:
    number: int
    first: PlayerId
    second: PlayerId
    cost: PairCost


@dataclass(frozen=True)
class Pairing:
    pairs: tuple[Pair, ...]
    byes: tuple[PlayerId, ...]
    cost: PairCost


def pair_swiss(
    entrants: Sequence[Entrant],
    history: Sequence[PlayedRound] = (),
    options: SwissPairOptions | None = None,
) -> Pairing:
    """Pair one Swiss round of a two-player game; an odd count gives one bye."""
    options = options or SwissPairOptions()
    ordered = present(entrants)
    if len(ordered) < 2:
        raise PairingError(f"a round of pairs needs at least 2 present players; {len(ordered)}")
    encounters = Encounters.of(history)
    byes = choose_byes(ordered, len(ordered) % 2, encounters)
    positions = standing_positions(ordered)
    seated = [(e, pos) for e, pos in zip(ordered, positions, strict=True) if e.id not in byes]
    balance = [encounters.role_balance(e.id) for e, _ in seated]

    def clash(i: int, j: int) -> int:
        same_side = balance[i] * balance[j] > 0
        return min(abs(balance[i]), abs(balance[j])) if same_side else 0

    def secondary(i: int, j: int) -> int:
        return (seated[i][1] - seated[j][1]) ** 2 + options.role_weight * clash(i, j)

    edges = list(combinations(range(len(seated)), 2))
    widest = max(secondary(i, j) for i, j in edges)
    rematch_weight = widest * (len(seated) // 2) + 1
    cost = {
        (i, j): encounters.met(seated[i][0].id, seated[j][0].id) * rematch_weight + secondary(i, j)
        for i, j in edges
    }
    ceiling = max(cost.values()) + 1
    graph = nx.Graph()
    graph.add_weighted_edges_from((i, j, ceiling - cost[i, j]) for i, j in edges)
    matching: set[tuple[int, int]] = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) * 2 != len(seated):  # pragma: no cover - a complete graph always pairs
        raise PairingError("no complete pairing exists")

    pairs = []
    for number, (i, j) in enumerate(sorted(tuple(sorted(edge)) for edge in matching), start=1):
        first, second = _roles(i, j, balance, seated, encounters, number)
        pair_cost = PairCost(
            rematches=encounters.met(seated[i][0].id, seated[j][0].id),
            role_clashes=clash(i, j),
            standing_gap=abs(seated[i][1] - seated[j][1]),
            score_gap=abs(seated[i][0].points - seated[j][0].points),
        )
        pairs.append(Pair(number, first, second, pair_cost))
    overall = sum((pair.cost for pair in pairs), PairCost())
    return Pairing(tuple(pairs), byes, overall)


def _roles(
    i: int,
    j: int,
    balance: Sequence[int],
    seated: Sequence[tuple[Entrant, int]],
    encounters: Encounters,
    board: int,
) -> tuple[PlayerId, PlayerId]:
    """(first, second) for local players ``i`` < ``j`` (``i`` is higher in the standings)."""
    a, b = seated[i][0].id, seated[j][0].id
    if balance[i] != balance[j]:
        return (a, b) if balance[i] < balance[j] else (b, a)
    last_a, last_b = encounters.last_seat.get(a), encounters.last_seat.get(b)
    if last_a is not None and last_b is not None and last_a != last_b:
        return (a, b) if last_a == 1 else (b, a)
    return (a, b) if board % 2 else (b, a)
