"""Writes for analytics: worker heartbeats and task pings.

Every function takes keyword-only arguments and is one transaction. Tasks that a write needs
are queued with ``transaction.on_commit``, so a worker never sees a row that is not committed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from analytics.compute.rating_models import sides
from analytics.compute.ratings import (
    EMPTY_SNAPSHOT,
    SNAPSHOT_EVERY,
    HistoryRow,
    Snapshot,
    display_rating,
    pools_of,
    rate_game,
    replay_suffix,
)
from analytics.compute.ratings import Rating as RatingValue
from analytics.compute.results import GameResult, game_key
from analytics.models import (
    DirtyGame,
    JobProgress,
    RatedGame,
    Rating,
    RatingHistory,
    RatingSnapshot,
    RatingStream,
    TaskPing,
    WorkerHeartbeat,
)
from analytics.selectors import LoadedGame, games_loaded
from analytics.statistics import statistics_games_update, statistics_ratings_replayed
from games.models import Game
from infra.bulk import analyze, insert_rows, update_rows


@transaction.atomic
def worker_heartbeat_record(
    *, hostname: str, starting: bool = False, now: datetime | None = None
) -> WorkerHeartbeat:
    """Refresh ``hostname``'s heartbeat; ``starting`` also resets its start time."""
    now = now or timezone.now()
    defaults = {"beat_at": now, "started_at": now} if starting else {"beat_at": now}
    beat, _ = WorkerHeartbeat.objects.update_or_create(
        hostname=hostname, defaults=defaults, create_defaults={"beat_at": now, "started_at": now}
    )
    return beat


@transaction.atomic
def worker_heartbeat_clear(*, hostname: str) -> None:
    """Forget a worker that shut down cleanly."""
    WorkerHeartbeat.objects.filter(hostname=hostname).delete()


@transaction.atomic
def task_ping_request(*, token: str) -> TaskPing:
    """Create a ping and ask a worker, once this transaction commits, to answer it."""
    from analytics.tasks import answer_ping

    ping = TaskPing.objects.create(token=token)
    transaction.on_commit(lambda: answer_ping.delay(ping_id=ping.pk))
    return ping


@transaction.atomic
def task_ping_answer(*, ping_id: int, answered_by: str) -> bool:
    """Mark the ping answered; a second answer changes nothing. True if this call answered."""
    updated = TaskPing.objects.filter(pk=ping_id, answered_at__isnull=True).update(
        answered_at=timezone.now(), answered_by=answered_by
    )
    return updated == 1


# --- ratings ---------------------------------------------------------------------------------
#
# Terms: a kind's *stream* (``RatingStream``) is locked for every change to its ratings. A
# finished, reopened, edited or deleted game is first marked *dirty*; one ``process_dirty``
# job per kind then compares each dirty game with what was rated (``RatedGame``: order key and
# fingerprint). New games after the head are rated incrementally (only their players' rows are
# read and written); anything else (an older game edited, deleted or imported late) replays
# the suffix from the latest stored snapshot before it. Both give exactly the numbers of a
# full recompute (``analytics.compute.ratings``), which ``ratings_recompute`` performs.

ProgressCallback = Callable[[int, int, str], None]


@dataclass(frozen=True)
class ProcessReport:
    kind: str
    games: int = 0  # dirty games looked at
    rated: int = 0  # games rated incrementally
    replayed: int = 0  # games replayed after a snapshot
    removed: int = 0  # games no longer rated


def _locked_stream(kind: str) -> RatingStream:
    RatingStream.objects.get_or_create(kind=kind)
    return RatingStream.objects.select_for_update().get(kind=kind)


