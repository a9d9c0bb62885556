"""Pages for games: lists, the game page (live entry and replay), start, import, result only.

Views are thin: reads through ``games.selectors``, writes through ``games.services``, who may
what through ``games.permissions``. The game page is rendered on the server at any ply
(``?ply=N``), so it reads and replays without JavaScript; ``games/live.js`` records moves
through the JSON API and swaps in the board fragment (``board/?ply=N``) that the same
templates render, so there is one renderer of each game's board.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from games import forms, import_jobs, permissions, selectors, services
from games.choosers import club_member_choices, writable_clubs
from games.engine import live
from games.engine.core import EngineError, JsonDict
from games.engine.errors import DomainError
from games.errors import GameError, IllegalMove
from games.hints import advisor_hint, game_hints_set, hints_allowed
from games.imports import ImportReport
from games.kinds import GameKind
from games.kinds.overload import outcome_text
from games.kinds.registry import KINDS, kind_of
from games.models import Game
from games.reopen import may_reopen
from games.reviews import game_review, review_rows
from games.visibility import hidden_for, redact_tags

PAGE_SIZE = 50


# --- helpers -----------------------------------------------------------------------------------


def _readable_game(request: HttpRequest, pk: int) -> Game:
    game = selectors.game_list(user=request.user).filter(pk=pk).first()
    if game is None:
        raise Http404("There is no such game.")
    return game


def _ply(request: HttpRequest, plies: int) -> int | None:
    raw = request.GET.get("ply", "")
    if not raw.isdigit() or len(raw) > 7:
        return None
    return min(int(raw), plies)


def board_context(game: Game, view: JsonDict, *, can_write: bool) -> dict[str, object]:
    """What the board templates need: the view, its picture and whether entry is open."""
    names = {player["role"]: player["name"] for player in view["players"]}
    last_by = (view["last"] or {}).get("by") or ""
    scores = [
        {
            "role": player["role"],
            "name": player["name"],
            "score": view["scores"].get(player["role"]),
            "winner": player["role"] in view["winners"],
            "to_move": player["role"] == view["to_move"],
        }
        for player in view["players"]
    ]
    at_end = view["ply"] == view["plies"]
    entry = can_write and game.status == Game.Status.LIVE and at_end and not view["result_only"]
    picture = None
    if view["board"] is not None:
        picture = kind_of(game.kind).board(view)
    over = view["finished"] or view["result_only"]
    return {
        "game": game,
        "view": view,
        "names": names,
        "scores": scores,
        # a seat column only where the roles say more than the names (not for Mathematico)
        "show_roles": len(scores) > 1 and any(row["role"] != row["name"] for row in scores),
        "outcome": outcome_text(view["details"]) if over and _is_outcome(game.kind) else "",
        "to_move_name": names.get(view["to_move"] or "", ""),
        "winner_names": [names.get(role, role) for role in view["winners"]],
        "last_by_name": names.get(last_by, last_by),
        "entry": entry,
        "picture": picture,
        "hint": advisor_hint(game, view) if entry else None,
        "board_template": kind_of(game.kind).board_template,
        "placeholder": kind_of(game.kind).placeholder,
    }


#: moves that end a game at once (Matrix Overload): the page asks before recording them
ENDINGS = ("LOOP", "ABANDON")


def _is_outcome(kind: str) -> bool:
    return kind_of(kind).result_is_outcome


def _with_outcomes(games: list[Game]) -> list[Game]:
    """Games of a list page, each finished solitaire with ``outcome`` (won or lost, why)."""
    for game in games:
        details = (game.result or {}).get("details")
        game.outcome = outcome_text(details) if details and _is_outcome(game.kind) else ""  # type: ignore[attr-defined]
    return games


# --- pages ------------------------------------------------------------------------------------


def game_list(request: HttpRequest) -> HttpResponse:
    """Games the visitor may read, filtered by kind, player, event, date and status."""
    games = selectors.game_list(user=request.user)
    filters = forms.GamePageFilter(request.GET or None, queryset=games)
    shown = filters.qs if filters.is_bound and filters.is_valid() else games
    page = Paginator(shown, PAGE_SIZE).get_page(request.GET.get("page"))
    page.object_list = _with_outcomes(list(page.object_list))
    query = {k: v for k, v in request.GET.items() if v and k != "page"}
    return render(
        request,
        "games/game_list.html",
        {
            "filters": filters,
            "page": page,
            "query": urlencode(query),
            "can_create": bool(writable_clubs(request.user)),
        },
    )


# An import's outcomes as the page shows them (the API and the command keep the English codes).
OUTCOME_LABELS = {
    "stored": _("stored"),
    "valid": _("valid"),
    "duplicate": _("duplicate"),
    "held": _("held"),
    "refused": _("refused"),
}


def live_words() -> dict[str, str]:
    """The live-entry script's words in the reader's language (``live.js`` falls back to its
    English when a key is missing); ``%(name)s`` placeholders are filled in by the script."""
    return {
        "ply_count": gettext("Ply <strong>%(ply)s</strong> of %(plies)s"),
        "board_failed": gettext("the board could not be loaded (%(status)s)"),
        "server_answered": gettext("the server answered %(status)s"),
        "not_recorded": gettext("the move was not recorded"),
        "reload": gettext("Reload the game"),
        "recorded": gettext("Recorded ply %(ply)s: %(move)s"),
        "no_answer_move": gettext("No answer from the server: %(error)s. Nothing was recorded."),
        "no_answer": gettext("No answer from the server: %(error)s"),
        "taken_back": gettext("The last move was taken back."),
        "picked_legal": gettext("%(card)s picked: legal trays %(trays)s. Tap one."),
        "picked_none": gettext("%(card)s picked: it cannot be played now."),
        "pick_first": gettext("Pick a card first, then its tray."),
        "disc_first": gettext("Tap the disc's white and black numbers first, then its square."),
        "placed_legal": gettext("%(card)s: it may go to %(places)s. Tap one."),
        "pick_card_first": gettext("Tap the card drawn first, then where it goes."),
        "confirm_yes": gettext("Yes, record %(move)s"),
        "confirm_no": gettext("No, go back"),
        "move_first": gettext("Type a move first."),
    }


def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The game page: the board at a ply, replay controls and, for writers, live entry."""
    game = _readable_game(request, pk)
    can_write = permissions.can_write_game(request.user, game)
    if request.method == "POST":
        if not can_write:
            raise PermissionDenied
        ending = request.POST.get("token", "").strip().upper()
        asks = game.kind == GameKind.MATRIX_OVERLOAD and ending in ENDINGS
        if asks and request.POST.get("confirmed") != ending:
            # the game-ending words ask first, without JavaScript too
            return redirect(f"{reverse('games:detail', args=[game.pk])}?confirm={ending}")
        _record_from_form(request, game)
        return redirect("games:detail", pk=game.pk)
    hidden = hidden_for(game, request.user)
    view = selectors.game_view(game=game, ply=_ply(request, game.ply), hidden=hidden)
    context = board_context(game, view, can_write=can_write)
    review = game_review(game=game)
    context.update(
        {
            "tags": redact_tags(game.tags, hidden),
            "can_write": can_write and game.status == Game.Status.LIVE,
            "reopen_offer": may_reopen(request.user, game) or (can_write and game.status == "live"),
            "hints_possible": can_write and game.status == Game.Status.LIVE and hints_allowed(game),
            "seats": list(game.seats.all()),
            "moves": selectors.game_moves(game=game),
            "reviewable": game.status == Game.Status.FINISHED and game.ply > 0,
            "review": review,
            "review_rows": review_rows(review) if review else ([], []),
            "live_words": live_words(),
            "confirm_ending": next((e for e in ENDINGS if request.GET.get("confirm") == e), ""),
            "api": {
                "game": f"/api/games/{game.pk}/",
                "mgn": reverse("game-mgn", args=[game.pk]),
            },
        }
    )
    return render(request, "games/game_detail.html", context)


