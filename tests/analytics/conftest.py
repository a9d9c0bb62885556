"""Fixtures of the analytics tests."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

from analytics import wakeups


@pytest.fixture(autouse=True)
def sending_wakeups() -> Iterator[None]:
    """A test that breaks the broker on purpose leaves no pause on sending behind it."""
    wakeups.resume_sending()
    yield
    wakeups.resume_sending()


@pytest.fixture
def wakeups_sent(monkeypatch: pytest.MonkeyPatch) -> defaultdict[str, list[dict[str, Any]]]:
    """The worker tasks the code queued (``analytics.wakeups``), by task name, each with its
    keyword arguments, recorded when the transaction commits instead of sent to a broker."""
    sent: defaultdict[str, list[dict[str, Any]]] = defaultdict(list)
    monkeypatch.setattr(wakeups, "send", lambda name, **kwargs: sent[name].append(kwargs))
    return sent
