"""Mathematico's refusals in plain words (``docs/rules/mathematico.md``: values, cells a1 to e5)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, gettext_noop

from games.messages.book import Phrasebook
from games.messages.words import either, quoted


def value(number: int) -> str:
    """``7`` → "the 7" (a value drawn, 1 to 13)."""
    return gettext("the %(value)s") % {"value": number}


def cells(names: Sequence[str]) -> str:
    """The free cells, and the choice of leaving the value out."""
    return gettext("%(cells)s, or “-” to leave it unplaced") % {"cells": either(list(names))}


BOOK = Phrasebook(
    phrases={
        "mathematico.not_a_cell": gettext_noop(
            "%(move)s is not a cell (cells are a1 to e5: column a to e, row 1 to 5); "
            "%(value)s can go on %(cells)s"
        ),
        "mathematico.cell_taken": gettext_noop(
            "%(cell)s already holds %(held)s; %(value)s can go on %(cells)s"
        ),
        "mathematico.over": gettext_noop("the game is over: all %(count)s values have been placed"),
        "mathematico.not_your_turn": gettext_noop("it is %(turn)s's turn to place %(value)s"),
        "mathematico.deal_not_a_value": gettext_noop(
            "the deal lists %(value)s, which is not a card value: values are 1 to 13 (A, T, J, "
            "Q and K count as 1, 10, 11, 12 and 13)"
        ),
        "mathematico.deal_size": gettext_noop(
            "the deal lists %(count)s values; it must list the %(size)s values drawn"
        ),
        "mathematico.deal_too_many": gettext_noop(
            "the deal draws %(value)s %(count)s times, but the pack holds only %(copies)s of "
            "each value"
        ),
        "mathematico.no_deal": gettext_noop(
            "the record has no [Deal] tag: a game with moves needs the 25 values drawn"
        ),
        "mathematico.no_players": gettext_noop(
            "the record has no player lines (a name, a colon and the 25 cells) and no [Result] tag"
        ),
        "mathematico.unreadable_line": gettext_noop(
            "the player line %(text)s cannot be read: write the name, a colon, then the 25 cells"
        ),
        "mathematico.two_lines": gettext_noop("%(name)s has two player lines"),
        "mathematico.line_length": gettext_noop(
            "the line of %(name)s has %(count)s entries; it needs exactly %(size)s, one cell per "
            "value drawn (“-” for a value not placed)"
        ),
    },
    words={
        "move": quoted,
        "text": quoted,
        "value": lambda v: value(v) if isinstance(v, int) else quoted(str(v)),
        "held": value,
        "cells": cells,
    },
)
