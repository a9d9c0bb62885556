"""What the site shows of a MATR1X 0VERL0AD game: a picture, a table and a ply-by-ply history.

Terms as in ``rules.py``. In the picture a slot shows its living royal and health (``KH:17``),
a dead royal in brackets (``(KH)``), preventative ICE as ``+7`` or ``.`` when empty; a pile
shows its top card and, when it holds more than one, its depth (``9Hx3``).

Invariant: everything here is read-only and JSON-ready (plain str, int, bool, list, dict).
"""

from __future__ import annotations

from typing import Any

from games.engine.overload.board import BESIDE, PILES, SLOTS
from games.engine.overload.cards import value
from games.engine.overload.notation import format_move
from games.engine.overload.position import MAX_HEALTH, State, living_slots
from games.engine.overload.records import judge, start
from games.engine.overload.rules import apply
from games.engine.record import RawRecord

_GRID = (
    ("", "N1", "N2", "N3", ""),
    ("W1", "1", "2", "3", "E1"),
    ("W2", "4", "5", "6", "E2"),
    ("W3", "7", "8", "9", "E3"),
    ("", "S1", "S2", "S3", ""),
)


def slot_text(state: State, slot: str) -> str:
    royal = state.royal(slot)
    if royal is None:
        ice = sum(value(card) for card in state.ice[SLOTS.index(slot)])
        return f"+{ice}" if ice else "."
    if not state.living(slot):
        return f"({royal})"
    return f"{royal}:{state.health(slot)}"


def pile_text(state: State, pile: int) -> str:
    cards = state.piles[pile - 1]
    if not cards:
        return "."
    return cards[-1] + (f"x{len(cards)}" if len(cards) > 1 else "")


def picture(state: State) -> str:
    """The table as five lines of text, slots around the 3x3 piles, then the deck size."""
    lines = []
    for row in _GRID:
        cells = []
        for cell in row:
            if not cell:
                text = ""
            elif cell.isdigit():
                text = f"[{pile_text(state, int(cell))}]"
            else:
                text = slot_text(state, cell)
            cells.append(text.center(8))
        lines.append("".join(cells).rstrip())
    lines.append(f"deck: {len(state.deck)} cards, royals killed: {state.royals_killed}")
    return "\n".join(lines)


def table(state: State) -> dict[str, Any]:
    """The whole position as JSON-ready data."""
    return {
        "deck": list(state.deck),
        "piles": {str(pile): list(state.piles[pile - 1]) for pile in PILES},
        "slots": {
            slot: {
                "royal": state.royal(slot),
                "beside": BESIDE[slot],
                "ice": list(state.ice[SLOTS.index(slot)]),
                "health": state.health(slot),
                "dead": state.royal(slot) is not None and not state.living(slot),
            }
            for slot in SLOTS
        },
        "pending": list(state.pending),
        "royals_killed": state.royals_killed,
        "end": state.end,
    }


def ending(state: State) -> dict[str, Any] | None:
    """Why the game ended, as facts a page can phrase (``None`` while it runs).

    ``{"end": "win", "cards_left": 7}``; ``{"end": "ice", "slot": "N3", "royal": "JD",
    "health": 22}`` (the first living royal over 20); ``{"end": "deck", "alive": ["KH", ...]}``
    (the royals still living when the deck ran out); ``{"end": "loop" | "abandon"}``.
    """
    if state.end is None:
        return None
    facts: dict[str, Any] = {"end": state.end, "royals_killed": state.royals_killed}
    living = living_slots(state)
    if state.end == "win":
        facts["cards_left"] = len(state.deck)
    elif state.end == "ice":
        slot = next(s for s in living if state.health(s) > MAX_HEALTH)
        facts.update(slot=slot, royal=state.royal(slot), health=state.health(slot))
    elif state.end == "deck":
        facts["alive"] = [state.royal(slot) for slot in living]
    return facts


def history(record: RawRecord) -> list[dict[str, Any]]:
    """One row per ply of a valid record: the card, the move, the kills and what is left.

    A result-only record has no history (``[]``).
    """
    done = judge(record)
    if done.deck is None or done.result_only:
        return []
    state = start(done.deck, done.setup)
    rows: list[dict[str, Any]] = []
    for move in done.moves:
        after = apply(state, move)
        killed = [
            slot
            for slot, before, now in zip(SLOTS, state.dead, after.dead, strict=True)
            if now and not before
        ]
        rows.append(
            {
                "ply": after.ply,
                "card": move.card,
                "move": format_move(move),
                "kills": killed,
                "royals_killed": after.royals_killed,
                "deck": len(after.deck),
                "end": after.end,
            }
        )
        state = after
    return rows
