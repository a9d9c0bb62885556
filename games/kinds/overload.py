"""MATR1X 0VERL0AD in the Django layer: its start form, its board picture and its words.

Its result is an outcome (won or lost, with the reason), not a score per player."""

from __future__ import annotations

import random
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engine.core import JsonDict
from games.engine.overload.cards import FULL_DECK
from games.kinds import GameKind
from games.kinds.cards import card_picture
from games.kinds.entry import Kind
from games.kinds.start import StartForm, seat_field, seed_field, seed_or_new, words


class OverloadStartForm(StartForm):
    kind = GameKind.MATRIX_OVERLOAD
    title = "Matrix Overload"
    groups = (
        (_("Player"), ("player",)),
        (_("The deck"), ("deck_entry", "deck", "seed")),
    )
    engine_fields = (("Deck", "deck"), ("player", "player"))

    player = seat_field(_("Player"))
    deck_entry = forms.ChoiceField(
        label=_("The deck"),
        choices=[
            ("shuffle", _("shuffle for me (then lay the deck out as shown)")),
            ("enter", _("I enter the shuffled deck")),
        ],
        initial="shuffle",
        widget=forms.RadioSelect,
    )
    deck = forms.CharField(
        required=False,
        label=_("Deck, top first"),
        help_text=_("The 54 cards as they will be drawn, e.g. 6C KH XR 2S …"),
        widget=forms.Textarea(attrs={"rows": 3, "autocomplete": "off", "spellcheck": "false"}),
    )
    seed = seed_field(_("Shuffle for me: the same seed gives the same deck (empty: a new one)."))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("deck_entry") == "enter":
            cards = words(data.get("deck", ""))
            if not cards:
                self.add_error("deck", gettext("Enter the 54 cards, or choose “shuffle for me”."))
            data["deck"] = " ".join(card.upper() for card in cards)
        elif data.get("deck_entry") == "shuffle":
            seed = seed_or_new(data.get("seed"))
            deck = list(FULL_DECK)
            random.Random(seed).shuffle(deck)
            data["deck"], data["seed"] = " ".join(deck), seed
            self.note = gettext(
                "Deck shuffled with seed %(seed)s; lay it out top first as listed under "
                "“Rules and setup”. The royals met while dealing are placed as the first plies."
            ) % {"seed": seed}
        return data

    def players(self) -> list[str]:
        return [self.cleaned_data["player"]]

    def tags(self) -> list[tuple[str, str]]:
        return [("Deck", self.cleaned_data["deck"])]


def board(view: JsonDict) -> JsonDict:
    board = view["board"]
    piles = [
        {"name": name, **pile, "card": card_picture(pile["top"])}
        for name, pile in board["piles"].items()
    ]
    slots = [
        {"name": name, **slot, "card": card_picture(slot["royal"])}
        for name, slot in board["slots"].items()
    ]
    return {"piles": piles, "slots": slots, "next": card_picture(board.get("next_card"))}


KIND = Kind(
    kind=GameKind.MATRIX_OVERLOAD,
    note=_("Solitaire; the deck entered or shuffled for you."),
    placeholder="6C:1",
    board_template="games/boards/overload.html",
    start_form=OverloadStartForm,
    board=board,
    result_is_outcome=True,
)
