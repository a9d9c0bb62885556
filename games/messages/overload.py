"""MATR1X 0VERL0AD's refusals in plain words (``docs/rules/matrix-overload.md``: piles 1 to 9,
slots N1 to W3, ICE)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, gettext_noop, ngettext

from games.messages.book import Phrasebook
from games.messages.words import both, card, either, quoted


def place(token: str) -> str:
    """Where a move token puts its card: ``6C:1`` → "pile 1", ``KH:N2`` / ``KH>N2`` → "slot
    N2", ``7D:IN2`` → "ICE on N2", ``7D:PE1`` → "preventative ICE on E1"."""
    body = token.rpartition(":")[2].rpartition(">")[2]
    if body == "LOOP":
        return gettext("a loop (the deck goes round once more)")
    if body == "ABANDON":
        return gettext("abandoning the game")
    if body.isdigit():
        return gettext("pile %(pile)s") % {"pile": body}
    if body[:1] == "I" and len(body) == 3:
        return gettext("ICE on %(slot)s") % {"slot": body[1:]}
    if body[:1] == "P" and len(body) == 3:
        return gettext("preventative ICE on %(slot)s") % {"slot": body[1:]}
    return gettext("slot %(slot)s") % {"slot": body}


def places(tokens: Sequence[str]) -> str:
    """The legal places, piles first and named together: "pile 1, 2 or 8, or slot N2"."""
    bodies = [token.rpartition(":")[2].rpartition(">")[2] for token in tokens]
    piles = [body for body in bodies if body.isdigit()]
    others = [place(body) for body in bodies if not body.isdigit()]
    if not piles:
        return either(others)
    named = ngettext("pile %(piles)s", "piles %(piles)s", len(piles)) % {"piles": either(piles)}
    if not others:
        return named
    return gettext("%(piles)s, or %(others)s") % {"piles": named, "others": either(others)}


BOOK = Phrasebook(
    phrases={
        "overload.over": gettext_noop("the game is already over, so no move can follow"),
        "overload.setup": gettext_noop(
            "%(card)s can't go to %(place)s: the royal rule sends it to %(legal)s"
        ),
        "overload.not_drawn": gettext_noop(
            "the card drawn is %(drawn)s, not %(card)s; it can go to %(legal)s"
        ),
        "overload.misplaced": gettext_noop(
            "%(drawn)s can't go to %(place)s; it can go to %(legal)s"
        ),
        "overload.unreadable": gettext_noop(
            "%(move)s cannot be read as a move: write a pile (1 to 9), a slot (N1 to W3), I or P "
            "and a slot for ICE, LOOP or ABANDON"
        ),
        "overload.deal_unreadable": gettext_noop(
            "that is no card: write the code of the card dealt onto pile %(pile)s, e.g. 6C, TD "
            "(the 10 of diamonds) or XR (the red joker)"
        ),
        "overload.dealt_twice": gettext_noop("%(card)s has been dealt already"),
        "overload.name_the_card": gettext_noop(
            "the card drawn is not known yet: name it before its place, e.g. 6C:1 (the 6 of "
            "clubs on pile 1)"
        ),
        "overload.drawn_twice": gettext_noop(
            "%(card)s was drawn before and is on the table, so it cannot be the card drawn now"
        ),
        "overload.deck_twice": gettext_noop(
            "the deck lists %(card)s twice; it holds each of the 54 cards once"
        ),
        "overload.deck_size": gettext_noop(
            "the deck lists %(count)s cards but must list all 54, each once; missing: %(missing)s"
        ),
        "overload.setup_unreadable": gettext_noop(
            "the setup's %(text)s cannot be read: each placement is a card, “>” and a slot, "
            "e.g. KH>N2"
        ),
        "overload.setup_not_royal": gettext_noop(
            "the setup places %(card)s, which is not a royal (a Jack, Queen or King)"
        ),
    },
    words={
        "card": card,
        "drawn": card,
        "missing": lambda codes: both([card(code) for code in codes]),
        "place": place,
        "legal": places,
        "move": quoted,
        "text": quoted,
    },
)
