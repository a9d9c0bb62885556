"""The analytics pages: thin charts say so, card impact by suit, one date format, no inline code."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest
from django.test import Client
from django.utils.formats import date_format

from analytics.statistics import matrio
from clubs.models import Player
from tests.analytics.test_statistics_views import counted_games
from tests.analytics.test_views_and_api import rate_games
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def newcomer() -> Player:
    club = ClubFactory(slug="riverside")
    people = [MembershipFactory(club=club).player for _ in range(4)]
    rate_games(club, people, 1, seed=5)
    return people[0]


def test_a_chart_with_too_little_data_says_how_much_it_has_and_needs(
    client: Client, newcomer: Player
) -> None:
    page = client.get(f"/analytics/players/{newcomer.slug}/?game=matrio").content.decode()

    assert "Not enough games yet for this chart (1 of 2)." in page  # the rating history
    assert 'data-figure="figure-history"' not in page
    assert 'data-figure="figure-opponents"' in page  # one game is a head to head already


def test_the_player_page_gives_dates_in_the_languages_format_and_tables_scroll_alone(
    client: Client, newcomer: Player
) -> None:
    page = client.get(f"/analytics/players/{newcomer.slug}/?game=matrio").content.decode()

    assert date_format(date.today(), "DATE_FORMAT") in page
    assert date.today().isoformat() not in page
    assert page.count("<table>") == page.count('<div class="table-scroll"><table>')


def test_pages_carry_no_inline_code_and_load_plotly_only_through_the_chart_script(
    client: Client, newcomer: Player
) -> None:
    page = client.get(f"/analytics/players/{newcomer.slug}/?game=matrio").content.decode()

    scripts = re.findall(r"<script[^>]*>", page)
    assert scripts and all(" src=" in s or 'type="application/json"' in s for s in scripts)
    (loader,) = [s for s in scripts if "charts.js" in s]
    assert "defer" in loader and 'data-plotly="/static/analytics/vendor/plotly-cartesian' in loader


def test_card_impact_shows_one_suit_at_a_time(client: Client, settings: Any) -> None:
    settings.ANALYTICS_RESAMPLES = 40
    settings.ANALYTICS_CARD_MIN_GAMES = 3
    counted_games(range(6))
    matrio.card_impact_refresh()

    spades = client.get("/analytics/cards/").content.decode()
    hearts = client.get("/analytics/cards/?suit=H").content.decode()
    jokers = client.get("/analytics/cards/?suit=X").content.decode()

    assert '<th scope="row">AS' in spades and '<th scope="row">AH' not in spades
    assert '<th scope="row">AH' in hearts and '<th scope="row">AS' not in hearts
    assert '<th scope="row">XB' in jokers and '<th scope="row">2C' not in jokers
    assert 'href="?suit=H#cards-heading" aria-current="page"' in hearts
    assert 'data-figure="figure-cards"' in hearts  # the chart keeps every ranked card
    assert client.get("/analytics/cards/?suit=Z").status_code == 404


def test_card_impact_below_the_statistics_threshold_says_so(client: Client, settings: Any) -> None:
    settings.ANALYTICS_RESAMPLES = 40
    counted_games(range(4))
    matrio.card_impact_refresh(min_games=30)

    page = client.get("/analytics/cards/").content.decode()

    assert "Not enough games yet for this chart (4 of 30)." in page
    assert 'data-figure="figure-cards"' not in page and "<table>" in page
