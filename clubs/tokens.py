"""API tokens: made by signing in (POST /api/auth/token/), valid for ``MATRIO_TOKEN_DAYS`` days,
revoked by their owner (the account page) and by any change of the password.

A user holds at most one token (DRF's ``authtoken`` model). Signing in (``clubs.token_views``)
hands back the current token, or a new one once it has expired. A refused token is never echoed
back. This module imports no DRF view: DRF's settings import it for the authentication class.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

# DRF's keys are 40 hexadecimal characters; anything else is refused without a query.
KEY_LENGTH = 40


def token_expires(token: Token) -> datetime:
    """When ``token`` stops being accepted."""
    created: datetime = token.created
    return created + timedelta(days=settings.MATRIO_TOKEN_DAYS)


def token_expired(token: Token) -> bool:
    return token_expires(token) <= timezone.now()


@transaction.atomic
def token_for(user: User) -> Token:
    """The user's token, a new one when theirs has expired (or they have none)."""
    token = Token.objects.select_for_update().filter(user=user).first()
    if token is not None and not token_expired(token):
        return token
    if token is not None:
        token.delete()
    return Token.objects.create(user=user)


@transaction.atomic
def token_replace(user: User) -> Token:
    """Revoke the user's token and make a new one."""
    token_revoke(user)
    return Token.objects.create(user=user)


def token_revoke(user: User) -> int:
    """Revoke every token of the user; how many there were."""
    deleted, _by_model = Token.objects.filter(user=user).delete()
    return deleted


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="clubs.tokens.password")
def _revoke_on_password_change(sender: type[User], instance: User, **kwargs: Any) -> None:
    # ``set_password`` keeps the new password in ``_password`` until the save that stores it
    # (Django's own hook for validators' ``password_changed``), by every path: the pages, the
    # reset link, the admin, ``manage.py changepassword``.
    if getattr(instance, "_password", None) is not None:
        token_revoke(instance)


def _token_with_user(key: str) -> Token | None:
    """The token and its user in one plain query (every API request of a script asks it: the
    ORM's own query costs twice as long to write as to answer)."""
    users = User.objects.raw(_TOKEN_USER, [key])
    user = next(iter(users), None)
    if user is None:
        return None
    created = user.__dict__.pop("token_created")
    column = Token._meta.get_field("created").get_col(Token._meta.db_table)
    for convert in connection.ops.get_db_converters(column):  # SQLite gives text
        created = convert(created, column, connection)
    return Token(key=key, user=user, created=created)


_TOKEN_USER = (
    f"SELECT u.*, t.created AS token_created FROM {Token._meta.db_table} t "
    f"JOIN {User._meta.db_table} u ON u.id = t.user_id WHERE t.key = %s"
)


class ExpiringTokenAuthentication(TokenAuthentication):
    """``Authorization: Token KEY``, refused once the token is older than MATRIO_TOKEN_DAYS."""

    def authenticate_credentials(self, key: str) -> tuple[User, Token]:
        token = _token_with_user(key) if len(key) == KEY_LENGTH else None
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed(
                _("This token is not valid: sign in again (POST /api/auth/token/) for a new one.")
            )
        if token_expired(token):
            raise exceptions.AuthenticationFailed(
                _("This token has expired: sign in again (POST /api/auth/token/) for a new one.")
            )
        return token.user, token
