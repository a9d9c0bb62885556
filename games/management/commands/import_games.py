"""``manage.py import_games FILE [FILE ...] [--club SLUG] [--dry-run] [--create-players]``.

Files are read in batches of 500 records (each batch one transaction: progress is saved as
it goes, memory stays bounded); NUL bytes and bad UTF-8 are shown as U+FFFD and reported.
The report goes to standard output (one line per game, then the totals); the progress bar
to standard error.

Every game of every file is judged by the engine; valid games are stored (each whole or not
at all), refused ones are reported with their index, line, ply and sentence, and players are
matched by name within the club (case and spacing aside). A name no member has is a refusal
of the whole import, listed with the members whose names are near it, unless
``--create-players`` makes such names new members (the report lists them). Storing the same
file again stores nothing twice. Exit status: 0 when every game was stored (or was already),
1 when any game was refused or a player is unknown, 2 for usage errors (unknown club,
unreadable file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.models import Club
from games.import_jobs import batches, mgn_text
from games.imports import ImportReport, UnknownPlayer
from games.models import Game
from games.services import games_import_records
from infra.progress import progress_bar


class Command(BaseCommand):
    help = "Import MGN game records into a club (validated by the rules engine)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE", help="MGN files ('-': stdin)")
        parser.add_argument("--club", metavar="SLUG", help="the club (default: the only one)")
        parser.add_argument(
            "--dry-run", action="store_true", help="judge every game, store nothing"
        )
        parser.add_argument(
            "--quiet", action="store_true", help="report refused games only, then the totals"
        )
        parser.add_argument(
            "--create-players",
            action="store_true",
            help="make names that are no member of the club new members (else: a refusal)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        club = self._club(options["club"])
        texts = [(name, self._read(name)) for name in options["files"]]
        dry_run, quiet = options["dry_run"], options["quiet"]
        if not options["create_players"]:
            self._refuse_unknown_players(club, texts)
        totals = ImportReport(dry_run=dry_run)
        with progress_bar() as progress:
            for name, text in texts:
                task = progress.add_task(f"{name}", total=len(text))
                for chunk, after in batches(text):
                    report = games_import_records(
                        club=club, records=chunk, dry_run=dry_run, source=Game.Source.IMPORTED
                    )
                    for game in report.games:
                        if not quiet or game.outcome == "refused":
                            self.stdout.write(f"{name} {game.describe()}")
                    totals.games.extend(report.games)
                    totals.created_players.extend(report.created_players)
                    progress.update(task, completed=after.offset)
        self._summary(totals, club)
        if not totals.ok:
            raise CommandError(f"{totals.count('refused')} game(s) refused", returncode=1)

    def _refuse_unknown_players(self, club: Club, texts: list[tuple[str, str]]) -> None:
        """Stop before storing anything when a name of the files is no member of the club."""
        unknown: dict[str, UnknownPlayer] = {}
        for _, text in texts:
            for chunk, _ in batches(text):
                report = games_import_records(
                    club=club, records=chunk, dry_run=True, create_players=False
                )
                for player in report.unknown_players:
                    unknown.setdefault(player.name.casefold(), player)
        if not unknown:
            return
        for player in unknown.values():
            near = ", ".join(name for _, name in player.suggestions)
            hint = f" (members with a near name: {near})" if near else ""
            self.stdout.write(f"unknown player: {player.name}{hint}")
        raise CommandError(
            f"{len(unknown)} player name(s) are no member of {club.name}; nothing was stored. "
            "Correct the names in the file, or import again with --create-players to make "
            "them new members.",
            returncode=1,
        )

    def _club(self, slug: str | None) -> Club:
        if slug:
            club = Club.objects.filter(slug=slug).first()
            if club is None:
                known = ", ".join(Club.objects.values_list("slug", flat=True)) or "none"
                raise CommandError(f"no club {slug!r} (clubs: {known})", returncode=2)
            return club
        clubs = list(Club.objects.all()[:2])
        if len(clubs) != 1:
            raise CommandError("say which club with --club SLUG", returncode=2)
        return clubs[0]

    def _read(self, name: str) -> str:
        if name == "-":
            import sys

            return mgn_text(sys.stdin.buffer.read())
        path = Path(name)
        try:
            return mgn_text(path.read_bytes())
        except OSError as error:
            raise CommandError(f"cannot read {name}: {error.strerror}", returncode=2) from None

    def _summary(self, report: ImportReport, club: Club) -> None:
        word = "would store" if report.dry_run else "stored"
        stored = report.count("valid" if report.dry_run else "stored")
        created = report.created_players
        lines = [
            f"{len(report.games)} game(s) read for {club.name}: {stored} {word}, "
            f"{report.count('duplicate')} already stored, {report.count('refused')} refused.",
        ]
        if created:
            verb = "would be created" if report.dry_run else "created"
            lines.append(f"{len(created)} new player(s) {verb}: {', '.join(created)}")
        for line in lines:
            self.stdout.write(line)
