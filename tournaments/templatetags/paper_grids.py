"""``{% paper_grids_box event table %}``: who has entered a finished Mathematico grid at a table
(nothing for other tables), with the staff's controls (``tournaments/_paper_grids.html``)."""

from __future__ import annotations

from typing import Any

from django import template

from clubs.roles import is_staff
from tournaments.models import Event, Table
from tournaments.paper_grids import table_grids, takes_paper_grids

register = template.Library()


@register.inclusion_tag("tournaments/_paper_grids.html", takes_context=True)
def paper_grids_box(context: dict[str, Any], event: Event, table: Table) -> dict[str, Any]:
    if not takes_paper_grids(table):
        return {"grids": None}
    user = context["request"].user
    grids = table_grids(table)
    return {
        "event": event,
        "table": table,
        "grids": grids,
        "staff": is_staff(user, event.club_id),
        # the viewer's own seat, when its grid is still to enter
        "own": next(
            (p for p in grids.missing if user.is_authenticated and p.user_id == user.pk), None
        ),
    }
