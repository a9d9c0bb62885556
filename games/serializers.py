"""Serializers of the games API: what goes out (games, seats, moves, the live view) and what
comes in (new games, moves, undo, imports, result-only games). Validation here is about
shapes and sizes only; the rules are the engine's (through ``games.services``).
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from clubs.models import Club, Player
from clubs.names import ShownNameField
from games.engine.core import JsonDict
from games.engine.overload.notation import REASONS, RESULTS
from games.events import EventRef, event_get
from games.kinds import GameKind
from games.kinds.registry import kind_of
from games.models import NAME_LENGTH, Game, Move, Seat
from games.visibility import Hidden, hidden_for, redact_tags

MAX_PLY = 1_000_000
MAX_TAGS = 40
MAX_TAG_VALUE = 2_000
MAX_SCORE = 2**62
MAX_NUMBER = 1_000_000


# Serializers of JSON objects (the live view, errors, reports) describe a JsonDict; those of
# what comes in are never given an instance (Serializer[None]).

# --- out -----------------------------------------------------------------------------------


class SeatSerializer(serializers.ModelSerializer[Seat]):
    player_slug: serializers.SlugRelatedField[Player] = serializers.SlugRelatedField(
        source="player", slug_field="slug", read_only=True, allow_null=True
    )

    class Meta:
        model = Seat
        fields = [
            "position",
            "role",
            "name",
            "player",
            "player_slug",
            "score",
            "rank",
            "winner",
            "withdrawn",
        ]


class GameSerializer(serializers.ModelSerializer[Game]):
    club: serializers.SlugRelatedField[Club] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    recorder = ShownNameField(help_text="Who records the game: their player name, or null.")
    tags = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField(), min_length=2, max_length=2),
        read_only=True,
        help_text="The record's tags as [name, value] pairs, in order (no Game tag).",
    )
    result = serializers.JSONField(
        read_only=True, help_text="Once over: the summary (scores, winners, ranks by role)."
    )
    seats = SeatSerializer(many=True, read_only=True)
    event = serializers.IntegerField(
        source="event_id", read_only=True, allow_null=True, help_text="The event's id, if any."
    )

    class Meta:
        model = Game
        fields = [
            "id",
            "club",
            "kind",
            "status",
            "source",
            "event",
            "round_number",
            "table_number",
            "played_on",
            "public",
            "ply",
            "recorder",
            "created",
            "updated",
            "finished_at",
            "tags",
            "result",
            "seats",
        ]

    def to_representation(self, instance: Game) -> dict[str, Any]:
        """The game as the request's user may see it (``games.visibility``): hidden tags keep
        their name with a placeholder value."""
        data: dict[str, Any] = super().to_representation(instance)
        hidden = self._hidden(instance)
        if hidden:
            data["tags"] = redact_tags(instance.tags, hidden)
        return data

    def _hidden(self, game: Game) -> Hidden:
        given = self.context.get("hidden")
        if isinstance(given, Hidden):
            return given
        request = self.context.get("request")  # none: shown as to an anonymous visitor
        return hidden_for(game, getattr(request, "user", None))


class StateSerializer(serializers.Serializer[JsonDict]):
    """The live view of a game at one ply (``games.engine.live.view``; README "Live view")."""

    kind = serializers.CharField()
    ply = serializers.IntegerField(help_text="Plies shown (0 = the start).")
    plies = serializers.IntegerField(help_text="Plies recorded in all.")
    finished = serializers.BooleanField()
    abandoned = serializers.BooleanField()
    result_only = serializers.BooleanField()
    players = serializers.JSONField(help_text='[{"seat": 1, "role": "P1", "name": "Ann"}, ...]')
    to_move = serializers.CharField(allow_null=True, help_text="Role to move, or null.")
    expect = serializers.CharField(allow_null=True, help_text="move, draw, setup or null.")
    scores = serializers.JSONField(help_text="Scores by role (null: withdrawn).")
    winners = serializers.ListField(child=serializers.CharField())
    withdrawn = serializers.ListField(child=serializers.CharField())
    ranks = serializers.JSONField()
    last = serializers.JSONField(allow_null=True, help_text='{"ply", "token", "by"} or null.')
    legal = serializers.JSONField(help_text="Legal moves, game-specific (see the README).")
    board = serializers.JSONField(allow_null=True, help_text="The position, game-specific.")
    details = serializers.JSONField()


class GameDetailSerializer(GameSerializer):
    state = serializers.SerializerMethodField()
    can_write = serializers.SerializerMethodField()

    class Meta(GameSerializer.Meta):
        fields = [*GameSerializer.Meta.fields, "can_write", "state"]

    def get_state(self, game: Game) -> JsonDict:
        state: JsonDict = self.context["state"]
        return state

    def get_can_write(self, game: Game) -> bool:
        return bool(self.context.get("can_write"))


class MoveSerializer(serializers.ModelSerializer[Move]):
    by = ShownNameField(help_text="Who recorded the move: their player name, or null.")

    class Meta:
        model = Move
        fields = ["ply", "token", "by", "at"]


class RecordedSerializer(serializers.Serializer[JsonDict]):
    move = MoveSerializer()
    state = StateSerializer()


class ErrorSerializer(serializers.Serializer[JsonDict]):
    """The one error body of the whole API (``matrio_site.errors``): ``message`` always, the
    other fields when they apply; further fields may be added (clients ignore what they do not
    know)."""

    message = serializers.CharField(help_text="One readable sentence.")
    # DRF's metaclass moves declared fields off the class; the stubs see Serializer.errors.
    errors = serializers.DictField(  # type: ignore[assignment]
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="A malformed request: each field (nested ones dotted, e.g. players.0.name) "
        "with its sentences.",
    )
    ply = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="A game refusal: the refused ply (400) or the game's current ply (409).",
    )
    legal = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="A game refusal: the moves the engine would take instead.",
    )
    move = serializers.CharField(
        required=False, allow_null=True, help_text="An illegal move: the move as it was sent."
    )
    sentence = serializers.CharField(
        required=False, help_text="An illegal move: the refusal in the reader's language."
    )
    plain = serializers.CharField(
        required=False,
        help_text="An illegal move: the refusal in plain words (players' names, cards and "
        "cells in words) and the reader's language.",
    )
    expected_ply = serializers.IntegerField(
        required=False, help_text="A stale move (409): the ply the client said it had seen."
    )


class PollSerializer(serializers.Serializer[JsonDict]):
    id = serializers.IntegerField()
    ply = serializers.IntegerField()
    status = serializers.CharField()
    updated = serializers.DateTimeField()


class ImportReportSerializer(serializers.Serializer[JsonDict]):
    dry_run = serializers.BooleanField()
    ok = serializers.BooleanField(help_text="True when no game was refused.")
    games = serializers.IntegerField()
    stored = serializers.IntegerField()
    valid = serializers.IntegerField(help_text="Dry run: games that would be stored.")
    duplicates = serializers.IntegerField()
    refused = serializers.IntegerField()
    created_players = serializers.ListField(child=serializers.CharField())
    unknown_players = serializers.JSONField(
        help_text="Names no member of the club has, when create_players was false: nothing was "
        'stored. Each {"name", "suggestions": [{"id", "name"}]} (members with a near name); '
        "send players: {name: id} or create_players: true."
    )
    report = serializers.JSONField(
        help_text='Per game: {"index", "line", "kind", "outcome": stored | duplicate | '
        'refused | valid | held (not stored: unknown players), "game_id", "finished", "ply", '
        '"player", "error"}.'
    )


# --- in ------------------------------------------------------------------------------------


class SeatInputSerializer(serializers.Serializer[None]):
    player = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), required=False, allow_null=True
    )
    name = serializers.CharField(max_length=NAME_LENGTH, required=False, allow_blank=True)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("player") is None and not attrs.get("name", "").strip():
            raise serializers.ValidationError("give a club member (player) or a name")
        return attrs


class TagsField(serializers.DictField):
    child = serializers.CharField(max_length=MAX_TAG_VALUE, allow_blank=True, trim_whitespace=False)

    def to_internal_value(self, data: Any) -> dict[str, str]:
        value: dict[str, str] = super().to_internal_value(data)
        if len(value) > MAX_TAGS:
            raise serializers.ValidationError(f"at most {MAX_TAGS} tags")
        if any(len(str(key)) > 40 for key in value):
            raise serializers.ValidationError("a tag name is at most 40 characters")
        return value


class _GameInput(serializers.Serializer[None]):
    club = serializers.SlugRelatedField(slug_field="slug", queryset=Club.objects.all())
    kind = serializers.ChoiceField(choices=GameKind.choices)
    players = serializers.ListField(child=SeatInputSerializer(), min_length=1, max_length=8)
    tags = TagsField(required=False, default=dict)
    event = serializers.IntegerField(required=False, allow_null=True)

    def validate_event(self, value: int | None) -> EventRef | None:
        if value is None:
            return None
        found = event_get(value)
        if found is None:
            raise serializers.ValidationError(f'Invalid pk "{value}" - object does not exist.')
        return found

    round_number = serializers.IntegerField(
        min_value=1, max_value=MAX_NUMBER, required=False, allow_null=True
    )
    table_number = serializers.IntegerField(
        min_value=1, max_value=MAX_NUMBER, required=False, allow_null=True
    )
    played_on = serializers.DateField(required=False, allow_null=True)
    public = serializers.BooleanField(required=False, default=True)


class GameCreateSerializer(_GameInput):
    """A new live game: kind, players in seat order, rules/setup tags (README "Live entry")."""


class OverloadResultSerializer(serializers.Serializer[None]):
    result = serializers.ChoiceField(choices=RESULTS)
    reason = serializers.ChoiceField(choices=REASONS, required=False, allow_null=True)
    royals_killed = serializers.IntegerField(min_value=0, max_value=12, required=False)
    cards_left = serializers.IntegerField(
        min_value=0, max_value=54, required=False, allow_null=True
    )


class ResultOnlySerializer(_GameInput):
    """A game known by its result: ``scores`` aligned with ``players`` (null = withdrawn in
    MatriO), or ``overload`` for a Matrix Overload game."""

    scores = serializers.ListField(
        child=serializers.IntegerField(allow_null=True, min_value=-MAX_SCORE, max_value=MAX_SCORE),
        required=False,
        max_length=8,
    )
    overload = OverloadResultSerializer(required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if kind_of(attrs["kind"]).result_is_outcome:
            if "overload" not in attrs:
                raise serializers.ValidationError({"overload": "give the Matrix Overload result"})
        elif len(attrs.get("scores", [])) != len(attrs["players"]):
            raise serializers.ValidationError({"scores": "give one score per player, in order"})
        return attrs


class MoveInputSerializer(serializers.Serializer[None]):
    token = serializers.CharField(
        max_length=200,
        help_text="The move as typed: 9S>R2S (MatriO), =7 or c3 (Mathematico), 6C:1 or KH>N2 "
        "(Matrix Overload), +3/-5 W f4 (Integer Matrix).",
    )
    expected_ply = serializers.IntegerField(
        min_value=0,
        max_value=MAX_PLY,
        help_text="The game's ply as the client last saw it; the move becomes ply + 1.",
    )


class UndoInputSerializer(serializers.Serializer[None]):
    expected_ply = serializers.IntegerField(min_value=0, max_value=MAX_PLY)


class ImportInputSerializer(serializers.Serializer[None]):
    club = serializers.SlugRelatedField(slug_field="slug", queryset=Club.objects.all())
    mgn = serializers.CharField(
        required=False, trim_whitespace=False, help_text="MGN text (one or many games)."
    )
    file = serializers.FileField(required=False, help_text="An MGN file (multipart upload).")
    dry_run = serializers.BooleanField(required=False, default=False)
    create_players = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Make names that are no member of the club new members (else they are "
        "listed in unknown_players and nothing is stored).",
    )
    players = serializers.DictField(
        child=serializers.IntegerField(min_value=1, max_value=2**63 - 1),
        required=False,
        default=dict,
        help_text="A record's name -> the id of the club member it means.",
    )
    # DRF's metaclass moves declared fields off the class; the stubs see Field.source shadowed.
    source = serializers.ChoiceField(  # type: ignore[assignment]
        choices=[Game.Source.TYPED, Game.Source.IMPORTED],
        required=False,
        help_text="typed (pasted; the default for mgn) or imported (the default for file).",
    )

    MAX_FILE = 64 * 1024 * 1024

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("mgn" in attrs) == ("file" in attrs):
            raise serializers.ValidationError("give either mgn (text) or file (upload)")
        upload = attrs.get("file")
        if upload is not None and upload.size > self.MAX_FILE:
            raise serializers.ValidationError({"file": "the file is larger than 64 MB"})
        return attrs
