"""MatriO games as the statistics read them: every placement, its mover and its effect.

Terms:

* Seats 0-3 are P1-P4 (P1 holds the 2 of clubs). A :class:`Placement` is one card put on one
  tray at one ply: ``on_empty`` when the tray was empty, ``cells_won`` (0-3),
  ``board_delta`` (the sum of the nine cell scores after the move minus before) and
  ``mover_delta`` (the mover's total after the move minus before, cells just won included).
* A tray *kind* is the block and whether the card covered another: ``row empty``,
  ``row cover``, ``column empty``, ``column cover``.
* The *holder* of a card is the seat it was dealt to: known from the ``Hand`` tags, from
  who played it, or, for the cards never played, when exactly one seat withdrew (a withdrawn
  seat's unplayed cards are the only cards never played). Otherwise it is unknown.

Invariants: a record is judged by the rules engine (``games.engine.matrio``) before anything
is read from it, so every placement here is legal; only finished games are read; a
result-only record has no placements.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from analytics.compute.results import MATRIO, GameResult, SeatResult, competition_ranks
from games.engine.matrio.board import TRAYS, cell_scores
from games.engine.matrio.cards import BIT, DECK
from games.engine.matrio.game import SEATS, State, apply, new_game, scores
from games.engine.matrio.notation import parse_token
from games.engine.matrio.records import is_result_only, play, read_header, read_result
from games.engine.record import RawRecord, read_records

TRAY_KINDS = ("row empty", "row cover", "column empty", "column cover")


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
class MatrioGame:
    """A finished MatriO game: players by seat, results, known holders and placements."""

    game_id: str
    players: tuple[str, ...]
    scores: tuple[int | None, ...]
    placements: tuple[Placement, ...]
    holders: Mapping[str, int]

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
    placements = _placements(new_game(header.options), played.tokens)
    final = scores(played.state)
    totals_by_seat = tuple(final[s] for s in SEATS)
    holders = dict(hands)
    for placement in placements:
        holders[placement.card] = placement.seat
    withdrawn = [seat for seat, score in enumerate(totals_by_seat) if score is None]
    if len(withdrawn) == 1:
        for card in DECK:
            holders.setdefault(card, withdrawn[0])
    return MatrioGame(game_id, ids, totals_by_seat, placements, holders)


def _placements(state: State, tokens: Sequence[str]) -> tuple[Placement, ...]:
    out = []
    cells = cell_scores(state.tops)
    for token in tokens:
        move, _ = parse_token(token)
        seat = state.to_move
        assert seat is not None
        after = apply(state, move)
        new_cells = cell_scores(after.tops)
        before_mover = sum(c for c, o in zip(cells, state.owners, strict=True) if o == seat)
        after_mover = sum(c for c, o in zip(new_cells, after.owners, strict=True) if o == seat)
        won = sum(1 for a, b in zip(state.owners, after.owners, strict=True) if a != b)
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
    return tuple(out)
