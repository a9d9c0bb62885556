"""Rounds in which every player plays the same cards: Mathematico and MATR1X 0VERL0AD.

Terms:

* *simultaneous round* (Mathematico) — one *draw* per round: 25 values taken without
  replacement from a deck holding four of each value 1..13, in draw order. Every player fills
  their own board from the same draw, so the whole field is one group; players are ranked
  within the round (``tournaments.standings.places``, by the event's mode).
* *duplicate round* (MATR1X 0VERL0AD) — one shuffled 54-card deck per round (52 cards and the
  jokers ``XB`` ``XR``, codes as in the MGN ``Deck`` tag, top card first); every player plays
  that deck; ranked by win, then cards left, then royals killed.
* *seed* — the text or number the draw is generated from. The director records the round's
  seed and the resulting cards; the same seed always gives the same cards (Python's
  ``random.Random``, whose string seeding is stable across runs and platforms).
  :func:`round_seed` gives a new seed from ``secrets``: no one can compute the next deal from
  names, ids or times.

Invariants: a draw has 25 values, none more than four times; a deck is a permutation of the 54
cards; the round lists every present entrant once, in standing order.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from games.engine.mathematico.cards import COPIES, DEAL_SIZE, VALUES
from games.engine.overload.cards import FULL_DECK, RANKS, SUITS
from tournaments.pairing.entrants import Entrant, PairingError, PlayerId, present

__all__ = [
    "COPIES",
    "DECK",
    "DRAW_SIZE",
    "RANKS",
    "SUITS",
    "VALUES",
    "DuplicateRound",
    "SimultaneousRound",
    "duplicate_round",
    "mathematico_draw",
    "overload_deck",
    "round_seed",
    "simultaneous_round",
]

# The cards are the rules engines' (one definition per game); these are this module's names.
DRAW_SIZE = DEAL_SIZE  # Mathematico: values drawn per round, from VALUES x COPIES
DECK: tuple[str, ...] = FULL_DECK  # MATR1X 0VERL0AD: the 54 cards, in the order shuffled


@dataclass(frozen=True)
class SimultaneousRound:
    number: int
    seed: str
    draw: tuple[int, ...]
    players: tuple[PlayerId, ...]


@dataclass(frozen=True)
class DuplicateRound:
    number: int
    seed: str
    deck: tuple[str, ...]
    players: tuple[PlayerId, ...]


def round_seed() -> str:
    """A new seed no one can predict (from ``secrets``); shown after the round, it lets anyone
    check the deal."""
    return secrets.token_hex(8)


def mathematico_draw(seed: str) -> tuple[int, ...]:
    """The 25 values drawn from a shuffled Mathematico deck."""
    deck = [value for value in VALUES for _ in range(COPIES)]
    return tuple(random.Random(seed).sample(deck, DRAW_SIZE))


def overload_deck(seed: str) -> tuple[str, ...]:
    """A shuffled 54-card deck, top card first."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return tuple(deck)


def simultaneous_round(number: int, entrants: Sequence[Entrant], seed: str) -> SimultaneousRound:
    return SimultaneousRound(number, seed, mathematico_draw(seed), _players(entrants))


def duplicate_round(number: int, entrants: Sequence[Entrant], seed: str) -> DuplicateRound:
    return DuplicateRound(number, seed, overload_deck(seed), _players(entrants))


def _players(entrants: Sequence[Entrant]) -> tuple[PlayerId, ...]:
    players = tuple(entrant.id for entrant in present(entrants))
    if not players:
        raise PairingError("a round needs at least one present player")
    return players
