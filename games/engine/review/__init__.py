"""Post-game review of every move, for the four games (Lichess's post-game analysis is the model).

``review(kind, game, *, budget_ms=None) -> GameReview`` grades every move of one finished (or
unfinished) game against the reviewer's own search:

* ``game`` is an MGN record's text (its first record), a parsed ``RawRecord`` or a live
  game (``games.engine.live.LiveGame``, written out with ``live.to_mgn``);
* ``kind`` is the MGN ``Game`` tag value (``matrio``, ``mathematico``, ``matrix-overload``,
  ``integer-matrix``), or ``None`` to take it from the record; a kind that disagrees with
  the record's tag is a :class:`RecordError`;
* ``budget_ms`` is the thinking time per move where a game's search is timed (the
  Mathematico advisor); ``None`` keeps every search at its fixed, deterministic size.

Modules: ``grades`` (``MoveReview``, ``GameReview``, thresholds, the JSON shape) and one
module per game, each with ``review(record, ...)`` and its search documented at its top:
``mathematico`` (advisor vs the move played on common Monte Carlo futures), ``matrio``
(every legal move over the known or sampled hands, one round deep), ``overload``
(winnability by a bounded solver over the known deck, and where the deal was lost),
``integer_matrix`` (alpha-beta, 3 plies).

Invariants: pure (standard library and numpy); a review never changes the record and never
trusts anything the engine has not replayed (an illegal record raises its ``EngineError``);
a move is judged only from what its player could know at that ply (plus, for the card
games without hidden information left, the record's deck and hands).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.core import RecordError
from games.engine.record import RawRecord, read_records
from games.engine.review.grades import GRADES, THRESHOLDS, GameReview, MoveReview

if TYPE_CHECKING:
    from games.engine.live import LiveGame

__all__ = ["GRADES", "KINDS", "THRESHOLDS", "GameReview", "MoveReview", "review"]

KINDS = ("matrio", "mathematico", "matrix-overload", "integer-matrix")


def record_of(game: str | RawRecord | LiveGame) -> RawRecord:
    """The first record of an MGN text, the record itself, or a live game's record."""
    if isinstance(game, RawRecord):
        record = game
    else:
        if not isinstance(game, str):
            from games.engine.live import to_mgn

            game = to_mgn(game)
        records = read_records(game)
        if not records:
            raise RecordError("the text holds no game record")
        record = records[0]
    if record.error is not None:
        raise record.error
    return record


def review(
    kind: str | None,
    game: str | RawRecord | LiveGame,
    *,
    budget_ms: float | None = None,
) -> GameReview:
    """Every move of ``game`` graded (see the module docstring)."""
    record = record_of(game)
    tag = record.game
    if kind is None:
        kind = tag
    elif tag is not None and tag != kind.strip().lower():
        raise RecordError(f"the record is a game of {tag}, not of {kind}")
    kind = (kind or "").strip().lower()
    if kind == "mathematico":
        from games.engine.review import mathematico

        return mathematico.review(record, ms=budget_ms)
    if kind == "matrio":
        from games.engine.review import matrio

        return matrio.review(record)
    if kind == "matrix-overload":
        from games.engine.review import overload

        return overload.review(record)
    if kind == "integer-matrix":
        from games.engine.review import integer_matrix

        return integer_matrix.review(record)
    raise RecordError(f"unknown game {kind!r}: the Game tag is one of {', '.join(KINDS)}")
