"""The printable seating sheet of a round: one page per table, with the players in seat order,
boxes for their scores and signatures, and a QR code with the short link of the table's page
(where the players report the result).

The QR code is drawn here as an SVG ``data:`` address (segno), so nothing is fetched when the
sheet is printed, and no markup of ours or of a player's name goes into it.
"""

from __future__ import annotations

from dataclasses import dataclass

import segno
from django.http import HttpRequest
from django.urls import reverse

from tournaments.models import Round, Table, TableSeat


@dataclass(frozen=True)
class Sheet:
    table: Table
    seats: list[TableSeat]
    link: str  # the short link of the table's page, absolute
    qr: str  # the link as a QR code: an SVG data address


def table_link(request: HttpRequest, table: Table) -> str:
    """The table's short address (``/events/t/<id>/``), absolute, to type or to scan."""
    return request.build_absolute_uri(reverse("tournaments:table-short", args=[table.pk]))


def qr_data_uri(text: str) -> str:
    return str(segno.make(text, error="m").svg_data_uri(scale=3, border=2, dark="#000"))


def round_sheets(request: HttpRequest, round_: Round) -> list[Sheet]:
    sheets = []
    for table in round_.tables.prefetch_related("seats__player").order_by("number"):
        link = table_link(request, table)
        seats = sorted(table.seats.all(), key=lambda seat: seat.position)
        sheets.append(Sheet(table=table, seats=seats, link=link, qr=qr_data_uri(link)))
    return sheets
