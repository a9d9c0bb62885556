"""The standings' ranking criteria in the reader's language (the pure standings package names
them in English; ``{{ criterion.name|criterion_label }}``, ``|criterion_help``)."""

from __future__ import annotations

from django import template
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

register = template.Library()

WORDS: dict[str, tuple[Promise, Promise]] = {
    "match_points": (
        _("Match points"),
        _(
            "The place points of every table by the event's scheme, plus the points credited "
            "for byes and missed rounds."
        ),
    ),
    "total_score": (
        _("Total score"),
        _(
            "The sum of the player's game scores (a withdrawn or unscored game counts 0), plus "
            "the scores credited for byes and missed rounds."
        ),
    ),
    "average_score": (
        _("Average score"),
        _("The average score per game played (byes and missed rounds not counted)."),
    ),
    "wins": (_("Wins"), _("The games the player finished first in, a shared first included.")),
    "buchholz": (
        _("Buchholz"),
        _("The sum of the match points of every opponent, once per table shared with them."),
    ),
    "head_to_head": (
        _("Head to head"),
        _(
            "Among the players still tied: 1 point for each of them the player finished above "
            "at a shared table, 1/2 for an equal place."
        ),
    ),
    "cells_won": (_("Cells won"), _("MatriO: the cells won over all games.")),
    "games_solved": (_("Games won"), _("MATR1X 0VERL0AD: the rounds the player won.")),
    "cards_left": (
        _("Cards left"),
        _("MATR1X 0VERL0AD: the cards left in the deck at each win, summed."),
    ),
    "royals_killed": (_("Royals killed"), _("MATR1X 0VERL0AD: the royals killed over all rounds.")),
}


@register.filter
def criterion_label(name: str) -> str:
    found = WORDS.get(name)
    return str(found[0]) if found else name.replace("_", " ").capitalize()


@register.filter
def criterion_help(name: str) -> str:
    found = WORDS.get(name)
    return str(found[1]) if found else ""
