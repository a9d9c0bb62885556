"""Import and export jobs run by a real Celery worker process (PostgreSQL and Redis; without
them the test skips locally and fails under CI=true): queued after the commit, claimed by the
worker, reported to the end, the export's file complete."""

from __future__ import annotations

import pytest

from games.engine.record import read_records
from games.exports import export_job_start
from games.import_jobs import import_job_start
from games.jobs import FileJob
from games.models import Game
from tests.analytics.test_celery_roundtrip import (  # noqa: F401  (the worker fixture)
    WorkerProcess,
    celery_worker_process,
    wait_for_worker,
)
from tests.games.helpers import make_cast, record

pytestmark = pytest.mark.celery


def test_the_worker_runs_an_import_job_and_an_export_job_to_the_end(
    celery_worker_process: WorkerProcess,  # noqa: F811
) -> None:
    worker = celery_worker_process
    cast = make_cast()
    text = "\n".join(record("matrio", seed) for seed in range(260))
    by = cast.user("scorekeeper")

    job = import_job_start(
        club=cast.club, by=by, name="night.mgn", source=Game.Source.IMPORTED, text=text,
        create_players=True,
    )  # fmt: skip

    def finished(pk: int) -> bool:
        return FileJob.objects.get(pk=pk).finished

    wait_for_worker(worker, "the import job", lambda: finished(job.pk))
    job.refresh_from_db()
    assert (job.status, job.report["stored"], job.report["refused"]) == ("done", 260, 0)
    assert job.worker.startswith(worker.hostname + "#")
    assert Game.objects.filter(club=cast.club).count() == 260

    export = export_job_start(by=by, filters={"club": "home"})
    wait_for_worker(worker, "the export job", lambda: finished(export.pk))
    export.refresh_from_db()
    assert (export.status, export.report["games"]) == ("done", 260)
    exported = export.path("output").read_text(encoding="utf-8")
    export.path("output").unlink()  # the test site's var/ keeps no file of this test
    assert len(read_records(exported)) == 260
