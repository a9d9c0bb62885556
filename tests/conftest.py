"""Shared fixtures."""

from __future__ import annotations

import pytest

from tournaments.services import DemoSummary, demo_load


@pytest.fixture
def demo(db: None) -> DemoSummary:
    """The demo club, loaded through the real service."""
    return demo_load()
