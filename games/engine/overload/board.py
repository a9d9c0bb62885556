"""The table of MATR1X 0VERL0AD: nine inner piles, twelve outer slots and the firing lines.

Terms: piles are numbered 1..9 like a phone keypad (5 is the centre); slots are ``N1 N2 N3``
above, ``E1 E2 E3`` right, ``S1 S2 S3`` below and ``W1 W2 W3`` left, numbered left to right or
top to bottom::

            N1   N2   N3
      W1  [ 1 ][ 2 ][ 3 ]  E1
      W2  [ 4 ][ 5 ][ 6 ]  E2
      W3  [ 7 ][ 8 ][ 9 ]  E3
            S1   S2   S3

A slot lies *beside* the pile it touches (corner piles touch two slots; the centre none).
A placement on a pile *fires* at the slot(s) on the far side of its row and/or column; the
*attack* is the sum of the top values of the two piles in between.

Invariants: indexes into state tuples are ``pile - 1`` and ``SLOTS.index(slot)``; every slot
has exactly one pile beside it and every firing line crosses exactly two piles.
"""

from __future__ import annotations

PILES: tuple[int, ...] = tuple(range(1, 10))
CENTRE = 5
SLOTS: tuple[str, ...] = (
    "N1", "N2", "N3", "E1", "E2", "E3", "S1", "S2", "S3", "W1", "W2", "W3",
)  # fmt: skip
SLOT_INDEX = {slot: index for index, slot in enumerate(SLOTS)}
# The pile each slot lies beside.
BESIDE: dict[str, int] = {
    "N1": 1, "W1": 1, "N2": 2, "N3": 3, "E1": 3, "W2": 4,
    "E2": 6, "W3": 7, "S1": 7, "S2": 8, "S3": 9, "E3": 9,
}  # fmt: skip
# Setup deals one card to each of these piles, in this order; the centre stays empty.
DEAL_ORDER: tuple[int, ...] = (1, 2, 3, 4, 6, 7, 8, 9)
# pile -> ((slot, first pile between, second pile between), ...)
FIRING: dict[int, tuple[tuple[str, int, int], ...]] = {
    1: (("E1", 2, 3), ("S1", 4, 7)),
    2: (("S2", 5, 8),),
    3: (("W1", 2, 1), ("S3", 6, 9)),
    4: (("E2", 5, 6),),
    5: (),
    6: (("W2", 5, 4),),
    7: (("E3", 8, 9), ("N1", 4, 1)),
    8: (("N2", 5, 2),),
    9: (("W3", 8, 7), ("N3", 6, 3)),
}


def read_slot(text: str) -> str | None:
    """The canonical slot name for ``text`` (any case), or ``None``."""
    slot = text.strip().upper()
    return slot if slot in SLOT_INDEX else None


def read_pile(text: str) -> int | None:
    text = text.strip()
    return int(text) if len(text) == 1 and text in "123456789" else None
