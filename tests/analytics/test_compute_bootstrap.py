"""Bootstrap intervals over games: exact resampled sums, true resamples, the same intervals
as a plain-Python bootstrap, reproducible."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from analytics.compute.bootstrap import (
    Rows,
    bootstrap,
    difference,
    intervals,
    ratio,
    resample_counts,
    resampled_sums,
)


def python_sums(drawn: list[int], rows: list[list[int]]) -> list[int]:
    """Column sums of the games drawn (``drawn[i]`` times game i), in Python integers."""
    return [
        sum(k * row[c] for k, row in zip(drawn, rows, strict=True)) for c in range(len(rows[0]))
    ]


@given(
    rows=st.integers(1, 6).flatmap(
        lambda width: st.lists(
            st.lists(st.integers(-(10**6), 10**6), min_size=width, max_size=width),
            min_size=1,
            max_size=30,
        )
    ),
    block=st.integers(1, 8),
    seed=st.integers(0, 100),
)
def test_resampled_sums_are_the_exact_sums_of_the_games_drawn(
    rows: list[list[int]], block: int, seed: int
) -> None:
    counts = np.concatenate(
        [c for *_, c in resample_counts(len(rows), 7, seed=seed, block=block)], axis=1
    )
    sums, total = resampled_sums(Rows.of(rows), resamples=7, seed=seed, block=block)

    assert counts.sum(axis=1).tolist() == [len(rows)] * 7  # as many draws as games
    for resample, drawn in zip(sums, counts, strict=True):
        assert resample.tolist() == python_sums(drawn.tolist(), rows)
    assert total.tolist() == [sum(col) for col in zip(*rows, strict=True)]


def test_resamples_follow_the_exact_bootstrap_distribution() -> None:
    # four games: the mean of a resample takes each value with the probability found by
    # going through all 4**4 equally likely ways of drawing four games with replacement
    values = [0, 1, 3, 10]
    exact = Counter(sum(values[i] for i in draw) for draw in itertools.product(range(4), repeat=4))
    rows = [[v] for v in values]
    resamples = 20_000
    sums, _ = resampled_sums(Rows.of(rows), resamples=resamples, seed=3, block=3)
    found = Counter(int(s) for s in sums[:, 0])

    assert set(found) <= set(exact)
    cumulative_exact = cumulative_found = 0.0
    for total in sorted(exact):
        cumulative_exact += exact[total] / 4**4
        cumulative_found += found[total] / resamples
        assert abs(cumulative_found - cumulative_exact) < 0.015, total


def python_percentile(ordered: list[float], q: float) -> float:
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def test_the_intervals_are_those_of_a_plain_python_bootstrap_on_the_same_resamples() -> None:
    rng = random.Random(9)
    # columns: games, wins, a rare event (one game: absent from about 1 resample in 3), points
    rows = [[1, int(rng.random() < 0.4), int(i == 5), rng.randrange(-50, 200)] for i in range(23)]
    estimators = {
        "win rate": ratio(1, 0),
        "points when rare": ratio(3, 2),
        "points minus wins": difference(ratio(3, 0), ratio([1, 1], 0)),
    }
    resamples = 300
    found = bootstrap(rows, estimators, resamples=resamples, seed=5)

    counts = np.concatenate([c for *_, c in resample_counts(23, resamples, seed=5)], axis=1)
    defined = {}
    plain: dict[str, Callable[[list[int]], float | None]] = {
        "win rate": lambda s: s[1] / s[0] if s[0] else None,
        "points when rare": lambda s: s[3] / s[2] if s[2] else None,
        "points minus wins": lambda s: s[3] / s[0] - 2 * s[1] / s[0] if s[0] else None,
    }
    for name, estimate in plain.items():
        draws = []
        for drawn in counts.tolist():
            value = estimate(python_sums(drawn, rows))
            if value is not None:
                draws.append(value)
        draws.sort()
        defined[name] = len(draws)
        value, low, high = found[name]
        assert value == estimate([sum(col) for col in zip(*rows, strict=True)])
        if len(draws) * 2 < resamples:
            assert (low, high) == (None, None)
        else:
            assert low is not None and high is not None
            assert math.isclose(low, python_percentile(draws, 0.025), abs_tol=1e-9)
            assert math.isclose(high, python_percentile(draws, 0.975), abs_tol=1e-9)
    assert defined["win rate"] == resamples and 0 < defined["points when rare"] < resamples


def test_the_value_is_the_estimate_on_all_games_and_the_interval_surrounds_it() -> None:
    rng = random.Random(4)
    rows = [[1, 1 if rng.random() < 0.5 else 0] for _ in range(400)]
    (value, low, high) = bootstrap(rows, {"rate": ratio(1, 0)}, resamples=500)["rate"]
    assert value == sum(r[1] for r in rows) / 400
    assert low is not None and high is not None
    # a proportion near 1/2 over 400 games: about +-1.96 * 0.025 = +-0.049
    assert low < value < high
    assert 0.035 < value - low < 0.065 and 0.035 < high - value < 0.065


def test_the_same_seed_gives_the_same_interval_and_another_seed_another() -> None:
    rows = [[1, i % 3, i % 5] for i in range(50)]
    estimators = {"a": ratio(1, 0), "d": difference(ratio(1, 0), ratio(2, 0))}
    assert bootstrap(rows, estimators, seed=1, resamples=200) == bootstrap(
        rows, estimators, seed=1, resamples=200
    )
    assert bootstrap(rows, estimators, seed=1, resamples=200) != bootstrap(
        rows, estimators, seed=2, resamples=200
    )


def test_an_undefined_mean_has_no_value_and_no_interval() -> None:
    rows = [[0, 0], [0, 0]]
    assert bootstrap(rows, {"x": ratio(1, 0)}, resamples=50) == {"x": (None, None, None)}
    assert bootstrap([], {"x": ratio(1, 0)}) == {"x": (None, None, None)}
    found, total = intervals(Rows.of([]), {"x": ratio(1, 0)})
    assert found == {"x": (None, None, None)} and total.size == 0
