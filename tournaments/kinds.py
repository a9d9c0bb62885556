"""What differs between the four games when they are played in an event: one entry per game.

Each :class:`EventKind` gives the table size (0: the whole field plays one shared deal), the
formats the game can be played in (the first is the default), the default ranking options and,
for games whose round shares one deal (Mathematico's draw, an Overload deck), how to make the
round's cards from its seed. Adding a fifth game means one new entry here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.kinds import GameKind
from tournaments import pairing
from tournaments.models import EventFormat


@dataclass(frozen=True)
class EventKind:
    table_size: int  # players a table; 0 = the whole field plays one shared deal
    formats: tuple[EventFormat, ...]  # the first is the default
    place_points: tuple[float, ...] | None  # None: one point per player placed below
    criteria: tuple[str, ...]
    bye: dict[str, str | int]
    #: the round's shared cards from its seed, for games whose field plays one deal a round
    deal: Callable[[str], tuple[int | str, ...]] | None = None
    #: the result is an outcome (won or lost, the cards left, the royals killed), not scores
    result_is_outcome: bool = False


_ZERO_BYE: dict[str, str | int] = {"kind": "zero", "match_points": 0, "score": 0}

EVENT_KINDS: dict[str, EventKind] = {
    GameKind.MATRIO: EventKind(
        table_size=4,
        formats=(EventFormat.SWISS_TABLES, EventFormat.ROUND_ROBIN),
        place_points=(4, 2, 1, 0),
        criteria=("match_points", "total_score", "buchholz"),
        bye={"kind": "average", "match_points": 0, "score": 0},
    ),
    GameKind.INTEGER_MATRIX: EventKind(
        table_size=2,
        formats=(EventFormat.SWISS_PAIRS, EventFormat.ROUND_ROBIN),
        place_points=(1, 0),
        criteria=("match_points", "buchholz", "total_score"),
        bye={"kind": "fixed", "match_points": 1, "score": 0},
    ),
    GameKind.MATHEMATICO: EventKind(
        table_size=0,
        formats=(EventFormat.SIMULTANEOUS,),
        place_points=None,
        criteria=("match_points", "total_score"),
        bye=_ZERO_BYE,
        deal=pairing.mathematico_draw,
    ),
    GameKind.MATRIX_OVERLOAD: EventKind(
        table_size=0,
        formats=(EventFormat.DUPLICATE,),
        place_points=None,
        criteria=("match_points", "games_solved", "cards_left", "royals_killed"),
        bye=_ZERO_BYE,
        deal=pairing.overload_deck,
        result_is_outcome=True,
    ),
}
assert set(EVENT_KINDS) == set(GameKind.values), "every game kind needs its event entry"


def event_kind(game: str) -> EventKind:
    """The entry of a game kind (``KeyError`` for an unknown one)."""
    return EVENT_KINDS[game]
