"""API tokens (``clubs.tokens``): made by signing in, expire after MATRIO_TOKEN_DAYS, revoked by
their owner and by a password change; a refused token answers 401 without echoing it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-much-longer-new-password-7"


def sign_in(client: Client, username: str = "ada", password: str = PASSWORD) -> str:
    answer = client.post("/api/auth/token/", {"username": username, "password": password})
    assert answer.status_code == 200, answer.content
    key: str = answer.json()["token"]
    return key


def me(key: str) -> int:
    """Status of a write that needs a signed-in user (401 when the token is refused)."""
    answer = Client().post("/api/clubs/", {}, HTTP_AUTHORIZATION=f"Token {key}")
    return answer.status_code


@pytest.fixture
def ada() -> User:
    user: User = UserFactory(username="ada")
    return user


def test_signing_in_gives_a_token_and_when_it_expires(client: Client, ada: User) -> None:
    answer = client.post("/api/auth/token/", {"username": "ada", "password": PASSWORD})

    body = answer.json()
    token = Token.objects.get(user=ada)
    assert body["token"] == token.key
    expires = token.created + timedelta(days=settings.MATRIO_TOKEN_DAYS)
    assert body["expires"] == expires.isoformat().replace("+00:00", "Z")
    assert me(body["token"]) != 401


def test_signing_in_again_gives_the_same_token(client: Client, ada: User) -> None:
    assert sign_in(client) == sign_in(client)


def test_a_wrong_password_is_a_401_with_a_sentence(client: Client, ada: User) -> None:
    answer = client.post("/api/auth/token/", {"username": "ada", "password": "nope"})

    assert answer.status_code == 401
    assert answer["WWW-Authenticate"] == "Token"
    assert answer.json()["message"] == "Your username and password didn't match. Please try again."


def test_an_expired_token_is_refused_and_signing_in_replaces_it(client: Client, ada: User) -> None:
    old = sign_in(client)
    lifetime = timedelta(days=settings.MATRIO_TOKEN_DAYS)
    Token.objects.filter(key=old).update(created=timezone.now() - lifetime)

    answer = Client().get("/api/games/", HTTP_AUTHORIZATION=f"Token {old}")

    assert answer.status_code == 401
    assert "This token has expired" in answer.json()["message"]
    new = sign_in(client)
    assert new != old
    assert me(new) != 401
    assert me(old) == 401


def test_a_token_a_day_short_of_its_lifetime_still_works(client: Client, ada: User) -> None:
    key = sign_in(client)
    age = timedelta(days=settings.MATRIO_TOKEN_DAYS - 1)
    Token.objects.filter(key=key).update(created=timezone.now() - age)

    assert me(key) != 401


def test_changing_the_password_on_the_page_revokes_the_token(client: Client, ada: User) -> None:
    key = sign_in(client)
    client.force_login(ada)

    client.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert me(key) == 401
    assert not Token.objects.filter(user=ada).exists()
    assert sign_in(Client(), password=NEW_PASSWORD) != key


def test_a_password_set_any_other_way_revokes_the_token(client: Client, ada: User) -> None:
    key = sign_in(client)

    ada.set_password(NEW_PASSWORD)
    ada.save()

    assert me(key) == 401


def test_saving_the_user_without_a_new_password_keeps_the_token(client: Client, ada: User) -> None:
    key = sign_in(client)
    ada.refresh_from_db()

    ada.first_name = "Ada"
    ada.save()

    assert me(key) != 401


def test_the_owner_revokes_the_token_on_the_account_page(client: Client, ada: User) -> None:
    key = sign_in(client)
    client.force_login(ada)
    assert "Works until" in client.get("/accounts/me/").content.decode()

    page = client.post("/accounts/me/", {"action": "revoke-token"}, follow=True)

    assert "Your API token was revoked" in page.content.decode()
    assert "You have no token." in page.content.decode()
    assert me(key) == 401


def test_the_owner_makes_a_new_token_and_the_old_one_stops(client: Client, ada: User) -> None:
    old = sign_in(client)
    client.force_login(ada)

    page = client.post("/accounts/me/", {"action": "new-token"}).content.decode()

    new = Token.objects.get(user=ada).key
    assert new != old
    assert f'value="{new}"' in page
    assert me(old) == 401
    assert me(new) != 401


def test_the_account_page_needs_a_login(client: Client) -> None:
    answer = client.get("/accounts/me/")

    assert answer.status_code == 302
    assert answer["Location"].startswith("/accounts/login/")


def test_a_huge_token_is_refused_without_being_echoed(client: Client) -> None:
    key = "A" * 200_000

    answer = client.get("/api/games/", HTTP_AUTHORIZATION=f"Token {key}")

    assert answer.status_code == 401
    assert len(answer.content) < 300
    assert "AAAAAAAAAA" not in answer.content.decode()
    assert "This token is not valid" in answer.json()["message"]


def test_an_unknown_token_of_the_right_length_is_refused(client: Client) -> None:
    answer = client.get("/api/games/", HTTP_AUTHORIZATION="Token " + "0" * 40)

    assert answer.status_code == 401
    assert "0" * 40 not in answer.content.decode()


def test_a_disabled_account_s_token_is_refused(client: Client, ada: User) -> None:
    key = sign_in(client)
    User.objects.filter(pk=ada.pk).update(is_active=False)

    assert me(key) == 401


def test_a_write_without_credentials_is_a_401_that_says_how_to_sign_in(client: Client) -> None:
    answer = client.post("/api/clubs/", {"name": "X", "slug": "x"})

    assert answer.status_code == 401
    assert answer["WWW-Authenticate"] == "Token"
    assert answer.json()["message"]


def test_changepassword_revokes_the_token(
    client: Client, ada: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = sign_in(client)
    monkeypatch.setattr("getpass.getpass", lambda prompt="": NEW_PASSWORD)

    call_command("changepassword", "ada")

    assert me(key) == 401
