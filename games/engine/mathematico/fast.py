"""The replay command's fast lane for Mathematico: many usual records judged at once.

Terms: the lane *accepts* a record written the usual (canonical) way: ``[Game "mathematico"]``
first, then tags in canonical order and form (``[Name "value"]``, no quote or backslash in a
value; ``Date`` well formed, ``Mode`` canonical, ``Rules "canonical"``; other tags before
``Result``), a ``Deal`` of 25 values (1-13 or a letter, single spaces) with at most four of
each, player lines ``NAME: `` and 25 lower-case cells (single spaces), the name in normal form
(single spaces, no comment character), players named apart, every cell named once, and a
``Result`` (if any) written as the replay computes it. It writes the JSON of an accepted
record itself; anything else is a *region* of the text for the general path
(``record.read_records``, ``records.replay``), which alone builds errors.

Invariants: the lines of :func:`scan` (with the general path's lines for its regions) are
byte for byte the general path's lines for the whole text, in the same order
(``tests/engine/test_mathematico_fast.py`` checks legal, mutated and broken files). A region
starts and ends where the general reader starts a record (or at the text's ends). A chunk
with a record the lane does not accept is judged again in halves, down to that record alone.

How: a *chunk* of up to 256 consecutive records is judged by C calls over the whole chunk
(str and bytes methods, big-integer arithmetic, ``map``): Python's own loop runs per chunk, as
a Python object per draw or per line would cost more than all the rest. Each drawn value has
four *slots* on its board: its board character and the three bytes of its ``WEIGHT``,
numbered from its cell (``column + 5 * row``, computed for all boards at once as integers).
``bytes.maketrans(slots, values)`` scatters a board's draws to their slots; ``translate`` of
fixed layouts reads them back as the board's JSON string and as five *planes*, the n-th cells
of its 12 lines in 32-bit fields. The planes of all boards, added as integers, give every
line's key (``profiles.WEIGHT``), whose points one ``itemgetter`` looks up in a bytes table
(a diagonal's bonus added after). A cell named twice leaves another cell's slots
unmapped, where ``translate`` keeps the slot's own byte (200 and above: not ASCII), so such a
board is seen and its record goes back.
"""

from __future__ import annotations

import json
import re
import struct
import sys
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from functools import cache
from itertools import chain, compress, islice, repeat
from operator import add, contains, eq, is_not, itemgetter, mul, setitem
from typing import TypeVar

from games.engine.mathematico.board import COLUMN_LINES, DIAGONALS, ROWS, SIZE
from games.engine.mathematico.cards import CHARS, COPIES, DEAL_SIZE, SPELLINGS
from games.engine.mathematico.profiles import CANONICAL, PROFILES, WEIGHT, keys_by_combination
from games.engine.record import COMMON_TAGS, record_end

T = TypeVar("T")
S = TypeVar("S", str, bytes)
K = TypeVar("K")
V = TypeVar("V")

#: the JSON line of an accepted record: HEAD, its index, what :func:`scan` gives for it
#: (``str.format`` and ``str(int)`` cost more than joining strings and looking them up)
HEAD = '{"game": "mathematico", "index": '
_OK, _WINNERS, _BOARDS, _END = (
    ', "ok": true, "scores": {',
    '}, "winners": [',
    '], "boards": {',
    "}}",
)

_CHUNK = 256  # records judged together

