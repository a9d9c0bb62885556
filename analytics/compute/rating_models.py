"""Rating models: which openskill model rates each game kind, and how a game is fed to it.

Terms:

* A game's *sides* are its competitors in canonical order (by rank, then player id): one
  player each, except an Integer Matrix team (seats sharing a ``team``) and an Overload game,
  whose second side is the deal (pseudo-player ``deal:<id>``). Withdrawn seats rank just
  below the last finisher, all tied.
* Models (one openskill model per kind, all with openskill's default parameters, see
  :class:`ModelParams`): MatriO and Mathematico are free-for-all rankings, rated with
  Plackett-Luce on the places; withdrawn MatriO players rank below every finisher and tie
  among themselves. The Integer Matrix is a two-sided match (a side may be a team) and
  MATR1X 0VERL0AD a match of the player against the deal (rated too: its rating is the deal's
  difficulty); both use Bradley-Terry (full pairing), which scores a draw as half a win. A
  game with fewer than two sides (a one-player Mathematico game) changes no rating.
* *Ties* in a Plackett-Luce game: the update is the average (of mu and of sigma squared) of
  the updates of every order of the tied sides (at most ``MAX_TIE_ORDERS`` orders, else
  openskill's own tie rule). openskill's rule gives players tied for first no more than the
  player in third place (openskill.py issues 155 and 176); averaging gives them the mean of
  first and second, and an exact draw between equals leaves mu unchanged. For a two-way tie
  for last place (two withdrawn MatriO players) openskill's rule already gives that average,
  so it is used as it is.
* openskill's *margin of victory* (``ModelParams.matrio_margin``) is off: it raised recovery in
  the simulation slightly but damps upsets by the size of the gap (a newcomer who wins by 500
  points gains less than one who wins by 20), which club members would rightly call a bug.

Invariants: an update depends only on the sides' ratings before the game and the places;
:func:`weng_lin` gives exactly the numbers of openskill's ``rate`` (tested), without its copy.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple, Protocol

from openskill.models import BradleyTerryFull, PlackettLuce

from analytics.compute.results import (
    INTEGER_MATRIX,
    KINDS,
    MATHEMATICO,
    MATRIO,
    OVERLOAD,
    GameResult,
    SeatResult,
    deal_player,
)

#: Most orders of tied sides averaged; beyond it openskill's own tie rule is used.
MAX_TIE_ORDERS = 120


@dataclass(frozen=True, slots=True)
class ModelParams:
    """openskill's parameters (its defaults): prior mu and sigma, performance noise beta,
    the sigma floor kappa, the per-game drift tau and, for MatriO, openskill's margin of
    victory in points (0: off, the default; see the module docstring)."""

    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    kappa: float = 0.0001
    tau: float = 25.0 / 300.0
    matrio_margin: float = 0.0


DEFAULT_PARAMS = ModelParams()
MODEL_NAMES: dict[str, str] = {
    MATRIO: "Plackett-Luce",
    MATHEMATICO: "Plackett-Luce",
    INTEGER_MATRIX: "Bradley-Terry (full)",
    OVERLOAD: "Bradley-Terry (full)",
}


class Skill(Protocol):
    """An openskill rating object."""

    mu: float
    sigma: float


class Model(Protocol):
    """The part of an openskill model the platform uses."""

    def rating(
        self, mu: float | None = None, sigma: float | None = None, name: str | None = None
    ) -> Any: ...

    tau: float

    def rate(
        self,
        teams: list[list[Any]],
        ranks: list[float] | None = None,
        scores: list[float] | None = None,
    ) -> list[list[Any]]: ...

    def _compute(self, teams: Any, ranks: list[float] | None = None) -> list[list[Any]]: ...


@cache
def openskill_model(kind: str, params: ModelParams) -> Model:
    if kind not in KINDS:
        raise ValueError(f"unknown game kind {kind!r}: one of {', '.join(KINDS)}")
    if kind in (MATRIO, MATHEMATICO):
        margin = params.matrio_margin if kind == MATRIO else 0.0
        return PlackettLuce(
            mu=params.mu,
            sigma=params.sigma,
            beta=params.beta,
            kappa=params.kappa,
            tau=params.tau,
            margin=margin,
        )
    return BradleyTerryFull(
        mu=params.mu, sigma=params.sigma, beta=params.beta, kappa=params.kappa, tau=params.tau
    )


class Side(NamedTuple):
    """One competitor of a game: its players, place, score and whether it withdrew."""

    players: tuple[str, ...]
    rank: int
    score: float | None
    withdrawn: bool = False


def sides(game: GameResult) -> tuple[Side, ...]:
    """The competing sides of a game in canonical order (by rank, then player id).

    Withdrawn seats rank just below the last finisher, all tied; an Overload game gets its
    deal as the second side; seats sharing a ``team`` form one side.
    """
    seats = game.seats
    ids = [s.player_id for s in seats]
    if len(set(ids)) != len(seats):
        raise ValueError(f"game {game.game_id}: a player sits twice")
    if game.kind == OVERLOAD:
        if len(seats) != 1 or game.deal_id is None or seats[0].rank not in (1, 2):
            raise ValueError(
                f"game {game.game_id}: an Overload game has one seat ranked 1 (win) or 2 "
                "(loss) and a deal_id"
            )
        rank = seats[0].rank
        return tuple(
            sorted(
                (Side((ids[0],), rank, None), Side((deal_player(game.deal_id),), 3 - rank, None)),
                key=_side_key,
            )
        )
    last = 1 + max((s.rank for s in seats if not s.withdrawn), default=0)
    if all(s.team is None for s in seats):
        if min(s.rank for s in seats) < 1:
            raise ValueError(f"game {game.game_id}: ranks must be >= 1")
        single = [
            Side((s.player_id,), last, None, True)
            if s.withdrawn
            else Side((s.player_id,), s.rank, s.score, False)
            for s in seats
        ]
        single.sort(key=_side_key)
        return tuple(single)
    groups: dict[str, list[SeatResult]] = {}
    for seat in seats:
        groups.setdefault(seat.player_id if seat.team is None else "team:" + seat.team, []).append(
            seat
        )
    out: list[Side] = []
    for members in groups.values():
        ranks = {last if s.withdrawn else s.rank for s in members}
        if len(ranks) != 1 or min(ranks) < 1:
            raise ValueError(f"game {game.game_id}: ranks must be >= 1 and equal within a team")
        withdrawn = all(s.withdrawn for s in members)
        score = None if len(members) > 1 or withdrawn else members[0].score
        players = tuple(sorted(s.player_id for s in members))
        out.append(Side(players, ranks.pop(), score, withdrawn))
    return tuple(sorted(out, key=_side_key))


def _side_key(side: Side) -> tuple[int, tuple[str, ...]]:
    return (side.rank, side.players)


def update_game(
    model: Model,
    kind: str,
    params: ModelParams,
    game_sides: Sequence[Side],
    teams: list[list[Any]],
) -> list[list[Any]]:
    """openskill's update of one game (see the module docstring for ties and the margin).

    The rating objects in ``teams`` belong to the caller's book and may be updated in place.
    """
    finishers = [side.score for side in game_sides if not side.withdrawn]
    if kind == MATRIO and params.matrio_margin > 0 and finishers and None not in finishers:
        lowest = min(float(score) for score in finishers if score is not None)
        scores = [
            lowest - params.matrio_margin if side.score is None else float(side.score)
            for side in game_sides
        ]
        return model.rate(teams, scores=scores)
    ranks = [float(side.rank) for side in game_sides]
    orders = tie_orders(ranks) if kind in (MATRIO, MATHEMATICO) else None
    if orders is None:
        return weng_lin(model, teams, ranks)
    outcomes = [
        weng_lin(model, [[model.rating(p.mu, p.sigma) for p in team] for team in teams], order)
        for order in orders
    ]
    mixed: list[list[Any]] = []
    for t, team in enumerate(teams):
        members = []
        for p in range(len(team)):
            mus = [outcome[t][p].mu for outcome in outcomes]
            mu = sum(mus) / len(mus)
            variance = sum(outcome[t][p].sigma ** 2 for outcome in outcomes) / len(mus)
            members.append(model.rating(mu, math.sqrt(variance)))
        mixed.append(members)
    return mixed


def weng_lin(model: Model, teams: list[list[Any]], ranks: list[float]) -> list[list[Any]]:
    """``model.rate(teams, ranks=ranks)`` without its defensive deep copy of every rating.

    The same steps as openskill 6.2's ``rate`` (sigma widened by tau, teams sorted by rank,
    the Weng-Lin update ``_compute``, original order restored), but the rating objects are
    updated in place: they are the book's own, so nothing else sees them change, and the
    copy (a third of openskill's time per game) is saved. A test checks that the numbers are
    identical to ``rate``'s on random games, so an openskill upgrade that changes its
    internals fails the suite instead of changing ratings silently.
    """
    tau_squared = model.tau * model.tau
    for team in teams:
        for player in team:
            player.sigma = math.sqrt(player.sigma * player.sigma + tau_squared)
    order = sorted(range(len(teams)), key=ranks.__getitem__)
    result = model._compute(teams=[teams[i] for i in order], ranks=sorted(ranks))
    restored: list[list[Any]] = [[] for _ in teams]
    for position, index in enumerate(order):
        restored[index] = result[position]
    return restored


def tie_orders(ranks: Sequence[float]) -> list[list[float]] | None:
    """Every strict ranking that breaks the ties of ``ranks`` (sorted ascending), or ``None``
    when there is no tie or too many orders (openskill's tie rule then applies)."""
    if len(set(ranks)) == len(ranks):
        return None
    groups: dict[float, list[int]] = {}
    for index, rank in enumerate(ranks):
        groups.setdefault(rank, []).append(index)
    if all(len(g) == 1 for g in groups.values()):
        return None
    last = max(groups)
    if len(groups[last]) == 2 and all(len(g) == 1 for r, g in groups.items() if r != last):
        return None  # openskill's rule gives the average of the two orders here already
    if math.prod(math.factorial(len(g)) for g in groups.values()) > MAX_TIE_ORDERS:
        return None
    orders = []
    for combination in itertools.product(*(itertools.permutations(g) for g in groups.values())):
        strict = [0.0] * len(ranks)
        for place, index in enumerate(i for group in combination for i in group):
            strict[index] = float(place + 1)
        orders.append(strict)
    return orders
