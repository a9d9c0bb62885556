"""Full recompute of MatriO ratings against openskill alone: prints figures, asserts nothing.

    python bench/ratings.py [--games 100000] [--players 2000] [--clubs 20] [--repeat 3]

Synthetic games (no engine, to keep it fast): ``--players`` players, each a member of one of
``--clubs`` clubs; a game is played in a random club by four of its members, each
withdrawing with probability ``--withdraw`` (at least one finishes), the others scoring a
random whole number in -300..900, so ties and withdrawals occur as at a club table. Every
game is a club game, so the platform rates it twice (the MatriO pool and the club's pool).

Timed, best of ``--repeat``:

* openskill alone: ``PlackettLuce().rate(teams, ranks=...)`` per game, ratings in a dict,
  once over the games (one pool) and once per pool (the same openskill work as the platform);
* the platform: ``analytics.compute.ratings.recompute`` (both pools, history rows, ties
  averaged over their orders, a snapshot every 1000 games), and the same without clubs.

Database writes are not included: that is the shell's part.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from openskill.models import PlackettLuce  # noqa: E402

from analytics.compute.ratings import pools_of, recompute  # noqa: E402
from analytics.compute.results import MATRIO, GameResult, seats_from_scores  # noqa: E402


def synthetic_games(count: int, players: int, clubs: int, withdraw: float) -> list[GameResult]:
    rng = random.Random(2026)
    members = [[f"p{i:05d}" for i in range(c, players, clubs)] for c in range(clubs)]
    games = []
    for number in range(count):
        club_number = rng.randrange(clubs)
        seated = rng.sample(members[club_number], 4)
        scores: list[int | None] = [
            None if rng.random() < withdraw else rng.randint(-300, 900) for _ in range(4)
        ]
        if all(s is None for s in scores):
            scores[0] = rng.randint(-300, 900)
        game_id = f"{number:07d}"
        seats = seats_from_scores(seated, scores)
        games.append(GameResult(game_id, MATRIO, game_id, seats, f"c{club_number}"))
    return games


def bare_openskill(games: list[GameResult], *, per_pool: bool) -> None:
    model = PlackettLuce()
    ratings: dict[tuple[str, str], object] = {}
    for game in games:
        ranks = [float(s.rank) for s in game.seats]
        for pool in pools_of(game) if per_pool else (MATRIO,):
            keys = [(pool, s.player_id) for s in game.seats]
            teams = [[ratings.get(k) or model.rating()] for k in keys]
            new = model.rate(teams, ranks=ranks)  # type: ignore[arg-type]
            for key, team in zip(keys, new, strict=True):
                ratings[key] = team[0]


def best_of(repeat: int, run: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--clubs", type=int, default=20)
    parser.add_argument("--withdraw", type=float, default=0.2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    games = synthetic_games(args.games, args.players, args.clubs, args.withdraw)
    local = [GameResult(g.game_id, g.kind, g.order, g.seats) for g in games]
    tied = sum(1 for g in games if len({s.rank for s in g.seats}) < 4)
    print(
        f"{len(games):,} MatriO games, {args.players:,} players, {args.clubs} clubs; "
        f"{tied / len(games):.1%} with a tie or withdrawals"
    )
    bare_one = best_of(args.repeat, lambda: bare_openskill(games, per_pool=False))
    bare_two = best_of(args.repeat, lambda: bare_openskill(games, per_pool=True))
    ours_one = best_of(args.repeat, lambda: recompute(local))
    ours_two = best_of(args.repeat, lambda: recompute(games))
    rows = [
        ("openskill alone, MatriO pool", bare_one, None),
        ("openskill alone, MatriO + club pools", bare_two, None),
        ("platform recompute, MatriO pool", ours_one, ours_one / bare_one),
        ("platform recompute, MatriO + club pools", ours_two, ours_two / bare_two),
    ]
    for name, seconds, ratio in rows:
        extra = "" if ratio is None else f"   {ratio:.2f}x openskill alone on the same pools"
        print(f"{name:42s} {seconds:7.2f} s  {len(games) / seconds:9,.0f} games/s{extra}")
    print(
        f"platform (both pools) vs openskill alone on one pool: {ours_two / bare_one:.2f}x "
        "(the platform rates each club game twice)"
    )


if __name__ == "__main__":
    main()
