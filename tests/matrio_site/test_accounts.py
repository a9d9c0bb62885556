"""Accounts: log in, log out, change the password; the admin is for staff only."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_the_login_page_labels_its_fields(client: Client) -> None:
    page = client.get("/accounts/login/").content.decode()

    assert '<label for="id_username">Username</label>' in page
    assert '<label for="id_password">Password</label>' in page


def test_a_member_logs_in_and_sees_their_name(client: Client) -> None:
    UserFactory(username="ada")

    response = client.post(
        "/accounts/login/", {"username": "ada", "password": PASSWORD}, follow=True
    )

    assert response.redirect_chain == [("/", 302)]
    assert "Signed in as <strong>ada</strong>" in response.content.decode()


def test_a_wrong_password_is_refused_with_a_message(client: Client) -> None:
    UserFactory(username="ada")

    response = client.post("/accounts/login/", {"username": "ada", "password": "nope"})

    assert response.status_code == 200
    assert "Your username and password didn't match." in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_logging_out_ends_the_session(client: Client) -> None:
    client.force_login(UserFactory())

    response = client.post("/accounts/logout/", follow=True)

    assert response.redirect_chain == [("/", 302)]
    assert "_auth_user_id" not in client.session
    assert "Log in" in response.content.decode()


def test_the_password_change_page_needs_a_login(client: Client) -> None:
    response = client.get("/accounts/password_change/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")


def test_a_member_changes_their_password(client: Client) -> None:
    user = UserFactory(username="ada")
    client.force_login(user)
    new = "a-much-longer-new-password-7"

    response = client.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
        follow=True,
    )

    assert response.redirect_chain == [("/accounts/password_change/done/", 302)]
    assert "Your password was changed." in response.content.decode()
    user.refresh_from_db()
    assert user.check_password(new)


def test_a_wrong_old_password_changes_nothing(client: Client) -> None:
    user = UserFactory()
    client.force_login(user)

    response = client.post(
        "/accounts/password_change/",
        {"old_password": "wrong", "new_password1": "x-y-z-123456", "new_password2": "x-y-z-123456"},
    )

    assert response.status_code == 200
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


@pytest.mark.parametrize("staff", [None, False])
def test_the_admin_turns_away_anyone_but_staff(client: Client, staff: bool | None) -> None:
    if staff is not None:
        client.force_login(UserFactory(is_staff=staff))

    response = client.get("/admin/")

    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


def test_staff_reach_the_admin(client: Client) -> None:
    client.force_login(UserFactory(is_staff=True, is_superuser=True))

    response = client.get("/admin/")

    assert response.status_code == 200
    assert "Tournaments" in response.content.decode()


def test_the_demo_admin_can_log_into_the_admin(client: Client, demo: object) -> None:
    assert client.login(username="admin", password="demo-admin-pass")
    assert client.get("/admin/clubs/club/").status_code == 200
    assert get_user_model().objects.get(username="director").is_staff is False
