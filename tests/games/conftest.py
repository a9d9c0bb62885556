"""Fixtures for the games tests: the cast of personas around one club."""

from __future__ import annotations

import pytest

from tests.games.helpers import Cast, make_cast


@pytest.fixture
def cast(db: None) -> Cast:
    return make_cast()
