"""MatriO move tokens: ``CARD [">"|"-"] TRAY ["+"{1,3}]`` (``docs/records.md`` §2).

Terms: ``TRAY := ("R"|"C") LINE [SUIT]``; the tray suit may be omitted when it equals the
card's suit (never for a joker); ``+`` marks, when written, count the cells the move wins.
Input is case-insensitive and accepts ``10`` for ``T``; output is canonical
(``QD>R1D+++``). Reading a token is memoised: a club's whole history uses a few thousand
distinct tokens.
"""

from __future__ import annotations

import re

from games.engine.errors import Structured
from games.engine.matrio.board import TRAY_INDEX
from games.engine.matrio.cards import DECK, JOKERS, REMOVED, describe_missing, read_card
from games.engine.matrio.rules import Move

_TOKEN = re.compile(
    r"(?P<card>10[SHDC]|[A2-9TJQK][SHDC]|X[BR])[>-]?(?P<block>[RC])(?P<line>[1-3])"
    r"(?P<suit>[SHDC])?(?P<marks>\+*)",
    re.IGNORECASE,
)
_CARD_ONLY = re.compile(r"(10|[A-Z0-9])[A-Z]", re.IGNORECASE)

HELP = "a move is written CARD>TRAY, e.g. 9S>R2S or XR>C1H"


class TokenError(Structured, ValueError):
    """A token that is not a MatriO move; the message says why."""


def parse_token(token: str) -> tuple[Move, int | None]:
    """The move a token names and its ``+`` count (``None`` when no mark is written)."""
    cached = _CACHE.get(token)
    if cached is None:
        cached = _parse(token)
        if len(_CACHE) < 200_000:
            _CACHE[token] = cached
    if isinstance(cached, TokenError):
        raise cached
    return cached


_CACHE: dict[str, tuple[Move, int | None] | TokenError] = {}


def _parse(token: str) -> tuple[Move, int | None] | TokenError:
    match = _TOKEN.fullmatch(token)
    if match is None:
        head = _CARD_ONLY.match(token)
        code = read_card(head.group(0)) if head else None
        if code in REMOVED:
            return TokenError(describe_missing(code)).because("matrio.removed_card", card=code)
        return TokenError(f"cannot read {token!r} as a MatriO move: {HELP}").because(
            "matrio.unreadable", move=token
        )
    card = read_card(match["card"])
    assert card is not None
    if card in REMOVED:
        return TokenError(describe_missing(card)).because("matrio.removed_card", card=card)
    suit = match["suit"]
    if suit is None:
        if card in JOKERS:
            return TokenError(
                f"{token!r} does not say which tray: a joker's tray must name its suit, "
                f"e.g. {card}>{match['block'].upper()}{match['line']}S"
            ).because("matrio.joker_needs_suit", card=card, move=token)
        suit = card[1]
    marks = match["marks"]
    if len(marks) > 3:
        return TokenError(
            f"{token!r} has {len(marks)} '+' marks, but a move wins at most 3 cells"
        ).because("matrio.too_many_marks", move=token, marks=len(marks))
    tray = TRAY_INDEX[f"{match['block']}{match['line']}{suit}".upper()]
    assert card in DECK
    return Move(card, tray), (len(marks) if marks else None)
