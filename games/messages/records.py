"""What every game's record shares, in plain words: player tags and cards in tags."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from games.messages.book import Phrasebook
from games.messages.words import quoted

BOOK = Phrasebook(
    phrases={
        "record.missing_name": gettext_noop(
            "the name of player %(seat)s is missing: add the tag [%(tag)s “…”]"
        ),
        "record.not_a_card": gettext_noop("in [%(tag)s], the card %(text)s is not a card"),
    },
    words={"text": quoted},
)
