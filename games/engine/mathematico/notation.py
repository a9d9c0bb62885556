"""Mathematico in MGN (``docs/records.md`` §1 and §3): tags, player lines and Result.

Terms: the *setup* of a record is what its tags say (``Deal``, ``Mode``, ``Rules``) plus its
*player lines*, ``NAME: CELL x25`` — one movetext line per player, in seat order, where the
*i*-th entry is the cell (``a1``..``e5``, any case) that received the *i*-th drawn value, or
``-`` for a value not placed. ``Result`` is ``NAME: TOTAL`` items separated by ``;``.

Invariants: everything wrong with the tags or the shape of the movetext (no colon, no name, a
name given twice, a line without exactly 25 entries, no player at all) is a record error
(``ply`` null) raised here, before any move is judged; what each entry means is judged by the
game rules (``rules.py``). Player names are written with single spaces and compared ignoring
case and spaces, like ``Result`` items.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple

from games.engine.core import RecordError
from games.engine.mathematico.board import CELL_INDEX, CELLS
from games.engine.mathematico.cards import DEAL_SIZE, deal_text, read_deal
from games.engine.mathematico.profiles import CANONICAL, PROFILES
from games.engine.mathematico.rules import NOT_PLACED, squash
from games.engine.mathematico.scoring import MAX, Mode
from games.engine.record import RawRecord, result_items, write_header

_SCORE = re.compile(r"\d+\Z")


class PlayerLine(NamedTuple):
    """One player's movetext line: the name as written (spaces collapsed) and its entries."""

    name: str
    tokens: tuple[str, ...]
    line: int


class Setup(NamedTuple):
    """A record's tags and player lines, checked for shape (not yet for the rules)."""

    deal: tuple[int, ...] | None  # None only in a result-only record without a Deal tag
    mode: Mode
    rules: str
    players: tuple[PlayerLine, ...]


def read_setup(record: RawRecord) -> Setup:
    """Read the tags and player lines of a record; record errors for anything malformed."""
    written = record.tag("Deal")
    deal = read_deal(written, line=record.tag_line("Deal")) if written is not None else None
    mode = read_mode(record)
    rules = read_rules(record)
    players = read_players(record)
    if players and deal is None:
        raise RecordError(
            "the record has no [Deal] tag: a game with moves needs the 25 drawn values, "
            'e.g. [Deal "7 1 13 ..."]',
            line=record.line,
        ).because("mathematico.no_deal")
    if not players and record.tag("Result") is None:
        raise RecordError(
            "the record has no player lines (NAME: followed by 25 cells) and no [Result] tag",
            line=record.line,
        ).because("mathematico.no_players")
    return Setup(deal, mode, rules, players)


def read_mode(record: RawRecord) -> Mode:
    written = record.tag("Mode")
    if written is None:
        return MAX
    try:
        return Mode.read(written)
    except ValueError:
        raise RecordError(
            f'[Mode "{written}"] is not a mode: it is max, min or exactly:N (N a whole number)',
            line=record.tag_line("Mode"),
        ) from None


def read_rules(record: RawRecord) -> str:
    written = record.tag("Rules")
    if written is None:
        return CANONICAL
    rules = written.strip().lower()
    if rules not in PROFILES:
        known = ", ".join(PROFILES)
        raise RecordError(
            f'[Rules "{written}"] is not a known rules profile: the only one is {known}',
            line=record.tag_line("Rules"),
        )
    return rules


def read_players(record: RawRecord) -> tuple[PlayerLine, ...]:
    """The player lines in seat order (see the module docstring for what is refused)."""
    players: list[PlayerLine] = []
    seen: set[str] = set()
    for number, text in record.movetext:
        head, colon, rest = text.partition(":")
        name = " ".join(head.split())
        if not colon or not name:
            shown = text if len(text) <= 40 else text[:37] + "..."
            raise RecordError(
                f"cannot read the player line {shown!r}: it is written NAME: followed by "
                f"the {DEAL_SIZE} cells",
                line=number,
            ).because("mathematico.unreadable_line", text=shown)
        key = name.replace(" ", "").lower()  # = squash(name): name has single spaces only
        if key in seen:
            raise RecordError(
                f"the player {name!r} has two lines", line=number, player=name
            ).because("mathematico.two_lines", name=name)
        seen.add(key)
        tokens = tuple(rest.split())
        if len(tokens) != DEAL_SIZE:
            raise RecordError(
                f"{name}'s line has {len(tokens)} entries; it needs exactly {DEAL_SIZE}, one "
                f"cell per drawn value ({NOT_PLACED} for a value not placed)",
                line=number,
                player=name,
            ).because("mathematico.line_length", name=name, count=len(tokens), size=DEAL_SIZE)
        players.append(PlayerLine(name, tokens, number))
    return tuple(players)


def read_result(record: RawRecord) -> dict[str, int]:
    """The totals written in the Result tag of a result-only record."""
    written = record.tag("Result") or ""
    line = record.tag_line("Result")
    scores: dict[str, int] = {}
    seen: set[str] = set()
    items = result_items(written)
    for name, value in items:
        if not _SCORE.match(value) or not name:
            raise RecordError(
                f'[Result "{written}"] cannot be read: it lists each player as NAME: TOTAL '
                '(a whole number), separated by ";"',
                line=line,
            )
        name = " ".join(name.split())
        if squash(name) in seen:
            raise RecordError(f'[Result "{written}"] names {name!r} twice', line=line)
        seen.add(squash(name))
        scores[name] = int(value)
    if not scores:
        raise RecordError(f'[Result "{written}"] names no player', line=line)
    return scores


def result_text(scores: Mapping[str, int]) -> str:
    """Canonical Result value: ``alice: 190; bob smith: 60`` in seat order."""
    return "; ".join(f"{name}: {score}" for name, score in scores.items())


def canonical_token(token: str) -> str:
    """The canonical spelling of a readable entry (lower-case cell, or ``-``)."""
    return NOT_PLACED if token == NOT_PLACED else CELLS[CELL_INDEX[token]]


def write_text(record: RawRecord, setup: Setup, scores: Mapping[str, int]) -> str:
    """Canonical MGN of a record already judged valid, with its Result."""
    values = {"Result": result_text(scores)}
    if setup.deal is not None:
        values["Deal"] = deal_text(setup.deal)
    if record.tag("Mode") is not None:
        values["Mode"] = setup.mode.text
    if record.tag("Rules") is not None:
        values["Rules"] = setup.rules
    header = write_header(record, "mathematico", ("Deal", "Mode"), values)
    if not setup.players:
        return header
    lines = [
        f"{player.name}: {' '.join(canonical_token(t) for t in player.tokens)}"
        for player in setup.players
    ]
    return header + "\n" + "\n".join(lines) + "\n"
