"""Who holds which role in a club: the one place that reads memberships for permissions.

Terms: a user *acts for* a club through the players linked to them (``Player.user``) and those
players' memberships. *Staff* of a club are its directors and scorekeepers; site admins
(``is_superuser``) act as directors everywhere. The games, tournaments and analytics policies
are built on these answers.
"""

from __future__ import annotations

from typing import TypeAlias, TypeGuard

from django.contrib.auth.models import AnonymousUser, User

from clubs.models import Club, Membership

# Who is acting: ``request.user`` (the project uses Django's default user model), as typed by
# django-stubs. Services take ``AnyUser | None`` where ``None`` means the system itself.
AnyUser: TypeAlias = User | AnonymousUser

STAFF_ROLES = (Membership.Role.DIRECTOR, Membership.Role.SCOREKEEPER)


def signed_in(user: AnyUser | None) -> TypeGuard[User]:
    return bool(user is not None and getattr(user, "is_authenticated", False))


def is_admin(user: AnyUser | None) -> bool:
    return signed_in(user) and bool(user.is_superuser)


ROLES_CACHE = "_matrio_club_roles"  # club id -> roles, on the user object (one request)


def club_roles(user: AnyUser | None, club_id: int) -> set[str]:
    """The roles ``user`` holds in the club (through their players), cached on the user object
    for its lifetime (one request)."""
    if not signed_in(user):
        return set()
    cache: dict[int, set[str]] = user.__dict__.setdefault(ROLES_CACHE, {})
    if club_id not in cache:
        cache[club_id] = set(
            Membership.objects.filter(club_id=club_id, player__user=user).values_list(
                "role", flat=True
            )
        )
    return cache[club_id]


def remember_club_roles(user: User, club_id: int, roles: set[str]) -> None:
    """Keep roles read along with something else (the move path reads them with the game)."""
    user.__dict__.setdefault(ROLES_CACHE, {})[club_id] = roles


def _club_id(club: Club | int) -> int:
    return club if isinstance(club, int) else club.pk


def is_director(user: AnyUser | None, club: Club | int) -> bool:
    return is_admin(user) or Membership.Role.DIRECTOR in club_roles(user, _club_id(club))


def is_staff(user: AnyUser | None, club: Club | int) -> bool:
    return is_admin(user) or bool(club_roles(user, _club_id(club)) & set(STAFF_ROLES))


def can_manage_accounts(user: AnyUser | None, club: Club) -> bool:
    """Creating accounts for the club's players and inviting people takes a director."""
    return is_director(user, club)
