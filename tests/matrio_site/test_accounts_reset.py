"""Password reset by mail: the link arrives and works; a mail that cannot be sent is said so."""

from __future__ import annotations

import re
import smtplib
from typing import Any

import pytest
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.test import Client
from pytest_django.fixtures import Settings as SettingsWrapper
from rest_framework.authtoken.models import Token

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-much-longer-new-password-7"
FAILING_BACKEND = "tests.matrio_site.test_accounts_reset.RefusingBackend"


class RefusingBackend(BaseEmailBackend):
    """A mail server that is down."""

    def send_messages(self, email_messages: Any) -> int:
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")


@pytest.fixture
def locmem(settings: SettingsWrapper) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def test_the_login_page_links_to_the_reset(client: Client) -> None:
    page = client.get("/accounts/login/").content.decode()

    assert 'href="/accounts/password_reset/"' in page


def test_the_reset_link_is_mailed_and_sets_a_new_password(client: Client, locmem: None) -> None:
    user = UserFactory(username="ada", email="ada@example.org")
    Token.objects.create(user=user)

    answer = client.post("/accounts/password_reset/", {"email": "ada@example.org"}, follow=True)

    assert answer.redirect_chain == [("/accounts/password_reset/done/", 302)]
    assert "Check your mail" in answer.content.decode()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ada@example.org"]
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", str(message.body))
    assert link is not None
    form = client.get(link.group(1), follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )
    assert done.redirect_chain[-1][0] == "/accounts/reset/done/"
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert not Token.objects.filter(user=user).exists()


def test_a_used_link_says_so(client: Client, locmem: None) -> None:
    user = UserFactory(username="ada", email="ada@example.org")
    client.post("/accounts/password_reset/", {"email": "ada@example.org"})
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", str(mail.outbox[0].body))
    assert link is not None
    user.set_password(NEW_PASSWORD)
    user.save()

    page = client.get(link.group(1), follow=True).content.decode()

    assert "This link has already been used or has expired." in page


def test_an_unknown_address_sends_nothing_and_reveals_nothing(client: Client, locmem: None) -> None:
    answer = client.post("/accounts/password_reset/", {"email": "who@example.org"}, follow=True)

    assert answer.redirect_chain == [("/accounts/password_reset/done/", 302)]
    assert mail.outbox == []


def test_a_mail_that_cannot_be_sent_is_said_so(
    client: Client, settings: SettingsWrapper, caplog: pytest.LogCaptureFixture
) -> None:
    settings.EMAIL_BACKEND = FAILING_BACKEND
    user = UserFactory(username="ada", email="ada@example.org")

    answer = client.post("/accounts/password_reset/", {"email": "ada@example.org"})

    page = answer.content.decode()
    assert answer.status_code == 200
    assert "could not send the message just now" in page
    assert "Check your mail" not in page
    assert 'value="ada@example.org"' in page  # what was typed is kept
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
    assert "not sent" in caplog.text


def test_the_member_saves_an_address_for_resets(client: Client) -> None:
    user = UserFactory(username="ada")
    client.force_login(user)

    page = client.post(
        "/accounts/me/", {"action": "email", "email": "ada@example.org"}, follow=True
    )

    assert "Your e-mail address was saved." in page.content.decode()
    user.refresh_from_db()
    assert user.email == "ada@example.org"


def test_a_malformed_address_is_refused_and_kept(client: Client) -> None:
    client.force_login(UserFactory(username="ada"))

    page = client.post("/accounts/me/", {"action": "email", "email": "ada-at-home"})

    text = page.content.decode()
    assert "Enter a valid email address." in text
    assert 'value="ada-at-home"' in text
