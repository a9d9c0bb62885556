"""Pure pairing: seating players at tables round by round, for the four games.

Standard library plus networkx and scipy (numpy arrays for scipy's assignment solver): no
Django, DRF or Celery import (an import check in the tests enforces it). Plain frozen
dataclasses in, plain frozen dataclasses out; the same inputs always give the same result.

Modules, by subject:

* ``entrants`` — the inputs: entrants, played rounds, the standing order;
* ``encounters`` — what the history says: meetings, who played after whom, roles, byes;
* ``byes`` — who sits out when the tables cannot take everyone;
* ``swiss_tables`` (with ``table_costs`` and ``table_search``) — MatriO Swiss tables of four;
* ``swiss_pairs`` — Swiss pairs for two-player games (Integer Matrix);
* ``round_robin`` — round robin schedules: pairs (circle method), tables of four;
* ``shared_cards`` — Mathematico simultaneous and MATR1X 0VERL0AD duplicate rounds;
* ``finals`` — top-N finals.
"""

from __future__ import annotations

from tournaments.pairing.entrants import Entrant, PairingError, PlayedRound, PlayedTable, PlayerId
from tournaments.pairing.finals import FinalTable, final_tables
from tournaments.pairing.round_robin import (
    Schedule,
    ScheduledRound,
    pairs_round_robin,
    tables_round_robin,
)
from tournaments.pairing.shared_cards import (
    DuplicateRound,
    SimultaneousRound,
    duplicate_round,
    mathematico_draw,
    overload_deck,
    round_seed,
    simultaneous_round,
)
from tournaments.pairing.swiss_pairs import Pair, PairCost, Pairing, SwissPairOptions, pair_swiss
from tournaments.pairing.swiss_tables import (
    SeatedTable,
    Seating,
    SwissTableOptions,
    TableCost,
    seat_swiss_tables,
)

__all__ = [
    "DuplicateRound",
    "Entrant",
    "FinalTable",
    "Pair",
    "PairCost",
    "Pairing",
    "PairingError",
    "PlayedRound",
    "PlayedTable",
    "PlayerId",
    "Schedule",
    "ScheduledRound",
    "SeatedTable",
    "Seating",
    "SimultaneousRound",
    "SwissPairOptions",
    "SwissTableOptions",
    "TableCost",
    "duplicate_round",
    "final_tables",
    "mathematico_draw",
    "overload_deck",
    "pair_swiss",
    "pairs_round_robin",
    "round_seed",
    "seat_swiss_tables",
    "simultaneous_round",
    "tables_round_robin",
]
