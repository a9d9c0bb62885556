"""Finals: the top N of the standings seeded into final tables, for any game.

Terms: the *ranked* list is the standings order (best first) of the players still in the event;
*seed* ``k`` is its ``k``-th player. A final of ``size`` players fills ``size / table_size``
tables:

* ``"snake"`` (default) — seeds are dealt to the tables in a snake (1 2 3 … then back … 3 2 1),
  so every table is of equal strength; with tables of two this is the usual knockout bracket
  of the first round (1 v 4, 2 v 3);
* ``"tiers"`` — consecutive seeds sit together (an A final of seeds 1 to 4, a B final of 5 to 8).

A one-table final (MatriO top 4, Mathematico or MATR1X 0VERL0AD top N in one group) is the
same under both. Within a table the seats are listed by seed; for MatriO that is only the
suggested clockwise order, the deal decides who is P1.

Invariants: the final seats exactly seeds 1..size, each once; ``size`` is a multiple of the
table size and at most the number of ranked players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tournaments.pairing.entrants import PairingError, PlayerId

Seeding = Literal["snake", "tiers"]


@dataclass(frozen=True)
class FinalTable:
    number: int
    seeds: tuple[int, ...]
    seats: tuple[PlayerId, ...]


def final_tables(
    ranked: Sequence[PlayerId], *, size: int, table_size: int, seeding: Seeding = "snake"
) -> tuple[FinalTable, ...]:
    """Seat the top ``size`` of ``ranked`` at tables of ``table_size``."""
    if len(set(ranked)) != len(ranked):
        raise PairingError("a player appears twice in the standings given to the final")
    if table_size < 1 or size < table_size or size % table_size:
        raise PairingError(f"a final of {size} cannot be split into tables of {table_size}")
    if size > len(ranked):
        raise PairingError(f"a final of {size} needs {size} ranked players; {len(ranked)} given")
    count = size // table_size
    seeds: list[list[int]] = [[] for _ in range(count)]
    for seed in range(1, size + 1):
        lap, step = divmod(seed - 1, count)
        if seeding == "tiers":
            table = (seed - 1) // table_size
        else:
            table = step if lap % 2 == 0 else count - 1 - step
        seeds[table].append(seed)
    return tuple(
        FinalTable(number, tuple(group), tuple(ranked[seed - 1] for seed in group))
        for number, group in enumerate(seeds, start=1)
    )