def _record_from_form(request: HttpRequest, game: Game) -> None:
    """The page's own forms without JavaScript: record a typed move or undo the last one."""
    raw = request.POST.get("expected_ply", "")
    expected = int(raw) if raw.isdigit() and len(raw) < 8 else game.ply
    token = request.POST.get("token", "").strip()
    try:
        if request.POST.get("undo"):
            services.game_undo(game_id=game.pk, expected_ply=expected, by=request.user)
            messages.success(request, gettext("The last move was taken back."))
        elif token and len(token) <= live.MAX_TOKEN:
            recorded = services.game_record_move(
                game_id=game.pk, token=token, expected_ply=expected, by=request.user
            )
            assert recorded.move is not None
            messages.success(
                request,
                gettext("Recorded ply %(ply)s: %(move)s")
                % {"ply": recorded.move.ply, "move": recorded.move.token},
            )
        else:
            messages.error(request, gettext("Type a move first."))
    except IllegalMove as error:
        messages.error(request, error.plain)  # plain words in the reader's language
    except GameError as error:
        messages.error(request, error.message)


def game_board(request: HttpRequest, pk: int) -> HttpResponse:
    """The board fragment at ``?ply=N`` (default: now) for the page's script."""
    game = _readable_game(request, pk)
    can_write = permissions.can_write_game(request.user, game)
    hidden = hidden_for(game, request.user)
    view = selectors.game_view(game=game, ply=_ply(request, game.ply), hidden=hidden)
    context = board_context(game, view, can_write=can_write)
    context.update({"fragment": True, "moves": selectors.game_moves(game=game)})
    return render(request, "games/_board.html", context)


