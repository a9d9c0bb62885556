"""Event pages: the public event page (rounds, seating, results, live standings), the printable
seating, a table's page (players report and confirm) and the director's console.

Thin: every write goes through ``tournaments.services`` (whose refusals become messages), every
read through ``tournaments.selectors``; standings come from ``event_standings``.
"""

from __future__ import annotations

from typing import TypedDict
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from clubs.models import Club, Player
from clubs.roles import AnyUser, is_director
from games.engine.errors import DomainError
from games.models import Game
from games.permissions import can_read_game
from tournaments import permissions as policy
from tournaments import services
from tournaments.check_in import club_members, entry_undrop, members_enter, player_enter_by_name
from tournaments.kinds import event_kind
from tournaments.models import Entry, Event, Result, Round, Table
from tournaments.options import event_options
from tournaments.results_waiting import results_waiting_for
from tournaments.running import round_seating
from tournaments.selectors import (
    event_at,
    event_disputes,
    event_entries,
    event_list,
    event_rounds,
    event_standings,
    game_table,
    round_missing,
    table_games,
    table_result,
)
from tournaments.sheets import round_sheets
from tournaments.typed import Typed
from tournaments.visibility import RoundCards, round_cards_for

SUITS = "SDCH"  # the order of a line's four trays as printed on the board


def board_layout() -> list[list[tuple[str, str]]]:
    """The MatriO board as printed: column trays above the 3x3 grid, row trays to its left.

    Each cell is ``(kind, label)``: ``blank``, ``tray`` (e.g. ``C2D``) or ``cell`` (``r,c``).
    """
    rows: list[list[tuple[str, str]]] = []
    for suit in SUITS:
        rows.append([("blank", "")] * 4 + [("tray", f"C{c}{suit}") for c in "123"])
    for r in "123":
        trays = [("tray", f"R{r}{suit}") for suit in SUITS]
        rows.append(trays + [("cell", f"{r},{c}") for c in "123"])
    return rows


class _ShownRound(TypedDict):
    round: Round
    tables: list[dict[str, object]]
    byes: list[str]
    cards: RoundCards  # the round's seed and cards as the viewer may see them


def _rounds(event: Event, user: AnyUser | None) -> list[_ShownRound]:
    shown: list[_ShownRound] = []
    for round_ in event_rounds(event=event):
        tables: list[dict[str, object]] = []
        for table in round_.tables.all():
            result = table_result(table)
            scores = result.scores if result else {}
            details = result.details if result else {}
            seats = [
                {
                    "seat": seat,
                    "score": scores.get(str(seat.player_id)),
                    "detail": details.get(str(seat.player_id), {}),
                    "known": bool(result),
                    "idp": f"s{table.pk}-",
                }
                for seat in table.seats.all()
            ]
            tables.append({"table": table, "result": result, "seats": seats})
        names = _names(round_.event)
        byes = [names.get(player, "?") for player in round_.byes]
        cards = round_cards_for(round_, user, event)
        shown.append({"round": round_, "tables": tables, "byes": byes, "cards": cards})
    return shown


def _names(event: Event) -> dict[int, str]:
    return {e.player_id: e.player.name for e in event_entries(event=event)}


def event_index(request: HttpRequest) -> HttpResponse:
    directs = any(is_director(request.user, club) for club in Club.objects.all())
    context = {"events": event_list(), "can_create": directs}
    return render(request, "tournaments/event_index.html", context)


def event_detail(request: HttpRequest, club: str, slug: str) -> HttpResponse:
    event = event_at(club=club, slug=slug)
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "event": event,
            "rounds": _rounds(event, request.user),
            "names": _names(event),
            "standings": event_standings(event=event),
            "can_manage": policy.can_manage_event(request.user, event),
        },
    )


def event_standings_json(request: HttpRequest, club: str, slug: str) -> JsonResponse:
    """What the event page polls to refresh its standings while tables finish."""
    event = event_at(club=club, slug=slug)
    return JsonResponse(event_standings(event=event).json())


