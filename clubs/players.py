"""Player profiles: their web addresses (slugs) and the names they may have."""

from __future__ import annotations

from django.utils.text import slugify
from django.utils.translation import gettext

from clubs.models import Player
from games.engine.errors import DomainError

NAME_LENGTH = Player._meta.get_field("name").max_length or 200
SLUG_LENGTH = Player._meta.get_field("slug").max_length or 80


def clean_name(name: str) -> str:
    """The name with its spacing tidied; a sentence when it is empty or too long."""
    clean = " ".join(name.split())
    if not clean:
        raise DomainError(gettext("give the player's name"))
    if len(clean) > NAME_LENGTH:
        raise DomainError(
            gettext("a player's name is at most %(n)s characters") % {"n": NAME_LENGTH}
        )
    return clean


def free_slug(name: str) -> str:
    """A slug no player has yet: ``ada-archer``, else ``ada-archer-2``, ... (always fits)."""
    base = slugify(name)[: SLUG_LENGTH - 8].strip("-") or "player"
    taken = set(Player.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, number = base, 1
    while slug in taken:
        number += 1
        slug = f"{base}-{number}"
    return slug


def name_key(name: str) -> str:
    """A name as it is matched: case and spacing aside (``"pat  Player"`` is ``"pat player"``)."""
    return " ".join(name.split()).casefold()