_TAG_VALUE = r'"[^"\\\n]*"'  # no quote or backslash
RECORD = re.compile(
    r'\[Game "mathematico"\]\n'
    + "".join(rf"(?:\[{name} {_TAG_VALUE}\]\n)?" for name in ("Event", "Site"))
    + r'(?:\[Date "(?:[0-9]{4}|\?{4})\.(?:[0-9]{2}|\?\?)\.(?:[0-9]{2}|\?\?)"\]\n)?'
    + "".join(rf"(?:\[{name} {_TAG_VALUE}\]\n)?" for name in ("Round", "Table", "Recorder"))
    + r'\[Deal "(.*)"\]\n'  # 25 values: checked for the whole chunk
    r'(?:\[Mode "(max|min|exactly:[0-9]+)"\]\n)?'
    r'(?:\[Rules "canonical"\]\n)?'
    rf"((?:\[[A-Za-z][A-Za-z0-9_]* {_TAG_VALUE}\]\n)*?)"
    r'(?:\[Result "([^"\\\n]*)"\]\n)?'
    r"\n*"
    r"((?:[^\s:\[][^\n:]*: .{74}(?:\n|\Z))+)"  # player lines, checked for the whole chunk
    r"(?:[^\S\n]*\n)*"
    r"(?=[^\S\n]*\[|\Z)"
)
_COMMENT = re.compile("[{};]")
_OTHER_TAG = re.compile(r"\[([A-Za-z0-9_]+) ")
#: the tags that have their own place in the canonical order
_OWN_TAGS = frozenset(
    tag.lower() for tag in ("Game", *COMMON_TAGS, "Deal", "Mode", "Rules", "Result")
)
#: line breaks other than ``\n`` (``str.splitlines`` breaks there too): the lane does not try
_OTHER_BREAKS = "\r\v\f\x1c\x1d\x1e"
_OTHER_BREAKS_NOT_ASCII = "\x85\u2028\u2029"

# --- deals and lines: values and cells, one byte a draw ------------------------------------------

_TWO_DIGITS = (("10", "T"), ("11", "J"), ("12", "Q"), ("13", "K"))
_ANY = bytes(range(256))
_VALUES = bytes(range(1, len(CHARS)))
_ONE_CHARACTER = {word: value for word, value in SPELLINGS.items() if len(word) == 1}
_READ = "".join(_ONE_CHARACTER).encode("ascii") + b" \n"
#: one character's value (1 to 13; a space stays a space, a line break becomes 255; else 0)
_VALUE = bytes.maketrans(
    _READ + _ANY.translate(None, _READ),
    bytes([*_ONE_CHARACTER.values(), 32, 255]).ljust(256, b"\0"),
)
_ALL_BUT = [_ANY.translate(None, bytes((value, 255))) for value in range(1, len(CHARS))]
_FIVE = [bytes([value]) * (COPIES + 1) for value in range(1, len(CHARS))]
_COLUMN = bytes.maketrans(b"abcde", bytes(range(SIZE)))  # (other bytes: not in a line)
_ROW = bytes.maketrans(b"12345", bytes(range(0, SIZE * SIZE, SIZE)))

# --- slots (see the module docstring) ------------------------------------------------------------

_CHAR_SLOT, _WEIGHT_SLOT = 200, 59  # + cell; + 3 * cell + byte of the weight (low first)
_QUOTE, _SLASH = b'"', b"/"  # never slots (nor 0, ":" and " "): translate keeps them
_CELLS = bytes(range(SIZE * SIZE))
#: per slot of a draw: from its cell, the slot; from its value, what the slot receives
_SLOT_OF_CELL = [
    bytes.maketrans(_CELLS, bytes(range(_CHAR_SLOT, _CHAR_SLOT + SIZE * SIZE))),
    *(
        bytes.maketrans(_CELLS, bytes(range(_WEIGHT_SLOT + byte, 256, 3))[: SIZE * SIZE])
        for byte in range(3)
    ),
]
_SLOT_VALUE = [
    bytes.maketrans(_VALUES, CHARS[1:].encode("ascii")),
    *(
        bytes.maketrans(_VALUES, bytes(WEIGHT[value] >> 8 * byte & 255 for value in _VALUES))
        for byte in range(3)
    ),
]


#: per n: the n-th cells of the 12 lines (rows, columns, diagonals) in 32-bit little-endian
#: fields: the three weight bytes of the cell and a zero
_PLANES = [
    bytes(
        slot
        for line in (*ROWS, *COLUMN_LINES, *DIAGONALS)
        for slot in (*(_WEIGHT_SLOT + 3 * line.cells[n] + byte for byte in range(3)), 0)
    )
    for n in range(SIZE)
]
_LINE_COUNT = len(_PLANES[0]) // 4  # the two diagonals last
_PROFILE = PROFILES[CANONICAL]
#: ``: "`` and the board's JSON string: rows top first, ``/`` between them
_BOARD = b': "' + _SLASH.join(bytes(_CHAR_SLOT + c for c in line.cells) for line in ROWS) + _QUOTE


