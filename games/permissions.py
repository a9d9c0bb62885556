"""Who may read and write games: one policy for the API and the pages.

Terms: a user *acts for* a club through the players linked to them (``Player.user``) and
those players' memberships. Writers of a game are the site admins (``is_superuser``) and the
club's directors and scorekeepers (its recorder writes only while holding such a role).
Everyone, anonymous visitors too, reads public games; a private game is read by its writers,
the club's members and its seated players. A game of an event round whose field shares one
deal (a Mathematico draw, an Overload deck) shows that deal, so until the round is finished
only the club's staff and the game's own players read it. Creating or importing games in a
club takes a director or a scorekeeper of that club (or a site admin); the creator becomes the
game's recorder.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy

from clubs.models import Club, Membership
from clubs.roles import STAFF_ROLES, AnyUser, club_roles, signed_in
from games.events import open_deal_rounds
from games.models import Game, Seat

WRITERS_ONLY = gettext_lazy(
    "only the game's recorder, the club's scorekeepers and directors may do this"
)


def can_create_in_club(user: AnyUser | None, club: Club) -> bool:
    if not signed_in(user):
        return False
    if user.is_superuser:
        return True
    return bool(club_roles(user, club.pk) & set(STAFF_ROLES))


def can_write_game(user: AnyUser | None, game: Game) -> bool:
    if not signed_in(user):
        return False
    if user.is_superuser:
        return True
    # the recorder writes through their role: one who is no longer staff of the club stops
    return bool(club_roles(user, game.club_id) & set(STAFF_ROLES))


def _in_open_deal_round(game: Game) -> bool:
    if game.event_id is None or game.round_number is None:
        return False
    return Game.objects.filter(pk=game.pk).filter(open_deal_rounds()).exists()


def can_read_game(user: AnyUser | None, game: Game) -> bool:
    if can_write_game(user, game):
        return True
    seated = signed_in(user) and game.seats.filter(player__user=user).exists()
    if _in_open_deal_round(game):
        return seated  # the round's deal is secret from everyone else until it is finished
    if game.public:
        return True
    if not signed_in(user):
        return False
    return bool(club_roles(user, game.club_id)) or seated


def readable_games(user: AnyUser | None, games: QuerySet[Game]) -> QuerySet[Game]:
    """``games`` narrowed to those ``user`` may read (see the module docstring)."""
    if signed_in(user) and user.is_superuser:
        return games
    secret = open_deal_rounds()
    if not signed_in(user):
        return games.filter(public=True).exclude(secret)
    clubs = Membership.objects.filter(player__user=user).values("club_id")
    seated = Seat.objects.filter(player__user=user).values("game_id")
    readable = games.filter(
        Q(public=True) | Q(recorder=user) | Q(club_id__in=clubs) | Q(pk__in=seated)
    )
    staff = Membership.objects.filter(player__user=user, role__in=STAFF_ROLES).values("club_id")
    return readable.exclude(secret & ~Q(club_id__in=staff) & ~Q(pk__in=seated))
