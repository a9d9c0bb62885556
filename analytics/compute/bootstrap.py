"""Bootstrap confidence intervals over games, for statistics built from per-game sums.

Terms:

* Each game contributes a *row*: a fixed list of whole numbers (its *columns*, e.g. "the
  holder of QS won: 1", "score of the holder of QS: 268").
* An *estimator* maps the column sums over a set of games to a number (or ``None`` when it is
  undefined, e.g. a mean over no games): a mean is a ratio of two sums, a difference of means
  a difference of two ratios.
* A *resample* draws as many games as there are, with replacement, from a seeded
  ``random.Random``; the 95% interval is the 2.5th and 97.5th percentile of the estimator
  over ``resamples`` resamples (percentile bootstrap), resamples where it is undefined left
  out (with fewer than half defined, no interval).
* An :class:`Estimate` is a value, its interval and the sample size it rests on.

Speed: a resample needs the sums of hundreds of columns. Each game's row is packed into one
Python integer, one fixed-width lane per column (shifted so no lane is negative and wide
enough that no sum can overflow into the next lane), so summing a resample is one big-integer
addition per game, done in C; the lanes are then read back. The arithmetic is exact: the
unpacked sums equal the column sums (a test checks it).

Invariants: the same rows, estimators, seed and number of resamples give the same intervals;
the order of games matters (callers sort them by game id).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

Estimator = Callable[[Sequence[int]], float | None]
LEVEL = 0.95
RESAMPLES = 1000


@dataclass(frozen=True, slots=True)
class Estimate:
    """A number with its 95% bootstrap interval and the sample size it rests on."""

    value: float | None
    low: float | None
    high: float | None
    n: int


def ratio(numerator: int, denominator: int) -> Estimator:
    """The mean ``sum[numerator] / sum[denominator]`` (``None`` over an empty denominator)."""

    def estimate(sums: Sequence[int]) -> float | None:
        return sums[numerator] / sums[denominator] if sums[denominator] else None

    return estimate


def difference(first: Estimator, second: Estimator) -> Estimator:
    def estimate(sums: Sequence[int]) -> float | None:
        a, b = first(sums), second(sums)
        return None if a is None or b is None else a - b

    return estimate


class Packer:
    """Packs rows of whole numbers into integers with one lane per column, and back; lanes
    are wide enough for sums of up to ``draws`` rows (default: as many as there are rows)."""

    def __init__(self, rows: Sequence[Sequence[int]], draws: int | None = None) -> None:
        self.columns = len(rows[0]) if rows else 0
        lows = [min(col) for col in zip(*rows, strict=True)] if rows else []
        highs = [max(col) for col in zip(*rows, strict=True)] if rows else []
        self.offsets = [-low for low in lows]
        widest = max((high - low for low, high in zip(lows, highs, strict=True)), default=0)
        bits = max(1, ((len(rows) if draws is None else draws) * widest).bit_length() + 1)
        self.lane_bytes = (bits + 7) // 8
        self.lane_bits = 8 * self.lane_bytes

    def pack(self, row: Sequence[int]) -> int:
        value = 0
        for index in range(self.columns - 1, -1, -1):
            value = (value << self.lane_bits) | (row[index] + self.offsets[index])
        return value

    def unpack(self, packed: int, games: int) -> list[int]:
        """The column sums of ``games`` packed rows added together."""
        width = self.lane_bytes
        raw = packed.to_bytes(width * self.columns, "little")
        return [
            int.from_bytes(raw[i * width : (i + 1) * width], "little") - games * self.offsets[i]
            for i in range(self.columns)
        ]


def column_sums(rows: Sequence[Sequence[int]]) -> list[int]:
    return [sum(col) for col in zip(*rows, strict=True)]


def bootstrap(
    rows: Sequence[Sequence[int]],
    estimators: Mapping[str, Estimator],
    *,
    resamples: int = RESAMPLES,
    seed: int = 0,
    level: float = LEVEL,
) -> dict[str, tuple[float | None, float | None, float | None]]:
    """Each estimator's value on all rows and its percentile interval over resamples."""
    if not rows:
        return dict.fromkeys(estimators, (None, None, None))
    sums = column_sums(rows)
    values = {name: estimate(sums) for name, estimate in estimators.items()}
    draws: dict[str, list[float]] = {name: [] for name in estimators}
    packer = Packer(rows)
    packed = [packer.pack(row) for row in rows]
    rng = random.Random(seed)
    population = range(len(rows))
    pick = packed.__getitem__
    for _ in range(resamples):
        chosen = rng.choices(population, k=len(rows))
        resampled = packer.unpack(sum(map(pick, chosen)), len(rows))
        for name, estimate in estimators.items():
            value = estimate(resampled)
            if value is not None:
                draws[name].append(value)
    tail = (1 - level) / 2
    out: dict[str, tuple[float | None, float | None, float | None]] = {}
    for name, found in draws.items():
        if len(found) * 2 < resamples or values[name] is None:
            out[name] = (values[name], None, None)
            continue
        found.sort()
        out[name] = (values[name], _percentile(found, tail), _percentile(found, 1 - tail))
    return out


def _percentile(ordered: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default ``linear`` method)."""
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)
