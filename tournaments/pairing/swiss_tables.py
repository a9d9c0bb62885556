"""MatriO Swiss rounds: tables of four players of similar standing who have rarely met.

Terms: a *seating* is this round's tables and byes. Each *seated table* lists its four members
in a *suggested clockwise order*; who is P1 follows from the deal (the holder of the 2 of
clubs), so the table keeps the suggested cyclic order and starts wherever the 2 of clubs lies.
The cyclic order alone decides who plays right after whom, so the suggestion is the order with
the fewest repeat neighbours (ties: the first in a fixed enumeration starting from the member
highest in the standing order). Tables are numbered from the top of the standings (table 1
holds the highest-placed member).

Method (see ``table_search``): byes first (``byes.RULE``); then the seated players are
partitioned into fours minimising, in this order of priority, repeat opponents, then repeat
neighbours and standing spread traded at ``neighbour_weight`` positions per repeat neighbour
(``table_costs``). Fields of at most ``exact_limit`` seated players are solved exactly; larger
fields by local search from the Swiss fold.

Invariants: every present entrant holds exactly one seat or one bye; every table has four
distinct players; byes number ``n % 4``; withdrawn entrants are never seated; on exactly
searched fields no other partition has fewer repeat opponents.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
from tournaments.pairing.table_costs import Quad, TableCosts
from tournaments.pairing.table_search import exact_search, fold, iterated_search, total_cost

TABLE_SIZE = 4


@dataclass(frozen=True)
class SwissTableOptions:
    #: one repeat neighbour weighs as much as this many standing positions of spread
    neighbour_weight: int = 4
    #: seatings of at most this many players are searched exactly
    exact_limit: int = 12
    #: cap on eject-and-reinsert passes of one local search
    max_passes: int = 60
    #: perturb-and-search-again rounds after the first local search
    restarts: int = 12
    #: no restart begins after this many table-cost evaluations (a count, not a clock)
    budget: int = 1_000_000


@dataclass(frozen=True)
class TableCost:
    repeat_opponents: int = 0
    repeat_neighbours: int = 0
    standing_spread: int = 0
    score_spread: float = 0.0

    def __add__(self, other: TableCost) -> TableCost:
        return TableCost(
            self.repeat_opponents + other.repeat_opponents,
            self.repeat_neighbours + other.repeat_neighbours,
            self.standing_spread + other.standing_spread,
            self.score_spread + other.score_spread,
        )


@dataclass(frozen=True)
class SeatedTable:
    number: int
    seats: tuple[PlayerId, ...]
    cost: TableCost


@dataclass(frozen=True)
class Seating:
    tables: tuple[SeatedTable, ...]
    byes: tuple[PlayerId, ...]
    cost: TableCost
    #: "exact" or "local search"
    method: str


def seat_swiss_tables(
    entrants: Sequence[Entrant],
    history: Sequence[PlayedRound] = (),
    options: SwissTableOptions | None = None,
) -> Seating:
    """Seat one MatriO Swiss round: tables of four and ``n % 4`` byes."""
    options = options or SwissTableOptions()
    ordered = present(entrants)
    if len(ordered) < TABLE_SIZE:
        raise PairingError(
            f"a MatriO round needs at least {TABLE_SIZE} present players; "
            f"{len(ordered)} are present"
        )
    encounters = Encounters.of(history)
    byes = choose_byes(ordered, len(ordered) % TABLE_SIZE, encounters)
    positions = standing_positions(ordered)
    seated = [(e, pos) for e, pos in zip(ordered, positions, strict=True) if e.id not in byes]
    costs = TableCosts(
        [e.id for e, _ in seated],
        [pos for _, pos in seated],
        encounters,
        options.neighbour_weight,
    )
    tables = iterated_search(
        costs, fold(len(seated)), options.max_passes, options.restarts, options.budget
    )
    method = "local search"
    if len(seated) <= options.exact_limit:
        better = exact_search(costs, range(len(seated)), total_cost(costs, tables) + 1)
        tables, method = better or tables, "exact"
    points = [e.points for e, _ in seated]
    numbered = tuple(
        _seated_table(costs, points, number, table)
        for number, table in enumerate(sorted(tables, key=min), start=1)
    )
    overall = sum((table.cost for table in numbered), TableCost())
    return Seating(numbered, byes, overall, method)


def _seated_table(
    costs: TableCosts, points: Sequence[float], number: int, table: Quad
) -> SeatedTable:
    a, b, c, d = sorted(table)
    neighbours, order = costs.best_order(a, b, c, d)
    cost = TableCost(
        repeat_opponents=costs.opponents(a, b, c, d),
        repeat_neighbours=neighbours,
        standing_spread=costs.spread(a, b, c, d),
        score_spread=points[a] - points[d],
    )
    return SeatedTable(number, tuple(costs.ids[local] for local in order), cost)
