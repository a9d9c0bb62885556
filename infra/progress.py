"""The management commands' progress bar (rich): on standard error, gone when done, so
standard output keeps only the report."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

#: what long services call as they go: ``(done, total, message)``
Advance = Callable[[int, int, str], None]


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


@contextmanager
def progress_step(progress: Progress, name: str) -> Iterator[Advance]:
    """A bar for one step (e.g. one game kind) while the block runs; yields its callback."""
    task = progress.add_task(name, total=None)

    def advance(done: int, total: int, message: str) -> None:
        progress.update(task, completed=done, total=total, description=f"{name}: {message}")

    try:
        yield advance
    finally:
        progress.remove_task(task)
