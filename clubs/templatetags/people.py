"""``{{ user|shown_name }}``: an account as other people see it (``clubs.names``)."""

from __future__ import annotations

from django import template
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from clubs.names import shown_name as _shown_name

register = template.Library()


@register.filter
def shown_name(user: AbstractBaseUser | AnonymousUser | None) -> str:
    return _shown_name(user)
