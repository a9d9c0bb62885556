"""Taps for a 3-player Mathematico game: the live page before and after, and finished paper
grids. ``bench/taps.py`` prints :func:`mathematico_taps`; run alone it prints the same.

    .venv/bin/python bench/taps_mathematico.py

**Method: counting the controls each entry needs**, not timing anything, for a seeded game
replayed through the live engine (``games.engine.live``: its tokens are what the page records):

* *before* (the live page until issue #15): the drawn value is one of 13 buttons ``=1`` ..
  ``=13``, then each player's cell one of 26 buttons ``a1`` .. ``e5`` and ``-`` in a list
  apart from the grids (which had no coordinates): one tap a token, each cell translated by
  hand from the grid to its name.
* *after, live*: the value on a 1..13 number pad (one tap), then one tap on the empty cell of
  the mover's own grid, which comes up by itself: still one tap a token (the information
  needs it: 25 values and 75 cells), but nothing to translate or look for.
* *after, finished paper grids*: 25 taps on the number pad a grid (row by row) and one on
  "Check and enter the grid"; in an event round each player enters their own grid on their own
  phone, so the scorekeeper taps nothing (the director taps once to open grid entry).

The browser tests record such a game by taps and check these counts
(``tests/games/test_browser_mathematico.py``: 100 taps live;
``tests/games/test_browser_mathematico_grids.py``: 25 pad taps a grid). Prints figures; asserts
nothing.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import NamedTuple

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import live
from games.engine.mathematico.board import CELLS
from games.engine.mathematico.cards import COPIES, DEAL_SIZE, VALUES

PLAYERS = ("Ann", "Ben", "Cat")
GRID_CELLS = len(CELLS)
SUBMIT = 1  # "Check and enter the grid"
OPEN_ENTRY = 1  # the director's "The draw is over" button


def progressive_tokens(seed: int = 15) -> tuple[str, ...]:
    """A seeded 3-player game entered value by value (``=7 c3 a1 e5 =13 ...``)."""
    rng = random.Random(seed)
    deck = [value for value in VALUES for _ in range(COPIES)]
    game = live.start("mathematico", [], list(PLAYERS))
    for value in rng.sample(deck, DEAL_SIZE):
        game = live.play(game, f"={value}")
        for _ in PLAYERS:
            free = [token for token in live.view(game)["legal"] if token != "-"]
            game = live.play(game, rng.choice(free))
    assert live.summary(game).finished
    return game.tokens


class Taps(NamedTuple):
    before: int  # the live page until #15, one phone
    live: int  # the live page now, values drawn at the table, one phone
    grids_one_phone: int  # finished paper grids, all entered by the scorekeeper
    grids_per_player: int  # finished paper grids, each player on their own phone
    scorekeeper_event: int  # the scorekeeper's taps in an event round entered by the players

    def __str__(self) -> str:
        rows = [
            ("before (live page, cells from a list of 26 buttons)", f"{self.before} taps"),
            ("after, live (number pad + tap on the mover's grid)", f"{self.live} taps"),
            ("after, finished paper grids on one phone", f"{self.grids_one_phone} taps"),
            (
                "after, finished paper grids, each player's phone",
                f"{self.grids_per_player} taps each; the scorekeeper's: {self.scorekeeper_event}"
                f" (+{OPEN_ENTRY} for the director)",
            ),
        ]
        return "".join(f"\n  {name + ':':52} {taps}" for name, taps in rows)


def mathematico_taps() -> Taps:
    tokens = progressive_tokens()
    draws = sum(token.startswith("=") for token in tokens)
    cells = len(tokens) - draws
    grid = GRID_CELLS + SUBMIT
    return Taps(
        before=len(tokens),  # one button a token
        live=draws + cells,  # one pad key a value, one grid cell a placement
        grids_one_phone=grid * len(PLAYERS),
        grids_per_player=grid,
        scorekeeper_event=0,
    )


if __name__ == "__main__":
    title = f"Taps for a {len(PLAYERS)}-player Mathematico game (counting controls):"
    print(f"{title}{mathematico_taps()}")
