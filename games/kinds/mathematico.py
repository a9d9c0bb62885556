"""Mathematico in the Django layer: its start form, its board picture and its words."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engine.core import JsonDict
from games.kinds import GameKind
from games.kinds.entry import Kind
from games.kinds.start import StartForm, seat_field, words

MATHEMATICO_SEATS = 12


class MathematicoStartForm(StartForm):
    kind = GameKind.MATHEMATICO
    title = GameKind.MATHEMATICO.label
    groups = (
        (_("Players"), tuple(f"player_{n}" for n in range(1, MATHEMATICO_SEATS + 1))),
        (_("Rules"), ("mode", "exactly")),
        (_("The deal"), ("deal_entry", "deal")),
    )
    engine_fields = (("Deal", "deal"), ("Mode", "mode"), ("player", "player_1"))

    mode = forms.ChoiceField(
        choices=[
            ("max", _("max: most points wins")),
            ("min", _("min: fewest points wins")),
            ("exactly", _("exactly N: closest to N wins")),
        ],
        label=_("Mode"),
        initial="max",
        widget=forms.RadioSelect,
    )
    exactly = forms.IntegerField(
        required=False, label=_("N (for “exactly N”)"), min_value=-100_000, max_value=100_000
    )
    deal_entry = forms.ChoiceField(
        label=_("How the deal is entered"),
        choices=[
            ("draw", _("draw by draw, as the values are drawn")),
            ("whole", _("the whole deal now (25 values)")),
        ],
        initial="draw",
        widget=forms.RadioSelect,
    )
    deal = forms.CharField(
        required=False,
        label=_("The deal"),
        help_text=_("The 25 values in the order drawn, 1 to 13 (A T J Q K allowed)."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for n in range(1, MATHEMATICO_SEATS + 1):
            self.fields[f"player_{n}"] = seat_field(_("Player %(n)s") % {"n": n}, required=n == 1)
        self.order_fields(["club", *[f"player_{n}" for n in range(1, MATHEMATICO_SEATS + 1)]])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("mode") == "exactly" and data.get("exactly") is None:
            self.add_error("exactly", gettext("Give N for “exactly N”."))
        if data.get("deal_entry") == "whole":
            values = words(data.get("deal", ""))
            if len(values) != 25:
                self.add_error(
                    "deal",
                    gettext("The whole deal is 25 values; %(n)s given.") % {"n": len(values)},
                )
            data["deal"] = " ".join(values)
        return data

    def players(self) -> list[str]:
        names = (self.cleaned_data.get(f"player_{n}", "") for n in range(1, MATHEMATICO_SEATS + 1))
        return [name for name in names if name]

    def tags(self) -> list[tuple[str, str]]:
        data = self.cleaned_data
        mode = f"exactly:{data['exactly']}" if data["mode"] == "exactly" else data["mode"]
        pairs = [("Mode", mode)]
        if data["deal_entry"] == "whole":
            pairs.append(("Deal", data["deal"]))
        return pairs


#: the engine's combination names (``games.engine.mathematico.profiles``) in the reader's words
COMBINATIONS = {
    "nothing": _("nothing"),
    "one pair": _("a pair"),
    "two pairs": _("two pairs"),
    "three of a kind": _("three of a kind"),
    "straight": _("a straight"),
    "full house": _("a full house"),
    "three 1s and two 13s": _("three 1s and two 13s"),
    "1, 10, 11, 12, 13": _("1, 10, 11, 12 and 13"),
    "four of a kind": _("four of a kind"),
    "four 1s": _("four 1s"),
}
COLUMN_LETTERS = "abcde"


def line_label(kind: str, label: str) -> str:
    """``row 1``, ``column c``, ``diagonal a1-e5`` in the reader's words."""
    where = label.rsplit(" ", 1)[-1]
    if kind == "row":
        return gettext("row %(n)s") % {"n": where}
    if kind == "column":
        return gettext("column %(letter)s") % {"letter": where}
    return gettext("diagonal %(cells)s") % {"cells": where}


def score_sheet(lines: list[JsonDict]) -> list[JsonDict]:
    """A board's 12 lines with the combination each makes and its points, for people."""
    return [
        {
            "label": line_label(line["kind"], line["label"]),
            "kind": line["kind"],
            "values": [value or "·" for value in line["values"]],
            "combination": COMBINATIONS.get(line["combination"], line["combination"]),
            "bonus": line["bonus"],
            "points": line["points"],
        }
        for line in lines
    ]


def board(view: JsonDict) -> JsonDict:
    """Every player's grid (rows of named cells), total and score sheet; the mover first."""
    board = view["board"]
    players = []
    for seat, (name, entry) in enumerate(board["boards"].items(), 1):
        grid = [
            {
                "number": r + 1,
                "cells": [
                    {"name": board["cells"][r * 5 + c], "value": entry["values"][r * 5 + c]}
                    for c in range(5)
                ],
            }
            for r in range(5)
        ]
        players.append(
            {
                "seat": seat,
                "name": name,
                "grid": grid,
                "total": entry["total"],
                "lines": score_sheet(entry["lines"]),
                "to_move": name == view["to_move"] and view["expect"] == "move",
            }
        )
    mover = [player for player in players if player["to_move"]]
    drawn = board["draws"]
    pad = [
        {"value": value, "token": f"={value}", "open": f"={value}" in view["legal"]}
        for value in range(1, 14)
    ]
    return {
        "players": players,
        "mover": mover[0] if mover else None,
        "others": [player for player in players if not player["to_move"]],
        "columns": COLUMN_LETTERS,
        "pad": pad if view["expect"] == "draw" else [],
        "next_card": len(drawn) + 1,
    }


KIND = Kind(
    kind=GameKind.MATHEMATICO,
    note=_("Any number of players; max, min or exactly N."),
    placeholder="=7 or c3",
    board_template="games/boards/mathematico.html",
    start_form=MathematicoStartForm,
    board=board,
    result_is_outcome=False,
)
