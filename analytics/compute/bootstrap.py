"""Bootstrap confidence intervals over games, for statistics built from per-game sums.

Terms:

* Each game contributes a *row*: a fixed list of whole numbers (its *columns*, e.g. "the
  holder of QS won: 1", "score of the holder of QS: 268"). The rows of all games form the
  matrix X (games x columns), handed over in *blocks* of consecutive games (:class:`Rows`)
  so that no caller has to hold the whole matrix.
* An *estimator* maps column sums to a number: it takes an array whose last axis is the
  columns (one line of sums per resample) and returns one value per line, NaN where it is
  undefined (e.g. a mean over no games). A mean is a ratio of two sums (:func:`ratio`), a
  difference of means a difference of two ratios (:func:`difference`).
* A *resample* draws as many games as there are, with replacement, each game equally likely:
  its *counts* say how often each game was drawn (a multinomial vector summing to the number
  of games). Counts are drawn block by block, exactly: the draws falling in a block are
  binomial given those left, and spread uniformly over the block's games. The resampled sums
  of all resamples at once are the matrix product W @ X (W: resamples x games).
* The 95% interval is the 2.5th and 97.5th percentile of the estimator over ``resamples``
  resamples (percentile bootstrap, linear interpolation between order statistics), resamples
  where it is undefined left out (with fewer than half defined, no interval).
* An :class:`Estimate` is a value, its interval and the sample size it rests on.

Speed and memory: the product runs in BLAS, block by block (``BLOCK`` games: a block of W is
resamples x BLOCK), so memory does not grow with the number of games. The arithmetic is
exact: counts and row entries are whole numbers, and a block's product is done in float32
(twice as fast as float64) for the columns where no partial sum can reach 2**24 (the most
draws a resample made in the block times the column's largest entry), in float64 (exact
below 2**53) for the others, then added up in float64; so no sum is ever rounded, whatever
the order BLAS adds in (a test checks the sums against Python integers).

Invariants: the same rows, estimators, seed and number of resamples give the same intervals
(``BLOCK`` is fixed, so the random stream is too); the order of games matters (callers sort
them by game id).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

Floats = NDArray[np.float64]
Estimator = Callable[[Floats], Floats]
Interval = tuple[float | None, float | None, float | None]
LEVEL = 0.95
RESAMPLES = 1000
BLOCK = 4096  # games per block of W and X
FLOAT32_EXACT = 2.0**24  # float32 holds every whole number below this exactly


@dataclass(frozen=True, slots=True)
class Estimate:
    """A number with its 95% bootstrap interval and the sample size it rests on."""

    value: float | None
    low: float | None
    high: float | None
    n: int


@dataclass(frozen=True, slots=True)
class Rows:
    """``games`` rows of ``columns`` whole numbers; ``block(start, stop)`` gives rows
    ``start`` to ``stop`` (excluded) as a float matrix (float32 or float64)."""

    games: int
    columns: int
    block: Callable[[int, int], NDArray[np.floating[Any]]]

    @staticmethod
    def of(rows: Sequence[Sequence[int]] | NDArray[np.int64]) -> Rows:
        matrix = np.asarray(rows, dtype=np.float64)
        if matrix.size == 0:
            return Rows(0, 0, lambda start, stop: np.zeros((0, 0)))
        return Rows(matrix.shape[0], matrix.shape[1], lambda start, stop: matrix[start:stop])


def _columns(sums: Floats, columns: int | Sequence[int]) -> Floats:
    if isinstance(columns, int):
        return np.asarray(sums[..., columns], dtype=np.float64)
    return np.asarray(sums[..., list(columns)].sum(axis=-1), dtype=np.float64)


def ratio(numerator: int | Sequence[int], denominator: int | Sequence[int]) -> Estimator:
    """The mean ``sum[numerator] / sum[denominator]`` (NaN over an empty denominator); a
    sequence of columns stands for the sum of those columns."""

    def estimate(sums: Floats) -> Floats:
        top, bottom = _columns(sums, numerator), _columns(sums, denominator)
        out = np.full(np.shape(bottom), np.nan)
        np.divide(top, bottom, out=out, where=bottom != 0)
        return out

    return estimate


def difference(first: Estimator, second: Estimator) -> Estimator:
    def estimate(sums: Floats) -> Floats:
        return first(sums) - second(sums)

    return estimate


def resample_counts(
    games: int, resamples: int, *, seed: int, block: int = BLOCK
) -> Iterator[tuple[int, int, NDArray[np.int64]]]:
    """Multinomial counts of ``resamples`` resamples of ``games`` games, block by block:
    ``(start, stop, counts)`` with ``counts[r, i]`` the times game ``start + i`` was drawn in
    resample ``r``. Each resample's counts add up to ``games``."""
    rng = np.random.default_rng(seed)
    left = np.full(resamples, games, dtype=np.int64)  # draws not yet given to a block
    for start in range(0, games, block):
        stop = min(games, start + block)
        size = stop - start
        here = left if stop == games else rng.binomial(left, size / (games - start))
        left = left - here
        owner = np.repeat(np.arange(resamples, dtype=np.int64) * size, here)
        owner += rng.integers(0, size, owner.size, dtype=np.int64)
        counts = np.bincount(owner, minlength=resamples * size).reshape(resamples, size)
        yield start, stop, counts


