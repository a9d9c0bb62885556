"""Forms of the games pages: start a live game, import MGN, enter a result only, filter lists.

Forms check shapes (a club the user may write to, names one per line, numbers); the rules are
the engine's, reached through ``games.services`` by the views. ``GamePageFilter`` is the API's
``GameFilter`` with choosers for the player and the event.
"""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms

from games import permissions
from games.api import GameFilter
from games.models import NAME_LENGTH, Game
from tournaments.models import Club, Event, GameKind, Player

MAX_MGN = 20_000_000  # characters pasted or uploaded (the API has no lower limit either)

TAG_HELP = {
    GameKind.MATRIO: "Opening 2C (or any); Hand1 … Hand4: the 13 cards of each hand, optional.",
    GameKind.MATHEMATICO: "Mode, Rules; Deal: the 25 values upfront (optional).",
    GameKind.MATRIX_OVERLOAD: "Deck: the 54 cards, top first (required); Setup (optional).",
    GameKind.INTEGER_MATRIX: "Setup: the nine centre discs (required); Scoring rect or line.",
}


def writable_clubs(user: Any) -> list[Club]:
    """The clubs in which ``user`` may create or import games (a short list: clubs are few)."""
    return [
        club for club in Club.objects.order_by("name") if permissions.can_create_in_club(user, club)
    ]


def _names(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


class ClubForm(forms.Form):
    """A form whose first field is one of the clubs the user may write to."""

    club = forms.ModelChoiceField(queryset=Club.objects.none(), empty_label=None)

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        clubs = writable_clubs(user)
        field = self.fields["club"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Club.objects.filter(pk__in=[club.pk for club in clubs]).order_by("name")
        self.has_clubs = bool(clubs)


class SeatingForm(ClubForm):
    kind = forms.ChoiceField(choices=GameKind.choices, label="Game")
    players = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4, "autocomplete": "off"}),
        help_text="One name a line, in seat order. MatriO: P1 (holder of the 2 of clubs) "
        "first, then clockwise. New names become club members.",
    )
    event = forms.ModelChoiceField(queryset=Event.objects.none(), required=False)
    round_number = forms.IntegerField(min_value=1, max_value=100_000, required=False, label="Round")
    table_number = forms.IntegerField(min_value=1, max_value=100_000, required=False, label="Table")
    played_on = forms.DateField(
        required=False, label="Played on", widget=forms.DateInput(attrs={"type": "date"})
    )
    public = forms.BooleanField(required=False, initial=True, label="Public (anyone may read it)")

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, user=user, **kwargs)
        clubs = self.fields["club"].queryset  # type: ignore[attr-defined]
        self.fields["event"].queryset = Event.objects.filter(club__in=clubs).order_by("name")  # type: ignore[attr-defined]

    def clean_players(self) -> list[str]:
        names = _names(self.cleaned_data["players"])
        if not names:
            raise forms.ValidationError("Give at least one player.")
        if len(names) > 12:
            raise forms.ValidationError("At most 12 players.")
        if any(len(name) > NAME_LENGTH for name in names):
            raise forms.ValidationError(f"A name is at most {NAME_LENGTH} characters.")
        return names


class StartGameForm(SeatingForm):
    """Start a live game: club, game, players, and the rules and setup as MGN tags."""

    tags = forms.CharField(
        required=False,
        label="Rules and setup",
        widget=forms.Textarea(attrs={"rows": 5, "autocomplete": "off", "spellcheck": "false"}),
        help_text="One tag a line, name then value, e.g. “Opening 2C” or “Hand1 2C 5S …”. "
        + " ".join(f"{label}: {TAG_HELP[GameKind(value)]}" for value, label in GameKind.choices),
    )

    def clean_tags(self) -> list[tuple[str, str]]:
        pairs = []
        for number, line in enumerate(self.cleaned_data["tags"].splitlines(), 1):
            text = line.strip()
            if not text:
                continue
            if text.startswith("[") and text.endswith("]"):  # pasted as [Name "value"]
                text = text[1:-1].replace('"', "")
            name, _, value = text.partition(" ")
            if not name.replace("_", "").isalnum() or not value.strip():
                raise forms.ValidationError(f"Line {number}: write a tag name, a space, its value.")
            pairs.append((name, value.strip()))
        return pairs


class ImportForm(ClubForm):
    mgn = forms.CharField(
        required=False,
        label="MGN text",
        max_length=MAX_MGN,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false", "autocomplete": "off"}),
        help_text="Paste one or many games.",
    )
    file = forms.FileField(required=False, label="…or upload an MGN file")
    dry_run = forms.BooleanField(
        required=False, label="Dry run: check every game, store nothing", initial=False
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("mgn", "").strip() and not data.get("file"):
            raise forms.ValidationError("Paste MGN text or choose a file.")
        return data


class ResultOnlyForm(SeatingForm):
    """A game known only by its final result (no moves, so no move statistics)."""

    scores = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 4, "autocomplete": "off"}),
        help_text="One score a line, aligned with the players; MatriO: “withdrawn” for a "
        "player who withdrew. Not for Matrix Overload (use the fields below).",
    )
    overload_result = forms.ChoiceField(
        required=False,
        label="Matrix Overload: result",
        choices=[("", "—"), ("win", "win"), ("loss", "loss")],
    )
    overload_reason = forms.ChoiceField(
        required=False,
        label="Matrix Overload: reason of a loss",
        choices=[("", "—"), ("deck", "deck"), ("ice", "ice"), ("loop", "loop")],
    )
    royals_killed = forms.IntegerField(required=False, min_value=0, max_value=12)
    cards_left = forms.IntegerField(required=False, min_value=0, max_value=54)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if "players" not in data:
            return data
        if data.get("kind") == GameKind.MATRIX_OVERLOAD:
            if not data.get("overload_result"):
                raise forms.ValidationError("Give the Matrix Overload result (win or loss).")
            result: dict[str, Any] = {"result": data["overload_result"]}
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
                f"Give one score a line for each of the {len(data['players'])} players."
            )
        scores: list[int | None] = []
        for line in lines:
            if line.lower() in ("withdrawn", "w", "-"):
                scores.append(None)
            else:
                try:
                    scores.append(int(line.replace("\u2212", "-")))
                except ValueError:
                    raise forms.ValidationError(f"“{line}” is not a whole number.") from None
        data["score_list"] = scores
        return data


class GamePageFilter(GameFilter):
    """The API's filters, with a chooser for the player and the event."""

    player = django_filters.ModelChoiceFilter(
        queryset=Player.objects.order_by("name"), method="seated", label="Player"
    )
    event = django_filters.ModelChoiceFilter(queryset=Event.objects.order_by("name"), label="Event")

    class Meta(GameFilter.Meta):
        model = Game

    def seated(self, games: Any, name: str, value: Any) -> Any:
        return super().seated(games, name, value.pk if value is not None else None)
