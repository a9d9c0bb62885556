"""Accounts of a club's players: director-created accounts and invitation links.

Terms: a *director-created account* is a user made by a director for a player profile of the
club that has none; the director is shown a one-time password once (it is never stored in
clear) and passes it on. An *invitation* is a link (random token, expiry) a director sends;
whoever opens it — signed in, or signing up on the spot — takes the invitation's role in the
club and, when it names a player profile, that profile (``Player.user``). An invitation is
used once. Every function is one transaction and keyword-only; a refusal raises
``DomainError`` (``NotAllowed`` for permissions) and writes nothing.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import roles as policy
from clubs.models import Club, Invitation, Membership, Player
from clubs.players import clean_name, free_slug
from clubs.roles import AnyUser, signed_in
from games.engine.errors import DomainError, NotAllowed

INVITATION_DAYS = 14


def _require_director(by: AnyUser | None, club: Club) -> None:
    if not policy.can_manage_accounts(by, club):
        raise NotAllowed(_("you may not manage the accounts of %(club)s") % {"club": club.name})


def _club_player(club: Club, player: Player) -> None:
    if not Membership.objects.filter(club=club, player=player).exists():
        raise DomainError(
            _("%(player)s is not a member of %(club)s") % {"player": player.name, "club": club.name}
        )


def _clean_username(username: str) -> str:
    username = username.strip()
    user_model = get_user_model()
    if not username:
        raise DomainError(_("choose a username"))
    try:
        user_model._meta.get_field("username").run_validators(username)
    except ValidationError as error:
        raise DomainError(" ".join(error.messages)) from None
    if user_model.objects.filter(username__iexact=username).exists():
        raise DomainError(_("the username “%(username)s” is taken") % {"username": username})
    return username


@transaction.atomic
def account_create(
    *, club: Club, player: Player, username: str, by: AnyUser | None
) -> tuple[User, str]:
    """Make an account for a club player who has none; returns it and its one-time password."""
    _require_director(by, club)
    player = Player.objects.select_for_update().get(pk=player.pk)
    _club_player(club, player)
    if player.user_id is not None:
        raise DomainError(_("%(player)s already has an account") % {"player": player.name})
    username = _clean_username(username)
    password = secrets.token_urlsafe(12)
    user = get_user_model().objects.create_user(username=username, password=password)
    player.user = user
    player.save(update_fields=["user"])
    return user, password


@transaction.atomic
def invitation_create(
    *,
    club: Club,
    role: str = Membership.Role.PLAYER,
    player: Player | None = None,
    days: int = INVITATION_DAYS,
    by: AnyUser | None,
) -> Invitation:
    """A one-use link to join ``club`` with ``role`` (and claim ``player``, if given)."""
    _require_director(by, club)
    if role not in Membership.Role.values:
        raise DomainError(_("unknown role “%(role)s”") % {"role": role})
    if player is not None:
        _club_player(club, player)
        if player.user_id is not None:
            raise DomainError(_("%(player)s already has an account") % {"player": player.name})
    if not 1 <= days <= 90:
        raise DomainError(_("an invitation lasts from 1 to 90 days"))
    return Invitation.objects.create(
        club=club,
        player=player,
        role=role,
        token=secrets.token_urlsafe(24),
        expires=timezone.now() + timedelta(days=days),
        created_by=by if signed_in(by) else None,
    )


def invitation_problem(invitation: Invitation) -> str:
    """Why the invitation cannot be accepted ("" when it can)."""
    if invitation.used_at is not None:
        return _("this invitation has already been used")
    if invitation.expires <= timezone.now():
        return _("this invitation has expired; ask the club's director for a new one")
    if invitation.player is not None and invitation.player.user_id is not None:
        return _("%(player)s already has an account") % {"player": invitation.player.name}
    return ""


@transaction.atomic
def invitation_accept(
    *,
    token: str,
    user: AnyUser | None = None,
    username: str = "",
    password: str = "",
    name: str = "",
) -> tuple[User, Membership]:
    """Accept an invitation as the signed-in ``user``, or sign up with username and password.

    Links the invitation's player (or the user's own player profile, or a new one named
    ``name``) to the user and grants the role in the club.
    """
    invitation = (
        Invitation.objects.select_for_update(of=("self",))
        .select_related("club", "player")
        .filter(token=token)
    ).first()
    if invitation is None:
        raise DomainError(_("this invitation does not exist"))
    problem = invitation_problem(invitation)
    if problem:
        raise DomainError(problem)
    if not signed_in(user):
        username = _clean_username(username)
        candidate = get_user_model()(username=username)
        try:
            validate_password(password, candidate)
        except ValidationError as error:
            raise DomainError(" ".join(error.messages)) from None
        user = get_user_model().objects.create_user(username=username, password=password)
    player = invitation.player
    if player is not None:
        if Player.objects.filter(user=user).exclude(pk=player.pk).exists():
            raise DomainError(_("your account already has a player profile"))
        player.user = user
        player.save(update_fields=["user"])
    else:
        player = Player.objects.filter(user=user).order_by("pk").first()
        if player is None:
            shown = clean_name(name or user.get_username())
            player = Player.objects.create(name=shown, slug=free_slug(shown), user=user)
    membership, _created = Membership.objects.get_or_create(
        club=invitation.club, player=player, role=invitation.role
    )
    if invitation.role != Membership.Role.PLAYER:
        Membership.objects.get_or_create(
            club=invitation.club, player=player, role=Membership.Role.PLAYER
        )
    invitation.used_at = timezone.now()
    invitation.used_by = user
    invitation.save(update_fields=["used_at", "used_by"])
    return user, membership


@transaction.atomic
def membership_grant(*, club: Club, player: Player, role: str) -> tuple[Membership, bool]:
    """Give ``player`` the ``role`` in ``club`` (a no-op when they already hold it)."""
    return Membership.objects.get_or_create(club=club, player=player, role=role)
