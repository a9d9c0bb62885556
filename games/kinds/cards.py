"""Cards as the pages show them: ``9S`` -> ``9♠``, ``XR`` -> ``Joker red``, with colours."""

from __future__ import annotations

from django.utils.translation import gettext

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_ORDER = "SDCH"  # the order of the trays in a row or column block


def card_label(card: str | None) -> str:
    """``9S`` -> ``9♠``, ``TD`` -> ``10♦``, ``XR`` -> ``Joker (red)``."""
    if not card:
        return ""
    if card in ("XR", "XB"):
        return gettext("Joker red") if card == "XR" else gettext("Joker black")
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS.get(card[1:2], card[1:])


def card_picture(card: str | None) -> dict[str, str | bool] | None:
    if not card:
        return None
    red = card == "XR" or card[1:2] in ("H", "D")
    return {"code": card, "label": card_label(card), "red": red, "joker": card in ("XR", "XB")}
