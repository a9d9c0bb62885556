"""The demo club's games, made by the engines' seeded random players (``make run``).

What is loaded: nine finished MatriO games in the finished league (three rounds of three
tables), two finished Mathematico games at the running club night, two Matrix Overload and
two Integer Matrix games, and one MatriO game in progress (ten moves recorded live by the
scorekeeper; its hands, dealt from a seed from ``secrets``, recorded). Every game uses the demo
club's own players.

Invariant: loading again creates nothing — the finished games go through the importer,
which stores a canonical record once per club, and the game in progress is looked up by its
table (a live game at ``LIVE_TABLE`` without an event).
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from clubs.models import Club
from clubs.roles import AnyUser
from games import services
from games.engine import integer_matrix, live, mathematico, matrio, overload
from games.engine.live.common import with_tags
from games.engine.record import read_records
from games.models import Game
from tournaments.models import Event

LEAGUE = "autumn-league-2026"
CLUB_NIGHT = "club-night"
LIVE_TABLE = 7
LIVE_MOVES = 10
MATHEMATICO_SEEDS = (3, 10)  # seeds whose random game has four players


def _renamed(text: str, names: Sequence[str], tags: dict[str, str]) -> str:
    game = live.with_players(live.from_record(read_records(text)[0]).game, names)
    return live.to_mgn(replace(game, tags=with_tags(game.tags, tags)))


def _records(names: Sequence[str], league: Event | None, night: Event | None) -> list[str]:
    return list(
        _texts(
            tuple(names),
            (league.name, league.starts_on) if league is not None else None,
            (night.name, night.starts_on) if night is not None else None,
        )
    )


@functools.cache
def _texts(
    names: tuple[str, ...], league: tuple[str, date] | None, night: tuple[str, date] | None
) -> tuple[str, ...]:
    """The records, made once per process (the engines' seeded players are deterministic)."""
    texts = []
    if league is not None:
        for round_number, step in enumerate((1, 5, 7), start=1):  # 12 players, 3 tables a round
            order = [names[(i * step + round_number) % len(names)] for i in range(len(names))]
            for table in range(1, 4):
                seats: Sequence[str] = order[4 * table - 4 : 4 * table]
                tags = {
                    "Event": league[0],
                    "Date": league[1].strftime("%Y.%m.%d"),
                    "Round": str(round_number),
                    "Table": str(table),
                }
                seed = 10 * round_number + table
                texts.append(matrio.random_game(seed, "mixed:0.3", players=seats, tags=tags))
    if night is not None:
        for table, seed in enumerate(MATHEMATICO_SEEDS, start=1):
            tags = {
                "Event": night[0],
                "Date": night[1].strftime("%Y.%m.%d"),
                "Round": "1",
                "Table": str(table),
            }
            seats = names[4 * table - 4 : 4 * table]
            texts.append(_renamed(mathematico.random_game(seed, "greedy"), seats, tags))
    for number, seed in enumerate((4, 8)):
        tags = {"Event": "Solitaire practice", "Date": "2026.11.05"}
        texts.append(_renamed(overload.random_game(seed, "greedy"), [names[number]], tags))
    for number, seed in enumerate((2, 5)):
        tags = {"Event": "Friendly games", "Date": "2026.11.12"}
        seats = [names[2 + number], names[6 + number]]
        texts.append(_renamed(integer_matrix.random_game(seed, "greedy"), seats, tags))
    return tuple(texts)


def demo_games_load(*, club: Club, names: Sequence[str], recorder: AnyUser | None = None) -> int:
    """Load the demo games into ``club`` (its players' ``names``); returns games created."""
    league = Event.objects.filter(club=club, slug=LEAGUE).first()
    night = Event.objects.filter(club=club, slug=CLUB_NIGHT).first()
    report = services.games_import_mgn(
        club=club,
        text="\n".join(_records(names, league, night)),
        by=recorder,
        source=Game.Source.TYPED,  # typed in: the worker reviews their moves
    )
    created = report.count("stored")
    live_games = Game.objects.filter(
        club=club, source=Game.Source.LIVE, event_id=None, table_number=LIVE_TABLE
    )
    if not live_games.exists():
        # A deal no one can predict (README "Security"): the seed comes from ``secrets``, and
        # the hands are recorded, so visitors see how many cards each player has left and the
        # scorekeeper sees the mover's hand.
        text = matrio.random_game(secrets.randbelow(2**31) + 1, "mixed:0.5", players=names[-4:])
        tokens = text.split("\n\n", 1)[1].split()[:LIVE_MOVES]
        dealt = read_records(text)[0]
        hands = {f"Hand{n}": dealt.tag(f"Hand{n}") or "" for n in range(1, 5)}
        started = services.game_create(
            club=club,
            kind="matrio",
            players=[services.SeatInput(name=name) for name in names[-4:]],
            tags={"Event": "Friendly game", **hands},
            table_number=LIVE_TABLE,
            by=recorder,
        )
        for ply, token in enumerate(tokens):
            services.game_record_move(
                game_id=started.game.pk, token=token, expected_ply=ply, by=recorder
            )
        created += 1
    return created
