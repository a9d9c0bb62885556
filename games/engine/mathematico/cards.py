"""Card values of Mathematico and the ``Deal`` (the 25 drawn values).

Terms: a *value* is an int 1..13 (the seeds' playing-card version reads A = 1, J = 11,
Q = 12, K = 13); ``0`` stands for an *empty* cell wherever boards are stored. A *deal* is the
tuple of the 25 values drawn, in draw order, from a deck holding four of each value.

Invariants: a deal read here has exactly 25 values, each 1..13, none more than four times;
its canonical text is the numbers separated by single spaces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import eq

from games.engine.core import RecordError

DEAL_SIZE = 25
COPIES = 4  # of each value in the deck
VALUES = tuple(range(1, 14))
_VALUE_SET = frozenset(VALUES)

#: one character per value for board strings, index = value (0 = empty cell)
CHARS = ".A23456789TJQK"

#: every accepted spelling of a value in a Deal tag (input is case-insensitive) -> the value
SPELLINGS: dict[str, int] = {str(v): v for v in VALUES}
for _letter, _value in (("a", 1), ("t", 10), ("j", 11), ("q", 12), ("k", 13)):
    SPELLINGS[_letter] = SPELLINGS[_letter.upper()] = _value


def read_value(text: str) -> int | None:
    """``"7"`` -> 7, ``"q"`` -> 12; ``None`` when ``text`` is not a card value."""
    return SPELLINGS.get(text)


def read_deal(text: str, *, line: int | None = None) -> tuple[int, ...]:
    """The values of a ``Deal`` tag, or a record error saying what is wrong with it."""
    words = text.split()
    values = tuple(map(SPELLINGS.get, words))
    if None in values:
        word = words[values.index(None)]
        raise RecordError(
            f"[Deal] value {word!r} is not a card value: values are 1 to 13 "
            "(A, T, J, Q and K are read as 1, 10, 11, 12 and 13)",
            line=line,
        ).because("mathematico.deal_not_a_value", value=word)
    deal: tuple[int, ...] = values  # type: ignore[assignment]  # no None: checked above
    check_deal(deal, line=line)
    return deal


def check_deal(values: Sequence[int], *, line: int | None = None) -> None:
    """Raise a record error unless ``values`` is a possible draw of 25 cards."""
    if len(values) != DEAL_SIZE:
        raise RecordError(
            f"[Deal] lists {len(values)} values; it must list the {DEAL_SIZE} drawn values",
            line=line,
        ).because("mathematico.deal_size", count=len(values), size=DEAL_SIZE)
    ordered = sorted(values)
    if (
        ordered[0] in _VALUE_SET
        and ordered[-1] in _VALUE_SET
        and not any(map(eq, ordered, ordered[COPIES:]))  # no value COPIES + 1 times in a row
    ):
        return
    for value, count in Counter(values).items():
        if value not in _VALUE_SET:
            raise RecordError(
                f"[Deal] value {value!r} is not a card value 1 to 13", line=line
            ).because("mathematico.deal_not_a_value", value=str(value))
        if count > COPIES:
            raise RecordError(
                f"[Deal] draws the {value} {count} times, but the deck holds only "
                f"{COPIES} of each value",
                line=line,
            ).because("mathematico.deal_too_many", value=value, count=count, copies=COPIES)


def deal_text(values: Sequence[int]) -> str:
    """Canonical ``Deal`` value: the numbers separated by single spaces."""
    return " ".join(map(str, values))
