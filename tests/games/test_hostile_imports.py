"""Hostile input to every import path (the page, the API, the worker's job, the command):
binary, invalid UTF-8, NUL, too large, 10,000 tags, deep braces, CRLF and markup in names.
Each answers with a sentence (never a 500), stores no game half, and reads in bounded memory."""

from __future__ import annotations

import tracemalloc
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from games.import_jobs import batches, run_file_job
from games.jobs import FileJob
from games.models import Game, Move, Seat
from tests.games.helpers import Cast, record

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert('x')</script>"


@pytest.fixture(autouse=True)
def var_dir(settings: Any, tmp_path: Path) -> Path:
    settings.VAR_DIR = tmp_path
    return tmp_path


def keeper(cast: Cast) -> Client:
    client = Client()
    client.force_login(cast.user("scorekeeper"))
    return client


def upload(client: Client, cast: Cast, data: bytes, **fields: str) -> Any:
    file = SimpleUploadedFile("hostile.mgn", data, content_type="application/octet-stream")
    form = {"club": cast.club.pk, "file": file, "create_players": "on", **fields}
    return client.post("/games/import/", form, follow=True)


def stored_whole() -> bool:
    """Every stored game has its seats and all its moves."""
    return all(
        game.seats.exists() and Move.objects.filter(game=game).count() == game.ply
        for game in Game.objects.all()
    )


def test_a_binary_file_is_reported_record_by_record_and_stores_nothing(cast: Cast) -> None:
    data = bytes(range(256)) * 400  # 100 KB of every byte value, NUL included

    response = upload(keeper(cast), cast, data)

    assert response.status_code == 200
    page = response.content.decode()
    assert "0 stored" in page and "refused" in page and "not an MGN record" in page
    assert not Game.objects.exists()


def test_invalid_utf8_and_nul_in_names_are_shown_not_fatal(cast: Cast) -> None:
    text = record("matrio", 1).replace("Player 1", "Ann \udcff").encode("utf-8", "surrogateescape")
    text = text.replace(b"Player 2", b"Bob\x00") + b"\n" + record("matrio", 2).encode()

    response = upload(keeper(cast), cast, text)

    assert response.status_code == 200 and Game.objects.count() == 2 and stored_whole()
    names = set(Seat.objects.values_list("name", flat=True))
    assert {"Ann \ufffd", "Bob\ufffd"} <= names


def test_nul_in_pasted_text_and_in_the_api_is_a_sentence_and_stores_nothing(cast: Cast) -> None:
    text = record("matrio", 1).replace("Player 1", "Ann\x00")
    client = keeper(cast)

    page = client.post("/games/import/", {"club": cast.club.pk, "mgn": text})
    api = client.post(
        "/api/games/import/",
        {"club": "home", "mgn": text, "create_players": True},
        content_type="application/json",
    )

    assert page.status_code == 200 and "Null characters are not allowed" in page.content.decode()
    assert api.status_code == 400 and "message" in api.json()
    assert not Game.objects.exists()


