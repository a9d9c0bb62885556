"""The Content-Security-Policy (django-csp): sent on every answer, and the templates keep to it
(no inline script, no inline event handler), so that the policy can forbid them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

BASE_DIR = Path(__file__).resolve().parents[2]
APPS = ["matrio_site", "clubs", "games", "tournaments", "analytics"]
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.IGNORECASE)


def directives(header: str) -> dict[str, list[str]]:
    parts = (part.split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in parts}


@pytest.mark.parametrize(
    "path",
    ["/", "/accounts/login/", "/games/", "/analytics/", "/api/", "/api/games/", "/api/docs/",
     "/admin/login/", "/no-such-page/"],
)  # fmt: skip
def test_every_answer_carries_the_policy(client: Client, path: str) -> None:
    answer = client.get(path)

    policy = directives(answer["Content-Security-Policy"])
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]


def test_a_signed_in_page_carries_the_policy_too(client: Client) -> None:
    client.force_login(UserFactory())

    assert "script-src 'self'" in client.get("/accounts/me/")["Content-Security-Policy"]


def test_the_api_docs_load_their_start_up_script_from_a_file(client: Client) -> None:
    page = client.get("/api/docs/").content.decode()
    script = client.get("/api/docs/?script=")

    assert not INLINE_SCRIPT.search(page)
    assert '<script src="/api/docs/?script="></script>' in page
    assert script.status_code == 200
    assert "SwaggerUIBundle" in script.content.decode()


def template_files() -> list[Path]:
    return sorted(path for app in APPS for path in (BASE_DIR / app / "templates").rglob("*.html"))


def test_no_template_has_an_inline_script_or_event_handler() -> None:
    found = [
        f"{path.relative_to(BASE_DIR)}: {match.group(0)[:80]}"
        for path in template_files()
        for pattern in (INLINE_SCRIPT, INLINE_HANDLER)
        for match in pattern.finditer(path.read_text())
    ]

    assert found == []
