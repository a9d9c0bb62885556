"""Searching for the partition of players into tables of four with the least total cost.

Partitioning a field into tables of four at least cost is hard (deciding whether some partition
has no repeat opponent at all is the K4-factor problem, NP-complete), so the search is exact on
small fields and a large-neighbourhood local search on large ones:

1. *Start* — the Swiss fold: players in standing order, cut into consecutive fours. It has the
   least possible standing spread.
2. *Eject and reinsert* — each pass takes one member out of every table (by turns: the member
   who burdens their table most, then the member at each standing rank within the table, then
   one at random from a seeded generator) and puts the ejected players back by an optimal
   assignment: ``scipy.optimize.linear_sum_assignment`` over the matrix "cost of table *j*'s
   three remaining members with ejected player *i*" (computed with numpy in one go). Keeping
   everyone where they were is one of the assignments, so a pass never makes the seating
   worse; it is kept only when strictly better. This is a very large-scale neighbourhood search
   (Ahuja, Orlin and Sharma, 2000): one pass weighs every permutation of the ejected players.
3. *Swap* — every exchange of a player at a table that seats repeat opponents with a player at
   another table is tried; the best improving one is applied and step 2 resumes. Steps 2 and 3
   stop when neither improves the seating (or after ``max_passes`` passes).
4. *Restarts* (iterated local search) — the best seating is perturbed by random exchanges and
   searched again, keeping any strictly cheaper result; stops at the lower bound, after
   ``restarts`` rounds, or once a budget of table-cost evaluations is spent (a count, so the
   result never depends on the machine's speed).
5. *Exact* (fields of at most ``exact_limit`` players) — depth-first branch and bound over all
   partitions, seeded with the local search's cost; the bound adds to the partial cost the least
   possible spread of the players left (consecutive fours of the sorted positions).

Invariants: the result is a partition of ``0..n-1`` into fours; its cost is at most the fold's;
on exact fields no partition has a lower cost (hence none has fewer repeat opponents); the same
inputs always give the same result.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from scipy.optimize import linear_sum_assignment

from tournaments.pairing.table_costs import Quad, TableCosts

STRATEGIES = 6  # worst member, rank 0..3 within the table, random member
SEED = 20_261_120


def fold(size: int) -> list[Quad]:
    """Consecutive fours of ``0..size-1``."""
    return [(i, i + 1, i + 2, i + 3) for i in range(0, size - size % 4, 4)]


def total_cost(costs: TableCosts, tables: Sequence[Quad]) -> int:
    return sum(costs.cost(*table) for table in tables)


def least_spread(positions: Sequence[int], players: Sequence[int]) -> int:
    """The least standing spread any partition of ``players`` (in standing order) can have."""
    return sum(
        positions[players[i + 3]] - positions[players[i]] for i in range(0, len(players) - 3, 4)
    )


def iterated_search(
    costs: TableCosts, tables: list[Quad], max_passes: int, restarts: int, budget: int
) -> list[Quad]:
    """Local search, then up to ``restarts`` times: perturb the best seating and search again.

    A perturbation exchanges ``max(2, n // 8)`` random pairs of players between tables (seeded
    generator); the searched result replaces the best only when it is strictly cheaper. No
    restart begins once the best seating reaches the lower bound (no repeats, least spread) or
    ``budget`` table costs have been computed (a count, not a clock: results are reproducible).
    """
    rng = random.Random(SEED)
    best = local_search(costs, tables, max_passes, rng)
    best_cost = total_cost(costs, best)
    floor = least_spread(costs.positions, sorted(p for table in tables for p in table))
    swaps = max(2, 4 * len(tables) // 8)
    for _ in range(restarts):
        if best_cost <= floor or len(best) < 2 or costs.evaluations >= budget:
            break
        shaken = [list(table) for table in best]
        for _ in range(swaps):
            t, u = rng.sample(range(len(shaken)), 2)
            k, q = rng.randrange(4), rng.randrange(4)
            shaken[t][k], shaken[u][q] = shaken[u][q], shaken[t][k]
        found = local_search(costs, [(a, b, c, d) for a, b, c, d in shaken], max_passes, rng)
        found_cost = total_cost(costs, found)
        if found_cost < best_cost:
            best, best_cost = found, found_cost
    return best


def local_search(
    costs: TableCosts, tables: list[Quad], max_passes: int, rng: random.Random
) -> list[Quad]:
    """Eject-and-reinsert passes alternating with swaps, until neither improves."""
    tables = list(tables)
    if len(tables) < 2:
        return tables
    passes = 0
    while passes < max_passes:
        stale = 0
        while stale < STRATEGIES and passes < max_passes:
            improved = _reinsert(costs, tables, passes % STRATEGIES, rng)
            passes += 1
            stale = 0 if improved else stale + 1
        if not _swap(costs, tables):
            break
    return tables


def _eject(costs: TableCosts, table: Quad, strategy: int, rng: random.Random) -> int:
    if strategy == 0:
        return max(
            range(4),
            key=lambda k: costs.conflict(table[k], table[:k] + table[k + 1 :]),
        )
    if strategy <= 4:
        return sorted(range(4), key=lambda k: table[k])[strategy - 1]
    return rng.randrange(4)


def _reinsert(costs: TableCosts, tables: list[Quad], strategy: int, rng: random.Random) -> bool:
    ejected: list[int] = []
    rests: list[tuple[int, ...]] = []
    for table in tables:
        k = _eject(costs, table, strategy, rng)
        ejected.append(table[k])
        rests.append(table[:k] + table[k + 1 :])
    matrix = costs.matrix(ejected, rests)
    rows, cols = linear_sum_assignment(matrix)
    if int(matrix[rows, cols].sum()) >= int(matrix.trace()):
        return False
    for i, j in zip(rows.tolist(), cols.tolist(), strict=True):
        a, b, c = rests[j]
        tables[j] = (a, b, c, ejected[i])
    return True


def _swap(costs: TableCosts, tables: list[Quad]) -> bool:
    """Apply the best improving exchange touching a table with repeat opponents."""
    table_cost = [costs.cost(*table) for table in tables]
    best_gain, best_move = 0, None
    for t, table in enumerate(tables):
        if costs.opponents(*table) == 0:
            continue
        for k in range(4):
            rest = table[:k] + table[k + 1 :]
            for u, other in enumerate(tables):
                if u == t:
                    continue
                for q in range(4):
                    other_rest = other[:q] + other[q + 1 :]
                    gain = (
                        table_cost[t]
                        + table_cost[u]
                        - costs.cost(other[q], *rest)
                        - costs.cost(table[k], *other_rest)
                    )
                    if gain > best_gain:
                        best_gain, best_move = gain, (t, k, u, q)
    if best_move is None:
        return False
    t, k, u, q = best_move
    mine, theirs = tables[t], tables[u]
    tables[t] = _replace(mine, k, theirs[q])
    tables[u] = _replace(theirs, q, mine[k])
    return True


def _replace(table: Quad, k: int, player: int) -> Quad:
    seats = list(table)
    seats[k] = player
    a, b, c, d = seats
    return (a, b, c, d)


def exact_search(costs: TableCosts, players: Sequence[int], bound: int) -> list[Quad] | None:
    """The least-cost partition of ``players`` (in standing order) if it costs under ``bound``."""
    positions = costs.positions
    best_cost = bound
    best: list[Quad] | None = None
    chosen: list[Quad] = []

    def search(rest: tuple[int, ...], spent: int) -> None:
        nonlocal best_cost, best
        if not rest:
            best_cost, best = spent, list(chosen)
            return
        first, others = rest[0], rest[1:]
        for b, c, d in combinations(others, 3):
            cost = spent + costs.cost(first, b, c, d)
            if cost >= best_cost:
                continue
            remaining = tuple(p for p in others if p != b and p != c and p != d)
            if cost + least_spread(positions, remaining) >= best_cost:
                continue
            chosen.append((first, b, c, d))
            search(remaining, cost)
            chosen.pop()

    search(tuple(sorted(players, key=lambda p: positions[p])), 0)
    return best
