"""The Integer Matrix in the Django layer: its start form, its board picture and its words."""

from __future__ import annotations

import random
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engine.core import JsonDict
from games.engine.integer_matrix.board import CENTRE, setup_colour
from games.engine.integer_matrix.notation import format_setup
from games.engine.integer_matrix.random_game import random_disc
from games.kinds import GameKind
from games.kinds.entry import Kind
from games.kinds.start import StartForm, seat_field, seed_field, seed_or_new


class IntegerMatrixStartForm(StartForm):
    kind = GameKind.INTEGER_MATRIX
    title = "Integer Matrix"
    groups = (
        (_("Players"), ("negative", "positive")),
        (_("Rules"), ("scoring",)),
        (_("Setup discs"), ("setup_entry", "setup", "seed")),
    )
    engine_fields = (("Setup", "setup"), ("Scoring", "scoring"), ("player", "negative"))

    negative = seat_field(_("Negative player"), help_text=_("Plays the odd plies (moves first)."))
    positive = seat_field(_("Positive player"))
    scoring = forms.ChoiceField(
        label=_("Scoring"),
        choices=[("rect", _("rect: rectangles score")), ("line", _("line: lines score"))],
        initial="rect",
        widget=forms.RadioSelect,
    )
    setup_entry = forms.ChoiceField(
        label=_("The nine centre discs"),
        choices=[("draw", _("draw them for me")), ("enter", _("I enter the discs drawn"))],
        initial="draw",
        widget=forms.RadioSelect,
    )
    setup = forms.CharField(
        required=False,
        label=_("Setup"),
        help_text=_(
            "Square=white/black:colour up, e.g. c3=+3/-5:B d3=-2/+7:W … (black up on "
            "c3 e3 d4 c5 e5, white up on d3 c4 e4 d5)."
        ),
        widget=forms.Textarea(attrs={"rows": 3, "autocomplete": "off", "spellcheck": "false"}),
    )
    seed = seed_field(_("Draw for me: the same seed gives the same discs (empty: new ones)."))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("setup_entry") == "enter":
            if not data.get("setup", "").strip():
                self.add_error(
                    "setup", gettext("Enter the nine discs, or choose “draw them for me”.")
                )
            data["setup"] = " ".join(data.get("setup", "").split())
        elif data.get("setup_entry") == "draw":
            seed = seed_or_new(data.get("seed"))
            rng = random.Random(seed)
            discs = [(square, random_disc(rng), setup_colour(square)) for square in CENTRE]
            data["setup"], data["seed"] = format_setup(discs), seed
            self.note = gettext("Setup discs drawn with seed %(seed)s: %(setup)s.") % {
                "seed": seed,
                "setup": data["setup"],
            }
        return data

    def players(self) -> list[str]:
        return [self.cleaned_data["negative"], self.cleaned_data["positive"]]

    def tags(self) -> list[tuple[str, str]]:
        return [("Scoring", self.cleaned_data["scoring"]), ("Setup", self.cleaned_data["setup"])]


def board(view: JsonDict) -> JsonDict:
    board = view["board"]
    legal = view["legal"] or {}
    rows = [
        [
            {
                "name": name,
                "disc": board["squares"][name],
                "white": name in legal.get("W", []),
                "black": name in legal.get("B", []),
                "legal": name in legal.get("W", []) or name in legal.get("B", []),
            }
            for name in row
        ]
        for row in board["rows"]
    ]
    return {"rows": rows, "lead": _lead(view), "faces": list(range(10))}


def _lead(view: JsonDict) -> str:
    """Who leads and by how much: whoever's net is farther from zero (the end's rule)."""
    net = view["board"]["net"]
    names = {p["role"]: p["name"] or p["role"] for p in view["players"]}
    positive, negative = abs(net["positive"]), abs(net["negative"])
    if positive == negative:
        return gettext("Level: both nets are %(size)s away from zero.") % {"size": positive}
    leader = "positive" if positive > negative else "negative"
    if view["finished"]:
        return gettext("%(name)s won by %(margin)s (net farther from zero).") % {
            "name": names[leader],
            "margin": abs(positive - negative),
        }
    return gettext("%(name)s leads by %(margin)s (net farther from zero).") % {
        "name": names[leader],
        "margin": abs(positive - negative),
    }


KIND = Kind(
    kind=GameKind.INTEGER_MATRIX,
    note=_("Two players; setup discs entered or drawn for you."),
    placeholder="+3/-5 W f4",
    board_template="games/boards/integer_matrix.html",
    start_form=IntegerMatrixStartForm,
    board=board,
    result_is_outcome=False,
)
