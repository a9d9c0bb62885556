"""REST API for tournaments: clubs, players, events (with entries and standings), rounds with
their seatings, tables and their results (report, confirm, correct).

Reads are public; writes go through ``tournaments.services``, whose permission checks and
refusals become 403 / 400 answers with the API's error body (a ``message`` sentence).
"""

from __future__ import annotations

from collections.abc import Callable

import django_filters
from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.models import Club, Player
from tournaments import services
from tournaments.models import Entry, Event, Result, Round, Table
from tournaments.selectors import club_list, event_list, event_rounds, event_standings, player_list
from tournaments.visibility import round_cards_for


class ClubSerializer(serializers.ModelSerializer[Club]):
    event_count = serializers.IntegerField(read_only=True)
    member_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = Club
        fields = ["slug", "name", "event_count", "member_count", "created"]


class PlayerSerializer(serializers.ModelSerializer[Player]):
    class Meta:
        model = Player
        fields = ["id", "slug", "name"]


class EventSerializer(serializers.ModelSerializer[Event]):
    club = serializers.SlugRelatedField(slug_field="slug", queryset=Club.objects.all())

    class Meta:
        model = Event
        fields = ["id", "club", "slug", "name", "game", "format", "status", "starts_on", "options"]
        read_only_fields = ["status"]
        extra_kwargs = {"slug": {"required": False}, "format": {"required": False}}
        validators: list[Callable[..., None]] = []


class EntrySerializer(serializers.ModelSerializer[Entry]):
    name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = Entry
        fields = ["id", "player", "name", "checked_in", "late", "dropped_after_round"]
        read_only_fields = ["late", "dropped_after_round"]


class ResultSerializer(serializers.ModelSerializer[Result]):
    class Meta:
        model = Result
        fields = ["id", "table", "status", "source", "scores", "details", "created", "updated"]


class TableSerializer(serializers.ModelSerializer[Table]):
    seats = serializers.SerializerMethodField()
    results = ResultSerializer(many=True, read_only=True)

    class Meta:
        model = Table
        fields = ["id", "number", "game", "seats", "results"]

    def get_seats(self, table: Table) -> list[dict[str, int | str]]:
        return [
            {"position": s.position, "player": s.player_id, "name": s.player.name}
            for s in table.seats.all()
        ]


class RoundSerializer(serializers.ModelSerializer[Round]):
    tables = TableSerializer(many=True, read_only=True)
    seed = serializers.CharField(
        read_only=True, allow_null=True, help_text="The round's seed; null while it is secret."
    )
    cards = serializers.ListField(
        child=serializers.JSONField(),
        read_only=True,
        allow_null=True,
        help_text="The shared draw or deck; null while it is secret.",
    )

    class Meta:
        model = Round
        fields = ["id", "number", "kind", "status", "seed", "cards", "byes", "tables"]

    def to_representation(self, instance: Round) -> dict[str, object]:
        """The round as the request's user may see it: ``seed`` and ``cards`` are null while
        they are secret (``tournaments.visibility``)."""
        data: dict[str, object] = super().to_representation(instance)
        request = self.context.get("request")  # none: shown as to an anonymous visitor
        shown = round_cards_for(instance, getattr(request, "user", None))
        data["seed"], data["cards"] = shown.seed, shown.cards
        return data


class ScoresSerializer(serializers.Serializer[None]):  # input only: no instance
    scores = serializers.DictField(child=serializers.IntegerField(allow_null=True))
    details = serializers.DictField(child=serializers.DictField(), required=False)


class NextRoundSerializer(serializers.Serializer[None]):  # input only: no instance
    final = serializers.BooleanField(
        default=False,
        help_text="Seat the final: the top players by the standings (option final_size).",
    )


class ConfirmSerializer(serializers.Serializer[None]):  # input only: no instance
    agrees = serializers.BooleanField(default=True)
    note = serializers.CharField(required=False, allow_blank=True, max_length=500)


# django-filter ships no type hints: mypy sees FilterSet as untyped (misc: subclassing it).
class EventFilter(django_filters.FilterSet):  # type: ignore[misc]
    club = django_filters.CharFilter(field_name="club__slug", label="Club slug")

    class Meta:
        model = Event
        fields = ["club", "game", "status"]


class ClubViewSet(viewsets.ReadOnlyModelViewSet[Club]):
    """Clubs with their numbers of events and members."""

    serializer_class = ClubSerializer
    lookup_field = "slug"

    def get_queryset(self) -> QuerySet[Club]:
        return club_list()


class PlayerViewSet(viewsets.ReadOnlyModelViewSet[Player]):
    """Players' public profiles."""

    serializer_class = PlayerSerializer

    def get_queryset(self) -> QuerySet[Player]:
        return player_list()


class EventViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet[Event]):
    """Events: running first, then drafts, then finished ones. Directors create and run them."""

    serializer_class = EventSerializer
    filterset_class = EventFilter

    def get_queryset(self) -> QuerySet[Event]:
        return event_list()

    def create(self, request: Request, *args: object, **kwargs: object) -> Response:
        given = EventSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        event = services.event_create(
            club=data["club"],
            name=data["name"],
            slug=data.get("slug", ""),
            game=data["game"],
            format=data.get("format", ""),
            starts_on=data["starts_on"],
            options=data.get("options") or {},
            by=request.user,
        )
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: dict})
    @action(detail=True, methods=["get"])
    def standings(self, request: Request, pk: str | None = None) -> Response:
        """The live standings (confirmed results only), with the declared rules restated."""
        return Response(event_standings(event=self.get_object()).json())

    @extend_schema(methods=["GET"], responses={200: EntrySerializer(many=True)})
    @extend_schema(methods=["POST"], request=EntrySerializer, responses={201: EntrySerializer})
    @action(detail=True, methods=["get", "post"], pagination_class=None)  # every entry: a list
    def entries(self, request: Request, pk: str | None = None) -> Response:
        """The event's players; POST {player, checked_in} enters one (directors)."""
        event = self.get_object()
        if request.method == "POST":
            given = EntrySerializer(data=request.data)
            given.is_valid(raise_exception=True)
            entry = services.entry_add(
                event=event,
                player=given.validated_data["player"],
                checked_in=given.validated_data.get("checked_in", False),
                by=request.user,
            )
            return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)
        return Response(EntrySerializer(event.entries.select_related("player"), many=True).data)

    @extend_schema(methods=["GET"], responses={200: RoundSerializer(many=True)})
    @extend_schema(methods=["POST"], request=NextRoundSerializer, responses={201: RoundSerializer})
    @action(detail=True, methods=["get", "post"], pagination_class=None)  # every round: a list
    def rounds(self, request: Request, pk: str | None = None) -> Response:
        """Rounds with their seatings and results; POST seats the next round (directors)."""
        event = self.get_object()
        context = self.get_serializer_context()
        if request.method == "POST":
            # no body (or a JSON array) gives no options
            given = NextRoundSerializer(data=request.data if isinstance(request.data, dict) else {})
            given.is_valid(raise_exception=True)
            final = given.validated_data["final"]
            services.round_generate(event=event, final=final, by=request.user)
            return Response(
                RoundSerializer(event_rounds(event=event).last(), context=context).data,
                status=status.HTTP_201_CREATED,
            )
        rounds = event_rounds(event=event)
        return Response(RoundSerializer(rounds, many=True, context=context).data)


class RoundViewSet(viewsets.ReadOnlyModelViewSet[Round]):
    """A round with its tables, seats (in seat order: P1 first for MatriO) and results."""

    serializer_class = RoundSerializer
    queryset = (
        Round.objects.order_by("event", "number")
        .select_related("event")
        .prefetch_related("tables__seats__player", "tables__results")
    )

    def _run(self, request: Request, write: Callable[..., Round]) -> Response:
        round_ = write(round=self.get_object(), by=request.user)
        return Response(RoundSerializer(round_, context=self.get_serializer_context()).data)

    @extend_schema(request=None)
    @action(detail=True, methods=["post"])
    def lock(self, request: Request, pk: str | None = None) -> Response:
        return self._run(request, services.round_lock)

    @extend_schema(request=None)
    @action(detail=True, methods=["post"])
    def regenerate(self, request: Request, pk: str | None = None) -> Response:
        return self._run(request, services.round_regenerate)

    @extend_schema(request=None)
    @action(detail=True, methods=["post"])
    def finish(self, request: Request, pk: str | None = None) -> Response:
        return self._run(request, services.round_finish)


class TableViewSet(viewsets.ReadOnlyModelViewSet[Table]):
    """Tables: report a result (players of the table or staff) or correct it (directors)."""

    serializer_class = TableSerializer
    queryset = Table.objects.order_by("round", "number").prefetch_related(
        "seats__player", "results"
    )

    def _scores(self, request: Request, write: Callable[..., Result]) -> Response:
        given = ScoresSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        result = write(
            table=self.get_object(),
            scores=given.validated_data["scores"],
            details=given.validated_data.get("details"),
            by=request.user,
        )
        return Response(ResultSerializer(result).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=ScoresSerializer, responses={201: ResultSerializer})
    @action(detail=True, methods=["post"])
    def report(self, request: Request, pk: str | None = None) -> Response:
        return self._scores(request, services.result_report)

    @extend_schema(request=ScoresSerializer, responses={201: ResultSerializer})
    @action(detail=True, methods=["post"])
    def correct(self, request: Request, pk: str | None = None) -> Response:
        return self._scores(request, services.result_correct)


class ResultViewSet(viewsets.ReadOnlyModelViewSet[Result]):
    """Results; another player of the table (or a director) confirms or disputes a report."""

    serializer_class = ResultSerializer
    queryset = Result.objects.order_by("-created", "-id")
    filterset_fields = ["table", "status"]

    @extend_schema(request=ConfirmSerializer, responses={200: ResultSerializer})
    @action(detail=True, methods=["post"])
    def confirm(self, request: Request, pk: str | None = None) -> Response:
        given = ConfirmSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        result = services.result_confirm(
            result=self.get_object(),
            agrees=given.validated_data["agrees"],
            note=given.validated_data.get("note", ""),
            by=request.user,
        )
        return Response(ResultSerializer(result).data)