@cache
def _points() -> bytearray:
    """Points by line key (one byte: 200 at most), without a diagonal's bonus."""
    points = bytearray(5 * max(WEIGHT) + 1)
    for name, keys in keys_by_combination(empty=False):  # later groups override earlier ones
        deque(map(setitem, repeat(points), keys, repeat(_PROFILE.points[name])), maxlen=0)
    return points


class _Memo(dict[K, V]):
    """``make(key)``, made once per key."""

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self.make(key)
        return value


def _quote(name: str) -> str:
    """A player's name as a JSON string; ``""`` for a name not in normal form (single spaces)
    or with a comment character (``{``, ``}``, ``;``)."""
    normal = " ".join(name.split()) == name and not _COMMENT.search(name)
    return json.dumps(name, ensure_ascii=False) if normal else ""


def _named_apart(names: tuple[str, ...]) -> bool:
    """Whether players' names differ, ignoring case and spaces (as ``notation`` compares)."""
    return len({"".join(name.split()).lower() for name in names}) == len(names)


_quoted = _Memo(_quote)
_named: _Memo[str, str] = _Memo(lambda quoted: quoted + ": ")  # '"name": '
_utf8 = _Memo(str.encode)
_text = _Memo(str)  # of totals (they repeat; ``str`` of an int is dear)
_apart = _Memo(_named_apart)
#: by a record's count of boards: what follows each board's part of the JSON
_TEXT_ENDS: _Memo[int, tuple[str, ...]] = _Memo(lambda count: (", ",) * (count - 1) + ("\n",))
_BYTES_ENDS: _Memo[int, tuple[bytes, ...]] = _Memo(lambda n: (b", ",) * (n - 1) + (b"\n",))
_NO_ENDS: _Memo[int, tuple[str, ...]] = _Memo(lambda count: ("",) * (count - 1) + ("\n",))


def scan(text: str) -> Iterator[list[str] | tuple[int, int]]:
    """The records of ``text`` in order: runs of accepted records (the end of each one's JSON
    line after its index, see ``LINE``) and ``(start, end)`` regions for the general path."""
    breaks = _OTHER_BREAKS if text.isascii() else _OTHER_BREAKS + _OTHER_BREAKS_NOT_ASCII
    if sys.byteorder != "little" or any(map(text.__contains__, breaks)):
        yield 0, len(text)
        return
    for run in _runs(text):
        if isinstance(run, tuple):
            yield run
            continue
        for item in _judge(run):
            if isinstance(item, tuple) and text.find("{", *item) >= 0:
                yield item[0], len(text)  # its comment may run on past its end
                return
            yield item


def _runs(text: str) -> Iterator[list[re.Match[str]] | tuple[int, int]]:
    """Runs of consecutive records ``RECORD`` matches, and regions (``record_end``) between."""
    pos = 0
    matches = RECORD.finditer(text)
    while chunk := list(islice(matches, _CHUNK)):
        starts = list(map(re.Match.start, chunk))
        ends = list(map(re.Match.end, chunk))
        if starts[0] == pos and starts[1:] == ends[:-1]:  # one record after the other
            yield chunk
            pos = ends[-1]
            continue
        run: list[re.Match[str]] = []
        for found, start, end in zip(chunk, starts, ends, strict=True):
            if start > pos:  # records the pattern does not match
                if run:
                    yield run
                    run = []
                pos = yield from _regions(text, pos, start)
            if start == pos:  # else the match began inside a region
                run.append(found)
                pos = end
        if run:
            yield run
    yield from _regions(text, pos, len(text))


def _regions(text: str, pos: int, stop: int) -> Generator[tuple[int, int], None, int]:
    """The regions from ``pos`` (a record start) up to ``stop`` or just past it; returns where
    the last one ends (a record start again)."""
    while pos < stop:
        end = record_end(text, pos)
        yield pos, end
        pos = end
    return pos


