"""The home page lists clubs and events from the database, with an accessible layout."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_the_home_page_lists_the_demo_club_and_its_events(client: Client, demo: object) -> None:
    page = client.get("/").content.decode()

    assert "Demo Club" in page
    assert "12 members · 2 events" in page
    assert page.index("Club Night") < page.index("Autumn League 2026")  # running first


def test_the_home_page_has_the_accessibility_basics(client: Client) -> None:
    page = client.get("/").content.decode()

    assert '<html lang="en">' in page
    assert 'name="viewport"' in page
    assert 'href="#main"' in page and 'id="main"' in page
    assert '<nav aria-label="Main">' in page
    assert "<header" in page and "<footer" in page
    assert 'href="/static/matrio/site.css"' in page


def test_an_empty_site_says_how_to_start(client: Client) -> None:
    page = client.get("/").content.decode()

    assert "No clubs yet." in page
    assert "No events yet." in page
