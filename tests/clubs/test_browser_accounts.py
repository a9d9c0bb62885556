"""The account pages on a phone, in Chromium: the lockout sentence on the login page, the
account page's token and e-mail, the password reset form."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token

from tests.browser import PHONE, OpenPage
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots-matrio_h5"


def phone(open_page: OpenPage) -> tuple[Any, Any]:
    return open_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)


def log_in(page: Any, username: str, password: str) -> None:
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def fits(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"])


def test_a_member_locked_out_on_a_phone_reads_why(open_page: OpenPage, live_server: Any) -> None:
    UserFactory(username="ada")
    page, traffic = phone(open_page)
    page.goto(live_server.url + "/accounts/login/")

    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(page, "ada", "wrong-password")
    log_in(page, "ada", PASSWORD)

    alert = page.get_by_role("alert")
    assert "Too many failed logins" in alert.inner_text()
    assert page.get_by_label("Username").is_visible()
    assert fits(page)
    page.screenshot(path=f"{SHOTS}/login-locked-phone.png", full_page=True)
    assert traffic.external == []


def test_the_account_page_on_a_phone(open_page: OpenPage, live_server: Any) -> None:
    user = UserFactory(username="ada")
    page, traffic = phone(open_page)
    page.goto(live_server.url + "/accounts/login/?next=/accounts/me/")
    log_in(page, "ada", PASSWORD)
    page.get_by_role("heading", name="Your account").wait_for()

    page.get_by_label("E-mail address").fill("ada@example.org")
    page.get_by_role("button", name="Save the address").click()
    page.get_by_text("Your e-mail address was saved.").wait_for()
    page.get_by_role("button", name="Make a new token").click()
    key = page.get_by_label("Your new token").input_value()

    assert Token.objects.get(user=user).key == key
    assert page.get_by_role("button", name="Revoke the token").is_visible()
    assert fits(page)
    page.screenshot(path=f"{SHOTS}/account-phone.png", full_page=True)
    page.get_by_role("button", name="Revoke the token").click()
    page.get_by_text("You have no token.").wait_for()
    assert not Token.objects.filter(user=user).exists()
    assert traffic.external == []


def test_the_password_reset_form_on_a_phone(open_page: OpenPage, live_server: Any) -> None:
    page, traffic = phone(open_page)
    page.goto(live_server.url + "/accounts/login/")

    page.get_by_role("link", name="Forgot your password?").click()
    page.get_by_label("Email").fill("nobody@example.org")
    page.screenshot(path=f"{SHOTS}/reset-phone.png", full_page=True)
    page.get_by_role("button", name="Send me the link").click()

    page.get_by_role("heading", name="Check your mail").wait_for()
    assert fits(page)
    assert traffic.external == []
