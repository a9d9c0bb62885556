"""Refusals of the games services: one :class:`~games.engine.errors.DomainError` each.

Every body carries ``ply`` (the game's ply the refusal is about, or null) and ``legal`` (the
moves the engine would take instead), as the API has always answered for games.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.core import IllegalMoveError, JsonDict
from games.engine.errors import DomainError


class GameError(DomainError):
    """A write to a game the service refuses; its body always has ``ply`` and ``legal``."""

    def __init__(self, message: str, *, ply: int | None = None, legal: Sequence[str] = ()):
        super().__init__(message, ply=ply, legal=list(legal))
        self.ply = ply
        self.legal = list(legal)


class IllegalMove(GameError):
    """The engine refused the move; nothing was stored."""

    def __init__(self, error: IllegalMoveError) -> None:
        super().__init__(error.sentence, ply=error.ply, legal=error.legal)
        self.move = error.move

    def json(self) -> JsonDict:
        return {**super().json(), "move": self.move}


class StalePly(GameError):
    """The client's expected ply is not the game's: another device moved (HTTP 409)."""

    status = 409

    def __init__(self, *, current: int, expected: int) -> None:
        super().__init__(
            f"the game moved on to ply {current} (you expected ply {expected}); reload",
            ply=current,
        )
        self.expected = expected

    def json(self) -> JsonDict:
        return {**super().json(), "expected_ply": self.expected}


class GameClosed(GameError):
    """The game takes no more moves (finished, abandoned, result-only, imported)."""

    status = 409
