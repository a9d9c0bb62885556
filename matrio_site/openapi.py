"""The OpenAPI document's error answers: every operation documents the error body of
``matrio_site.errors`` for each refusal it can give, so that the document is the API.

``DEFAULT_SCHEMA_CLASS``: drf-spectacular's schema plus, where the operation does not say more
itself (``extend_schema``), 400 (malformed or refused), 401 (wrong or expired credentials, or a
write without them), 403 (writes the user's role does not allow) and 404 (operations on one
object, and pages past the end of a list).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular import openapi
from drf_spectacular.utils import OpenApiResponse

from games.serializers import ErrorSerializer

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def _error(description: str) -> OpenApiResponse:
    return OpenApiResponse(ErrorSerializer, description=description)


BAD_REQUEST = _error("Malformed or refused: `message` says why, `errors` names the fields.")
UNAUTHORIZED = _error(
    "The credentials are wrong or expired, or this needs a signed-in user (a token: "
    "'Authorization: Token KEY', or the site's session)."
)
FORBIDDEN = _error("The signed-in user's role in the club does not allow this.")
NOT_FOUND = _error("There is no such object (or it is not shown to this user).")
NO_PAGE = _error("There is no such page of the list.")


class AutoSchema(openapi.AutoSchema):
    """drf-spectacular's schema with the API's error answers on every operation (an error an
    operation declares with a description only gets the error body too)."""

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        for code, given in responses.items():
            if code >= "400" and "content" not in given:  # declared by its description only
                described = _error(given.get("description", ""))
                responses[code] = self._get_response_for_code(  # type: ignore[no-untyped-call]
                    described, code, ["application/json"], direction
                )
        for code, response in self._error_responses().items():
            if code not in responses:
                responses[code] = self._get_response_for_code(  # type: ignore[no-untyped-call]
                    response, code, ["application/json"], direction
                )
        return responses

    def _error_responses(self) -> dict[str, OpenApiResponse]:
        errors = {"400": BAD_REQUEST, "401": UNAUTHORIZED}
        if self.method not in SAFE_METHODS:
            errors["403"] = FORBIDDEN
        if "{" in self.path:
            errors["404"] = NOT_FOUND
        elif self._get_paginator() is not None and self._is_list_view():  # type: ignore[no-untyped-call]
            errors["404"] = NO_PAGE
        return errors
