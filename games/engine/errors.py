"""The one error type of the platform: a request refused for a reason a person can read.

Every refusal, from the rules engines up to the web pages, is a :class:`DomainError` (or a
subclass naming what refused it): ``message`` is one sentence for a club member, ``status``
the HTTP status a web answer carries (400 refused, 403 not allowed, 404 not found, 409 the
state moved on), and ``extra`` the further fields of the API's error body (``ply`` and
``legal`` for a move). The site turns any ``DomainError`` into the same answer everywhere
(``matrio_site.errors``); anything else that escapes is a bug, logged and answered 500.

This module is pure (standard library only) so that the engines and the pure tournament and
analytics packages raise the same type as the Django layer.
"""

from __future__ import annotations

from typing import Any, ClassVar


class DomainError(Exception):
    """A request the rules or the club's policy refuse."""

    status: ClassVar[int] = 400

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.extra = extra

    @property
    def message(self) -> str:
        """The sentence shown to the person who asked."""
        return str(self.args[0])

    def json(self) -> dict[str, Any]:
        """The API's error body: ``message`` first, then the extra fields."""
        return {"message": self.message, **self.extra}


class NotAllowed(DomainError):
    """The user may not do this (their role in the club does not allow it)."""

    status = 403
