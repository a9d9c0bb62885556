"""MATR1X 0VERL0AD in the Django layer: its start form, its board picture and its words.

Its result is an outcome (won or lost, with the reason), not a score per player."""

from __future__ import annotations

import random
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engine.core import JsonDict
from games.engine.overload.cards import FULL_DECK, RANKS
from games.kinds import GameKind
from games.kinds.cards import SUIT_SYMBOLS, card_label, card_picture
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
            ("drawn", _("I tell each card as it is drawn (a real deck, shuffled at the table)")),
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
        if data.get("deck_entry") == "drawn":
            data["deck"] = ""
            self.note = gettext(
                "Tell the cards as they come: first the eight dealt onto the piles (and any "
                "royal met), then each card drawn."
            )
        elif data.get("deck_entry") == "enter":
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
        if self.cleaned_data.get("deck_entry") == "drawn":
            return [("DeckEntry", "drawn")]
        return [("Deck", self.cleaned_data["deck"])]


def _target(token: str) -> tuple[str, str]:
    """``6C:IN2`` -> (``6C``, ``N2``); ``KH>N2`` -> (``KH``, ``N2``); ``6C`` -> (``6C``, ``""``)."""
    card, _sep, place = token.replace(">", ":").partition(":")
    if place[:1] in ("I", "P") and len(place) == 3:
        place = place[1:]
    return card, place


def board(view: JsonDict) -> JsonDict:
    """The piles and slots; with entry open, which card may go where (``targets``)."""
    board = view["board"]
    legal = [token for token in view["legal"] or [] if token not in ("LOOP", "ABANDON")]
    targets: dict[str, list[str]] = {}
    for token in legal:
        card, place = _target(token)
        targets.setdefault(card, []).append(place)
    places = {place for places in targets.values() for place in places}
    piles = [
        {"name": name, **pile, "card": card_picture(pile["top"]), "target": name in places}
        for name, pile in board["piles"].items()
    ]
    slots = [
        {
            "name": name,
            **slot,
            "card": card_picture(slot["royal"]),
            "ice_cards": [card_label(card) for card in slot["ice"]],
            "target": name in places,
        }
        for name, slot in board["slots"].items()
    ]
    cards = list(targets)
    return {
        "piles": piles,
        "slots": slots,
        "next": card_picture(board.get("next_card")),
        # the card to place is known (a whole deck, or a card back from under the deck)
        "one_card": cards[0] if len(cards) == 1 else None,
        "choices": [card_picture(card) for card in cards] if len(cards) > 1 else [],
        "ranks": sorted({card[0] for card in cards if card[0] != "X"}, key=RANKS.index),
        "suits": [(s, SUIT_SYMBOLS[s], s in "HD") for s in "SHDC"],
        "jokers": [card_picture(card) for card in cards if card[0] == "X"],
        "loop": "LOOP" in (view["legal"] or []),
        "ending": outcome_text(view["details"]) if view["finished"] else "",
    }


def outcome_text(details: JsonDict) -> str:
    """The result in words: won or lost and why, royals killed, cards left."""
    facts = details.get("ending") or {}
    result, reason = details.get("result"), details.get("reason")
    killed = details.get("royals_killed") or 0
    if result == "win":
        return gettext("Won: all 12 royals killed, %(left)s cards left in the deck.") % {
            "left": details.get("cards_left") or 0
        }
    if reason == "ice" and facts.get("royal"):
        return gettext(
            "Lost: %(royal)s at %(slot)s had health %(health)s (more than 20). "
            "Royals killed: %(killed)s of 12."
        ) % {
            "royal": card_label(facts["royal"]),
            "slot": facts["slot"],
            "health": facts["health"],
            "killed": killed,
        }
    if reason == "ice":
        return gettext("Lost: a royal's health went over 20. Royals killed: %(killed)s of 12.") % {
            "killed": killed
        }
    if reason == "deck":
        return gettext(
            "Lost: the deck ran out with %(alive)s royals alive. Royals killed: %(killed)s of 12."
        ) % {"alive": 12 - killed, "killed": killed}
    if reason == "loop":
        return gettext(
            "Lost: the player declared an endless loop. Royals killed: %(killed)s of 12."
        ) % {"killed": killed}
    return gettext("Stopped unfinished. Royals killed: %(killed)s of 12.") % {"killed": killed}


KIND = Kind(
    kind=GameKind.MATRIX_OVERLOAD,
    note=_("Solitaire; the deck entered or shuffled for you."),
    placeholder="6C:1",
    board_template="games/boards/overload.html",
    start_form=OverloadStartForm,
    board=board,
    result_is_outcome=True,
)
