"""Finished paper grids in a Mathematico event round: each player enters their own grid (the
staff may enter anyone's), checked against the round's draw; once every seat of the table has
one, the table's game is made from them (``games.paper_grids``) and, being a finished event
game, gives the table its result (``tournaments.results.table_result_from_game``).

Fair play: a refusal that names values tells the draw's values (not their order), so players
may enter grids only once the director has opened grid entry (the draw is over); the staff, who
see the round's cards anyway, may enter at any time while the round is being played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext

from clubs.models import Player
from clubs.roles import AnyUser, is_staff, signed_in
from games.engine.errors import DomainError, NotAllowed
from games.kinds import GameKind
from games.models import Game
from games.paper_grids import game_from_paper_grids, grid_problem
from games.services import SeatInput
from tournaments.models import Round, Table
from tournaments.options import event_options
from tournaments.paper_grid_models import GridEntry, PaperGrid
from tournaments.running import acting_user, audit, require


@dataclass(frozen=True)
class TableGrids:
    """Who at a table has entered a grid, who has not, and the game once all have."""

    entered: list[Player]
    missing: list[Player]
    open: bool  # players may enter their own grids
    game_id: int | None


def takes_paper_grids(table: Table) -> bool:
    """A Mathematico table of a round with a draw known to the site."""
    round_ = table.round
    return round_.event.game == GameKind.MATHEMATICO and len(round_.cards) == 25


def table_grids(table: Table) -> TableGrids:
    seats = [seat.player for seat in table.seats.select_related("player").order_by("position")]
    done = set(PaperGrid.objects.filter(table=table).values_list("player_id", flat=True))
    return TableGrids(
        entered=[player for player in seats if player.pk in done],
        missing=[player for player in seats if player.pk not in done],
        open=GridEntry.objects.filter(round_id=table.round_id).exists(),
        game_id=table.game_id,
    )


@transaction.atomic
def grid_entry_open(*, round: Round, by: AnyUser | None) -> GridEntry:
    """The director says the draw is over: the players may now enter their own grids."""
    require(is_staff(by, round.event.club_id), gettext("open grid entry"))
    round = Round.objects.select_for_update().select_related("event").get(pk=round.pk)
    if round.status != Round.Status.LOCKED:
        raise DomainError(
            gettext("round %(round)s is not being played: grids are entered while it is")
            % {"round": round.number}
        )
    entry, created = GridEntry.objects.get_or_create(
        round=round, defaults={"opened_by": acting_user(by)}
    )
    if created:
        audit(round.event, by, "grid entry opened", _round_words(round), None, None)
    return entry


def _round_words(round_: Round) -> str:
    return gettext("round %(round)s") % {"round": round_.number}


def _check_who(table: Table, player: Player, by: AnyUser | None) -> bool:
    """Whether ``by`` is staff; refuses anyone else but the player themself, seated here."""
    event = table.round.event
    staff = is_staff(by, event.club_id)
    if not staff and (not signed_in(by) or player.user_id != by.pk):
        raise NotAllowed(
            gettext("you can enter only your own grid: %(player)s enters theirs")
            % {"player": player.name}
        )
    if not table.seats.filter(player=player).exists():
        raise DomainError(
            gettext("%(player)s does not play at table %(table)s of round %(round)s")
            % {"player": player.name, "table": table.number, "round": table.round.number}
        )
    return staff


@transaction.atomic
def paper_grid_enter(
    *, table: Table, player: Player, values: Sequence[int], by: AnyUser | None
) -> PaperGrid:
    """Store ``player``'s finished grid (25 values, row by row) after checking it against the
    round's draw; the last grid of the table makes the table's game. Nothing is stored when
    anything is refused (``DomainError`` with a sentence)."""
    table = Table.objects.select_for_update().select_related("round__event__club").get(pk=table.pk)
    round_ = table.round
    if not takes_paper_grids(table):
        raise DomainError(
            gettext(
                "this table does not take paper grids: it is not a Mathematico round with a draw"
            )
        )
    staff = _check_who(table, player, by)
    if round_.status == Round.Status.DRAFT:
        raise DomainError(
            gettext("round %(round)s has not started yet: grids are entered once it is played")
            % {"round": round_.number}
        )
    if round_.status == Round.Status.FINISHED:
        raise DomainError(
            gettext("round %(round)s is finished: its results can no longer change")
            % {"round": round_.number}
        )
    if not staff and not GridEntry.objects.filter(round=round_).exists():
        raise DomainError(
            gettext(
                "grid entry is not open yet: the director opens it once the last value is drawn"
            )
        )
    earlier = PaperGrid.objects.filter(table=table, player=player).first()
    if earlier is not None:
        raise DomainError(
            gettext(
                "%(player)s's grid was already entered (%(when)s): if it is wrong, the "
                "director corrects the table's result"
            )
            % {"player": player.name, "when": _when(earlier)}
        )
    draw = [int(value) for value in round_.cards]
    problem = grid_problem(values, draw)
    if problem is not None:
        raise DomainError(
            gettext("%(player)s's grid does not hold the values of the draw: %(problem)s.")
            % {"player": player.name, "problem": problem},
            field="grid",
        )
    grid = PaperGrid.objects.create(
        table=table, player=player, values=list(values), entered_by=acting_user(by)
    )
    audit(round_.event, by, "grid entered", _grid_words(table, player), None, list(values))
    _game_when_complete(table, draw)
    return grid


def _grid_words(table: Table, player: Player) -> str:
    return gettext("%(player)s, round %(round)s, table %(table)s") % {
        "player": player.name,
        "round": table.round.number,
        "table": table.number,
    }


def _when(grid: PaperGrid) -> str:
    return formats.date_format(timezone.localtime(grid.at), "SHORT_DATETIME_FORMAT")


def _game_when_complete(table: Table, draw: list[int]) -> Game | None:
    """Once every seat has a grid (and the table no game yet), the table's finished game."""
    grids = {grid.player_id: grid.values for grid in PaperGrid.objects.filter(table=table)}
    seats = list(table.seats.select_related("player").order_by("position"))
    if table.game_id is not None or any(seat.player_id not in grids for seat in seats):
        return None
    round_ = table.round
    event = round_.event
    return game_from_paper_grids(
        club=event.club,
        players=[SeatInput(player=seat.player) for seat in seats],
        grids=[grids[seat.player_id] for seat in seats],
        draw=draw,
        mode=str(event_options(event)["mode"]),
        event=event,
        round_number=round_.number,
        table_number=table.number,
        played_on=event.starts_on,
    )