def round_print(request: HttpRequest, club: str, slug: str, number: int) -> HttpResponse:
    event = event_at(club=club, slug=slug)
    round_ = get_object_or_404(event_rounds(event=event), number=number)
    return render(
        request,
        "tournaments/round_print.html",
        {
            "event": event,
            "round": round_,
            "cards": round_cards_for(round_, request.user, event),
            "sheets": round_sheets(request, round_),
            "matrio": event.game == "matrio",
            "board": board_layout(),
        },
    )


def table_detail(request: HttpRequest, club: str, slug: str, table_id: int) -> HttpResponse:
    event = event_at(club=club, slug=slug)
    table = get_object_or_404(
        Table.objects.select_related("round__event"), pk=table_id, round__event=event
    )
    result = table_result(table)
    typed: Typed | None = None
    if request.method == "POST":
        refusal = _table_post(request, table, result)
        if refusal is None or request.POST.get("action") != "report":
            return redirect(request.path)
        typed = Typed(table.pk, request.POST, refusal)  # the page again, with what was typed
    manager = policy.can_manage_event(request.user, event)
    can_report = policy.can_report(request.user, table)
    can_confirm = result is not None and policy.can_confirm(request.user, result)
    return render(
        request,
        "tournaments/table_detail.html",
        {
            "event": event,
            "table": table,
            "seats": table.seats.select_related("player").order_by("position"),
            "result": result,
            "games": table_games(table=table, user=request.user),
            "scores": _score_rows(table, result, typed),
            "refusal": typed.refusal.message if typed else "",
            "can_report": can_report,
            "can_confirm": can_confirm,
            "answers": result.confirmations.select_related("user") if result else [],
            "can_manage": manager,
            # a seated player answers a report read-only; staff enter (a director settles)
            "answering": can_confirm
            and result is not None
            and result.status == "reported"
            and not manager,
            "entering": table.round.status == Round.Status.LOCKED
            and (result is None or result.status != Result.Status.CONFIRMED)
            and (manager or (can_report and result is None)),
        },
        status=400 if typed else 200,
    )


def short_table(request: HttpRequest, pk: int) -> HttpResponse:
    """The short link printed on a table's sheet (``/events/t/<id>/``): the table's page."""
    table = get_object_or_404(Table.objects.select_related("round__event__club"), pk=pk)
    event = table.round.event
    return redirect("tournaments:table", club=event.club.slug, slug=event.slug, table_id=table.pk)


def game_table_page(request: HttpRequest, pk: int) -> HttpResponse:
    """From a game's page to the page of the event table it was played at."""
    game = get_object_or_404(Game, pk=pk)
    event = None
    if game.event_id is not None:
        event = Event.objects.select_related("club").filter(pk=game.event_id).first()
    if event is None or not can_read_game(request.user, game):
        raise Http404(gettext("This game was not played in an event."))
    table = game_table(game=game)
    if table is None:  # a round not seated (yet): the event's page
        return redirect("tournaments:event", club=event.club.slug, slug=event.slug)
    return redirect("tournaments:table", club=event.club.slug, slug=event.slug, table_id=table.pk)


@login_required
def my_tables(request: HttpRequest) -> HttpResponse:
    """The tables whose reported result waits for the signed-in player's answer."""
    return render(
        request, "tournaments/my_tables.html", {"waiting": results_waiting_for(user=request.user)}
    )


def _score_rows(
    table: Table, result: Result | None, typed: Typed | None
) -> list[dict[str, object]]:
    scores = result.scores if result else {}
    details = result.details if result else {}
    rows: list[dict[str, object]] = [
        {
            "seat": seat,
            "score": scores.get(str(seat.player_id)),
            "detail": details.get(str(seat.player_id), {}),
            "idp": "score-",
        }
        for seat in table.seats.select_related("player").order_by("position")
    ]
    return typed.rows(table.pk, rows) if typed else rows


def _scores_from(request: HttpRequest, table: Table) -> dict[int, str]:
    return {
        seat.player_id: request.POST.get(f"score-{seat.player_id}", "").strip()
        for seat in table.seats.all()
    }


