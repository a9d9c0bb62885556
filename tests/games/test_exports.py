"""The canonical MGN of every game is regenerated exactly from the database; CSV of results."""

from __future__ import annotations

import csv
import io

import pytest

from games import services
from games.engine import live, registry
from games.engine.record import read_records
from games.models import Game
from games.selectors import game_export_mgn, games_export_csv, games_export_mgn
from tests.games.helpers import Cast, record

pytestmark = pytest.mark.django_db

KINDS = ("matrio", "mathematico", "matrix-overload", "integer-matrix")


@pytest.mark.parametrize("kind", KINDS)
def test_import_then_export_is_byte_identical_for_many_random_games(cast: Cast, kind: str) -> None:
    records = [record(kind, seed, policy="greedy" if seed % 3 else "random") for seed in range(15)]

    report = services.games_import_mgn(club=cast.club, text="\n".join(records))

    assert [g.outcome for g in report.games] == ["stored"] * len(records)
    for entry, text in zip(report.games, records, strict=True):
        assert game_export_mgn(game=Game.objects.get(pk=entry.game_id)) == text


def test_a_live_recorded_game_exports_as_the_engines_canonical_record(cast: Cast) -> None:
    text = record("integer-matrix", 5).replace("\n", '\n[Date "2026.10.03"]\n', 1)
    canonical = registry.get("integer-matrix").write_record(read_records(text)[0])
    imported = live.from_record(read_records(text)[0])
    started = services.game_create(
        club=cast.club,
        kind="integer-matrix",
        players=[services.SeatInput(name=n) for n in imported.game.players],
        tags=[(n, v) for n, v in imported.game.tags if n not in ("Negative", "Positive")],
    )
    for ply, token in enumerate(imported.game.tokens):
        services.game_record_move(game_id=started.game.pk, token=token, expected_ply=ply)

    exported = game_export_mgn(game=Game.objects.get(pk=started.game.pk))

    assert exported == imported.mgn == canonical


def test_a_filtered_set_exports_as_one_file_that_imports_again(cast: Cast) -> None:
    records = [record("matrio", seed) for seed in range(4)] + [record("mathematico", 1)]
    services.games_import_mgn(club=cast.club, text="\n".join(records))

    games = Game.objects.filter(kind="matrio").order_by("pk")
    text = "".join(games_export_mgn(games=games, user=None))  # finished: nothing hidden

    assert text == "\n".join(records[:4])
    again = services.games_import_mgn(club=cast.other_club, text=text)
    assert again.count("stored") == 4


def test_results_export_as_csv_one_row_per_seat(cast: Cast) -> None:
    services.games_import_mgn(club=cast.club, text=record("matrio", 1) + record("mathematico", 2))

    rows = list(csv.DictReader(io.StringIO("".join(games_export_csv(games=Game.objects.all())))))

    assert len(rows) == 4 + Game.objects.get(kind="mathematico").seats.count()
    matrio = [row for row in rows if row["kind"] == "matrio"]
    assert [row["role"] for row in matrio] == ["P1", "P2", "P3", "P4"]
    assert {row["club"] for row in rows} == {"home"}
    assert sum(int(row["winner"]) for row in matrio) >= 1
