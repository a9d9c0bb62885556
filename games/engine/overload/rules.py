"""The rules of MATR1X 0VERL0AD (``docs/rules/matrix-overload.md``): the engine protocol.

:func:`legal_moves`, :func:`apply` (validates, and says why a move is refused: ``explain.py``),
:func:`outcome` and :func:`scores` over a position of ``position.py`` (the state, the moves
and what a position allows).
"""

from __future__ import annotations

from games.engine.core import IllegalMoveError, Outcome
from games.engine.overload.explain import why_illegal
from games.engine.overload.notation import format_move
from games.engine.overload.position import ABANDON, LOOP, Move, State, placements, resolve


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move: the placements, then LOOP and ABANDON while the game runs."""
    moves = placements(state)
    if state.end is None and not state.pending:
        moves = (*moves, LOOP, ABANDON)
    return moves


# --- playing -------------------------------------------------------------------------------


def apply(state: State, move: Move) -> State:
    """Play ``move`` if it is legal, else raise :class:`IllegalMoveError` saying why."""
    if move in legal_moves(state):
        return resolve(state, move)
    raise _refused(state, move)


def _refused(state: State, move: Move) -> IllegalMoveError:
    legal = [format_move(m) for m in placements(state)]
    return IllegalMoveError(
        why_illegal(state, move),
        ply=state.ply + 1,
        move=format_move(move),
        legal=legal,
    ).because(
        _refusal_code(state, move),
        card=move.card,
        drawn=state.drawn,
        place=format_move(move),
        legal=legal,
    )


def _refusal_code(state: State, move: Move) -> str:
    """Which of ``why_illegal``'s sentences applies, as a code for the site's own words."""
    if state.end is not None:
        return "overload.over"
    if state.pending:
        return "overload.setup"
    if move.card is not None and move.card != state.drawn:
        return "overload.not_drawn"
    return "overload.misplaced"


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; a win has the player as winner."""
    if state.end is None:
        return None
    return Outcome(
        scores=scores(state),
        winners=("player",) if state.end == "win" else (),
        reason=state.end,
    )


def scores(state: State) -> dict[str, int | None]:
    """Royals killed, and cards left in the deck for a win (``None`` otherwise)."""
    return {
        "royals_killed": state.royals_killed,
        "cards_left": len(state.deck) if state.end == "win" else None,
    }
