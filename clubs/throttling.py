"""Login throttling on django-axes: the first authentication backend and the lockout answer.

Every login path counts: the site's login page, the admin's and the API's token sign-in. After
``MATRIO_LOGIN_FAILURES`` wrong passwords for one username from one address, that username is
refused from that address for ``MATRIO_LOGIN_COOLOFF_MINUTES`` minutes; other members at the
same club laptop are not affected. So that guessing through many usernames cannot keep the
server hashing either, an address with ``MATRIO_LOGIN_FAILURES_PER_ADDRESS`` failures within
the cool-off is refused for every username. A refusal comes before any password is hashed: a
stream of guesses costs the server a few queries each, not a hash. The answer is 429 with a
sentence (JSON for the API, the login page for people); the typed username is not repeated.
"""

from __future__ import annotations

import math
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.exceptions import AxesBackendPermissionDenied
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import ngettext

LOCKED_STATUS = 429


class LoginLockout(AxesStandaloneBackend):  # type: ignore[misc]  # axes has no type hints
    """The first authentication backend: refuses a locked-out login before any hashing.

    A login without a request (a script calling ``authenticate``, the test client's
    ``login``) comes from no web page and is not counted.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return
        super().authenticate(request, username, password, **kwargs)
        marked: Any = request  # axes keeps its findings on the request
        if address_failures(marked.axes_ip_address) >= settings.MATRIO_LOGIN_FAILURES_PER_ADDRESS:
            marked.axes_locked_out = True  # answered by axes' middleware (lockout_response)
            marked.matrio_address_locked = True
            raise AxesBackendPermissionDenied("too many failed logins from this address")


def address_failures(address: str) -> int:
    """Failed logins from ``address``, any username, in the records of the last cool-off."""
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    attempts = AccessAttempt.objects.filter(ip_address=address, attempt_time__gte=since)
    return int(attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0)


def cool_off_minutes() -> int:
    return max(1, math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60))


def lockout_message(*, any_username: bool = False) -> str:
    minutes = cool_off_minutes()
    if any_username:
        return ngettext(
            "Too many failed logins from this address: try again in %(minutes)d minute, or ask "
            "the club's director to reset the password.",
            "Too many failed logins from this address: try again in %(minutes)d minutes, or ask "
            "the club's director to reset the password.",
            minutes,
        ) % {"minutes": minutes}
    return ngettext(
        "Too many failed logins for this username from this address: try again in %(minutes)d "
        "minute, or ask the club's director to reset the password.",
        "Too many failed logins for this username from this address: try again in %(minutes)d "
        "minutes, or ask the club's director to reset the password.",
        minutes,
    ) % {"minutes": minutes}


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any = None
) -> HttpResponse:
    message = lockout_message(any_username=getattr(request, "matrio_address_locked", False))
    retry_after = str(cool_off_minutes() * 60)
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse({"message": message}, status=LOCKED_STATUS)
    else:
        response = render(
            request,
            "registration/login.html",
            {
                # what was typed stays (not re-checked: that would count one more failure)
                "form": AuthenticationForm(
                    request, initial={"username": request.POST.get("username", "")}
                ),
                "locked_out": message,
            },
            status=LOCKED_STATUS,
        )
    response["Retry-After"] = retry_after
    return response
