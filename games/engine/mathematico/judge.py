"""Judging a whole Mathematico record: the replay command's JSON and the canonical writer.

Terms: :func:`replay` is the fast path used by the replay command and the importer: it reads
each player line straight into a list of 25 values with a token -> index dict, and scores it
with the lookup tables of ``scoring.py``. :func:`replay_stepwise` judges the same record by
the game protocol (``parse_move`` then ``apply`` for every move, card by card, seat by seat).

Invariants: both give the same result for every record, legal or not (a property test checks
it): a cell that names nothing or is already filled is refused with the error built by
``game.bad_cell`` / ``game.taken_cell``, and the error reported is the first in play order —
the lowest ply, and at equal ply the player seated first (the earlier line). Record errors
(``notation.read_setup``) come before any move is judged; the Result tag is checked last.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.core import EngineError, IllegalMoveError, JsonDict, Replay
from games.engine.mathematico.board import CELL_INDEX, CELLS, board_string
from games.engine.mathematico.game import (
    NOT_PLACED,
    Options,
    bad_cell,
    new_game,
    parse_move,
    taken_cell,
)
from games.engine.mathematico.game import apply as apply_move
from games.engine.mathematico.notation import (
    PlayerLine,
    Setup,
    read_result,
    read_setup,
    result_text,
    write_text,
)
from games.engine.mathematico.scoring import board_total, winners
from games.engine.record import RawRecord, check_result

NAME = "mathematico"

#: entry of a player line -> board index; -1 for a value not placed
_ENTRY: dict[str, int] = {**CELL_INDEX, NOT_PLACED: -1}
_CELL_COUNT = len(CELLS)


def place(player: PlayerLine, deal: Sequence[int]) -> tuple[list[int], IllegalMoveError | None]:
    """The board a player line makes, and the first illegal entry's error (or ``None``).

    Same rules as ``game.apply``: an entry must name a cell (or be ``-``) and the cell must be
    empty. The board returned is the board up to the first illegal entry.
    """
    tokens = player.tokens
    cells = [_ENTRY.get(token) for token in tokens]
    board = [0] * _CELL_COUNT
    if None not in cells and -1 not in cells and len(set(cells)) == _CELL_COUNT:
        for cell, value in zip(cells, deal, strict=True):
            board[cell] = value  # type: ignore[index]  # no None: checked above
        return board, None
    for ply, (token, cell, value) in enumerate(zip(tokens, cells, deal, strict=True), start=1):
        if cell is None:
            return board, bad_cell(player.name, ply, token, board, value)
        if cell < 0:
            continue
        if board[cell]:
            return board, taken_cell(player.name, ply, token, board, value)
        board[cell] = value
    return board, None


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


def _finish(record: RawRecord, setup: Setup, boards: Sequence[Sequence[int]]) -> Replay:
    rules = setup.rules
    totals = {
        player.name: board_total(board, rules)
        for player, board in zip(setup.players, boards, strict=True)
    }
    if record.tags.get("result") is not None:
        check_result(record, result_text(totals))
    return Replay(
        NAME,
        {
            "scores": totals,
            "winners": list(winners(totals, setup.mode)),
            "boards": {
                player.name: board_string(board)
                for player, board in zip(setup.players, boards, strict=True)
            },
        },
    )


def _judge(record: RawRecord) -> tuple[Setup, list[list[int]]]:
    """The setup and every player's board (the fast path; raises on the first bad move)."""
    setup = read_setup(record)
    deal = setup.deal
    assert deal is not None or not setup.players
    boards: list[list[int]] = []
    errors: list[tuple[int, int, IllegalMoveError]] = []
    for seat, player in enumerate(setup.players):
        assert deal is not None
        board, error = place(player, deal)
        if error is not None:
            error.line = player.line
            errors.append((error.ply or 0, seat, error))
        boards.append(board)
    if errors:
        raise _first_in_play(errors)
    return setup, boards


def replay(record: RawRecord) -> Replay:
    """Judge a record: scores, winners and boards (``spec/records.md`` §3, §6)."""
    if not record.movetext:
        return _result_only(record, read_setup(record))
    setup, boards = _judge(record)
    return _finish(record, setup, boards)


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
    return _finish(record, setup, state.boards)


def write_record(record: RawRecord) -> str:
    """Canonical MGN text of a valid record (raises its EngineError when it is not valid)."""
    if not record.movetext:
        setup = read_setup(record)
        return write_text(record, setup, read_result(record))
    setup, boards = _judge(record)
    totals = {
        player.name: board_total(board, setup.rules)
        for player, board in zip(setup.players, boards, strict=True)
    }
    return write_text(record, setup, totals)
