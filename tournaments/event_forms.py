"""The director's event form: every event format the site runs, each option in a club's words.

The form checks shapes (a club the user directs, a date, whole numbers); whether the game can
be played in the format and the options make sense is the services' word
(``tournaments.options.check_options``), shown next to the form when refused.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from clubs.roles import AnyUser, is_director
from games.kinds import GameKind
from tournaments.kinds import EVENT_KINDS
from tournaments.models import Event, EventFormat

FORMAT_HELP = {
    EventFormat.SWISS_TABLES: _(
        "MatriO: each round seats players at tables of four with others of a similar score, "
        "avoiding repeat opponents."
    ),
    EventFormat.SWISS_PAIRS: _(
        "The Integer Matrix: each round pairs players of a similar score, never twice the same."
    ),
    EventFormat.ROUND_ROBIN: _("Everyone meets everyone once (MatriO or The Integer Matrix)."),
    EventFormat.SIMULTANEOUS: _(
        "Mathematico: the whole field plays one draw of 25 cards per round; places by score."
    ),
    EventFormat.DUPLICATE: _(
        "MATR1X 0VERL0AD: everyone plays the same shuffled deck per round; ranked by wins, "
        "cards left and royals killed."
    ),
}
MODES = [
    ("max", _("the highest score wins (the usual game)")),
    ("min", _("the lowest score wins")),
    ("exactly", _("the score nearest to a target wins")),
]


class EventForm(forms.Form):
    club = forms.ModelChoiceField(queryset=Club.objects.none(), label=_("Club"))
    name = forms.CharField(max_length=200, label=_("Name"))
    slug = forms.SlugField(
        max_length=80,
        required=False,
        label=_("Address"),
        help_text=_("The end of the event's web address; made from the name when left empty."),
    )
    game = forms.ChoiceField(choices=GameKind.choices, label=_("Game"))
    format = forms.ChoiceField(
        choices=[("", _("the usual format of the game")), *EventFormat.choices],
        required=False,
        label=_("Format"),
    )
    starts_on = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    rounds = forms.IntegerField(
        min_value=1, max_value=50, initial=3, label=_("Rounds planned"),
        help_text=_("The site offers no round after these (a final comes on top)."),
    )  # fmt: skip
    final_size = forms.IntegerField(
        min_value=0, max_value=1000, initial=0, label=_("Players in the final"),
        help_text=_("0: no final. MatriO: a multiple of 4; The Integer Matrix: of 2."),
    )  # fmt: skip
    mode = forms.ChoiceField(
        choices=MODES, initial="max", label=_("Who wins"),
        help_text=_("Mathematico clubs sometimes play for the lowest score or a target."),
    )  # fmt: skip
    seeding = forms.ChoiceField(
        choices=[
            ("rating", _("by rating: table 1 the strongest, as later rounds by points")),
            ("random", _("at random")),
        ],
        initial="rating",
        label=_("Round 1 seating"),
    )
    target = forms.IntegerField(
        required=False, min_value=-100_000, max_value=100_000, label=_("Target score"),
        help_text=_("Only for “the score nearest to a target wins”."),
    )  # fmt: skip

    def __init__(self, *args: Any, user: AnyUser | None, event: Event | None = None, **kwargs: Any):
        if event is not None and "initial" not in kwargs:
            kwargs["initial"] = initial_of(event)
        super().__init__(*args, **kwargs)
        field = self.fields["club"]
        assert isinstance(field, forms.ModelChoiceField)
        clubs = [club.pk for club in Club.objects.all() if is_director(user, club)]
        field.queryset = Club.objects.filter(pk__in=clubs).order_by("name")
        self.has_clubs = bool(clubs)
        if len(clubs) == 1:
            field.initial = clubs[0]
        self.format_help = [(EventFormat(value).label, text) for value, text in FORMAT_HELP.items()]
        if event is not None:  # an event keeps its club and address
            del self.fields["club"], self.fields["slug"]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("mode") == "exactly" and data.get("target") is None:
            self.add_error("target", _("Give the target score."))
        game = data.get("game")
        if game and not data.get("format"):
            data["format"] = EVENT_KINDS[game].formats[0]
        return data

    def options(self) -> dict[str, Any]:
        data = self.cleaned_data
        mode = f"exactly:{data['target']}" if data["mode"] == "exactly" else data["mode"]
        return {
            "rounds": data["rounds"],
            "final_size": data["final_size"],
            "mode": mode,
            "seeding": data["seeding"],
        }


def initial_of(event: Event) -> dict[str, Any]:
    options = event.options or {}
    mode = str(options.get("mode", "max"))
    target = int(mode.split(":", 1)[1]) if mode.startswith("exactly:") else None
    return {
        "name": event.name,
        "game": event.game,
        "format": event.format,
        "starts_on": event.starts_on,
        "rounds": options.get("rounds", 3),
        "final_size": options.get("final_size", 0),
        "mode": "exactly" if target is not None else mode,
        "seeding": options.get("seeding", "rating"),
        "target": target,
    }
