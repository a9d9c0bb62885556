"""Forms of the games pages: start a live game, import MGN, enter a result only, filter lists.

Each game has its own start form (``START_FORMS``): seats chosen from the club's members or
typed as new names, and the game's options as fields, turned into the MGN tags the engine
reads. "Shuffle for me" (Overload) and "draw for me" (Integer Matrix) use a seeded
``random.Random`` the way the engines' own random games do, and say the seed. Forms check
shapes (a club the user may write to, names, card counts, numbers); the rules are the
engine's, reached through ``games.services`` by the views. ``GamePageFilter`` is the API's
``GameFilter`` with choosers for the player and the event.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from typing import Any, ClassVar

import django_filters
from django import forms

from clubs.models import Club, Player
from games import permissions
from games.api import GameFilter
from games.engine.integer_matrix.board import CENTRE, setup_colour
from games.engine.integer_matrix.notation import format_setup
from games.engine.integer_matrix.random_game import random_disc
from games.engine.overload.cards import FULL_DECK
from games.events import EventRef, events_of_clubs
from games.kinds import GameKind
from games.models import NAME_LENGTH, Game

MAX_MGN = 20_000_000  # characters pasted or uploaded (the API has no lower limit either)


def writable_clubs(user: Any) -> list[Club]:
    """The clubs in which ``user`` may create or import games (a short list: clubs are few)."""
    return [
        club for club in Club.objects.order_by("name") if permissions.can_create_in_club(user, club)
    ]


def _names(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


class EventChoiceField(forms.ChoiceField):
    """One of the clubs' events (through ``games.events``), cleaned to an ``EventRef``."""

    def __init__(self) -> None:
        super().__init__(choices=[("", "---------")], required=False, label="Event")
        self.refs: dict[str, EventRef] = {}

    def offer(self, club_ids: Iterable[int], kind: str | None = None) -> None:
        found = events_of_clubs(club_ids, kind)
        self.refs = {str(event.id): event for event in found}
        self.choices = [("", "---------"), *((str(e.id), e.name) for e in found)]

    def clean(self, value: Any) -> EventRef | None:
        chosen = super().clean(value)
        return self.refs.get(chosen) if chosen else None


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
    event = EventChoiceField()
    round_number = forms.IntegerField(min_value=1, max_value=100_000, required=False, label="Round")
    table_number = forms.IntegerField(min_value=1, max_value=100_000, required=False, label="Table")
    played_on = forms.DateField(
        required=False, label="Played on", widget=forms.DateInput(attrs={"type": "date"})
    )
    public = forms.BooleanField(required=False, initial=True, label="Public (anyone may read it)")

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, user=user, **kwargs)
        clubs = self.fields["club"].queryset  # type: ignore[attr-defined]
        self.fields["event"].offer(clubs.values_list("pk", flat=True))  # type: ignore[attr-defined]

    def clean_players(self) -> list[str]:
        names = _names(self.cleaned_data["players"])
        if not names:
            raise forms.ValidationError("Give at least one player.")
        if len(names) > 12:
            raise forms.ValidationError("At most 12 players.")
        if any(len(name) > NAME_LENGTH for name in names):
            raise forms.ValidationError(f"A name is at most {NAME_LENGTH} characters.")
        return names


# --- start a live game, one form per game ----------------------------------------------------


def club_members(clubs: Any) -> list[str]:
    """Names of the members of ``clubs``, for the player choosers (a datalist)."""
    return list(
        Player.objects.filter(memberships__club__in=clubs)
        .order_by("name")
        .values_list("name", flat=True)
        .distinct()
    )


def _seat(label: str, *, required: bool = True, help_text: str = "") -> forms.CharField:
    """A seat: a club member's name from the list, or a new name (who becomes a member)."""
    return forms.CharField(
        label=label,
        required=required,
        max_length=NAME_LENGTH,
        help_text=help_text,
        widget=forms.TextInput(attrs={"list": "members", "autocomplete": "off"}),
    )


def _seed(value: int | None) -> int:
    return value if value is not None else secrets.randbelow(1_000_000) + 1


def _words(text: str) -> list[str]:
    return text.replace(",", " ").split()


