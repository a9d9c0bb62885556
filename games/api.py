"""REST API for games: list and read games, record them live, import and export MGN.

Every write goes through ``games.services`` (the engine judges every move) and is allowed by
``games.permissions``; everyone reads public games. Errors are JSON with a ``message``:
``400 {"message", "ply", "legal", "move"}`` for a move the engine refuses and for a setup or
record error (``ply`` null), ``409 {"message", "ply", "expected_ply"}`` when the game moved on
(the client reloads), ``403`` / ``404`` as usual, ``400 {"message", "errors"}`` for a payload
of the wrong shape.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import HttpResponse, StreamingHttpResponse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.models import Club
from clubs.roles import signed_in
from games import import_jobs, permissions, selectors, services
from games.engine import live
from games.engine.core import EngineError
from games.engine.errors import NotAllowed
from games.errors import GameError
from games.exports import INLINE_GAMES as EXPORT_INLINE_GAMES
from games.exports import export_filters, export_job_start
from games.filters import GameFilter
from games.import_jobs import INLINE_BYTES
from games.job_api import FileJobSerializer, job_json
from games.kinds.registry import kind_of
from games.models import Game
from games.reviews import game_review
from games.serializers import (
    ErrorSerializer,
    GameCreateSerializer,
    GameDetailSerializer,
    GameSerializer,
    ImportInputSerializer,
    ImportReportSerializer,
    MoveInputSerializer,
    MoveSerializer,
    PollSerializer,
    RecordedSerializer,
    ResultOnlySerializer,
    StateSerializer,
    UndoInputSerializer,
)
from games.visibility import hidden_for

ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="Refused by the engine or malformed."),
    403: OpenApiResponse(ErrorSerializer, description="Not allowed to write this game."),
    404: OpenApiResponse(ErrorSerializer, description="No such game."),
}
STALE = {409: OpenApiResponse(ErrorSerializer, description="The game moved on; reload.")}


class GameViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet[Game]):
    """Games of every club: list with filters, read, record live, import and export."""

    filterset_class = GameFilter
    lookup_value_regex = r"\d{1,18}"

    def get_queryset(self) -> QuerySet[Game]:
        return selectors.game_list(user=self.request.user)

    def get_serializer_class(self) -> type[GameSerializer]:
        return GameDetailSerializer if self.action == "retrieve" else GameSerializer

    def _game_to_read(self, *fields: str) -> Game:
        """The game of the URL, light (no seats; ``fields`` and those the policy reads), checked
        readable: 404 otherwise."""
        policy = ("id", "club_id", "recorder_id", "public", "event_id", "round_number")
        game = Game.objects.only(*policy, *fields).filter(pk=self.kwargs[self.lookup_field]).first()
        if game is None or not permissions.can_read_game(self.request.user, game):
            raise exceptions.NotFound(gettext("There is no such game."))
        return game

    def _game_to_write(self) -> Game:
        """The game of the URL, light, checked writable: 404 / 403 otherwise."""
        return self._writable(self._game_to_read())

    def _writable(self, game: Game) -> Game:
        if not permissions.can_write_game(self.request.user, game):
            raise exceptions.PermissionDenied(str(permissions.WRITERS_ONLY))
        return game

    def _check_club(self, club: Club) -> None:
        if not permissions.can_create_in_club(self.request.user, club):
            raise exceptions.PermissionDenied(
                gettext("only scorekeepers and directors of %(club)s may add its games")
                % {"club": club.name}
            )

    # --- reading -----------------------------------------------------------------------------

    def retrieve(self, request: Request, *args: object, **kwargs: object) -> Response:
        game = self.get_object()
        hidden = hidden_for(game, request.user)
        context = {
            **self.get_serializer_context(),
            "hidden": hidden,
            "state": selectors.game_view(game=game, hidden=hidden),
            "can_write": permissions.can_write_game(request.user, game),
        }
        return Response(GameDetailSerializer(game, context=context).data)

    @extend_schema(
        parameters=[OpenApiParameter("ply", int, description="Plies to show (default: all).")],
        responses={200: StateSerializer, 400: ErrorSerializer},
    )
    @action(detail=True, methods=["get"])
    def state(self, request: Request, pk: str | None = None) -> Response:
        """The live view of the game at any ply (board, scores, legal moves, whose turn)."""
        game = self.get_object()
        raw = request.query_params.get("ply")
        ply = None
        if raw not in (None, ""):
            if not str(raw).isdigit() or len(str(raw)) > 7:
                raise exceptions.ValidationError({"ply": "a whole number from 0"})
            ply = int(str(raw))
        hidden = hidden_for(game, request.user)
        return Response(selectors.game_view(game=game, ply=ply, hidden=hidden))

    @extend_schema(
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description='The review: {"game", "method", "thresholds", "moves": [{"ply", '
                '"player", "played", "best", "value", "best_value", "loss", "grade", "note"}], '
                '"summary": {player: {"moves", "average_loss", "grades"}}, "details"}.',
            ),
            404: OpenApiResponse(ErrorSerializer, description="No such game, or no review yet."),
        }
    )
    @action(detail=True, methods=["get"])
    def review(self, request: Request, pk: str | None = None) -> Response:
        """Every move of a finished game graded by the engine (worked out by the worker after
        the game finished: until then, 404 with a sentence)."""
        found = game_review(game=self.get_object())
        if found is None:
            raise exceptions.NotFound(
                gettext("This game has no review yet: it is worked out once the game is finished.")
            )
        return Response(found)

    @extend_schema(responses={200: PollSerializer})
    @action(detail=True, methods=["get"])
    def poll(self, request: Request, pk: str | None = None) -> Response:
        """Cheap check for pages to poll: the game's ply, status and last change."""
        game = self._game_to_read("ply", "status", "updated")
        return Response(
            {"id": game.pk, "ply": game.ply, "status": game.status, "updated": game.updated}
        )

    @extend_schema(
        responses={
            (200, "text/plain"): OpenApiResponse(
                OpenApiTypes.STR, description="The canonical MGN record."
            )
        }
    )
    @action(detail=True, methods=["get"])
    def mgn(self, request: Request, pk: str | None = None) -> HttpResponse:
        """The game's MGN record, byte-identical to the engine's canonical writer."""
        game = self.get_object()
        response = HttpResponse(
            selectors.game_export_mgn(game=game, hidden=hidden_for(game, request.user)),
            content_type="text/plain; charset=utf-8",
        )
        response["Content-Disposition"] = f'inline; filename="game-{game.pk}.mgn"'
        return response

    @extend_schema(
        responses={
            (200, "text/plain"): OpenApiResponse(OpenApiTypes.STR, description="MGN text."),
            400: OpenApiResponse(
                ErrorSerializer, description="More than 1000 games: ask for an export job."
            ),
        }
    )
    @action(detail=False, methods=["get"], url_path="export-mgn", filterset_class=GameFilter)
    def export_mgn(self, request: Request) -> StreamingHttpResponse:
        """Every game matching the filters as one MGN file, for at most 1000 games (more: POST
        ``export-jobs`` with the same filters, and download the file when the job is done)."""
        games = self.filter_queryset(self.get_queryset())
        if games.count() > EXPORT_INLINE_GAMES:
            raise GameError(
                f"These filters match more than {EXPORT_INLINE_GAMES} games: ask for an export job "
                "(POST /api/games/export-jobs/ with the same filters) and download its file."
            )
        response = StreamingHttpResponse(
            selectors.games_export_mgn(games=games, user=request.user),
            content_type="text/plain; charset=utf-8",
        )
        response["Content-Disposition"] = 'attachment; filename="games.mgn"'
        return response

    @extend_schema(request=None, responses={202: FileJobSerializer})
    @action(
        detail=False,
        methods=["post"],
        url_path="export-jobs",
        filterset_class=GameFilter,
        permission_classes=[IsAuthenticated],
    )
    def export_jobs(self, request: Request) -> Response:
        """Export the games matching the filters (query string, as ``export-mgn``) as one MGN
        file made by the worker: 202 with the job; its ``download`` once it is done."""
        self.filter_queryset(self.get_queryset())  # refuses malformed filters (400)
        job = export_job_start(by=request.user, filters=export_filters(request.query_params))
        return Response(job_json(job), status=202, headers={"Location": job_json(job)["url"]})

    @extend_schema(
        responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="CSV text.")}
    )
    @action(detail=False, methods=["get"], url_path="export-csv")
    def export_csv(self, request: Request) -> StreamingHttpResponse:
        """Results of every game matching the filters as CSV (one row per seat)."""
        games = self.filter_queryset(self.get_queryset())
        response = StreamingHttpResponse(
            selectors.games_export_csv(games=games), content_type="text/csv; charset=utf-8"
        )
        response["Content-Disposition"] = 'attachment; filename="games.csv"'
        return response

    # --- writing -----------------------------------------------------------------------------

    @extend_schema(request=GameCreateSerializer, responses={201: GameDetailSerializer, **ERRORS})
    def create(self, request: Request) -> Response:
        """Start a live game (scorekeepers and directors of the club, site admins)."""
        data = _valid(GameCreateSerializer, request)
        self._check_club(data["club"])
        started = services.game_create(
            club=data["club"],
            kind=data["kind"],
            players=_seats(data["players"]),
            tags=data["tags"],
            event=data.get("event"),
            round_number=data.get("round_number"),
            table_number=data.get("table_number"),
            played_on=data.get("played_on"),
            public=data["public"],
            by=request.user,
        )
        game = self.get_queryset().get(pk=started.game.pk)
        context = {**self.get_serializer_context(), "state": live.view(started.live)}
        context["can_write"] = True
        return Response(GameDetailSerializer(game, context=context).data, status=201)

    @extend_schema(
        methods=["POST"],
        request=MoveInputSerializer,
        responses={201: RecordedSerializer, **ERRORS, **STALE},
        description="Record one move at the ply the client expects (see MoveInput).",
    )
    @extend_schema(methods=["GET"], responses={200: MoveSerializer(many=True)})
    @action(detail=True, methods=["get", "post"], pagination_class=None)  # every move: a list
    def moves(self, request: Request, pk: str | None = None) -> Response:
        """GET: the moves in order. POST: record the next move."""
        if request.method == "GET":
            game = self.get_object()
            return Response(MoveSerializer(selectors.game_moves(game=game), many=True).data)
        # The service locks the game and checks the writer in one read (the move path's cost);
        # a refusal is then told apart here: 404 for a game the user may not read, else 403.
        if not signed_in(request.user):
            self._game_to_write()
        data = _valid(MoveInputSerializer, request)
        try:
            recorded = services.game_record_move(
                game_id=int(str(pk)),
                token=data["token"],
                expected_ply=data["expected_ply"],
                by=request.user,
            )
        except NotAllowed:
            self._game_to_write()
            raise
        move = recorded.move
        assert move is not None
        by = move.by.get_username() if move.by is not None else None
        done = {"ply": move.ply, "token": move.token, "by": by, "at": move.at}
        return Response({"move": done, "state": live.view(recorded.live)}, status=201)

    @extend_schema(request=UndoInputSerializer, responses={200: StateSerializer, **ERRORS, **STALE})
    @action(detail=True, methods=["post"])
    def undo(self, request: Request, pk: str | None = None) -> Response:
        """Take back the last move (games recorded live)."""
        game = self._game_to_write()
        data = _valid(UndoInputSerializer, request)
        recorded = services.game_undo(
            game_id=game.pk, expected_ply=data["expected_ply"], by=request.user
        )
        return Response(live.view(recorded.live))

    @extend_schema(request=None, responses={200: GameSerializer, **ERRORS, **STALE})
    @action(detail=True, methods=["post"])
    def abandon(self, request: Request, pk: str | None = None) -> Response:
        """Stop a live game for good."""
        game = self._game_to_write()
        services.game_abandon(game_id=game.pk, by=request.user)
        return Response(GameSerializer(self.get_queryset().get(pk=game.pk)).data)

    @extend_schema(
        request={
            "application/json": ImportInputSerializer,
            "multipart/form-data": ImportInputSerializer,
        },
        responses={
            200: ImportReportSerializer,
            202: OpenApiResponse(
                FileJobSerializer,
                description="A text of more than 200 games or 1 MB: imported by the worker; "
                "follow the job at its url (Location).",
            ),
            **ERRORS,
        },
    )
    @action(
        detail=False,
        methods=["post"],
        url_path="import",
        parser_classes=[JSONParser, MultiPartParser, FormParser],
    )
    def import_mgn(self, request: Request) -> Response:
        """Import MGN (pasted or uploaded, one or many games); ``dry_run`` stores nothing.

        A text of at most 200 games and 1 MB is imported at once: 200 with the report when the
        request itself is valid. A larger one answers 202 with a job (``/api/game-jobs/{id}/``)
        whose ``report`` says the same at the end. In the report, ``ok`` is false when
        any game was refused (each with its index, line, ply and sentence) or when a name is no
        member of the club (``unknown_players``, with near members; nothing is stored: map the
        names with ``players`` or send ``create_players``).
        """
        data = _valid(ImportInputSerializer, request)
        self._check_club(data["club"])
        upload = data.get("file")
        if upload is not None:
            source = data.get("source", Game.Source.IMPORTED)
            text = import_jobs.mgn_text(upload.read()) if upload.size <= INLINE_BYTES else ""
        else:
            text = data["mgn"]
            source = data.get("source", Game.Source.TYPED)
        if (upload is not None and upload.size > INLINE_BYTES) or not import_jobs.is_small(text):
            if upload is not None:
                upload.seek(0)
            job = import_jobs.import_job_start(
                club=data["club"],
                by=request.user,
                name=upload.name if upload is not None else "",
                source=source,
                text=None if upload is not None and upload.size > INLINE_BYTES else text,
                upload=upload if upload is not None and upload.size > INLINE_BYTES else None,
                dry_run=data["dry_run"],
                create_players=data["create_players"],
                chosen_players=data["players"],
            )
            return Response(job_json(job), status=202, headers={"Location": job_json(job)["url"]})
        report = services.games_import_mgn(
            club=data["club"],
            text=text,
            dry_run=data["dry_run"],
            by=request.user,
            source=source,
            create_players=data["create_players"],
            chosen_players=data["players"],
        )
        return Response(report.json())

    @extend_schema(request=ResultOnlySerializer, responses={201: GameSerializer, **ERRORS})
    @action(detail=False, methods=["post"], url_path="result-only")
    def result_only(self, request: Request) -> Response:
        """Store a game known only by its players and final scores."""
        data = _valid(ResultOnlySerializer, request)
        self._check_club(data["club"])
        seats = _seats(data["players"])
        if kind_of(data["kind"]).result_is_outcome:
            result = dict(data["overload"])
        else:
            names = [seat.name or (seat.player.name if seat.player else "") for seat in seats]
            try:
                roles = live.roles(data["kind"], [" ".join(n.split()) for n in names])
            except EngineError as error:
                raise GameError(error.sentence) from None
            result = dict(zip(roles, data["scores"], strict=False))
        game = services.game_result_only_create(
            club=data["club"],
            kind=data["kind"],
            players=seats,
            result=result,
            tags=data["tags"],
            event=data.get("event"),
            round_number=data.get("round_number"),
            table_number=data.get("table_number"),
            played_on=data.get("played_on"),
            public=data["public"],
            by=request.user,
        )
        return Response(GameSerializer(self.get_queryset().get(pk=game.pk)).data, status=201)


def _valid(
    serializer_class: type[serializers.Serializer[None]], request: Request
) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    data: dict[str, Any] = serializer.validated_data  # the fields' values (instances among them)
    return data


def _seats(items: list[dict[str, Any]]) -> list[services.SeatInput]:
    return [
        services.SeatInput(name=item.get("name", "") or "", player=item.get("player"))
        for item in items
    ]
