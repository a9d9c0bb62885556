"""Running ``python -m games.engine`` from the repository root, as a club member would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "tests" / "data"  # the reference samples (see its README.md)


def run_engine(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the engine's command line with ``args``; never raises on a non-zero exit."""
    return subprocess.run(
        [sys.executable, "-m", "games.engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=300,
    )
