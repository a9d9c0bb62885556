"""Judging a whole Mathematico record: the replay command's JSON and the canonical writer.

Terms: :func:`replay` is the record by record path (``fast.py`` judges usual records many at
once for the replay command, and leaves the others, with every error, to it): it reads each
player line straight into a list of 25 values with a token -> index dict, and scores it with
the lookup tables of ``scoring.py``. :func:`replay_stepwise` judges the same record by the
game protocol (``parse_move`` then ``apply`` for every move, card by card, seat by seat).

Invariants: both give the same result for every record, legal or not (a property test checks
it): a cell that names nothing or is already filled is refused with the error built by
``rules.bad_cell`` / ``rules.taken_cell``, and the error reported is the first in play order —
the lowest ply, and at equal ply the player seated first (the earlier line). Record errors
(``notation.read_setup``) come before any move is judged; the Result tag is checked last.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.core import EngineError, IllegalMoveError, Replay
from games.engine.mathematico.board import CELL_INDEX, CELLS, board_string
from games.engine.mathematico.cards import CHARS
from games.engine.mathematico.notation import (
    PlayerLine,
    Setup,
    read_result,
    read_setup,
    result_text,
    write_text,
)
from games.engine.mathematico.profiles import WEIGHT
from games.engine.mathematico.rules import (
    NOT_PLACED,
    Options,
    bad_cell,
    new_game,
    parse_move,
    taken_cell,
)
from games.engine.mathematico.rules import apply as apply_move
from games.engine.mathematico.scoring import board_total, tables, weights_total, winners
from games.engine.record import RawRecord, check_result

NAME = "mathematico"

#: entry of a player line -> board index; -1 for a value not placed
_ENTRY: dict[str, int] = {**CELL_INDEX, NOT_PLACED: -1}
_CELL_COUNT = len(CELLS)
_INDEXES = range(_CELL_COUNT)  # board indexes, and draw indexes (as many draws as cells)


def place(player: PlayerLine, deal: Sequence[int]) -> tuple[list[int], IllegalMoveError | None]:
    """The board a player line makes, and the first illegal entry's error (or ``None``).

    Same rules as ``rules.apply``: an entry must name a cell (or be ``-``) and the cell must be
    empty. The board returned is the board up to the first illegal entry.
    """
    board = [0] * _CELL_COUNT
    for ply, (token, value) in enumerate(zip(player.tokens, deal, strict=True), start=1):
        cell = _ENTRY.get(token)
        if cell is None:
            return board, bad_cell(player.name, ply, token, board, value)
        if cell < 0:
            continue
        if board[cell]:
            return board, taken_cell(player.name, ply, token, board, value)
        board[cell] = value
    return board, None


def draw_order(tokens: Sequence[str]) -> list[int] | None:
    """For each board index, the index of the draw placed there — when the line puts every
    value on a different cell (the usual, complete line); ``None`` for any other line (one
    with ``-`` or a bad entry), which :func:`place` then judges entry by entry.
    """
    drawn_at = dict(zip(map(_ENTRY.get, tokens), _INDEXES, strict=True))
    if len(drawn_at) != _CELL_COUNT or None in drawn_at or -1 in drawn_at:
        return None  # some cell named twice, an unreadable entry or a value not placed
    return list(map(drawn_at.__getitem__, _INDEXES))


def _first_in_play(errors: list[tuple[int, int, IllegalMoveError]]) -> IllegalMoveError:
    return min(errors, key=lambda item: item[:2])[2]


def _result_only(record: RawRecord, setup: Setup) -> Replay:
    totals = read_result(record)
    return Replay(
        NAME,
        {
            "result_only": True,
            "scores": totals,
            "winners": list(winners(totals, setup.mode)),
            "boards": {},
        },
    )


def _judge(record: RawRecord) -> tuple[Setup, dict[str, int], dict[str, str]]:
    """The setup, totals and board strings of a record with moves (the fast path).

    Raises the first illegal move in play order (see the module docstring).
    """
    setup = read_setup(record)
    deal = setup.deal
    assert deal is not None
    rules = setup.rules
    points = tables(rules)
    weights = [WEIGHT[v] for v in deal]  # of each drawn value
    chars = [CHARS[v] for v in deal]
    totals: dict[str, int] = {}
    boards: dict[str, str] = {}
    errors: list[tuple[int, int, IllegalMoveError]] = []
    for seat, player in enumerate(setup.players):
        order = draw_order(player.tokens)
        if order is not None:
            totals[player.name] = weights_total(list(map(weights.__getitem__, order)), points)
            text = "".join(map(chars.__getitem__, order))
            boards[player.name] = f"{text[:5]}/{text[5:10]}/{text[10:15]}/{text[15:20]}/{text[20:]}"
            continue
        board, error = place(player, deal)
        if error is not None:
            error.line = player.line
            errors.append((error.ply or 0, seat, error))
            continue
        totals[player.name] = board_total(board, rules)
        boards[player.name] = board_string(board)
    if errors:
        raise _first_in_play(errors)
    return setup, totals, boards


def _replayed(
    record: RawRecord, setup: Setup, totals: dict[str, int], boards: dict[str, str]
) -> Replay:
    """The JSON fields of a record with moves, once its Result tag agrees."""
    written = record.tags.get("result")
    if written is not None:
        computed = result_text(totals)
        if written != computed:
            check_result(record, computed)
    return Replay(
        NAME, {"scores": totals, "winners": list(winners(totals, setup.mode)), "boards": boards}
    )


def replay(record: RawRecord) -> Replay:
    """Judge a record: scores, winners and boards (``docs/records.md`` §3, §6)."""
    if not record.movetext:
        return _result_only(record, read_setup(record))
    return _replayed(record, *_judge(record))


def replay_stepwise(record: RawRecord) -> Replay:
    """The same judgement as :func:`replay`, move by move through the game protocol."""
    setup = read_setup(record)
    if not setup.players:
        return _result_only(record, setup)
    assert setup.deal is not None
    state = new_game(
        Options(setup.deal, tuple(p.name for p in setup.players), setup.mode, setup.rules)
    )
    for ply in range(len(setup.deal)):
        for player in setup.players:
            token = player.tokens[ply]
            try:
                state = apply_move(state, parse_move(state, token))
            except EngineError as error:
                error.move = token  # as written in the record
                raise error.at_line(player.line) from None
    totals = {
        player.name: board_total(board, setup.rules)
        for player, board in zip(setup.players, state.boards, strict=True)
    }
    boards = {
        player.name: board_string(board)
        for player, board in zip(setup.players, state.boards, strict=True)
    }
    return _replayed(record, setup, totals, boards)


def write_record(record: RawRecord) -> str:
    """Canonical MGN text of a valid record (raises its EngineError when it is not valid)."""
    if not record.movetext:
        return write_text(record, read_setup(record), read_result(record))
    setup, totals, _ = _judge(record)
    return write_text(record, setup, totals)
