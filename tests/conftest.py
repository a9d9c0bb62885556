"""Shared fixtures."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from matrio_site.demo import DemoSummary, demo_load
from tests.browser import OpenPage, launch_browser, page_opener


@pytest.fixture
def demo(db: None) -> DemoSummary:
    """The demo club, loaded through the real service."""
    return demo_load()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium, shared by every browser test of the session."""
    yield from launch_browser()


@pytest.fixture
def open_page(browser: Any) -> Iterator[OpenPage]:
    """Opens pages that may reach only this machine (see ``tests/browser.py``)."""
    yield from page_opener(browser)
