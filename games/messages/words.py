"""Words shared by the games' phrasebooks: cards of the 54-card pack, lists, seat names.

Every word a person reads is marked for translation (``gettext_lazy``, read when a sentence
is built, so in the reader's language).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, pgettext_lazy
from django_stubs_ext import StrPromise

#: the most alternatives a sentence lists before "…"
SHOWN = 12

RANKS: dict[str, StrPromise] = {
    "A": pgettext_lazy("card rank", "Ace"),
    "T": pgettext_lazy("card rank", "10"),
    "J": pgettext_lazy("card rank", "Jack"),
    "Q": pgettext_lazy("card rank", "Queen"),
    "K": pgettext_lazy("card rank", "King"),
}
SUITS_OF_CARDS: dict[str, StrPromise] = {
    "S": pgettext_lazy("the King of ...", "spades"),
    "H": pgettext_lazy("the King of ...", "hearts"),
    "D": pgettext_lazy("the King of ...", "diamonds"),
    "C": pgettext_lazy("the King of ...", "clubs"),
}
JOKERS: dict[str, StrPromise] = {
    "XB": pgettext_lazy("card", "the black joker"),
    "XR": pgettext_lazy("card", "the red joker"),
}


def card(code: str) -> str:
    """``KD`` → "the King of diamonds", ``7H`` → "the 7 of hearts", ``XR`` → "the red joker";
    text that is no card of the pack is quoted as written."""
    if code in JOKERS:
        return str(JOKERS[code])
    rank, suit = code[:1], code[1:]
    if len(code) != 2 or suit not in SUITS_OF_CARDS or not (rank in RANKS or rank in "23456789"):
        return quoted(code)
    return gettext("the %(rank)s of %(suit)s") % {
        "rank": RANKS.get(rank, rank),
        "suit": SUITS_OF_CARDS[suit],
    }


def quoted(text: str) -> str:
    """Text as the person typed it, in quotation marks."""
    return gettext("“%(text)s”") % {"text": text}


def either(items: Sequence[str]) -> str:
    """ "a", "a or b", "a, b or c" (at most :data:`SHOWN`, then "…")."""
    return _joined(items, gettext("%(items)s or %(last)s"))


def both(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c" (at most :data:`SHOWN`, then "…")."""
    return _joined(items, gettext("%(items)s and %(last)s"))


def _joined(items: Sequence[str], pattern: str) -> str:
    items = [str(item) for item in items]
    if not items:
        return gettext("nothing")
    if len(items) > SHOWN:
        return ", ".join(items[:SHOWN]) + ", …"
    if len(items) == 1:
        return items[0]
    return pattern % {"items": ", ".join(items[:-1]), "last": items[-1]}
