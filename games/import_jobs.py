"""MGN imports of any size: small ones answered in the request, the others run by the worker
as a ``FileJob`` (see ``games.jobs``) with progress and an exact report.

Terms: a text is *small* when it has at most ``INLINE_BYTES`` bytes and ``INLINE_GAMES``
records: the page and the API import it at once (``games.services.games_import_mgn``). A larger
one is written to the job's input file and imported by the worker in batches of ``BATCH``
records (``batches``: the text is split at record boundaries, never read into records all at
once). Each batch commits with the job's *position* (the character offset, record index and
line where the next batch starts) and the report so far, so a job run again goes on from
there. Without ``create_players`` the job first judges every record to find names no member
has (the *check*); any such name holds the whole import, as in the request.

The job's report: the counts (``games``, ``stored``, ``valid``, ``duplicates``, ``refused``),
the refused records (index, line, ply, player, sentence; the first ``MAX_LISTED`` of them, the
count is exact), the players created and the unknown players.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from itertools import islice
from typing import IO, Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Club
from clubs.roles import AnyUser
from games import services
from games.engine.core import JsonDict
from games.engine.record import _RECORD_SPAN, RawRecord, _strip_comments, read_records
from games.engine.replay import decode
from games.exports import export_job_run
from games.imports import BATCH, ImportReport, without_nul
from games.jobs import FileJob, job_claim, job_fail, job_rerun, jobs_dir, queue_job

log = logging.getLogger(__name__)

INLINE_BYTES = 1_000_000  # a text this small is imported in the request...
INLINE_GAMES = 200  # ...when it also has at most this many records
MAX_LISTED = 1000  # refused records listed in a job's report (the count stays exact)
COUNTS = ("games", "stored", "valid", "duplicates", "refused", "held")


# --- reading a text in batches ------------------------------------------------------------


def mgn_text(data: bytes) -> str:
    """A file's MGN text: UTF-8 (bad bytes shown as U+FFFD), NUL made visible."""
    return without_nul(decode(data))


def _comment_open_after(text: str) -> bool:
    """Is a ``{`` comment still open at the end of ``text`` (lines as the reader sees them)?"""
    in_comment = False
    for raw in text.splitlines():
        line = raw.strip()
        if not in_comment and line.startswith("["):
            continue
        if in_comment or "{" in line:
            _, in_comment = _strip_comments(line, in_comment)
    return in_comment


def record_spans(text: str, pos: int = 0) -> Iterator[tuple[int, int]]:
    """The text from ``pos`` (a record start) cut where records start: one record each,
    except that a ``{`` comment left open takes the rest of the text (as the reader does)."""
    while pos < len(text):
        span = _RECORD_SPAN.match(text, pos)
        end = span.end() if span is not None else len(text)
        if end <= pos or ("{" in text[pos:end] and _comment_open_after(text[pos:end])):
            end = len(text)
        yield pos, end
        pos = end


@dataclass(frozen=True)
class Position:
    """Where the next batch starts: a character offset, the record's index and its line."""

    offset: int = 0
    index: int = 0
    line: int = 1


def batches(
    text: str, start: Position = Position(), size: int = BATCH
) -> Iterator[tuple[list[RawRecord], Position]]:
    """The records from ``start`` in batches of about ``size``, each with where the next starts."""
    records: list[RawRecord] = []
    index, line, offset = start.index, start.line, start.offset
    for begin, end in record_spans(text, start.offset):
        part = text[begin:end]
        found = read_records(part, line=line, index=index)
        records.extend(found)
        index, line, offset = index + len(found), line + len(part.splitlines()), end
        if len(records) >= size:
            yield records, Position(offset, index, line)
            records = []
    if records:
        yield records, Position(offset, index, line)


def is_small(text: str) -> bool:
    """Is the text imported in the request (see the module docstring)?"""
    if len(text) > INLINE_BYTES or len(text.encode("utf-8")) > INLINE_BYTES:
        return False
    return sum(1 for _ in islice(record_spans(text), INLINE_GAMES + 1)) <= INLINE_GAMES


# --- starting a job -----------------------------------------------------------------------


@transaction.atomic
def import_job_start(
    *,
    club: Club,
    by: AnyUser,
    name: str,
    source: str,
    text: str | None = None,
    upload: IO[bytes] | None = None,
    dry_run: bool = False,
    create_players: bool = False,
    chosen_players: Mapping[str, int] | None = None,
    new_players: set[str] | frozenset[str] = frozenset(),
) -> FileJob:
    """Queue the import of ``text`` (or of the uploaded file, copied in chunks) for the worker."""
    options = {
        "dry_run": dry_run,
        "create_players": create_players,
        "players": dict(chosen_players or {}),
        "new_players": sorted(new_players),
        "source": source,
    }
    job = FileJob.objects.create(
        kind=FileJob.Kind.IMPORT,
        club=club,
        by=by if by.is_authenticated else None,
        name=(name or gettext("pasted text"))[:200],
        options=options,
    )
    jobs_dir()
    size = 0
    with job.path("input").open("wb") as out:
        if upload is not None:
            while block := upload.read(1 << 20):
                out.write(block)
                size += len(block)
        else:
            size = out.write((text or "").encode("utf-8"))
    FileJob.objects.filter(pk=job.pk).update(size=size)
    job.size = size
    queue_job(job)
    return job


