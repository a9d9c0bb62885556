"""``python -m matrio_site.devserver``: the web server and a Celery worker, together.

``make run`` starts this after migrating and loading the demo. Both children run in their own
process groups; Ctrl-C (SIGINT) or SIGTERM stops both cleanly (the worker finishes its task
first), and if either child dies the other is stopped too, so nothing is left behind.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import FrameType

from rich.console import Console
from rich.table import Table

from matrio_site import demo_data

BASE_DIR = Path(__file__).resolve().parent.parent
STOP_GRACE_SECONDS = 20.0


def _commands(host: str, port: int, *, reload: bool) -> dict[str, list[str]]:
    # --nostatic: WhiteNoise serves the static files (the collected, compressed ones under
    # `make run`), as on a server, rather than runserver's plain uncompressed copies.
    web = [sys.executable, "manage.py", "runserver", "--nostatic", f"{host}:{port}"]
    if not reload:
        web.append("--noreload")
    # Warnings and errors only (a person needs the address, the logins and what went wrong;
    # LOG_LEVEL=INFO brings the task lines back).
    worker = [
        sys.executable, "-m", "celery", "-A", "matrio_site", "worker",
        "--pool=solo", f"--loglevel={os.environ.get('LOG_LEVEL', 'WARNING')}",
        "--without-gossip", "--without-mingle",
    ]  # fmt: skip
    return {"web": web, "worker": worker}


def _banner(console: Console, url: str) -> None:
    table = Table(title="Demo logins (local demo only)", title_justify="left")
    table.add_column("username")
    table.add_column("password")
    table.add_column("role")
    for login in demo_data.LOGINS:
        table.add_row(login.username, login.password, login.role or "site admin (staff)")
    console.print(f"\n[bold]MatriO Club[/bold] is starting at [link={url}]{url}[/link]")
    console.print(f"Health: {url}healthz   API docs: {url}api/docs/   Admin: {url}admin/")
    console.print(table)
    console.print("Press Ctrl-C to stop the web server and the worker.\n")


def _stop(children: dict[str, subprocess.Popen[bytes]], console: Console) -> int:
    """SIGTERM each child's process group, wait, then SIGKILL a group that is still there.

    Signalling the whole group also stops grandchildren, such as the server process that
    runserver's autoreloader starts.
    """
    for child in children.values():
        if child.poll() is None:
            _signal_group(child, signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    worst = 0
    for name, child in children.items():
        try:
            code = child.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            console.print(f"{name} did not stop in {STOP_GRACE_SECONDS:.0f} s; killing it")
            _signal_group(child, signal.SIGKILL)
            code = child.wait()
        console.print(f"{name} stopped (exit {code})")
        if code not in (0, -signal.SIGTERM, -signal.SIGINT):
            worst = worst or 1
    return worst


def _signal_group(child: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(child.pid, sig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--host", default=os.environ.get("RUN_HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("RUN_PORT", "8000")))
    parser.add_argument("--noreload", action="store_true", help="do not restart on code changes")
    args = parser.parse_args(argv)

    console = Console(highlight=False, soft_wrap=True)
    stopping = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stopping.set()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    children: dict[str, subprocess.Popen[bytes]] = {}
    quiet = {
        "DJANGO_RUNSERVER_HIDE_WARNING": "true",
        # a club laptop's demo may run as root: Celery's warning about it is not for them
        "PYTHONWARNINGS": "ignore:You're running the worker with superuser privileges",
        **os.environ,
    }
    for name, command in _commands(args.host, args.port, reload=not args.noreload).items():
        children[name] = subprocess.Popen(
            command,
            cwd=BASE_DIR,
            start_new_session=True,
            env=quiet,
            # their start-up banners say what ours says; logs and errors go to stderr
            stdout=subprocess.DEVNULL,
        )
    _banner(console, f"http://{args.host}:{args.port}/")

    exited = ""
    while not stopping.wait(0.5):
        exited = next((name for name, c in children.items() if c.poll() is not None), "")
        if exited:
            console.print(f"[bold red]{exited} exited[/bold red]; stopping the rest")
            break
    else:
        console.print("Stopping the web server and the worker…")
    code = _stop(children, console)
    return 1 if exited else code


if __name__ == "__main__":
    raise SystemExit(main())
