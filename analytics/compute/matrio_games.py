"""MatriO games as the statistics read them: every placement, its mover and its effect.

Terms:

* Seats 0-3 are P1-P4 (P1 holds the 2 of clubs). A :class:`Placement` is one card put on one
  tray at one ply: ``on_empty`` when the tray was empty, ``cells_won`` (0-3),
  ``board_delta`` (the sum of the nine cell scores after the move minus before) and
  ``mover_delta`` (the mover's total after the move minus before, cells just won included).
* A tray *kind* is the block and whether the card covered another: ``row empty``,
  ``row cover``, ``column empty``, ``column cover``.
* A *cell* (``CellWon``, ``"11"``..``"33"``, row then column) is owned once and forever by the
  seat whose placement completed it, at that placement's ply; its *score* is its final cell
  score. A finished game with moves has all nine cells (every tray gets filled), a
  result-only record none.
* The *holder* of a card is the seat it was dealt to: known from the ``Hand`` tags, from
  who played it, or, for the cards never played, when exactly one seat withdrew (a withdrawn
  seat's unplayed cards are the only cards never played). Otherwise it is unknown.

The cell counters (``cells_delta``) count, per cell, the games where it was won with its
owner's outcome, the final cell score and the ply it was won at.

Invariants: a record is judged by the rules engine (``games.engine.matrio``) before anything
is read from it, so every placement here is legal; only finished games are read; a
result-only record has no placements.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from analytics.compute.results import MATRIO, GameResult, SeatResult, competition_ranks
from analytics.compute.tally import Key, Tally, one
from games.engine.matrio.board import CELL_NAMES, TRAYS, cell_scores
from games.engine.matrio.cards import BIT, DECK
from games.engine.matrio.notation import parse_token
from games.engine.matrio.records import is_result_only, play, read_header, read_result
from games.engine.matrio.rules import SEATS, State, apply, new_game, scores
from games.engine.record import RawRecord, read_records

TRAY_KINDS = ("row empty", "row cover", "column empty", "column cover")
#: Groups of the cell counters: the extra sum is the final cell score, or the ply it was won.
CELL_SCORE, CELL_PLY = "score", "ply"


@dataclass(frozen=True, slots=True)
class Placement:
    """One move of a MatriO game (see the module docstring)."""

    ply: int
    seat: int
    card: str
    tray: str
    on_empty: bool
    cells_won: int
    board_delta: int
    mover_delta: int

    @property
    def move(self) -> str:
        """The move as the explorer names it: ``CARD>TRAY`` (no ``+`` marks)."""
        return f"{self.card}>{self.tray}"

    @property
    def tray_kind(self) -> str:
        block = "row" if self.tray[0] == "R" else "column"
        return f"{block} {'empty' if self.on_empty else 'cover'}"


@dataclass(frozen=True, slots=True)
class CellWon:
    """One cell at the end of a game: its owner (seat 0-3, None when nobody completed it),
    the ply it was won at and its final score."""

    cell: str
    owner: int | None
    ply: int | None
    score: int


@dataclass(frozen=True, slots=True)
class MatrioGame:
    """A finished MatriO game: players by seat, results, known holders, placements and, for
    a game with moves, its nine cells."""

    game_id: str
    players: tuple[str, ...]
    scores: tuple[int | None, ...]
    placements: tuple[Placement, ...]
    holders: Mapping[str, int]
    cells: tuple[CellWon, ...] = ()

    @property
    def ranks(self) -> tuple[int, ...]:
        return competition_ranks(self.scores)

    @property
    def withdrawn(self) -> tuple[bool, ...]:
        return tuple(score is None for score in self.scores)

    def result(self, *, order: str, club: str | None = None) -> GameResult:
        """The game as the ratings read it."""
        seats = tuple(
            SeatResult(player, rank, score, score is None)
            for player, score, rank in zip(self.players, self.scores, self.ranks, strict=True)
        )
        return GameResult(self.game_id, MATRIO, order, seats, club)


def read_matrio(
    record: str | RawRecord, *, game_id: str, players: Sequence[str] | None = None
) -> MatrioGame:
    """Judge one MatriO record and read it; ``players`` (ids by seat) default to the P1..P4 tags.

    Raises the engine's error for a record that does not replay, and ``ValueError`` for an
    unfinished game.
    """
    if isinstance(record, str):
        records = read_records(record)
        if len(records) != 1:
            raise ValueError(f"expected one record, found {len(records)}")
        record = records[0]
    if record.error is not None:
        raise record.error
    header = read_header(record)
    ids = tuple(players) if players is not None else header.players
    if len(ids) != 4:
        raise ValueError("a MatriO game has four players")
    hands = {
        card: seat
        for seat, bits in enumerate(header.options.hands)
        if bits is not None
        for card in DECK
        if bits & BIT[card]
    }
    if is_result_only(record):
        totals = read_result(record, header.players)
        return MatrioGame(game_id, ids, tuple(totals[s] for s in SEATS), (), hands)
    played = play(record)
    if played.state.to_move is not None:
        raise ValueError(f"game {game_id} is unfinished: statistics read finished games only")
    placements, won_at = _placements(new_game(header.options), played.tokens)
    final = scores(played.state)
    cells = tuple(
        CellWon(*cell)
        for cell in zip(
            CELL_NAMES, played.state.owners, won_at, cell_scores(played.state.tops), strict=True
        )
    )
    totals_by_seat = tuple(final[s] for s in SEATS)
    holders = dict(hands)
    for placement in placements:
        holders[placement.card] = placement.seat
    withdrawn = [seat for seat, score in enumerate(totals_by_seat) if score is None]
    if len(withdrawn) == 1:
        for card in DECK:
            holders.setdefault(card, withdrawn[0])
    return MatrioGame(game_id, ids, totals_by_seat, placements, holders, cells)


def _placements(
    state: State, tokens: Sequence[str]
) -> tuple[tuple[Placement, ...], list[int | None]]:
    """The placements, and the ply each cell was won at (None: never)."""
    out = []
    won_at: list[int | None] = [None] * len(CELL_NAMES)
    cells = cell_scores(state.tops)
    for token in tokens:
        move, _ = parse_token(token)
        seat = state.to_move
        assert seat is not None
        after = apply(state, move)
        new_cells = cell_scores(after.tops)
        before_mover = sum(c for c, o in zip(cells, state.owners, strict=True) if o == seat)
        after_mover = sum(c for c, o in zip(new_cells, after.owners, strict=True) if o == seat)
        won = 0
        for cell, (a, b) in enumerate(zip(state.owners, after.owners, strict=True)):
            if a != b:
                won_at[cell] = after.ply
                won += 1
        out.append(
            Placement(
                ply=after.ply,
                seat=seat,
                card=move.card,
                tray=TRAYS[move.tray],
                on_empty=state.tops[move.tray] is None,
                cells_won=won,
                board_delta=sum(new_cells) - sum(cells),
                mover_delta=after_mover - before_mover,
            )
        )
        state, cells = after, new_cells
    return tuple(out), won_at


def cells_delta(
    game: MatrioGame, *, ratings: Sequence[int | None] | None = None
) -> dict[Key, Tally]:
    """The game's cell counters: per cell won, its owner's outcome (place, final score,
    display rating before the game when ``ratings`` by seat are given), once with the final
    cell score as the extra (group ``CELL_SCORE``) and once with the ply it was won at
    (group ``CELL_PLY``); keys are the cell names."""
    ranks = game.ranks
    out: dict[Key, Tally] = {}
    for cell in game.cells:
        if cell.owner is None or cell.ply is None:
            continue
        owner = cell.owner
        rating = ratings[owner] if ratings is not None else None
        for group, extra in ((CELL_SCORE, cell.score), (CELL_PLY, cell.ply)):
            out[(group, cell.cell)] = one(
                rank=ranks[owner], score=game.scores[owner], rating=rating, extra=extra
            )
    return out
