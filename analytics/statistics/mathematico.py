"""Writes for the Mathematico statistics: the value of each number by position and the
decisions of strong players on the same draw, computed by the worker and stored.

Terms:

* A finished Mathematico game's *compact row* (``StatGame.row``, kept by
  ``analytics.statistics.counters.statistics_games_update`` like MatriO's) is what both
  computations of ``analytics.compute.mathematico_stats`` need: ``deal_id`` (the ``Deal`` tag;
  tournaments give every table of a round the same one), the 25 drawn values, the ``mode``,
  and per board ``[player key, cells (index 0-24 of each drawn value, null: not placed),
  score, rank, display rating before the game in the all-club pool (null: unrated)]``. A
  result-only game (no cells) keeps no row. Its counters are the early placements
  (``MATHEMATICO_EARLY``: by value and folded cell).
* A *draw* is the games sharing a deal in one mode (a min-mode player aims low: their
  choices are not compared with max-mode ones); its *key* (``StatGame.deal``, indexed) is a
  hash of the mode and the deal.
* ``mathematico_refresh`` (task ``analytics.mathematico_refresh``, queued after commit when a
  game's row changed and coalesced by ``StatResult.queued`` of ``mathematico-values``) stores
  the value-by-position report over every max-mode game (``mathematico-values``: 95% bootstrap
  intervals and n on every number; classes with fewer than ``MIN_PLACEMENTS`` placements are
  shown as such, not ranked) and, for each draw whose games changed (its
  ``mathematico-draw:<key>`` result marked ``queued``), the decisions for every card 1-25
  (``mathematico-draw:<key>``), kept only while the draw has at least two boards.

Invariants: pages and the API only read these results; a refresh recomputes every draw
marked, whatever order games arrived in, so incremental refreshes equal a rebuild.
Every function takes keyword-only arguments and runs in one transaction.
"""

from __future__ import annotations

import hashlib
import logging
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from django.db import transaction
from django.utils import timezone

from analytics import wakeups
from analytics.compute.mathematico_stats import (
    MIN_PLACEMENTS,
    MathematicoBoard,
    MathematicoGame,
    decisions_versus_field,
    early_delta,
    read_mathematico,
    value_by_position,
)
from analytics.models import TALLY_FIELDS, StatGame, StatResult
from analytics.statistics.matrio import card_impact_resamples
from games.engine.core import JsonDict
from games.kinds import GameKind
from games.models import Game
from games.selectors import game_export_mgn

MATHEMATICO_EARLY = "mathematico-early"  # counters: group a value, key a folded cell
VALUES = "mathematico-values"
DRAW_PREFIX = "mathematico-draw:"
STRONG_SHARE = 0.25  # the strong players of a draw: the top quarter of its rated boards
MIN_BOARDS = 2  # a draw is compared once this many boards played it

log = logging.getLogger(__name__)


def draw_key(*, deal_id: str, mode: str) -> str:
    """The key of a draw (games sharing a deal in one mode)."""
    return hashlib.sha256(f"{mode} {deal_id}".encode()).hexdigest()[:16]


def draw_name(key: str) -> str:
    return DRAW_PREFIX + key


# --- compact rows --------------------------------------------------------------------------------


def read_game(
    game: Game, *, keys: Sequence[str], text: str | None = None
) -> MathematicoGame | None:
    """The finished game as the statistics read it (from ``text``, its MGN record, when the
    caller read it already), boards named by the seats' player keys (None: a record the
    engine rejects)."""
    try:
        if text is None:
            text = game_export_mgn(game=game)
        return read_mathematico(text, game_id=str(game.pk), players=list(keys) or None)
    except Exception:  # a record the engine rejects adds nothing
        log.warning("Mathematico game %s left out of the statistics", game.pk, exc_info=True)
        return None


def contribution(
    game: MathematicoGame, ratings: Sequence[int | None] | None
) -> tuple[list[list[Any]], dict[str, Any] | None]:
    """The game's counter rows (early placements by value and folded cell) and compact row."""
    counters = [
        [MATHEMATICO_EARLY, group, key, *(getattr(tally, f) for f in TALLY_FIELDS)]
        for (group, key), tally in sorted(early_delta(game).items())
    ]
    return counters, mathematico_row(game, ratings)


def mathematico_row(
    game: MathematicoGame, ratings: Sequence[int | None] | None
) -> dict[str, Any] | None:
    """The game as compact JSON, with each board's rating before it (None: no cells)."""
    if not any(board.cells for board in game.boards):
        return None
    if ratings is None or len(ratings) != len(game.boards):
        ratings = [None] * len(game.boards)
    return {
        "id": game.game_id,
        "deal_id": game.deal_id,
        "deal": list(game.deal),
        "mode": game.mode,
        "key": draw_key(deal_id=game.deal_id, mode=game.mode),
        "boards": [
            [b.player, list(b.cells), b.score, b.rank, rating]
            for b, rating in zip(game.boards, ratings, strict=True)
        ],
    }


def mathematico_from_row(row: Mapping[str, Any]) -> MathematicoGame:
    boards = tuple(
        MathematicoBoard(str(player), tuple(cells), score, rank)
        for player, cells, score, rank, _ in row["boards"]
    )
    return MathematicoGame(str(row["id"]), row["deal_id"], tuple(row["deal"]), row["mode"], boards)


def row_ratings(row: Mapping[str, Any]) -> dict[tuple[str, str], int | None]:
    """``(game id, player key)`` -> display rating before the game, as the decisions read it."""
    return {(str(row["id"]), str(b[0])): b[4] for b in row["boards"]}


def row_draw(row: Mapping[str, Any] | None) -> str:
    """The draw key of a stored row ("" for none)."""
    return str(row.get("key", "")) if row else ""