@transaction.atomic
def import_job_with_players(
    *, job: FileJob, chosen_players: Mapping[str, int], new_players: set[str]
) -> FileJob:
    """Run again an import held for unknown names, with the members chosen for them."""
    options = {**job.options, "players": dict(chosen_players), "new_players": sorted(new_players)}
    FileJob.objects.filter(pk=job.pk).update(options=options, position={}, report={})
    job.refresh_from_db()
    return job_rerun(job=job)


# --- running it in the worker -------------------------------------------------------------


def empty_report(dry_run: bool) -> JsonDict:
    return {
        "dry_run": dry_run,
        **dict.fromkeys(COUNTS, 0),
        "refusals": [],
        "created_players": [],
        "unknown_players": [],
    }


def _add(report: JsonDict, found: ImportReport) -> None:
    """Add a batch's outcomes to the job's report."""
    done = found.json()
    report["games"] += done["games"]
    for key in ("stored", "valid", "duplicates", "refused"):
        report[key] += done[key]
    report["held"] += found.count("held")
    room = MAX_LISTED - len(report["refusals"])
    refused = [game for game in done["report"] if game["outcome"] == "refused"]
    report["refusals"].extend(refused[: max(0, room)])
    report["created_players"].extend(done["created_players"])


def _save(job: FileJob, **fields: Any) -> None:
    """Write the job's figures (its heartbeat too)."""
    FileJob.objects.filter(pk=job.pk).update(updated_at=timezone.now(), **fields)


def _unknown_players(job: FileJob, club: Club, text: str, total: int) -> list[JsonDict]:
    """The check: names of the text no member has, minus those to become new members."""
    options = job.options
    new = {" ".join(name.casefold().split()) for name in options["new_players"]}
    found: dict[str, JsonDict] = {}
    for records, after in batches(text):
        report = services.games_import_records(
            club=club, records=records, dry_run=True, create_players=False,
            chosen_players=options["players"],
        )  # fmt: skip
        for unknown in report.unknown_players:
            key = " ".join(unknown.name.casefold().split())
            if key not in new:
                found.setdefault(key, unknown.json())
        _save(job, done=after.offset, total=total)
    return list(found.values())


def import_job_run(job: FileJob) -> None:
    """Import the job's file from its position on (a claimed job; see ``run_file_job``)."""
    club = job.club
    assert club is not None
    options = job.options
    text = mgn_text(job.path("input").read_bytes())
    report = job.report or empty_report(options["dry_run"])
    start = Position(**job.position) if job.position else Position()
    check = not options["create_players"] and start == Position()
    total = 2 * len(text) if check else len(text)
    base = len(text) if check else total - len(text)
    if check:
        unknown = _unknown_players(job, club, text, total)
        if unknown:
            report["unknown_players"] = unknown
            _finish(job, report, total, gettext("Held: some names are no member of the club."))
            return
    create = options["create_players"] or bool(options["new_players"])
    for records, after in batches(text, start):
        with transaction.atomic():
            found = services.games_import_records(
                club=club,
                records=records,
                dry_run=options["dry_run"],
                by=job.by,
                source=options["source"],
                create_players=create,
                chosen_players=options["players"],
            )
            _add(report, found)
            _save(job, position=asdict(after), report=report, done=base + after.offset, total=total)
    _finish(job, report, total, "")
    job.path("input").unlink(missing_ok=True)  # done for good: only a held import reads it again


def _finish(job: FileJob, report: JsonDict, total: int, message: str) -> None:
    now = timezone.now()
    FileJob.objects.filter(pk=job.pk).update(
        status=FileJob.Status.DONE,
        report=report,
        message=message[:300],
        done=total,
        total=total,
        updated_at=now,
        finished_at=now,
    )


def run_file_job(*, job_id: int, hostname: str) -> str:
    """Claim and run a job (the worker's task); a job delivered again after it was done, or
    while a live worker runs it, is left alone. Returns its status."""
    job = job_claim(job_id=job_id, hostname=hostname)
    if job is None:
        return "skipped"
    try:
        if job.kind == FileJob.Kind.IMPORT:
            import_job_run(job)
        else:
            export_job_run(job)
    except Exception as error:
        log.exception("file job %s failed", job_id)
        job_fail(
            job_id=job_id,
            message=gettext(
                "The job stopped on an error (%(error)s). What was done is kept; run it again "
                "to go on."
            )
            % {"error": type(error).__name__},
        )
        return FileJob.Status.FAILED
    return FileJob.Status.DONE
