"""Cards of MATR1X 0VERL0AD: codes, values, suits and colours.

Terms: a *card code* is a rank ``A 2 3 4 5 6 7 8 9 T J Q K`` followed by a suit ``S H D C``, or
a joker ``XB`` / ``XR``. A *royal* is a J, Q or K; a *number* is 2..10; aces and jokers are
*resetters*. Values: joker 0, ace 1, 2..10 face, J 11, Q 12, K 13.

Invariants: every function here takes canonical codes (upper case, ``T`` for ten) except
:func:`read_card`, which turns any accepted spelling into a canonical code or ``None``. A joker
has no suit and no colour (the royal rule's "joker as the royal's suit" reading lives in
``rules.py``).
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKERS = ("XB", "XR")
FULL_DECK: tuple[str, ...] = (
    *(rank + suit for suit in SUITS for rank in RANKS),
    *JOKERS,
)
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
COLOURS = {"S": "black", "C": "black", "H": "red", "D": "red"}
ROYAL_NAMES = {"J": "jack", "Q": "queen", "K": "king"}


def read_card(text: str) -> str | None:
    """The canonical code for ``text`` (any case, ``10`` for ``T``), or ``None``."""
    code = text.strip().upper()
    if code.startswith("10"):
        code = "T" + code[2:]
    if code in JOKERS:
        return code
    if len(code) == 2 and code[0] in RANKS and code[1] in SUITS:
        return code
    return None


def is_joker(card: str) -> bool:
    return card in JOKERS


def is_royal(card: str) -> bool:
    return card[0] in "JQK" and not is_joker(card)


def is_ace(card: str) -> bool:
    return card[0] == "A"


def is_number(card: str) -> bool:
    """A 2..10: placed on a pile whose top is not higher, else ICE."""
    return not is_joker(card) and card[0] in "23456789T"


def value(card: str | None) -> int:
    """Joker (and an empty pile, ``None``) 0, ace 1, 2..10 face, J 11, Q 12, K 13."""
    if card is None or is_joker(card):
        return 0
    return RANKS.index(card[0]) + 1


def suit(card: str | None) -> str | None:
    if card is None or is_joker(card):
        return None
    return card[1]


def colour(card: str | None) -> str | None:
    found = suit(card)
    return COLOURS[found] if found is not None else None