class StartForm(ClubForm):
    """What every game start asks: club, event, round, table, date, visibility.

    Subclasses add the seats and the game's own options and turn them into ``players()`` and
    ``tags()``; they check shapes only (a card count, a number): the engine judges the setup
    when ``games.services.game_create`` starts the game, and ``engine_error`` puts its
    sentence next to the field it is about.
    """

    kind: ClassVar[str]
    title: ClassVar[str]
    #: legend and field names of each fieldset, in order (club and the rest come last)
    groups: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]]
    #: (word in an engine sentence, field it is about), first match wins
    engine_fields: ClassVar[tuple[tuple[str, str], ...]] = ()

    event = EventChoiceField()
    round_number = forms.IntegerField(min_value=1, max_value=100_000, required=False, label="Round")
    table_number = forms.IntegerField(min_value=1, max_value=100_000, required=False, label="Table")
    played_on = forms.DateField(
        required=False, label="Played on", widget=forms.DateInput(attrs={"type": "date"})
    )
    public = forms.BooleanField(required=False, initial=True, label="Public (anyone may read it)")

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, user=user, **kwargs)
        clubs = self.fields["club"].queryset  # type: ignore[attr-defined]
        self.fields["event"].offer(  # type: ignore[attr-defined]
            clubs.values_list("pk", flat=True), self.kind
        )
        self.members = club_members(clubs)
        self.note = ""  # said after the start (the seed of a shuffle or a draw)

    def fieldsets(self) -> list[tuple[str, list[Any]]]:
        named = [name for _, names in self.groups for name in names]
        rest = ["club"] + [name for name in self.fields if name not in named and name != "club"]
        return [
            (legend, [self[name] for name in names])
            for legend, names in (*self.groups, ("Where and when", tuple(rest)))
        ]

    def players(self) -> list[str]:
        raise NotImplementedError

    def tags(self) -> list[tuple[str, str]]:
        raise NotImplementedError

    def engine_error(self, message: str) -> None:
        """Show the engine's (or the service's) sentence next to the field it is about."""
        lower = message.lower()
        for word, name in self.engine_fields:
            if word.lower() in lower:
                self.add_error(name, message)
                return
        self.add_error(None, message)