def test_a_file_over_the_limit_is_refused_with_a_sentence_and_the_form_kept(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("games.forms.MAX_UPLOAD_BYTES", 2**20)

    response = upload(keeper(cast), cast, b" " * (2**20 + 1), dry_run="on")

    page = response.content.decode()
    assert response.status_code == 200 and "a file of at most 1 MB can be imported" in page
    assert 'name="dry_run" checked' in page or "checked" in page
    assert not FileJob.objects.exists() and not Game.objects.exists()


def test_pasted_text_larger_than_a_request_may_carry_gets_a_sentence_not_a_500(
    cast: Cast,
) -> None:
    huge = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    response = keeper(cast).post("/games/import/", {"club": cast.club.pk, "mgn": huge})

    assert response.status_code == 413 and not Game.objects.exists()
    page = response.content.decode()
    assert "too large for a form" in page and "Send a long record as a file instead" in page


def test_a_record_with_10000_tags_is_judged_and_stored_whole_or_refused(cast: Cast) -> None:
    head, rest = record("matrio", 1).split("\n", 1)
    tags = "".join(f'[Extra{n} "{n}"]\n' for n in range(10_000))
    text = f"{head}\n{tags}{rest}"

    response = upload(keeper(cast), cast, text.encode())

    assert response.status_code == 200 and stored_whole()
    page = response.content.decode()
    assert ("1 stored" in page) != ("1 refused" in page)


def test_deep_braces_are_one_unclosed_comment_reported_in_the_page_and_the_job(
    cast: Cast,
) -> None:
    braces = "{ " * 200_000  # 400 KB of comment openings, never closed
    text = f"{record('matrio', 1)}\n{braces}\n\n{record('matrio', 2)}"
    client = keeper(cast)

    response = upload(client, cast, text.encode())
    assert response.status_code == 200 and stored_whole()
    assert Game.objects.count() == 1  # the comment swallows the rest, as the format says

    big = "\n".join(record("matrio", seed) for seed in range(3, 300)) + "\n" + text
    response = upload(client, cast, big.encode())
    job = FileJob.objects.get()
    assert run_file_job(job_id=job.pk, hostname="test") == "done"
    job.refresh_from_db()
    assert job.report["stored"] == 297 and job.report["duplicates"] == 1 and stored_whole()


def test_crlf_files_import_as_lf_files_do(cast: Cast) -> None:
    text = "\n".join(record("matrio", seed) for seed in range(3)).replace("\n", "\r\n")

    response = upload(keeper(cast), cast, text.encode())

    assert response.status_code == 200 and Game.objects.count() == 3 and stored_whole()


def test_markup_in_names_is_shown_escaped_in_the_report_the_game_and_the_job(
    cast: Cast,
) -> None:
    text = record("matrio", 1).replace("Player 1", SCRIPT)
    client = keeper(cast)

    asked = client.post("/games/import/", {"club": cast.club.pk, "mgn": text}).content.decode()
    assert SCRIPT not in asked and "&lt;script&gt;" in asked  # the unknown-name dialog

    upload(client, cast, text.encode())
    game = Game.objects.get()
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert SCRIPT not in page and "&lt;script&gt;" in page

    big = "\n".join(record("matrio", seed) for seed in range(2, 203)).replace("Player 2", SCRIPT)
    client.post("/games/import/", {"club": cast.club.pk, "mgn": big})
    job = FileJob.objects.get()
    run_file_job(job_id=job.pk, hostname="test")
    page = client.get(f"/games/jobs/{job.pk}/").content.decode()
    assert SCRIPT not in page and "&lt;script&gt;" in page


def test_the_command_reports_every_game_of_a_file_with_a_nul_part_way(
    cast: Cast, tmp_path: Path
) -> None:
    games = [record("matrio", seed) for seed in range(600)]
    games[550] = games[550].replace("Player 3", "Nul\x00Name")
    path = tmp_path / "nul.mgn"
    path.write_bytes("\n".join(games).encode())
    out = StringIO()

    call_command(
        "import_games", str(path), "--club", "home", "--create-players", "--quiet", stdout=out
    )

    assert "600 game(s) read for Home Club: 600 stored" in out.getvalue()
    assert Game.objects.count() == 600 and stored_whole()


def peak_reading(text: str) -> tuple[int, int]:
    """Records read in batches from ``text``, and the memory the reading took at its peak."""
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        count = sum(len(records) for records, _ in batches(text))
        return count, tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()


def test_reading_a_text_in_batches_takes_the_same_memory_for_a_text_six_times_longer() -> None:
    one = record("matrio", 1)
    short, peak_short = peak_reading("\n".join([one] * 1000))
    long, peak_long = peak_reading("\n".join([one] * 6000))

    assert (short, long) == (1000, 6000)
    assert peak_long < 1.5 * peak_short  # one batch of 500 records at a time, whatever the size