def _details_from(request: HttpRequest, table: Table) -> dict[int, dict[str, str | int]] | None:
    """Matrix Overload's counts per player (won, cards left, royals killed = the score)."""
    if not event_kind(table.round.event.game).result_is_outcome:
        return None
    details: dict[int, dict[str, str | int]] = {}
    for seat in table.seats.all():
        pid = seat.player_id
        won = request.POST.get(f"won-{pid}") == "1"
        details[pid] = {
            "solved": won,
            "cards_left": request.POST.get(f"cards-{pid}", "").strip() or 0 if won else 0,
            "royals_killed": request.POST.get(f"score-{pid}", "").strip() or 0,
        }
    return details


def _table_post(request: HttpRequest, table: Table, result: Result | None) -> DomainError | None:
    """Do what the table's form asks; a refusal is said in a message and returned."""
    action = request.POST.get("action")
    try:
        if action == "report":
            services.result_report(
                table=table,
                scores=_scores_from(request, table),
                details=_details_from(request, table),
                by=request.user,
            )
            messages.success(
                request, gettext("Result of table %(table)s saved.") % {"table": table.number}
            )
        elif action in ("confirm", "dispute") and result is not None:
            services.result_confirm(
                result=result,
                agrees=action == "confirm",
                note=request.POST.get("note", ""),
                by=request.user,
            )
            messages.success(request, gettext("Thank you: your answer is recorded."))
        else:
            messages.error(request, gettext("Nothing to do."))
    except DomainError as error:
        messages.error(request, error.message)
        return error
    return None


@login_required
def event_console(request: HttpRequest, club: str, slug: str) -> HttpResponse:
    event = event_at(club=club, slug=slug)
    if not policy.can_manage_event(request.user, event):
        raise PermissionDenied
    return _console_page(request, event)


def _console_page(request: HttpRequest, event: Event, typed: Typed | None = None) -> HttpResponse:
    rounds = _rounds(event, request.user)
    if typed is not None:
        for shown in rounds:
            for entry in shown["tables"]:
                table = entry["table"]
                assert isinstance(table, Table)
                seats = entry["seats"]
                assert isinstance(seats, list)
                entry["seats"] = typed.rows(table.pk, seats)
                entry["refusal"] = typed.refusal.message if typed.table_id == table.pk else ""
    current = rounds[-1]["round"] if rounds else None
    return render(
        request,
        "tournaments/console.html",
        {
            "event": event,
            "options": event_options(event),
            "entries": event_entries(event=event),
            "members": _members_to_enter(event),
            "typed_name": request.GET.get("name", "")[:200],
            "rounds": rounds,
            "current": current,
            "missing": round_missing(round=current) if current else [],
            "disputes": event_disputes(event=event),
            "names": _names(event),
            "audit": event.audit.select_related("user")[:20],
        },
        status=400 if typed else 200,
    )


def _members_to_enter(event: Event) -> list[Player]:
    entered = set(event.entries.values_list("player_id", flat=True))
    return [player for player in club_members(event) if player.pk not in entered]


@login_required
@require_POST
def console_action(request: HttpRequest, club: str, slug: str) -> HttpResponse:
    event = event_at(club=club, slug=slug)
    if not policy.can_manage_event(request.user, event):
        raise PermissionDenied
    action = request.POST.get("action", "")
    by = request.user
    back = reverse("tournaments:console", kwargs={"club": club, "slug": slug})
    section = "#entries-heading" if action in ENTRY_ACTIONS else ""
    try:
        done = _console_action(request, event, action, by)
        if done:
            messages.success(request, done)
    except DomainError as error:
        if action in ("result", "correct") and request.POST.get("table", "").isdigit():
            # the console again, the table's boxes as they were typed, the refusal beside them
            messages.error(request, error.message)
            return _console_page(
                request, event, Typed(int(request.POST["table"]), request.POST, error)
            )
        messages.error(request, error.message)
        if action == "add-player":  # keep what was typed
            return redirect(f"{back}?{urlencode({'name': request.POST.get('name', '')})}{section}")
    except (ValueError, Entry.DoesNotExist, Round.DoesNotExist, Table.DoesNotExist):
        messages.error(request, gettext("That entry, round or table is not part of this event."))
    return redirect(back + section)