# --- queueing ------------------------------------------------------------------------------------


def queue_refresh(*, draws: Iterable[str]) -> None:
    """Mark these draws for recomputation and ask for one refresh after commit (a burst of
    games coalesces into one job). The values row is locked first, as the refresh does."""
    StatResult.objects.get_or_create(name=VALUES)
    values = StatResult.objects.select_for_update().get(name=VALUES)
    names = sorted(draw_name(k) for k in set(draws) if k)
    StatResult.objects.bulk_create([StatResult(name=n) for n in names], ignore_conflicts=True)
    StatResult.objects.filter(name__in=names, queued=False).update(queued=True)
    if not values.queued:
        StatResult.objects.filter(pk=values.pk).update(queued=True, queued_at=timezone.now())
        wakeups.queue(wakeups.MATHEMATICO_REFRESH)


def forget() -> None:
    """Drop every stored Mathematico result (a rebuild computes them again)."""
    StatResult.objects.filter(name=VALUES).delete()
    StatResult.objects.filter(name__startswith=DRAW_PREFIX).delete()


# --- the refresh ---------------------------------------------------------------------------------


@transaction.atomic
def mathematico_refresh(*, every_draw: bool = False, resamples: int | None = None) -> StatResult:
    """Recompute the value-by-position report from every stored max-mode row, and the
    decisions of each draw marked (``every_draw``: of all draws, as a rebuild does).

    Runs in the worker (task ``analytics.mathematico_refresh``), never for a request."""
    StatResult.objects.get_or_create(name=VALUES)
    StatResult.objects.select_for_update().filter(name=VALUES).update(queued=False)
    stored = StatGame.objects.filter(kind=GameKind.MATHEMATICO, row__isnull=False)
    # row__isnull=False: the check only narrows the type
    rows: list[JsonDict] = [
        row
        for row in stored.order_by("game_id").values_list("row", flat=True).iterator(2000)
        if row is not None
    ]
    games = [mathematico_from_row(row) for row in rows]
    count = resamples if resamples is not None else card_impact_resamples()
    report = value_report(games, resamples=count)
    result, _ = StatResult.objects.update_or_create(
        name=VALUES, defaults={"games": report["games"], "data": report, "queued": False}
    )
    marked = StatResult.objects.select_for_update().filter(name__startswith=DRAW_PREFIX)
    if not every_draw:
        marked = marked.filter(queued=True)
    keys = {name.removeprefix(DRAW_PREFIX) for name in marked.values_list("name", flat=True)}
    by_draw: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        if every_draw or row_draw(row) in keys:
            by_draw[row_draw(row)].append(row)
    keys |= set(by_draw)
    reports = {key: draw_report(key, by_draw.get(key, [])) for key in sorted(keys)}
    StatResult.objects.filter(
        name__in=[draw_name(k) for k, found in reports.items() if found is None]
    ).delete()
    if every_draw:
        StatResult.objects.filter(name__startswith=DRAW_PREFIX).exclude(
            name__in=[draw_name(k) for k in reports]
        ).delete()
    kept = [
        StatResult(name=draw_name(k), games=found["games"], data=found, queued=False)
        for k, found in reports.items()
        if found is not None
    ]
    StatResult.objects.bulk_create(
        kept,
        batch_size=500,
        update_conflicts=True,
        unique_fields=["name"],
        update_fields=["games", "data", "queued", "computed_at"],
    )
    return result


def value_report(games: Sequence[MathematicoGame], *, resamples: int) -> dict[str, Any]:
    """The value-by-position report as JSON: every (value, cell class) with its mean final
    score and advantage (95% interval, n); the classes with enough placements ranked within
    each value by advantage (1: best)."""
    chosen = [g for g in games if g.mode == "max"]
    found = value_by_position(chosen, resamples=resamples)
    ranks: dict[tuple[int, str], int] = {}
    for value in {f.value for f in found}:
        ranked = sorted(
            (f for f in found if f.value == value and f.enough and f.advantage.value is not None),
            key=lambda f: -(f.advantage.value or 0.0),
        )
        ranks.update({(f.value, f.cell_class): i for i, f in enumerate(ranked, start=1)})
    return {
        "games": len(chosen),
        "boards": sum(1 for g in chosen for b in g.boards if b.cells),
        "resamples": resamples,
        "min_placements": MIN_PLACEMENTS,
        "cells": [{**asdict(f), "rank": ranks.get((f.value, f.cell_class))} for f in found],
    }


def draw_report(key: str, rows: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """One draw's decisions for every card 1-25 as JSON (None: fewer than two boards)."""
    boards = sum(1 for row in rows for b in row["boards"] if b[1])
    if boards < MIN_BOARDS:
        return None
    games = [mathematico_from_row(row) for row in rows]
    ratings: dict[tuple[str, str], int | None] = {}
    for row in rows:
        ratings.update(row_ratings(row))
    draws = []
    for draw in range(1, 26):
        decisions = decisions_versus_field(games, draw, ratings=ratings, strong_share=STRONG_SHARE)
        draws.append(
            {
                "draw": draw,
                "value": games[0].deal[draw - 1],
                "placed": sum(d.everyone for d in decisions),
                "strong": sum(d.strong for d in decisions),
                "decisions": [asdict(d) for d in decisions],
            }
        )
    first = rows[0]
    return {
        "key": key,
        "deal_id": first["deal_id"],
        "deal": list(first["deal"]),
        "mode": first["mode"],
        "games": len(rows),
        "boards": boards,
        "rated": sum(1 for r in ratings.values() if r is not None),
        "strong_share": STRONG_SHARE,
        "draws": draws,
    }
