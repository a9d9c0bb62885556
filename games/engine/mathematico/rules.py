"""The Mathematico game protocol: options, immutable states and moves, and their rules.

Terms: all players share one *deal* (25 values); each player has a board. Play runs card by
card: for the *k*-th drawn value every player, in seat order, places it (a *move*) into an
empty cell of their own board, or leaves it unplaced (``-``, timed variants). A player's *ply*
is the number of the card being placed, 1..25 (the position in the player's MGN line). The
game is over when every player has moved 25 times.

Invariants: states and moves are frozen; :func:`apply` is the only judge of a move and raises
:class:`IllegalMoveError` (ply, player, token and the legal alternatives) for a cell that is
taken, a token that names no cell, a move out of turn or a move after the end. The fast
replay in ``records.py`` builds its errors with the same functions as here (``bad_cell``,
``taken_cell``) and a property test checks both judge every record alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.engine.core import IllegalMoveError, Outcome, RecordError, join_names
from games.engine.mathematico.board import CELL_INDEX, CELLS
from games.engine.mathematico.cards import DEAL_SIZE, check_deal
from games.engine.mathematico.profiles import CANONICAL, PROFILES
from games.engine.mathematico.scoring import MAX, Mode, board_total, winners

NOT_PLACED = "-"
EMPTY_BOARD: tuple[int, ...] = (0,) * len(CELLS)


@dataclass(frozen=True, slots=True)
class Options:
    """What a game needs to start: the deal, the players in seat order, mode and rules."""

    deal: tuple[int, ...]
    players: tuple[str, ...]
    mode: Mode = MAX
    rules: str = CANONICAL


@dataclass(frozen=True, slots=True)
class Move:
    """``player`` puts the current value on board index ``cell`` (``None``: not placed)."""

    player: str
    cell: int | None


@dataclass(frozen=True, slots=True)
class State:
    """Boards (one per seat, 25 values, 0 = empty) after ``moves`` moves in all."""

    options: Options
    boards: tuple[tuple[int, ...], ...]
    moves: int = 0

    @property
    def card(self) -> int:
        """0-based index in the deal of the value being placed (25 when over)."""
        return self.moves // len(self.options.players)

    @property
    def seat(self) -> int:
        """Seat (index in ``options.players``) of the player to move."""
        return self.moves % len(self.options.players)

    @property
    def player(self) -> str:
        return self.options.players[self.seat]

    @property
    def value(self) -> int | None:
        """The value to place, ``None`` when the game is over."""
        return self.options.deal[self.card] if self.card < DEAL_SIZE else None

    @property
    def over(self) -> bool:
        return self.card >= DEAL_SIZE

    def board(self, player: str) -> tuple[int, ...]:
        return self.boards[self.options.players.index(player)]


def new_game(options: Options) -> State:
    """Empty boards for every player; a record error for an impossible deal or seating."""
    check_deal(options.deal)
    if not options.players:
        raise RecordError("a game of mathematico needs at least one player")
    if len({squash(name) for name in options.players}) != len(options.players):
        raise RecordError("two players have the same name")
    if options.rules not in PROFILES:
        raise RecordError(f"unknown rules profile {options.rules!r}: the only one is canonical")
    return State(options, (EMPTY_BOARD,) * len(options.players))


def squash(name: str) -> str:
    """How names are compared: ignoring case and spaces (as Result tags are)."""
    return "".join(name.split()).lower()


def free_cells(board: Sequence[int]) -> list[str]:
    """Names of the empty cells of a board, row by row, top row first."""
    return [name for name, value in zip(CELLS, board, strict=True) if not value]


def legal_names(board: Sequence[int]) -> list[str]:
    """Every legal token for the next value on ``board``: its empty cells and ``-``."""
    return [*free_cells(board), NOT_PLACED]


def legal_moves(state: State) -> tuple[Move, ...]:
    """The empty cells of the mover's board (row by row), then leaving the card unplaced."""
    if state.over:
        return ()
    board = state.boards[state.seat]
    player = state.player
    return (
        *(Move(player, i) for i, value in enumerate(board) if not value),
        Move(player, None),
    )


