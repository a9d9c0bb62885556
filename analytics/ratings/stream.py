"""The rating stream's tables, changed under its lock: rating new games after the head, replaying
from a stored snapshot, and rewriting every rating of a kind.

Terms: a kind's *stream* (``RatingStream``) is locked (``locked_stream``) for every change to
its ratings and holds the *head* (the last game rated). ``append`` rates games that all come
after the head, reading and writing only their players' rows; ``replay_after`` replays the
suffix from the latest snapshot before a change (an older game edited, deleted or imported
late); ``rewrite`` stores the outcome of rating a run of games after a snapshot (history by
COPY, ``Rating`` rows, a ``RatingSnapshot`` every ``SNAPSHOT_EVERY`` games). Each gives exactly
the numbers of a full recompute (``analytics.compute.ratings``). The entry points are in
``analytics.ratings.services``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence

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
from analytics.jobs import ProgressCallback
from analytics.models import RatedGame, Rating, RatingHistory, RatingSnapshot, RatingStream
from analytics.ratings.games import LoadedGame, games_loaded
from infra.bulk import insert_rows, update_rows


def locked_stream(kind: str) -> RatingStream:
    RatingStream.objects.get_or_create(kind=kind)
    return RatingStream.objects.select_for_update().get(kind=kind)


RATED_COLUMNS = ("game_id", "kind", "club_id", "order", "fingerprint")


def rated_row(game: LoadedGame) -> tuple[int, str, int, str, str]:
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


def append(stream: RatingStream, games: Sequence[LoadedGame]) -> None:
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
        changes = rate_game(book, game.result)
        for change in changes:
            book[change.pool][change.player_id] = change.rating
        history.extend(changes)
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


def replay_after(
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
    return rewrite(stream, snapshot, games_loaded(game_ids=ids), len(ids), progress=progress)


def rewrite(
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
