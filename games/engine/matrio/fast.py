"""The fast replay path for whole MatriO records (club histories, analytics, imports).

It judges every move by the same rules as ``rules.apply`` (same tables: ``SUIT``, ``BIT``,
``TRAY_SUIT``, ``TRAY_LINE``), on mutable lists instead of new immutable states. It never
explains anything: on the first move it cannot accept it returns ``None`` and the caller
replays the record with ``rules.apply``, which raises the error a club member reads. So a
record is accepted by this path only if ``apply`` accepts it, and ends in the same ``State``;
``tests/engine/test_matrio_fast.py`` checks both on random legal and illegal records.
"""

from __future__ import annotations

from games.engine.matrio.board import TRAY_LINE, TRAY_SUIT
from games.engine.matrio.cards import BIT, SUIT
from games.engine.matrio.notation import TokenError, parse_token
from games.engine.matrio.rules import HAND_SIZE, Options, State
from games.engine.record import RawRecord

# Cells won when a line (rows 0-2, columns 3-5) completes: (cell, crossing line) pairs.
_CROSSINGS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((3 * line + c, 3 + c) for c in range(3))
    if line < 3
    else tuple((3 * r + line - 3, r) for r in range(3))
    for line in range(6)
)


def play_fast(record: RawRecord, options: Options) -> State | None:
    """The final state of a record, or ``None`` if any move needs ``apply`` to judge it."""
    hands = options.hands
    opening_2c = options.opening == "2C"
    tops: list[str | None] = [None] * 24
    empty = {"S": 6, "D": 6, "C": 6, "H": 6}
    remaining = 24
    fill = [0] * 6
    owners: list[int | None] = [None] * 9
    withdrawn = [False] * 4
    counts = [0] * 4
    played = 0
    seat: int | None = 0
    ply = 0
    for _line, text in record.movetext:
        for word in text.split():
            if "." in word:
                return None  # move numbers: leave them to the general reader
            try:
                (card, tray), marks = parse_token(word)
            except TokenError:
                return None
            if seat is None:
                return None
            bit = BIT[card]
            hand = hands[seat]
            if played & bit or (hand is not None and not hand & bit):
                return None
            if ply == 0 and opening_2c and card != "2C":
                return None
            suit = SUIT[card]
            top = tops[tray]
            if suit is not None:
                if empty[suit]:
                    if top is not None or TRAY_SUIT[tray] != suit:
                        return None
                elif top is None:
                    return None
            tops[tray] = card
            won = 0
            if top is None:
                empty[TRAY_SUIT[tray]] -= 1
                remaining -= 1
                line = TRAY_LINE[tray]
                fill[line] += 1
                if fill[line] == 4:
                    for cell, other in _CROSSINGS[line]:
                        if fill[other] == 4:
                            owners[cell] = seat
                            won += 1
                if not remaining:
                    withdrawn = [o not in owners for o in range(4)]
            if marks is not None and marks != won:
                return None
            played |= bit
            counts[seat] += 1
            ply += 1
            current = seat
            seat = None
            for step in (1, 2, 3, 4):
                other = (current + step) % 4
                if not withdrawn[other] and counts[other] < HAND_SIZE:
                    seat = other
                    break
    return State(
        options=options,
        tops=tuple(tops),
        empty=empty,
        played=played,
        counts=tuple(counts),
        owners=tuple(owners),
        withdrawn=tuple(withdrawn),
        to_move=seat,
        ply=ply,
    )
