"""``manage.py leaderboard --game matrio [--club SLUG] [--json]``: the stored ratings."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from analytics.ratings.selectors import leaderboard
from clubs.models import Club
from games.kinds import GameKind


class Command(BaseCommand):
    help = "Print the current ratings of a pool: player, mu, sigma, rating, games."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", required=True, choices=GameKind.values)
        parser.add_argument("--club", help="a club's slug (default: every club)")
        parser.add_argument("--json", action="store_true", help="print JSON")
        parser.add_argument("--limit", type=int, default=500)

    def handle(self, *args: Any, **options: Any) -> None:
        club = options["club"]
        if club and not Club.objects.filter(slug=club).exists():
            raise CommandError(f"no club with the slug {club!r}")
        rows = leaderboard(kind=options["game"], club_slug=club, limit=options["limit"])
        if options["json"]:
            data = [
                {
                    "place": r.place,
                    "player": r.name,
                    "player_slug": r.player_slug,
                    "mu": r.mu,
                    "sigma": r.sigma,
                    "rating": r.display,
                    "games": r.games,
                    "provisional": r.provisional,
                }
                for r in rows
            ]
            self.stdout.write(json.dumps(data, indent=2))
            return
        if not rows:
            self.stdout.write("No rated games yet.")
            return
        width = max(6, *(len(r.name) for r in rows))
        self.stdout.write(
            f"{'#':>4}  {'player':<{width}}  {'rating':>6}  {'mu':>7}  {'sigma':>6}  games"
        )
        for r in rows:
            mark = " (provisional)" if r.provisional else ""
            self.stdout.write(
                f"{r.place:>4}  {r.name:<{width}}  {r.display:>6}  {r.mu:7.3f}  "
                f"{r.sigma:6.3f}  {r.games:>5}{mark}"
            )
