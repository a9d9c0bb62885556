"""Fair play: what a viewer may see of a game that a player at the table could not (README
"Security"). The one place that decides it; every way out (pages, board fragment, API, MGN
export) asks here.

Terms: a game's *secrets* are, while it is live, the unplayed cards of each recorded MatriO hand
(tags ``Hand1``..``Hand4`` and the view's ``board.hands``) and a deal given upfront (a
Mathematico ``Deal`` tag, a Matrix Overload ``Deck`` tag). The game's writers (site admins, the
club's directors and scorekeepers: ``games.permissions.can_write_game``) and its recorder see
everything; a signed-in player seated at a MatriO table sees their own hand; everyone else sees
none of it. Once the game is over (finished or abandoned) nothing is hidden from its readers.
Played cards, drawn values and the card being placed are never secret.

Hidden hands become ``{"left": N, "cards": null}`` (the shape of an unknown hand) and, when the
mover's hand is hidden, the view's ``legal`` moves (they would list the mover's cards) become
empty; hidden tags keep their name with :data:`HIDDEN` as value on pages and in JSON, and are
left out of MGN. Computing it costs no query for writers and anonymous visitors (roles come from
``clubs.roles.club_roles``, cached per request) and none for a game whose seats are prefetched.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from clubs.roles import AnyUser, signed_in
from games.engine import live
from games.engine.core import JsonDict
from games.kinds import GameKind
from games.models import Game
from games.permissions import can_write_game

#: the value shown for a hidden tag (pages, JSON)
HIDDEN = "hidden until the game is over"

MATRIO_ROLES = ("P1", "P2", "P3", "P4")
#: tags of a deal given upfront, secret while the game is live (lower case)
DEAL_TAGS: dict[str, frozenset[str]] = {
    GameKind.MATHEMATICO: frozenset({"deal"}),
    GameKind.MATRIX_OVERLOAD: frozenset({"deck"}),
}


@dataclass(frozen=True)
class Hidden:
    """What one viewer may not see of one game."""

    hands: frozenset[str] = frozenset()  # roles whose unplayed cards are hidden
    tags: frozenset[str] = frozenset()  # tag names (lower case) whose values are hidden

    def __bool__(self) -> bool:
        return bool(self.hands or self.tags)


#: nothing hidden (writers, finished games, games without secrets)
NOTHING = Hidden()


def _hand_tag(role: str) -> str:
    return f"hand{role[1:]}"


def has_secrets(game: Game) -> bool:
    """Whether the game, as it stands, holds anything a viewer might not see (no query)."""
    if game.status != Game.Status.LIVE:
        return False
    names = {str(name).lower() for name, _ in game.tags}
    if game.kind == GameKind.MATRIO:
        return any(_hand_tag(role) in names for role in MATRIO_ROLES)
    return bool(names & DEAL_TAGS.get(game.kind, frozenset()))


def _seated_roles(game: Game, user: AnyUser | None) -> frozenset[str]:
    """The roles of the seats the signed-in ``user`` plays at (prefetched seats: no query)."""
    if not signed_in(user):
        return frozenset()
    cache = getattr(game, "_prefetched_objects_cache", {})
    if "seats" in cache:
        return frozenset(
            seat.role
            for seat in cache["seats"]
            if seat.player_id is not None and seat.player.user_id == user.pk
        )
    return frozenset(game.seats.filter(player__user=user).values_list("role", flat=True))


def sees_everything(game: Game, user: AnyUser | None) -> bool:
    """The game's writers (site admins, the club's staff) and its recorder (no query but the
    cached roles)."""
    recorder = signed_in(user) and game.recorder_id is not None and game.recorder_id == user.pk
    return recorder or can_write_game(user, game)


def hidden_for(game: Game, user: AnyUser | None) -> Hidden:
    """What ``user`` (``None`` or anonymous: a visitor) may not see of ``game`` now."""
    if not has_secrets(game) or sees_everything(game, user):
        return NOTHING
    if game.kind == GameKind.MATRIO:
        hands = frozenset(MATRIO_ROLES) - _seated_roles(game, user)
        return Hidden(hands=hands, tags=frozenset(_hand_tag(role) for role in hands))
    return Hidden(tags=DEAL_TAGS.get(game.kind, frozenset()))


def redact_tags(tags: Sequence[Sequence[str]], hidden: Hidden) -> list[list[str]]:
    """The tags as ``[name, value]`` pairs, hidden values replaced by :data:`HIDDEN`."""
    return [
        [str(name), HIDDEN if str(name).lower() in hidden.tags else str(value)]
        for name, value in tags
    ]


def redact_live(game: live.LiveGame, hidden: Hidden) -> live.LiveGame:
    """The live game without its hidden tags (for MGN: a record never carries a placeholder)."""
    if not hidden:
        return game
    kept = tuple((name, value) for name, value in game.tags if name.lower() not in hidden.tags)
    return replace(game, tags=kept)


def redact_view(view: JsonDict, hidden: Hidden) -> JsonDict:
    """The live view (``live.view``) with the hidden hands' cards and, when the mover's hand is
    hidden, the legal moves taken out; same shape."""
    board = view.get("board")
    if not hidden.hands or not isinstance(board, dict) or "hands" not in board:
        return view
    hands = {
        role: {**hand, "cards": None} if role in hidden.hands else hand
        for role, hand in board["hands"].items()
    }
    shown = {**view, "board": {**board, "hands": hands}}
    mover = view.get("to_move")
    known = board["hands"].get(mover, {}).get("cards") is not None if mover else False
    if mover in hidden.hands and known:
        shown["legal"] = {}
    return shown
