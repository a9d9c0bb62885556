"""The management commands' progress bar (rich): on standard error, gone when done, so
standard output keeps only the report."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


def progress_bar(*, quiet: bool = False) -> Progress:
    """A bar per task: its description, the bar, done/total and the time left."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
        disable=quiet,
    )
