"""Round robin schedules: pairs for any two-player game, tables of four for MatriO.

Terms: a *schedule* is every round in advance; each *scheduled round* lists its tables (seats
in play order for pairs: first, second; a suggested clockwise order for tables of four) and
its byes. ``unmet_pairs`` counts pairs of players who never share a table, ``repeat_meetings``
the meetings beyond the first of a pair.

Methods:

* *Pairs* — the circle method (the 1-factorisation GK_n): players ``0..n-2`` on a circle and
  ``n-1`` in the centre; in round ``r`` the centre meets ``r`` and ``r+k`` meets ``r-k``
  (mod ``n-1``). An odd count adds a dummy in the centre; meeting it is a bye. Roles: in
  ``r+k`` against ``r-k`` the first seat goes to ``r+k`` when ``k`` is odd, else to ``r-k``;
  the centre plays first in even-numbered rounds. Each player's roles then alternate round by round
  except once, so first and second seats differ by at most one (Berger-table balance).
* *Tables of four* — a round robin where every pair meets exactly once needs a resolvable
  design; for ``n = 4^k`` it is the affine geometry AG(k, 4): players are the points of
  GF(4)^k, a round is a parallel class of lines (every line has 4 points), and any two points lie
  on exactly one line; ``(n-1)/3`` rounds. For other counts no exact construction is
  attempted: each round is seated by the Swiss table search with everyone on equal points
  (repeat opponents first, then repeat neighbours), greedily round after round, which is the
  social-golfer heuristic; the schedule reports how many pairs stay unmet and how many meetings
  repeat. The default length is the least that could let everyone meet: ``ceil((n-1)/3)``.

Mathematico and MATR1X 0VERL0AD need no schedule: each of their rounds seats the whole field
together (``shared_cards``), so every round already meets everyone.

Invariants: in every round each player holds one seat or one bye; the pair schedule meets
every pair exactly once; the affine schedule too (``unmet_pairs == repeat_meetings == 0``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product

from tournaments.pairing.encounters import pair_key
from tournaments.pairing.entrants import Entrant, PairingError, PlayedRound, PlayedTable, PlayerId
from tournaments.pairing.swiss_tables import Seating, seat_swiss_tables


@dataclass(frozen=True)
class ScheduledRound:
    number: int
    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class Schedule:
    rounds: tuple[ScheduledRound, ...]
    #: "circle method", "affine geometry AG(k, 4)" or "greedy Swiss tables"
    method: str
    unmet_pairs: int
    repeat_meetings: int


def pairs_round_robin(players: Sequence[PlayerId]) -> Schedule:
    """Every pair meets once: ``n - 1`` rounds (``n`` rounds with a bye each when odd)."""
    _check(players, least=2)
    circle: list[PlayerId | None] = list(players)
    if len(circle) % 2:
        circle.append(None)
    size = len(circle)
    ring, centre = circle[:-1], circle[-1]
    rounds = []
    for r in range(size - 1):
        seats: list[tuple[PlayerId | None, PlayerId | None]] = [
            (centre, ring[r]) if r % 2 else (ring[r], centre)
        ]
        for k in range(1, size // 2):
            ahead, behind = ring[(r + k) % (size - 1)], ring[(r - k) % (size - 1)]
            seats.append((ahead, behind) if k % 2 else (behind, ahead))
        tables = tuple((a, b) for a, b in seats if a is not None and b is not None)
        byes = tuple(p for pair in seats if None in pair for p in pair if p is not None)
        rounds.append(ScheduledRound(r + 1, tables, byes))
    return _schedule(players, rounds, "circle method")


def tables_round_robin(players: Sequence[PlayerId], rounds: int | None = None) -> Schedule:
    """Tables of four in which players meet as evenly as possible (exactly once for 4^k)."""
    _check(players, least=4)
    size, dimension = len(players), 0
    while 4**dimension < size:
        dimension += 1
    if 4**dimension == size and rounds in (None, (size - 1) // 3):
        return _affine(players, dimension)
    wanted = rounds if rounds is not None else -(-(size - 1) // 3)
    entrants = [Entrant(player) for player in players]
    played: list[PlayedRound] = []
    for _ in range(wanted):
        played.append(_as_played(seat_swiss_tables(entrants, played)))
    scheduled = [
        ScheduledRound(number, tuple(table.seats for table in one.tables), one.byes)
        for number, one in enumerate(played, start=1)
    ]
    return _schedule(players, scheduled, "greedy Swiss tables")


def _as_played(seating: Seating) -> PlayedRound:
    return PlayedRound(tuple(PlayedTable(table.seats) for table in seating.tables), seating.byes)


def _affine(players: Sequence[PlayerId], dimension: int) -> Schedule:
    """Parallel classes of lines of AG(dimension, 4); GF(4) = {0, 1, a, a+1} as 0..3."""
    points = list(product(range(4), repeat=dimension))
    index = {point: number for number, point in enumerate(points)}
    directions = [d for d in points if any(d) and d[next(i for i, x in enumerate(d) if x)] == 1]
    scheduled = []
    for number, direction in enumerate(directions, start=1):
        lines: dict[tuple[int, ...], list[int]] = {}
        for point in points:
            line = [_add(point, _scale(t, direction)) for t in range(4)]
            lines.setdefault(min(line), []).append(index[point])
        tables = tuple(tuple(players[i] for i in members) for _, members in sorted(lines.items()))
        scheduled.append(ScheduledRound(number, tables))
    return _schedule(players, scheduled, f"affine geometry AG({dimension}, 4)")


_GF4_TIMES = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


def _add(p: tuple[int, ...], q: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a ^ b for a, b in zip(p, q, strict=True))


def _scale(t: int, d: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(_GF4_TIMES[t][x] for x in d)


def _check(players: Sequence[PlayerId], least: int) -> None:
    if len(set(players)) != len(players):
        raise PairingError("a player is listed twice in the round robin")
    if len(players) < least:
        raise PairingError(f"a round robin needs at least {least} players; {len(players)} given")


def _schedule(
    players: Sequence[PlayerId], rounds: Sequence[ScheduledRound], method: str
) -> Schedule:
    meetings = Counter(
        pair_key(a, b)
        for played in rounds
        for table in played.tables
        for a, b in combinations(table, 2)
    )
    all_pairs = len(players) * (len(players) - 1) // 2
    repeats = sum(times - 1 for times in meetings.values())
    return Schedule(tuple(rounds), method, all_pairs - len(meetings), repeats)
