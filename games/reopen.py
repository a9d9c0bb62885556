"""Re-opening a finished game to fix a mistaken last move.

Terms: to *re-open* a game is to take back its last move (``games.services.game_undo``): the
game is live again at the ply before, its result and mgn hash are cleared, and
``games_changed`` is announced, so whatever was derived from it follows — the event table's
result from the game is withdrawn (``tournaments.results``), ratings and statistics are
recomputed (``analytics.listeners``).

Who may: a director of the game's club (or a site admin) any finished game of the club that
has moves — a record imported or typed from paper becomes a live game from there; the club's
scorekeepers and the game's recorder (``can_write_game``) only a game recorded live that
finished within the last ``JUST_FINISHED`` (a slip noticed at the table, not a result
changed later: that is a director's call). A result-only game has no move to take back: its
table's result is corrected instead.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs.roles import AnyUser, is_director
from games import services  # (services asks reopen_refusal: imported as a module)
from games.engine.errors import DomainError, NotAllowed
from games.errors import GameClosed
from games.models import Game
from games.permissions import can_write_game

#: how long after its end a scorekeeper may still re-open a game recorded live
JUST_FINISHED = timedelta(minutes=30)


def _ended(game: Game) -> bool:
    """Finished, or ended by its own move (Overload's ABANDON or LOOP), not stopped by hand."""
    if game.status == Game.Status.FINISHED:
        return True
    return game.status == Game.Status.ABANDONED and not (game.result or {}).get("stopped")


def reopen_refusal(user: AnyUser | None, game: Game) -> str | None:
    """Why ``user`` may not re-open ``game`` now (one sentence), or ``None`` when they may."""
    if not _ended(game):
        return gettext("the game is not finished: undo its last move while recording it")
    if game.source == Game.Source.RESULT_ONLY or game.ply == 0:
        return gettext("a result-only game has no move to take back: correct its table's result")
    if is_director(user, game.club_id):
        return None
    if not can_write_game(user, game):
        return gettext("only the club's directors and scorekeepers may re-open a game")
    if game.source != Game.Source.LIVE:
        return gettext("a game that was not recorded live is re-opened by a director")
    ended = game.finished_at or game.updated
    if timezone.now() - ended > JUST_FINISHED:
        return gettext(
            "the game finished more than %(minutes)s minutes ago: a director may re-open it"
        ) % {"minutes": int(JUST_FINISHED.total_seconds() // 60)}
    return None


def may_reopen(user: AnyUser | None, game: Game) -> bool:
    return reopen_refusal(user, game) is None


@transaction.atomic
def game_reopen(*, game_id: int, expected_ply: int, by: AnyUser | None) -> services.Recorded:
    """Take back the last move of a finished game (see the module docstring)."""
    game = Game.objects.select_for_update().get(pk=game_id)
    refusal = reopen_refusal(by, game)
    if refusal is not None:
        if _ended(game) and game.ply > 0 and game.source != Game.Source.RESULT_ONLY:
            raise NotAllowed(refusal)
        raise GameClosed(refusal, ply=game.ply)
    if game.source != Game.Source.LIVE:  # a director re-opens a record: it goes on live
        game.source = Game.Source.LIVE
        game.save(update_fields=["source", "updated"])
    return services.game_undo(game_id=game.pk, expected_ply=expected_ply, by=by)


# --- the game page's form (``games/_reopen.html``) -------------------------------------------


@login_required
@require_POST
def game_reopen_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The game page's "Undo the last move (re-open the game)" button, without JavaScript."""
    game = get_object_or_404(Game, pk=pk)
    raw = request.POST.get("expected_ply", "")
    expected = int(raw) if raw.isdigit() and len(raw) < 8 else game.ply
    try:
        game_reopen(game_id=game.pk, expected_ply=expected, by=request.user)
        messages.success(request, gettext("The game is open again: its last move was taken back."))
    except DomainError as error:
        messages.error(request, error.message)
    return redirect("games:detail", pk=game.pk)
