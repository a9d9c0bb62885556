"""The standings of an event: a total order with the declared criteria, and shared ranks.

Terms: the event's *rules* declare the ranking criteria (names from ``criteria.CRITERIA``, the
first ranks and each next one breaks the remaining ties), the place points scheme, the bye rule,
how missed rounds count, and the *full-tie rule* for players equal on every criterion:

* ``"shared"`` (default) — they share the rank (competition ranking: 1, 2, 2, 4) and the list
  shows them by player id, lowest first, so the order of the list is still deterministic;
* ``"player_id"`` — the lower player id ranks higher; every rank is distinct.

Method: all players start in one group; each criterion is computed for the players of each
group (so head-to-head counts only the players still tied) and splits it, highest value first.

Invariants: every entry appears once; rows are in rank order; ``values`` follow the declared
criteria; two rows share a rank exactly when ``full_ties == "shared"`` and their values are
all equal; the result does not depend on the order of the entries, rounds, tables or seats
given. The rules in force are restated in ``Standings.rules``, so nothing is hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import groupby
from typing import Literal

from tournaments.standings.criteria import criteria_named
from tournaments.standings.ledger import ByeRule, MissedRule, build_ledger
from tournaments.standings.places import PlacePoints
from tournaments.standings.results import Entry, PlayerId, RoundResult, check_rounds

FullTies = Literal["shared", "player_id"]

FULL_TIE_RULES: dict[str, str] = {
    "shared": "players equal on every criterion share the rank and are listed by player id",
    "player_id": "players equal on every criterion are ranked by player id, lowest first",
}


@dataclass(frozen=True)
class StandingsRules:
    criteria: tuple[str, ...] = ("match_points", "total_score", "buchholz")
    place_points: PlacePoints = field(default_factory=PlacePoints)
    bye: ByeRule = field(default_factory=ByeRule)
    missed_round: MissedRule = "zero"
    full_ties: FullTies = "shared"


@dataclass(frozen=True)
class DeclaredCriterion:
    name: str
    description: str


@dataclass(frozen=True)
class Standing:
    rank: int
    player: PlayerId
    values: tuple[Fraction, ...]
    games: int
    byes: int
    missed: int
    dropped: bool


@dataclass(frozen=True)
class Standings:
    criteria: tuple[DeclaredCriterion, ...]
    rules: tuple[str, ...]
    rows: tuple[Standing, ...]


def compute_standings(
    entries: Sequence[Entry], rounds: Sequence[RoundResult], rules: StandingsRules | None = None
) -> Standings:
    """Rank every entry by the declared criteria (see the module's terms)."""
    rules = rules or StandingsRules()
    criteria = criteria_named(rules.criteria)
    check_rounds(entries, rounds)
    ledger = build_ledger(entries, rounds, rules.place_points, rules.bye, rules.missed_round)
    values: dict[PlayerId, list[Fraction]] = {player: [] for player in ledger}
    groups = [frozenset(ledger)] if ledger else []
    for criterion in criteria:
        split: list[frozenset[PlayerId]] = []
        for group in groups:
            computed = criterion.compute(ledger, group)
            for player in group:
                values[player].append(computed[player])
            by_value = sorted(group, key=lambda player: -computed[player])
            split.extend(
                frozenset(tied) for _, tied in groupby(by_value, key=lambda p: computed[p])
            )
        groups = split
    rows: list[Standing] = []
    for group in groups:
        shared_rank = len(rows) + 1
        for player in sorted(group):
            record = ledger[player]
            rows.append(
                Standing(
                    rank=shared_rank if rules.full_ties == "shared" else len(rows) + 1,
                    player=player,
                    values=tuple(values[player]),
                    games=len(record.games),
                    byes=len(record.byes),
                    missed=len(record.missed),
                    dropped=record.dropped,
                )
            )
    declared = tuple(DeclaredCriterion(c.name, c.description) for c in criteria)
    missed = (
        "a missed round counts as a bye"
        if rules.missed_round == "bye"
        else ("a missed round counts nothing")
    )
    stated = (
        rules.place_points.describe(),
        rules.bye.describe(),
        missed,
        FULL_TIE_RULES[rules.full_ties],
    )
    return Standings(declared, stated, tuple(rows))
