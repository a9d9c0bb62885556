"""The director's event pages: create, change and (while empty) delete an event."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from games.engine.errors import DomainError
from tournaments import permissions as policy
from tournaments import services
from tournaments.event_forms import EventForm
from tournaments.event_setup import event_delete, event_update
from tournaments.selectors import event_at


@login_required
def event_new(request: HttpRequest) -> HttpResponse:
    """A new event of one of the clubs the user directs."""
    form = EventForm(request.POST or None, user=request.user)
    if not form.has_clubs:
        raise PermissionDenied
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = services.event_create(
                club=data["club"],
                name=data["name"],
                slug=data["slug"],
                game=data["game"],
                format=data["format"],
                starts_on=data["starts_on"],
                options=form.options(),
                by=request.user,
            )
        except DomainError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("The event is created: enter its players."))
            return redirect("tournaments:console", club=event.club.slug, slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form, "event": None})


@login_required
def event_edit(request: HttpRequest, club: str, slug: str) -> HttpResponse:
    event = event_at(club=club, slug=slug)
    if not policy.can_manage_event(request.user, event):
        raise PermissionDenied
    form = EventForm(request.POST or None, user=request.user, event=event)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event_update(
                event=event,
                name=data["name"],
                game=data["game"],
                format=data["format"],
                starts_on=data["starts_on"],
                options={**event.options, **form.options()},
                by=request.user,
            )
        except DomainError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("The event is changed."))
            return redirect("tournaments:event", club=club, slug=slug)
    context = {"form": form, "event": event, "empty": not event.entries.exists()}
    return render(request, "tournaments/event_form.html", context)


@login_required
def event_remove(request: HttpRequest, club: str, slug: str) -> HttpResponse:
    """Ask, then delete an event nobody has entered."""
    event = event_at(club=club, slug=slug)
    if not policy.can_manage_event(request.user, event):
        raise PermissionDenied
    if request.method == "POST":
        try:
            event_delete(event=event, by=request.user)
        except DomainError as error:
            messages.error(request, error.message)
            return redirect("tournaments:event-edit", club=club, slug=slug)
        messages.success(request, _("The event %(name)s is deleted.") % {"name": event.name})
        return redirect("tournaments:events")
    return render(request, "tournaments/event_delete.html", {"event": event})
