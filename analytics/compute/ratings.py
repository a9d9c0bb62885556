"""Ratings: openskill (Weng-Lin) skill estimates per pool, updated game by game.

Terms:

* A *pool* is a set of players rated against each other: one per game kind over all clubs
  (label ``"matrio"``) and one per kind and club (``"matrio@<club>"``). A game updates the
  pools it belongs to, and in each only its own players.
* A *rating* is ``mu`` (estimated skill) and ``sigma`` (its uncertainty), openskill's scale:
  a new player has mu 25, sigma 25/3. The *display* rating is the conservative estimate
  ``mu - 3 sigma`` put on a club-friendly scale: ``round(1000 + 40 * (mu - 3 sigma))``, so a
  new player shows 1000 and climbs as games lower sigma. A rating with fewer than
  ``PROVISIONAL_GAMES`` games is *provisional*.
* Which model rates which kind, and how ties and withdrawals are fed to it: see
  ``rating_models``.
* A :class:`Snapshot` is the state of every pool after a given game, as plain data
  (``as_data``: dicts, lists, strings and floats) that the database stores as JSON.

Invariants: games are rated in :func:`~analytics.compute.results.game_key` order; a game's
update depends only on its players' ratings before it, so rating game by game
(:func:`rate_game`), recomputing from scratch (:func:`recompute`) and replaying the games after
a snapshot (:func:`replay_suffix`) give identical floats (``==``, not approximately). A seat's
position in the input never changes a number: sides are put in a canonical order first.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from analytics.compute.rating_models import (
    DEFAULT_PARAMS,
    ModelParams,
    Skill,
    openskill_model,
    sides,
    update_game,
)
from analytics.compute.results import GameResult, game_key

DISPLAY_BASE = 1000.0
DISPLAY_SCALE = 40.0
PROVISIONAL_GAMES = 10
SNAPSHOT_EVERY = 2000


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one pool and the number of games behind it."""

    mu: float
    sigma: float
    games: int = 0


@dataclass(frozen=True, slots=True)
class RatingRow:
    """The current rating of one player in one pool."""

    pool: str
    player_id: str
    mu: float
    sigma: float
    display: int
    games: int

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


class HistoryRow(NamedTuple):
    """One player's rating change from one game in one pool (a named tuple: a recompute
    makes millions, and a frozen dataclass takes several times longer to build)."""

    pool: str
    player_id: str
    game_id: str
    order: str
    rank: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    games: int

    @property
    def display_before(self) -> int:
        return display_rating(self.mu_before, self.sigma_before)

    @property
    def display(self) -> int:
        return display_rating(self.mu, self.sigma)

    @property
    def rating(self) -> Rating:
        """The rating after the game (what the shell stores as the player's current one)."""
        return Rating(self.mu, self.sigma, self.games)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Every pool's ratings after the game ``after`` (``None``: before any game), the
    ``games`` rated so far, and per pool ``player -> (mu, sigma, games)``."""

    after: tuple[str, str] | None
    games: int
    pools: Mapping[str, Mapping[str, tuple[float, float, int]]]

    def rating(self, pool: str, player_id: str) -> Rating | None:
        entry = self.pools.get(pool, {}).get(player_id)
        return None if entry is None else Rating(*entry)

    def as_data(self) -> dict[str, Any]:
        """Plain JSON-ready data (sorted); floats survive a JSON round trip exactly."""
        return {
            "after": None if self.after is None else list(self.after),
            "games": self.games,
            "pools": {
                pool: {p: list(self.pools[pool][p]) for p in sorted(self.pools[pool])}
                for pool in sorted(self.pools)
            },
        }

    @staticmethod
    def from_data(data: Mapping[str, Any]) -> Snapshot:
        after = data["after"]
        return Snapshot(
            after=None if after is None else (str(after[0]), str(after[1])),
            games=int(data["games"]),
            pools={
                str(pool): {
                    str(p): (float(mu), float(sigma), int(games))
                    for p, (mu, sigma, games) in players.items()
                }
                for pool, players in data["pools"].items()
            },
        )


EMPTY_SNAPSHOT = Snapshot(after=None, games=0, pools={})


@dataclass(frozen=True, slots=True)
class Recomputed:
    """The result of rating a run of games: final ratings, history, periodic snapshots."""

    ratings: tuple[RatingRow, ...]
    history: tuple[HistoryRow, ...]
    snapshots: tuple[Snapshot, ...]
    final: Snapshot


def display_rating(mu: float, sigma: float) -> int:
    """The rating club members see: ``round(1000 + 40 * (mu - 3 sigma))``."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - 3.0 * sigma))


def pool_label(kind: str, club: str | None = None) -> str:
    return kind if club is None else f"{kind}@{club}"


def pools_of(game: GameResult) -> tuple[str, ...]:
    """The pools a game is rated in: its kind's, then its club's."""
    if game.club is None:
        return (game.kind,)
    return (game.kind, pool_label(game.kind, game.club))


# --- rating one game ------------------------------------------------------------------------