def _judge(chunk: Sequence[re.Match[str]]) -> Iterator[list[str] | tuple[int, int]]:
    """For consecutive records matched by ``RECORD``: the end of each one's JSON line, or, if
    some record is not usual, the same for each half of the chunk (a record alone: its span).
    """
    if not chunk:
        return
    deals, modes, others, results, blocks = zip(*map(re.Match.groups, chunk), strict=True)
    counts = list(map(str.count, blocks, repeat(":")))  # players (names have no colon)
    rows = "".join(blocks).split("\n")
    if not rows[-1]:
        rows.pop()
    names, _, lines = zip(*map(str.partition, rows, repeat(": ")), strict=True)
    drawn = _drawn(deals)
    cells = _cells(lines)
    if drawn and cells:
        tables_ = list(
            map(
                bytes.maketrans,
                _windows(_SLOT_OF_CELL, cells),
                _each(_windows(_SLOT_VALUE, drawn), counts),
            )
        )
        shown = list(map(_BOARD.translate, tables_))  # ': "AA7A7/2T2K2/5QK57/333J3/4Q4KQ"'
        quoted = list(map(_quoted.__getitem__, names))
        if b"".join(shown).isascii() and _apart_and_usual(names, quoted, counts, others):
            totals = _totals(tables_)
            tails = _tails(names, quoted, totals, shown, counts, modes, results)
            if tails:
                yield tails
                return
    if len(chunk) == 1:
        yield chunk[0].span()
        return
    half = len(chunk) // 2
    yield from _judge(chunk[:half])
    yield from _judge(chunk[half:])


def _windows(pieces: Sequence[bytes], each: bytes) -> Iterator[bytes]:
    """Per 25 bytes of ``each`` (a board's cells or a deal's values): the 25 translated by
    each of ``pieces``, one after the other."""
    translated = [_pieces(each.translate(piece), DEAL_SIZE) for piece in pieces]
    return map(b"".join, zip(*translated, strict=True))


def _drawn(deals: Sequence[str]) -> bytes:
    """Every deal's 25 values, one byte each, if every deal is 25 values (single spaces), at
    most four of each; else ``b""``."""
    words = "\n".join(deals)
    for number, letter in _TWO_DIGITS:
        words = words.replace(number, letter)
    written = words.encode("ascii", "replace").translate(_VALUE)  # separators kept
    drawn = written[::2]
    if (  # each deal 25 values and 24 spaces, one after the other
        len(written) != (2 * DEAL_SIZE) * len(deals) - 1
        or written[2 * DEAL_SIZE - 1 :: 2 * DEAL_SIZE].strip(b"\xff")
        or written[1::2].translate(None, b" \xff")
        or drawn.translate(None, _VALUES)  # a value each, 1 to 13
    ):
        return b""
    once = written.translate(None, b" ")  # each deal's values, then 255
    five = map(contains, map(once.translate, repeat(None), _ALL_BUT), _FIVE)
    return b"" if any(five) else drawn  # (with all but one value deleted, five in a row)


def _cells(lines: Sequence[str]) -> bytes:
    """Every line's 25 cells (``column + 5 * row``), one byte each, if every line is 25 cells
    ``a1``..``e5`` (single spaces); else ``b""``."""
    written = " ".join(lines).encode("ascii", "replace")  # 74 characters a line, 75 with " "
    columns, rows = written[::3], written[1::3]
    if (
        columns.translate(None, b"abcde")
        or rows.translate(None, b"12345")
        or written[2::3].strip(b" ")
    ):
        return b""
    cells = int.from_bytes(columns.translate(_COLUMN), "little")
    cells += int.from_bytes(rows.translate(_ROW), "little")
    return cells.to_bytes(len(columns), "little")


def _apart_and_usual(
    names: Sequence[str], quoted: Sequence[str], counts: list[int], others: Sequence[str]
) -> bool:
    """Whether every name is in normal form, a record's players named apart (ignoring case and
    spaces), and tags out of the canonical order are new names."""
    if "" in quoted:
        return False
    apart = map(_apart.__getitem__, map(tuple, _grouped(names, counts)))
    if len(counts) != len(names) and False in apart:
        return False
    for written in filter(None, others):
        tags = [name.lower() for name in _OTHER_TAG.findall(written)]
        if len(set(tags)) != len(tags) or not _OWN_TAGS.isdisjoint(tags):
            return False
    return True