@login_required
def game_new(request: HttpRequest) -> HttpResponse:
    """Start a live game, step one: which game (each has its own form, step two)."""
    if not writable_clubs(request.user):
        raise PermissionDenied
    kind = request.GET.get("kind", "")
    if kind in KINDS:
        return redirect("games:new-kind", kind=kind)
    choices = [
        {"kind": entry.kind.value, "label": entry.label, "note": entry.note}
        for entry in KINDS.values()
    ]
    return render(request, "games/game_new.html", {"choices": choices})


@login_required
def game_new_kind(request: HttpRequest, kind: str) -> HttpResponse:
    """Start a live game, step two: the game's own form (scorekeepers, directors, admins)."""
    entry = KINDS.get(kind)
    form_class = entry.start_form if entry is not None else None
    if form_class is None:
        raise Http404("There is no such game.")
    form = form_class(request.POST or None, user=request.user)
    if not form.has_clubs:
        raise PermissionDenied
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            started = services.game_create(
                club=data["club"],
                kind=form.kind,
                players=[services.SeatInput(name=name) for name in form.players()],
                tags=form.tags(),
                event=data["event"],
                round_number=data["round_number"],
                table_number=data["table_number"],
                played_on=data["played_on"],
                public=data["public"],
                by=request.user,
            )
        except GameError as error:
            form.engine_error(error.message)
        else:
            if form.note:
                messages.info(request, form.note)
            return redirect("games:detail", pk=started.game.pk)
    return render(request, "games/game_start.html", {"form": form})


@login_required
def game_abandon(request: HttpRequest, pk: int) -> HttpResponse:
    """Stop a live game for good, after a confirm step (writers of the game only)."""
    game = _readable_game(request, pk)
    if not permissions.can_write_game(request.user, game):
        raise PermissionDenied
    if request.method == "POST":
        try:
            services.game_abandon(game_id=game.pk, by=request.user)
        except GameError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, gettext("The game was abandoned; its moves are kept."))
        return redirect("games:detail", pk=game.pk)
    return render(request, "games/game_abandon.html", {"game": game})


