"""The engines' refusals in plain words, in the reader's language (issues #15, #17).

An engine says what it refuses in one precise English sentence (``str(error)``, the API's
``message``, the CLI's ``error``) and, where a scorekeeper or an import can cause it, also by
its structure: a ``code`` (``"matrio.tray_not_empty"``) and ``params`` (cards, trays, cells,
the legal alternatives) — see ``games.engine.errors.Structured``. Here each game has one
phrasebook (``matrio``, ``mathematico``, ``overload``, ``integer_matrix``, and ``records``
for what every record shares) mapping codes to sentences marked for translation, and
parameters to words: "Cyril Cole: the King of diamonds can't go on column 1 spades — …".

:func:`plain` phrases one refusal (``None`` when its code has no sentence here: the caller
keeps the engine's); :func:`in_record` adds where a refused record is, for import reports.
Seats are named by their players (``names`` maps an engine's role — ``P3``, ``negative``,
``player``, a Mathematico name — to the name to show).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language, gettext

from games.engine.core import EngineError
from games.engine.errors import Structured
from games.messages import integer_matrix, mathematico, matrio, overload, records
from games.messages.book import Phrasebook
from games.messages.words import both

BOOKS: dict[str, Phrasebook] = {
    "matrio": matrio.BOOK,
    "mathematico": mathematico.BOOK,
    "overload": overload.BOOK,
    "integer_matrix": integer_matrix.BOOK,
    "record": records.BOOK,
}
log = logging.getLogger(__name__)

#: parameters that name a seat (shown as its player's name)
SEAT_PARAMS = ("turn", "seat")


def who(role: str, names: Mapping[str, str]) -> str:
    """The name to show for an engine's role: the seat's player, else the role itself."""
    return names.get(role) or names.get(role.lower()) or role


def mover(error: Structured, player: str | None, names: Mapping[str, str]) -> str | None:
    """Who a refusal is about: the named role, else the one player of a solitaire's move."""
    if player:
        return who(player, names)
    only = set(names.values())
    moved = getattr(error, "ply", None) is not None  # a move's refusal, not a record's
    return only.pop() if moved and len(only) == 1 else None


def plain(
    error: Structured,
    *,
    player: str | None = None,
    names: Mapping[str, str] = {},
    capital: bool = True,
) -> str | None:
    """``error`` phrased for people in the active language, led by the mover's name when
    there is one (else by a capital, unless ``capital`` is false: the sentence then follows a
    colon); ``None`` when it carries no structure this module can phrase, or when the reader's
    language has no translation of its sentence yet (the caller keeps a translated one)."""
    book = BOOKS.get(error.code.partition(".")[0])
    msgid = book.phrases.get(error.code) if book is not None else None
    if book is None or msgid is None:
        return None
    phrase = gettext(msgid)
    if phrase == msgid and (get_language() or "en").split("-")[0] != "en":
        return None  # not translated yet: the caller's sentence is in the reader's language
    values: dict[str, Any] = {}
    for key, value in error.params.items():
        if value is None:
            values[key] = ""
        elif key in SEAT_PARAMS:
            values[key] = who(str(value), names)
        else:
            values[key] = book.words.get(key, str)(value)
    try:
        text = phrase % values
    except (KeyError, TypeError, ValueError):  # a translation naming a field that is not there
        log.warning("cannot phrase %s in %s with %s", error.code, get_language(), sorted(values))
        return None
    person = mover(error, player, names)
    if person:
        return gettext("%(name)s: %(text)s") % {"name": person, "text": text}
    return text[:1].upper() + text[1:] if capital else text


def in_record(
    error: EngineError, *, index: int, line: int | None, names: Mapping[str, str] = {}
) -> str:
    """A refused record's sentence for an import report: which game (its number and players),
    which line and ply, then what is wrong — in plain words when the engine gave structure,
    else the engine's own sentence (led by the mover's name)."""
    players = [name for name in names.values() if name]
    if players:
        game = gettext("game %(index)s (%(players)s)") % {"index": index, "players": both(players)}
    else:
        game = gettext("game %(index)s") % {"index": index}
    where = [game]
    if line is not None:
        where.append(gettext("line %(line)s") % {"line": line})
    if error.ply is not None:
        where.append(gettext("ply %(ply)s") % {"ply": error.ply})
    said = plain(error, player=error.player, names=names, capital=False)
    if said is None:
        person = mover(error, error.player, names)
        said = (
            gettext("%(name)s: %(text)s") % {"name": person, "text": error.reason}
            if person
            else error.reason
        )
    return gettext("%(where)s: %(what)s") % {"where": ", ".join(where), "what": said}
