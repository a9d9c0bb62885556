"""Bootstrap intervals over games: exact packed sums, sensible intervals, reproducible."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from analytics.compute.bootstrap import Packer, bootstrap, column_sums, difference, ratio


@given(
    rows=st.integers(1, 6).flatmap(
        lambda width: st.lists(
            st.lists(st.integers(-(10**6), 10**6), min_size=width, max_size=width),
            min_size=1,
            max_size=30,
        )
    ),
    picks=st.lists(st.integers(0, 10**6), max_size=60),
)
def test_packed_rows_add_up_to_the_exact_column_sums(
    rows: list[list[int]], picks: list[int]
) -> None:
    chosen = [rows[p % len(rows)] for p in picks] or rows[:1]
    packer = Packer(rows, draws=len(chosen))
    packed = sum(packer.pack(r) for r in chosen)
    assert packer.unpack(packed, len(chosen)) == column_sums(chosen)


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
