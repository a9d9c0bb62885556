"""Replay MGN text with the rules engines: one JSON-ready result per record.

This is the library behind ``python -m games.engine replay``; the site's importer uses the same
function, so a record is judged identically wherever it comes from. :func:`replay_json` gives
the command's JSON lines: byte for byte ``json.dumps`` of :func:`replay_text`'s objects, but
usual Mathematico records take the fast lane of ``mathematico/fast.py`` (tests check both agree).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import count, repeat
from operator import add

from games.engine import registry
from games.engine.core import EngineError, JsonDict, error_json
from games.engine.record import RawRecord, check_common_tags, read_records


def replay_record(record: RawRecord) -> JsonDict:
    """The replay command's JSON object for one record (never raises on bad input)."""
    game = record.game
    try:
        if record.error is not None:
            raise record.error
        engine = registry.get(game, line=record.line)
        check_common_tags(record)
        return engine.replay(record).json(record.index)
    except EngineError as error:
        return error_json(game, record.index, error.at_line(record.line))


def replay_text(text: str) -> Iterator[JsonDict]:
    """Replay every record of an MGN text, in order."""
    for record in read_records(text):
        yield replay_record(record)


_JSON = json.JSONEncoder(ensure_ascii=False, check_circular=False)
_FAST_LANE = '[Game "mathematico"]'  # a text without it has nothing for the lane


def replay_json(text: str) -> Iterator[tuple[bool, str]]:
    """Each record's ``ok`` and JSON line (``ensure_ascii=False``), in order."""
    if "\r" in text:  # CR LF read as LF: the same lines, unless a lone CR is left
        lf = text.replace("\r\n", "\n")
        text = text if "\r" in lf else lf
    if _FAST_LANE not in text:
        for result in replay_text(text):
            yield result["ok"], _JSON.encode(result)
        return
    from games.engine.mathematico import fast

    index, line, counted = 0, 1, 0
    for item in fast.scan(text):
        if isinstance(item, list):  # records the lane judged: the end of each one's line
            head = map(add, repeat(fast.HEAD), map(str, count(index)))
            yield from zip(repeat(True), map(add, head, item))
            index += len(item)
            continue
        start, end = item
        line += text.count("\n", counted, start)
        counted = start
        for record in read_records(text[start:end], line=line, index=index):
            result = replay_record(record)
            index += 1
            yield result["ok"], _JSON.encode(result)


def canonical_text(text: str) -> Iterator[tuple[JsonDict, str | None]]:
    """Each record's replay result and, when it replays, its canonical MGN."""
    for record in read_records(text):
        result = replay_record(record)
        written = None
        if result["ok"]:
            written = registry.get(record.game).write_record(record)
        yield result, written


def decode(data: bytes) -> str:
    """MGN is UTF-8; undecodable bytes become U+FFFD so they are reported, not fatal."""
    text = data.decode("utf-8", errors="replace")
    return text[1:] if text.startswith("\ufeff") else text
