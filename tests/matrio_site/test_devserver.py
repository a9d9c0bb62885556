"""The dev supervisor stops every child process group it started."""

from __future__ import annotations

import os
import subprocess
import sys

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

    assert commands["web"][1:] == ["manage.py", "runserver", "127.0.0.1:8123", "--noreload"]
    assert commands["worker"][1:6] == ["-m", "celery", "-A", "matrio_site", "worker"]
    assert "--pool=solo" in commands["worker"]
