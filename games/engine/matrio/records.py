"""MatriO records: tags, replay of a whole record and the canonical writer (``docs/records.md`` §2).

Terms: tags ``P1``..``P4`` (required; P1 holds the 2 of clubs), ``Opening`` (``2C`` default
or ``any``), ``Hand1``..``Hand4`` (optional, 13 cards each), ``Result``
(``P1: 268; P2: -63; P3: 409; P4: WD``, ``*`` while unfinished). Result items may name a
seat by its role (``P3``) or by the player's name.

Invariants: a record error has ply ``None``; every movetext token is judged by ``rules.apply``;
written ``+`` marks must equal the cells won; a given ``Result`` must match the replay.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.core import IllegalMoveError, JsonDict, RecordError, Replay
from games.engine.matrio.board import CELL_NAMES, cell_scores
from games.engine.matrio.cards import BIT, REMOVED, describe_missing, read_card
from games.engine.matrio.fast import play_fast
from games.engine.matrio.notation import TokenError, parse_token
from games.engine.matrio.rules import (
    HAND_SIZE,
    SEATS,
    Move,
    Options,
    State,
    apply,
    format_move,
    new_game,
    scores,
    winners,
)
from games.engine.record import RawRecord, check_result, result_items, same_result, write_header

NAME = "matrio"
TAG_ORDER = ("P1", "P2", "P3", "P4", "Opening", "Hand1", "Hand2", "Hand3", "Hand4")


@dataclass(frozen=True)
class Header:
    players: tuple[str, ...]
    options: Options


def read_header(record: RawRecord) -> Header:
    """Players and rules options from the tags, or a record error naming the bad tag."""
    for key, written in record.names.items():
        number = key.removeprefix("hand").removeprefix("p")
        if number != key and number.isdigit() and number not in {"1", "2", "3", "4"}:
            raise RecordError(
                f"MatriO is played by exactly 4 players (P1 to P4): [{written}] is not allowed",
                line=record.tag_lines[key],
            ).because("matrio.fifth_player", tag=written)
    players = []
    for seat in SEATS:
        name = record.tag(seat)
        if name is None or not name.strip():
            raise RecordError(
                f'the [{seat} "..."] tag with the name of player {seat[1]} is missing',
                line=record.tag_line(seat),
            ).because("record.missing_name", tag=seat, seat=seat)
        players.append(name.strip())
    rules = record.tag("Rules")
    if rules is not None and rules.strip().lower() not in {"", "canonical"}:
        raise RecordError(
            f'[Rules "{rules}"] is not a MatriO rules profile: the only one is "canonical"',
            line=record.tag_line("Rules"),
        )
    opening = (record.tag("Opening") or "2C").strip()
    if opening.upper() == "2C":
        opening = "2C"
    elif opening.lower() == "any":
        opening = "any"
    else:
        raise RecordError(
            f'[Opening "{opening}"] must be "2C" (the 2 of clubs opens) or "any"',
            line=record.tag_line("Opening"),
        ).because("matrio.bad_opening", value=opening)
    return Header(tuple(players), Options(opening=opening, hands=_read_hands(record)))


def _read_hands(record: RawRecord) -> tuple[int | None, ...]:
    hands: list[int | None] = []
    seen: dict[str, int] = {}
    for seat in range(4):
        tag = f"Hand{seat + 1}"
        text = record.tag(tag)
        if text is None:
            hands.append(None)
            continue
        line = record.tag_line(tag)
        bits = 0
        codes = text.split()
        for code in codes:
            card = read_card(code)
            if card is None or card in REMOVED:
                why = describe_missing(card) if card else f"{code!r} is not a card code"
                raise RecordError(f"[{tag}]: {why}", line=line).because(
                    "matrio.hand_removed_card" if card else "record.not_a_card",
                    tag=tag,
                    text=code,
                )
            if card in seen:
                where = "twice" if seen[card] == seat else f"in Hand{seen[card] + 1} too"
                raise RecordError(f"[{tag}]: {card} is listed {where}", line=line).because(
                    "matrio.card_twice" if seen[card] == seat else "matrio.card_in_two_hands",
                    tag=tag,
                    card=card,
                    other=f"Hand{seen[card] + 1}",
                )
            seen[card] = seat
            bits |= BIT[card]
        if len(codes) != HAND_SIZE:
            raise RecordError(
                f"[{tag}] lists {len(codes)} cards; a MatriO hand has {HAND_SIZE}", line=line
            ).because("matrio.hand_size", tag=tag, count=len(codes), size=HAND_SIZE)
        if seat != 0 and bits & BIT["2C"]:
            raise RecordError(
                f"[{tag}] holds the 2 of clubs, but the holder of 2C is P1 by definition",
                line=line,
            ).because("matrio.two_of_clubs", tag=tag)
        hands.append(bits)
    return tuple(hands)


@dataclass(frozen=True)
class Played:
    """A replayed record: the final state and the canonical token of every move."""

    header: Header
    state: State
    tokens: tuple[str, ...]


def play(record: RawRecord) -> Played:
    """Judge every move of a record (raises on the first bad one)."""
    header = read_header(record)
    state = new_game(header.options)
    tokens: list[str] = []
    for token in record.tokens():
        ply = state.ply + 1
        player = SEATS[state.to_move] if state.to_move is not None else None
        try:
            move, marks = parse_token(token.text)
        except TokenError as error:
            raise IllegalMoveError(
                str(error), ply=ply, move=token.text, player=player, line=token.line
            ).structure_of(error) from None
        try:
            after = apply(state, move)
        except IllegalMoveError as error:
            raise error.at_line(token.line) from None
        won = sum(1 for a, b in zip(state.owners, after.owners, strict=True) if a != b)
        if marks is not None and marks != won:
            cells = "no cell" if won == 0 else f"{won} cell{'s' if won > 1 else ''}"
            raise IllegalMoveError(
                f"{format_move(move)} wins {cells}, but the record marks it with {marks} '+'",
                ply=ply,
                move=token.text,
                player=player,
                legal=[format_move(move, won)],
                line=token.line,
            ).because("matrio.wrong_marks", move=format_move(move), won=won, marks=marks)
        tokens.append(format_move(move, won))
        state = after
    return Played(header, state, tuple(tokens))


def result_string(state: State) -> str:
    if state.to_move is not None:
        return "*"
    totals = scores(state)
    return "; ".join(f"{seat}: {'WD' if v is None else v}" for seat, v in totals.items())


def _by_role(players: tuple[str, ...], written: str) -> str:
    """A Result value with player names replaced by their roles (``alice: 12`` -> ``P2: 12``)."""
    roles = {"".join(name.split()).lower(): SEATS[i] for i, name in enumerate(players)}
    items = []
    for name, value in result_items(written):
        key = "".join(name.split()).lower()
        items.append(f"{roles.get(key, name)}: {value}" if value else name)
    return "; ".join(items)


def is_result_only(record: RawRecord) -> bool:
    result = record.tag("Result")
    return not record.has_moves() and result is not None and result.strip() not in {"", "*"}


def replay(record: RawRecord) -> Replay:
    if is_result_only(record):
        return _result_only(record)
    header = read_header(record)
    state = play_fast(record, header.options) or play(record).state
    computed = result_string(state)
    written = record.tag("Result")
    if written is not None and not same_result(_by_role(header.players, written), computed):
        check_result(record, computed)
    totals = scores(state)
    cells = cell_scores(state.tops)
    fields: JsonDict = {
        "finished": state.to_move is None,
        "plies": state.ply,
        "scores": totals,
        "winners": list(winners(totals)) if state.to_move is None else [],
        "withdrawn": [SEATS[s] for s in range(4) if state.withdrawn[s]],
        "cells": {
            name: {"owner": None if owner is None else SEATS[owner], "score": score}
            for name, owner, score in zip(CELL_NAMES, state.owners, cells, strict=True)
        },
    }
    return Replay(NAME, fields)


def read_result(record: RawRecord, players: tuple[str, ...]) -> dict[str, int | None]:
    """Final scores from a result-only record's ``Result`` tag (``WD`` = withdrawn)."""
    written = record.tag("Result") or ""
    line = record.tag_line("Result")
    totals: dict[str, int | None] = {}
    for name, value in result_items(_by_role(players, written)):
        seat = name.upper()
        if seat not in SEATS:
            raise RecordError(
                f'[Result "{written}"]: {name!r} is neither P1-P4 nor a player of this game',
                line=line,
            )
        if seat in totals:
            raise RecordError(f'[Result "{written}"] gives {seat} twice', line=line)
        if value.upper() == "WD":
            totals[seat] = None
            continue
        try:
            totals[seat] = int(value)
        except ValueError:
            raise RecordError(
                f'[Result "{written}"]: {seat}\'s result {value!r} is neither a whole number '
                f"nor WD (withdrawn)",
                line=line,
            ) from None
    missing = [s for s in SEATS if s not in totals]
    if missing:
        raise RecordError(
            f'[Result "{written}"] must give a score or WD for each of P1-P4; missing: '
            f"{', '.join(missing)}",
            line=line,
        )
    if all(v is None for v in totals.values()):
        raise RecordError(f'[Result "{written}"]: not every player can have withdrawn', line=line)
    return {seat: totals[seat] for seat in SEATS}


