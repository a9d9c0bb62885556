"""Taps per whole game on the live page, for MatriO, Matrix Overload and the Integer Matrix.

    .venv/bin/python bench/taps.py [--games 20]

**Method: counting the controls each move needs**, not timing anything. For every token of
seeded random games (the engines' own ``random_game``), the functions below say how many taps
the page (``games/templates/games/boards/*.html`` and ``games/static/games/live.js``) needs to
record it:

* MatriO with the hands known: the card, then its tray (2).
* Matrix Overload, the deck typed or shuffled by the site: the card drawn is known, so one tap
  on its pile or slot; a royal met while dealing: one tap when it is the only one waiting, else
  its card then its slot; LOOP and ABANDON: the button, then "Yes" (2).
* Matrix Overload, the deck told card by card: each card of the deal is tapped by rank then
  suit (a joker, or when eight or fewer cards are left to choose from, one card button);
  an unknown draw is its card the same way, then its place; a card coming back from under
  the deck is known (one tap).
* The Integer Matrix: the white number, the black number, the signs only when they change
  (white + / black -, or the other way), the colour only when it changes (it is kept from move
  to move), then the square.

The browser tests (``tests/games/test_browser_live_tables.py``) record whole games by taps on
a 390 px phone and assert that they tapped exactly the count these functions give for the
same game, so the model and the page cannot drift apart.

The Mathematico figure comes from ``bench/taps_mathematico.py`` (``mathematico_taps``) when
that file exists. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import live
from games.engine.integer_matrix import random_game as integer_matrix_game
from games.engine.matrio import random_game as matrio_game
from games.engine.overload import random_game as overload_game
from games.engine.overload.position import deal
from games.engine.record import read_records

#: a card picker shows one button per card at most this many cards, else rank then suit
CARD_BUTTONS = 8


def card_taps(card: str, choices: int) -> int:
    """Taps to pick ``card`` among ``choices`` cards: one button, or rank then suit."""
    return 1 if choices <= CARD_BUTTONS or card.startswith("X") else 2


def matrio_taps(tokens: Sequence[str]) -> int:
    """MatriO with the four hands known: card, then tray."""
    return 2 * len(tokens)


def overload_taps(game: live.LiveGame) -> int:
    """Matrix Overload as recorded: each token's taps, read from the view before it."""
    taps = 0
    so_far = live.LiveGame(game.kind, game.tags, game.players)
    for token in game.tokens:
        shown = live.view(so_far)
        legal = [t for t in shown["legal"] if t not in ("LOOP", "ABANDON")]
        cards = {re.split("[:>]", t)[0] for t in legal}
        card = re.split("[:>]", token)[0]
        if token in ("LOOP", "ABANDON"):
            taps += 2
        elif shown["expect"] == "deal":
            taps += card_taps(card, len(cards))
        elif len(cards) == 1:
            taps += 1  # the card is known: its place only
        else:
            taps += card_taps(card, len(cards)) + 1
        so_far = live.play(so_far, token)
    return taps


def disc_signs(token: str) -> tuple[str, str, str, str]:
    """``+3/-5 W f4`` -> (signs ``+`` white positive / ``-``, white number, black, colour)."""
    white, black, colour = re.match(r"([+-]\d+)/([+-]\d+) ([WB])", token).groups()  # type: ignore[union-attr]
    sign = "+" if int(white) > 0 or (int(white) == 0 and int(black) <= 0) else "-"
    return sign, str(abs(int(white))), str(abs(int(black))), colour


def integer_matrix_taps(tokens: Sequence[str]) -> int:
    """Two numbers and a square a move, plus the signs and the colour when they change."""
    taps, sign, colour = 0, "+", "W"
    for token in tokens:
        new_sign, _white, _black, new_colour = disc_signs(token)
        taps += 3 + (new_sign != sign) + (new_colour != colour)
        sign, colour = new_sign, new_colour
    return taps


# --- the games measured ------------------------------------------------------------------------


def imported(text: str) -> live.Imported:
    return live.from_record(read_records(text)[0])


def told_overload(seed: int) -> live.LiveGame:
    """A seeded Overload game entered again with its deck told card by card."""
    found = imported(overload_game(seed))
    deck = dict(found.game.tags)["Deck"].split()
    dealt = len(deck) - len(deal(deck).deck)
    game = live.start("matrix-overload", [("DeckEntry", "drawn")], ["Ann"])
    for token in (*deck[:dealt], *found.game.tokens):
        game = live.play(game, token)
    return game


def mathematico_figure() -> Callable[[], object] | None:
    path = Path(__file__).with_name("taps_mathematico.py")
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("bench_taps_mathematico", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    figure: Callable[[], object] = module.mathematico_taps
    return figure


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="seeded games per kind")
    args = parser.parse_args(argv)
    seeds = range(args.games)
    rows: list[tuple[str, list[int], list[int]]] = []
    matrio = [imported(str(matrio_game(seed))).game for seed in seeds]
    rows.append(
        (
            "MatriO (hands known)",
            [matrio_taps(g.tokens) for g in matrio],
            [len(g.tokens) for g in matrio],
        )
    )
    whole = [imported(overload_game(seed)).game for seed in seeds]
    rows.append(
        (
            "Matrix Overload, deck shuffled by the site",
            [overload_taps(g) for g in whole],
            [len(g.tokens) for g in whole],
        )
    )
    told = [told_overload(seed) for seed in seeds]
    rows.append(
        (
            "Matrix Overload, deck told card by card",
            [overload_taps(g) for g in told],
            [len(g.tokens) for g in told],
        )
    )
    im = [imported(str(integer_matrix_game(seed))).game for seed in seeds]
    rows.append(
        ("Integer Matrix", [integer_matrix_taps(g.tokens) for g in im], [len(g.tokens) for g in im])
    )
    print(
        f"Taps per whole game on the live page ({args.games} seeded games each; method: "
        "counting the controls each move needs, checked by the browser tests)"
    )
    print(f"{'game':45} {'taps (median)':>14} {'min':>5} {'max':>5} {'plies':>7} {'taps/ply':>9}")
    for name, taps, plies in rows:
        per = sum(taps) / sum(plies)
        print(
            f"{name:45} {statistics.median(taps):>14.0f} {min(taps):>5} {max(taps):>5} "
            f"{statistics.median(plies):>7.0f} {per:>9.2f}"
        )
    figure = mathematico_figure()
    if figure is None:
        print("Mathematico: bench/taps_mathematico.py is not there (no figure)")
    else:
        print(f"Mathematico (bench/taps_mathematico.py): {figure()}")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
