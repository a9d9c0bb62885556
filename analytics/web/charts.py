"""A chart as a page shows it: the figure, or, while its data is too thin, one sentence.

A chart drawn from two games is a pair of empty axes or a misleading line; each chart states
how many games (or plays, boards, players) it needs to say something, and the page says
"not enough games yet (12 of 30)" until then. The tables below the charts always show what
there is.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from django.utils.translation import ngettext

from analytics.web.figures import Figure


class Unit(Enum):
    GAMES = "games"
    PLAYS = "plays"
    BOARDS = "boards"
    PLAYERS = "players"


# How much each chart needs (the count it is drawn from). Charts of counts and of one value
# per game (plays, choices, deals, events, a game's loss per move) say something from the
# first game; charts of estimates need enough games for the estimate: a line, a spread, the
# statistics' own threshold for bootstrap intervals (card impact, Mathematico values: stored
# with the report).
HISTORY = 2  # a line needs two points
SCORES = 3  # fewer scores read better as the list the page gives
SEATS = 4  # as many games as a MatriO table has seats
LEADERBOARD = 2  # players
OPENINGS = 5  # win rates of the moves after a line
DRAW = 2  # boards compared on one draw
COUNTS = 1  # opponents, move quality, heatmaps, deals, events, first moves


@dataclass(frozen=True)
class Chart:
    figure: Figure
    count: int
    needed: int
    unit: Unit = Unit.GAMES

    @property
    def enough(self) -> bool:
        return self.count >= self.needed

    @property
    def shortfall(self) -> str:
        """The sentence shown instead of the chart while it lacks data."""
        values = {"count": self.count, "needed": self.needed}
        if self.unit is Unit.PLAYS:
            return (
                ngettext(
                    "Not enough plays yet for this chart (%(count)d of %(needed)d).",
                    "Not enough plays yet for this chart (%(count)d of %(needed)d).",
                    self.needed,
                )
                % values
            )
        if self.unit is Unit.BOARDS:
            return (
                ngettext(
                    "Not enough boards yet for this chart (%(count)d of %(needed)d).",
                    "Not enough boards yet for this chart (%(count)d of %(needed)d).",
                    self.needed,
                )
                % values
            )
        if self.unit is Unit.PLAYERS:
            return (
                ngettext(
                    "Not enough rated players yet for this chart (%(count)d of %(needed)d).",
                    "Not enough rated players yet for this chart (%(count)d of %(needed)d).",
                    self.needed,
                )
                % values
            )
        return (
            ngettext(
                "Not enough games yet for this chart (%(count)d of %(needed)d).",
                "Not enough games yet for this chart (%(count)d of %(needed)d).",
                self.needed,
            )
            % values
        )
