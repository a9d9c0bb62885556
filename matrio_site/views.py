"""Site pages and error handlers: JSON errors under /api/, friendly HTML pages elsewhere."""

from __future__ import annotations

from http import HTTPStatus

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from matrio_site.errors import status_title
from tournaments.selectors import club_list, event_list


def home(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "matrio_site/home.html",
        {"clubs": club_list(), "events": event_list()},
    )


def _wants_json(request: HttpRequest) -> bool:
    return request.path.startswith("/api/") or request.path == "/healthz"


def _error(request: HttpRequest, status: HTTPStatus, detail: str) -> HttpResponse:
    if _wants_json(request):
        return JsonResponse({"message": detail}, status=status)  # the API's error body
    return render(
        request,
        "matrio_site/error.html",
        {"status": int(status), "title": status_title(status), "detail": detail},
        status=status,
    )


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if isinstance(exception, RequestDataTooBig):  # a huge text pasted into a form
        megabytes = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 1_000_000
        return _error(
            request,
            HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
            _(
                "What was sent is too large for a form (at most %(mb)s MB of text). "
                "Send a long record as a file instead: files up to 64 MB are taken."
            )
            % {"mb": f"{megabytes:g}"},
        )
    return _error(request, HTTPStatus.BAD_REQUEST, _("The request could not be understood."))


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(request, HTTPStatus.FORBIDDEN, _("You do not have permission to see this page."))


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(request, HTTPStatus.NOT_FOUND, _("There is nothing at this address."))


def server_error(request: HttpRequest) -> HttpResponse:
    # Keep this handler free of database access: the database may be what failed.
    if _wants_json(request):
        return JsonResponse({"message": _("Something went wrong on our side.")}, status=500)
    return render(request, "500.html", status=500)