def _totals(tables_: list[bytes]) -> list[int]:
    """Each board's total: its lines' keys (the planes of all boards added as integers), their
    points looked up in one go, and the bonus of each diagonal that scores."""
    keys = 0
    for plane in _PLANES:
        keys += int.from_bytes(b"".join(map(plane.translate, tables_)), "little")
    fields = keys.to_bytes(len(_PLANES[0]) * len(tables_), "little")
    found = itemgetter(*memoryview(fields).cast("I").tolist())(_points())
    lines = map(sum, zip(*[iter(found)] * _LINE_COUNT, strict=True))
    diagonals = (found[_LINE_COUNT - 2 :: _LINE_COUNT], found[_LINE_COUNT - 1 :: _LINE_COUNT])
    scoring = map(add, *(map(bool, diagonal) for diagonal in diagonals))
    return list(map(add, lines, map(mul, scoring, repeat(_PROFILE.diagonal_bonus))))


def _tails(
    names: Sequence[str],
    quoted: Sequence[str],
    totals: Sequence[int],
    shown: Sequence[bytes],
    counts: list[int],
    modes: Sequence[str | None],
    results: Sequence[str | None],
) -> list[str]:
    """The end of each record's JSON line after its index; ``[]`` if some record's ``Result``
    is not exactly the replay's (``notation.result_text``).

    ``alice: 190; bob: 60`` is exactly the record's ``scores`` JSON, ``"alice": 190, "bob": 60``,
    with quotes put in (names escaped in JSON have a backslash, which no ``Result`` the lane
    takes has): one comparison for the chunk.
    """
    items = map(add, map(_named.__getitem__, quoted), map(_text.__getitem__, totals))
    scores = _joined(items, counts, _TEXT_ENDS).split("\n")[:-1]
    given = list(map(is_not, results, repeat(None)))
    written: list[str] = list(compress(results, given))  # type: ignore[arg-type]  # no None
    expected = '"' + "\n".join(written)
    for in_json, in_tag in (('": ', ": "), (', "', "; "), ('\n"', "\n")):
        expected = expected.replace(in_tag, in_json)
    if written and expected != "\n".join(compress(scores, given)):
        return []
    goodness = _goodness(totals, modes, counts) if any(modes) else totals
    best = _each(map(max, _grouped(goodness, counts)), counts)
    marks = map(mul, map(add, quoted, repeat(", ")), map(eq, goodness, best))  # "name, " if won
    winners = map(str.rstrip, _joined(marks, counts, _NO_ENDS).split("\n"), repeat(", "))
    boards = _joined(map(add, map(_utf8.__getitem__, quoted), shown), counts, _BYTES_ENDS)
    parts = zip(
        repeat(_OK),
        scores,
        repeat(_WINNERS),
        winners,
        repeat(_BOARDS),
        boards.decode("utf-8", "replace").split("\n")[:-1],  # (never needs "replace")
        repeat(_END),
    )
    return list(map("".join, parts))


def _goodness(totals: Sequence[int], modes: Sequence[str | None], counts: list[int]) -> list[int]:
    """How good each total is under its record's mode (as ``scoring.winners``): the best wins."""
    good = []
    for total, mode in zip(totals, _each(modes, counts), strict=True):
        if mode is None or mode == "max":
            good.append(total)
        elif mode == "min":
            good.append(-total)
        else:  # exactly:N
            good.append(-abs(total - int(mode.partition(":")[2])))
    return good


def _joined(items: Iterable[S], counts: list[int], ends: _Memo[int, tuple[S, ...]]) -> S:
    """The items, each followed by its end (``ends``: ``, `` or nothing after a record's board,
    a line break after its last): one join for the whole chunk, cheaper than grouping the items
    record by record."""
    each_end = chain.from_iterable(map(ends.__getitem__, counts))
    return ends[1][0][:0].join(chain.from_iterable(zip(items, each_end, strict=True)))


def _each(items: Iterable[T], counts: Iterable[int]) -> Iterator[T]:
    """Each item repeated its count of times (a record's thing for each of its boards)."""
    return chain.from_iterable(map(repeat, items, counts))


def _grouped(items: Iterable[T], counts: Iterable[int]) -> Iterator[Iterator[T]]:
    """Consecutive items in groups of the counts (a record's boards), to use in order."""
    return map(islice, repeat(iter(items)), counts)


def _pieces(data: bytes, size: int) -> tuple[bytes, ...]:
    """``data`` cut into consecutive pieces of ``size`` (``struct``: no slice objects)."""
    pieces: tuple[bytes, ...] = _cutter(size, len(data) // size).unpack(data)
    return pieces


@cache
def _cutter(size: int, count: int) -> struct.Struct:
    return struct.Struct(f"{size}s" * count)
