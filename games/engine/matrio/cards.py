"""MatriO cards: the 52-card deck, card codes and card values.

Terms: a card code is rank + suit (``QS``, ``TD``) or a joker (``XB`` black, ``XR`` red).
The MatriO deck is the 54-card pack minus the 4 of clubs and the 10 of diamonds: spades and
hearts 13 cards, clubs and diamonds 12, two jokers. Values: Q of spades +13, other black
J/Q/K +10, red J/Q/K -10, black 2-10 +n, red 2-10 -n, aces +1/-1, jokers 0.

Every card has a *bit* (``1 << index``) so that sets of cards (hands, played cards) are ints.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
JOKERS = ("XB", "XR")
REMOVED = ("4C", "TD")

ALL_CARDS: tuple[str, ...] = (*(r + s for s in SUITS for r in RANKS), *JOKERS)
DECK: tuple[str, ...] = tuple(c for c in ALL_CARDS if c not in REMOVED)
BIT: dict[str, int] = {card: 1 << i for i, card in enumerate(DECK)}
FULL_DECK_BITS = (1 << len(DECK)) - 1

#: The suit of a card, ``None`` for a joker.
SUIT: dict[str, str | None] = {c: (None if c in JOKERS else c[1]) for c in DECK}


def _value(card: str) -> int:
    if card in JOKERS:
        return 0
    rank, suit = card[0], card[1]
    sign = 1 if suit in "SC" else -1
    if card == "QS":
        return 13
    if rank in "JQK":
        return 10 * sign
    return sign * (RANKS.index(rank) + 1)


VALUE: dict[str, int] = {card: _value(card) for card in DECK}


_CANONICAL = frozenset(ALL_CARDS)


def read_card(text: str) -> str | None:
    """A card code from input (any case, ``10`` for ``T``) in canonical form, or ``None``.

    Cards that exist in a 54-card pack but not in MatriO (4C, TD) are returned as written so
    that the caller can say why they cannot be played.
    """
    if text in _CANONICAL:
        return text
    code = text.upper()
    if code.startswith("10"):
        code = "T" + code[2:]
    if code in ALL_CARDS:
        return code
    return None


def describe_missing(card: str) -> str:
    """Why a real card is not in the MatriO deck."""
    name = "the 4 of clubs" if card == "4C" else "the 10 of diamonds"
    return f"{card} is not in the MatriO deck ({name} is taken out before dealing)"


def cards_of(bits: int) -> list[str]:
    """The cards of a bit set, in deck order."""
    return [card for card in DECK if bits & BIT[card]]