def rate_game(
    book: Mapping[str, Mapping[str, Rating]],
    game: GameResult,
    params: ModelParams = DEFAULT_PARAMS,
) -> tuple[HistoryRow, ...]:
    """The rating changes one game makes, in each of its pools, for its players only.

    ``book`` maps a pool label to the current ratings of (at least) this game's players;
    a player missing from it is new. The rows' ``rating`` are the players' new ratings.
    """
    book_state = _Book(params)
    for pool in pools_of(game):
        current = book.get(pool, {})
        model = openskill_model(game.kind, params)
        entries = book_state.pools.setdefault(pool, {})
        for side in sides(game):
            for player in side.players:
                if player in current:
                    known = current[player]
                    entries[player] = (model.rating(known.mu, known.sigma), known.games)
    return book_state.rate(game)


class _Book:
    """The mutable state behind a run of games: per pool, player -> (openskill rating, games)."""

    def __init__(self, params: ModelParams, snapshot: Snapshot = EMPTY_SNAPSHOT) -> None:
        self.params = params
        self.after = snapshot.after
        self.games = snapshot.games
        self.pools: dict[str, dict[str, tuple[Skill, int]]] = {}
        for pool, players in snapshot.pools.items():
            model = openskill_model(pool.split("@", 1)[0], params)
            self.pools[pool] = {
                p: (model.rating(mu, sigma), games) for p, (mu, sigma, games) in players.items()
            }

    def rate(self, game: GameResult) -> tuple[HistoryRow, ...]:
        game_sides = sides(game)
        self.after = game_key(game)
        self.games += 1
        if len(game_sides) < 2:
            return ()
        model = openskill_model(game.kind, self.params)
        rows: list[HistoryRow] = []
        game_id, order = game.game_id, game.order
        for pool in pools_of(game):
            entries = self.pools.get(pool)
            if entries is None:
                entries = self.pools[pool] = {}
            seated: list[tuple[int, str, float, float, int]] = []
            teams: list[list[Any]] = []
            for side in game_sides:
                team: list[Any] = []
                for player in side.players:
                    entry = entries.get(player)
                    if entry is None:
                        entry = entries[player] = (model.rating(), 0)
                    skill, played = entry
                    seated.append((side.rank, player, skill.mu, skill.sigma, played + 1))
                    team.append(skill)
                teams.append(team)
            new = update_game(model, game.kind, self.params, game_sides, teams)
            updated = [skill for team in new for skill in team]
            for (rank, player, mu, sigma, played), skill in zip(seated, updated, strict=True):
                entries[player] = (skill, played)
                rows.append(
                    HistoryRow(
                        pool, player, game_id, order, rank, mu, sigma, skill.mu, skill.sigma, played
                    )
                )
        return tuple(rows)

    def snapshot(self) -> Snapshot:
        return Snapshot(
            after=self.after,
            games=self.games,
            pools={
                pool: {p: (s.mu, s.sigma, g) for p, (s, g) in players.items()}
                for pool, players in self.pools.items()
            },
        )

    def rows(self) -> tuple[RatingRow, ...]:
        out = [
            RatingRow(pool, p, s.mu, s.sigma, display_rating(s.mu, s.sigma), g)
            for pool, players in self.pools.items()
            for p, (s, g) in players.items()
        ]
        out.sort(key=lambda r: (r.pool, -r.display, -r.mu, r.player_id))
        return tuple(out)


# --- runs of games --------------------------------------------------------------------------


def _ordered(games: Iterable[GameResult]) -> list[GameResult]:
    ordered = sorted(games, key=game_key)
    seen: set[str] = set()
    for game in ordered:
        if game.game_id in seen:
            raise ValueError(f"game {game.game_id} is listed twice")
        seen.add(game.game_id)
    return ordered


def _run(book: _Book, games: list[GameResult], snapshot_every: int) -> Recomputed:
    if snapshot_every < 1:
        raise ValueError("snapshot_every must be at least 1")
    history: list[HistoryRow] = []
    snapshots: list[Snapshot] = []
    collecting = gc.isenabled()
    gc.disable()  # millions of small rows, no cycles: the cyclic collector only costs time
    try:
        for game in games:
            history.extend(book.rate(game))
            if book.games % snapshot_every == 0:
                snapshots.append(book.snapshot())
    finally:
        if collecting:
            gc.enable()
    return Recomputed(book.rows(), tuple(history), tuple(snapshots), book.snapshot())


def recompute(
    games: Iterable[GameResult],
    *,
    params: ModelParams = DEFAULT_PARAMS,
    snapshot_every: int = SNAPSHOT_EVERY,
) -> Recomputed:
    """Rate every game from scratch, in game order; a snapshot every ``snapshot_every`` games."""
    return _run(_Book(params), _ordered(games), snapshot_every)


def replay_suffix(
    snapshot: Snapshot,
    games_after: Iterable[GameResult],
    *,
    params: ModelParams = DEFAULT_PARAMS,
    snapshot_every: int = SNAPSHOT_EVERY,
) -> Recomputed:
    """Continue from a snapshot with the games after it (all of them, edited or not).

    To edit, delete or insert an older game, the shell takes the latest snapshot before that
    game, drops the history after it and replays every game after it; the result equals a
    full :func:`recompute` exactly, snapshots included (they fall on the same game counts).
    """
    games = _ordered(games_after)
    if snapshot.after is not None and games and game_key(games[0]) <= snapshot.after:
        raise ValueError(
            f"game {games[0].game_id} is not after the snapshot (taken after game "
            f"{snapshot.after[1]}): replay from an earlier snapshot"
        )
    return _run(_Book(params, snapshot), games, snapshot_every)
