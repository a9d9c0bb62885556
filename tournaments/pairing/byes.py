"""Who sits out a round: the bye rule shared by every pairing method.

Terms: a *bye* is a round in which a present player is not seated because the tables cannot
take everyone (MatriO needs exactly four per table, so ``n % 4`` players sit out; two-player
games give one bye when the count is odd). The points a bye is worth are the event's declared
bye rule, applied by the standings, not here.

Rule (declared, the same for every game): byes go to the players with the fewest byes so far,
and among those to the lowest in the standing order. Invariants: exactly ``count`` distinct
present players receive a bye; nobody gets a second bye while a present player has none.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.encounters import Encounters
from tournaments.pairing.entrants import Entrant, PairingError, PlayerId

RULE = "fewest byes so far, then lowest in the standing order"


def choose_byes(
    ordered: Sequence[Entrant], count: int, encounters: Encounters
) -> tuple[PlayerId, ...]:
    """The ``count`` players of a standing-ordered list who sit out this round."""
    if not 0 <= count <= len(ordered):
        raise PairingError(f"cannot give {count} byes to {len(ordered)} players")
    lowest_first = list(reversed(ordered))
    chosen = sorted(
        range(len(lowest_first)),
        key=lambda index: (encounters.byes[lowest_first[index].id], index),
    )[:count]
    return tuple(lowest_first[index].id for index in sorted(chosen))
