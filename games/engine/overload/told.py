"""A deck told card by card: the position when only the cards drawn so far are known.

A club often shuffles a real deck and does not type its 54 cards first: the scorekeeper says
each card as it is turned up. The deck is then known only *up to the draw*. Terms: the *told*
cards are the deck's cards named so far, top first (the deal, then every draw of a card not
seen before); the rest of the deck is :data:`UNKNOWN` placeholders, always at its top, since
a reset pile goes under them (``docs/rules/matrix-overload.md``, "A turn").

Invariants: the rules never see a placeholder as a card: :func:`reveal` puts the named card on
top before ``rules.apply`` judges a move, and :func:`is_unknown` tells when a card must be
named; a position built here with the 54 cards told equals the engine's own ``deal``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from games.engine.overload.board import DEAL_ORDER
from games.engine.overload.cards import FULL_DECK, is_royal
from games.engine.overload.position import State, deal_from

#: a card of the deck not drawn yet (its face is not known to anyone)
UNKNOWN = "??"


def dealing(told: Sequence[str]) -> bool:
    """True while the deal still needs cards (eight number, ace or joker cards on the piles)."""
    return sum(not is_royal(card) for card in told) < len(DEAL_ORDER)


def deal_so_far(told: Sequence[str]) -> State:
    """The table after the cards told so far are dealt (royals set aside, the rest unknown)."""
    return deal_from(told, rest=(UNKNOWN,) * (len(FULL_DECK) - len(told)))


def next_pile(told: Sequence[str]) -> int:
    """The pile the next dealt card goes on (a royal is set aside instead)."""
    return DEAL_ORDER[sum(not is_royal(card) for card in told)]


def is_unknown(state: State) -> bool:
    """True when the card to draw now has not been told yet."""
    return state.end is None and not state.pending and bool(state.deck) and state.deck[0] == UNKNOWN


def unseen(told: Sequence[str]) -> tuple[str, ...]:
    """The cards not told yet, in the deck's usual order (any of them may come next)."""
    known = set(told)
    return tuple(card for card in FULL_DECK if card not in known)


def reveal(state: State, card: str) -> State:
    """``state`` with ``card`` as the card drawn now (the top placeholder named)."""
    return replace(state, deck=(card, *state.deck[1:]))


def whole_deck(told: Sequence[str]) -> tuple[str, ...]:
    """The 54 cards for a record: the told ones in order, then the never-drawn ones in the
    deck's usual order (their true order is unknown and never mattered: no one drew them)."""
    return (*told, *unseen(told))