@transaction.atomic
def games_mark_dirty(*, game_ids: Iterable[int]) -> list[str]:
    """Mark games for (re)rating and queue one job per kind unless one is pending.

    Returns the kinds whose job this call queued (after commit). Idempotent."""
    ids = sorted({int(i) for i in game_ids})
    kinds: dict[int, str] = dict(
        RatedGame.objects.filter(game_id__in=ids).values_list("game_id", "kind")
    )
    kinds.update(Game.objects.filter(pk__in=ids).values_list("pk", "kind"))
    by_kind: dict[str, list[int]] = defaultdict(list)
    for game_id, kind in kinds.items():
        by_kind[kind].append(game_id)
    queued: list[str] = []
    for kind in sorted(by_kind):
        stream = _locked_stream(kind)
        DirtyGame.objects.bulk_create(
            [DirtyGame(game_id=g, kind=kind) for g in by_kind[kind]], ignore_conflicts=True
        )
        if not stream.queued:
            stream.queued = True
            stream.save(update_fields=["queued", "updated"])
            queued.append(kind)
            transaction.on_commit(partial(_enqueue_process, kind))
    return queued


def _enqueue_process(kind: str) -> None:
    from analytics.tasks import process_dirty

    process_dirty.delay(kind=kind)


@transaction.atomic
def ratings_process_dirty(*, kind: str) -> ProcessReport:
    """Rate the kind's dirty games: incrementally when they all come after the head, else by
    replaying from the latest snapshot before the earliest change. Idempotent."""
    stream = _locked_stream(kind)
    stream.queued = False
    dirty = list(DirtyGame.objects.filter(kind=kind).values_list("game_id", flat=True))
    DirtyGame.objects.filter(kind=kind, game_id__in=dirty).delete()
    current = {g.game_id: g for g in games_loaded(game_ids=dirty) if g.result.kind == kind}
    old = {r.game_id: r for r in RatedGame.objects.filter(game_id__in=dirty)}
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
    insert_rows(RatedGame, RATED_COLUMNS, [_rated_row(g) for g in new])
    if not gone and (stream.games == 0 or game_key(new[0].result) > head):
        _append(stream, new)
        report = replace(report, rated=len(new))
    else:
        earliest = min([r.order for r in gone] + [g.result.order for g in new])
        replayed = _replay_after(stream, before=earliest)
        report = replace(report, replayed=replayed, removed=len(gone))
        statistics_ratings_replayed(kind=kind, since=earliest)
    stream.version += 1
    stream.save()
    statistics_games_update(kind=kind, game_ids=dirty)
    return report


RATED_COLUMNS = ("game_id", "kind", "club_id", "order", "fingerprint")


def _rated_row(game: LoadedGame) -> tuple[Any, ...]:
    return (game.game_id, game.result.kind, game.club_id, game.result.order, game.fingerprint)


RATING_COLUMNS = (
    "pool",
    "kind",
    "club_slug",
    "player_key",
    "player_id",
    "name",
    "mu",
    "sigma",
    "display",
    "games",
)


def _pool_row(pool: str) -> tuple[str, str, str]:
    """``pool``, ``kind`` and ``club_slug`` of a pool name (``kind`` or ``kind@club``)."""
    kind, _, club = pool.partition("@")
    return pool, kind, club


def _pool_fields(pool: str) -> dict[str, str]:
    return dict(zip(RATING_COLUMNS, _pool_row(pool), strict=False))


def _player_fk(key: str) -> int | None:
    return int(key) if key.isdigit() else None


def _append(stream: RatingStream, games: Sequence[LoadedGame]) -> None:
    """Rate games that all come after the stream's head: only their players are touched."""
    pools = {pool for g in games for pool in pools_of(g.result)}
    keys = {p for g in games for side in sides(g.result) for p in side.players}
    names = {k: v for g in games for k, v in g.names.items()}
    stored = {
        (r.pool, r.player_key): r
        for r in Rating.objects.filter(pool__in=pools, player_key__in=keys)
    }
    book: dict[str, dict[str, RatingValue]] = defaultdict(dict)
    for (pool, key), row in stored.items():
        book[pool][key] = RatingValue(row.mu, row.sigma, row.games)
    history: list[HistoryRow] = []
    for game in games:
        rows = rate_game(book, game.result)
        for row in rows:
            book[row.pool][row.player_id] = row.rating
        history.extend(rows)
        stream.games += 1
        stream.head_order, stream.head_game = game_key(game.result)
        if stream.games % SNAPSHOT_EVERY == 0:
            _save_ratings(book, stored, names)
            _save_snapshot(stream.kind, _snapshot_from_table(stream))
    _save_ratings(book, stored, names)
    _insert_history(history)


