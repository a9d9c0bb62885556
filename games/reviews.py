"""Post-game reviews: every move of a finished game graded by the engine (stored, then shown).

Terms: a *review* (``games.engine.review``) gives, for each move, the engine's choice, the
value of the move played and of the best move, the loss and a grade (good / inaccuracy /
mistake / blunder, thresholds per game in ``games/engine/review/grades.py``), and per player
the average loss per move. ``game_review_store`` works one out; the analytics worker calls
it after a game finishes (never a web request: a review takes up to a few seconds).

Invariants: only finished games with recorded moves, played at the table or typed in, are
reviewed (a result-only game has no moves; imported history is left alone); a review belongs
to one record (its fingerprint): a game whose record changed (an undo reopened it) loses its
review until it is worked out again; a record the engine refuses keeps its refusal, not
retried.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable
from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.engine.core import EngineError, JsonDict
from games.engine.review import review
from games.models import Game, GameReview
from games.selectors import game_export_mgn

log = logging.getLogger(__name__)

# The grades as the page shows them (the stored review and the API keep the English codes).
GRADE_LABELS = {
    "good": _("good"),
    "inaccuracy": _("inaccuracy"),
    "mistake": _("mistake"),
    "blunder": _("blunder"),
}


#: games reviewed when they finish: played at the table or typed in (imported history is not
#: worth hours of the worker's time)
REVIEWED_SOURCES = (Game.Source.LIVE, Game.Source.TYPED)


def _reviewable(game: Game) -> bool:
    return game.status == Game.Status.FINISHED and game.ply > 0 and game.source in REVIEWED_SOURCES


@transaction.atomic
def game_review_store(*, game_id: int) -> GameReview | None:
    """Review a finished game's moves and keep the review (a no-op when it is current);
    drop the review of a game that is no longer finished or no longer exists."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not _reviewable(game):
        GameReview.objects.filter(game_id=game_id).delete()
        return None
    record = game_export_mgn(game=game)
    fingerprint = hashlib.sha256(record.encode("utf-8")).hexdigest()
    stored = GameReview.objects.filter(game=game).first()
    if stored is not None and stored.fingerprint == fingerprint:
        return stored
    try:
        found = review(game.kind, record).json()
    except EngineError as error:  # a record the engine refuses now: kept as such, not retried
        log.warning("game %s could not be reviewed", game_id, exc_info=True)
        found = {"error": error.message}
    kept, _ = GameReview.objects.update_or_create(
        game=game, defaults={"fingerprint": fingerprint, "review": found}
    )
    return kept


def game_review(*, game: Game) -> JsonDict | None:
    """The stored review of a finished game, if worked out yet, with ``players``: each role's
    name as seated (the review speaks of roles: P1.., ``negative``, a Mathematico name)."""
    if not _reviewable(game):
        return None
    stored = GameReview.objects.filter(game=game).only("review").first()
    if stored is None or "error" in stored.review:
        return None
    names = {seat.role: seat.name or seat.role for seat in game.seats.all()}
    return {**stored.review, "players": names}


# How each kind's review judged the moves (``method_params`` of the engine's review).
METHODS = {
    "matrio": _(
        "Every legal move was played out %(depth)s plies (the move and greedy replies) over "
        "%(over)s; a move's value is the mover's margin over the best rival."
    ),
    "mathematico": _(
        "The advisor (%(thinking)s) and the move played were both valued on the same "
        "%(futures)s random futures of the unseen cards; a move's value is the expected final "
        "total."
    ),
    "integer-matrix": _(
        "An alpha-beta search %(depth)s plies deep (the drawn disc, then blank 0/0 discs); a "
        "move's value is the net-score margin from the mover's view."
    ),
    "matrix-overload": _(
        "Whether the game could still be won over the known order of the deck: a search %(beam)s "
        "positions wide for a win, then a full search for a proof of loss, at most %(nodes)s "
        "positions a question and %(total)s a game; beyond that the answer is unknown."
    ),
}
NOTES = {"unknown: the solver's limit was reached": _("unknown: the search's limit was reached")}


def review_method(review: JsonDict) -> str:
    """The review's method in the reader's language (the engine's English for an older one)."""
    params = dict(review.get("method_params") or {})
    text = METHODS.get(str(review.get("game")))
    if text is None or not params:
        return str(review.get("method", ""))
    if "hands" in params:
        params["over"] = (
            _("the recorded hands")
            if params["hands"]
            else _("%(samples)s random deals of the unseen cards") % params
        )
    if "futures" in params:
        params["thinking"] = (
            _("%(ms)s ms a move") % params
            if params.get("ms") is not None
            else _("%(samples)s futures a cell") % params
        )
    return str(text) % params


def review_rows(review: JsonDict) -> tuple[list[JsonDict], list[JsonDict]]:
    """The review as the page's tables: one row per player, one per move, with names."""
    names = review.get("players", {})
    players = [{"name": names.get(role, role), **line} for role, line in review["summary"].items()]
    moves = [
        {
            **move,
            "name": names.get(move["player"], move["player"]),
            "grade_label": GRADE_LABELS.get(move["grade"], move["grade"]),
            "note": str(NOTES.get(move.get("note", ""), move.get("note", ""))),
        }
        for move in review["moves"]
    ]
    return players, moves


def games_to_review(game_ids: Iterable[int]) -> list[int]:
    """Of these games, those whose review may need work: due a review (played or typed in) or
    holding one that may be stale. One query: a bulk import of history costs the worker
    nothing more (games that no longer exist lost their review with them)."""
    games = Game.objects.filter(pk__in=list(game_ids)).filter(
        Q(source__in=REVIEWED_SOURCES) | Q(review__isnull=False)
    )
    return sorted(games.values_list("pk", flat=True))


def games_awaiting_review(
    *, finished_before: datetime | None = None, limit: int = 100
) -> list[int]:
    """Finished games due a review that have none yet, oldest first (for the worker's sweep:
    those that finished before ``finished_before``, whose wake-up should have come by now)."""
    games = Game.objects.filter(
        status=Game.Status.FINISHED, ply__gt=0, source__in=REVIEWED_SOURCES, review__isnull=True
    )
    if finished_before is not None:
        games = games.filter(finished_at__lt=finished_before)
    return list(games.order_by("finished_at", "pk").values_list("pk", flat=True)[:limit])
