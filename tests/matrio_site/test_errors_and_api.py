"""Errors are JSON under /api/ and friendly pages elsewhere; the API documents itself offline."""

from __future__ import annotations

import re

import pytest
from django.test import Client, RequestFactory

from matrio_site import views

pytestmark = pytest.mark.django_db

EXTERNAL = re.compile(r"""(?:src|href)=["']?(?:https?:)?//""")


def test_an_unknown_api_address_answers_json(client: Client) -> None:
    response = client.get("/api/no-such-thing/")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"message": "There is nothing at this address."}


def test_an_unknown_page_answers_a_friendly_page(client: Client) -> None:
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert "There is nothing at this address." in page
    assert 'href="/"' in page


@pytest.mark.parametrize(
    ("path", "content_type"), [("/api/clubs/", "application/json"), ("/", "text/html")]
)
def test_a_server_error_matches_the_kind_of_address(path: str, content_type: str) -> None:
    response = views.server_error(RequestFactory().get(path))

    assert response.status_code == 500
    assert response["Content-Type"].startswith(content_type)


def test_the_api_lists_the_demo_club_and_events(client: Client, demo: object) -> None:
    clubs = client.get("/api/clubs/").json()
    events = client.get("/api/events/", {"club": "demo", "status": "running"}).json()

    assert clubs["results"] == [
        {
            "slug": "demo",
            "name": "Demo Club",
            "event_count": 2,
            "member_count": 12,
            "created": clubs["results"][0]["created"],
        }
    ]
    assert [e["slug"] for e in events["results"]] == ["club-night"]


def test_the_api_is_read_only_for_visitors(client: Client) -> None:
    assert client.post("/api/clubs/", {"name": "X", "slug": "x"}).status_code in (401, 405)


def test_the_schema_describes_the_api(client: Client) -> None:
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")

    assert response.status_code == 200
    schema = response.json()
    assert schema["info"]["title"] == "MatriO Club API"
    assert "/api/clubs/" in schema["paths"]


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_the_api_docs_load_nothing_from_other_sites(client: Client, path: str) -> None:
    page = client.get(path).content.decode()

    assert "/static/drf_spectacular_sidecar/" in page
    assert not EXTERNAL.search(page), EXTERNAL.search(page)
    assert "fonts.googleapis" not in page