def _save_ratings(
    book: Mapping[str, Mapping[str, RatingValue]],
    stored: dict[tuple[str, str], Rating],
    names: Mapping[str, str],
) -> None:
    create: list[Rating] = []
    update: list[Rating] = []
    for pool, players in book.items():
        for key, value in players.items():
            row = stored.get((pool, key))
            display = display_rating(value.mu, value.sigma)
            if row is None:
                row = Rating(
                    **_pool_fields(pool),
                    player_key=key,
                    player_id=_player_fk(key),
                    name=names.get(key, key),
                    mu=value.mu,
                    sigma=value.sigma,
                    display=display,
                    games=value.games,
                )
                stored[(pool, key)] = row
                create.append(row)
            elif (row.mu, row.sigma, row.games) != (value.mu, value.sigma, value.games):
                row.mu, row.sigma, row.games, row.display = (
                    value.mu,
                    value.sigma,
                    value.games,
                    display,
                )
                update.append(row)
    Rating.objects.bulk_create(create, batch_size=2000)
    changed = [(r.pk, r.mu, r.sigma, r.games, r.display) for r in update]
    update_rows(Rating, ("mu", "sigma", "games", "display"), changed)


def _snapshot_from_table(stream: RatingStream) -> Snapshot:
    pools: dict[str, dict[str, tuple[float, float, int]]] = defaultdict(dict)
    rows = Rating.objects.filter(kind=stream.kind).values_list(
        "pool", "player_key", "mu", "sigma", "games"
    )
    for pool, key, mu, sigma, games in rows:
        pools[pool][key] = (mu, sigma, games)
    return Snapshot(
        after=(stream.head_order, stream.head_game), games=stream.games, pools=dict(pools)
    )


def _save_snapshot(kind: str, snapshot: Snapshot) -> None:
    assert snapshot.after is not None
    RatingSnapshot.objects.update_or_create(
        kind=kind,
        games=snapshot.games,
        defaults={
            "after_order": snapshot.after[0],
            "after_game": snapshot.after[1],
            "data": snapshot.as_data(),
        },
    )


HISTORY_COLUMNS = (
    "pool",
    "kind",
    "player_key",
    "game_id",
    "order",
    "rank",
    "mu_before",
    "sigma_before",
    "mu",
    "sigma",
    "games",
    "display",
)


def _insert_history(rows: Iterable[HistoryRow]) -> None:
    """Insert history rows: COPY on PostgreSQL (hundreds of thousands in a recompute)."""
    values = (
        (
            r.pool,
            r.pool.partition("@")[0],
            r.player_id,
            int(r.game_id),
            r.order,
            r.rank,
            r.mu_before,
            r.sigma_before,
            r.mu,
            r.sigma,
            r.games,
            display_rating(r.mu, r.sigma),
        )
        for r in rows
    )
    insert_rows(RatingHistory, HISTORY_COLUMNS, values)


def _replay_after(
    stream: RatingStream, *, before: str, progress: ProgressCallback | None = None
) -> int:
    """Replay every rated game after the latest snapshot taken before ``before`` (an order
    key); returns how many games were replayed."""
    kind = stream.kind
    stored = (
        RatingSnapshot.objects.filter(kind=kind, after_order__lt=before).order_by("-games").first()
    )
    snapshot = EMPTY_SNAPSHOT if stored is None else Snapshot.from_data(stored.data)
    since = "" if snapshot.after is None else snapshot.after[0]
    ids = list(
        RatedGame.objects.filter(kind=kind, order__gt=since)
        .order_by("order")
        .values_list("game_id", flat=True)
    )
    return _rewrite(stream, snapshot, games_loaded(game_ids=ids), len(ids), progress=progress)


