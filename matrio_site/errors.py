"""One answer for every refusal: the REST API's exception handler and the pages' middleware.

A :class:`~games.engine.errors.DomainError` (the engines', the services' and the policies'
refusals) becomes its status with the body ``{"message": ..., **extra}`` (``ply`` and
``legal`` for moves) in the API, and the error page with its sentence on a page.
DRF's own errors (validation, authentication, throttling, 404) get the same body: ``message``,
plus ``errors`` (each field, nested ones dotted, with its sentences) for a validation error.
One shape everywhere, documented once (``games.serializers.ErrorSerializer``, added to every
operation by ``matrio_site.openapi``). A value the client sent is never echoed back at length:
every sentence is cut to ``SENTENCE_LENGTH`` characters. Anything else is a bug: it is not
caught here, so Django logs it and answers 500.
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
    413: gettext_lazy("Too large"),
    500: gettext_lazy("Server error"),
    503: gettext_lazy("Service unavailable"),
}


def status_title(status: int) -> str:
    """The error page's title for an HTTP status, translated (English phrase as fallback)."""
    title = _STATUS_TITLES.get(int(status))
    return str(title) if title is not None else HTTPStatus(status).phrase


SENTENCE_LENGTH = 1000  # a sentence quoting what was sent is cut here (…)


def shorten(sentence: object) -> str:
    """A sentence for a person, cut with "…" when it quotes a huge value back."""
    text = str(sentence)
    return text if len(text) <= SENTENCE_LENGTH else text[: SENTENCE_LENGTH - 1] + "…"


def _field_errors(detail: object, prefix: str = "") -> dict[str, list[str]]:
    """A validation error's details as ``{field: [sentences]}`` (nested fields dotted, a nested
    object's own errors under its name; the request's own errors under ``""``)."""
    if isinstance(detail, dict):
        out: dict[str, list[str]] = {}
        for key, value in detail.items():
            name = prefix.rstrip(".") if key == "non_field_errors" else f"{prefix}{key}"
            for field, sentences in _field_errors(value, f"{name}." if name else "").items():
                out.setdefault(field, []).extend(sentences)
        return out
    if isinstance(detail, list):
        if all(not isinstance(item, dict | list) for item in detail):
            return {prefix.rstrip("."): [shorten(item) for item in detail]} if detail else {}
        out = {}
        for index, item in enumerate(detail):
            inner = f"{prefix}{index}." if isinstance(item, dict | list) else prefix
            for field, sentences in _field_errors(item, inner).items():
                out.setdefault(field, []).extend(sentences)
        return out
    return {prefix.rstrip("."): [shorten(detail)]}


def _message(errors: dict[str, list[str]]) -> str:
    """The validation errors in one line: ``field: sentence; ...``."""
    return "; ".join(
        f"{field}: {sentence}" if field else sentence
        for field, sentences in errors.items()
        for sentence in sentences
    )


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's ``EXCEPTION_HANDLER``: every API error body is ``{"message": ..., ...}``."""
    if isinstance(exc, DomainError):
        body = exc.json()
        return Response({**body, "message": shorten(body["message"])}, status=exc.status)
    response = exception_handler(exc, context)
    if response is None:
        return None  # a bug: Django logs it and answers 500
    if isinstance(exc, exceptions.ValidationError):
        errors = _field_errors(exc.detail)
        response.data = {"message": shorten(_message(errors)), "errors": errors}
    else:  # DRF's other errors and Django's Http404 / PermissionDenied: {"detail": ...}
        data = response.data
        detail = data.get("detail", data) if isinstance(data, dict) else data
        response.data = {"message": shorten(_message(_field_errors(detail)))}
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
            {
                "status": exc.status,
                "title": status_title(exc.status),
                "detail": shorten(exc.message),
            },
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
