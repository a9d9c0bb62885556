"""A player's move quality over time, read from the games' post-game reviews.

Terms: each finished game with moves gets a review (``games.reviews``) grading every move;
the player's *average loss per move* in a game is the review's figure for their seat (in the
game kind's own units: points for Mathematico, MatriO and The Integer Matrix, winnability for
MATR1X 0VERL0AD). Reads only: the worker writes the reviews.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from clubs.models import Player
from games.models import Seat

MAX_GAMES = 200  # the newest games shown


@dataclass(frozen=True)
class LossPoint:
    game_id: int
    played_on: date
    moves: int
    average_loss: float


def player_move_quality(*, player: Player, kind: str) -> list[LossPoint]:
    """The player's average loss per move in each reviewed game of ``kind``, oldest first."""
    seats = (
        Seat.objects.filter(player=player, game__kind=kind, game__review__isnull=False)
        .order_by("-game__played_on", "-game_id")
        .values_list("game_id", "game__played_on", "role", "game__review__review")[:MAX_GAMES]
    )
    points = []
    for game_id, played_on, role, review in seats:
        line = (review or {}).get("summary", {}).get(role)
        if line and line.get("moves"):
            points.append(LossPoint(game_id, played_on, int(line["moves"]), line["average_loss"]))
    return points[::-1]
