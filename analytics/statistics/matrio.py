"""Writes for the MatriO card impact: compact games and the worker's bootstrap refresh.

Terms:

* A finished MatriO game's *compact row* (``StatGame.row``, kept by
  ``analytics.statistics.counters.statistics_games_update``; ``matrio_row``,
  ``matrio_from_row``) is the game as the statistics read it
  (``analytics.compute.matrio_games``): players, scores, holders (one character per card of
  ``DECK``), cells ``[owner, ply won, final score]`` and placements. Its *packed record*
  (``StatGame.sample``, ``analytics.compute.card_sample``) is the same game as the
  card-impact bootstrap reads it, 544 bytes.
* The card-impact report (95% bootstrap intervals over games) cannot be updated additively:
  when a MatriO game's row changed, one ``card_impact_refresh`` job is queued after commit
  (``queue_card_impact``, coalesced by ``StatResult.queued``, and outside the ratings lock);
  it reads every game's packed record in one query (``stored_matrio_sample``), recomputes the
  report (numpy bootstrap, ``analytics.compute.card_impact``) and stores it as
  ``StatResult`` ``matrio-card-impact``, which the pages read as it is.

Invariants: the report covers every stored MatriO game (a game stored without a packed
record gets one from its row first), in game order, so it does not depend on the order the
games were counted in. Every function takes keyword-only arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from analytics import wakeups
from analytics.compute.card_impact import card_impact_of
from analytics.compute.card_sample import Sample, pack, unpack
from analytics.compute.matrio_games import CellWon, MatrioGame, Placement
from analytics.models import StatGame, StatResult
from games.engine.matrio.board import CELL_NAMES
from games.engine.matrio.cards import DECK
from games.kinds import GameKind

CARD_IMPACT = "matrio-card-impact"


def card_impact_resamples() -> int:
    """Bootstrap resamples per report (``ANALYTICS_RESAMPLES``, default 1000)."""
    return int(getattr(settings, "ANALYTICS_RESAMPLES", 1000))


def matrio_row(game: MatrioGame) -> dict[str, Any]:
    """A MatriO game as compact JSON (holders: one character per card of ``DECK``)."""
    return {
        "id": game.game_id,
        "players": list(game.players),
        "scores": list(game.scores),
        "holders": "".join(str(game.holders[c]) if c in game.holders else "-" for c in DECK),
        "cells": [[c.owner, c.ply, c.score] for c in game.cells],
        "placements": [
            [
                p.ply,
                p.seat,
                p.card,
                p.tray,
                int(p.on_empty),
                p.cells_won,
                p.board_delta,
                p.mover_delta,
            ]
            for p in game.placements
        ],
    }


def matrio_from_row(row: Mapping[str, Any]) -> MatrioGame:
    """The game of a compact row (a row stored before cells were kept has no cells)."""
    holders = {
        card: int(seat) for card, seat in zip(DECK, row["holders"], strict=True) if seat != "-"
    }
    placements = tuple(
        Placement(ply, seat, card, tray, bool(empty), won, board, mover)
        for ply, seat, card, tray, empty, won, board, mover in row["placements"]
    )
    cells = tuple(
        CellWon(name, owner, ply, score)
        for name, (owner, ply, score) in zip(CELL_NAMES, row.get("cells") or (), strict=False)
    )
    return MatrioGame(
        str(row["id"]), tuple(row["players"]), tuple(row["scores"]), placements, holders, cells
    )


def queue_card_impact() -> None:
    """Ask for one card-impact refresh after commit (a burst of games coalesces into one)."""
    StatResult.objects.get_or_create(name=CARD_IMPACT)
    asked = StatResult.objects.filter(name=CARD_IMPACT, queued=False)
    if asked.update(queued=True, queued_at=timezone.now()):
        wakeups.queue(wakeups.CARD_IMPACT_REFRESH)


@transaction.atomic
def card_impact_refresh(*, min_games: int | None = None) -> StatResult:
    """Recompute the MatriO card-impact report (bootstrap over games) from the stored packed
    records (``StatGame.sample``, read in one query, in game order); a game stored before
    records were kept gets its record from its compact row first.

    Runs in the worker (task ``analytics.card_impact_refresh``), never for a request. The
    result's row is locked from the start, so the sweep (``analytics.recovery``) sees a refresh
    in progress and does not queue another."""
    StatResult.objects.get_or_create(name=CARD_IMPACT)
    StatResult.objects.select_for_update().filter(name=CARD_IMPACT).update(queued=False)
    _fill_samples()
    sample = stored_matrio_sample()
    options: dict[str, int] = {"resamples": card_impact_resamples()}
    if min_games is not None:
        options["min_games"] = min_games
    elif (configured := getattr(settings, "ANALYTICS_CARD_MIN_GAMES", None)) is not None:
        options["min_games"] = int(configured)
    report = card_impact_of(sample, **options)
    result, _ = StatResult.objects.update_or_create(
        name=CARD_IMPACT, defaults={"games": report.games, "data": asdict(report)}
    )
    return result


def stored_matrio_sample() -> Sample:
    """Every MatriO game's packed record, in game order (one query, streamed)."""
    stored = StatGame.objects.filter(kind=GameKind.MATRIO, sample__isnull=False)
    records = bytearray()  # one buffer, never a list of 100,000 small ones
    in_order = stored.order_by("game_id").values_list("sample", flat=True)
    for record in in_order.iterator(chunk_size=5000):
        assert record is not None  # sample__isnull=False: only narrows the type
        records += record
    return unpack(records)


def _fill_samples() -> None:
    """Pack the MatriO games stored with a compact row but no packed record (counted by a
    version that kept none)."""
    missing = StatGame.objects.filter(kind=GameKind.MATRIO, sample__isnull=True, row__isnull=False)
    filled = [
        StatGame(pk=pk, sample=pack(matrio_from_row(row)))
        for pk, row in missing.values_list("pk", "row").iterator(chunk_size=2000)
        if row is not None  # row__isnull=False: only narrows the type
    ]
    StatGame.objects.bulk_update(filled, ["sample"], batch_size=2000)