class MatrioStartForm(StartForm):
    kind = GameKind.MATRIO
    title = "MatriO"
    groups = (
        ("Players, clockwise", ("p1", "p2", "p3", "p4")),
        ("Rules", ("opening",)),
        ("Hands (optional)", ("hand1", "hand2", "hand3", "hand4")),
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

    p1 = _seat("P1", help_text="P1 = the holder of the 2 of clubs.")
    p2 = _seat("P2")
    p3 = _seat("P3")
    p4 = _seat("P4")
    opening = forms.ChoiceField(
        choices=[("2C", "2C: the 2 of clubs opens"), ("any", "any card may open")],
        initial="2C",
        widget=forms.RadioSelect,
    )
    hand1 = forms.CharField(
        required=False,
        label="P1's hand",
        help_text="The 13 cards, e.g. 2C 5S TD QH XR … Give all four hands or none; with "
        "them the page offers the mover's cards.",
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    hand2 = forms.CharField(required=False, label="P2's hand", widget=hand1.widget)
    hand3 = forms.CharField(required=False, label="P3's hand", widget=hand1.widget)
    hand4 = forms.CharField(required=False, label="P4's hand", widget=hand1.widget)

    def _hand(self, name: str) -> str:
        cards = _words(self.cleaned_data[name])
        if cards and len(cards) != 13:
            raise forms.ValidationError(
                f"A hand is 13 cards; this one has {len(cards)}. Leave it empty if unknown."
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


MATHEMATICO_SEATS = 12


class MathematicoStartForm(StartForm):
    kind = GameKind.MATHEMATICO
    title = "Mathematico"
    groups = (
        ("Players", tuple(f"player_{n}" for n in range(1, MATHEMATICO_SEATS + 1))),
        ("Rules", ("mode", "exactly")),
        ("The deal", ("deal_entry", "deal")),
    )
    engine_fields = (("Deal", "deal"), ("Mode", "mode"), ("player", "player_1"))

    mode = forms.ChoiceField(
        choices=[
            ("max", "max: most points wins"),
            ("min", "min: fewest points wins"),
            ("exactly", "exactly N: closest to N wins"),
        ],
        initial="max",
        widget=forms.RadioSelect,
    )
    exactly = forms.IntegerField(
        required=False, label="N (for “exactly N”)", min_value=-100_000, max_value=100_000
    )
    deal_entry = forms.ChoiceField(
        label="How the deal is entered",
        choices=[
            ("draw", "draw by draw, as the values are drawn"),
            ("whole", "the whole deal now (25 values)"),
        ],
        initial="draw",
        widget=forms.RadioSelect,
    )
    deal = forms.CharField(
        required=False,
        label="The deal",
        help_text="The 25 values in the order drawn, 1 to 13 (A T J Q K allowed).",
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for n in range(1, MATHEMATICO_SEATS + 1):
            self.fields[f"player_{n}"] = _seat(f"Player {n}", required=n == 1)
        self.order_fields(["club", *[f"player_{n}" for n in range(1, MATHEMATICO_SEATS + 1)]])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("mode") == "exactly" and data.get("exactly") is None:
            self.add_error("exactly", "Give N for “exactly N”.")
        if data.get("deal_entry") == "whole":
            values = _words(data.get("deal", ""))
            if len(values) != 25:
                self.add_error("deal", f"The whole deal is 25 values; {len(values)} given.")
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


def _seed_field(help_text: str) -> forms.IntegerField:
    """The optional seed of a "shuffle/draw for me" choice (empty: a new random seed)."""
    return forms.IntegerField(required=False, min_value=1, max_value=2**31, help_text=help_text)


class OverloadStartForm(StartForm):
    kind = GameKind.MATRIX_OVERLOAD
    title = "Matrix Overload"
    groups = (
        ("Player", ("player",)),
        ("The deck", ("deck_entry", "deck", "seed")),
    )
    engine_fields = (("Deck", "deck"), ("player", "player"))

    player = _seat("Player")
    deck_entry = forms.ChoiceField(
        label="The deck",
        choices=[
            ("shuffle", "shuffle for me (then lay the deck out as shown)"),
            ("enter", "I enter the shuffled deck"),
        ],
        initial="shuffle",
        widget=forms.RadioSelect,
    )
    deck = forms.CharField(
        required=False,
        label="Deck, top first",
        help_text="The 54 cards as they will be drawn, e.g. 6C KH XR 2S …",
        widget=forms.Textarea(attrs={"rows": 3, "autocomplete": "off", "spellcheck": "false"}),
    )
    seed = _seed_field("Shuffle for me: the same seed gives the same deck (empty: a new one).")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("deck_entry") == "enter":
            cards = _words(data.get("deck", ""))
            if not cards:
                self.add_error("deck", "Enter the 54 cards, or choose “shuffle for me”.")
            data["deck"] = " ".join(card.upper() for card in cards)
        elif data.get("deck_entry") == "shuffle":
            seed = _seed(data.get("seed"))
            deck = list(FULL_DECK)
            random.Random(seed).shuffle(deck)
            data["deck"], data["seed"] = " ".join(deck), seed
            self.note = (
                f"Deck shuffled with seed {seed}; lay it out top first as listed under "
                "“Rules and setup”. The royals met while dealing are placed as the first plies."
            )
        return data

    def players(self) -> list[str]:
        return [self.cleaned_data["player"]]

    def tags(self) -> list[tuple[str, str]]:
        return [("Deck", self.cleaned_data["deck"])]


class IntegerMatrixStartForm(StartForm):
    kind = GameKind.INTEGER_MATRIX
    title = "Integer Matrix"
    groups = (
        ("Players", ("negative", "positive")),
        ("Rules", ("scoring",)),
        ("Setup discs", ("setup_entry", "setup", "seed")),
    )
    engine_fields = (("Setup", "setup"), ("Scoring", "scoring"), ("player", "negative"))

    negative = _seat("Negative player", help_text="Plays the odd plies (moves first).")
    positive = _seat("Positive player")
    scoring = forms.ChoiceField(
        choices=[("rect", "rect: rectangles score"), ("line", "line: lines score")],
        initial="rect",
        widget=forms.RadioSelect,
    )
    setup_entry = forms.ChoiceField(
        label="The nine centre discs",
        choices=[("draw", "draw them for me"), ("enter", "I enter the discs drawn")],
        initial="draw",
        widget=forms.RadioSelect,
    )
    setup = forms.CharField(
        required=False,
        label="Setup",
        help_text="Square=white/black:colour up, e.g. c3=+3/-5:B d3=-2/+7:W … (black up on "
        "c3 e3 d4 c5 e5, white up on d3 c4 e4 d5).",
        widget=forms.Textarea(attrs={"rows": 3, "autocomplete": "off", "spellcheck": "false"}),
    )
    seed = _seed_field("Draw for me: the same seed gives the same discs (empty: new ones).")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("setup_entry") == "enter":
            if not data.get("setup", "").strip():
                self.add_error("setup", "Enter the nine discs, or choose “draw them for me”.")
            data["setup"] = " ".join(data.get("setup", "").split())
        elif data.get("setup_entry") == "draw":
            seed = _seed(data.get("seed"))
            rng = random.Random(seed)
            discs = [(square, random_disc(rng), setup_colour(square)) for square in CENTRE]
            data["setup"], data["seed"] = format_setup(discs), seed
            self.note = f"Setup discs drawn with seed {seed}: {data['setup']}."
        return data

    def players(self) -> list[str]:
        return [self.cleaned_data["negative"], self.cleaned_data["positive"]]

    def tags(self) -> list[tuple[str, str]]:
        return [("Scoring", self.cleaned_data["scoring"]), ("Setup", self.cleaned_data["setup"])]


START_FORMS: dict[str, type[StartForm]] = {
    form.kind: form
    for form in (MatrioStartForm, MathematicoStartForm, OverloadStartForm, IntegerMatrixStartForm)
}


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


def _all_events() -> list[tuple[int, str]]:
    return [(event.id, event.name) for event in events_of_clubs(None)]


class GamePageFilter(GameFilter):
    """The API's filters, with a chooser for the player and the event."""

    player = django_filters.ModelChoiceFilter(
        queryset=Player.objects.order_by("name"), method="seated", label="Player"
    )
    event = django_filters.ChoiceFilter(
        field_name="event_id",
        choices=lambda: [(e.id, e.name) for e in events_of_clubs(None)],
        label="Event",
    )

    class Meta(GameFilter.Meta):
        model = Game

    def seated(self, games: Any, name: str, value: Any) -> Any:
        return super().seated(games, name, value.pk if value is not None else None)
