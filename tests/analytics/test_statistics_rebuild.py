"""``manage.py rebuild_statistics``: counts every finished game again, kind by kind, with the
same counters as the worker's incremental updates, and gives the same result when run twice."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from analytics.models import TALLY_FIELDS, StatCounter, StatGame, StatResult
from analytics.ratings import services
from analytics.statistics.counters import MATRIO_CELLS, OPENINGS
from analytics.statistics.mathematico import MATHEMATICO_EARLY
from analytics.statistics.matrio import CARD_IMPACT, card_impact_refresh
from analytics.statistics.rebuild import statistics_rebuild
from games import services as games
from games.engine import mathematico, matrio
from games.models import Game
from tests.factories import ClubFactory

pytestmark = pytest.mark.django_db


def counters() -> list[tuple[Any, ...]]:
    return sorted(StatCounter.objects.values_list("statistic", "group", "key", *TALLY_FIELDS))


def card_impact() -> Any:
    return StatResult.objects.get(name=CARD_IMPACT).data


@pytest.fixture
def counted(settings: Any) -> list[int]:
    """Three MatriO and two Mathematico games, counted as the worker counts them."""
    settings.ANALYTICS_RESAMPLES = 40
    club = ClubFactory()
    records = [matrio.random_game(seed) for seed in range(3)]
    records += [mathematico.random_game(seed, "greedy") for seed in range(2)]
    games.games_import_mgn(club=club, text="\n\n".join(records))
    ids = list(Game.objects.filter(club=club).values_list("pk", flat=True))
    for kind in services.games_mark_dirty(game_ids=ids):
        services.ratings_process_dirty(kind=kind)
    card_impact_refresh()
    return ids


def rebuild(*args: str) -> str:
    out = StringIO()
    call_command("rebuild_statistics", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_rebuilding_every_kind_twice_gives_the_counters_the_worker_kept(
    counted: list[int],
) -> None:
    kept, report = counters(), card_impact()

    first = rebuild("--quiet")
    assert counters() == kept and card_impact() == report
    second = rebuild()
    assert counters() == kept and card_impact() == report

    lines = first.splitlines()
    assert len(lines) == 4  # one line per kind
    assert lines[0].startswith("matrio: 3 games counted, ")
    cells = StatCounter.objects.filter(statistic=MATRIO_CELLS).count()
    assert f"matrio-cell {cells}" in lines[0] and lines[0].endswith(" s")
    assert any(line.startswith("mathematico: 2 games counted") for line in lines)
    assert [line.split(" in ")[0] for line in second.splitlines()] == [
        line.split(" in ")[0] for line in lines
    ]


def test_one_kind_is_rebuilt_without_touching_the_others(counted: list[int]) -> None:
    matrio_rows = StatCounter.objects.filter(statistic=OPENINGS)
    matrio_rows.update(games=999)  # damage one kind's counters
    mathematico_rows = StatCounter.objects.filter(statistic=MATHEMATICO_EARLY)
    before = sorted(mathematico_rows.values_list("group", "key", "games"))
    mathematico_rows.update(games=999)

    output = rebuild("--game", "mathematico", "--quiet")

    assert output.startswith("mathematico: 2 games counted")
    assert sorted(mathematico_rows.values_list("group", "key", "games")) == before
    assert set(matrio_rows.values_list("games", flat=True)) == {999}
    rebuild("--game", "matrio", "--quiet")
    assert 999 not in set(matrio_rows.values_list("games", flat=True))


def test_the_rebuild_reports_its_progress_up_to_the_card_impact(counted: list[int]) -> None:
    seen: list[tuple[int, int, str]] = []
    statistics_rebuild(kind="matrio", progress=lambda *step: seen.append(step))
    assert seen == [(3, 3, "games counted"), (3, 3, "card impact")]


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(CommandError, match="invalid choice"):
        call_command("rebuild_statistics", "--game", "chess")


def test_the_card_impact_refresh_packs_the_games_stored_without_a_packed_record(
    counted: list[int],
) -> None:
    report = card_impact()
    StatGame.objects.update(sample=None)

    card_impact_refresh()

    assert card_impact() == report
    assert not StatGame.objects.filter(kind="matrio", sample__isnull=True).exists()
