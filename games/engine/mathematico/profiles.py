"""Mathematico's rules profiles and line keys: what the replay paths score lines by.

Terms: a *combination* is what the cards of one line make (pair, straight, ...); a *rules
profile* gives each combination its points and the diagonal bonus (only ``canonical`` today).
A line's *key* is the sum of the ``WEIGHT`` of its five values (0 for an empty cell): it
names the line's multiset of values, whatever their order.

Invariants: ``WEIGHT`` is a B5 set, so different multisets have different keys;
:func:`keys_by_combination` lists every one of the 8,568 keys under the combination its cards
make, and a test checks each against ``scoring.combination``, the readable definition. This
module is small and imports little: the replay command's fast lane loads it, not ``scoring``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from itertools import chain, combinations, permutations, repeat
from operator import add
from typing import NamedTuple

CANONICAL = "canonical"

# the combinations, from the least to the most valuable in the canonical profile
NOTHING = "nothing"
ONE_PAIR = "one pair"
TWO_PAIRS = "two pairs"
THREE_OF_A_KIND = "three of a kind"
STRAIGHT = "straight"
FULL_HOUSE = "full house"
THREE_ONES_TWO_THIRTEENS = "three 1s and two 13s"
ONE_TEN_TO_THIRTEEN = "1, 10, 11, 12, 13"
FOUR_OF_A_KIND = "four of a kind"
FOUR_ONES = "four 1s"


class Profile(NamedTuple):
    """Points of every combination and the bonus of a scoring diagonal."""

    name: str
    points: Mapping[str, int]
    diagonal_bonus: int


PROFILES: dict[str, Profile] = {
    CANONICAL: Profile(
        CANONICAL,
        {
            NOTHING: 0,
            ONE_PAIR: 10,
            TWO_PAIRS: 20,
            THREE_OF_A_KIND: 40,
            STRAIGHT: 50,
            FULL_HOUSE: 80,
            THREE_ONES_TWO_THIRTEENS: 100,
            ONE_TEN_TO_THIRTEEN: 150,
            FOUR_OF_A_KIND: 160,
            FOUR_ONES: 200,
        },
        10,
    )
}


#: a line's key is ``sum(WEIGHT[v] for v in line)``. These weights (0 for an empty cell) form a
#: B5 set, found by a greedy search: no two different multisets of five of them have the same
#: sum, so a key names exactly one multiset (``scoring.tables`` checks it), and every key is below
#: 2**30, which keeps the additions on CPython's fast one-digit integers.
WEIGHT: tuple[int, ...] = (
    0, 1, 6, 31, 108, 366, 926, 2286, 5733, 12905, 27316, 44676, 94545, 147031,
)  # fmt: skip

MULTISETS = 8568  # multisets of 5 values among 14 (empty and 1..13): C(18, 5)


def keys_by_combination(*, empty: bool = True) -> Iterator[tuple[str, list[int]]]:
    """The key of every multiset of five among empty and 1..13 (``empty=False``: of five values
    1..13, the lines of a full board), grouped by the combination its cards make
    (``scoring.combination``), pattern by pattern: a later group overrides an earlier one (four
    1s over four of a kind, three 1s and two 13s over full house, straights and 1-10-11-12-13
    over nothing). The sums run in C (``map``, ``chain``): a few milliseconds.
    """
    w = WEIGHT
    values = range(1, len(w))
    any_card = [w[v] for v in range(0 if empty else 1, len(w))]  # (weight 0: an empty cell)

    def fill(count: int, *taken: int) -> Iterator[int]:
        """Keys of ``count`` more cards: distinct values not in ``taken``, or (``empty``) empty
        cells."""
        others = [w[v] for v in values if v not in taken]
        sizes = range(0 if empty else count, count + 1)
        return chain.from_iterable(map(sum, combinations(others, n)) for n in sizes)

    def group(pairs: Iterable[tuple[int, Iterable[int]]]) -> list[int]:
        """``base + key`` for every ``(base, keys)``."""
        return list(chain.from_iterable(map(add, repeat(base), keys) for base, keys in pairs))

    yield NOTHING, list(fill(5))
    yield ONE_PAIR, group((2 * w[a], fill(3, a)) for a in values)
    yield TWO_PAIRS, group((2 * w[a] + 2 * w[b], fill(1, a, b)) for a, b in combinations(values, 2))
    yield THREE_OF_A_KIND, group((3 * w[a], fill(2, a)) for a in values)
    yield FULL_HOUSE, [3 * w[a] + 2 * w[b] for a, b in permutations(values, 2)]
    yield FOUR_OF_A_KIND, group((4 * w[a], any_card) for a in values)  # the fifth card: any
    yield STRAIGHT, [sum(w[low : low + 5]) for low in range(1, len(w) - 4)]
    yield THREE_ONES_TWO_THIRTEENS, [3 * w[1] + 2 * w[13]]
    yield ONE_TEN_TO_THIRTEEN, [w[1] + w[10] + w[11] + w[12] + w[13]]
    yield FOUR_ONES, group([(4 * w[1], any_card)])
