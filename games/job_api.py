"""REST API of the imports and exports run by the worker: ``/api/game-jobs/``.

A job is read by whoever started it and by staff: its status, progress and report (an
import's counts and refused records), its file once an export is done (``download``), and
staff may run again a job that failed or still waits (``rerun``).
"""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import FileResponse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, mixins, permissions, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from games.engine.core import JsonDict
from games.jobs import FileJob, job_refresh, job_rerun


class FileJobSerializer(serializers.ModelSerializer[FileJob]):
    club: serializers.SlugRelatedField[FileJob] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, allow_null=True
    )
    percent = serializers.IntegerField(read_only=True)
    url = serializers.SerializerMethodField()
    download = serializers.SerializerMethodField()
    report = serializers.JSONField(
        read_only=True,
        help_text='Import: {"dry_run", "games", "stored", "valid", "duplicates", "refused", '
        '"held", "refusals": [{"index", "line", "kind", "ply", "player", "error", ...}] (the '
        'first 1000), "created_players", "unknown_players"}. Export: {"games", "bytes"}.',
    )

    class Meta:
        model = FileJob
        fields = [
            "id",
            "kind",
            "status",
            "club",
            "name",
            "done",
            "total",
            "percent",
            "message",
            "report",
            "created_at",
            "updated_at",
            "finished_at",
            "url",
            "download",
        ]
        read_only_fields = fields

    def get_url(self, job: FileJob) -> str:
        return f"/api/game-jobs/{job.pk}/"

    def get_download(self, job: FileJob) -> str | None:
        """Where the export's file is, once it is done."""
        if job.kind == FileJob.Kind.EXPORT and job.status == FileJob.Status.DONE:
            return f"/api/game-jobs/{job.pk}/download/"
        return None


def job_json(job: FileJob) -> JsonDict:
    data: JsonDict = FileJobSerializer(job).data
    return data


class FileJobViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet[FileJob]
):
    """Imports and exports run by the worker: the requester's own (staff: every one)."""

    serializer_class = FileJobSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self) -> QuerySet[FileJob]:
        jobs = FileJob.objects.select_related("club")
        return jobs if self.request.user.is_staff else jobs.filter(by=self.request.user.pk)

    def get_object(self) -> FileJob:
        return job_refresh(super().get_object())

    @extend_schema(
        responses={
            (200, "text/plain"): OpenApiResponse(OpenApiTypes.STR, description="The MGN file."),
            404: OpenApiResponse(description="No such job, or its file is not ready."),
        }
    )
    @action(detail=True, methods=["get"])
    def download(self, request: Request, pk: str | None = None) -> FileResponse:
        """The export's MGN file, once the job is done."""
        job = self.get_object()
        path = job.path("output")
        if job.kind != FileJob.Kind.EXPORT or job.status != FileJob.Status.DONE:
            raise exceptions.NotFound(gettext("This export has no file yet."))
        if not path.exists():
            raise exceptions.NotFound(gettext("This export's file is gone; export again."))
        return FileResponse(
            path.open("rb"),
            as_attachment=True,
            filename=job.name,
            content_type="text/plain; charset=utf-8",
        )

    @extend_schema(
        request=None,
        responses={
            202: FileJobSerializer,
            403: OpenApiResponse(description="Staff only."),
            404: OpenApiResponse(description="No such job."),
        },
    )
    @action(detail=True, methods=["post"])
    def rerun(self, request: Request, pk: str | None = None) -> Response:
        """Run again a job that failed (its worker died) or still waits (staff)."""
        job = self.get_object()
        if not request.user.is_staff:
            raise exceptions.PermissionDenied(gettext("Only staff may run a job again."))
        if job.status in (FileJob.Status.FAILED, FileJob.Status.QUEUED):
            job = job_rerun(job=job)
        return Response(job_json(job), status=202)
