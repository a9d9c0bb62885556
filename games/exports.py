"""MGN exports of any size: run by the worker as a ``FileJob`` (see ``games.jobs``), written
to a file under ``VAR_DIR/jobs`` in chunks, then downloaded.

Terms: the export's *filters* are those of the games API (``games.filters.GameFilter``),
applied to the games its requester may read and shown as that user may see them (hidden tags
stay hidden). The file is written under a temporary name and renamed when complete, so a
download is never cut short; its download name says the club and the day
(``matrio-<club>-<YYYY-MM-DD>.mgn``). Memory stays bounded: games are read
``EXPORT_CHUNK`` at a time and each record is written as it is made.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone

from clubs.models import Club
from clubs.roles import AnyUser
from games import selectors
from games.filters import GameFilter
from games.jobs import FileJob, queue_job

#: an export of at most this many games is answered in the request (``export-mgn``)
INLINE_GAMES = 1000
HEARTBEAT_EVERY = 200  # games written between two updates of the job's figures


def export_name(club: Club | None) -> str:
    """The download's name: the club (or ``games``) and today."""
    return f"matrio-{club.slug if club else 'games'}-{timezone.localdate().isoformat()}.mgn"


def export_filters(params: Mapping[str, str]) -> dict[str, str]:
    """The filters of a request that ``GameFilter`` knows (the rest is dropped)."""
    known = set(GameFilter.base_filters)
    return {key: str(value) for key, value in params.items() if key in known and value}


@transaction.atomic
def export_job_start(*, by: AnyUser, filters: Mapping[str, str]) -> FileJob:
    """Queue an MGN export of the games matching ``filters`` that ``by`` may read."""
    club = Club.objects.filter(slug=filters.get("club", "")).first() if "club" in filters else None
    job = FileJob.objects.create(
        kind=FileJob.Kind.EXPORT,
        club=club,
        by=by if by.is_authenticated else None,
        name=export_name(club),
        options={"filters": dict(filters)},
    )
    queue_job(job)
    return job


def export_job_run(job: FileJob) -> None:
    """Write the export's file (a claimed job; see ``games.import_jobs.run_file_job``)."""
    games = GameFilter(job.options["filters"], queryset=selectors.game_list(user=job.by)).qs
    total = games.count()
    FileJob.objects.filter(pk=job.pk).update(total=total, done=0, updated_at=timezone.now())
    final = job.path("output")
    partial = final.with_suffix(".partial")
    written = 0
    with partial.open("w", encoding="utf-8", newline="\n") as out:
        for record in selectors.games_export_mgn(games=games, user=job.by):
            out.write(record)
            written += 1
            if written % HEARTBEAT_EVERY == 0:
                FileJob.objects.filter(pk=job.pk).update(done=written, updated_at=timezone.now())
    partial.replace(final)
    now = timezone.now()
    FileJob.objects.filter(pk=job.pk).update(
        status=FileJob.Status.DONE,
        done=written,
        total=written,
        size=final.stat().st_size,
        report={"games": written, "bytes": final.stat().st_size},
        updated_at=now,
        finished_at=now,
    )
