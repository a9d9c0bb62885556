"""The dev supervisor stops every child process group it started."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.templatetags.static import static
from django.test import Client
from rich.console import Console

from matrio_site import devserver
from tests.support import wait_until

SLEEPER = [sys.executable, "-c", "import time; time.sleep(120)"]


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def test_stopping_ends_the_children_and_their_grandchildren() -> None:
    # A child that starts a grandchild in its own group, like runserver's autoreloader.
    parent = [
        sys.executable,
        "-c",
        f"import subprocess, time; subprocess.Popen({SLEEPER!r}); time.sleep(120)",
    ]
    children = {
        "web": subprocess.Popen(parent, start_new_session=True),
        "worker": subprocess.Popen(SLEEPER, start_new_session=True),
    }

    code = devserver._stop(children, Console(quiet=True))

    assert code == 0
    for child in children.values():
        assert child.poll() is not None
        # An orphaned grandchild is reaped by init a moment later.
        wait_until(lambda pgid=child.pid: not group_alive(pgid), deadline_s=30, what="the group")


def test_the_commands_start_runserver_and_a_solo_worker() -> None:
    commands = devserver._commands("127.0.0.1", 8123, reload=False)

    # --nostatic: WhiteNoise serves the static files (compressed, cached) as on a server
    assert commands["web"][1:] == [
        "manage.py",
        "runserver",
        "--nostatic",
        "127.0.0.1:8123",
        "--noreload",
    ]
    assert commands["worker"][1:6] == ["-m", "celery", "-A", "matrio_site", "worker"]
    assert "--pool=solo" in commands["worker"]


@pytest.mark.django_db
def test_make_runs_static_files_are_hashed_compressed_and_cached_for_good(
    settings: Any, tmp_path: Path
) -> None:
    # `make run`: DEBUG with COMPRESSED_STATIC, collectstatic, then WhiteNoise serves them.
    source = tmp_path / "source"
    (source / "club").mkdir(parents=True)
    (source / "club" / "chart.js").write_text("window.chart = 1;\n" * 200)
    settings.DEBUG = True
    settings.STATIC_ROOT = tmp_path / "collected"
    settings.STATICFILES_DIRS = [source]
    settings.STATICFILES_FINDERS = ["django.contrib.staticfiles.finders.FileSystemFinder"]
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "matrio_site.static_storage.HashedCompressedStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)

    url = static("club/chart.js")
    assert re.fullmatch(r"/static/club/chart\.[0-9a-f]{12}\.js", url), url
    response = Client().get(url, HTTP_ACCEPT_ENCODING="br, gzip")
    assert response.status_code == 200
    assert response["Content-Encoding"] == "br"
    assert "immutable" in response["Cache-Control"]
    assert int(response["Content-Length"]) < len("window.chart = 1;\n" * 200) / 10
