"""Pages for games: lists, the game page (live entry and replay), start, import, result only.

Views are thin: reads through ``games.selectors``, writes through ``games.services``, who may
what through ``games.permissions``. The game page is rendered on the server at any ply
(``?ply=N``), so it reads and replays without JavaScript; ``games/live.js`` records moves
through the JSON API and swaps in the board fragment (``board/?ply=N``) that the same
templates render, so there is one renderer of each game's board.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from games import forms, permissions, selectors, services
from games.engine import live
from games.engine.core import EngineError
from games.engine.replay import decode
from games.errors import GameError
from games.kinds import GameKind
from games.models import Game

PAGE_SIZE = 50
BOARD_TEMPLATES = {
    GameKind.MATRIO: "games/boards/matrio.html",
    GameKind.MATHEMATICO: "games/boards/mathematico.html",
    GameKind.MATRIX_OVERLOAD: "games/boards/overload.html",
    GameKind.INTEGER_MATRIX: "games/boards/integer_matrix.html",
}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_ORDER = "SDCH"  # the order of the trays in a row or column block


# --- helpers -----------------------------------------------------------------------------------


def card_label(card: str | None) -> str:
    """``9S`` -> ``9♠``, ``TD`` -> ``10♦``, ``XR`` -> ``Joker (red)``."""
    if not card:
        return ""
    if card in ("XR", "XB"):
        return "Joker " + ("red" if card == "XR" else "black")
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS.get(card[1:2], card[1:])


def _card(card: str | None) -> dict[str, Any] | None:
    if not card:
        return None
    red = card == "XR" or card[1:2] in ("H", "D")
    return {"code": card, "label": card_label(card), "red": red, "joker": card in ("XR", "XB")}


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


def _matrio_board(view: dict[str, Any]) -> dict[str, Any]:
    """Grid places for the MatriO picture: column trays above the cells, row trays left."""
    board = view["board"]
    trays = []
    for tray in board["trays"]:
        suit = SUIT_ORDER.index(tray["suit"]) + 1
        if tray["block"] == "C":
            row, column = suit, 4 + tray["line"]
        else:
            row, column = 4 + tray["line"], suit
        trays.append(
            {
                **tray,
                "row": row,
                "column": column,
                "card": _card(tray["top"]),
                "symbol": SUIT_SYMBOLS[tray["suit"]],
                "red": tray["suit"] in "HD",
            }
        )
    cells = [
        {**cell, "grid_row": 4 + cell["row"], "grid_column": 4 + cell["column"]}
        for cell in board["cells"]
    ]
    hands = {
        role: [_card(card) for card in hand["cards"]] if hand["cards"] is not None else None
        for role, hand in board["hands"].items()
    }
    mover = view["to_move"]
    return {
        "trays": trays,
        "cells": cells,
        "won": board["won"],
        "hand": hands.get(mover) if mover else None,
        "hands": board["hands"],
        "ranks": list("A23456789TJQK"),
        "suits": [(s, SUIT_SYMBOLS[s], s in "HD") for s in "SHDC"],
    }


def _integer_matrix_board(view: dict[str, Any]) -> dict[str, Any]:
    board = view["board"]
    legal = view["legal"] or {}
    rows = [
        [
            {
                "name": name,
                "disc": board["squares"][name],
                "white": name in legal.get("W", []),
                "black": name in legal.get("B", []),
                "legal": name in legal.get("W", []) or name in legal.get("B", []),
            }
            for name in row
        ]
        for row in board["rows"]
    ]
    return {"rows": rows}


def _mathematico_board(view: dict[str, Any]) -> dict[str, Any]:
    board = view["board"]
    players = []
    for name, entry in board["boards"].items():
        grid = [
            [
                {"name": board["cells"][r * 5 + c], "value": entry["values"][r * 5 + c]}
                for c in range(5)
            ]
            for r in range(5)
        ]
        players.append({"name": name, "grid": grid, "total": entry["total"]})
    return {"players": players}


def _overload_board(view: dict[str, Any]) -> dict[str, Any]:
    board = view["board"]
    piles = [
        {"name": name, **pile, "card": _card(pile["top"])} for name, pile in board["piles"].items()
    ]
    slots = [
        {"name": name, **slot, "card": _card(slot["royal"])}
        for name, slot in board["slots"].items()
    ]
    return {"piles": piles, "slots": slots, "next": _card(board.get("next_card"))}


SHAPERS = {
    GameKind.MATRIO: _matrio_board,
    GameKind.MATHEMATICO: _mathematico_board,
    GameKind.MATRIX_OVERLOAD: _overload_board,
    GameKind.INTEGER_MATRIX: _integer_matrix_board,
}


def board_context(game: Game, view: dict[str, Any], *, can_write: bool) -> dict[str, Any]:
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
        picture = SHAPERS[GameKind(game.kind)](view)
    return {
        "game": game,
        "view": view,
        "names": names,
        "scores": scores,
        "to_move_name": names.get(view["to_move"] or "", ""),
        "winner_names": [names.get(role, role) for role in view["winners"]],
        "last_by_name": names.get(last_by, last_by),
        "entry": entry,
        "picture": picture,
        "board_template": BOARD_TEMPLATES[GameKind(game.kind)],
    }


# --- pages ------------------------------------------------------------------------------------


def game_list(request: HttpRequest) -> HttpResponse:
    """Games the visitor may read, filtered by kind, player, event, date and status."""
    games = selectors.game_list(user=request.user)
    filters = forms.GamePageFilter(request.GET or None, queryset=games)
    shown = filters.qs if filters.is_bound and filters.is_valid() else games
    page = Paginator(shown, PAGE_SIZE).get_page(request.GET.get("page"))
    query = {k: v for k, v in request.GET.items() if v and k != "page"}
    return render(
        request,
        "games/game_list.html",
        {
            "filters": filters,
            "page": page,
            "query": urlencode(query),
            "can_create": bool(forms.writable_clubs(request.user)),
        },
    )


def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The game page: the board at a ply, replay controls and, for writers, live entry."""
    game = _readable_game(request, pk)
    can_write = permissions.can_write_game(request.user, game)
    if request.method == "POST":
        if not can_write:
            raise PermissionDenied
        _record_from_form(request, game)
        return redirect("games:detail", pk=game.pk)
    view = selectors.game_view(game=game, ply=_ply(request, game.ply))
    context = board_context(game, view, can_write=can_write)
    context.update(
        {
            "can_write": can_write and game.status == Game.Status.LIVE,
            "seats": list(game.seats.all()),
            "moves": selectors.game_moves(game=game),
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
            messages.success(request, "The last move was taken back.")
        elif token and len(token) <= live.MAX_TOKEN:
            recorded = services.game_record_move(
                game_id=game.pk, token=token, expected_ply=expected, by=request.user
            )
            assert recorded.move is not None
            messages.success(request, f"Recorded ply {recorded.move.ply}: {recorded.move.token}")
        else:
            messages.error(request, "Type a move first.")
    except GameError as error:
        messages.error(request, error.message)


def game_board(request: HttpRequest, pk: int) -> HttpResponse:
    """The board fragment at ``?ply=N`` (default: now) for the page's script."""
    game = _readable_game(request, pk)
    can_write = permissions.can_write_game(request.user, game)
    view = selectors.game_view(game=game, ply=_ply(request, game.ply))
    context = board_context(game, view, can_write=can_write)
    context.update({"fragment": True, "moves": selectors.game_moves(game=game)})
    return render(request, "games/_board.html", context)


KIND_NOTES = {
    GameKind.MATRIO: "Four players; the holder of the 2 of clubs is P1.",
    GameKind.MATHEMATICO: "Any number of players; max, min or exactly N.",
    GameKind.MATRIX_OVERLOAD: "Solitaire; the deck entered or shuffled for you.",
    GameKind.INTEGER_MATRIX: "Two players; setup discs entered or drawn for you.",
}


@login_required
def game_new(request: HttpRequest) -> HttpResponse:
    """Start a live game, step one: which game (each has its own form, step two)."""
    if not forms.writable_clubs(request.user):
        raise PermissionDenied
    kind = request.GET.get("kind", "")
    if kind in forms.START_FORMS:
        return redirect("games:new-kind", kind=kind)
    choices = [
        {"kind": value, "label": label, "note": KIND_NOTES[GameKind(value)]}
        for value, label in GameKind.choices
    ]
    return render(request, "games/game_new.html", {"choices": choices})


@login_required
def game_new_kind(request: HttpRequest, kind: str) -> HttpResponse:
    """Start a live game, step two: the game's own form (scorekeepers, directors, admins)."""
    form_class = forms.START_FORMS.get(kind)
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
            messages.success(request, "The game was abandoned; its moves are kept.")
        return redirect("games:detail", pk=game.pk)
    return render(request, "games/game_abandon.html", {"game": game})


@login_required
def game_import(request: HttpRequest) -> HttpResponse:
    """Paste or upload MGN; every game judged, valid ones stored (dry run: none), a report."""
    form = forms.ImportForm(request.POST or None, request.FILES or None, user=request.user)
    if not form.has_clubs:
        raise PermissionDenied
    report = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if data.get("file"):
            text, source = decode(data["file"].read()), Game.Source.IMPORTED
        else:
            text, source = data["mgn"], Game.Source.TYPED
        report = services.games_import_mgn(
            club=data["club"], text=text, dry_run=data["dry_run"], by=request.user, source=source
        ).json()
    return render(request, "games/game_import.html", {"form": form, "report": report})


@login_required
def game_result_only(request: HttpRequest) -> HttpResponse:
    """Store a game known only by its players and final scores."""
    form = forms.ResultOnlyForm(request.POST or None, user=request.user)
    if not form.has_clubs:
        raise PermissionDenied
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if data["kind"] == GameKind.MATRIX_OVERLOAD:
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
            messages.success(request, "The result was stored.")
            return redirect("games:detail", pk=game.pk)
    return render(request, "games/game_result_only.html", {"form": form})
