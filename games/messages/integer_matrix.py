"""The Integer Matrix's refusals in plain words (``docs/rules/integer-matrix.md``: discs with a
white and a black face, squares a1 to g7)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, gettext_lazy, gettext_noop, pgettext_lazy
from django_stubs_ext import StrPromise

from games.messages.book import Phrasebook
from games.messages.words import either, quoted

COLOURS: dict[str, StrPromise] = {
    "W": pgettext_lazy("disc colour", "white"),
    "B": pgettext_lazy("disc colour", "black"),
}
ENDS: dict[str, StrPromise] = {
    "full": gettext_lazy("the board is full (49 discs)"),
    "blocked": gettext_lazy("no legal placement is left in either colour"),
}


def number(value: int) -> str:
    """A face's value with its sign, a real minus: ``+3``, ``\u2212 5``, ``0``."""
    return f"{value:+d}".replace("-", "\u2212") if value else "0"


def disc(faces: Sequence[int]) -> str:
    """``[3, -5]`` → "+3/\u22125" (the white face, then the black face)."""
    return f"{number(faces[0])}/{number(faces[1])}"


def colour(code: str) -> str:
    return str(COLOURS.get(code, code))


def held(piece: Sequence[object]) -> str:
    """``["B", -3]`` → "a black disc showing \u22123"."""
    up, value = piece
    return gettext("a %(colour)s disc showing %(value)s") % {
        "colour": colour(str(up)),
        "value": number(int(str(value))),
    }


def legal(moves: Sequence[str]) -> str:
    """``["W d3", "B e6", "W f4"]`` → "white on d3 or f4; black on e6" (per colour)."""
    squares: dict[str, list[str]] = {}
    for code, _, square in (move.partition(" ") for move in moves):
        squares.setdefault(code, []).append(square)
    if not squares:
        return gettext("nothing")
    return "; ".join(
        gettext("%(colour)s on %(squares)s") % {"colour": colour(code), "squares": either(names)}
        for code, names in squares.items()
    )


BOOK = Phrasebook(
    phrases={
        "integer_matrix.over": gettext_noop("the game is over: %(end)s"),
        "integer_matrix.unsound_disc": gettext_noop(
            "the disc %(disc)s has two faces of the same sign; a disc has one face ≥ 0 and the "
            "other ≤ 0"
        ),
        "integer_matrix.off_board": gettext_noop(
            "%(square)s is not a square of the board (a1 to g7); legal now: %(legal)s"
        ),
        "integer_matrix.occupied": gettext_noop(
            "%(square)s is already taken by %(held)s; legal now: %(legal)s"
        ),
        "integer_matrix.no_run": gettext_noop(
            "a %(colour)s disc on %(square)s flips nothing: it closes no line of discs of the "
            "other colour; legal now: %(legal)s"
        ),
        "integer_matrix.one_colour": gettext_noop(
            "a %(colour)s disc on %(square)s would turn the whole board %(colour)s, which is "
            "never allowed; legal now: %(legal)s"
        ),
        "integer_matrix.unreadable": gettext_noop(
            "%(move)s cannot be read as a move: write the disc (white face/black face), its "
            "colour (W or B) and its square, e.g. +3/-5 W d4"
        ),
    },
    words={
        "end": lambda end: str(ENDS.get(end, end)),
        "disc": disc,
        "colour": colour,
        "held": held,
        "legal": legal,
        "move": quoted,
    },
)
