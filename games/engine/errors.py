"""The one error type of the platform: a request refused for a reason a person can read.

Every refusal, from the rules engines up to the web pages, is a :class:`DomainError` (or a
subclass naming what refused it): ``message`` is one sentence for a club member, ``status``
the HTTP status a web answer carries (400 refused, 403 not allowed, 404 not found, 409 the
state moved on), and ``extra`` the further fields of the API's error body (``ply`` and
``legal`` for a move). The site turns any ``DomainError`` into the same answer everywhere
(``matrio_site.errors``); anything else that escapes is a bug, logged and answered 500.

An engine's sentence is English (the engines are plain Python). So that the site can say the
same thing in the reader's language and in club words (names, cards in words), a refusal may
also carry its *structure*: ``code`` (``"matrio.tray_not_empty"``: the game, then what is
wrong) and ``params`` (the seat, cards, cells and legal alternatives, as the engine names them;
JSON values). ``because`` attaches them where the error is raised; ``str()`` and ``message``
never change. ``games.messages`` phrases them for people.

This module is pure (standard library only) so that the engines and the pure tournament and
analytics packages raise the same type as the Django layer.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Self


class Structured:
    """What a refusal is about, for phrasing it again: a ``code`` and its ``params``."""

    code: str = ""  # empty: no structure, the sentence is all there is
    params: Mapping[str, Any] = MappingProxyType({})

    def because(self, code: str, **params: Any) -> Self:
        """This error with its structure attached (returns itself, for ``raise``)."""
        self.code = code
        self.params = params
        return self

    def structure_of(self, other: Structured) -> Self:
        """This error with the structure of ``other`` (when one error is raised as another)."""
        if other.code:
            self.because(other.code, **other.params)
        return self


class DomainError(Structured, Exception):
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
