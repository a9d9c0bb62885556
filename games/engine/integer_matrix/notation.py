"""How the Integer Matrix is written in MGN (``docs/records.md`` §5): moves, discs and setup.

Terms:

* A *disc* is written ``WHITE/BLACK``: two integers, the white face then the black face, the
  sign optional on input (``3/-5``) and always written on output (``+3/-5``, ``+0``).
* A *move* is ``DISC COLOUR SQUARE [=CLAIM]``: colour ``W``/``B`` (``white``/``black`` also
  read), square ``a1``..``g7``, claim the matrix score the players wrote. Letters are read in
  any case; parts may be separated by spaces or touch (``+3/-5Wf4=+6``) as long as the split is
  unambiguous. Canonical output: ``+3/-5 W f4 =+6`` (claim only when one was written).
* A *chunk* is the movetext of one move as found in the record, with the line it starts on.
  Moves follow each other separated by spaces, or touching when the next disc starts with a
  sign; a chunk that cannot be read ends the splitting.
* The *Setup* tag is nine items ``SQUARE=WHITE/BLACK:COLOUR`` (e.g. ``c3=+2/-4:B``),
  separated by spaces (commas are also read).

Invariants: for every move, ``read_move(format_move(m))`` gives back the same parts; nothing
here knows the rules (whether a square exists on the board is checked by the caller).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from games.engine.integer_matrix.board import Colour, Disc, Move, square_name
from games.engine.record import Token

_FACE = r"[+-]?\d+"
_DISC = re.compile(rf"\s*({_FACE})\s*/\s*({_FACE})", re.IGNORECASE)
_COLOUR_SQUARE = re.compile(r"\s*(white|black|w|b)\s*([a-z]\d+)", re.IGNORECASE)
_CLAIM = re.compile(rf"\s*=\s*({_FACE})\s*\Z")
_END = r"(?=[\s+-]|\Z)"  # what may follow a move: a space, the next disc's sign, the end
_MOVE = re.compile(
    rf"{_FACE}\s*/\s*{_FACE}\s*(?:white|black|w|b)\s*[a-z]\d+(?=[\s+=-]|\Z)"
    rf"(?:\s*=\s*{_FACE}{_END})?",
    re.IGNORECASE,
)
_DISC_START = re.compile(rf"{_FACE}\s*(?:/|\Z)")
_SETUP_ITEM = re.compile(
    rf"([a-z]\d+)\s*=\s*({_FACE})\s*/\s*({_FACE})\s*:\s*(white|black|w|b)(?=[\s,]|\Z)",
    re.IGNORECASE,
)
MAX_DIGITS = 9
MOVE_EXAMPLE = "+3/-5 W f4 =+6"


class NotationError(ValueError):
    """Text that is not a move (or setup item); the message is one readable sentence."""


@dataclass(frozen=True, slots=True)
class ReadMove:
    """The parts of a move as written; ``square`` is the name, which may be off the board."""

    disc: Disc
    colour: Colour
    square: str
    claim: int | None


@dataclass(frozen=True, slots=True)
class Chunk:
    """The text of one move in the movetext and the line it starts on."""

    text: str
    line: int


def number(text: str, what: str) -> int:
    """A signed integer of at most ``MAX_DIGITS`` digits."""
    digits = text.lstrip("+-")
    if len(digits) > MAX_DIGITS:
        raise NotationError(f"{text} is too long a number for {what}")
    return int(text)


def colour_of(text: str) -> Colour:
    return "W" if text.lower().startswith("w") else "B"


def format_disc(disc: Disc) -> str:
    return f"{disc.white:+d}/{disc.black:+d}"


def format_move(move: Move) -> str:
    """Canonical text: ``+3/-5 W f4`` with `` =+6`` when a claim was written."""
    text = f"{format_disc(move.disc)} {move.colour} {square_name(move.square)}"
    return text if move.claim is None else f"{text} ={move.claim:+d}"


def read_move(text: str) -> ReadMove:
    """The parts of one move, or a :class:`NotationError` saying what cannot be read."""
    shown = " ".join(text.split())
    disc = _DISC.match(text)
    if disc is None:
        if shown.startswith("="):
            raise NotationError(
                f"cannot read {shown!r}: a claimed score follows its move's square, written "
                f"= and a signed number, e.g. {MOVE_EXAMPLE}"
            )
        raise NotationError(
            f"cannot read {shown!r} as a move: a move is written WHITE/BLACK COLOUR SQUARE "
            f"[=CLAIM], e.g. {MOVE_EXAMPLE}"
        )
    faces = Disc(number(disc.group(1), "a disc face"), number(disc.group(2), "a disc face"))
    where = _COLOUR_SQUARE.match(text, disc.end())
    if where is None:
        raise NotationError(
            f"cannot read {shown!r} as a move: after the disc {format_disc(faces)} come its "
            f"colour (W or B) and its square (a1 to g7), e.g. {MOVE_EXAMPLE}"
        )
    rest = text[where.end() :]
    claim: int | None = None
    if rest.strip():
        found = _CLAIM.match(rest)
        if found is None:
            raise NotationError(
                f"cannot read {' '.join(rest.split())!r} after "
                f"{format_disc(faces)} {where.group(1)} {where.group(2)}: only a claimed score "
                f"such as =+6 may follow the square"
            )
        claim = number(found.group(1), "a claimed score")
    return ReadMove(faces, colour_of(where.group(1)), where.group(2).lower(), claim)


def split_moves(tokens: Sequence[Token]) -> Iterator[Chunk]:
    """The movetext's moves in order; an unreadable stretch is yielded as one last chunk."""
    if not tokens:
        return
    starts: list[int] = []
    parts: list[str] = []
    offset = 0
    for token in tokens:
        starts.append(offset)
        parts.append(token.text)
        offset += len(token.text) + 1
    text = " ".join(parts)
    pos = 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            return
        index = bisect.bisect_right(starts, pos) - 1
        line = tokens[index].line
        found = _MOVE.match(text, pos)
        if found is not None:
            yield Chunk(found.group(0), line)
            pos = found.end()
            continue
        end = len(text)
        for later in range(index + 1, len(tokens)):
            if _DISC_START.match(tokens[later].text):
                end = starts[later]
                break
        yield Chunk(text[pos:end].strip(), line)
        return


# --- the Setup tag ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetupItem:
    square: str
    disc: Disc
    colour: Colour


SETUP_EXAMPLE = "c3=+2/-4:B"


def read_setup(value: str) -> list[SetupItem]:
    """The items of a ``Setup`` tag as written (the caller checks squares and colours)."""
    items: list[SetupItem] = []
    pos = 0
    while True:
        while pos < len(value) and (value[pos].isspace() or value[pos] == ","):
            pos += 1
        if pos >= len(value):
            return items
        match = _SETUP_ITEM.match(value, pos)
        if match is None:
            word = value[pos:].split()[0]
            raise NotationError(
                f"cannot read {word!r} in the Setup tag: each centre disc is written "
                f"SQUARE=WHITE/BLACK:COLOUR, e.g. {SETUP_EXAMPLE}"
            )
        pos = match.end()
        disc = Disc(number(match.group(2), "a disc face"), number(match.group(3), "a disc face"))
        items.append(SetupItem(match.group(1).lower(), disc, colour_of(match.group(4))))


def format_setup(items: Sequence[tuple[int, Disc, Colour]]) -> str:
    """Canonical ``Setup`` value, in the order given."""
    return " ".join(
        f"{square_name(square)}={format_disc(disc)}:{colour}" for square, disc, colour in items
    )
