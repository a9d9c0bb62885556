"""Pages of the imports and exports run by the worker: a job's progress and report, its
download, running it again (staff), matching the unknown names of a held import, and
starting an export of the games list."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from clubs.roles import AnyUser
from games import forms
from games.choosers import club_member_choices
from games.exports import export_filters, export_job_start
from games.import_jobs import import_job_with_players
from games.jobs import FileJob, job_refresh, job_rerun


def visible_job(user: AnyUser, pk: int) -> FileJob:
    """The job if ``user`` started it or is staff; 404 otherwise."""
    job = FileJob.objects.select_related("club").filter(pk=pk).first()
    if job is None or not (user.is_staff or (job.by_id is not None and job.by_id == user.pk)):
        raise Http404("There is no such job.")
    return job_refresh(job)


@login_required
def file_job_detail(request: HttpRequest, pk: int) -> HttpResponse:
    job = visible_job(request.user, pk)
    held = job.club is not None and job.report.get("unknown_players")
    members = club_member_choices(job.club) if held and job.club is not None else []
    return render(request, "games/file_job.html", {"job": job, "members": members})


@login_required
def file_job_download(request: HttpRequest, pk: int) -> FileResponse:
    job = visible_job(request.user, pk)
    path = job.path("output")
    if job.kind != FileJob.Kind.EXPORT or job.status != FileJob.Status.DONE or not path.exists():
        raise Http404("This export has no file yet.")
    return FileResponse(
        path.open("rb"),
        as_attachment=True,
        filename=job.name,
        content_type="text/plain; charset=utf-8",
    )


@login_required
@require_POST
def file_job_rerun(request: HttpRequest, pk: int) -> HttpResponse:
    job = visible_job(request.user, pk)
    if not request.user.is_staff:
        raise Http404("There is no such job.")
    if job.status in (FileJob.Status.FAILED, FileJob.Status.QUEUED):
        job_rerun(job=job)
    return redirect("games:job", pk=job.pk)


@login_required
@require_POST
def file_job_players(request: HttpRequest, pk: int) -> HttpResponse:
    """The importer's answers for the names no member has: import again with them."""
    job = visible_job(request.user, pk)
    if job.kind == FileJob.Kind.IMPORT and job.report.get("unknown_players"):
        chosen, created = forms.chosen_players(request.POST)
        import_job_with_players(job=job, chosen_players=chosen, new_players=created)
    return redirect("games:job", pk=job.pk)


@login_required
@require_POST
def file_job_export(request: HttpRequest) -> HttpResponse:
    """Export the games matching the list's filters (its query string) as one MGN file, made
    by the worker."""
    job = export_job_start(by=request.user, filters=export_filters(request.GET))
    return redirect("games:job", pk=job.pk)
