"""One answer for every refusal: the REST API's exception handler and the pages' middleware.

A :class:`~games.engine.errors.DomainError` (the engines', the services' and the policies'
refusals) becomes its status with the body ``{"message": ..., **extra}`` (``ply`` and
``legal`` for moves) in the API, and the error page with its sentence on a page.
DRF's own errors (validation, authentication, throttling, 404) get the same ``message`` beside
their usual fields (``errors`` holds a validation error's fields). Anything else is a bug: it
is not caught here, so Django logs it and answers 500.
"""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy
from django_stubs_ext import StrPromise
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler

from games.engine.errors import DomainError

# Error pages' titles in the reader's language (``HTTPStatus.phrase`` is English only).
_STATUS_TITLES: dict[int, StrPromise] = {
    400: gettext_lazy("Bad request"),
    401: gettext_lazy("Not signed in"),
    403: gettext_lazy("Not allowed"),
    404: gettext_lazy("Page not found"),
    405: gettext_lazy("Method not allowed"),
    409: gettext_lazy("Conflict"),
    410: gettext_lazy("Gone"),
    422: gettext_lazy("Cannot be processed"),
    429: gettext_lazy("Too many requests"),
    500: gettext_lazy("Server error"),
    503: gettext_lazy("Service unavailable"),
}


def status_title(status: int) -> str:
    """The error page's title for an HTTP status, translated (English phrase as fallback)."""
    title = _STATUS_TITLES.get(int(status))
    return str(title) if title is not None else HTTPStatus(status).phrase


def _flatten(detail: object, prefix: str = "") -> list[str]:
    """A validation error's details as ``field: sentence`` strings (nested fields dotted)."""
    if isinstance(detail, dict):
        out: list[str] = []
        for key, value in detail.items():
            name = "" if key == "non_field_errors" else f"{prefix}{key}"
            out.extend(_flatten(value, f"{name}." if name else ""))
        return out
    if isinstance(detail, list):
        return [item for value in detail for item in _flatten(value, prefix)]
    return [f"{prefix.rstrip('.')}: {detail}" if prefix else str(detail)]


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's ``EXCEPTION_HANDLER``: every API error body has a ``message`` sentence."""
    if isinstance(exc, DomainError):
        return Response(exc.json(), status=exc.status)
    response = exception_handler(exc, context)
    if response is None:
        return None  # a bug: Django logs it and answers 500
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"message": "; ".join(_flatten(exc.detail)), "errors": exc.detail}
    elif isinstance(response.data, dict) and "detail" in response.data:
        response.data = {"message": str(response.data["detail"]), **response.data}
    return response


class DomainErrorPages:
    """Middleware: a refusal that a page view did not handle itself is shown as an error page
    with its sentence and status (never a 500)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response: HttpResponse = self.get_response(request)
        return response

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        if not isinstance(exc, DomainError):
            return None
        return render(
            request,
            "matrio_site/error.html",
            {"status": exc.status, "title": status_title(exc.status), "detail": exc.message},
            status=exc.status,
        )


class RefuseNulCharacters:
    """Middleware: a query string holding a NUL character is refused with a 400 (databases
    refuse NUL in text, and no address or filter of the site needs one)."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        query = request.META.get("QUERY_STRING", "")
        if "\x00" in request.path or "%00" in query or "\x00" in query:
            message = "The address holds a NUL character, which no address of this site has."
            if request.path.startswith("/api/"):
                return JsonResponse({"message": message}, status=400)
            return HttpResponseBadRequest(message)
        response: HttpResponse = self.get_response(request)
        return response