def resampled_sums(
    rows: Rows, *, resamples: int, seed: int, block: int = BLOCK
) -> tuple[Floats, NDArray[np.int64]]:
    """The column sums of every resample (resamples x columns) and of all rows, exactly."""
    sums = np.zeros((resamples, rows.columns))
    total = np.zeros(rows.columns)
    for start, stop, counts in resample_counts(rows.games, resamples, seed=seed, block=block):
        x = rows.block(start, stop)
        total += x.sum(axis=0, dtype=np.float64)
        # the most games any resample drew from this block, times a column's largest entry,
        # bounds every partial sum of that column: below 2**24 float32 adds it exactly
        reach = float(counts.sum(axis=1).max())
        small = np.abs(x).max(axis=0) * reach < FLOAT32_EXACT
        weights = counts.astype(np.float32)
        if small.all():
            sums += weights @ np.asarray(x, dtype=np.float32)
        else:
            sums[:, small] += weights @ x[:, small].astype(np.float32)
            sums[:, ~small] += counts.astype(np.float64) @ x[:, ~small].astype(np.float64)
    return sums, total.astype(np.int64)


def intervals(
    rows: Rows,
    estimators: Mapping[str, Estimator],
    *,
    resamples: int = RESAMPLES,
    seed: int = 0,
    level: float = LEVEL,
    block: int = BLOCK,
) -> tuple[dict[str, Interval], NDArray[np.int64]]:
    """Each estimator's value on all rows and its percentile interval over resamples, and
    the column sums of all rows."""
    if rows.games == 0:
        return dict.fromkeys(estimators, (None, None, None)), np.zeros(rows.columns, np.int64)
    sums, total = resampled_sums(rows, resamples=resamples, seed=seed, block=block)
    names = list(estimators)
    exact = total.astype(np.float64)
    values = np.array([float(estimators[name](exact)) for name in names])
    draws = np.column_stack([estimators[name](sums) for name in names])
    defined = (~np.isnan(draws)).sum(axis=0)
    tail = (1 - level) / 2
    ordered = np.sort(draws, axis=0)  # NaN last
    low, high = _percentile(ordered, defined, tail), _percentile(ordered, defined, 1 - tail)
    out: dict[str, Interval] = {}
    for index, name in enumerate(names):
        value = None if np.isnan(values[index]) else float(values[index])
        if value is None or defined[index] * 2 < resamples:
            out[name] = (value, None, None)
        else:
            out[name] = (value, float(low[index]), float(high[index]))
    return out, total


def bootstrap(
    rows: Sequence[Sequence[int]] | NDArray[np.int64],
    estimators: Mapping[str, Estimator],
    *,
    resamples: int = RESAMPLES,
    seed: int = 0,
    level: float = LEVEL,
) -> dict[str, Interval]:
    """Each estimator's value on all rows and its percentile interval over resamples."""
    found, _ = intervals(Rows.of(rows), estimators, resamples=resamples, seed=seed, level=level)
    return found


def _percentile(ordered: Floats, defined: NDArray[np.int64], q: float) -> Floats:
    """Per column, the ``q`` quantile of its first ``defined`` values (sorted), by linear
    interpolation between closest ranks (numpy's default ``linear`` method)."""
    position = q * np.maximum(defined - 1, 0)
    low = np.floor(position).astype(np.int64)
    high = np.minimum(low + 1, np.maximum(defined - 1, 0))
    at_low = np.take_along_axis(ordered, low[None, :], axis=0)[0]
    at_high = np.take_along_axis(ordered, high[None, :], axis=0)[0]
    return np.asarray(at_low + (at_high - at_low) * (position - low), dtype=np.float64)
