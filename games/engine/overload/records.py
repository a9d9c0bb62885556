"""A MATR1X 0VERL0AD record judged from start to end: the start position, replay and writer.

Terms: the *start* is the deal plus the Setup placements; a *judged* record holds the deck,
the setup moves, the movetext moves and the final state (or, for a result-only record, the
outcome read from its Result tag).

Invariants: every move is judged by ``rules.apply``, which accepts exactly the moves of
``legal_moves`` and refuses anything else with a sentence naming the legal choices; tag
faults are :class:`RecordError` (ply ``None``) at the tag's line; token faults are
:class:`IllegalMoveError` at the token's ply and line; the written ``Result`` is checked
against the replay, never trusted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from games.engine.core import EngineError, IllegalMoveError, RecordError, Replay, join_names
from games.engine.overload.explain import ended, why_illegal
from games.engine.overload.notation import (
    format_deck,
    format_move,
    format_movetext,
    format_result,
    format_setup,
    parse_move,
    read_deck,
    read_result,
    read_setup,
)
from games.engine.overload.position import Move, State, deal, placements, resolve, result
from games.engine.overload.rules import apply
from games.engine.record import RawRecord, check_result, write_header

NAME = "matrix-overload"
TAG_ORDER = ("Player", "Deck", "Setup")


def start(deck: Sequence[str], setup: Sequence[Move] | None) -> State:
    """Deal ``deck`` and place the set-aside royals as ``setup`` lists them.

    With ``setup`` ``None`` the royals stay pending (a live game places them move by move);
    otherwise it must place exactly the royals met, each legal at its turn (RecordError).
    """
    state = deal(deck)
    if setup is None:
        return state
    met = state.pending
    for number, move in enumerate(setup, start=1):
        where = f"[Setup] placement {number}, {format_move(move)}"
        if move.card not in state.pending:
            if not met:
                raise RecordError(f"{where}: the deal met no royal, so there is nothing to place")
            again = move.card in met
            raise RecordError(
                f"{where}: {move.card} "
                + ("is placed twice" if again else "was not met while dealing")
                + f"; the deal met {join_names(list(met), 'and')}"
            )
        if move not in placements(state):
            raise RecordError(f"{where}: {why_illegal(state, move)}")
        state = resolve(state, move)
    if state.pending:
        left = join_names(list(state.pending), "and")
        if not setup:
            raise RecordError(
                f"the deal meets the royals {join_names(list(met), 'and')}, so a [Setup] tag "
                "must place them in the order placed, e.g. KH>N2 QS>W1"
            )
        raise RecordError(f"[Setup] does not place {left}, met while dealing")
    return state


def new_game(options: Mapping[str, str]) -> State:
    """The start position from tag values: ``Deck`` (required) and ``Setup`` (if given)."""
    values = {key.lower(): text for key, text in options.items()}
    if "deck" not in values:
        raise RecordError('a game needs a [Deck "..."] tag listing the 54 cards, top card first')
    deck = read_deck(values["deck"])
    setup = read_setup(values["setup"]) if "setup" in values else None
    return start(deck, setup)


@dataclass(frozen=True)
class Judged:
    deck: tuple[str, ...] | None
    setup: tuple[Move, ...]
    moves: tuple[Move, ...]
    state: State | None
    result: str
    reason: str | None
    royals_killed: int
    cards_left: int | None
    result_only: bool = False

    @property
    def result_text(self) -> str:
        return format_result(self.result, self.reason, self.royals_killed, self.cards_left)

    def fields(self) -> dict[str, object]:
        out: dict[str, object] = {"result_only": True} if self.result_only else {}
        out.update(
            result=self.result,
            reason=self.reason,
            royals_killed=self.royals_killed,
            cards_left=self.cards_left,
        )
        return out


def _tag_error(error: EngineError, record: RawRecord, tag: str) -> EngineError:
    return error.at_line(record.tag_line(tag))


def _read_start(
    record: RawRecord, *, strict: bool
) -> tuple[tuple[str, ...], tuple[Move, ...], State]:
    deck_text = record.tag("Deck") or ""
    try:
        deck = read_deck(deck_text)
    except RecordError as error:
        raise _tag_error(error, record, "Deck") from None
    setup_text = record.tag("Setup")
    try:
        setup = read_setup(setup_text or "")
        state = start(deck, setup if strict or setup_text is not None else None)
    except RecordError as error:
        raise _tag_error(error, record, "Setup") from None
    return deck, setup, state


def judge(record: RawRecord) -> Judged:
    """Replay a whole record (see the module docstring for where faults are reported)."""
    if record.error is not None:
        raise record.error
    written = record.tag("Result")
    if written is not None and written.strip() not in ("", "*") and not record.has_moves():
        return _judge_result_only(record, written)
    if record.tag("Deck") is None:
        raise RecordError(
            'the record has no [Deck "..."] tag: it must list the 54 cards, top card first',
            line=record.line,
        )
    deck, setup, state = _read_start(record, strict=True)
    moves: list[Move] = []
    for token in record.tokens():
        try:
            if state.end is not None:
                raise IllegalMoveError(ended(state), ply=state.ply + 1, move=token.text)
            move = parse_move(state, token.text)
            state = apply(state, move)
        except EngineError as error:
            error.move = token.text  # as written in the record
            raise error.at_line(token.line) from None
        moves.append(move)
    outcome_word, reason = result(state)
    done = Judged(
        deck=deck,
        setup=setup,
        moves=tuple(moves),
        state=state,
        result=outcome_word,
        reason=reason,
        royals_killed=state.royals_killed,
        cards_left=len(state.deck) if state.end == "win" else None,
    )
    if not (written is not None and written.strip() == "*" and outcome_word == "unfinished"):
        check_result(record, done.result_text)
    return done


def _judge_result_only(record: RawRecord, written: str) -> Judged:
    try:
        outcome_word, reason, killed, left = read_result(written)
    except RecordError as error:
        raise _tag_error(error, record, "Result") from None
    deck: tuple[str, ...] | None = None
    setup: tuple[Move, ...] = ()
    if record.tag("Deck") is not None:
        deck, setup, _ = _read_start(record, strict=False)
    elif record.tag("Setup") is not None:
        try:
            setup = read_setup(record.tag("Setup") or "")
        except RecordError as error:
            raise _tag_error(error, record, "Setup") from None
    return Judged(deck, setup, (), None, outcome_word, reason, killed, left, result_only=True)


def replay(record: RawRecord) -> Replay:
    """The replay command's fields for one record: result, reason, royals_killed, cards_left."""
    return Replay(NAME, judge(record).fields())


def write_record(record: RawRecord) -> str:
    """Canonical MGN of a valid record: header, blank line, movetext with echoes."""
    done = judge(record)
    # A game with no move yet is written "*": "unfinished; ..." without moves would read back
    # as a result-only record and lose its deck.
    values = {"Result": done.result_text if done.moves or done.result_only else "*"}
    if done.deck is not None:
        values["Deck"] = format_deck(done.deck)
    if done.setup:
        values["Setup"] = format_setup(done.setup)
    elif "setup" in record.tags:
        tags = {key: text for key, text in record.tags.items() if key != "setup"}
        record = replace(record, tags=tags)
    header = write_header(record, NAME, TAG_ORDER, values)
    return header + "\n" + format_movetext(done.moves) + "\n"
