"""Post-game review of an Integer Matrix game: alpha-beta search over every move.

Terms:

* The *margin* is ``P + N`` (positive net plus negative net): the positive player wins when
  it is above 0, the negative player when it is below. From a mover's view the margin is
  ``+(P + N)`` for the positive player and ``-(P + N)`` for the negative one; a move's
  *value* is the margin from the mover's view after a search of :data:`DEPTH` plies.
* The search knows the disc the mover actually drew (the record's move names it); the discs
  still in the bag are unknown, so the later plies of the search lay a blank ``0/0`` disc:
  there, only the discs flipped and those already on the board score. Both colours are tried
  at every ply (the players play both colours).
* Alpha-beta (negamax) with move ordering by the immediate score; the move played is searched
  with an open window, so its value is exact, and so is the best move's.

Limits: ``depth`` plies (default :data:`DEPTH` = 3: the move, the reply, the next move), no time
limit; a game of 40 moves takes about 0.3 s of CPU. Thresholds: ``grades.INTEGER_MATRIX``.

Invariants: the search plays on its own arrays (square ``column + 7 * row``, as ``board.py``)
by the same rules as ``rules.play`` (flanking runs, the one-colour ban, ``rect``/``line``
matrix, the game ends when no placement is legal); a test checks its scores against the
engine's. The review never reads a later move of the record when judging a move.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.core import RecordError
from games.engine.integer_matrix.board import RAYS, SQUARES, Colour, Disc, Move
from games.engine.integer_matrix.notation import format_move
from games.engine.integer_matrix.records import judge_record
from games.engine.integer_matrix.rules import Options, State, new_game, play
from games.engine.integer_matrix.scoring import mover
from games.engine.record import RawRecord
from games.engine.review.grades import INTEGER_MATRIX, GameReview, MoveReview, judged

NAME = "integer-matrix"
DEPTH = 3
WHITE, BLACK = 1, 2
_COLOUR = {"W": WHITE, "B": BLACK}
_INF = 10**9
_SIZE = 7

# (colour, square, flipped, closers)
Placement = tuple[int, int, tuple[int, ...], tuple[int, ...]]


@dataclass
class Position:
    """A mutable board for the search: colour shown (0 empty), both faces, counts, scoring."""

    up: list[int]
    white: list[int]
    black: list[int]
    count: list[int]  # [empty, white, black]
    line: bool  # ``line`` scoring (else ``rect``)

    @classmethod
    def of(cls, state: State) -> Position:
        up, white, black = [0] * SQUARES, [0] * SQUARES, [0] * SQUARES
        for square, piece in enumerate(state.board):
            if piece is not None:
                up[square] = _COLOUR[piece.up]
                white[square], black[square] = piece.disc.white, piece.disc.black
        count = [up.count(0), up.count(WHITE), up.count(BLACK)]
        return cls(up, white, black, count, state.scoring == "line")

    def shown(self, square: int) -> int:
        colour = self.up[square]
        if colour == WHITE:
            return self.white[square]
        return self.black[square] if colour == BLACK else 0

    def placements(self) -> list[Placement]:
        """Every legal (colour, square) with its flips and closers, square by square."""
        up = self.up
        out: list[Placement] = []
        for square in range(SQUARES):
            if up[square]:
                continue
            for colour in (WHITE, BLACK):
                flipped: list[int] = []
                closers: list[int] = []
                for ray in RAYS[square]:
                    run: list[int] = []
                    for step in ray:
                        seen = up[step]
                        if not seen:
                            break
                        if seen == colour:
                            if run:
                                flipped.extend(run)
                                closers.append(step)
                            break
                        run.append(step)
                if flipped and len(flipped) < self.count[3 - colour]:
                    out.append((colour, square, tuple(flipped), tuple(closers)))
        return out

    def play(self, placement: Placement, disc: Disc) -> tuple[int, int, int]:
        """Lay ``disc`` and flip; returns the matrix score and the square's old faces."""
        colour, square, flipped, closers = placement
        up = self.up
        old = (self.white[square], self.black[square])
        up[square] = colour
        self.white[square], self.black[square] = disc.white, disc.black
        for step in flipped:
            up[step] = colour
        self.count[0] -= 1
        self.count[colour] += 1 + len(flipped)
        self.count[3 - colour] -= len(flipped)
        return self.score(colour, square, flipped, closers), old[0], old[1]

    def undo(self, placement: Placement, old_white: int, old_black: int) -> None:
        colour, square, flipped, _ = placement
        self.up[square] = 0
        self.white[square], self.black[square] = old_white, old_black
        for step in flipped:
            self.up[step] = 3 - colour
        self.count[0] += 1
        self.count[colour] -= 1 + len(flipped)
        self.count[3 - colour] += len(flipped)

    def score(
        self, colour: int, square: int, flipped: tuple[int, ...], closers: tuple[int, ...]
    ) -> int:
        members = (square, *flipped, *closers)
        if self.line:
            return sum(self.shown(s) for s in set(members) if self.up[s] == colour)
        columns = [s % _SIZE for s in members]
        rows = [s // _SIZE for s in members]
        total = 0
        for row in range(min(rows), max(rows) + 1):
            for column in range(min(columns), max(columns) + 1):
                s = column + _SIZE * row
                if self.up[s] == colour:
                    total += self.shown(s)
        return total


def _search(pos: Position, sign: int, depth: int, alpha: int, beta: int) -> int:
    """Best future gain of the side to move (``sign`` +1 positive, -1 negative), blank discs."""
    if depth == 0:
        return 0
    moves = pos.placements()
    if not moves:
        return 0
    scored = []
    for placement in moves:
        gain, ow, ob = pos.play(placement, BLANK_DISC)
        pos.undo(placement, ow, ob)
        scored.append((sign * gain, placement))
    if depth == 1:
        return max(gain for gain, _ in scored)
    scored.sort(key=lambda item: -item[0])
    best = -_INF
    for gain, placement in scored:
        _, ow, ob = pos.play(placement, BLANK_DISC)
        value = gain - _search(pos, -sign, depth - 1, -beta + gain, -alpha + gain)
        pos.undo(placement, ow, ob)
        if value > best:
            best = value
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    return best


BLANK_DISC = Disc(0, 0)


def evaluate(
    state: State, disc: Disc, played: Move | None = None, *, depth: int = DEPTH
) -> tuple[Move, int, int | None]:
    """The search's best placement of ``disc``, its value and the value of ``played``.

    Values are margins from the mover's view. ``played`` is searched first with an open
    window (exact); the other moves with the window of the best so far, in order of their
    immediate score (ties: the earlier square, white before black).
    """
    pos = Position.of(state)
    sign = 1 if state.to_move == "positive" else -1
    margin = sign * (state.net[0] + state.net[1])
    roots = []
    for placement in pos.placements():
        gain, ow, ob = pos.play(placement, disc)
        pos.undo(placement, ow, ob)
        roots.append((sign * gain, placement))
    key = None if played is None else (_COLOUR[played.colour], played.square)
    roots.sort(key=lambda item: (item[1][:2] != key, -item[0], item[1][1], item[1][0]))
    best: Placement | None = None
    best_value = -_INF
    played_value: int | None = None
    for gain, placement in roots:
        _, ow, ob = pos.play(placement, disc)
        value = gain - _search(pos, -sign, depth - 1, -_INF, gain - best_value)
        pos.undo(placement, ow, ob)
        if placement[:2] == key:
            played_value = margin + value
        if value > best_value:
            best, best_value = placement, value
    assert best is not None, "a running game always has a legal placement"
    return Move(disc, _LETTER_OF[best[0]], best[1]), margin + best_value, played_value


_LETTER_OF: dict[int, Colour] = {WHITE: "W", BLACK: "B"}


def best_move(state: State, disc: Disc, *, depth: int = DEPTH) -> Move:
    """The search's choice for ``disc`` (see :func:`evaluate` for ties)."""
    return evaluate(state, disc, depth=depth)[0]


def _token(move: Move) -> str:
    return format_move(Move(move.disc, move.colour, move.square))


def review(record: RawRecord, *, depth: int = DEPTH) -> GameReview:
    """Every move of an Integer Matrix record graded against the depth-``depth`` search."""
    judgement = judge_record(record)
    if judgement.result_only or judgement.setup is None:
        raise RecordError("a result-only record has no moves to review")
    state = new_game(Options(judgement.setup, judgement.scoring))
    moves: list[MoveReview] = []
    for turn in judgement.turns:
        move = turn.move
        best, best_value, value = evaluate(state, move.disc, move, depth=depth)
        moves.append(
            judged(
                INTEGER_MATRIX,
                ply=turn.ply,
                player=mover(turn.ply),
                played=_token(move),
                best=_token(best),
                value=None if value is None else float(value),
                best_value=float(best_value),
            )
        )
        state, _ = play(state, move)
    return GameReview(
        NAME,
        tuple(moves),
        method=(
            f"alpha-beta search, {depth} plies (the drawn disc, then blank 0/0 discs); "
            "value = net-score margin from the mover's view"
        ),
        thresholds=INTEGER_MATRIX,
        method_params={"depth": depth},
    )