def _where(board: Sequence[int], value: int) -> str:
    free = free_cells(board)
    return f"the {value} can go on {join_names(free)} (or {NOT_PLACED} to leave it unplaced)"


def bad_cell(
    player: str, ply: int, token: str, board: Sequence[int], value: int
) -> IllegalMoveError:
    """The error for a token that names no cell of the board."""
    return IllegalMoveError(
        f"{token!r} is not a cell — cells are a1 to e5 (column a-e, row 1-5) — and "
        + _where(board, value),
        ply=ply,
        move=token,
        legal=legal_names(board),
        player=player,
    ).because("mathematico.not_a_cell", move=token, value=value, cells=free_cells(board))


def taken_cell(
    player: str, ply: int, token: str, board: Sequence[int], value: int
) -> IllegalMoveError:
    """The error for a cell that already holds a value."""
    cell = CELL_INDEX[token]
    return IllegalMoveError(
        f"{CELLS[cell]} already holds the {board[cell]}, so " + _where(board, value),
        ply=ply,
        move=token,
        legal=legal_names(board),
        player=player,
    ).because(
        "mathematico.cell_taken",
        cell=CELLS[cell],
        held=board[cell],
        value=value,
        cells=free_cells(board),
    )


def _game_over(state: State, token: str) -> IllegalMoveError:
    return IllegalMoveError(
        f"the game is over: all {DEAL_SIZE} values have been placed",
        ply=DEAL_SIZE + 1,
        move=token,
        player=state.player,
    ).because("mathematico.over", count=DEAL_SIZE)


def parse_move(state: State, token: str) -> Move:
    """Read a cell name (any case) or ``-`` as the next move of the player to move."""
    if state.over:
        raise _game_over(state, token)
    if token == NOT_PLACED:
        return Move(state.player, None)
    cell = CELL_INDEX.get(token)
    if cell is None:
        value = state.value
        assert value is not None
        raise bad_cell(state.player, state.card + 1, token, state.boards[state.seat], value)
    return Move(state.player, cell)


def format_move(move: Move) -> str:
    """Canonical token of a move: the lower-case cell name, or ``-``."""
    return NOT_PLACED if move.cell is None else CELLS[move.cell]


def apply(state: State, move: Move) -> State:
    """Play ``move`` (validated: the mover's turn, an empty cell) and return the new state."""
    cell = move.cell
    real = cell is None or 0 <= cell < len(CELLS)
    token = format_move(move) if real else str(cell)
    if state.over:
        raise _game_over(state, token)
    value = state.value
    assert value is not None
    seat, player, ply = state.seat, state.player, state.card + 1
    board = state.boards[seat]
    if move.player != player:
        raise IllegalMoveError(
            f"it is {player}'s turn to place the {value}, not {move.player}'s",
            ply=ply,
            move=token,
            legal=legal_names(board),
            player=move.player,
        ).because("mathematico.not_your_turn", value=value, turn=player)
    if cell is None:
        return State(state.options, state.boards, state.moves + 1)
    if not real:
        raise bad_cell(player, ply, token, board, value)
    if board[cell]:
        raise taken_cell(player, ply, token, board, value)
    placed = (*board[:cell], value, *board[cell + 1 :])
    boards = (*state.boards[:seat], placed, *state.boards[seat + 1 :])
    return State(state.options, boards, state.moves + 1)


def scores(state: State) -> dict[str, int]:
    """Each player's total so far (empty cells score nothing), in seat order."""
    rules = state.options.rules
    return {
        name: board_total(board, rules)
        for name, board in zip(state.options.players, state.boards, strict=True)
    }


def outcome(state: State) -> Outcome | None:
    """``None`` while cards remain, else the totals and the winners under the mode."""
    if not state.over:
        return None
    totals = scores(state)
    return Outcome(totals, winners(totals, state.options.mode))
