"""A large import in a real browser with a real worker: the page hands the file to the worker,
shows the job's progress, then the exact report with each refused record (desktop viewport)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.jobs import FileJob
from games.models import Game
from tests.analytics.test_celery_roundtrip import (  # noqa: F401  (the worker fixture)
    WorkerProcess,
    celery_worker_process,
)
from tests.factories import PASSWORD
from tests.games.helpers import make_cast, record

pytestmark = [pytest.mark.browser, pytest.mark.celery]

SHOTS = Path("/tmp/shots-matrio_h7")


def test_a_large_file_is_imported_by_the_worker_with_progress_and_the_report(
    open_page: Any,
    live_server: Any,
    celery_worker_process: WorkerProcess,  # noqa: F811
) -> None:
    make_cast()
    games = [record("matrio", seed) for seed in range(700)]
    games[5] = games[5].replace("2C>", "3C>", 1)  # an illegal first move
    SHOTS.mkdir(exist_ok=True)
    page, traffic = open_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/accounts/login/?next=/games/import/")
    page.get_by_label("Username").fill("scorekeeper")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/games/import/")

    page.get_by_label("…or upload an MGN file").set_input_files(
        {"name": "club-night.mgn", "mimeType": "text/plain", "buffer": "\n".join(games).encode()}
    )
    page.get_by_label("Names that are no member of the club become new members").check()
    page.get_by_role("button", name="Check and import").click()
    page.wait_for_url("**/games/jobs/*/")
    page.locator("#job").wait_for()
    page.screenshot(path=str(SHOTS / "import_job_progress.png"), full_page=True)
    assert "club-night.mgn" in page.locator("h1").inner_text()

    page.locator("#job-status", has_text="Done").wait_for(timeout=120_000)
    page.screenshot(path=str(SHOTS / "import_job_report.png"), full_page=True)
    report = page.locator("#report").inner_text()
    assert "700 games" in report and "699 stored" in report and "1 refused" in report
    assert "the game opens with the 2" in report
    assert FileJob.objects.get().status == "done" and Game.objects.count() == 699
    assert traffic.external == []
