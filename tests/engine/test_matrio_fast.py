"""The fast replay path accepts exactly what ``apply`` accepts and ends in the same state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.core import EngineError
from games.engine.matrio import random_game
from games.engine.matrio.fast import play_fast
from games.engine.matrio.records import play, read_header
from games.engine.record import read_records


def both(text: str) -> tuple[object, object]:
    (record,) = read_records(text)
    fast = play_fast(record, read_header(record).options)
    try:
        slow: object = play(record).state
    except EngineError:
        slow = None
    return fast, slow


def mutate(text: str, rng: random.Random) -> str:
    header, movetext = text.split("\n\n")
    tokens = movetext.split()
    if not tokens:
        return text
    i = rng.randrange(len(tokens))
    kind = rng.randrange(6)
    card, _, tray = tokens[i].partition(">")
    if kind == 0:  # another tray
        tokens[i] = f"{card}>{rng.choice('RC')}{rng.choice('123')}{rng.choice('SHDC')}"
    elif kind == 1:  # another card
        tokens[i] = rng.choice(["2S", "QH", "XB", "9C", "AD", "KS"]) + ">" + tray
    elif kind == 2:  # wrong or missing marks
        tokens[i] = tokens[i].rstrip("+") + "+" * rng.randrange(4)
    elif kind == 3:  # swap two moves
        j = rng.randrange(len(tokens))
        tokens[i], tokens[j] = tokens[j], tokens[i]
    elif kind == 4:  # stop early
        tokens = tokens[:i]
    else:  # drop the hands: any unplayed card may be played
        header = "\n".join(h for h in header.splitlines() if not h.startswith("[Hand"))
    return header + "\n\n" + " ".join(tokens) + "\n"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_legal_games_end_in_the_same_state(seed: int) -> None:
    fast, slow = both(random_game(seed, "mixed:0.3"))
    assert fast is not None
    assert fast == slow


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), mutations=st.integers(1, 3))
def test_mutated_records_are_judged_alike(seed: int, mutations: int) -> None:
    rng = random.Random(seed)
    text = random_game(seed % 5000)
    for _ in range(mutations):
        text = mutate(text, rng)
    fast, slow = both(text)
    assert fast == slow
