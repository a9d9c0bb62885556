"""The Integer Matrix game protocol: states, legal moves, playing a move, the outcome.

Terms:

* :class:`Options` are a game's rules options: the nine setup discs and the ``Scoring``.
* A :class:`State` is a position: the board, the plies played so far, both net scores
  (negative, positive) and how the game ended (``full``, ``blocked`` or ``None`` while it runs).
* A move is legal when its disc is sound (one face ≥ 0, the other ≤ 0) and its placement is
  legal (see ``board.py``). Legality depends only on colours; the disc's faces only score.
* After each move the game ends ``full`` at 49 discs, else ``blocked`` when no legal placement
  exists in either colour. There is no pass: a running game always has a legal placement.
* A :class:`Turn` is what one move did: flips, closers, matrix, score and the net scores after.

Invariants: states and moves are immutable; :func:`apply` always validates and raises
:class:`IllegalMoveError` with one sentence naming the legal squares; a state's ``end`` is
computed when it is made, so :func:`outcome` is cheap.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from games.engine.core import IllegalMoveError, Outcome, RecordError, join_names
from games.engine.integer_matrix.board import (
    BLANK,
    CENTRE,
    COLOURS,
    SQUARES,
    Board,
    Colour,
    Disc,
    Move,
    Piece,
    colour_word,
    describe_piece,
    discs,
    judge,
    legal_squares,
    other,
    place,
    setup_colour,
    square_index,
    square_name,
)
from games.engine.integer_matrix.notation import (
    NotationError,
    format_disc,
    format_move,
    read_move,
)
from games.engine.integer_matrix.scoring import (
    Matrix,
    Role,
    Scoring,
    matrix,
    mover,
    winners,
)

End = Literal["full", "blocked"]


@dataclass(frozen=True, slots=True)
class Options:
    """A game's options: the disc on each centre square (colour fixed by the square) and scoring."""

    setup: tuple[tuple[int, Disc], ...]
    scoring: Scoring = "rect"


@dataclass(frozen=True, slots=True)
class State:
    """A position. ``net`` is (negative, positive); ``ply`` counts the moves played."""

    board: Board
    scoring: Scoring = "rect"
    ply: int = 0
    net: tuple[int, int] = (0, 0)
    end: End | None = None

    @property
    def to_move(self) -> Role:
        return mover(self.ply + 1)


@dataclass(frozen=True, slots=True)
class Turn:
    """One played move, for score sheets: what flipped, what scored, the net scores after."""

    ply: int
    player: Role
    move: Move
    flipped: tuple[int, ...]
    closers: tuple[int, ...]
    matrix: Matrix
    net: tuple[int, int]

    @property
    def score(self) -> int:
        return self.matrix.score

    @property
    def claim_differs(self) -> bool:
        return self.move.claim is not None and self.move.claim != self.matrix.score


def ending(board: Board) -> End | None:
    """``full``, ``blocked`` or ``None`` (the game goes on) for a board after a move."""
    if discs(board) == SQUARES:
        return "full"
    if any(legal_squares(board, colour) for colour in COLOURS):
        return None
    return "blocked"


def position(
    pieces: Mapping[int, Piece],
    *,
    scoring: Scoring = "rect",
    ply: int = 0,
    net: tuple[int, int] = (0, 0),
) -> State:
    """Any position (for analysis and tests): ``pieces`` maps squares to pieces."""
    board = tuple(pieces.get(square) for square in range(SQUARES))
    return State(board, scoring, ply, net, ending(board))


def new_game(options: Options) -> State:
    """The start position; a setup that breaks the setup rule is a :class:`RecordError`."""
    pieces: dict[int, Piece] = {}
    for square, disc in options.setup:
        name = square_name(square) if 0 <= square < SQUARES else str(square)
        if square not in CENTRE:
            raise RecordError(f"the Setup puts a disc on {name}, outside the centre block c3 to e5")
        if square in pieces:
            raise RecordError(f"the Setup lists {name} twice")
        if not disc.sound:
            raise RecordError(
                f"the Setup disc {format_disc(disc)} on {name} has two faces of the same sign; "
                "a disc has one face ≥ 0 and the other ≤ 0"
            )
        pieces[square] = Piece(disc, setup_colour(square))
    missing = [square_name(square) for square in CENTRE if square not in pieces]
    if missing:
        raise RecordError(
            f"the Setup has no disc on {join_names(missing, 'and')}: it lists all nine centre "
            "squares c3 to e5"
        )
    return position(pieces, scoring=options.scoring)


def legal_moves(state: State, disc: Disc = BLANK) -> tuple[Move, ...]:
    """Every legal placement for ``disc`` (a blank 0/0 disc by default), square by square."""
    if state.end is not None:
        return ()
    moves = [
        Move(disc, colour, square)
        for colour in COLOURS
        for square in legal_squares(state.board, colour)
    ]
    return tuple(sorted(moves, key=lambda move: (move.square, move.colour == "B")))


