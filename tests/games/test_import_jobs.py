"""Imports and exports too large for a request run as worker jobs (run here in the test
process, as the worker would): progress, an exact report, resuming after a crash, lost jobs
failed and run again, unknown names held, and the API's 202 + job."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from games import services
from games.engine.record import read_records
from games.import_jobs import INLINE_GAMES, Position, batches, is_small, run_file_job
from games.jobs import FileJob, job_refresh
from games.models import Game
from tests.games.helpers import Cast, record

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def var_dir(settings: Any, tmp_path: Path) -> Path:
    settings.VAR_DIR = tmp_path
    return tmp_path


def many(count: int, *, bad_every: int = 0) -> str:
    """``count`` MatriO records; every ``bad_every``-th one refused (an illegal first move)."""
    texts = []
    for seed in range(count):
        text = record("matrio", seed)
        if bad_every and seed % bad_every == bad_every - 1:
            text = text.replace('[Game "matrio"]', '[Game "matrio"]\n[Result "P1: 1"]', 1)
        texts.append(text)
    return "\n".join(texts)


def signed_in(cast: Cast, persona: str) -> Client:
    client = Client()
    client.force_login(cast.user(persona))
    return client


def test_batches_cut_the_text_as_the_whole_text_reader_reads_it() -> None:
    text = "\r\n".join(
        [
            record("matrio", 1),
            record("matrio", 2) + ' { a comment\n[Game "matrio"] inside the comment }',
            "; a line comment\n" + record("mathematico", 3),
            record("matrio", 4) + " { a comment that is never closed\n\n" + record("matrio", 5),
        ]
    )
    whole = [(r.index, r.line, r.tags, r.movetext) for r in read_records(text)]

    parts = [
        (r.index, r.line, r.tags, r.movetext) for chunk, _ in batches(text, size=1) for r in chunk
    ]

    assert parts == whole
    resumed = next(batches(text, Position(*_after_first(text)), size=100))[0]
    assert [(r.index, r.line) for r in resumed] == [(i, line) for i, line, _, _ in whole[1:]]


def _after_first(text: str) -> tuple[int, int, int]:
    _, after = next(batches(text, size=1))
    return after.offset, after.index, after.line


def test_a_small_text_is_imported_in_the_request_and_a_large_one_by_a_job() -> None:
    assert is_small(many(INLINE_GAMES))
    assert not is_small(many(INLINE_GAMES + 1))
    assert not is_small("x" * 1_000_001)


def test_the_import_page_queues_a_large_file_and_the_job_reports_every_refusal(
    cast: Cast,
) -> None:
    text = many(INLINE_GAMES + 40, bad_every=10)
    client = signed_in(cast, "scorekeeper")
    upload = SimpleUploadedFile("club-night.mgn", text.encode(), content_type="text/plain")
    data = {"club": cast.club.pk, "file": upload, "create_players": "on"}

    response = client.post("/games/import/", data)

    job = FileJob.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/jobs/{job.pk}/"
    assert (job.status, job.name, Game.objects.count()) == ("queued", "club-night.mgn", 0)
    page = client.get(f"/games/jobs/{job.pk}/").content.decode()
    assert "Waiting for the worker" in page and 'http-equiv="refresh"' in page

    assert run_file_job(job_id=job.pk, hostname="test") == "done"

    job.refresh_from_db()
    expected = services.games_import_mgn(club=cast.other_club, text=text, dry_run=True).json()
    assert job.report["games"] == expected["games"] == INLINE_GAMES + 40
    assert job.report["stored"] == expected["valid"] == Game.objects.count() == 216
    assert job.report["refused"] == expected["refused"] == 24
    refused = [(g["index"], g["line"], g["error"]) for g in expected["report"] if g["error"]]
    assert [(g["index"], g["line"], g["error"]) for g in job.report["refusals"]] == refused
    page = client.get(f"/games/jobs/{job.pk}/").content.decode()
    assert "216 stored" in page and "24 refused" in page and "http-equiv" not in page
    assert refused[0][2] in page.replace("&#x27;", "'").replace("&quot;", '"')


def test_a_job_that_stopped_part_way_goes_on_where_it_stopped_with_an_exact_report(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = many(1200)
    client = signed_in(cast, "scorekeeper")
    client.post("/games/import/", {"club": cast.club.pk, "mgn": text, "create_players": "on"})
    job = FileJob.objects.get()
    real = services.games_import_records
    calls = []

    def crash_on_the_second_batch(**kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("the worker died")
        return real(**kwargs)

    monkeypatch.setattr(services, "games_import_records", crash_on_the_second_batch)
    assert run_file_job(job_id=job.pk, hostname="test") == "failed"
    job.refresh_from_db()
    assert job.status == "failed" and "run it again" in job.message
    assert Game.objects.count() == job.report["stored"] == 500  # the first batch, whole

    admin = signed_in(cast, "admin")
    assert admin.post(f"/games/jobs/{job.pk}/rerun/").status_code == 302
    job.refresh_from_db()
    assert job.status == "queued"
    assert run_file_job(job_id=job.pk, hostname="test") == "done"
    job.refresh_from_db()
    assert (job.report["stored"], job.report["duplicates"], job.report["games"]) == (1200, 0, 1200)
    assert Game.objects.count() == 1200
    assert run_file_job(job_id=job.pk, hostname="test") == "skipped"  # delivered again: done


def test_a_running_job_whose_worker_stopped_beating_is_failed_and_only_staff_rerun_it(
    cast: Cast,
) -> None:
    job = FileJob.objects.create(
        kind="import", club=cast.club, by=cast.user("scorekeeper"), name="x.mgn",
        status="running", worker="gone@host#1",
    )  # fmt: skip
    FileJob.objects.filter(pk=job.pk).update(updated_at=timezone.now() - timedelta(minutes=10))
    job.refresh_from_db()

    assert job_refresh(job).status == "failed"
    assert "worker stopped" in job.message
    page = signed_in(cast, "scorekeeper").get(f"/games/jobs/{job.pk}/").content.decode()
    assert "Run it again" not in page
    assert signed_in(cast, "scorekeeper").post(f"/games/jobs/{job.pk}/rerun/").status_code == 404
    assert signed_in(cast, "player").get(f"/games/jobs/{job.pk}/").status_code == 404
    assert "Run it again" in signed_in(cast, "admin").get(f"/games/jobs/{job.pk}/").content.decode()


def test_a_fresh_running_job_of_a_live_worker_is_not_taken_by_a_second_delivery(
    cast: Cast,
) -> None:
    job = FileJob.objects.create(
        kind="import", club=cast.club, name="x.mgn", status="running", worker="other@host#1"
    )
    assert run_file_job(job_id=job.pk, hostname="test") == "skipped"


def test_a_large_import_with_unknown_names_is_held_until_they_are_matched(cast: Cast) -> None:
    text = many(INLINE_GAMES + 1)
    client = signed_in(cast, "scorekeeper")
    client.post("/games/import/", {"club": cast.club.pk, "mgn": text})
    job = FileJob.objects.get()

    run_file_job(job_id=job.pk, hostname="test")

    job.refresh_from_db()
    names = sorted(player["name"] for player in job.report["unknown_players"])
    assert names == [f"Player {n}" for n in (1, 2, 3, 4)] and not Game.objects.exists()
    page = client.get(f"/games/jobs/{job.pk}/").content.decode()
    assert "Who are these players?" in page
    answers = {}
    for n, name in enumerate(names, start=1):
        answers |= {f"unknown_name_{n}": name, f"unknown_choice_{n}": "new"}
    client.post(f"/games/jobs/{job.pk}/players/", answers)
    run_file_job(job_id=job.pk, hostname="test")
    job.refresh_from_db()
    assert job.report["stored"] == Game.objects.count() == INLINE_GAMES + 1
    assert sorted(job.report["created_players"]) == names


def test_the_api_answers_202_with_a_job_for_a_large_import_and_the_job_reports(
    cast: Cast,
) -> None:
    client = signed_in(cast, "scorekeeper")
    payload = {"club": "home", "mgn": many(INLINE_GAMES + 1), "create_players": True}

    response = client.post("/api/games/import/", payload, content_type="application/json")

    assert response.status_code == 202
    url = response.json()["url"]
    assert response["Location"] == url and response.json()["status"] == "queued"
    run_file_job(job_id=response.json()["id"], hostname="test")
    job = client.get(url).json()
    assert (job["status"], job["percent"], job["report"]["stored"]) == ("done", 100, 201)
    assert signed_in(cast, "player").get(url).status_code == 404
    assert Client().get(url).status_code in (401, 403)


def test_an_export_job_writes_the_whole_file_named_by_club_and_day(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = many(30)
    services.games_import_mgn(club=cast.club, text=text)
    services.games_import_mgn(club=cast.other_club, text=record("matrio", 99))
    client = signed_in(cast, "scorekeeper")
    monkeypatch.setattr("games.api.EXPORT_INLINE_GAMES", 10)

    refused = client.get("/api/games/export-mgn/?club=home")
    assert refused.status_code == 400 and "export job" in refused.json()["message"]
    response = client.post("/api/games/export-jobs/?club=home")
    assert response.status_code == 202
    job = response.json()
    assert job["name"] == f"matrio-home-{timezone.localdate().isoformat()}.mgn"
    assert job["download"] is None

    run_file_job(job_id=job["id"], hostname="test")

    job = client.get(job["url"]).json()
    assert job["status"] == "done" and job["report"]["games"] == 30
    download = client.get(job["download"])
    assert download.status_code == 200
    assert job["name"] in download["Content-Disposition"]
    exported = b"".join(download.streaming_content).decode()
    assert len(read_records(exported)) == 30
    again = services.games_import_mgn(club=cast.club, text=exported)
    assert again.count("duplicate") == 30  # the same games, none cut short
    page = client.get(f"/games/jobs/{job['id']}/").content.decode()
    assert "30 games exported" in page and f"/games/jobs/{job['id']}/download/" in page
    assert signed_in(cast, "player").get(job["download"]).status_code == 404


def test_the_games_list_exports_its_filtered_games_through_a_job(cast: Cast) -> None:
    services.games_import_mgn(club=cast.club, text=many(3))
    client = signed_in(cast, "scorekeeper")
    page = client.get("/games/?club=home").content.decode()
    assert 'action="/games/export/?club=home"' in page

    response = client.post("/games/export/?club=home")

    job = FileJob.objects.get()
    assert response["Location"] == f"/games/jobs/{job.pk}/"
    assert (job.kind, job.options["filters"], job.by) == (
        "export",
        {"club": "home"},
        cast.user("scorekeeper"),
    )
    run_file_job(job_id=job.pk, hostname="test")
    page = client.get(f"/games/jobs/{job.pk}/").content.decode()
    assert "3 games exported" in page
