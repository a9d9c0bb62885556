"""First placements of the Integer Matrix and setup choices of MATR1X 0VERL0AD.

Terms:

* Integer Matrix *first placements*: the first ``depth`` moves of every finished game,
  counted under group ``"ply N"`` and key ``"<colour> <square>"`` (e.g. ``"W b3"``), with the
  mover's outcome: a win is first place (a draw counts for both roles), the score is the
  mover's final net *in their own direction* (the positive player's net, minus the negative
  player's) and ``extra`` is the matrix score the move itself made, in the same direction.
  Squares are not folded by symmetry: the setup discs' values differ from game to game.
* Overload *setup choices*: the royals met while dealing are placed by the royal rule; where
  the rule leaves a choice (two or more legal slots for the royal placed), the slot chosen is
  counted under group ``"J"``, ``"Q"`` or ``"K"`` (the royal's rank) and key the slot
  (``N1``..``W3``), with the game's outcome: a win is first place, the score is the royals
  killed, ``extra`` is the number of slots the rule allowed.

Invariants: records are judged by the rules engines first; unfinished games and result-only
records add nothing; every delta is additive (``tally``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from analytics.compute.results import INTEGER_MATRIX, GameResult, SeatResult, overload_result
from analytics.compute.tally import Key, Tally, one
from games.engine.integer_matrix.board import square_name
from games.engine.integer_matrix.records import judge_record
from games.engine.integer_matrix.scoring import winners
from games.engine.overload.position import deal, placements, resolve
from games.engine.overload.records import judge
from games.engine.record import RawRecord, read_records

DEFAULT_DEPTH = 4


def _record(record: str | RawRecord) -> RawRecord:
    if isinstance(record, str):
        found = read_records(record)
        if len(found) != 1:
            raise ValueError(f"expected one record, found {len(found)}")
        record = found[0]
    if record.error is not None:
        raise record.error
    return record


@dataclass(frozen=True, slots=True)
class FirstMove:
    ply: int
    role: str
    colour: str
    square: str
    score: int


@dataclass(frozen=True, slots=True)
class IntegerMatrixGame:
    game_id: str
    finished: bool
    net: tuple[int, int]
    winners: tuple[str, ...]
    moves: tuple[FirstMove, ...]

    def own_net(self, role: str) -> int:
        negative, positive = self.net
        return positive if role == "positive" else -negative

    def result(
        self, *, order: str, players: Mapping[str, Sequence[str]], club: str | None = None
    ) -> GameResult:
        """The game as the ratings read it; ``players`` lists each role's player ids (one,
        or a team)."""
        if not self.finished:
            raise ValueError(f"game {self.game_id} is unfinished: it is not rated")
        seats = tuple(
            SeatResult(p, 1 if role in self.winners else 2, self.own_net(role), team=role)
            for role in ("negative", "positive")
            for p in players[role]
        )
        return GameResult(self.game_id, INTEGER_MATRIX, order, seats, club)


def read_integer_matrix(record: str | RawRecord, *, game_id: str) -> IntegerMatrixGame:
    """Judge one Integer Matrix record and read its moves (``score``: the matrix score)."""
    judged = judge_record(_record(record))
    moves = tuple(
        FirstMove(t.ply, t.player, t.move.colour, square_name(t.move.square), t.matrix.score)
        for t in judged.turns
    )
    return IntegerMatrixGame(game_id, judged.finished, judged.net, winners(*judged.net), moves)


def first_placements_delta(
    game: IntegerMatrixGame,
    *,
    depth: int = DEFAULT_DEPTH,
    ratings: dict[str, int | None] | None = None,
) -> dict[Key, Tally]:
    """One game's first placements (``ratings`` by role, before the game)."""
    if not game.finished:
        return {}
    delta: dict[Key, Tally] = {}
    for move in game.moves[:depth]:
        sign = 1 if move.role == "positive" else -1
        key = (f"ply {move.ply}", f"{move.colour} {move.square}")
        delta[key] = one(
            rank=1 if move.role in game.winners else 2,
            score=game.own_net(move.role),
            rating=None if ratings is None else ratings.get(move.role),
            extra=sign * move.score,
        )
    return delta


@dataclass(frozen=True, slots=True)
class SetupChoice:
    royal: str
    slot: str
    options: int


@dataclass(frozen=True, slots=True)
class OverloadGame:
    game_id: str
    result: str
    royals_killed: int
    cards_left: int | None
    setup: tuple[SetupChoice, ...]
    deck: tuple[str, ...] | None = None

    def rated(
        self, *, order: str, player_id: str, deal_id: str, club: str | None = None
    ) -> GameResult | None:
        """The game as the ratings read it (the deal is the opponent); ``None`` if unfinished."""
        return overload_result(
            game_id=self.game_id,
            order=order,
            player_id=player_id,
            deal_id=deal_id,
            result=self.result,
            club=club,
        )


def read_overload(record: str | RawRecord, *, game_id: str) -> OverloadGame:
    """Judge one Overload record and read its setup placements with their alternatives."""
    judged = judge(_record(record))
    choices = []
    if judged.deck is not None and not judged.result_only:
        state = deal(judged.deck)
        for move in judged.setup:
            royal = move.card or ""
            options = sum(1 for m in placements(state) if m.card == royal)
            choices.append(SetupChoice(royal, move.place, options))
            state = resolve(state, move)
    return OverloadGame(
        game_id,
        judged.result,
        judged.royals_killed,
        judged.cards_left,
        tuple(choices),
        judged.deck,
    )


def setup_choices_delta(game: OverloadGame, *, rating: int | None = None) -> dict[Key, Tally]:
    """One game's setup choices (placements where the royal rule allowed two slots or more)."""
    if game.result == "unfinished":
        return {}
    delta: dict[Key, Tally] = {}
    for choice in game.setup:
        if choice.options < 2:
            continue
        key = (choice.royal[0], choice.slot)
        delta[key] = delta.get(key, Tally()) + one(
            rank=1 if game.result == "win" else 2,
            score=game.royals_killed,
            rating=rating,
            extra=choice.options,
        )
    return delta
