"""Do the ratings recover the true order of skill? Prints figures, asserts nothing.

    python bench/simulate_ratings.py [--players 64] [--rounds 100] [--simple-seeds 20]
                                     [--engine-seeds 2] [--workers 2]

Two simulations (``analytics.compute.simulation``), each reporting the Spearman correlation
of true skill with rated mu after 10, 30 and 100 games per player, averaged over seeds:

* simple: skills N(0, 1); each table's finishing order is ``skill + N(0, 0.8)``, no engine;
* engine: skills uniform in [0, 1]; every table is a real MatriO game,
  ``random_game(seed, ["mixed:<skill>"] * 4)`` (greedy move with probability skill, else a
  random legal one), ranked by the replayed scores, withdrawn players last.

Each is rated by openskill alone (``PlackettLuce().rate`` with the places, ties as openskill
does them) and by the platform (``analytics.compute.ratings``: withdrawn last, ties averaged
over their orders, a JSON snapshot round trip and ``replay_suffix`` at every checkpoint), and,
on the engine games, by the platform with openskill's margin of victory switched on.
Engine games are played in ``--workers`` processes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from analytics.compute.rating_models import ModelParams  # noqa: E402
from analytics.compute.results import GameResult  # noqa: E402
from bench.rating_simulation import (  # noqa: E402
    CHECKPOINTS,
    Recovery,
    Simulation,
    bare_recovery,
    engine_scores,
    game_results,
    make_simulation,
    platform_recovery,
    simple_scores,
)

Rater = Callable[[Simulation, Sequence[GameResult]], tuple[Recovery, ...]]


def line(name: str, runs: list[tuple[Recovery, ...]]) -> str:
    cells = []
    for index, games in enumerate(CHECKPOINTS):
        values = [run[index].spearman for run in runs]
        spread = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
        cells.append(f"{games:>3} games {statistics.mean(values):.3f} ±{spread:.3f}")
    return f"  {name:44s}" + "   ".join(cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=max(CHECKPOINTS))
    parser.add_argument("--simple-seeds", type=int, default=20)
    parser.add_argument("--engine-seeds", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    margin = ModelParams(matrio_margin=100.0)
    raters: dict[str, Rater] = {
        "openskill alone (places)": bare_recovery,
        "platform": platform_recovery,
    }

    print(f"simple simulation: {args.players} players, {args.simple_seeds} seeds (± = s.e.)")
    results: dict[str, list[tuple[Recovery, ...]]] = {name: [] for name in raters}
    for seed in range(args.simple_seeds):
        sim = make_simulation(players=args.players, rounds=args.rounds, seed=seed, spread="gauss")
        games = game_results(sim.tables, map(simple_scores, sim.tables), with_scores=False)
        for name, rate in raters.items():
            results[name].append(rate(sim, games))
    for name, runs in results.items():
        print(line(name, runs))

    print(f"engine simulation: {args.players} players, {args.engine_seeds} seeds (MatriO engine)")
    results = {name: [] for name in [*raters, "platform with margin of victory 100"]}
    played = 0
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for seed in range(args.engine_seeds):
            sim = make_simulation(players=args.players, rounds=args.rounds, seed=1000 + seed)
            scores = list(pool.map(engine_scores, sim.tables, chunksize=16))
            played += len(scores)
            games = game_results(sim.tables, scores, with_scores=True)
            for name, rate in raters.items():
                results[name].append(rate(sim, games))
            results["platform with margin of victory 100"].append(
                platform_recovery(sim, games, params=margin)
            )
    seconds = time.perf_counter() - start
    for name, runs in results.items():
        print(line(name, runs))
    print(
        f"  {played:,} engine games in {seconds:.0f} s with {args.workers} workers "
        f"({seconds / played * 1000 * args.workers:.0f} ms per game per worker)"
    )


if __name__ == "__main__":
    main()