def _rewrite(
    stream: RatingStream,
    snapshot: Snapshot,
    games: Iterable[LoadedGame],
    total: int,
    *,
    progress: ProgressCallback | None = None,
) -> int:
    """Rate ``games`` (``total`` of them) after ``snapshot`` and store the outcome."""
    kind = stream.kind
    since = "" if snapshot.after is None else snapshot.after[0]
    names = dict(Rating.objects.filter(kind=kind).values_list("player_key", "name"))
    results: list[GameResult] = []
    for count, game in enumerate(games, start=1):
        results.append(game.result)
        names.update(game.names)
        if progress and count % 5000 == 0:
            progress(count, total, "reading games")
    results.sort(key=game_key)
    RatingSnapshot.objects.filter(kind=kind, games__gt=snapshot.games).delete()
    RatingHistory.objects.filter(kind=kind, order__gt=since).delete()
    Rating.objects.filter(kind=kind).delete()
    state = snapshot
    snapshots: list[Snapshot] = []

    def rated(step: int = 5000) -> Iterator[HistoryRow]:
        """The history, ``step`` games at a time: COPY sends each step's rows while the next
        step is rated, so PostgreSQL stores and indexes them meanwhile (on another core)."""
        nonlocal state
        for start in range(0, len(results), step):
            part = results[start : start + step]
            done = replay_suffix(state, part, snapshot_every=SNAPSHOT_EVERY)
            snapshots.extend(done.snapshots)
            state = done.final
            if progress:
                progress(min(start + step, len(results)), len(results), "rating games")
            yield from done.history

    _insert_history(rated())
    if progress:
        progress(len(results), len(results), "writing ratings")
    insert_rows(
        RatingSnapshot,
        ("kind", "games", "after_order", "after_game", "data"),
        [(kind, s.games, *(s.after or ("", "")), s.as_data()) for s in snapshots],
    )
    insert_rows(
        Rating,
        RATING_COLUMNS,
        [
            (
                *_pool_row(pool),
                key,
                _player_fk(key),
                names.get(key, key),
                mu,
                sigma,
                display_rating(mu, sigma),
                games,
            )
            for pool, players in state.pools.items()
            for key, (mu, sigma, games) in players.items()
        ],
    )
    stream.games = state.games
    stream.head_order, stream.head_game = state.after if state.after else ("", "")
    return len(results)


@transaction.atomic
def ratings_recompute(*, kind: str, progress: ProgressCallback | None = None) -> int:
    """Forget the kind's ratings and rate every finished game again from scratch.

    Returns the number of games rated. Pending dirty rows stay: processing them afterwards
    finds nothing changed (fingerprints) and is a no-op."""
    stream = _locked_stream(kind)
    RatedGame.objects.filter(kind=kind).delete()
    loaded = list(games_loaded(kind=kind))
    insert_rows(RatedGame, RATED_COLUMNS, [_rated_row(g) for g in loaded])
    RatingSnapshot.objects.filter(kind=kind).delete()
    rated = _rewrite(stream, EMPTY_SNAPSHOT, loaded, len(loaded), progress=progress)
    stream.version += 1
    stream.save()
    analyze(RatedGame, Rating, RatingHistory, RatingSnapshot)
    return rated


# --- long jobs -------------------------------------------------------------------------------
#
# A job's row is written outside the job's transaction; its running count goes to the cache
# (Redis in production, shared by web and workers), which no transaction hides.


def _progress_key(job_id: int) -> str:
    return f"analytics:job:{job_id}"


def job_start(*, name: str) -> JobProgress:
    return JobProgress.objects.create(name=name)


def job_progress_report(*, job_id: int, done: int, total: int, message: str) -> None:
    cache.set(_progress_key(job_id), (done, total, message), timeout=24 * 3600)


def job_finish(*, job_id: int, done: int, total: int, message: str, failed: bool = False) -> None:
    status = JobProgress.Status.FAILED if failed else JobProgress.Status.DONE
    JobProgress.objects.filter(pk=job_id).update(
        status=status, done=done, total=total, message=message[:300], updated_at=timezone.now()
    )
    cache.delete(_progress_key(job_id))


def ratings_recompute_job(
    *, kind: str, job_id: int | None = None, progress: ProgressCallback | None = None
) -> int:
    """Recompute ``kind`` as a job the site shows; ``progress`` also gets every step."""
    job = (
        JobProgress.objects.get(pk=job_id)
        if job_id is not None
        else job_start(name=f"Recompute {kind} ratings")
    )
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
