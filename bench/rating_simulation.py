"""Rating checks against truth: simulated players of known skill, rated game by game.

Terms:

* A *simulation* is ``players`` players with a known ``skill``, playing ``rounds`` rounds; in
  each round the players are shuffled into random tables of four, so after round k everyone
  has played k games.
* The *simple* simulation draws each table's finishing order from the true skills (a
  performance ``skill + noise``, highest first, with Gaussian noise): no engine, no scores.
* The *engine* simulation plays every table with the real MatriO engine,
  ``random_game(seed, ["mixed:<skill>", ...])``: a player of skill s picks the greedy move
  with probability s, else a random legal move. Scores come from replaying the record; ranks
  from the scores, withdrawn players last.
* *Recovery* is the Spearman rank correlation between true skill and rated ``mu`` after a
  given number of games per player.

Invariants: every simulation is a function of its seed; the platform is run the way the
site runs it: ratings go through a JSON snapshot (the database round trip) at every
checkpoint and continue with :func:`~analytics.compute.ratings.replay_suffix`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from analytics.compute.rating_models import DEFAULT_PARAMS, ModelParams
from analytics.compute.ratings import EMPTY_SNAPSHOT, Snapshot, replay_suffix
from analytics.compute.results import MATRIO, GameResult, SeatResult, competition_ranks
from games.engine.matrio import random_game
from games.engine.replay import replay_text

CHECKPOINTS = (10, 30, 100)
SIMPLE_NOISE = 0.8


@dataclass(frozen=True, slots=True)
class Table:
    """One game to play: the engine seed, the four players (P1..P4) and their skills."""

    round: int
    number: int
    seed: int
    players: tuple[str, ...]
    skills: tuple[float, ...]

    @property
    def game_id(self) -> str:
        return f"r{self.round:04d}t{self.number:03d}"


@dataclass(frozen=True, slots=True)
class Simulation:
    """Players with their true skill and the tables of every round."""

    skills: dict[str, float]
    tables: tuple[Table, ...]


@dataclass(frozen=True, slots=True)
class Recovery:
    """Spearman correlation of true skill with rated mu after ``games`` games per player."""

    games: int
    spearman: float


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rho: Pearson correlation of the ranks (ties get their average rank)."""
    if len(xs) != len(ys) or len(xs) < 2:
        raise ValueError("spearman needs two sequences of equal length, at least 2")
    rx, ry = _average_ranks(xs), _average_ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    if vx == 0 or vy == 0:
        return 0.0
    return float(cov / (vx * vy) ** 0.5)


def _average_ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def make_simulation(
    *,
    players: int = 64,
    rounds: int = 100,
    seed: int = 0,
    spread: str = "uniform",
    skills: Sequence[float] | None = None,
) -> Simulation:
    """Players ``p000``.. with skills uniform in [0, 1] (``spread="gauss"``: standard normal,
    or the given ``skills``) and, per round, a random partition into tables of four."""
    if skills is not None:
        players = len(skills)
    if players % 4:
        raise ValueError("the players must fill tables of four")
    rng = random.Random(seed)
    ids = [f"p{i:03d}" for i in range(players)]
    draw: Callable[[], float] = rng.random if spread == "uniform" else lambda: rng.gauss(0, 1)
    values = list(skills) if skills is not None else [draw() for _ in ids]
    skill_of = dict(zip(ids, values, strict=True))
    tables: list[Table] = []
    for round_ in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        for number in range(players // 4):
            seated = tuple(order[4 * number : 4 * number + 4])
            tables.append(
                Table(
                    round_, number, rng.getrandbits(32), seated, tuple(skill_of[p] for p in seated)
                )
            )
    return Simulation(skill_of, tuple(tables))


def simple_scores(table: Table, noise: float = SIMPLE_NOISE) -> tuple[float, ...]:
    """Performances ``skill + N(0, noise)`` drawn from the table's seed (highest finishes first)."""
    rng = random.Random(table.seed)
    return tuple(s + rng.gauss(0.0, noise) for s in table.skills)


def engine_scores(table: Table) -> tuple[int | None, ...]:
    """Final MatriO scores (``None``: withdrawn) of the table played by the real engine."""
    text = random_game(table.seed, [f"mixed:{skill!r}" for skill in table.skills])
    result = next(replay_text(text))
    totals: dict[str, int | None] = result["scores"]
    return tuple(totals[seat] for seat in ("P1", "P2", "P3", "P4"))


def game_results(
    tables: Iterable[Table], scores: Iterable[Sequence[float | None]], *, with_scores: bool
) -> list[GameResult]:
    """MatriO game rows: ranks from the scores (ties share, withdrawn last); the scores
    themselves are passed on only ``with_scores`` (the simple simulation has places only)."""
    games = []
    for table, row in zip(tables, scores, strict=True):
        ranks = competition_ranks(row)
        seats = tuple(
            SeatResult(p, rank, score if with_scores else None, score is None)
            for p, score, rank in zip(table.players, row, ranks, strict=True)
        )
        games.append(GameResult(table.game_id, MATRIO, table.game_id, seats))
    return games


def _by_round(games: Sequence[GameResult], per_round: int) -> list[list[GameResult]]:
    return [list(games[i : i + per_round]) for i in range(0, len(games), per_round)]


def platform_recovery(
    sim: Simulation,
    games: Sequence[GameResult],
    *,
    checkpoints: Sequence[int] = CHECKPOINTS,
    params: ModelParams = DEFAULT_PARAMS,
) -> tuple[Recovery, ...]:
    """Recovery of the platform's ratings; between checkpoints the ratings go through a JSON
    snapshot and continue with ``replay_suffix``, as the site's stored state would."""
    per_round = len(sim.skills) // 4
    rounds = _by_round(games, per_round)
    snapshot = EMPTY_SNAPSHOT
    out: list[Recovery] = []
    done = 0
    for checkpoint in checkpoints:
        segment = [g for r in rounds[done:checkpoint] for g in r]
        final = replay_suffix(snapshot, segment, params=params, snapshot_every=10**9).final
        snapshot = Snapshot.from_data(json.loads(json.dumps(final.as_data())))
        done = checkpoint
        ratings = snapshot.pools.get(MATRIO, {})
        mus = [ratings[p][0] if p in ratings else params.mu for p in sim.skills]
        out.append(Recovery(checkpoint, spearman(list(sim.skills.values()), mus)))
    return tuple(out)


def bare_recovery(
    sim: Simulation,
    games: Sequence[GameResult],
    *,
    checkpoints: Sequence[int] = CHECKPOINTS,
) -> tuple[Recovery, ...]:
    """Recovery of openskill alone: ``PlackettLuce().rate`` with the places, nothing else."""
    model = PlackettLuce()
    ratings = {p: model.rating() for p in sim.skills}
    per_round = len(sim.skills) // 4
    out: list[Recovery] = []
    for index, game in enumerate(games, start=1):
        teams = [[ratings[s.player_id]] for s in game.seats]
        new = model.rate(teams, ranks=[float(s.rank) for s in game.seats])
        for seat, team in zip(game.seats, new, strict=True):
            ratings[seat.player_id] = team[0]
        if index % per_round == 0 and index // per_round in checkpoints:
            mus = [ratings[p].mu for p in sim.skills]
            out.append(Recovery(index // per_round, spearman(list(sim.skills.values()), mus)))
    return tuple(out)