#: the console's actions on its player list (the page comes back to the list, not its top)
ENTRY_ACTIONS = ("add-player", "enter-members", "check-in", "check-out", "drop", "undrop")


def _number(request: HttpRequest, name: str) -> int:
    return int(request.POST.get(name, ""))


def _console_action(request: HttpRequest, event: Event, action: str, by: AnyUser | None) -> str:
    if action == "add-player":
        entry, created = player_enter_by_name(
            event=event,
            name=request.POST.get("name", ""),
            create=request.POST.get("create") == "1",
            by=by,
        )
        said = gettext("%(player)s is a new member, entered and checked in.")
        if not created:
            said = gettext("%(player)s is entered and checked in.")
        return said % {"player": entry.player.name}
    if action == "enter-members":
        ids = [int(pk) for pk in request.POST.getlist("player") if pk.isdigit() and len(pk) < 19]
        entered = members_enter(event=event, player_ids=ids, by=by)
        return ngettext(
            "%(n)s member entered and checked in.", "%(n)s members entered and checked in.",
            len(entered),
        ) % {"n": len(entered)}  # fmt: skip
    if action in ("check-in", "check-out", "drop", "undrop"):
        entry = event.entries.select_related("player").get(pk=_number(request, "entry"))
        if action == "undrop":
            entry_undrop(entry=entry, by=by)
            return gettext("%(player)s plays on.") % {"player": entry.player.name}
        if action == "drop":
            services.entry_drop(entry=entry, by=by)
            return gettext("%(player)s has dropped.") % {"player": entry.player.name}
        services.entry_check_in(entry=entry, checked_in=action == "check-in", by=by)
        if action == "check-in":
            return gettext("%(player)s: checked in.") % {"player": entry.player.name}
        return gettext("%(player)s: not here.") % {"player": entry.player.name}
    if action in ("generate", "final"):
        round_ = services.round_generate(event=event, final=action == "final", by=by)
        return gettext("Round %(round)s is seated (draft): check it, then lock it.") % {
            "round": round_.number
        }
    if action == "finish-event":
        services.event_finish(event=event, by=by)
        return gettext("The event is finished.")
    round_ = event.rounds.get(number=_number(request, "round"))
    if action == "regenerate":
        before = round_seating(round_)
        services.round_regenerate(round=round_, by=by)
        round_.refresh_from_db(fields=["byes"])
        if round_seating(round_) == before:
            return gettext(
                "Round %(round)s came out the same: the pairing finds no other seating as good."
            ) % {"round": round_.number}
        return gettext("Round %(round)s has a new seating: check it, then lock it.") % {
            "round": round_.number
        }
    if action == "swap":
        services.round_swap(
            round=round_, first=_number(request, "first"), second=_number(request, "second"), by=by
        )
        return gettext("The two players swapped places.")
    if action == "lock":
        services.round_lock(round=round_, by=by)
        return gettext("Round %(round)s is locked: play!") % {"round": round_.number}
    if action == "finish-round":
        services.round_finish(round=round_, by=by)
        return gettext("Round %(round)s is finished.") % {"round": round_.number}
    if action in ("result", "correct"):
        table = round_.tables.get(pk=_number(request, "table"))
        scores = _scores_from(request, table)
        details = _details_from(request, table)
        if action == "correct" or table.results.filter(status=Result.Status.CONFIRMED).exists():
            services.result_correct(table=table, scores=scores, details=details, by=by)
        else:
            services.result_report(table=table, scores=scores, details=details, by=by)
        return gettext("Result of round %(round)s, table %(table)s saved.") % {
            "round": round_.number,
            "table": table.number,
        }
    return gettext("Nothing to do.")
