"""MatriO card-value impact and seat effects, with bootstrap intervals over games.

Terms (per card, over the games where its holder is known, see ``matrio_games``):

* *held* / *not held*: the player dealt the card versus the three others of the same games.
  ``win_held`` is the win rate of its holders (like 17lands' "game in hand" win rate);
  ``win_diff`` = win rate held minus not held (like 17lands' "improvement when drawn"); the
  same for the mean place (``rank_*``, lower is better) and the mean final score
  (``score_*``, over finishers only: a withdrawn player has no score, but ranks last).
* *played*: the card's placements: the share of each tray kind (``row empty``, ``row cover``,
  ``column empty``, ``column cover``) and the mean change of the board's cell-score total
  (``board_delta``) and of the mover's own total (``mover_delta``) when it was played.
* *seat effects*: per seat P1..P4 (P1 holds the 2 of clubs and plays first) the win rate,
  mean place, mean score, withdrawal rate, and the advantage: the seat's mean score minus the
  mean score of all finishers, and its win rate minus the mean win rate of the four seats.
* Every number is an :class:`~analytics.compute.bootstrap.Estimate`: value, 95% interval
  (bootstrap over games, seeded) and sample size. A card held in fewer than ``min_games``
  games is reported as such (``enough`` false) and not ranked; the others are ranked by
  ``score_diff``, best first. The 2 of clubs is not ranked either: P1 holds it by
  definition, so its numbers are P1's seat effect (its ``note`` says so).

Rows: each game is one bootstrap row (``design``), built block by block from the packed
games (``card_sample``) with numpy, so the matrix of all games is never held at once.

Invariants: the report does not depend on the order of the games given (they are sorted by
game id, numerically: the order the shell reads them in); every interval comes from the same
resamples of games, so numbers are comparable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from numpy.typing import NDArray

from analytics.compute.bootstrap import (
    RESAMPLES,
    Estimate,
    Estimator,
    Rows,
    difference,
    intervals,
    ratio,
)
from analytics.compute.card_sample import CARDS, Sample, sample_of
from analytics.compute.matrio_games import TRAY_KINDS, MatrioGame
from games.engine.matrio.cards import DECK
from games.engine.matrio.rules import SEATS

MIN_GAMES = 30
_NOTES = {"2C": "always P1's card (P1 is the holder of the 2 of clubs): see the seat effects"}
# Columns of each card (in the rows: the first for every card, then the second, ...).
_CARD_COLUMNS = (
    "held",
    "held_wins",
    "held_rank",
    "held_scored",
    "held_score",
    "others",
    "others_wins",
    "others_rank",
    "others_scored",
    "others_score",
    "played",
    "board_delta",
    "mover_delta",
    *TRAY_KINDS,
)
_SEAT_COLUMNS = ("wins", "rank", "scored", "score", "withdrawn")
_C = {name: i for i, name in enumerate(_CARD_COLUMNS)}
_S = {name: i for i, name in enumerate(_SEAT_COLUMNS)}
_CARD_WIDTH = len(_CARD_COLUMNS)
_SEATS_AT = CARDS * _CARD_WIDTH  # seat columns follow the card columns
_GAMES = _SEATS_AT + 4 * len(_SEAT_COLUMNS)  # one column counting games


@dataclass(frozen=True, slots=True)
class CardImpact:
    """One card's impact (see the module docstring for every field)."""

    card: str
    games: int
    enough: bool
    rank: int | None
    win_held: Estimate
    win_not_held: Estimate
    win_diff: Estimate
    rank_held: Estimate
    rank_not_held: Estimate
    rank_diff: Estimate
    score_held: Estimate
    score_not_held: Estimate
    score_diff: Estimate
    board_delta: Estimate
    mover_delta: Estimate
    tray_kinds: tuple[tuple[str, Estimate], ...]
    note: str | None = None


@dataclass(frozen=True, slots=True)
class SeatEffect:
    seat: str
    games: int
    win_rate: Estimate
    mean_rank: Estimate
    mean_score: Estimate
    withdrawn_rate: Estimate
    score_advantage: Estimate
    win_advantage: Estimate


