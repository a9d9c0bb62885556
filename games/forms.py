"""Forms of the games pages: the club and event choosers, import MGN, enter a result only,
filter lists.

Each game's start form is in its own module (``games.kinds.<game>``, on ``games.kinds.start``).
Forms check shapes (a club the user may write to, names, numbers); the rules are the engine's,
reached through ``games.services`` by the views. ``GamePageFilter`` is ``games.filters``'
``GameFilter`` with choosers for the player and the event.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import django_filters
from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from games.choosers import ClubForm, WhereAndWhenForm
from games.events import events_of_clubs
from games.filters import GameFilter
from games.kinds import GameKind
from games.kinds.registry import kind_of
from games.models import NAME_LENGTH, Game

MAX_UPLOAD_BYTES = 64 * 2**20  # the largest file accepted (a 50 MB file of ~75,000 games fits)
MAX_MGN = 20_000_000  # characters pasted or uploaded (the API has no lower limit either)


def _names(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


class SeatingForm(WhereAndWhenForm):
    # a form field, which Django's metaclass moves off the class: the stubs see ``kind`` shadowed
    kind = forms.ChoiceField(choices=GameKind.choices, label=_("Game"))  # type: ignore[assignment]
    players = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4, "autocomplete": "off"}),
        label=_("Players"),
        help_text=_(
            "One name a line, in seat order. MatriO: P1 (holder of the 2 of clubs) "
            "first, then clockwise. New names become club members."
        ),
    )

    def clean_players(self) -> list[str]:
        names = _names(self.cleaned_data["players"])
        if not names:
            raise forms.ValidationError(gettext("Give at least one player."))
        if len(names) > 12:
            raise forms.ValidationError(gettext("At most 12 players."))
        if any(len(name) > NAME_LENGTH for name in names):
            raise forms.ValidationError(
                gettext("A name is at most %(n)s characters.") % {"n": NAME_LENGTH}
            )
        return names


class ImportForm(ClubForm):
    mgn = forms.CharField(
        required=False,
        label=_("MGN text"),
        max_length=MAX_MGN,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false", "autocomplete": "off"}),
        help_text=_("Paste one or many games."),
    )
    file = forms.FileField(required=False, label=_("…or upload an MGN file"))
    dry_run = forms.BooleanField(
        required=False, label=_("Dry run: check every game, store nothing"), initial=False
    )
    create_players = forms.BooleanField(
        required=False,
        label=_("Names that are no member of the club become new members"),
        help_text=_(
            "Leave it off to be shown each unknown name with the members whose names "
            "are near it, and choose."
        ),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("mgn", "").strip() and not data.get("file"):
            raise forms.ValidationError(gettext("Paste MGN text or choose a file."))
        upload = data.get("file")
        if upload is not None and upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                gettext("The file is %(size)s MB; a file of at most %(max)s MB can be imported.")
                % {"size": upload.size // 2**20, "max": MAX_UPLOAD_BYTES // 2**20}
            )
        return data


NEW_PLAYER = "new"


def chosen_players(post: Mapping[str, str]) -> tuple[dict[str, int], set[str]]:
    """The import page's answers for unknown names: member chosen for a name, names to create.

    The page sends ``unknown_name_<i>`` (the name) and ``unknown_choice_<i>`` (a member's id,
    or ``new``); anything else is ignored (the import then lists the name again).
    """
    chosen: dict[str, int] = {}
    created: set[str] = set()
    for key, name in post.items():
        if not key.startswith("unknown_name_"):
            continue
        choice = post.get("unknown_choice_" + key.removeprefix("unknown_name_"), "")
        if choice == NEW_PLAYER:
            created.add(name)
        elif choice.isdigit() and len(choice) < 19:
            chosen[name] = int(choice)
    return chosen, created


class ResultOnlyForm(SeatingForm):
    """A game known only by its final result (no moves, so no move statistics)."""

    scores = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 4, "autocomplete": "off"}),
        label=_("Scores"),
        help_text=_(
            "One score a line, aligned with the players; MatriO: “withdrawn” for a "
            "player who withdrew. Not for Matrix Overload (use the fields below)."
        ),
    )
    overload_result = forms.ChoiceField(
        required=False,
        label=_("Matrix Overload: result"),
        choices=[("", "—"), ("win", _("win")), ("loss", _("loss"))],
    )
    overload_reason = forms.ChoiceField(
        required=False,
        label=_("Matrix Overload: reason of a loss"),
        choices=[("", "—"), ("deck", _("deck")), ("ice", _("ice")), ("loop", _("loop"))],
    )
    royals_killed = forms.IntegerField(
        required=False, min_value=0, max_value=12, label=_("Royals killed")
    )
    cards_left = forms.IntegerField(
        required=False, min_value=0, max_value=54, label=_("Cards left")
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if "players" not in data:
            return data
        if data.get("kind") and kind_of(data["kind"]).result_is_outcome:
            if not data.get("overload_result"):
                raise forms.ValidationError(
                    gettext("Give the Matrix Overload result (win or loss).")
                )
            result: dict[str, str | int] = {"result": data["overload_result"]}
            for key, field in (
                ("reason", "overload_reason"),
                ("royals_killed", "royals_killed"),
                ("cards_left", "cards_left"),
            ):
                if data.get(field) not in (None, ""):
                    result[key] = data[field]
            data["result"] = result
            return data
        lines = [line.strip() for line in data.get("scores", "").splitlines() if line.strip()]
        if len(lines) != len(data["players"]):
            raise forms.ValidationError(
                gettext("Give one score a line for each of the %(n)s players.")
                % {"n": len(data["players"])}
            )
        scores: list[int | None] = []
        for line in lines:
            if line.lower() in ("withdrawn", "w", "-", gettext("withdrawn").lower()):
                scores.append(None)
            else:
                try:
                    scores.append(int(line.replace("\u2212", "-")))
                except ValueError:
                    raise forms.ValidationError(
                        gettext("“%(line)s” is not a whole number.") % {"line": line}
                    ) from None
        data["score_list"] = scores
        return data


def _all_events() -> list[tuple[int, str]]:
    return [(event.id, event.name) for event in events_of_clubs(None)]


class GamePageFilter(GameFilter):
    """The API's filters, with a chooser for the player and the event."""

    player = django_filters.ModelChoiceFilter(
        queryset=Player.objects.order_by("name"), method="seated", label=_("Player")
    )
    event = django_filters.ChoiceFilter(
        field_name="event_id",
        choices=lambda: [(e.id, e.name) for e in events_of_clubs(None)],
        label=_("Event"),
    )

    class Meta(GameFilter.Meta):
        model = Game

    # ``value`` is this filter's Player (or None), where the API's filter gives a number: the
    # override cannot narrow the type it takes, so it is left open.
    def seated(self, games: QuerySet[Game], name: str, value: Any) -> QuerySet[Game]:
        return super().seated(games, name, value.pk if value is not None else None)
