"""Writes for the ratings: marking changed games dirty, rating them in the worker, and the full
recompute (also as a job the site shows).

Terms: a finished, reopened, edited or deleted game is first marked *dirty*
(``games_mark_dirty``, which queues one ``process_dirty`` job per kind after commit);
``ratings_process_dirty`` then compares each dirty game with what was rated (``RatedGame``:
order key and fingerprint). New games after the head are rated incrementally (only their
players' rows are read and written); anything else (an older game edited, deleted or imported
late) replays the suffix from the latest stored snapshot before it
(``analytics.ratings.stream``). Both give exactly the numbers of a full recompute
(``analytics.compute.ratings``), which ``ratings_recompute`` performs. The statistics of the
same games are brought up to date in the same job (``analytics.statistics.counters``).

Every function takes keyword-only arguments and is one transaction. Worker tasks a write needs
are queued after commit (``analytics.wakeups``), so a worker never sees a row that is not
committed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace

from django.db import transaction

from analytics import wakeups
from analytics.compute.ratings import EMPTY_SNAPSHOT
from analytics.compute.results import game_key
from analytics.jobs import (
    ProgressCallback,
    job_claim,
    job_finish,
    job_progress_report,
    job_start,
)
from analytics.models import (
    DirtyGame,
    JobProgress,
    RatedGame,
    Rating,
    RatingHistory,
    RatingSnapshot,
    StatGame,
)
from analytics.ratings.games import games_loaded
from analytics.ratings.stream import (
    RATED_COLUMNS,
    append,
    locked_stream,
    rated_row,
    replay_after,
    rewrite,
)
from analytics.statistics.counters import statistics_games_update, statistics_ratings_replayed
from games.models import Game
from infra.bulk import analyze, insert_rows


@dataclass(frozen=True)
class ProcessReport:
    kind: str
    games: int = 0  # dirty games looked at
    rated: int = 0  # games rated incrementally
    replayed: int = 0  # games replayed after a snapshot
    removed: int = 0  # games no longer rated


def games_dirty_record(
    *, game_ids: Iterable[int], kinds: Mapping[int, str] | None = None
) -> dict[str, list[int]]:
    """Record games as dirty (``DirtyGame``) in the caller's transaction: the durable half of
    the hand-off, written with the change itself (``analytics.listeners``). A plain insert
    that ignores games already marked; no ``RatingStream`` lock is taken, so the move that
    finishes a game never waits for a running job. ``kinds`` gives the kind of games that are
    gone (deleted); the others are looked up. Returns the marked ids by kind."""
    ids = sorted({int(i) for i in game_ids})
    found: dict[int, str] = dict(kinds or {})
    missing = [i for i in ids if i not in found]
    if missing:
        found.update(Game.objects.filter(pk__in=missing).values_list("pk", "kind"))
        missing = [i for i in missing if i not in found]
    if missing:  # deleted games: their kind is where analytics recorded them
        found.update(RatedGame.objects.filter(game_id__in=missing).values_list("game_id", "kind"))
        found.update(StatGame.objects.filter(game_id__in=missing).values_list("game_id", "kind"))
    by_kind: dict[str, list[int]] = defaultdict(list)
    for game_id in ids:
        if game_id in found:
            by_kind[found[game_id]].append(game_id)
    DirtyGame.objects.bulk_create(
        [DirtyGame(game_id=g, kind=kind) for kind, gs in by_kind.items() for g in gs],
        ignore_conflicts=True,
    )
    return dict(by_kind)


@transaction.atomic
def games_mark_dirty(*, game_ids: Iterable[int]) -> list[str]:
    """Mark games for (re)rating and queue one job per kind unless one is pending (the
    worker's half of the hand-off: the wake-up ``games_finished``).

    Returns the kinds whose job this call queued (after commit). Idempotent."""
    by_kind = games_dirty_record(game_ids=game_ids)
    queued: list[str] = []
    for kind in sorted(by_kind):
        stream = locked_stream(kind)
        if not stream.queued:
            stream.queued = True
            stream.save(update_fields=["queued", "updated"])
            queued.append(kind)
            wakeups.queue(wakeups.PROCESS_DIRTY, kind=kind)
    return queued


def _chunks(ids: list[int], size: int = 10_000) -> Iterator[list[int]]:
    for start in range(0, len(ids), size):
        yield ids[start : start + size]


@transaction.atomic
def ratings_process_dirty(*, kind: str) -> ProcessReport:
    """Rate the kind's dirty games: incrementally when they all come after the head, else by
    replaying from the latest snapshot before the earliest change. Idempotent."""
    stream = locked_stream(kind)
    stream.queued = False
    marks = list(DirtyGame.objects.filter(kind=kind).values_list("pk", "game_id"))
    dirty = sorted({game_id for _, game_id in marks})
    for part in _chunks([pk for pk, _ in marks]):  # a mark written meanwhile stays
        DirtyGame.objects.filter(pk__in=part).delete()
    current = {g.game_id: g for g in games_loaded(game_ids=dirty) if g.result.kind == kind}
    old = {
        r.game_id: r for part in _chunks(dirty) for r in RatedGame.objects.filter(game_id__in=part)
    }
    gone = [
        r
        for gid, r in old.items()
        if gid not in current or current[gid].fingerprint != r.fingerprint
    ]
    new = [
        g for gid, g in current.items() if gid not in old or old[gid].fingerprint != g.fingerprint
    ]
    report = ProcessReport(kind=kind, games=len(dirty))
    if not gone and not new:
        stream.save(update_fields=["queued", "updated"])
        statistics_games_update(kind=kind, game_ids=dirty)
        return report
    head = (stream.head_order, stream.head_game)
    new.sort(key=lambda g: game_key(g.result))
    RatedGame.objects.filter(game_id__in=[r.game_id for r in gone]).delete()
    insert_rows(RatedGame, RATED_COLUMNS, [rated_row(g) for g in new])
    if not gone and (stream.games == 0 or game_key(new[0].result) > head):
        append(stream, new)
        report = replace(report, rated=len(new))
    else:
        earliest = min([r.order for r in gone] + [g.result.order for g in new])
        replayed = replay_after(stream, before=earliest)
        report = replace(report, replayed=replayed, removed=len(gone))
        statistics_ratings_replayed(kind=kind, since=earliest)
    stream.version += 1
    stream.save()
    statistics_games_update(kind=kind, game_ids=dirty)
    return report


@transaction.atomic
def ratings_recompute(*, kind: str, progress: ProgressCallback | None = None) -> int:
    """Forget the kind's ratings and rate every finished game again from scratch.

    Returns the number of games rated. Pending dirty rows stay: processing them afterwards
    finds nothing changed (fingerprints) and is a no-op."""
    stream = locked_stream(kind)
    RatedGame.objects.filter(kind=kind).delete()
    loaded = list(games_loaded(kind=kind))
    insert_rows(RatedGame, RATED_COLUMNS, [rated_row(g) for g in loaded])
    RatingSnapshot.objects.filter(kind=kind).delete()
    rated = rewrite(stream, EMPTY_SNAPSHOT, loaded, len(loaded), progress=progress)
    stream.version += 1
    stream.save()
    analyze(RatedGame, Rating, RatingHistory, RatingSnapshot)
    return rated


def ratings_recompute_request(*, kind: str) -> JobProgress:
    """Ask the worker for a full recompute of ``kind`` as a job the site shows; the job row
    records the task, so a job whose worker died is queued again (``analytics.recovery``)."""
    with transaction.atomic():
        job = job_start(
            name=f"Recompute {kind} ratings", task=wakeups.RECOMPUTE, arguments={"kind": kind}
        )
        wakeups.queue(wakeups.RECOMPUTE, kind=kind, job_id=job.pk)
    return job


def ratings_recompute_job(
    *,
    kind: str,
    job_id: int | None = None,
    progress: ProgressCallback | None = None,
    worker: str = "",
) -> int:
    """Recompute ``kind`` as a job the site shows; ``progress`` also gets every step.

    With ``job_id`` (a queued job), ``worker`` claims it first: a job already done (a message
    delivered again) or run by another live worker is left alone (returns 0). The recompute is
    one transaction: a worker killed in the middle leaves the ratings as they were."""
    if job_id is None:
        job = job_start(name=f"Recompute {kind} ratings")
    else:
        claimed = job_claim(job_id=job_id, worker=worker)
        if claimed is None:
            return 0
        job = claimed
    last = [0, 0]

    def report(done: int, total: int, message: str) -> None:
        last[:] = [done, total]
        job_progress_report(job_id=job.pk, done=done, total=total, message=message)
        if progress:
            progress(done, total, message)

    try:
        rated = ratings_recompute(kind=kind, progress=report)
    except Exception as error:
        job_finish(job_id=job.pk, done=last[0], total=last[1], message=str(error), failed=True)
        raise
    job_finish(job_id=job.pk, done=rated, total=rated, message=f"{rated} games rated")
    return rated
