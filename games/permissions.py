"""Who may read and write games: one policy for the API and the pages.

Terms: a user *acts for* a club through the players linked to them (``Player.user``) and
those players' memberships. Writers of a game are the site admins (``is_superuser``) and the
club's directors and scorekeepers (its recorder writes only while holding such a role).
Everyone, anonymous visitors too, reads public games; a private game is read by its writers,
the club's members and its seated players. Creating or importing games in a club takes a
director or a scorekeeper of that club (or a site admin); the creator becomes the game's
recorder.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from clubs.models import Club, Membership
from clubs.roles import STAFF_ROLES, AnyUser, club_roles, signed_in
from games.models import Game, Seat


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


def can_read_game(user: AnyUser | None, game: Game) -> bool:
    if game.public or can_write_game(user, game):
        return True
    if not signed_in(user):
        return False
    return bool(club_roles(user, game.club_id)) or game.seats.filter(player__user=user).exists()


def readable_games(user: AnyUser | None, games: QuerySet[Game]) -> QuerySet[Game]:
    """``games`` narrowed to those ``user`` may read (see the module docstring)."""
    if not signed_in(user):
        return games.filter(public=True)
    if user.is_superuser:
        return games
    clubs = Membership.objects.filter(player__user=user).values("club_id")
    seated = Seat.objects.filter(player__user=user).values("game_id")
    return games.filter(Q(public=True) | Q(recorder=user) | Q(club_id__in=clubs) | Q(pk__in=seated))
