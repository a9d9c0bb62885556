"""The demo club's content: plain constants, importable without Django.

The passwords are for the local demo only (``make run`` prints them); never load the demo
into a site that others can reach.
"""

from __future__ import annotations

from typing import NamedTuple


class DemoLogin(NamedTuple):
    username: str
    password: str
    role: str  # director, scorekeeper, player, or "" for the site admin
    player_name: str  # "" for the site admin, who is not a player
    staff: bool = False


CLUB_NAME = "Demo Club"
CLUB_SLUG = "demo"

LOGINS: tuple[DemoLogin, ...] = (
    DemoLogin("director", "demo-director-pass", "director", "Dana Director"),
    DemoLogin("scorekeeper", "demo-scorekeeper-pass", "scorekeeper", "Sam Scorekeeper"),
    DemoLogin("player", "demo-player-pass", "player", "Pat Player"),
    DemoLogin("admin", "demo-admin-pass", "", "", staff=True),
)

# Twelve players in all: the three with logins above plus nine without.
OTHER_PLAYERS: tuple[str, ...] = (
    "Alex Archer",
    "Bea Brook",
    "Cyril Cole",
    "Dora Dale",
    "Emil Ernst",
    "Fay Fischer",
    "Gus Grant",
    "Hana Holm",
    "Ivo Ivanov",
)


class DemoEvent(NamedTuple):
    name: str
    slug: str
    game: str  # an MGN Game tag
    status: str
    starts_on: str  # ISO date


EVENTS: tuple[DemoEvent, ...] = (
    DemoEvent("Autumn League 2026", "autumn-league-2026", "matrio", "finished", "2026-10-03"),
    DemoEvent("Club Night", "club-night", "mathematico", "running", "2026-11-20"),
)

DIRECTOR = "director"  # the login that runs the demo events
LEAGUE = "autumn-league-2026"  # finished: three rounds, results from the recorded games
LEAGUE_ROUNDS = 3
CLUB_NIGHT = "club-night"  # running: round 1 finished, round 2 seated and being played
NIGHT_PLAYERS = 4  # the four players of the recorded Mathematico game of round 1
NIGHT_LATE = 2  # late entries, who join in round 2
