"""Replay MGN text with the rules engines: one JSON-ready result per record.

This is the library behind ``python -m games.engine replay``; the site's importer uses the same
function, so a record is judged identically wherever it comes from.
"""

from __future__ import annotations

from collections.abc import Iterator

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
