"""The printable seating sheet (#13): one table a page, names in seat order, boxes for scores
and signatures, a QR code and a short link to the table's page; names are text, never markup."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from django.utils.html import escape

from tests.tournaments.helpers import cast, matrio_event
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db

HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def printed(client: Any) -> tuple[Round, str]:
    c = cast()
    c.players[5].name = HOSTILE
    c.players[5].save()
    event = matrio_event(c)
    round_ = services.round_generate(event=event, by=c.director)
    page = client.get(f"/events/{c.club.slug}/{event.slug}/rounds/1/print/").content.decode()
    return round_, page


def test_each_table_has_its_page_with_the_names_in_seat_order_and_boxes(client: Any) -> None:
    round_, page = printed(client)

    sheets = page.split('<section class="sheet"')[1:]
    assert len(sheets) == round_.tables.count() == 3
    for table, sheet in zip(round_.tables.order_by("number"), sheets, strict=True):
        names = [escape(s.player.name) for s in table.seats.order_by("position")]
        shown = re.findall(r'<th scope="row" class="sheet-name">(.*?)</th>', sheet)
        assert shown == names and len(names) == 4
        assert sheet.count('class="sheet-box"') == 4 and sheet.count("sheet-box sheet-sign") == 4
        assert f"/events/t/{table.pk}/" in sheet
        assert "P1" not in re.sub(r"<table class=\"board\".*?</table>", "", sheet, flags=re.S)
    css = (Path(__file__).parents[2] / "tournaments/static/tournaments/tournaments.css").read_text()
    assert ".sheet { break-after: page;" in css


def test_the_qr_code_is_drawn_in_the_page_and_names_are_escaped(client: Any) -> None:
    _, page = printed(client)

    qrs = re.findall(r'<img src="(data:image/svg\+xml[^"]+)"', page)
    assert len(qrs) == 3
    assert all(unquote(qr).split(",", 1)[1].startswith("<svg") for qr in qrs)
    assert HOSTILE not in page and "<script>alert" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page


def test_the_short_link_leads_to_the_tables_page(client: Any) -> None:
    round_, _ = printed(client)
    table = round_.tables.first()
    assert table is not None
    event = round_.event

    answer = client.get(f"/events/t/{table.pk}/")

    assert answer.status_code == 302
    assert answer["Location"] == f"/events/{event.club.slug}/{event.slug}/tables/{table.pk}/"
