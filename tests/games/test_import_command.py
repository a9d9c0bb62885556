"""``manage.py import_games``: per-game report, created players, exit status 0 / 1 / 2."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from clubs.models import Membership, Player
from games.models import Game
from tests.factories import PlayerFactory
from tests.games.helpers import Cast, record

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("import_games", *args, stdout=out, stderr=StringIO())
    except CommandError as error:
        return error.returncode, out.getvalue()
    return 0, out.getvalue()


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_it_stores_every_game_and_says_so(cast: Cast, tmp_path: Path) -> None:
    games = write(tmp_path, "a.mgn", "\n".join(record("matrio", s) for s in range(3)))
    more = write(tmp_path, "b.mgn", record("mathematico", 1))

    status, out = run(games, more, "--club", "home", "--create-players")

    assert status == 0
    assert Game.objects.filter(club=cast.club).count() == 4
    assert out.count("stored as game") == 4
    assert "4 game(s) read for Home Club: 4 stored, 0 already stored, 0 refused." in out
    assert "new player(s) created: Player 1, Player 2, Player 3, Player 4, Ada" in out


def test_a_refused_game_gives_status_1_with_its_line_and_ply(cast: Cast, tmp_path: Path) -> None:
    bad = record("matrio", 2).replace("2C>", "2D>", 1)
    path = write(tmp_path, "mixed.mgn", record("matrio", 1) + "\n" + bad)

    status, out = run(path, "--club", "home", "--create-players")

    assert status == 1
    assert "#1 (line 27) matrio: REFUSED at ply 1 — ply 1 (P1): " in out
    assert Game.objects.count() == 1


def test_importing_again_stores_nothing_twice(cast: Cast, tmp_path: Path) -> None:
    path = write(tmp_path, "a.mgn", record("integer-matrix", 1) + record("integer-matrix", 2))
    run(path, "--club", "home", "--create-players")

    status, out = run(path, "--club", "home", "--quiet")

    assert status == 0 and Game.objects.count() == 2
    assert "0 stored, 2 already stored, 0 refused" in out


def test_a_dry_run_stores_nothing(cast: Cast, tmp_path: Path) -> None:
    path = write(tmp_path, "a.mgn", record("matrio", 1))

    status, out = run(path, "--club", "home", "--dry-run", "--create-players")

    assert status == 0 and not Game.objects.exists()
    assert "1 would store" in out and "would be created" in out


def test_usage_errors_give_status_2(cast: Cast, tmp_path: Path) -> None:
    path = write(tmp_path, "a.mgn", record("matrio", 1))

    assert run(path, "--club", "nowhere")[0] == 2
    assert run(str(tmp_path / "missing.mgn"), "--club", "home")[0] == 2
    assert run(path)[0] == 2  # two clubs: which one?


def test_names_that_are_no_member_are_a_refusal_with_the_list_and_near_members(
    cast: Cast, tmp_path: Path
) -> None:
    member = PlayerFactory(name="Zoë Player 1")
    Membership.objects.create(club=cast.club, player=member, role=Membership.Role.PLAYER)
    path = write(tmp_path, "a.mgn", record("matrio", 1))

    status, out = run(path, "--club", "home")

    assert status == 1 and not Game.objects.exists()
    first = next(line for line in out.splitlines() if line.startswith("unknown player: Player 1"))
    assert "members with a near name: " in first and "Zoë Player 1" in first
    assert "unknown player: Player 4" in out
    assert "--create-players" not in out  # the hint is in the error, which goes to stderr


def test_known_members_are_matched_by_name_without_creating_anyone(
    cast: Cast, tmp_path: Path
) -> None:
    for n in range(1, 5):
        player = PlayerFactory(name=f"player   {n}")  # case and spacing do not matter
        Membership.objects.create(club=cast.club, player=player, role=Membership.Role.PLAYER)
    players = Player.objects.count()
    path = write(tmp_path, "a.mgn", record("matrio", 1))

    status, out = run(path, "--club", "home")

    assert status == 0 and Game.objects.count() == 1
    assert Player.objects.count() == players and "new player" not in out
