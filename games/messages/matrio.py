"""MatriO's refusals in plain words (``docs/rules/matrio.md``: trays, cells, the pack)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, gettext_noop, ngettext, pgettext_lazy
from django_stubs_ext import StrPromise

from games.messages.book import Phrasebook
from games.messages.words import card, either, quoted

SUITS_OF_TRAYS: dict[str, StrPromise] = {
    "S": pgettext_lazy("tray", "spades"),
    "H": pgettext_lazy("tray", "hearts"),
    "D": pgettext_lazy("tray", "diamonds"),
    "C": pgettext_lazy("tray", "clubs"),
}


def tray(name: str) -> str:
    """``C1S`` → "column 1 spades", ``R2H`` → "row 2 hearts"."""
    block = (
        gettext("row %(line)s %(suit)s") if name[:1] == "R" else gettext("column %(line)s %(suit)s")
    )
    return block % {"line": name[1:2], "suit": SUITS_OF_TRAYS.get(name[2:3], name[2:3])}


def trays(names: Sequence[str]) -> str:
    return either([tray(name) for name in names])


def cells(count: int) -> str:
    """``0`` → "no cell", ``2`` → "2 cells"."""
    if not count:
        return gettext("no cell")
    return ngettext("%(count)s cell", "%(count)s cells", count) % {"count": count}


def hand(tag: str) -> str:
    """``Hand3`` → "the hand of player 3"."""
    return gettext("the hand of player %(seat)s") % {"seat": tag.removeprefix("Hand")}


BOOK = Phrasebook(
    phrases={
        "matrio.after_end": gettext_noop(
            "the game is over (every hand has been played), so %(card)s cannot be played"
        ),
        "matrio.not_a_move": gettext_noop("%(move)s is not a MatriO move"),
        "matrio.unreadable": gettext_noop(
            "%(move)s cannot be read as a MatriO move: write the card, then the tray, e.g. "
            "9S>R2S or XR>C1H"
        ),
        "matrio.tray_not_empty": gettext_noop(
            "%(card)s can't go on %(tray)s, which already holds a card — %(suit)s still has "
            "empty trays: %(trays)s"
        ),
        "matrio.tray_wrong_suit": gettext_noop(
            "%(card)s can't go on %(tray)s, which is not a %(suit)s tray — %(suit)s still has "
            "empty trays: %(trays)s"
        ),
        "matrio.tray_empty": gettext_noop(
            "%(card)s can't go on %(tray)s, which is empty — every %(suit)s tray is filled, so "
            "it goes on a tray that holds a card: %(trays)s"
        ),
        "matrio.already_played": gettext_noop("%(card)s has already been played"),
        "matrio.opening": gettext_noop(
            "the game opens with the 2 of clubs, not %(card)s: put the 2 of clubs on %(trays)s"
        ),
        "matrio.not_in_hand": gettext_noop(
            "%(card)s is not in this player's hand: they play one of the %(left)s cards left in "
            "their own hand"
        ),
        "matrio.removed_card": gettext_noop(
            "%(card)s is not in the MatriO pack (the 4 of clubs and the 10 of diamonds are "
            "taken out before dealing)"
        ),
        "matrio.joker_needs_suit": gettext_noop(
            "%(move)s does not say which tray: for %(card)s, write the tray with its suit, e.g. R1S"
        ),
        "matrio.too_many_marks": gettext_noop(
            "%(move)s has %(marks)s “+” marks, but a move wins at most 3 cells"
        ),
        "matrio.wrong_marks": gettext_noop(
            "%(move)s wins %(won)s, but it is marked with %(marks)s “+”"
        ),
        "matrio.fifth_player": gettext_noop(
            "MatriO is played by exactly 4 players (P1 to P4): the tag [%(tag)s] is not allowed"
        ),
        "matrio.bad_opening": gettext_noop(
            "the opening %(value)s is not a rule: it is 2C (the 2 of clubs opens) or any"
        ),
        "matrio.hand_removed_card": gettext_noop(
            "%(tag)s lists %(text)s, which is not in the MatriO pack (the 4 of clubs and the 10 "
            "of diamonds are taken out before dealing)"
        ),
        "matrio.card_twice": gettext_noop("%(tag)s lists %(card)s twice"),
        "matrio.card_in_two_hands": gettext_noop(
            "%(card)s is in %(other)s and in %(tag)s, but each card is dealt once"
        ),
        "matrio.hand_size": gettext_noop(
            "%(tag)s lists %(count)s cards; a MatriO hand has %(size)s"
        ),
        "matrio.two_of_clubs": gettext_noop(
            "%(tag)s holds the 2 of clubs, but whoever holds the 2 of clubs is player 1"
        ),
    },
    words={
        "card": card,
        "text": card,
        "tray": tray,
        "trays": trays,
        "suit": lambda code: str(SUITS_OF_TRAYS.get(code, code)),
        "move": quoted,
        "value": quoted,
        "won": cells,
        "tag": hand,
        "other": hand,
    },
)
