"""MatriO in the Django layer: its start form, its board picture and its words."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engine.core import JsonDict
from games.kinds import GameKind
from games.kinds.cards import SUIT_ORDER, SUIT_SYMBOLS, card_picture
from games.kinds.entry import Kind
from games.kinds.start import StartForm, seat_field, words


class MatrioStartForm(StartForm):
    kind = GameKind.MATRIO
    title = "MatriO"
    groups = (
        (_("Players, clockwise"), ("p1", "p2", "p3", "p4")),
        (_("Rules"), ("opening",)),
        (_("Hands (optional)"), ("hand1", "hand2", "hand3", "hand4")),
    )
    engine_fields = (
        ("Hand1", "hand1"),
        ("Hand2", "hand2"),
        ("Hand3", "hand3"),
        ("Hand4", "hand4"),
        ("hand", "hand1"),
        ("Opening", "opening"),
        ("player", "p1"),
    )

    p1 = seat_field("P1", help_text=_("P1 = the holder of the 2 of clubs."))
    p2 = seat_field("P2")
    p3 = seat_field("P3")
    p4 = seat_field("P4")
    opening = forms.ChoiceField(
        label=_("Opening"),
        choices=[("2C", _("2C: the 2 of clubs opens")), ("any", _("any card may open"))],
        initial="2C",
        widget=forms.RadioSelect,
    )
    hand1 = forms.CharField(
        required=False,
        label=_("P1's hand"),
        help_text=_(
            "The 13 cards, e.g. 2C 5S TD QH XR … Give all four hands or none; with "
            "them the page offers the mover's cards."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    hand2 = forms.CharField(required=False, label=_("P2's hand"), widget=hand1.widget)
    hand3 = forms.CharField(required=False, label=_("P3's hand"), widget=hand1.widget)
    hand4 = forms.CharField(required=False, label=_("P4's hand"), widget=hand1.widget)

    def _hand(self, name: str) -> str:
        cards = words(self.cleaned_data[name])
        if cards and len(cards) != 13:
            raise forms.ValidationError(
                gettext("A hand is 13 cards; this one has %(n)s. Leave it empty if unknown.")
                % {"n": len(cards)}
            )
        return " ".join(card.upper() for card in cards)

    def clean_hand1(self) -> str:
        return self._hand("hand1")

    def clean_hand2(self) -> str:
        return self._hand("hand2")

    def clean_hand3(self) -> str:
        return self._hand("hand3")

    def clean_hand4(self) -> str:
        return self._hand("hand4")

    def players(self) -> list[str]:
        return [self.cleaned_data[f"p{n}"] for n in range(1, 5)]

    def tags(self) -> list[tuple[str, str]]:
        data = self.cleaned_data
        hands = [(f"Hand{n}", data[f"hand{n}"]) for n in range(1, 5) if data[f"hand{n}"]]
        return [("Opening", data["opening"]), *hands]


def board(view: JsonDict) -> JsonDict:
    """Grid places for the MatriO picture: column trays above the cells, row trays left."""
    board = view["board"]
    trays = []
    for tray in board["trays"]:
        suit = SUIT_ORDER.index(tray["suit"]) + 1
        if tray["block"] == "C":
            row, column = suit, 4 + tray["line"]
        else:
            row, column = 4 + tray["line"], suit
        trays.append(
            {
                **tray,
                "row": row,
                "column": column,
                "card": card_picture(tray["top"]),
                "symbol": SUIT_SYMBOLS[tray["suit"]],
                "red": tray["suit"] in "HD",
            }
        )
    cells = [
        {**cell, "grid_row": 4 + cell["row"], "grid_column": 4 + cell["column"]}
        for cell in board["cells"]
    ]
    hands = {
        role: [card_picture(card) for card in hand["cards"]] if hand["cards"] is not None else None
        for role, hand in board["hands"].items()
    }
    mover = view["to_move"]
    return {
        "trays": trays,
        "cells": cells,
        "won": board["won"],
        "hand": hands.get(mover) if mover else None,
        "hands": board["hands"],
        "ranks": list("A23456789TJQK"),
        "suits": [(s, SUIT_SYMBOLS[s], s in "HD") for s in "SHDC"],
    }


KIND = Kind(
    kind=GameKind.MATRIO,
    note=_("Four players; the holder of the 2 of clubs is P1."),
    placeholder="qsr2h",
    board_template="games/boards/matrio.html",
    start_form=MatrioStartForm,
    board=board,
    result_is_outcome=False,
)
