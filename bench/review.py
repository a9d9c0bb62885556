"""Speed and verdicts of the post-game review (``games.engine.review``): prints, asserts nothing.

    python bench/review.py [--games 20] [--only KIND] [--budget-ms MS]

For each game kind it reviews ``--games`` seeded random games (``random_game``; even seeds
with the ``random`` policy, odd seeds ``greedy``) with the review's default limits, on one
core, and prints the time per game (wall clock and this process's CPU time, which a busy
machine does not inflate), the time per move, the grade distribution and the average loss
per move. Matrix Overload also shows how many moves the solver could not settle, in how
many games it found where the deal was lost, and in how many it proved from which move the
deal was lost. ``--budget-ms`` gives the Mathematico advisor a time budget per move instead
of its fixed number of futures.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.engine import registry  # noqa: E402
from games.engine.review import GRADES, KINDS, GameReview, review  # noqa: E402


def pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def games_of(kind: str, count: int) -> list[str]:
    module = importlib.import_module(registry.MODULES[kind])
    return [
        module.random_game(seed, "random" if seed % 2 == 0 else "greedy") for seed in range(count)
    ]


def bench(kind: str, count: int, budget_ms: float | None) -> None:
    texts = games_of(kind, count)
    review(kind, texts[0], budget_ms=budget_ms)  # warm the caches (tables, imports)
    reviews: list[GameReview] = []
    wall = cpu = 0.0
    for text in texts:
        started, started_cpu = time.perf_counter(), time.process_time()
        reviews.append(review(kind, text, budget_ms=budget_ms))
        wall += time.perf_counter() - started
        cpu += time.process_time() - started_cpu
    moves = [move for done in reviews for move in done.moves]
    grades = Counter(move.grade for move in moves)
    shares = ", ".join(f"{g} {grades[g]} ({100 * grades[g] / len(moves):.1f}%)" for g in GRADES)
    loss = sum(move.loss for move in moves) / len(moves)
    print(f"{kind}: {count} games, {len(moves)} moves reviewed")
    print(
        f"  {1000 * wall / count:.0f} ms per game wall, {1000 * cpu / count:.0f} ms CPU; "
        f"{1000 * cpu / len(moves):.1f} ms CPU per move"
    )
    print(f"  grades: {shares}")
    print(f"  average loss per move: {loss:.2f}")
    if kind == "matrix-overload":
        unknown = sum(1 for move in moves if move.value is None)
        lost = sum(1 for done in reviews if done.details.get("lost_at"))
        proved = sum(1 for done in reviews if done.details.get("unwinnable_from"))
        print(
            f"  unknown: {unknown} moves ({100 * unknown / len(moves):.1f}%); "
            f"lost_at found in {lost} games; proved unwinnable from some move in {proved}"
        )
    print(f"  method: {reviews[0].method}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--only", choices=KINDS)
    parser.add_argument("--budget-ms", type=float, default=None)
    args = parser.parse_args()
    pin_to_one_core()
    for kind in [args.only] if args.only else KINDS:
        bench(kind, args.games, args.budget_ms)


if __name__ == "__main__":
    main()