def _result_only(record: RawRecord) -> Replay:
    header = read_header(record)
    totals = read_result(record, header.players)
    fields: JsonDict = {
        "result_only": True,
        "finished": True,
        "plies": None,
        "scores": totals,
        "winners": list(winners(totals)),
        "withdrawn": [s for s, v in totals.items() if v is None],
        "cells": None,
    }
    return Replay(NAME, fields)


def write_record(record: RawRecord) -> str:
    """The canonical MGN of a record that replays (tags normalised, marks and Result written)."""
    header = read_header(record)
    values = dict(zip(SEATS, header.players, strict=True))
    if record.tag("Opening") is not None:
        values["Opening"] = header.options.opening
    for seat in range(4):
        text = record.tag(f"Hand{seat + 1}")
        if text is not None:
            values[f"Hand{seat + 1}"] = " ".join(read_card(c) or c for c in text.split())
    if is_result_only(record):
        totals = read_result(record, header.players)
        values["Result"] = "; ".join(f"{s}: {'WD' if v is None else v}" for s, v in totals.items())
        return write_header(record, NAME, TAG_ORDER, values)
    played = play(record)
    values["Result"] = result_string(played.state)
    return write_header(record, NAME, TAG_ORDER, values) + "\n" + " ".join(played.tokens) + "\n"


def moves_of(record: RawRecord) -> list[Move]:
    """The moves of a record that replays, in order (for the site and the statistics)."""
    return [parse_token(t)[0] for t in play(record).tokens]
