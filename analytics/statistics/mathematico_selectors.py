"""Reads for the Mathematico statistics pages and API: stored results only.

Each function is one or two queries whatever the number of games: the values report is one
stored result, the list of draws one page of stored results (and its count), a draw one
stored result (see ``analytics.statistics.mathematico``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.utils.translation import gettext

from analytics.models import StatResult
from analytics.statistics.mathematico import DRAW_PREFIX, VALUES, draw_name

DRAWS_PER_PAGE = 50


def values_report() -> dict[str, Any] | None:
    """The stored value-by-position report (JSON), if any."""
    found: dict[str, Any] | None = (
        StatResult.objects.filter(name=VALUES, games__gt=0).values_list("data", flat=True).first()
    )
    return found


@dataclass(frozen=True, slots=True)
class DrawRow:
    """One draw in the list: its key, the deal, mode, games and boards."""

    key: str
    deal: str
    mode: str
    games: int
    boards: int


def draws_page(*, page: int | str = 1) -> Page[DrawRow]:
    """A page of the compared draws, most played first (two queries: the count, the page);
    a page that is not a number shows the first, one past the end the last."""
    rows = (
        StatResult.objects.filter(name__startswith=DRAW_PREFIX, games__gt=0)
        .order_by("-games", "name")
        .values_list("name", "games", "data__deal_id", "data__mode", "data__boards")
    )
    paginator: Paginator[Any] = Paginator(rows, DRAWS_PER_PAGE)
    found = paginator.get_page(page)
    found.object_list = [
        DrawRow(name.removeprefix(DRAW_PREFIX), str(deal), str(mode), games, int(boards))
        for name, games, deal, mode, boards in found.object_list
    ]
    return found


def draw_report(*, key: str) -> dict[str, Any] | None:
    """One draw's stored decisions for every card (JSON), if it is compared."""
    found: dict[str, Any] | None = (
        StatResult.objects.filter(name=draw_name(key), games__gt=0)
        .values_list("data", flat=True)
        .first()
    )
    return found


def draw_number(raw: str | None) -> int:
    """The card of a draw asked for (1-25; default 1); ``ValueError`` when it is not one."""
    if not raw:
        return 1
    if not raw.isdigit() or not 1 <= int(raw) <= 25:
        raise ValueError(gettext("the card is a number from 1 to 25 (its place in the draw)"))
    return int(raw)
