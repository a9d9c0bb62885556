"""Login throttling (django-axes, ``clubs.throttling``) on every login path: the site's login
page, the admin's and the API's token sign-in. Failures count per username and address."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.http import HttpResponse
from django.test import Client

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

LIMIT = settings.AXES_FAILURE_LIMIT
LOCKOUT = "Too many failed logins for this username from this address"
Login = Callable[[Client, str, str], HttpResponse]


def site_login(client: Client, username: str, password: str) -> HttpResponse:
    return client.post("/accounts/login/", {"username": username, "password": password})


def admin_login(client: Client, username: str, password: str) -> HttpResponse:
    return client.post("/admin/login/?next=/admin/", {"username": username, "password": password})


def token_login(client: Client, username: str, password: str) -> HttpResponse:
    return client.post(
        "/api/auth/token/",
        {"username": username, "password": password},
        content_type="application/json",
    )


def signed_in(path: Login, response: HttpResponse) -> bool:
    if path is token_login:
        return response.status_code == 200 and "token" in response.json()
    return response.status_code == 302


PATHS = pytest.mark.parametrize("path", [site_login, admin_login, token_login])


def fail(path: Login, client: Client, username: str, times: int) -> list[HttpResponse]:
    return [path(client, username, "wrong-password") for _ in range(times)]


@PATHS
def test_the_right_password_works_after_fewer_failures_than_the_limit(path: Login) -> None:
    UserFactory(username="ada", is_staff=True)
    client = Client()

    answers = fail(path, client, "ada", LIMIT - 1)

    assert all(answer.status_code in (200, 401) for answer in answers)
    assert signed_in(path, path(client, "ada", PASSWORD))


@PATHS
def test_too_many_failures_lock_the_username_out_even_with_the_right_password(
    path: Login,
) -> None:
    UserFactory(username="ada", is_staff=True)
    client = Client()

    answers = fail(path, client, "ada", LIMIT)
    locked = path(client, "ada", PASSWORD)

    assert answers[-1].status_code == 429
    assert locked.status_code == 429
    assert locked["Retry-After"] == str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    text = locked.json()["message"] if path is token_login else locked.content.decode()
    assert LOCKOUT in text
    assert "try again in 15 minutes" in text


def test_the_lockout_page_is_the_login_page_with_the_sentence() -> None:
    UserFactory(username="ada")
    client = Client()
    fail(site_login, client, "ada", LIMIT)

    page = site_login(client, "ada", PASSWORD).content.decode()

    assert '<p class="error" role="alert">Too many failed logins' in page
    assert '<label for="id_username">Username</label>' in page
    assert 'value="ada"' in page  # what was typed stays
    assert "_auth_user_id" not in client.session


def test_the_token_lockout_does_not_repeat_the_username() -> None:
    name = "x" * 150
    client = Client()
    fail(token_login, client, name, LIMIT)

    answer = token_login(client, name, "whatever")

    assert answer.status_code == 429
    assert name not in answer.content.decode()


def test_another_member_at_the_same_laptop_still_logs_in() -> None:
    UserFactory(username="ada")
    UserFactory(username="bob")
    client = Client()
    fail(site_login, client, "ada", LIMIT)

    assert site_login(client, "bob", PASSWORD).status_code == 302


def test_the_same_username_from_another_address_still_logs_in() -> None:
    UserFactory(username="ada")
    fail(site_login, Client(REMOTE_ADDR="10.0.0.66"), "ada", LIMIT)

    assert site_login(Client(REMOTE_ADDR="10.0.0.7"), "ada", PASSWORD).status_code == 302


def test_failures_count_across_login_paths() -> None:
    UserFactory(username="ada", is_staff=True)
    client = Client()
    fail(site_login, client, "ada", LIMIT - 2)
    fail(admin_login, client, "ada", 1)
    fail(token_login, client, "ada", 1)

    assert token_login(client, "ada", PASSWORD).status_code == 429


def test_a_success_clears_the_count() -> None:
    UserFactory(username="ada")
    client = Client()
    fail(site_login, client, "ada", LIMIT - 1)
    assert site_login(client, "ada", PASSWORD).status_code == 302
    client.logout()

    answers = fail(site_login, client, "ada", LIMIT - 1)

    assert all(answer.status_code == 200 for answer in answers)
    assert site_login(client, "ada", PASSWORD).status_code == 302


def test_the_lockout_ends_after_the_cool_off() -> None:
    UserFactory(username="ada")
    client = Client()
    fail(site_login, client, "ada", LIMIT)
    assert site_login(client, "ada", PASSWORD).status_code == 429
    earlier = settings.AXES_COOLOFF_TIME + timedelta(seconds=1)
    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= earlier
        attempt.save(update_fields=["attempt_time"])

    assert site_login(client, "ada", PASSWORD).status_code == 302


def test_a_locked_out_guess_hashes_no_password() -> None:
    """What bounds parallel guessing: once locked, a guess costs a query, not a hash."""
    UserFactory(username="ada")
    client = Client()
    with mock.patch.object(
        ModelBackend, "authenticate", autospec=True, side_effect=ModelBackend.authenticate
    ) as hashing:
        fail(site_login, client, "ada", LIMIT)
        assert hashing.call_count == LIMIT

        fail(site_login, client, "ada", 20)

    assert hashing.call_count == LIMIT


def test_a_locked_out_guess_records_nothing_more() -> None:
    UserFactory(username="ada")
    client = Client()
    fail(token_login, client, "ada", LIMIT)
    before = list(AccessAttempt.objects.values_list("failures_since_start", flat=True))

    fail(token_login, client, "ada", 10)

    assert list(AccessAttempt.objects.values_list("failures_since_start", flat=True)) == before


def test_the_failure_record_keeps_no_password() -> None:
    UserFactory(username="ada")
    site_login(Client(), "ada", "my-secret-guess")

    attempt = AccessAttempt.objects.get()

    assert "my-secret-guess" not in attempt.post_data


def test_guessing_through_many_usernames_locks_the_address_out(settings: Any) -> None:
    settings.MATRIO_LOGIN_FAILURES_PER_ADDRESS = 4
    UserFactory(username="ada")
    guesser = Client(REMOTE_ADDR="10.0.0.66")
    for number in range(4):
        assert token_login(guesser, f"name{number}", "guess").status_code == 401

    refused = token_login(guesser, "ada", PASSWORD)

    assert refused.status_code == 429
    assert refused.json()["message"].startswith("Too many failed logins from this address")
    assert site_login(Client(REMOTE_ADDR="10.0.0.7"), "ada", PASSWORD).status_code == 302


def test_an_address_lockout_hashes_no_password(settings: Any) -> None:
    settings.MATRIO_LOGIN_FAILURES_PER_ADDRESS = 4
    client = Client()
    with mock.patch.object(
        ModelBackend, "authenticate", autospec=True, side_effect=ModelBackend.authenticate
    ) as hashing:
        for number in range(20):
            site_login(client, f"name{number}", "guess")

    assert hashing.call_count == 4