@dataclass(frozen=True, slots=True)
class CardImpactReport:
    games: int
    resamples: int
    min_games: int
    cards: tuple[CardImpact, ...]
    seats: tuple[SeatEffect, ...]

    def card(self, code: str) -> CardImpact:
        return next(c for c in self.cards if c.card == code)


def design(sample: Sample, start: int, stop: int) -> NDArray[np.float32]:
    """Games ``start`` to ``stop`` of the sample as bootstrap rows: each card column of
    ``_CARD_COLUMNS`` for every card (``_card_column``), then each seat's ``_SEAT_COLUMNS``,
    then 1 (the game itself). Whole numbers, exact in float32."""
    part = sample[start:stop]
    games = len(part)
    x = np.empty((games, _GAMES + 1), dtype=np.float32)

    def put(name: str, values: NDArray[Any]) -> None:
        x[:, _C[name] * CARDS : (_C[name] + 1) * CARDS] = values

    holder = part["holder"]
    known = holder >= 0
    seat = np.where(known, holder, 0).astype(np.intp)
    scored = part["scored"].astype(np.float32)
    outcome = {
        "wins": part["rank"] == 1,
        "rank": part["rank"],
        "scored": scored,
        "score": part["score"],
    }
    put("held", known)
    put("others", 3 * known)
    for name, by_seat in outcome.items():
        values = by_seat.astype(np.float32)
        held = np.take_along_axis(values, seat, axis=1) * known
        put(f"held_{name}", held)
        put(f"others_{name}", (values.sum(axis=1)[:, None] - held) * known)
    kind = part["kind"]
    put("played", kind >= 0)
    put("board_delta", part["board"])
    put("mover_delta", part["mover"])
    for index, name in enumerate(TRAY_KINDS):
        put(name, kind == index)
    seats = np.stack([*outcome.values(), 1 - scored], axis=-1)  # games x seat x column
    x[:, _SEATS_AT:_GAMES] = seats.reshape(games, -1)
    x[:, _GAMES] = 1
    return x


def _card_column(index: int, name: str) -> int:
    """The column of card ``DECK[index]``'s ``name`` (card columns are grouped by name)."""
    return _C[name] * CARDS + index


def _card_estimators(index: int) -> dict[str, Estimator]:
    c = {name: _card_column(index, name) for name in _C}
    est: dict[str, Estimator] = {
        "win_held": ratio(c["held_wins"], c["held"]),
        "win_not_held": ratio(c["others_wins"], c["others"]),
        "rank_held": ratio(c["held_rank"], c["held"]),
        "rank_not_held": ratio(c["others_rank"], c["others"]),
        "score_held": ratio(c["held_score"], c["held_scored"]),
        "score_not_held": ratio(c["others_score"], c["others_scored"]),
        "board_delta": ratio(c["board_delta"], c["played"]),
        "mover_delta": ratio(c["mover_delta"], c["played"]),
    }
    for measure in ("win", "rank", "score"):
        est[f"{measure}_diff"] = difference(est[f"{measure}_held"], est[f"{measure}_not_held"])
    for kind in TRAY_KINDS:
        est[kind] = ratio(c[kind], c["played"])
    return {f"{DECK[index]} {name}": e for name, e in est.items()}


def _seat_estimators(seat: int) -> dict[str, Estimator]:
    base = _SEATS_AT + seat * len(_SEAT_COLUMNS)
    col = {name: base + offset for name, offset in _S.items()}
    every = [_SEATS_AT + s * len(_SEAT_COLUMNS) for s in range(4)]

    all_finishers = ratio([b + _S["score"] for b in every], [b + _S["scored"] for b in every])
    mean_win_rate = ratio([b + _S["wins"] for b in every], [_GAMES] * 4)  # four seats a game
    win_rate = ratio(col["wins"], _GAMES)
    mean_score = ratio(col["score"], col["scored"])
    return {
        f"{SEATS[seat]} win_rate": win_rate,
        f"{SEATS[seat]} mean_rank": ratio(col["rank"], _GAMES),
        f"{SEATS[seat]} mean_score": mean_score,
        f"{SEATS[seat]} withdrawn_rate": ratio(col["withdrawn"], _GAMES),
        f"{SEATS[seat]} score_advantage": difference(mean_score, all_finishers),
        f"{SEATS[seat]} win_advantage": difference(win_rate, mean_win_rate),
    }


