"""Pure standings: ranking players of an event from their results, with declared tie-breaks.

Standard library only: no Django, DRF or Celery import (an import check in the tests enforces
it). Plain frozen dataclasses in, plain frozen dataclasses out; all arithmetic is exact.

Modules, by subject:

* ``results`` — the input: seat, table and round results, entries, their invariants;
* ``places`` — places within a table or a round (score modes, the solitaire order) and the
  place points they are worth;
* ``ledger`` — each player's record: games, byes, missed rounds, bye rule;
* ``criteria`` — the registry of ranking criteria (name, description, computation);
* ``ranking`` — the standings: a total order with shared ranks, rules restated.
"""

from __future__ import annotations

from tournaments.standings.criteria import CRITERIA, Criterion
from tournaments.standings.ledger import ByeRule
from tournaments.standings.places import PlacePoints, rank_by_score, rank_solitaire, rank_table
from tournaments.standings.ranking import (
    DeclaredCriterion,
    Standing,
    Standings,
    StandingsRules,
    compute_standings,
)
from tournaments.standings.results import (
    Entry,
    PlayerId,
    RoundResult,
    SeatResult,
    StandingsError,
    TableResult,
)

__all__ = [
    "CRITERIA",
    "ByeRule",
    "Criterion",
    "DeclaredCriterion",
    "Entry",
    "PlacePoints",
    "PlayerId",
    "RoundResult",
    "SeatResult",
    "Standing",
    "Standings",
    "StandingsError",
    "StandingsRules",
    "TableResult",
    "compute_standings",
    "rank_by_score",
    "rank_solitaire",
    "rank_table",
]
