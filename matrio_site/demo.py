"""The demo club: ``demo_load`` builds it idempotently through the apps' own services.

Every row is looked up by its natural key (slug or username), so loading twice creates nothing
new. It sits in the site layer because it uses every app: clubs, games and tournaments.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.text import slugify

from clubs.accounts import membership_grant
from clubs.models import Club, Membership, Player
from clubs.roles import AnyUser
from games.models import Game
from matrio_site import demo_data
from matrio_site.demo_games import demo_games_load
from tournaments.models import Event, Round
from tournaments.services import (
    entry_add,
    event_create,
    event_finish,
    round_finish,
    round_generate,
    round_lock,
    round_swap,
    table_result_from_game,
)


@dataclass(frozen=True)
class DemoSummary:
    club: Club
    players: int
    events: int
    created: int  # rows created by this call (0 when the demo was already loaded)
    games: int = 0  # games in the demo club


@transaction.atomic
def demo_load() -> DemoSummary:
    """Create or refresh the demo club, its users, twelve players, two events and games."""
    created = 0
    user_model = get_user_model()
    club, made = Club.objects.update_or_create(
        slug=demo_data.CLUB_SLUG, defaults={"name": demo_data.CLUB_NAME}
    )
    created += made

    players: list[Player] = []
    for login in demo_data.LOGINS:
        user, made = user_model.objects.get_or_create(username=login.username)
        created += made
        if made:  # keep a password the demo user changed; set it only on creation
            user.set_password(login.password)
        user.is_staff = user.is_superuser = login.staff
        user.save()
        if not login.player_name:
            continue
        player, made = Player.objects.update_or_create(
            slug=slugify(login.player_name), defaults={"name": login.player_name, "user": user}
        )
        created += made
        players.append(player)
        if login.role != Membership.Role.PLAYER:
            created += membership_grant(club=club, player=player, role=login.role)[1]

    for name in demo_data.OTHER_PLAYERS:
        player, made = Player.objects.update_or_create(slug=slugify(name), defaults={"name": name})
        created += made
        players.append(player)

    for player in players:
        created += membership_grant(club=club, player=player, role=Membership.Role.PLAYER)[1]

    director = user_model.objects.get(username=demo_data.DIRECTOR)
    events: dict[str, Event] = {}
    for spec in demo_data.EVENTS:
        event = Event.objects.filter(club=club, slug=spec.slug).first()
        if event is None:
            event = event_create(
                club=club,
                name=spec.name,
                slug=spec.slug,
                game=spec.game,
                starts_on=date.fromisoformat(spec.starts_on),
                by=director,
            )
            created += 1
        events[spec.slug] = event
    # Games played through the engines: finished ones in the events, one still going on.
    keeper = next(login.username for login in demo_data.LOGINS if login.role == "scorekeeper")
    recorder = user_model.objects.filter(username=keeper).first()
    names = [player.name for player in players]
    created += demo_games_load(club=club, names=names, recorder=recorder)
    created += _demo_league(events[demo_data.LEAGUE], players, director)
    created += _demo_night(events[demo_data.CLUB_NIGHT], players, director)

    return DemoSummary(
        club=club,
        players=len(players),
        events=len(demo_data.EVENTS),
        created=created,
        games=Game.objects.filter(club=club).count(),
    )


def _demo_fresh(event: Event) -> bool:
    """Whether the demo event still needs its rounds (an older demo may have none)."""
    if event.rounds.exists():
        return False
    if event.status != Event.Status.DRAFT:  # an older demo marked it without playing it
        Event.objects.filter(pk=event.pk).update(status=Event.Status.DRAFT)
        event.refresh_from_db()
    return True


def _demo_results_from_games(round: Round, by: AnyUser | None) -> None:
    """Seat the draft round as its recorded games were played, lock it, take their results."""
    by_table = {
        game.table_number: [seat.player_id for seat in game.seats.order_by("position")]
        for game in Game.objects.filter(event_id=round.event_id, round_number=round.number)
    }
    for table in round.tables.order_by("number"):
        wanted = by_table.get(table.number) or []
        for position, player in enumerate(wanted, start=1):
            here = table.seats.filter(position=position).values_list("player_id", flat=True)
            if player is not None and here and here[0] != player:
                round_swap(round=round, first=here[0], second=player, by=by)
    round_lock(round=round, by=by)
    for game in Game.objects.filter(event_id=round.event_id, round_number=round.number):
        table_result_from_game(game_id=game.pk)


def _demo_league(event: Event, players: list[Player], by: AnyUser | None) -> int:
    """The finished league: twelve players, three rounds seated as the demo games were played
    (the director swaps the Swiss draft to match), results from the games, then finished."""
    if not _demo_fresh(event):
        return 0
    for player in players:
        entry_add(event=event, player=player, checked_in=True, by=by)
    for _ in range(demo_data.LEAGUE_ROUNDS):
        round = round_generate(event=event, by=by)
        _demo_results_from_games(round, by)
        round_finish(round=round, by=by)
    event_finish(event=event, by=by)
    return 1


def _demo_night(event: Event, players: list[Player], by: AnyUser | None) -> int:
    """The running club night: four players, round 1 from its recorded Mathematico game and
    finished; two late entries; round 2 seated and locked (being played)."""
    if not _demo_fresh(event):
        return 0
    for player in players[: demo_data.NIGHT_PLAYERS]:
        entry_add(event=event, player=player, checked_in=True, by=by)
    first = round_generate(event=event, by=by)
    _demo_results_from_games(first, by)
    round_finish(round=first, by=by)
    late = demo_data.NIGHT_PLAYERS + demo_data.NIGHT_LATE
    for player in players[demo_data.NIGHT_PLAYERS : late]:
        entry_add(event=event, player=player, checked_in=True, by=by)
    second = round_generate(event=event, by=by)
    round_lock(round=second, by=by)
    return 1