def game_order(game_id: str) -> tuple[int, int, str]:
    """Games are resampled in the order of their ids, numerically when they are numbers (the
    order the shell reads them from the database)."""
    return (0, int(game_id), "") if game_id.isdigit() else (1, 0, game_id)


def card_impact(
    games: Sequence[MatrioGame],
    *,
    min_games: int = MIN_GAMES,
    resamples: int = RESAMPLES,
    seed: int = 0,
) -> CardImpactReport:
    """Per-card impact and seat effects over finished MatriO games."""
    ordered = sorted(games, key=lambda g: game_order(g.game_id))
    return card_impact_of(sample_of(ordered), min_games=min_games, resamples=resamples, seed=seed)


def card_impact_of(
    sample: Sample,
    *,
    min_games: int = MIN_GAMES,
    resamples: int = RESAMPLES,
    seed: int = 0,
) -> CardImpactReport:
    """Per-card impact and seat effects over a sample of finished MatriO games (in order)."""
    estimators: dict[str, Estimator] = {}
    for index in range(len(DECK)):
        estimators.update(_card_estimators(index))
    for seat in range(4):
        estimators.update(_seat_estimators(seat))
    rows = Rows(len(sample), _GAMES + 1, lambda start, stop: design(sample, start, stop))
    found, sums = intervals(rows, estimators, resamples=resamples, seed=seed)

    def estimate(name: str, n: int) -> Estimate:
        value, low, high = found[name]
        return Estimate(value, low, high, n)

    cards = []
    for index, card in enumerate(DECK):
        col = {name: int(sums[_card_column(index, name)]) for name in _C}
        held, others, played = col["held"], col["others"], col["played"]

        def e(name: str, n: int, card: str = card) -> Estimate:
            return estimate(f"{card} {name}", n)

        cards.append(
            CardImpact(
                card=card,
                games=held,
                enough=held >= min_games,
                rank=None,
                win_held=e("win_held", held),
                win_not_held=e("win_not_held", others),
                win_diff=e("win_diff", held),
                rank_held=e("rank_held", held),
                rank_not_held=e("rank_not_held", others),
                rank_diff=e("rank_diff", held),
                score_held=e("score_held", col["held_scored"]),
                score_not_held=e("score_not_held", col["others_scored"]),
                score_diff=e("score_diff", col["held_scored"]),
                board_delta=e("board_delta", played),
                mover_delta=e("mover_delta", played),
                tray_kinds=tuple((kind, e(kind, played)) for kind in TRAY_KINDS),
                note=_NOTES.get(card),
            )
        )
    ranked = sorted(
        (c for c in cards if c.enough and c.note is None and c.score_diff.value is not None),
        key=lambda c: (-(c.score_diff.value or 0.0), c.card),
    )
    places = {c.card: place for place, c in enumerate(ranked, start=1)}
    cards = [replace(c, rank=places.get(c.card)) for c in cards]
    cards.sort(key=lambda c: (c.rank is None, c.rank or 0, DECK.index(c.card)))
    seats = []
    for seat in range(4):
        base = _SEATS_AT + seat * len(_SEAT_COLUMNS)
        games_n = int(sums[_GAMES])
        scored = int(sums[base + _S["scored"]])
        name = SEATS[seat]
        seats.append(
            SeatEffect(
                seat=name,
                games=games_n,
                win_rate=estimate(f"{name} win_rate", games_n),
                mean_rank=estimate(f"{name} mean_rank", games_n),
                mean_score=estimate(f"{name} mean_score", scored),
                withdrawn_rate=estimate(f"{name} withdrawn_rate", games_n),
                score_advantage=estimate(f"{name} score_advantage", scored),
                win_advantage=estimate(f"{name} win_advantage", games_n),
            )
        )
    return CardImpactReport(len(sample), resamples, min_games, tuple(cards), tuple(seats))