@login_required
@require_POST
def game_hints(request: HttpRequest, pk: int) -> HttpResponse:
    """Switch the advisor's hints on or off (a casual Mathematico game's scorekeeper)."""
    game = _readable_game(request, pk)
    try:
        game_hints_set(game_id=game.pk, on=request.POST.get("on") == "1", by=request.user)
    except DomainError as error:
        messages.error(request, error.message)
    return redirect("games:detail", pk=game.pk)


@login_required
def game_import(request: HttpRequest) -> HttpResponse:
    """Paste or upload MGN; every game judged, valid ones stored (dry run: none), a report."""
    form = forms.ImportForm(request.POST or None, request.FILES or None, user=request.user)
    if not form.has_clubs:
        raise PermissionDenied
    report, members = None, []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        chosen, created = forms.chosen_players(request.POST)
        upload = data.get("file")
        name = upload.name if upload is not None else ""
        if upload is not None and upload.size <= import_jobs.INLINE_BYTES:
            text, source = import_jobs.mgn_text(upload.read()), Game.Source.IMPORTED
            upload = None
        elif upload is not None:
            text, source = "", Game.Source.IMPORTED
        else:
            text, source = data["mgn"], Game.Source.TYPED
        if upload is not None or not import_jobs.is_small(text):  # too long for a request
            job = import_jobs.import_job_start(
                club=data["club"],
                by=request.user,
                name=name,
                source=source,
                text=None if upload is not None else text,
                upload=upload,
                dry_run=data["dry_run"],
                create_players=data["create_players"],
                chosen_players=chosen,
                new_players=created,
            )
            return redirect("games:job", pk=job.pk)

        def run(create: bool) -> ImportReport:
            return services.games_import_mgn(
                club=data["club"],
                text=text,
                dry_run=data["dry_run"],
                by=request.user,
                source=source,
                create_players=create,
                chosen_players=chosen,
            )

        found = run(data["create_players"])
        unknown = {player.name for player in found.unknown_players}
        if unknown and unknown <= created:  # every unknown name was marked "new member"
            found = run(True)
        report = found.json()
        for row in report["report"]:  # the page shows the outcome in the reader's language
            row["outcome_label"] = OUTCOME_LABELS.get(row["outcome"], row["outcome"])
        if found.unknown_players:
            members = club_member_choices(data["club"])
            if data.get("file"):  # keep the games: the page asks again with the text pasted
                post = request.POST.copy()
                post["mgn"] = text
                form = forms.ImportForm(post, user=request.user)
                form.is_valid()
    context = {"form": form, "report": report, "members": members}
    return render(request, "games/game_import.html", context)


@login_required
def game_result_only(request: HttpRequest) -> HttpResponse:
    """Store a game known only by its players and final scores."""
    form = forms.ResultOnlyForm(request.POST or None, user=request.user)
    if not form.has_clubs:
        raise PermissionDenied
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if kind_of(data["kind"]).result_is_outcome:
                result = data["result"]
            else:
                roles = live.roles(data["kind"], data["players"])
                result = dict(zip(roles, data["score_list"], strict=False))
            game = services.game_result_only_create(
                club=data["club"],
                kind=data["kind"],
                players=[services.SeatInput(name=name) for name in data["players"]],
                result=result,
                event=data["event"],
                round_number=data["round_number"],
                table_number=data["table_number"],
                played_on=data["played_on"],
                public=data["public"],
                by=request.user,
            )
        except GameError as error:
            form.add_error(None, error.message)
        except EngineError as error:
            form.add_error(None, error.sentence)
        else:
            messages.success(request, gettext("The result was stored."))
            return redirect("games:detail", pk=game.pk)
    return render(request, "games/game_result_only.html", {"form": form})