def legal_sentence(state: State, colour: Colour) -> str:
    """Where ``colour`` may go now, as the end of a sentence."""
    mine = [square_name(s) for s in legal_squares(state.board, colour)]
    theirs = [square_name(s) for s in legal_squares(state.board, other(colour))]
    if mine:
        return f"{colour_word(colour)} can go on {join_names(mine)}"
    if theirs:
        return (
            f"{colour_word(colour)} has no legal square now; "
            f"{colour_word(other(colour))} can go on {join_names(theirs)}"
        )
    return "no placement is legal in either colour"


def _legal_names(state: State) -> tuple[str, ...]:
    return tuple(f"{move.colour} {square_name(move.square)}" for move in legal_moves(state))


def _over(state: State) -> str:
    if state.end == "full":
        return "the game is over: the board is full (49 discs)"
    return "the game is over: no legal placement is left in either colour (blocked)"


def after_end(state: State, text: str) -> IllegalMoveError:
    """The error for a move written after the game ended (``text`` as written)."""
    return IllegalMoveError(
        f"{text} comes after the end of the game — {_over(state)}",
        ply=state.ply + 1,
        move=text,
        player=state.to_move,
    ).because("integer_matrix.over", end=state.end)


def play(state: State, move: Move) -> tuple[State, Turn]:
    """Validate and play ``move``: the new state and what the move did."""
    ply = state.ply + 1
    text = format_move(move)
    player = mover(ply)

    def illegal(reason: str, legal: tuple[str, ...] = ()) -> IllegalMoveError:
        return IllegalMoveError(reason, ply=ply, move=text, legal=legal, player=player)

    if state.end is not None:
        raise after_end(state, text)
    if not move.disc.sound:
        sign = "positive" if move.disc.white > 0 else "negative"
        raise illegal(
            f"the disc {format_disc(move.disc)} has two {sign} faces; a disc has one face ≥ 0 "
            "and the other ≤ 0"
        ).because("integer_matrix.unsound_disc", disc=[move.disc.white, move.disc.black])
    if not 0 <= move.square < SQUARES:
        raise illegal(
            f"square {move.square} is not on the board; {legal_sentence(state, move.colour)}",
            _legal_names(state),
        ).because("integer_matrix.off_board", square=str(move.square), legal=_legal_names(state))
    colour, name, word = move.colour, square_name(move.square), colour_word(move.colour)
    verdict, runs = judge(state.board, colour, move.square)
    if verdict != "legal":
        if verdict == "occupied":
            piece = state.board[move.square]
            assert piece is not None
            reason = f"{name} is already taken by {describe_piece(piece)}"
        elif verdict == "no-run":
            reason = (
                f"a {word} disc on {name} flips nothing: no line of "
                f"{colour_word(other(colour))} discs from {name} is closed by a {word} disc"
            )
        else:
            reason = (
                f"a {word} disc on {name} would turn the whole board {word}, which is never allowed"
            )
        held = state.board[move.square]
        raise illegal(f"{reason}; {legal_sentence(state, colour)}", _legal_names(state)).because(
            "integer_matrix." + verdict.replace("-", "_"),
            square=name,
            colour=colour,
            held=None if held is None else [held.up, held.value],
            legal=_legal_names(state),
        )
    board = place(state.board, move.disc, colour, move.square, runs.flipped)
    scored = matrix(board, colour, move.square, runs.flipped, runs.closers, state.scoring)
    negative, positive = state.net
    if player == "negative":
        negative += scored.score
    else:
        positive += scored.score
    after = State(board, state.scoring, ply, (negative, positive), ending(board))
    turn = Turn(ply, player, move, runs.flipped, runs.closers, scored, after.net)
    return after, turn


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMoveError` when it is not legal."""
    return play(state, move)[0]


def parse_move(state: State, token: str) -> Move:
    """Read one move's text (``+3/-5 W f4 =+6``) for the player to move in ``state``."""
    ply = state.ply + 1
    player = mover(ply)
    shown = " ".join(token.split())
    try:
        parts = read_move(token)
    except NotationError as error:
        raise IllegalMoveError(str(error), ply=ply, move=shown, player=player).because(
            "integer_matrix.unreadable", move=shown
        ) from None
    square = square_index(parts.square)
    if square is None:
        raise IllegalMoveError(
            f"{parts.square} is not a square of the board, which runs from a1 to g7; "
            f"{legal_sentence(state, parts.colour)}",
            ply=ply,
            move=shown,
            player=player,
            legal=_legal_names(state),
        ).because("integer_matrix.off_board", square=parts.square, legal=_legal_names(state))
    return Move(parts.disc, parts.colour, square, parts.claim)


def scores(state: State) -> dict[str, int]:
    """The net scores so far, by role."""
    return {"negative": state.net[0], "positive": state.net[1]}


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs, else the final scores, winners and how it ended."""
    if state.end is None:
        return None
    return Outcome(scores(state), winners(*state.net), state.end)
