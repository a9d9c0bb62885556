"""MatriO games as arrays for the card-impact bootstrap, and their fixed-size binary form.

Terms:

* A game's *record* is what card impact needs of it, in ``RECORD.itemsize`` little-endian
  bytes (``pack``): per card of ``DECK`` the seat it was dealt to (``holder``, -1 unknown),
  the kind of tray it was played to (``kind``: an index into ``TRAY_KINDS``, -1 not played)
  and the placement's ``board_delta`` and ``mover_delta`` (0 when not played); per seat its
  place (``rank``, withdrawn seats rank last), final score (``score``, 0 when withdrawn) and
  whether it has one (``scored``: 0 when withdrawn).
* A *sample* is the records of many games read as one numpy structured array, one element
  per game (``unpack`` of their concatenation). The shell stores each finished game's record
  and reads them all back in one query; the pure tests build samples from games
  (``sample_of``) through the same ``pack``.

Invariants: ``unpack(pack(a) + pack(b)) == sample_of([a, b])``; a card is played at most once
in a game, so one placement per card is enough.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from analytics.compute.matrio_games import TRAY_KINDS, MatrioGame
from games.engine.matrio.cards import DECK

CARDS = len(DECK)
RECORD = np.dtype(
    [
        ("holder", "i1", (CARDS,)),
        ("kind", "i1", (CARDS,)),
        ("board", "<i4", (CARDS,)),
        ("mover", "<i4", (CARDS,)),
        ("rank", "i1", (4,)),
        ("scored", "i1", (4,)),
        ("score", "<i4", (4,)),
    ]
)
_LAYOUT = struct.Struct(f"<{CARDS}b{CARDS}b{CARDS}i{CARDS}i4b4b4i")
assert _LAYOUT.size == RECORD.itemsize
_CARD_INDEX = {card: i for i, card in enumerate(DECK)}
_KIND_INDEX = {kind: i for i, kind in enumerate(TRAY_KINDS)}

Sample = NDArray[np.void]


def pack(game: MatrioGame) -> bytes:
    """The game's record (see the module docstring)."""
    holder = [game.holders.get(card, -1) for card in DECK]
    kind = [-1] * CARDS
    board = [0] * CARDS
    mover = [0] * CARDS
    for placement in game.placements:
        index = _CARD_INDEX[placement.card]
        kind[index] = _KIND_INDEX[placement.tray_kind]
        board[index] = placement.board_delta
        mover[index] = placement.mover_delta
    scored = [0 if s is None else 1 for s in game.scores]
    score = [0 if s is None else s for s in game.scores]
    return _LAYOUT.pack(*holder, *kind, *board, *mover, *game.ranks, *scored, *score)


def unpack(records: bytes | bytearray) -> Sample:
    """Concatenated records as a sample (one element per game)."""
    if len(records) % RECORD.itemsize:
        raise ValueError(f"records are {RECORD.itemsize} bytes each, not {len(records)} in all")
    return np.frombuffer(records, dtype=RECORD)


def sample_of(games: Sequence[MatrioGame]) -> Sample:
    """The games' records as a sample, in the order given."""
    return unpack(b"".join(pack(game) for game in games))
