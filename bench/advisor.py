"""Mathematico move advisor: mean final score and thinking time of several players.

    .venv/bin/python bench/advisor.py [--deals 500] [--ms 50] [--slow-deals 100] [--slow-ms 1000]
                                      [--players random,greedy,table,mc,mc-slow] [--seed 2026]

Every player plays the same seeded random deals (25 of the 52 cards), one game per deal, on
one core (BLAS and OpenMP limited to one thread). Players: ``random`` (a uniform empty cell),
``greedy`` (the empty cell that raises the total the most now, ties at random), ``table``
(the learned line values alone), ``mc`` (the advisor at ``--ms`` a move) and ``mc-slow`` (at
``--slow-ms``, on the first ``--slow-deals`` deals). For each it prints the number of deals,
the mean final score, its standard error, and the milliseconds per move (mean and 95th
percentile), and the machine's 5-minute load average at the end (the advisor's budget is
wall-clock time: other processes on the cores mean fewer futures). Figures are printed,
never asserted.
"""

from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from games.engine.mathematico.advisor import advise, table_choice  # noqa: E402
from games.engine.mathematico.board import CELL_INDEX  # noqa: E402
from games.engine.mathematico.scoring import board_total  # noqa: E402
from games.engine.mathematico.value_table import gains, line_states, load, space  # noqa: E402

Policy = Callable[[list[int], int, random.Random], int]


def random_policy(board: list[int], value: int, rng: random.Random) -> int:
    return rng.choice([i for i, v in enumerate(board) if not v])


def greedy_policy(board: list[int], value: int, rng: random.Random) -> int:
    """One ply: the empty cell with the best immediate change of the total (ties at random)."""
    points = space().points
    gain, _ = gains(points, line_states(board)[None, :], np.array([[value]]))
    free = [i for i, v in enumerate(board) if not v]
    best = max(float(gain[0, i]) for i in free)
    return rng.choice([i for i in free if float(gain[0, i]) == best])


def table_policy(board: list[int], value: int, rng: random.Random) -> int:
    return CELL_INDEX[table_choice(board, value).cell]


def mc_policy(ms: float) -> Policy:
    def policy(board: list[int], value: int, rng: random.Random) -> int:
        return CELL_INDEX[advise(board, value, ms=ms, rng=rng).cell]

    return policy


def deals(seed: int, count: int) -> list[list[int]]:
    rng = random.Random(seed)
    deck = [v for v in range(1, 14) for _ in range(4)]
    return [rng.sample(deck, 25) for _ in range(count)]


def run(name: str, policy: Policy, games: list[list[int]], seed: int) -> None:
    scores: list[int] = []
    times: list[float] = []
    for number, deal in enumerate(games):
        rng = random.Random(seed * 1_000_003 + number)
        board = [0] * 25
        for value in deal:
            started = time.perf_counter()
            cell = policy(board, value, rng)
            times.append((time.perf_counter() - started) * 1000)
            if board[cell]:
                raise AssertionError(f"{name} chose the full cell {cell}")
            board[cell] = value
        scores.append(board_total(board))
    mean = statistics.fmean(scores)
    error = statistics.stdev(scores) / len(scores) ** 0.5
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"{name:<16} n={len(scores):<4} mean {mean:6.1f}  se {error:4.1f}  "
        f"ms/move mean {statistics.fmean(times):7.2f}  p95 {p95:7.2f}  "
        f"(load average {os.getloadavg()[1]:.1f})",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--ms", type=float, default=50)
    parser.add_argument("--slow-deals", type=int, default=100)
    parser.add_argument("--slow-ms", type=float, default=1000)
    parser.add_argument("--players", default="random,greedy,table,mc,mc-slow")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    load()
    advise([0] * 25, 7, ms=5)  # warm the caches
    games = deals(args.seed, args.deals)
    players: dict[str, tuple[Policy, list[list[int]]]] = {
        "random": (random_policy, games),
        "greedy": (greedy_policy, games),
        "table": (table_policy, games),
        "mc": (mc_policy(args.ms), games),
        "mc-slow": (mc_policy(args.slow_ms), deals(args.seed, args.slow_deals)),
    }
    print(f"seed {args.seed}; mc at {args.ms:g} ms, mc-slow at {args.slow_ms:g} ms", flush=True)
    for name in args.players.split(","):
        policy, chosen = players[name]
        label = {"mc": f"mc {args.ms:g} ms", "mc-slow": f"mc {args.slow_ms:g} ms"}.get(name, name)
        run(label, policy, chosen, args.seed)


if __name__ == "__main__":
    main()
