"""Who sits where, for phrasing: an engine's roles (``P3``, ``negative``, ``player``, a
Mathematico name) mapped to the names people know."""

from __future__ import annotations

from games.engine import live
from games.engine.record import RawRecord
from games.models import Game


def seat_names(game: Game) -> dict[str, str]:
    """Each seat's role → its player's name (the name in the record when no member is seated).
    One query; asked only when a refusal is phrased."""
    return {
        seat.role: seat.player.name if seat.player is not None else seat.name
        for seat in game.seats.select_related("player")
    }


def record_names(record: RawRecord) -> dict[str, str]:
    """The roles of a record's players → their names, from its player tags (empty for a game
    whose names live in the movetext: there the role is the name)."""
    adapter = live.ADAPTERS.get(record.game or "")
    if adapter is None or not adapter.PLAYER_TAGS:
        return {}
    players = [" ".join((record.tag(tag) or "").split()) for tag in adapter.PLAYER_TAGS]
    return dict(zip(adapter.roles(players), players, strict=True))
