"""Importing a large MGN file as the worker does: games per second and peak memory.

    python bench/imports.py [--megabytes 50] [--database-url postgres://...]

It creates a scratch PostgreSQL database (``bench.scratch``), writes a file of seeded random
MatriO games of about ``--megabytes`` MB (record by record, never held whole), queues it as an
import job (``games.import_jobs``) and runs the job in this process the way the worker does
(``run_file_job``: batches of 500 records, each committed with the job's position and report).
It prints the games, the seconds, games per second, and the process's resident memory before
the job and at its peak (``resource``' maximum RSS), then the report's counts.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.scratch import DEFAULT_ADMIN_URL, scratch_site  # noqa: E402
from games.engine import matrio  # noqa: E402


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux


def write_file(path: Path, megabytes: float) -> int:
    """Seeded random MatriO games until the file has ``megabytes`` MB; returns the games."""
    size, seed = 0, 0
    with path.open("w", encoding="utf-8") as out:
        while size < megabytes * 2**20:
            size += out.write(("\n" if seed else "") + matrio.random_game(seed))
            seed += 1
    return seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=float, default=50)
    parser.add_argument("--database-url", default=DEFAULT_ADMIN_URL)
    args = parser.parse_args()
    with scratch_site(args.database_url, "imports"):
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        from django.contrib.auth.models import User

        from clubs.models import Club
        from games.import_jobs import import_job_start, run_file_job
        from games.jobs import FileJob, jobs_dir
        from games.models import Game

        club = Club.objects.create(name="Import Club", slug="import")
        user = User.objects.create_user("bench")
        start = time.perf_counter()
        source = jobs_dir() / "bench-input.mgn"
        games = write_file(source, args.megabytes)
        made = time.perf_counter() - start
        with source.open("rb") as upload:
            job = import_job_start(
                club=club, by=user, name=source.name, source=Game.Source.IMPORTED,
                upload=upload, create_players=True,
            )  # fmt: skip
        source.unlink()
        before = peak_mb()
        start = time.perf_counter()
        run_file_job(job_id=job.pk, hostname="bench")
        elapsed = time.perf_counter() - start
        job = FileJob.objects.get(pk=job.pk)
        report = {key: job.report.get(key) for key in ("games", "stored", "duplicates", "refused")}
        print(
            f"import job: {job.size / 2**20:.1f} MB, {games} MatriO games in {elapsed:.1f} s = "
            f"{games / elapsed:.0f} games/s; peak RSS {peak_mb():.0f} MB (before the job: "
            f"{before:.0f} MB); status {job.status}; {report}; writing the file took {made:.1f} s"
        )
        job.path("input").unlink()


if __name__ == "__main__":
    main()
