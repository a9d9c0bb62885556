"""The page where a player enters their finished Mathematico grid for an event table (the staff
enter anyone's and open grid entry); see ``tournaments.paper_grids``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext

from clubs.models import Player
from clubs.roles import is_staff
from games.engine.errors import DomainError
from games.engine.mathematico.scoring import board_total
from tournaments.models import Table
from tournaments.paper_grid_forms import PaperGridForm
from tournaments.paper_grids import (
    grid_entry_open,
    paper_grid_enter,
    table_grids,
    takes_paper_grids,
)
from tournaments.selectors import event_at


def _seat(request: HttpRequest, table: Table, staff: bool) -> Player | None:
    """Whose grid: the one chosen (staff, ``player`` in the query or the form), else the
    signed-in player's own seat at the table."""
    seats = Player.objects.filter(table_seats__table=table)
    chosen = request.POST.get("player") or request.GET.get("player") or ""
    if staff and chosen.isdigit():
        return seats.filter(pk=int(chosen)).first()
    return seats.filter(user_id=request.user.pk).first() if request.user.is_authenticated else None


@login_required
def paper_grid(request: HttpRequest, club: str, slug: str, table_id: int) -> HttpResponse:
    event = event_at(club=club, slug=slug)
    table = get_object_or_404(
        Table.objects.select_related("round__event__club"), pk=table_id, round__event=event
    )
    if not takes_paper_grids(table):
        raise Http404("This table does not take paper grids.")
    staff = is_staff(request.user, event.club_id)
    if request.method == "POST" and request.POST.get("action") == "open":
        try:
            grid_entry_open(round=table.round, by=request.user)
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request, gettext("Grid entry is open: the players can enter their grids.")
            )
        return redirect(request.path)
    player = _seat(request, table, staff)
    form = PaperGridForm(request.POST or None)
    refusal = ""
    if request.method == "POST" and player is not None and form.is_valid():
        try:
            paper_grid_enter(table=table, player=player, values=form.values(), by=request.user)
        except DomainError as error:
            refusal = error.message
        else:
            messages.success(
                request, gettext("%(player)s's grid is entered.") % {"player": player.name}
            )
            return redirect(request.path)
    grids = table_grids(table)
    entered = None if player is None else table.paper_grids.filter(player=player).first()
    return render(
        request,
        "tournaments/paper_grid.html",
        {
            "event": event,
            "table": table,
            "player": player,
            "form": form,
            "refusal": refusal,
            "grids": grids,
            "staff": staff,
            "points": None if entered is None else board_total(entered.values),
            "can_enter": player is not None and entered is None and (staff or grids.open),
        },
        status=400 if request.method == "POST" else 200,
    )
