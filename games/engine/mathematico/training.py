"""Learn the line value table (``value_table.py``) by self-play; same seed, same file bytes.

    python -m games.engine.mathematico.training --seed 1 \
        --out games/engine/mathematico/data/value_table.npz

How: the table starts as the expected points of each line when its empty cells are filled by
random cards (no choice at all). Each *round* deals 100,000 games (one seeded numpy generator),
plays them greedily on the current table (``value_table.gains``; a random cell with chance
``explore``, 0.12), and moves each entry seen a ``step`` (0.3) towards the mean
lambda-return (``trace`` 0.7: final points mixed with the table's values of the line's later
states). After each round the table plays 10,000 fixed deals greedily; the best is kept
(greedy tables drift back down after a few rounds). Ten rounds take about 25 s on one core;
the table is ``float32``, about 0.45 MB compressed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from games.engine.mathematico.cards import COPIES, DEAL_SIZE, VALUES
from games.engine.mathematico.value_table import (
    CELL_COUNT,
    DATA,
    HORIZON,
    LINE_COUNT,
    STATES,
    WEIGHT,
    FloatArray,
    IntArray,
    gains,
    line_states,
    save,
    space,
)

_BATCH = 4096  # games played together
DECK = np.repeat(np.array(VALUES, dtype=np.int64), COPIES)


def random_fill_values() -> FloatArray:
    """``(HORIZON, 2 * STATES)``: expected points of each line if its empty cells get random
    cards (each value in proportion to the copies the line leaves of it), for every ``t``."""
    sp = space()
    held = sp.cards
    copies = COPIES - _value_counts()  # (2 * STATES, 14) copies of each value left
    copies[:, 0] = 0
    expected = sp.points.astype(np.float64)
    for cards in range(4, -1, -1):
        level = np.flatnonzero(held == cards)
        left = copies[level].astype(np.float64)
        chance = left / left.sum(axis=1, keepdims=True)
        expected[level] = (chance * expected[sp.next[level]]).sum(axis=1)
    result = np.tile(expected.astype(np.float32), (HORIZON, 1))
    result[0] = sp.points
    return result


def _value_counts() -> IntArray:
    """``(2 * STATES, 14)``: how many cards of each value a line state holds."""
    keys = space().keys
    counts = np.stack([(keys // WEIGHT[v]) % 6 for v in range(14)], axis=1)
    return np.concatenate([counts, counts])


def self_play(
    values: FloatArray, games: int, rng: np.random.Generator, explore: float, trace: float
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], float]:
    """Play ``games`` games greedily on ``values`` (a random cell with chance ``explore``).

    Returns the sums and counts, by ``(t, state)`` flattened, of the lambda-return
    (``trace``) of each line: its final points mixed with the values of its later states;
    and the mean final total.
    """
    sp = space()
    size = HORIZON * 2 * STATES
    sums = np.zeros(size)
    seen = np.zeros(size)
    total = 0.0
    start_states = line_states(np.zeros(CELL_COUNT, dtype=np.int64))
    for first in range(0, games, _BATCH):
        batch = min(_BATCH, games - first)
        deals = rng.permuted(np.tile(DECK, (batch, 1)), axis=1)[:, :DEAL_SIZE]
        states = np.tile(start_states, (batch, 1))
        empty = np.ones((batch, CELL_COUNT), dtype=bool)
        history = np.empty((DEAL_SIZE, batch, LINE_COUNT), dtype=np.int64)
        rows = np.arange(batch)
        noise = rng.random((DEAL_SIZE, batch)) < explore
        shuffle = rng.random((DEAL_SIZE, batch, CELL_COUNT)).astype(np.float32)
        for step in range(DEAL_SIZE):
            gain, after = gains(values[DEAL_SIZE - 1 - step], states, deals[:, step, None])
            gain = np.where(noise[step, :, None], shuffle[step], gain)
            gain[~empty] = -np.inf
            cell = gain.argmax(axis=1)
            empty[rows, cell] = False
            states = np.where(sp.through[cell], after, states)
            history[step] = states
        target = sp.points[states].astype(np.float64)
        total += float(target.sum())
        for step in range(DEAL_SIZE - 1, -1, -1):
            remaining = DEAL_SIZE - 1 - step
            if remaining:
                later = values[remaining - 1][history[step + 1]]
                target = (1 - trace) * later + trace * target
            index = (history[step] + remaining * 2 * STATES).reshape(-1)
            sums += np.bincount(index, target.reshape(-1), size)
            seen += np.bincount(index, minlength=size)
    return sums, seen, total / games


def evaluate(values: FloatArray, games: int = 10_000, seed: int = 0) -> float:
    """Mean final total of greedy play on ``values`` over fixed seeded deals."""
    return self_play(values, games, np.random.default_rng([seed, 7]), 0.0, 1.0)[2]


def train(
    seed: int,
    rounds: Sequence[int],
    *,
    explore: float = 0.12,
    trace: float = 0.7,
    step: float = 0.3,
    prior: float = 4.0,
    check: int = 10_000,
    log: bool = True,
) -> FloatArray:
    """The best value table (by :func:`evaluate` on ``check`` deals) of self-play rounds of
    ``rounds[i]`` games each; each round moves the entries it saw a ``step`` towards their
    mean lambda-return (shrunk towards the old value by ``prior`` pseudo-counts)."""
    rng = np.random.default_rng(seed)
    values = random_fill_values()
    best, best_mean = values, evaluate(values, check, seed)
    for number, games in enumerate(rounds):
        started = time.perf_counter()
        sums, seen, mean = self_play(values, games, rng, explore, trace)
        old = values.reshape(-1).astype(np.float64)
        target = (sums + prior * old) / (seen + prior)
        new = old + np.where(seen > 0, step, 0.0) * (target - old)
        values = new.astype(np.float32).reshape(values.shape)
        values[0] = space().points
        greedy = evaluate(values, check, seed)
        if greedy > best_mean:
            best, best_mean = values, greedy
        if log:
            print(
                f"round {number + 1}/{len(rounds)}: {games} games (mean {mean:.1f} exploring), "
                f"greedy {greedy:.1f}, {time.perf_counter() - started:.1f} s",
                file=sys.stderr,
            )
    if log:
        print(f"kept the table of greedy mean {best_mean:.1f}", file=sys.stderr)
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(DATA))
    parser.add_argument(
        "--rounds",
        default=",".join(["100000"] * 10),
        help="games per round, comma-separated",
    )
    parser.add_argument("--check", type=int, default=10_000, help="deals to compare tables on")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    rounds = [int(n) for n in args.rounds.split(",") if n]
    values = train(args.seed, rounds, check=args.check, log=not args.quiet)
    save(args.out, {"values": values})
    return 0


if __name__ == "__main__":
    sys.exit(main())
