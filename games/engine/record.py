"""MGN, the record format of all four games (``docs/records.md`` §1): reading and writing.

Terms: a *file* holds *records*; a record is a *header* (tag lines ``[Name "value"]``) and
*movetext*. This module knows only the layout shared by every game: where records start,
tags (case-insensitive names, ``\\"`` and ``\\\\`` escapes, ``;`` comments after the tag),
comments in movetext (``{...}`` across lines, ``;`` to end of line), move numbers and line
numbers. What a token means is each game's business.

Invariants: every record in a file is returned, in order, even when it is broken (its
``error`` says why); line numbers are 1-based file lines; nothing here raises on bad input.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from games.engine.core import RecordError

_TAG = re.compile(r'\s*\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*(?:;.*)?\Z')
_UNESCAPE = re.compile(r"\\(.)")
_MOVE_NUMBER = re.compile(r"\d+\.+")

COMMON_TAGS = ("Event", "Site", "Date", "Round", "Table", "Recorder")
_DATE = re.compile(r"(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)\Z")


class Token(NamedTuple):
    text: str
    line: int


@dataclass
class RawRecord:
    """One record as read from a file, before any game looks at it."""

    index: int
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # lower-case name -> name as written
    tag_lines: dict[str, int] = field(default_factory=dict)
    movetext: list[tuple[int, str]] = field(default_factory=list)
    error: RecordError | None = None

    @property
    def game(self) -> str | None:
        value = self.tags.get("game")
        return value.strip().lower() if value is not None else None

    def tag(self, name: str) -> str | None:
        return self.tags.get(name.lower())

    def tag_line(self, name: str) -> int:
        return self.tag_lines.get(name.lower(), self.line)

    def has_moves(self) -> bool:
        return bool(self.movetext)

    def tokens(self) -> list[Token]:
        """Whitespace-separated movetext tokens with move numbers (``12.``) dropped."""
        out: list[Token] = []
        for line, text in self.movetext:
            for word in text.split():
                if "." in word and word[0].isdigit():
                    match = _MOVE_NUMBER.match(word)
                    if match:
                        word = word[match.end() :]
                        if not word:
                            continue
                out.append(Token(word, line))
        return out


def check_common_tags(record: RawRecord) -> None:
    """Raise a record error for a malformed common tag (``Date`` is ``YYYY.MM.DD``)."""
    date = record.tag("Date")
    if date is not None and not _DATE.match(date.strip()):
        raise RecordError(
            f'[Date "{date}"] is not a date written YYYY.MM.DD', line=record.tag_line("Date")
        )


def read_records(text: str, *, line: int = 1, index: int = 0) -> list[RawRecord]:
    """Split a whole MGN text into records (see the module docstring).

    ``line`` and ``index`` are those of the text's first line and record, when the text is a
    part of a file that starts where a record starts (see :func:`record_end`).
    """
    return list(_iter_records(text, line, index))


# A line of text whose first character other than white space is "[" (a tag line), or not.
_TAG_LINE = r"(?=[^\S\n]*\[)(?:[^\n]*\n|[^\n]+\Z)"
_OTHER_LINE = r"(?![^\S\n]*\[)(?:[^\n]*\n|[^\n]+\Z)"
_RECORD_SPAN = re.compile(f"(?:{_OTHER_LINE})*(?:{_TAG_LINE})*(?:{_OTHER_LINE})*")


def record_end(text: str, pos: int) -> int:
    """Where the reader starts the record after the one starting at ``pos``, or ``len(text)``.

    ``pos`` is where the reader starts a record, out of any comment: 0, or a tag line after a
    line that is not. Lines split at ``\\n`` only (the caller makes sure no other line break
    is in the text); a ``{`` comment could hide the next record: then the rest of the text.
    """
    span = _RECORD_SPAN.match(text, pos)
    assert span is not None  # the pattern matches the empty string
    end = span.end()
    return len(text) if text.find("{", pos, end) >= 0 else end


def _iter_records(text: str, first_line: int, index: int) -> Iterator[RawRecord]:
    record: RawRecord | None = None
    in_header = False
    in_comment = False
    stray: int | None = None  # first line of text before any header
    for number, raw in enumerate(text.splitlines(), start=first_line):
        line = raw.strip()
        if not in_comment and line.startswith("["):
            if not in_header:
                if record is not None:
                    yield record
                elif stray is not None:
                    yield _stray(index, stray)
                    index += 1
                    stray = None
                record = RawRecord(index=index, line=number)
                index += 1
                in_header = True
            assert record is not None
            _read_tag(record, number, raw)
            continue
        in_header = False
        if not line:
            continue
        if in_comment or "{" in line or ";" in line or "}" in line:
            line, in_comment = _strip_comments(line, in_comment)
            line = line.strip()
            if not line:
                continue
        if record is None:
            if stray is None:
                stray = number
            continue
        record.movetext.append((number, line))
    if record is not None:
        yield record
    elif stray is not None:
        yield _stray(index, stray)


def _stray(index: int, line: int) -> RawRecord:
    record = RawRecord(index=index, line=line)
    record.error = RecordError(
        'this is not an MGN record: a record starts with a [Game "..."] tag line', line=line
    )
    return record


def _read_tag(record: RawRecord, number: int, raw: str) -> None:
    if record.error is not None:
        return
    match = _TAG.match(raw)
    if match is None:
        shown = raw.strip()
        if len(shown) > 60:
            shown = shown[:57] + "..."
        record.error = RecordError(
            f'cannot read the tag line {shown!r}: a tag is written [Name "value"]', line=number
        )
        return
    written, value = match.group(1), match.group(2)
    key = written.lower()
    if key in record.tags:
        record.error = RecordError(f"the tag [{written}] is given twice", line=number)
        return
    if "\\" in value:
        value = _UNESCAPE.sub(r"\1", value)
    record.tags[key] = value
    record.names[key] = written
    record.tag_lines[key] = number


def _strip_comments(line: str, in_comment: bool) -> tuple[str, bool]:
    """Remove ``{...}`` (possibly opened on an earlier line) and ``;...`` comments."""
    out: list[str] = []
    i = 0
    while i < len(line):
        if in_comment:
            end = line.find("}", i)
            if end < 0:
                return " ".join(out), True
            in_comment = False
            i = end + 1
            out.append(" ")
            continue
        brace = line.find("{", i)
        semi = line.find(";", i)
        cut = min(p for p in (brace, semi, len(line)) if p >= 0)
        out.append(line[i:cut])
        if cut == len(line) or cut == semi:
            break
        in_comment = True
        i = cut + 1
    return "".join(out), in_comment


# --- results -------------------------------------------------------------------------------


def result_items(value: str) -> list[tuple[str, str]]:
    """``"P1: 268; P2: WD"`` -> ``[("P1", "268"), ("P2", "WD")]``; a bare word has value ``""``."""
    items: list[tuple[str, str]] = []
    for part in value.split(";"):
        part = part.strip()
        if not part:
            continue
        name, colon, item = part.partition(":")
        items.append((name.strip(), item.strip()) if colon else (part, ""))
    return items


def _squash(text: str) -> str:
    return "".join(text.split()).lower()


def same_result(written: str, computed: str) -> bool:
    """Whether two ``Result`` values say the same, ignoring case, spaces and item order."""
    a = sorted((_squash(n), _squash(v)) for n, v in result_items(written))
    b = sorted((_squash(n), _squash(v)) for n, v in result_items(computed))
    return a == b


def check_result(record: RawRecord, computed: str) -> None:
    """Raise a record error when the record's ``Result`` tag contradicts the replay."""
    written = record.tag("Result")
    if written is None or not written.strip() or (written.strip() == "*" and computed == "*"):
        return
    if not same_result(written, computed):
        raise RecordError(
            f'[Result "{written}"] does not match the moves, which give "{computed}"',
            line=record.tag_line("Result"),
        )


# --- writing -------------------------------------------------------------------------------


def escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_header(record: RawRecord, game: str, order: Sequence[str], values: dict[str, str]) -> str:
    """Tag lines in canonical order: Game, common tags, the game's own, Rules, others, Result.

    ``values`` holds canonical values for tags the game rewrites (including ``Result``);
    other tags are written as they were read.
    """
    canonical = ["Game", *COMMON_TAGS, *order, "Rules"]
    lines = [f'[Game "{game}"]']
    seen = {"game", "result"}
    for name in canonical[1:]:
        key = name.lower()
        seen.add(key)
        value = values.get(name, record.tags.get(key))
        if value is not None:
            lines.append(f'[{name} "{escape(value)}"]')
    for key, value in record.tags.items():
        if key not in seen:
            lines.append(f'[{record.names[key]} "{escape(value)}"]')
    if "Result" in values:
        lines.append(f'[Result "{escape(values["Result"])}"]')
    return "\n".join(lines) + "\n"
